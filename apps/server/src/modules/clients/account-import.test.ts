import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { users } from '../users/users.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';

async function importForm(companyId: number, accounts: unknown[]) {
  const form = new FormData();
  form.append('company_id', String(companyId));
  form.append('accounts', JSON.stringify(accounts));
  form.append('file', new Blob(['name,email\n'], { type: 'text/csv' }), 'accounts.csv');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe('POST /api/users/client/import (spec 1 §7.5)', () => {
  let ctx: TestContext;
  let importer: string;
  let staff: string;
  let companyId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const manager = await createUser(ctx.db, { permissions: ['import client accounts'] });
    importer = (await login(ctx.app, manager.email, manager.password)).access_token;
    const other = await createUser(ctx.db);
    staff = (await login(ctx.app, other.email, other.password)).access_token;
    [{ id: companyId }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Import Co' })
      .returning({ id: companies.id })) as [{ id: number }];
    await ctx.db.insert(sites).values({ companyId, name: 'Main Office', city: 'Austin' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const post = async (accounts: unknown[], token = importer) => {
    const form = await importForm(companyId, accounts);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/users/client/import',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };

  const rows = [
    {
      name: 'Ann Lee',
      email: 'ann.lee@import.example',
      title: 'CFO',
      phone_number: '1-512-555-0111',
      office_number: '',
      site: 'main office',
    },
    {
      name: 'Bo Diaz',
      email: 'bo.diaz@import.example',
      title: '',
      phone_number: '',
      office_number: '(512) 555-0112',
      site: '',
    },
    {
      name: 'Cy Park',
      email: 'cy.park@import.example',
      title: 'Office Manager',
      phone_number: '',
      office_number: '',
      site: '',
    },
  ];

  it('needs import client accounts', async () => {
    expect((await post(rows, staff)).statusCode).toBe(403);
  });

  it('refuses the whole file when a row is wrong, with errors per row', async () => {
    const before = await ctx.db.$count(users);
    const response = await post([rows[0], { ...rows[1], email: 'not-an-email' }, { ...rows[2], site: 'Branch' }]);
    expect(response.statusCode).toBe(422);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors['accounts.1.email']).toEqual(['The email must be a valid email address.']);
    const siteCheck = await post([rows[0], rows[1], { ...rows[2], site: 'Branch' }, { ...rows[2] }]);
    expect(siteCheck.json().errors).toMatchObject({
      'accounts.2.site': ['No site named "Branch".'],
      'accounts.3.email': ['The same email is on row 3.'],
    });
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it('imports every row in one go, dropping the leading 1 of phone numbers', async () => {
    const response = await post(rows);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('3 accounts imported.');
    expect(response.json().data.created.map((row: { email: string }) => row.email)).toEqual(
      rows.map((row) => row.email),
    );
    const [ann] = await ctx.db
      .select({ phone: clientAccounts.phoneNumber, siteId: clientAccounts.siteId, companyId: clientAccounts.companyId })
      .from(clientAccounts)
      .innerJoin(users, eq(users.id, clientAccounts.userId))
      .where(eq(users.email, 'ann.lee@import.example'));
    expect(ann).toMatchObject({ phone: '(512) 555-0111', companyId });
    expect(ann!.siteId).not.toBeNull();
    // Imported again: every e-mail is taken now.
    const again = await post(rows);
    expect(again.json().errors['accounts.0.email']).toEqual(['The email has already been taken.']);
  });
});
