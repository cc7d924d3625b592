import type { ClientAccount } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { readEmployeeForm } from '../../../test/employee-form.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { employees } from './employees.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { credentialChanges } from './credential-changes.table.ts';
import { users } from './users.table.ts';

// Issue 14 part 1 (decision 0025): actor x target x field on the employee and client account edits. Each case
// starts from a fresh target, asserts the status, and on refusal that not a byte of the account changed.

let ctx: TestContext;
let adminUser: TestUser;
let adminToken: string;
let otherCompanyId: number;
let counter = 0;

type ActorKind = 'plain' | 'hr' | 'admin' | 'client';
type TargetKind = 'self' | 'employee' | 'admin' | 'client';

const actorOptions: Record<ActorKind, Parameters<typeof createUser>[1]> = {
  plain: { permissions: ['view crm', 'view chat'] },
  hr: { permissions: ['view human resources'] },
  admin: { role: 'admin' },
  client: { type: 'Client' },
};

beforeAll(async () => {
  ctx = await createTestContext();
  adminUser = await createUser(ctx.db, { role: 'admin', name: 'Ada Admin' });
  adminToken = (await login(ctx.app, adminUser.email, adminUser.password)).access_token;
  [{ id: otherCompanyId }] = await ctx.db.insert(companies).values({ name: 'Initech' }).returning({ id: companies.id });
});
afterAll(async () => {
  await ctx.close();
});

async function signedIn(kind: ActorKind): Promise<{ user: TestUser; token: string }> {
  const user = await createUser(ctx.db, actorOptions[kind]);
  return { user, token: (await login(ctx.app, user.email, user.password)).access_token };
}

/** Everything stored about an account, updated_at included: equal before and after means nothing was written. */
async function snapshot(userId: number) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  const employee = await ctx.db.select().from(employees).where(eq(employees.userId, userId));
  const client = await ctx.db.select().from(clientAccounts).where(eq(clientAccounts.userId, userId));
  return { user, employee, client };
}

/** The employee form as the edit screen would send it, from GET /api/users/employee/{id}. */
const employeeForm = (userId: number) => readEmployeeForm(ctx.app, adminToken, userId);

async function clientForm(userId: number): Promise<Record<string, unknown>> {
  const account = (
    await ctx.app.inject({ method: 'GET', url: `/api/users/client/${userId}`, headers: bearer(adminToken) })
  ).json<{ data: ClientAccount }>().data;
  return {
    name: account.user.name,
    email: account.user.email,
    password: '',
    password_confirmation: '',
    title: account.title,
    site_id: account.site?.id ?? null,
    phone_number: account.phone_number,
    office_number: account.office_number,
    company_id: account.company_id,
  };
}

type Field = 'password' | 'email' | 'two_factor' | 'enabled' | 'name' | 'phone' | 'title' | 'company';

/** The change each field case makes, and how to see that it happened. */
function change(field: Field): {
  body: Record<string, unknown>;
  applied: (after: Awaited<ReturnType<typeof snapshot>>) => boolean;
} {
  counter += 1;
  const email = `changed${counter}@example.test`;
  switch (field) {
    case 'password':
      return { body: { password: 'Changed-pass-9', password_confirmation: 'Changed-pass-9' }, applied: () => true };
    case 'email':
      return { body: { email }, applied: (after) => after.user!.email === email };
    case 'two_factor':
      return { body: { twofactor_enabled: 0 }, applied: (after) => after.user!.twofactorEnabled === false };
    case 'enabled':
      return { body: { active: 1 }, applied: (after) => after.user!.deletedAt !== null };
    case 'name':
      return { body: { name: `Renamed ${counter}` }, applied: (after) => after.user!.name === `Renamed ${counter}` };
    case 'phone':
      return {
        body: { phone_number: '5125550142' },
        applied: (after) => (after.employee[0] ?? after.client[0])!.phoneNumber === '(512) 555-0142',
      };
    case 'title':
      return {
        body: { title: `Title ${counter}` },
        applied: (after) => (after.employee[0] ?? after.client[0])!.title === `Title ${counter}`,
      };
    case 'company':
      return {
        body: { company_id: otherCompanyId, site_id: null },
        applied: (after) => after.client[0]!.companyId === otherCompanyId,
      };
  }
}

/** 200: the change was made; otherwise the status, and nothing at all changed. */
async function attempt(actorKind: ActorKind, targetKind: TargetKind, field: Field): Promise<number> {
  const actor = await signedIn(actorKind);
  const target =
    targetKind === 'self'
      ? actor.user
      : await createUser(
          ctx.db,
          targetKind === 'client' ? { type: 'Client' } : { role: targetKind === 'admin' ? 'admin' : 'user' },
        );
  if (field === 'two_factor') await ctx.db.update(users).set({ twofactorEnabled: true }).where(eq(users.id, target.id));
  const clientRoute = target.type === 'Client';
  const form = clientRoute ? await clientForm(target.id) : await employeeForm(target.id);
  const { body, applied } = change(field);
  const before = await snapshot(target.id);
  const url = `/api/users/${clientRoute ? 'client' : 'employee'}/${target.id}`;
  // One's own credentials change with the current password (decision 0057; own-credentials.test.ts without it).
  const proof = targetKind === 'self' ? { current_password: actor.user.password } : {};
  const response = await ctx.app.inject({
    method: 'PUT',
    url,
    headers: bearer(actor.token),
    payload: { ...form, ...body, ...proof },
  });
  const after = await snapshot(target.id);
  if (response.statusCode === 200) {
    expect(applied(after), `${actorKind} -> ${targetKind}: ${field} answered 200 but did not change`).toBe(true);
    if (field === 'password') expect(after.user!.passwordHash).not.toBe(before.user!.passwordHash);
  } else {
    expect(after, `${actorKind} -> ${targetKind}: ${field} was refused but changed the account`).toEqual(before);
  }
  return response.statusCode;
}

// Expected status per actor and field; self rows are the actor's own account.
const employeeFields: Field[] = ['password', 'email', 'two_factor', 'enabled', 'name', 'phone', 'title'];
const expectedOnEmployees: Record<Exclude<TargetKind, 'client'>, Record<ActorKind, Record<Field, number>>> = {
  self: {
    // Nobody disables their own account (422); the HR record (title) needs HR.
    plain: { password: 200, email: 200, two_factor: 200, enabled: 422, name: 200, phone: 200, title: 403, company: 0 },
    hr: { password: 200, email: 200, two_factor: 200, enabled: 422, name: 200, phone: 200, title: 200, company: 0 },
    admin: { password: 200, email: 200, two_factor: 200, enabled: 422, name: 200, phone: 200, title: 200, company: 0 },
    // A client account is not an employee: the employee edit is refused before anything else.
    client: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 403, phone: 403, title: 403, company: 0 },
  },
  employee: {
    plain: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 403, phone: 403, title: 403, company: 0 },
    hr: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 200, phone: 200, title: 200, company: 0 },
    admin: { password: 200, email: 200, two_factor: 200, enabled: 200, name: 200, phone: 200, title: 200, company: 0 },
    client: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 403, phone: 403, title: 403, company: 0 },
  },
  admin: {
    plain: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 403, phone: 403, title: 403, company: 0 },
    hr: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 403, phone: 403, title: 403, company: 0 },
    admin: { password: 200, email: 200, two_factor: 200, enabled: 200, name: 200, phone: 200, title: 200, company: 0 },
    client: { password: 403, email: 403, two_factor: 403, enabled: 403, name: 403, phone: 403, title: 403, company: 0 },
  },
};

const clientFields: Field[] = ['password', 'email', 'company', 'name', 'phone', 'title'];
const expectedOnClients: Record<ActorKind, Record<Field, number>> = {
  plain: { password: 403, email: 403, company: 403, name: 200, phone: 200, title: 200, two_factor: 0, enabled: 0 },
  hr: { password: 403, email: 403, company: 403, name: 200, phone: 200, title: 200, two_factor: 0, enabled: 0 },
  admin: { password: 200, email: 200, company: 200, name: 200, phone: 200, title: 200, two_factor: 0, enabled: 0 },
  client: { password: 403, email: 403, company: 403, name: 403, phone: 403, title: 403, two_factor: 0, enabled: 0 },
};

describe('who may change which field of whom (decision 0025)', () => {
  for (const actorKind of ['plain', 'hr', 'admin', 'client'] as const) {
    for (const targetKind of ['self', 'employee', 'admin'] as const) {
      it(`${actorKind} on ${targetKind === 'self' ? 'their own account' : `another ${targetKind}`}`, async () => {
        const statuses: Partial<Record<Field, number>> = {};
        for (const field of employeeFields) statuses[field] = await attempt(actorKind, targetKind, field);
        const expected = Object.fromEntries(
          employeeFields.map((field) => [field, expectedOnEmployees[targetKind][actorKind][field]]),
        );
        expect(statuses).toEqual(expected);
      });
    }
    it(`${actorKind} on a client account`, async () => {
      const statuses: Partial<Record<Field, number>> = {};
      for (const field of clientFields) statuses[field] = await attempt(actorKind, 'client', field);
      expect(statuses).toEqual(
        Object.fromEntries(clientFields.map((field) => [field, expectedOnClients[actorKind][field]])),
      );
    });
  }

  it("a client account cannot edit its own account through the staff's call", async () => {
    const client = await signedIn('client');
    const before = await snapshot(client.user.id);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/client/${client.user.id}`,
      headers: bearer(client.token),
      payload: {
        ...(await clientForm(client.user.id)),
        password: 'Changed-pass-9',
        password_confirmation: 'Changed-pass-9',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(client.user.id)).toEqual(before);
  });

  it('names the refused fields and refuses the whole change, the allowed part included', async () => {
    const hr = await signedIn('hr');
    const colleague = await createUser(ctx.db, {});
    const before = await snapshot(colleague.id);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/employee/${colleague.id}`,
      headers: bearer(hr.token),
      payload: {
        ...(await employeeForm(colleague.id)),
        _method: 'PUT',
        title: 'Allowed alone',
        email: 'taken-over@example.test',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have permission to change: email.' });
    expect(await snapshot(colleague.id)).toEqual(before);
  });

  it('a shadow session never changes credentials, not even of the shadowed account', async () => {
    const shadower = await createUser(ctx.db, { permissions: ['shadow clients'] });
    const token = (await login(ctx.app, shadower.email, shadower.password)).access_token;
    const colleague = await createUser(ctx.db, {});
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/login/shadow',
      headers: bearer(token),
      payload: { account: colleague.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const before = await snapshot(colleague.id);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/${colleague.id}`,
      headers: bearer(started.json<{ access_token: string }>().access_token),
      payload: {
        ...(await employeeForm(colleague.id)),
        password: 'Taken-over-1',
        password_confirmation: 'Taken-over-1',
      },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot(colleague.id)).toEqual(before);
  });
});

describe('POST /api/users/employee: the administrator type or HR adds employees', () => {
  const newEmployee = () => ({
    name: 'New Hire',
    email: `hire${(counter += 1)}@example.test`,
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
    active: 0,
    departments: [],
  });

  it.each([
    ['plain', 403],
    ['hr', 200],
    ['admin', 200],
    ['client', 403],
  ] as const)('%s answers %i, and a refusal creates nothing', async (kind, status) => {
    const actor = await signedIn(kind);
    const before = await ctx.db.$count(users);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: bearer(actor.token),
      payload: newEmployee(),
    });
    expect(response.statusCode, response.body).toBe(status);
    expect(await ctx.db.$count(users)).toBe(before + (status === 200 ? 1 : 0));
  });
});

describe('credential changes by someone else are recorded and mailed to the owner', () => {
  const auditOf = (targetId: number) =>
    ctx.db
      .select({ actor: credentialChanges.actorUserId, fields: credentialChanges.fields })
      .from(credentialChanges)
      .where(eq(credentialChanges.targetUserId, targetId));
  const mailTo = async (email: string) => {
    await settleBackgroundMail(ctx.db);
    return ctx.db.select().from(outbox).where(eq(outbox.to, email));
  };

  it("records an administrator's password change of an employee and mails the employee, without the password", async () => {
    const employee = await createUser(ctx.db, { name: 'Eve Employee' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/${employee.id}`,
      headers: bearer(adminToken),
      payload: {
        ...(await employeeForm(employee.id)),
        password: 'Admin-set-pass-1',
        password_confirmation: 'Admin-set-pass-1',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditOf(employee.id)).toEqual([{ actor: adminUser.id, fields: ['password'] }]);
    const [mail, ...more] = await mailTo(employee.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your account was changed');
    expect(mail!.text).toContain('Ada Admin changed the following on your account');
    expect(mail!.text).toContain('password');
    expect(`${mail!.text}${mail!.html}`).not.toContain('Admin-set-pass-1');
  });

  it('mails the old address when the e-mail changes and records a client account change', async () => {
    const client = await createUser(ctx.db, { type: 'Client', name: 'Cara Client' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/client/${client.id}`,
      headers: bearer(adminToken),
      payload: { ...(await clientForm(client.id)), email: 'cara.new@example.test' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await auditOf(client.id)).toEqual([{ actor: adminUser.id, fields: ['email'] }]);
    const [mail] = await mailTo(client.email);
    expect(mail!.text).toContain("Your account's e-mail address is now cara.new@example.test.");
  });

  it('records users-admin changes and client deletions too', async () => {
    const staff = await createUser(ctx.db, {});
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${staff.id}`,
      headers: bearer(adminToken),
      payload: { name: staff.name, email: staff.email, type: 'admin', password: 'Role-change-1' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await auditOf(staff.id)).toEqual([{ actor: adminUser.id, fields: ['password', 'role'] }]);
    expect(await mailTo(staff.email)).toHaveLength(1);

    const deleter = await createUser(ctx.db, { permissions: ['delete client accounts'] });
    const deleterToken = (await login(ctx.app, deleter.email, deleter.password)).access_token;
    const client = await createUser(ctx.db, { type: 'Client' });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/users/client/${client.id}`, headers: bearer(deleterToken) }))
        .statusCode,
    ).toBe(200);
    expect(await auditOf(client.id)).toEqual([{ actor: deleter.id, fields: ['enabled'] }]);
    expect(await mailTo(client.email)).toHaveLength(1);
  });

  it('records and mails nothing for changes of profile fields only', async () => {
    const hr = await signedIn('hr');
    const colleague = await createUser(ctx.db, {});
    const profile = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/${colleague.id}`,
      headers: bearer(hr.token),
      payload: { ...(await employeeForm(colleague.id)), title: 'Lead' },
    });
    expect(profile.statusCode).toBe(200);
    expect(await auditOf(colleague.id)).toEqual([]);
    expect(await mailTo(colleague.email)).toEqual([]);
  });
});
