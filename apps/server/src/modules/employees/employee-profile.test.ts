import type { EmployeeDetail } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { hrCategories } from '../hr/hr.table.ts';
import { hrRequests } from '../hr/hr-requests.table.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  multipartBody,
  createUser,
  login,
  type TestContext,
} from '../../../test/helpers.ts';
import { sessions } from '../auth/auth.table.ts';
import { seedAgentPhoneNumbers } from '../phone-numbers/phone-numbers.service.ts';
import { agentPhoneNumbers } from '../phone-numbers/phone-numbers.table.ts';
import { departments, regions } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

describe('employee create and edit API (spec 1 §7.6)', () => {
  let ctx: TestContext;
  let hr: string;
  let crm: string;
  let admin: string;
  let regionId: number;
  let departmentIds: number[];

  beforeAll(async () => {
    ctx = await createTestContext();
    // Holds 'view crm' too: a non-administrator grants only permissions they hold (decision 0057).
    const manager = await createUser(ctx.db, {
      permissions: ['manage employee permissions', 'view human resources', 'view crm'],
    });
    hr = (await login(ctx.app, manager.email, manager.password)).access_token;
    const crmManager = await createUser(ctx.db, { permissions: ['manage crm'] });
    crm = (await login(ctx.app, crmManager.email, crmManager.password)).access_token;
    // Disabling another employee is a credential change: the administrator type (decision 0025).
    const administrator = await createUser(ctx.db, { role: 'admin' });
    admin = (await login(ctx.app, administrator.email, administrator.password)).access_token;
    regionId = (await ctx.db.select({ id: regions.id }).from(regions).limit(1))[0]!.id;
    departmentIds = (await ctx.db.select({ id: departments.id }).from(departments).limit(2)).map((row) => row.id);
    await seedAgentPhoneNumbers(ctx.db);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const fields = (overrides: Record<string, string> = {}) => ({
    name: 'Priya Raman',
    email: `priya.${Math.random().toString(36).slice(2, 8)}@switchboard.test`,
    title: 'Network Engineer',
    phone_number: '512.555.0199 x12',
    address: '100 Congress Ave',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    region_id: String(regionId),
    timezone_id: '',
    start_date: '2026-01-05',
    pto_start_date: '2026-01-05',
    departments: JSON.stringify(departmentIds),
    permissions: JSON.stringify(['view crm']),
    active: '0',
    password: 'Secret-pass-1',
    password_confirmation: 'Secret-pass-1',
    ...overrides,
  });

  const create = async (values: Record<string, string | { blob: Blob; name: string }>, token = hr) => {
    const form = await multipartBody(values);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/users/employee',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };
  const read = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/users/employee/${id}`, headers: bearer(hr) })).json<{
      data: EmployeeDetail;
    }>().data;

  it('creates an employee form-encoded with departments, permissions and a photo, formatting the phone', async () => {
    const response = await create({
      ...fields(),
      photo: { blob: new Blob([png], { type: 'image/png' }), name: 'me.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Employee created.');
    const id = response.json<{ data: { id: number } }>().data.id;
    const employee = await read(id);
    expect(employee).toMatchObject({
      title: 'Network Engineer',
      phone_number: '(512) 555-0199 Ext. 12',
      region_id: regionId,
      start_date: '2026-01-05',
      deleted_at: null,
    });
    expect(employee.departments.map((d) => d.id).sort()).toEqual([...departmentIds].sort());
    expect(employee.user.permissions).toEqual(['view crm']);
    expect(employee.user.photo).toMatch(/^\/api\/users\/photo\/[a-f0-9]{32}\.png$/);
    expect((await ctx.app.inject({ method: 'GET', url: employee.user.photo! })).statusCode).toBe(200);
    // The new employee can sign in.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: employee.user.email, password: 'Secret-pass-1' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers the field errors of spec 1 §5 and creates nothing', async () => {
    const before = await ctx.db.$count(users);
    const response = await create(
      fields({
        name: '',
        email: 'not-an-email',
        phone_number: '12345',
        zip: 'abc',
        password_confirmation: 'other',
        departments: '[999999]',
      }),
    );
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.email).toEqual(['The email must be a valid email address.']);
    expect(errors.phone_number).toEqual([
      'The phone number must be ten digits, optionally followed by an extension of up to 4 digits.',
    ]);
    expect(errors.zip).toEqual(['The zip must be 5 digits (or ZIP+4).']);
    expect(errors.password).toEqual(['The password confirmation does not match.']);
    const badPhoto = await create({
      ...fields(),
      photo: { blob: new Blob(['x'], { type: 'text/plain' }), name: 'x.txt' },
    });
    expect(badPhoto.json().errors.photo).toEqual(['The photo must be a file of type: png, jpeg, gif, webp.']);
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it('updates with the PUT override, keeps the password when empty, and disabling revokes every session', async () => {
    const values = fields();
    const id = (await create(values)).json().data.id;
    await login(ctx.app, values.email, values.password);
    const [category] = await ctx.db.select({ id: hrCategories.id }).from(hrCategories).limit(1);
    const [pending] = await ctx.db
      .insert(hrRequests)
      .values({ userId: id, categoryId: category!.id })
      .returning({ id: hrRequests.id });
    const form = await multipartBody({
      ...values,
      _method: 'PUT',
      title: 'Senior Network Engineer',
      password: '',
      password_confirmation: '',
      active: '1',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/employee/${id}`,
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Employee updated.');
    const employee = await read(id);
    expect(employee.title).toBe('Senior Network Engineer');
    expect(employee.deleted_at).not.toBeNull();
    const open = await ctx.db.select({ revoked: sessions.revoked }).from(sessions).where(eq(sessions.userId, id));
    expect(open.every((session) => session.revoked)).toBe(true);
    // Disabled here as by DELETE /api/user/{id}: HR withdraws their pending requests (designs/hr.md §2.6).
    const [withdrawn] = await ctx.db.select().from(hrRequests).where(eq(hrRequests.id, pending!.id));
    expect(withdrawn?.status).toBe('cancelled');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: values.email, password: values.password },
        })
      ).statusCode,
    ).not.toBe(200);

    // Enabling again clears deleted_at.
    const enable = await multipartBody({
      ...values,
      _method: 'PUT',
      password: '',
      password_confirmation: '',
      active: '0',
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/users/employee/${id}`,
      headers: { ...bearer(admin), ...enable.headers },
      payload: enable.payload,
    });
    expect((await read(id)).deleted_at).toBeNull();
  });

  it('applies permissions only for those who may manage them, and agent settings only with manage crm', async () => {
    const values = fields();
    const id = (await create(values)).json().data.id;
    const [line] = await ctx.db.select({ id: agentPhoneNumbers.id }).from(agentPhoneNumbers).limit(1);
    const form = await multipartBody({
      ...values,
      _method: 'PUT',
      password: '',
      password_confirmation: '',
      permissions: JSON.stringify(['view billing']),
      agent_number: String(line!.id),
      reminder_emails: '1',
      callback_number: '5125550100',
    });
    const asCrm = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/employee/${id}`,
      headers: { ...bearer(crm), ...form.headers },
      payload: form.payload,
    });
    expect(asCrm.statusCode).toBe(200);
    const employee = await read(id);
    expect(employee.user.permissions).toEqual(['view crm']);
    expect(employee.agent_settings).toMatchObject({
      phone_number_id: line!.id,
      reminder_emails: 1,
      callback_number: '(512) 555-0100',
    });

    // The line is now taken: another employee cannot have it, and the list says so.
    const otherValues = fields();
    const other = (await create(otherValues)).json().data.id;
    const steal = await multipartBody({
      ...otherValues,
      _method: 'PUT',
      password: '',
      password_confirmation: '',
      agent_number: String(line!.id),
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/employee/${other}`,
      headers: { ...bearer(crm), ...steal.headers },
      payload: steal.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.agent_number).toEqual(['This phone number is assigned to another agent.']);
    const numbers = await ctx.app.inject({ method: 'GET', url: '/api/crm/phone_numbers', headers: bearer(crm) });
    expect(numbers.json().data.find((n: { id: number }) => n.id === line!.id)).toMatchObject({
      agent_settings_count: 1,
      user_id: id,
    });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/crm/phone_numbers', headers: bearer(hr) })).statusCode,
    ).toBe(403);
  });

  it('answers 404 for unknown or client ids and 403 for client accounts', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/users/employee/999999', headers: bearer(hr) })).statusCode,
    ).toBe(404);
    const client = await createUser(ctx.db, { type: 'Client' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/users/employee/${client.id}`, headers: bearer(hr) }))
        .statusCode,
    ).toBe(404);
    const token = (await login(ctx.app, client.email, client.password)).access_token;
    expect((await create(fields(), token)).statusCode).toBe(403);
  });
});
