import type { SearchResults } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext, type TestUser } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { employees } from '../employees/employees.table.ts';
import { users } from '../users/users.table.ts';
import { searchCompanies, toPrefixQuery } from './search.service.ts';
import { companySearchDocument, userSearchDocument } from './search.sql.ts';

let ctx: TestContext;
let token: string;
let staff: TestUser;
const company: Record<string, number> = {};

async function signIn(user: TestUser): Promise<string> {
  const answer = await login(ctx.app, user.email, user.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db
    .insert(companies)
    .values(['Acme Legal', 'Acme', 'Northwind Acme Traders', 'Blue Harbor Dental', 'SmileAcme', "O'Brien & Sons", 'Zephyr Dental'].map((name) => ({ name })))
    .returning({ id: companies.id, name: companies.name });
  for (const row of rows) company[row.name] = row.id;

  staff = await createUser(ctx.db, { name: 'Searching Sam', email: 'sam@switchboard.test' });
  token = await signIn(staff);
  const jane = await createUser(ctx.db, { name: 'Jane Okafor', email: 'jane.okafor@switchboard.test' });
  await ctx.db.update(employees).set({ title: 'Field Technician' }).where(eq(employees.userId, jane.id));
  await createUser(ctx.db, { name: 'Janet Former', email: 'janet@switchboard.test', deletedAt: new Date() });
  await createUser(ctx.db, { type: 'Client', name: 'Jane Client', email: 'jclient@bluharbor-dental.example', companyId: company['Blue Harbor Dental'] });
  await createUser(ctx.db, { type: 'Client', name: 'Peter Parker', email: 'peter@acmelegal.example', companyId: company['Acme Legal'] });
  await createUser(ctx.db, { type: 'Client', name: 'Gone Client', email: 'gone@acmelegal.example', companyId: company['Acme Legal'], deletedAt: new Date() });
});
afterAll(async () => {
  await ctx.close();
});

const search = (q: string | undefined, auth = token) =>
  ctx.app.inject({ method: 'GET', url: '/api/search', query: q === undefined ? {} : { q }, headers: bearer(auth) });
async function results(q: string): Promise<SearchResults> {
  const response = await search(q);
  expect(response.statusCode).toBe(200);
  return response.json<{ data: SearchResults }>().data;
}

describe('GET /api/search', () => {
  it('answers 401 without a token and 403 to a client account', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search?q=acme' })).statusCode).toBe(401);
    const client = await createUser(ctx.db, { type: 'Client', companyId: company['Zephyr Dental'] });
    expect((await search('acme', await signIn(client))).statusCode).toBe(403);
  });

  it('refuses a query shorter than 2 or longer than 100 characters with 422', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'The q field is required.'],
      ['', 'The q must be at least 2 characters.'],
      ['a', 'The q must be at least 2 characters.'],
      ['  a  ', 'The q must be at least 2 characters.'],
      ['x'.repeat(101), 'The q may not be greater than 100 characters.'],
    ];
    for (const [q, message] of cases) {
      const response = await search(q);
      expect(response.statusCode, String(q)).toBe(422);
      expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { q: [message] } });
    }
    expect((await search('x'.repeat(100))).statusCode).toBe(200);
    const repeated = await ctx.app.inject({ method: 'GET', url: '/api/search?q=ab&q=cd', headers: bearer(token) });
    expect(repeated.statusCode).toBe(422);
  });

  it('finds companies by word prefixes, exact and leading matches first', async () => {
    const data = await results('acm');
    expect(data.companies).toEqual([
      { id: company.Acme, name: 'Acme' },
      { id: company['Acme Legal'], name: 'Acme Legal' },
      { id: company['Northwind Acme Traders'], name: 'Northwind Acme Traders' },
    ]);
    // Every word must match the start of a word, in any order and any case.
    expect((await results('LEG acm')).companies.map((c) => c.name)).toEqual(['Acme Legal']);
    expect((await results('dental')).companies.map((c) => c.name)).toEqual(['Blue Harbor Dental', 'Zephyr Dental']);
    // Not the middle of a word.
    expect((await results('cme')).companies).toEqual([]);
  });

  it('answers the three groups with the documented shapes', async () => {
    const data = await results('jane');
    expect(Object.keys(data).sort()).toEqual(['accounts', 'companies', 'employees']);
    expect(data.employees).toEqual([{ id: expect.any(Number), name: 'Jane Okafor', email: 'jane.okafor@switchboard.test', title: 'Field Technician' }]);
    expect(data.accounts).toEqual([
      { id: expect.any(Number), name: 'Jane Client', email: 'jclient@bluharbor-dental.example', company: { id: company['Blue Harbor Dental'], name: 'Blue Harbor Dental' } },
    ]);
    expect(data.companies).toEqual([]);
  });

  it('finds users by the words of their e-mail address and leaves disabled ones out', async () => {
    expect((await results('acmelegal')).accounts.map((a) => a.name)).toEqual(['Peter Parker']);
    expect((await results('peter@acmelegal.example')).accounts.map((a) => a.name)).toEqual(['Peter Parker']);
    expect((await results('okafor')).employees.map((e) => e.name)).toEqual(['Jane Okafor']);
    expect((await results('janet')).employees).toEqual([]);
    expect((await results('gone')).accounts).toEqual([]);
  });

  it('keeps accounts and employees apart', async () => {
    const data = await results('switchboard');
    expect(data.employees.map((e) => e.name).sort()).toEqual(['Jane Okafor', 'Searching Sam']);
    expect(data.accounts).toEqual([]);
  });

  it('treats punctuation and tsquery syntax as separators, never as an error', async () => {
    expect((await results("o'brien")).companies.map((c) => c.name)).toEqual(["O'Brien & Sons"]);
    for (const q of ["'); drop table users; --", '!! & | :*', 'a:* | b', '((', '\\\\', '%_%']) {
      const response = await search(q);
      expect(response.statusCode, q).toBe(200);
    }
    expect(await results('!! & |')).toEqual({ companies: [], accounts: [], employees: [] });
  });

  it('answers at most 8 of each kind', async () => {
    await ctx.db.insert(companies).values(Array.from({ length: 12 }, (_, i) => ({ name: `Quokka Holdings ${i + 1}` })));
    expect((await results('quokka')).companies).toHaveLength(8);
    expect((await searchCompanies(ctx.db, 'quokka')).map((c) => c.name)).toEqual(
      ['1', '10', '11', '12', '2', '3', '4', '5'].map((n) => `Quokka Holdings ${n}`),
    );
  });
});

describe('toPrefixQuery', () => {
  it('keeps only letters and digits, each word a prefix', () => {
    expect(toPrefixQuery("Jane O'Neil")).toBe('jane:* & o:* & neil:*');
    expect(toPrefixQuery('Zoë 42')).toBe('zoë:* & 42:*');
    expect(toPrefixQuery(' & | ! :* ')).toBeNull();
  });
});

describe('search indexes', () => {
  // With sequential scans off, the plan names the GIN index only if the query's expression is the index's.
  async function plan(statement: ReturnType<typeof sql>): Promise<string> {
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${statement}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('uses companies_search_idx and users_search_idx', async () => {
    const companyPlan = await plan(
      sql`select ${companies.id} from ${companies} where ${companySearchDocument(companies.name)} @@ to_tsquery('simple'::regconfig, ${'acm:*'})`,
    );
    expect(companyPlan).toContain('companies_search_idx');
    const userPlan = await plan(
      sql`select ${users.id} from ${users} where ${userSearchDocument(users.name, users.email)} @@ to_tsquery('simple'::regconfig, ${'jane:*'})`,
    );
    expect(userPlan).toContain('users_search_idx');
  });
});
