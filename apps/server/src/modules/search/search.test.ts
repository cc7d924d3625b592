import { searchResponseSchema, type SearchResults } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { employees } from '../users/employees.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import { whiteboardArticles, whiteboardCategories } from '../whiteboard/whiteboard.table.ts';
import { searchStatement, ticketNumberOf, toPrefixQuery } from './search.service.ts';
import { companySearchDocument, deviceSearchDocument, userSearchDocument } from '../../db/search-documents.ts';

let ctx: TestContext;
let token: string;
let staff: TestUser;
const company: Record<string, number> = {};
const ticket: Record<string, number> = {};
let blueClientToken: string;

async function signIn(user: TestUser): Promise<string> {
  const answer = await login(ctx.app, user.email, user.password);
  if (!('access_token' in answer)) throw new Error('unexpected two-factor challenge');
  return answer.access_token;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await ctx.db
    .insert(companies)
    .values(
      [
        'Acme Legal',
        'Acme',
        'Northwind Acme Traders',
        'Blue Harbor Dental',
        'SmileAcme',
        "O'Brien & Sons",
        'Zephyr Dental',
      ].map((name) => ({ name })),
    )
    .returning({ id: companies.id, name: companies.name });
  for (const row of rows) company[row.name] = row.id;

  staff = await createUser(ctx.db, { name: 'Searching Sam', email: 'sam@switchboard.test' });
  token = await signIn(staff);
  const jane = await createUser(ctx.db, { name: 'Jane Okafor', email: 'jane.okafor@switchboard.test' });
  await ctx.db.update(employees).set({ title: 'Field Technician' }).where(eq(employees.userId, jane.id));
  await createUser(ctx.db, { name: 'Janet Former', email: 'janet@switchboard.test', deletedAt: new Date() });
  await createUser(ctx.db, {
    type: 'Client',
    name: 'Jane Client',
    email: 'jclient@bluharbor-dental.example',
    companyId: company['Blue Harbor Dental'],
  });
  await createUser(ctx.db, {
    type: 'Client',
    name: 'Peter Parker',
    email: 'peter@acmelegal.example',
    companyId: company['Acme Legal'],
  });
  await createUser(ctx.db, {
    type: 'Client',
    name: 'Gone Client',
    email: 'gone@acmelegal.example',
    companyId: company['Acme Legal'],
    deletedAt: new Date(),
  });
  blueClientToken = await signIn(
    await createUser(ctx.db, {
      type: 'Client',
      name: 'Bea Blue',
      email: 'bea@blueharbor.example',
      companyId: company['Blue Harbor Dental'],
    }),
  );

  // Tickets of two companies; the older Outlook ticket last changed first, to show the order by last change.
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  // Numbers of three digits, as a queue in use has (the box asks for at least 2 characters).
  await ctx.db.execute(sql`alter sequence tickets_id_seq restart with 250`);
  const ticketRows = await ctx.db
    .insert(tickets)
    .values(
      [
        { subject: 'Outlook keeps asking for password', companyId: company['Blue Harbor Dental'], updatedAt: day(3) },
        { subject: 'Outlook calendar not syncing', companyId: company['Acme Legal'], updatedAt: day(5) },
        { subject: 'Printer offline', companyId: company['Acme Legal'], updatedAt: day(1) },
        { subject: 'Printer toner for room 417', companyId: company['Blue Harbor Dental'], updatedAt: day(2) },
      ].map((row) => ({ ...row, body: 'Body', location: 1, triageId: 1, status: 2 })),
    )
    .returning({ id: tickets.id, subject: tickets.subject });
  for (const row of ticketRows) ticket[row.subject] = row.id;

  const [site] = await ctx.db
    .insert(sites)
    .values({ companyId: company['Acme Legal']!, name: 'HQ' })
    .returning({ id: sites.id });
  await ctx.db.insert(devices).values([
    {
      companyId: company['Acme Legal']!,
      siteId: site!.id,
      type: 'workstations',
      name: 'ACME-FRONTDESK-01',
      assetTag: 'AT-1001',
      serialNumber: 'SN7788',
    },
    {
      companyId: company['Acme Legal']!,
      siteId: site!.id,
      type: 'printers',
      name: 'Outlook Lobby Printer',
      assetTag: null,
    },
  ]);
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
  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search?q=acme' })).statusCode).toBe(401);
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

  it('answers the five groups with the documented shapes', async () => {
    const data = await results('jane');
    expect(Object.keys(data).sort()).toEqual(['accounts', 'articles', 'companies', 'devices', 'employees', 'tickets']);
    expect(data.employees).toEqual([
      { id: expect.any(Number), name: 'Jane Okafor', email: 'jane.okafor@switchboard.test', title: 'Field Technician' },
    ]);
    expect(data.accounts).toEqual([
      {
        id: expect.any(Number),
        name: 'Jane Client',
        email: 'jclient@bluharbor-dental.example',
        company: { id: company['Blue Harbor Dental'], name: 'Blue Harbor Dental' },
      },
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
    expect(await results('!! & |')).toEqual({
      tickets: [],
      devices: [],
      companies: [],
      accounts: [],
      employees: [],
      articles: [],
    });
  });

  it('answers at most 8 of each kind', async () => {
    await ctx.db.insert(companies).values(Array.from({ length: 12 }, (_, i) => ({ name: `Quokka Holdings ${i + 1}` })));
    expect((await results('quokka')).companies.map((c) => c.name)).toEqual(
      ['1', '10', '11', '12', '2', '3', '4', '5'].map((n) => `Quokka Holdings ${n}`),
    );
  });
});

describe('GET /api/search: tickets and devices (issue 15 part 4)', () => {
  it('finds a ticket by its number, the exact match first, with or without #', async () => {
    const id = ticket['Outlook calendar not syncing']!;
    const data = await results(String(id));
    expect(data.tickets[0]).toEqual({
      id,
      subject: 'Outlook calendar not syncing',
      company: { id: company['Acme Legal'], name: 'Acme Legal' },
      status: 'Open',
    });
    expect((await results(`#${id}`)).tickets[0]?.id).toBe(id);
  });

  it('takes a ticket number of one digit, though other queries need 2 characters', async () => {
    await ctx.db.execute(sql`insert into tickets (id, subject, body, company_id, location, triage_id, status)
      values (7, 'Seventh ticket', 'Body', ${company.Acme}, 1, 1, 2)`);
    expect((await results('7')).tickets.map((t) => t.subject)).toEqual(['Seventh ticket']);
    expect((await results('#7')).tickets.map((t) => t.subject)).toEqual(['Seventh ticket']);
    expect((await search('x')).statusCode).toBe(422);
  });

  it('puts the ticket of the number first, then subjects holding the number', async () => {
    const numbered = ticket['Printer offline']!;
    // A subject word equal to another ticket's number comes after the ticket of that number.
    await ctx.db
      .update(tickets)
      .set({ subject: `Printer toner for room ${numbered}` })
      .where(eq(tickets.id, ticket['Printer toner for room 417']!));
    try {
      expect((await results(String(numbered))).tickets.map((t) => t.id)).toEqual([
        numbered,
        ticket['Printer toner for room 417'],
      ]);
    } finally {
      await ctx.db
        .update(tickets)
        .set({ subject: 'Printer toner for room 417' })
        .where(eq(tickets.id, ticket['Printer toner for room 417']!));
    }
  });

  it('finds tickets by the words of the subject, the last changed first', async () => {
    expect((await results('outlook')).tickets.map((t) => t.subject)).toEqual([
      'Outlook calendar not syncing',
      'Outlook keeps asking for password',
    ]);
    expect((await results('outl pass')).tickets.map((t) => t.subject)).toEqual(['Outlook keeps asking for password']);
    expect((await results('417')).tickets.map((t) => t.subject)).toEqual(['Printer toner for room 417']);
    expect((await results('utlook')).tickets).toEqual([]);
  });

  it("gives a client account only its own company's tickets and nothing else", async () => {
    const answer = await search('outlook', blueClientToken);
    expect(answer.statusCode).toBe(200);
    const data = answer.json<{ data: SearchResults }>().data;
    expect(data).toEqual({
      tickets: [
        {
          id: ticket['Outlook keeps asking for password'],
          subject: 'Outlook keeps asking for password',
          company: { id: company['Blue Harbor Dental'], name: 'Blue Harbor Dental' },
          status: 'Open',
        },
      ],
      devices: [],
      companies: [],
      accounts: [],
      employees: [],
      articles: [],
    });
    // Another company's ticket, even by its exact number, is not there; nor are companies, accounts or employees.
    expect(
      (await search(String(ticket['Outlook calendar not syncing']), blueClientToken)).json<{ data: SearchResults }>()
        .data.tickets,
    ).toEqual([]);
    expect((await search('dental', blueClientToken)).json<{ data: SearchResults }>().data).toEqual({
      tickets: [],
      devices: [],
      companies: [],
      accounts: [],
      employees: [],
      articles: [],
    });
    expect((await search('jane', blueClientToken)).json<{ data: SearchResults }>().data.accounts).toEqual([]);
  });

  it('finds devices by name, asset tag or serial number, with their type and company', async () => {
    const data = await results('acme-frontdesk');
    expect(data.devices).toEqual([
      {
        id: expect.any(Number),
        name: 'ACME-FRONTDESK-01',
        type: 'workstations',
        asset_tag: 'AT-1001',
        company: { id: company['Acme Legal'], name: 'Acme Legal' },
      },
    ]);
    expect((await results('at-1001')).devices.map((d) => d.name)).toEqual(['ACME-FRONTDESK-01']);
    expect((await results('sn7788')).devices.map((d) => d.name)).toEqual(['ACME-FRONTDESK-01']);
    expect((await results('outlook')).devices.map((d) => d.name)).toEqual(['Outlook Lobby Printer']);
  });

  it('finds whiteboard articles for staff, a title match above a text match, and none for a client account', async () => {
    const [category] = await ctx.db
      .insert(whiteboardCategories)
      .values({ categoryName: 'Mail' })
      .returning({ id: whiteboardCategories.id });
    const [inText, inTitle] = await ctx.db
      .insert(whiteboardArticles)
      .values([
        {
          title: 'Mailbox sizes',
          articleText: '<p>Archiving <strong>outlook</strong> folders.</p>',
          categoryId: category!.id,
        },
        { title: 'Outlook profiles', articleText: '<p>Rebuilding a profile.</p>', categoryId: category!.id },
      ])
      .returning({ id: whiteboardArticles.id });
    expect((await results('outlo')).articles).toEqual([
      { id: inTitle!.id, title: 'Outlook profiles', category_id: category!.id },
      { id: inText!.id, title: 'Mailbox sizes', category_id: category!.id },
    ]);
    // English stemming: 'rebuilt' is not 'rebuilding', but 'rebuild' begins it.
    expect((await results('rebuild')).articles.map((a) => a.title)).toEqual(['Outlook profiles']);
    const client = (await search('outlook', blueClientToken)).json<{ data: SearchResults }>().data;
    expect(client.articles).toEqual([]);
    await ctx.db.delete(whiteboardArticles);
  });

  it('answers the shape of the shared contract', async () => {
    const response = await search('outlook');
    expect(searchResponseSchema.strict().safeParse(response.json()).success).toBe(true);
    expect((await results('outlook')).tickets.length).toBeGreaterThan(0);
  });
});

describe('ticketNumberOf', () => {
  it('reads a number with or without #, and nothing else', () => {
    expect(ticketNumberOf('252')).toBe(252);
    expect(ticketNumberOf(' #252 ')).toBe(252);
    expect(ticketNumberOf('252a')).toBeNull();
    expect(ticketNumberOf('0')).toBeNull();
    expect(ticketNumberOf('9999999999')).toBeNull();
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

  // tickets_search_idx covers helpdesk tickets only (decision 0044); bench/tickets-queue.ts measures the search on it.
  it('uses devices_search_idx', async () => {
    const devicePlan = await plan(
      sql`select ${devices.id} from ${devices} where ${deviceSearchDocument(devices.name, devices.assetTag, devices.serialNumber)} @@ to_tsquery('simple'::regconfig, ${'acme:*'})`,
    );
    expect(devicePlan).toContain('devices_search_idx');
  });
});

describe('GET /api/search: tickets at scale, common and rare words (issue 15 part 4, budget)', () => {
  /**
   * EXPLAIN ANALYZE of the statement a search runs, with the plan PostgreSQL makes for the call's values (`custom`) or
   * the one a prepared statement keeps for every call once PostgreSQL finds it as good (`generic`, decision 0042).
   */
  const explained = async (text: string, plan: 'custom' | 'generic', companyId?: number) => {
    const search = searchStatement(ctx.db, text, companyId)!;
    const literal = (value: unknown) =>
      typeof value === 'number' ? String(value) : value === null ? 'null' : `'${String(value).replaceAll("'", "''")}'`;
    const values = search.statement.values(search.values).map(literal).join(', ');
    return ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local plan_cache_mode = force_${plan}_plan`));
      await tx.execute(sql.raw(`prepare explained_search as ${search.statement.text}`));
      try {
        const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
          sql.raw(`explain (analyze, costs off) execute explained_search${values ? `(${values})` : ''}`),
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await tx.execute(sql`deallocate explained_search`);
      }
    });
  };
  // The scan under the one-time filter that runs the whole-table branch only when the walk found fewer than 8
  // (PostgreSQL 15 names the walk's count $n, 17 names it (InitPlan n).col1).
  const wholeTableScan = (plan: string) => {
    const lines = plan.split('\n');
    const filter = lines.findIndex((line) => /One-Time Filter: \((\$\d+|\(InitPlan \d+\)\.col1) < 8\)/.test(line));
    if (filter === -1) throw new Error(`No one-time filter on the walk's count in the plan:\n${plan}`);
    return lines[filter + 1]!;
  };
  const walkedRows = (plan: string) =>
    Number(/Index Scan Backward using tickets_updated_idx .*rows=(\d+)/.exec(plan)?.[1]);

  beforeAll(async () => {
    // 2,100 tickets of a common word, changed after every other ticket; 3 of a rare word, older than all of them.
    await ctx.db.execute(sql`insert into tickets (subject, body, company_id, location, triage_id, status, updated_at)
      select 'Zebracommon trouble', 'Body', ${company['Zephyr Dental']}, 1, 1, 2, timestamptz '2030-01-01' - n * interval '1 minute'
      from generate_series(1, 2100) n`);
    await ctx.db.execute(sql`insert into tickets (subject, body, company_id, location, triage_id, status, updated_at)
      select 'Quokkarare trouble', 'Body', ${company['Zephyr Dental']}, 1, 1, 2, timestamptz '2020-01-01' - n * interval '1 day'
      from generate_series(1, 3) n`);
    // Statistics as a database in use has them (autovacuum), so the plans are the ones it would run.
    await ctx.db.execute(sql`analyze tickets`);
  });

  it('answers the 8 last changed of a common word from a short walk down the newest tickets, the rest unread', async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`select id from tickets where subject like 'Zebracommon%' order by updated_at desc, id desc limit 8`,
    );
    expect((await results('zebracommon')).tickets.map((t) => t.id)).toEqual(rows.map((row) => row.id));
    for (const mode of ['custom', 'generic'] as const) {
      const plan = await explained('zebracommon', mode);
      expect(wholeTableScan(plan), mode).toContain('never executed');
      expect(walkedRows(plan), mode).toBeLessThan(100);
    }
  });

  it('finds a word rare among the newest tickets in the whole table (the GIN index), the last changed first', async () => {
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`select id from tickets where subject like 'Quokkarare%' order by updated_at desc, id desc`,
    );
    expect((await results('quokkarare')).tickets.map((t) => t.id)).toEqual(rows.map((row) => row.id));
    for (const mode of ['custom', 'generic'] as const) {
      const plan = await explained('quokkarare', mode);
      expect(walkedRows(plan), mode).toBeGreaterThanOrEqual(2_000);
      expect(wholeTableScan(plan), mode).toMatch(/actual time=.* rows=3 loops=1/);
    }
  });

  it('looks a number of two digits or more up in the GIN index without the walk; one digit walks', async () => {
    const numbered = ticket['Printer offline']!;
    for (const mode of ['custom', 'generic'] as const) {
      const plan = await explained(String(numbered), mode);
      expect(plan, mode).not.toContain('tickets_updated_idx');
      expect(plan, mode).toMatch(/Index Scan using tickets_pkey on tickets .*\n\s+Index Cond: \(id = /);
      expect(walkedRows(await explained('7', mode)), mode).toBeGreaterThan(0);
    }
  });

  it("keeps a client account's walk to its own company", async () => {
    const answer = await search('zebracommon', blueClientToken);
    expect(answer.json<{ data: SearchResults }>().data.tickets).toEqual([]);
    expect(
      (await search('outlook', blueClientToken)).json<{ data: SearchResults }>().data.tickets.map((t) => t.subject),
    ).toEqual(['Outlook keeps asking for password']);
  });

  it("runs staff's search as a prepared statement whose plan PostgreSQL keeps", async () => {
    for (let i = 0; i < 12; i++) await results(i % 2 ? 'zebracommon' : 'quokkarare');
    const clients = await Promise.all(Array.from({ length: ctx.pool.options.max }, () => ctx.pool.connect()));
    try {
      const counts = await Promise.all(
        clients.map(async (client) => {
          const { rows } = await client.query<{ generic: number }>(
            `select coalesce(sum(generic_plans), 0)::int as generic from pg_prepared_statements
             where statement like 'select ''{"tickets":''%'`,
          );
          return rows[0]!.generic;
        }),
      );
      expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    } finally {
      for (const client of clients) client.release();
    }
  });
});
