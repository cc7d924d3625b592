import {
  clientAccountCompanyInvalidMessage,
  clientAccountCreatedMessage,
  clientAccountDeletedMessage,
  clientAccountOptionsResponseSchema,
  clientAccountEmailTakenMessage,
  clientAccountPasswordMismatchMessage,
  clientAccountSiteInvalidMessage,
  clientAccountUpdatedMessage,
  phoneNumberInvalidMessage,
  type ClientAccount,
} from '@switchboard/shared';
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
import { expectExactShape } from '../../../test/shapes.ts';
import { sessions } from '../auth/auth.table.ts';
import { verifyPassword } from '../auth/password.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';

let ctx: TestContext;
let staff: TestUser;
let staffToken: string;
let deleter: TestUser;
let deleterToken: string;
// Changing a client account's e-mail, password or company needs the administrator type (decision 0025).
let adminToken: string;
let acme: { id: number };
let globex: { id: number };
let acmeSite: { id: number };
let acmeSite2: { id: number };
let globexSite: { id: number };
let counter = 0;

interface Paginator<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

async function signIn(user: TestUser, password = user.password): Promise<string> {
  const answer = await login(ctx.app, user.email, password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

function request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

function accountInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Client ${counter}`,
    email: `client${counter}@acme.test`,
    password: 'secret1',
    password_confirmation: 'secret1',
    title: 'Manager',
    site_id: acmeSite.id,
    phone_number: '555.123.4567',
    office_number: '(555) 987-6543 x12',
    company_id: acme.id,
    ...overrides,
  };
}

async function createAccount(overrides: Record<string, unknown> = {}): Promise<number> {
  const response = await request('POST', '/api/users/client', staffToken, accountInput(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number } }>().data.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  staff = await createUser(ctx.db, { name: 'Sam Staff' });
  staffToken = await signIn(staff);
  deleter = await createUser(ctx.db, { name: 'Dee Deleter', permissions: ['delete client accounts'] });
  deleterToken = await signIn(deleter);
  adminToken = await signIn(await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' }));
  [acme] = await ctx.db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
  [globex] = await ctx.db.insert(companies).values({ name: 'Globex' }).returning({ id: companies.id });
  [acmeSite, acmeSite2, globexSite] = await ctx.db
    .insert(sites)
    .values([
      { companyId: acme.id, name: 'Acme HQ' },
      { companyId: acme.id, name: 'Acme Annex' },
      { companyId: globex.id, name: 'Globex Tower' },
    ])
    .returning({ id: sites.id });
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/users/client', () => {
  it('creates the user (type Client) and the account with formatted phone numbers', async () => {
    const input = accountInput({ email: 'Created@Acme.test' });
    const response = await request('POST', '/api/users/client', staffToken, input);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; data: { id: number } }>();
    expect(body.message).toBe(clientAccountCreatedMessage);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, body.data.id));
    expect(user).toMatchObject({ type: 'Client', name: input.name, email: 'Created@Acme.test', deletedAt: null });
    expect(await verifyPassword(user!.passwordHash, 'secret1')).toBe(true);
    const [account] = await ctx.db.select().from(clientAccounts).where(eq(clientAccounts.userId, body.data.id));
    expect(account).toMatchObject({
      companyId: acme.id,
      siteId: acmeSite.id,
      title: 'Manager',
      phoneNumber: '(555) 123-4567',
      officeNumber: '(555) 987-6543 Ext. 12',
    });
    expect(response.body).not.toContain('secret1');
    // The new account can sign in.
    expect(
      await signIn({ ...(user as unknown as TestUser), email: 'created@acme.test', password: 'secret1' }),
    ).toBeTruthy();
  });

  it('stores empty optional fields as null', async () => {
    const id = await createAccount({ site_id: '', title: '', phone_number: '', office_number: null });
    const [account] = await ctx.db.select().from(clientAccounts).where(eq(clientAccounts.userId, id));
    expect(account).toMatchObject({ siteId: null, title: null, phoneNumber: null, officeNumber: null });
  });

  it('requires name, email, password and company', async () => {
    const response = await request('POST', '/api/users/client', staffToken, {});
    expect(response.statusCode).toBe(422);
    const { message, errors } = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(message).toBe('The given data was invalid.');
    expect(errors.name).toEqual(['The name field is required.']);
    expect(errors.email).toEqual(['The email field is required.']);
    expect(errors.password).toEqual(['The password field is required.']);
    expect(errors.company_id).toEqual(['The company id field is required.']);
  });

  it('checks the e-mail, password length and confirmation', async () => {
    const invalid = await request(
      'POST',
      '/api/users/client',
      staffToken,
      accountInput({ email: 'not-mail', password: 'abc', password_confirmation: 'abc' }),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.email).toEqual(['The email must be a valid email address.']);
    expect(invalid.json().errors.password).toEqual(['The password must be at least 6 characters.']);
    const mismatch = await request(
      'POST',
      '/api/users/client',
      staffToken,
      accountInput({ password_confirmation: 'secret2' }),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password).toEqual([clientAccountPasswordMismatchMessage]);
  });

  it('refuses an e-mail already taken by any user, whatever its case', async () => {
    const response = await request(
      'POST',
      '/api/users/client',
      staffToken,
      accountInput({ email: staff.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: [clientAccountEmailTakenMessage] });
  });

  it('refuses a site of another company and an unknown company', async () => {
    const site = await request('POST', '/api/users/client', staffToken, accountInput({ site_id: globexSite.id }));
    expect(site.statusCode).toBe(422);
    expect(site.json().errors).toEqual({ site_id: [clientAccountSiteInvalidMessage] });
    const company = await request(
      'POST',
      '/api/users/client',
      staffToken,
      accountInput({ company_id: 999_999, site_id: null }),
    );
    expect(company.statusCode).toBe(422);
    expect(company.json().errors).toEqual({ company_id: [clientAccountCompanyInvalidMessage] });
  });

  it('validates the phone numbers', async () => {
    const response = await request(
      'POST',
      '/api/users/client',
      staffToken,
      accountInput({ phone_number: '12345', office_number: '555-123-4567 ext 12345' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      phone_number: [phoneNumberInvalidMessage],
      office_number: [phoneNumberInvalidMessage],
    });
  });

  it('is for staff only', async () => {
    const client = await createUser(ctx.db, { type: 'Client', companyId: acme.id });
    const response = await request('POST', '/api/users/client', await signIn(client), accountInput());
    expect(response.statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/users/client', payload: accountInput() })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/users/client', () => {
  let globexIds: number[];
  beforeAll(async () => {
    globexIds = [
      await createAccount({
        name: 'zed Globex',
        email: 'zed@globex.test',
        company_id: globex.id,
        site_id: globexSite.id,
      }),
      await createAccount({
        name: 'Amy Globex',
        email: 'amy@globex.test',
        company_id: globex.id,
        site_id: null,
        phone_number: '',
      }),
    ];
    await ctx.db.insert(users).values({
      type: 'Client',
      name: 'Aaron Disabled',
      shortname: 'Aaron',
      email: 'gone@globex.test',
      passwordHash: 'x',
      deletedAt: new Date(),
    });
  });

  it('pages the enabled accounts of a company by name with company and site', async () => {
    const response = await request('GET', `/api/users/client?company_id=${globex.id}`, staffToken);
    expect(response.statusCode).toBe(200);
    const page = response.json<Paginator<ClientAccount>>();
    expect(page).toMatchObject({ total: 2, current_page: 1, per_page: 50, from: 1, to: 2, last_page: 1 });
    expect(page.data.map((row) => row.user_id)).toEqual([globexIds[1], globexIds[0]]);
    expect(page.data[0]).toEqual({
      user_id: globexIds[1],
      user: { name: 'Amy Globex', email: 'amy@globex.test', photo: null },
      company: { id: globex.id, name: 'Globex' },
      site: null,
      title: 'Manager',
      office_number: '(555) 987-6543 Ext. 12',
      phone_number: null,
      company_id: globex.id,
      is_primary: false,
    });
    expect(page.data[1]!.site).toEqual({ id: globexSite.id, name: 'Globex Tower' });
  });

  it('pages every company and honours page, per_page and search', async () => {
    const all = (await request('GET', '/api/users/client?per_page=500', staffToken)).json<Paginator<ClientAccount>>();
    expect(all.data.some((row) => row.company.id === acme.id)).toBe(true);
    expect(all.data.some((row) => row.user.name === 'Aaron Disabled')).toBe(false);
    const second = (await request('GET', '/api/users/client?per_page=1&page=2', staffToken)).json<
      Paginator<ClientAccount>
    >();
    expect(second).toMatchObject({
      total: all.total,
      per_page: 1,
      current_page: 2,
      from: 2,
      to: 2,
      last_page: all.total,
    });
    expect(second.data[0]!.user_id).toBe(all.data[1]!.user_id);
    const search = (await request('GET', '/api/users/client?search=ZED', staffToken)).json<Paginator<ClientAccount>>();
    expect(search.data.map((row) => row.user_id)).toEqual([globexIds[0]]);
    const byMail = (await request('GET', '/api/users/client?search=amy@globex', staffToken)).json<
      Paginator<ClientAccount>
    >();
    expect(byMail.data.map((row) => row.user_id)).toEqual([globexIds[1]]);
    expect(
      (await request('GET', '/api/users/client?search=%25', staffToken)).json<Paginator<ClientAccount>>().total,
    ).toBe(0);
  });

  it('refuses bad paging and clients', async () => {
    expect((await request('GET', '/api/users/client?per_page=501', staffToken)).statusCode).toBe(422);
    expect((await request('GET', '/api/users/client?company_id=abc', staffToken)).statusCode).toBe(422);
    const client = await createUser(ctx.db, { type: 'Client', companyId: globex.id });
    expect((await request('GET', '/api/users/client', await signIn(client))).statusCode).toBe(403);
    expect((await request('GET', `/api/users/client/${globexIds[0]}`, await signIn(client))).statusCode).toBe(403);
  });

  it('GET /api/users/client/{id} answers the account; 404 for unknown, disabled or staff ids', async () => {
    const response = await request('GET', `/api/users/client/${globexIds[0]}`, staffToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      user_id: globexIds[0],
      user: { name: 'zed Globex' },
      company: { name: 'Globex' },
    });
    expect((await request('GET', '/api/users/client/999999', staffToken)).statusCode).toBe(404);
    expect((await request('GET', '/api/users/client/abc', staffToken)).statusCode).toBe(404);
    expect((await request('GET', `/api/users/client/${staff.id}`, staffToken)).statusCode).toBe(404);
  });
});

describe('PUT /api/users/client/{user_id}', () => {
  it('updates the account and keeps the password when none is sent', async () => {
    const id = await createAccount();
    const input = accountInput({
      name: 'Renamed',
      email: `renamed${id}@acme.test`,
      password: '',
      password_confirmation: '',
      site_id: acmeSite2.id,
      title: 'Boss',
      phone_number: '5550001111',
    });
    const response = await request('PUT', `/api/users/client/${id}`, adminToken, input);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: clientAccountUpdatedMessage });
    const account = (await request('GET', `/api/users/client/${id}`, staffToken)).json<{ data: ClientAccount }>().data;
    expect(account).toMatchObject({
      user: { name: 'Renamed' },
      site: { id: acmeSite2.id, name: 'Acme Annex' },
      title: 'Boss',
      phone_number: '(555) 000-1111',
    });
    expect(await signIn({ email: `renamed${id}@acme.test`, password: 'secret1' } as TestUser)).toBeTruthy();
  });

  it('changes the password and signs the account out', async () => {
    const id = await createAccount({ email: 'pw@acme.test' });
    await signIn({ email: 'pw@acme.test', password: 'secret1' } as TestUser);
    const response = await request(
      'PUT',
      `/api/users/client/${id}`,
      adminToken,
      accountInput({ email: 'pw@acme.test', password: 'newpass', password_confirmation: 'newpass' }),
    );
    expect(response.statusCode).toBe(200);
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((session) => session.revoked)).toBe(true);
    expect(await signIn({ email: 'pw@acme.test', password: 'newpass' } as TestUser)).toBeTruthy();
  });

  it('validates like create: confirmation, e-mail taken by another user, site of the company', async () => {
    const id = await createAccount();
    const mismatch = await request(
      'PUT',
      `/api/users/client/${id}`,
      adminToken,
      accountInput({ password: 'newpass', password_confirmation: 'other' }),
    );
    expect(mismatch.json().errors.password).toEqual([clientAccountPasswordMismatchMessage]);
    const taken = await request('PUT', `/api/users/client/${id}`, adminToken, accountInput({ email: staff.email }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [clientAccountEmailTakenMessage] });
    const site = await request(
      'PUT',
      `/api/users/client/${id}`,
      adminToken,
      accountInput({ company_id: globex.id, site_id: acmeSite.id }),
    );
    expect(site.json().errors).toEqual({ site_id: [clientAccountSiteInvalidMessage] });
  });

  it('is also reachable as POST with _method=PUT; 404 for unknown ids; 403 for clients', async () => {
    const id = await createAccount();
    const email = `override${id}@acme.test`;
    const override = await request('POST', `/api/users/client/${id}`, adminToken, {
      ...accountInput({ email, title: 'Overridden' }),
      _method: 'PUT',
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json()).toEqual({ message: clientAccountUpdatedMessage });
    expect((await request('GET', `/api/users/client/${id}`, staffToken)).json().data.title).toBe('Overridden');
    expect((await request('POST', `/api/users/client/${id}`, staffToken, accountInput())).statusCode).toBe(404);
    expect((await request('PUT', '/api/users/client/999999', staffToken, accountInput())).statusCode).toBe(404);
    const client = await createUser(ctx.db, { type: 'Client', companyId: acme.id });
    expect((await request('PUT', `/api/users/client/${id}`, await signIn(client), accountInput())).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/users/client/{user_id}', () => {
  it("needs 'delete client accounts'", async () => {
    const id = await createAccount();
    expect((await request('DELETE', `/api/users/client/${id}`, staffToken)).statusCode).toBe(403);
  });

  it('disables the account and revokes its sessions', async () => {
    const id = await createAccount({ email: 'bye@acme.test' });
    await signIn({ email: 'bye@acme.test', password: 'secret1' } as TestUser);
    const response = await request('DELETE', `/api/users/client/${id}`, deleterToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: clientAccountDeletedMessage });
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(user!.deletedAt).not.toBeNull();
    const open = await ctx.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(open.every((session) => session.revoked)).toBe(true);
    expect((await request('GET', `/api/users/client/${id}`, staffToken)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/users/client/${id}`, deleterToken)).statusCode).toBe(404);
  });

  it("refuses a company's primary account with 409", async () => {
    const id = await createAccount();
    await ctx.db.update(companies).set({ primaryUserId: id }).where(eq(companies.id, acme.id));
    const listed = (await request('GET', `/api/users/client/${id}`, staffToken)).json<{ data: ClientAccount }>().data;
    expect(listed.is_primary).toBe(true);
    const response = await request('DELETE', `/api/users/client/${id}`, deleterToken);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("A company's primary account cannot be deleted.");
    const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
    expect(user!.deletedAt).toBeNull();
    await ctx.db.update(companies).set({ primaryUserId: null }).where(eq(companies.id, acme.id));
  });

  it('refuses clients even with the permission', async () => {
    const id = await createAccount();
    const client = await createUser(ctx.db, {
      type: 'Client',
      companyId: acme.id,
      permissions: ['delete client accounts'],
    });
    expect((await request('DELETE', `/api/users/client/${id}`, await signIn(client))).statusCode).toBe(403);
  });
});

describe('id / name lists', () => {
  it('GET /api/users/client.list.{companyId} answers enabled accounts by name', async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Initech' }).returning({ id: companies.id });
    const bob = await createUser(ctx.db, { type: 'Client', companyId: company!.id, name: 'bob Initech' });
    const al = await createUser(ctx.db, { type: 'Client', companyId: company!.id, name: 'Al Initech' });
    await createUser(ctx.db, { type: 'Client', companyId: company!.id, name: 'Gone Initech', deletedAt: new Date() });
    const response = await request('GET', `/api/users/client.list.${company!.id}`, staffToken);
    expect(response.statusCode).toBe(200);
    // Spec 1 §7.2's { user_id, user: { name } }, with the id and name this app's selects read.
    expectExactShape(clientAccountOptionsResponseSchema, response.json());
    expect(response.json()).toEqual({
      data: [
        { id: al.id, name: 'Al Initech', user_id: al.id, user: { name: 'Al Initech' } },
        { id: bob.id, name: 'bob Initech', user_id: bob.id, user: { name: 'bob Initech' } },
      ],
    });
    // A client account sees its own company's list only.
    const bobToken = await signIn(bob);
    expect((await request('GET', `/api/users/client.list.${company!.id}`, bobToken)).statusCode).toBe(200);
    expect((await request('GET', `/api/users/client.list.${acme.id}`, bobToken)).statusCode).toBe(403);
    expect((await request('GET', '/api/users/client.list.abc', staffToken)).statusCode).toBe(404);
  });

  it('GET /api/companies/sites.list.{companyId} answers the sites by name', async () => {
    const response = await request('GET', `/api/companies/sites.list.${acme.id}`, staffToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { id: acmeSite2.id, name: 'Acme Annex' },
        { id: acmeSite.id, name: 'Acme HQ' },
      ],
    });
    const client = await createUser(ctx.db, { type: 'Client', companyId: globex.id });
    const clientToken = await signIn(client);
    expect((await request('GET', `/api/companies/sites.list.${globex.id}`, clientToken)).json()).toEqual({
      data: [{ id: globexSite.id, name: 'Globex Tower' }],
    });
    expect((await request('GET', `/api/companies/sites.list.${acme.id}`, clientToken)).statusCode).toBe(403);
    expect((await request('GET', '/api/companies/sites.list.0', staffToken)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/companies/sites.list.${acme.id}` })).statusCode).toBe(401);
  });
});
