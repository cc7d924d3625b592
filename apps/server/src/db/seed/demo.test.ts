import { DEPARTMENT_TECH } from '@switchboard/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, type TestContext } from '../../../test/helpers.ts';
import {
  clientAccounts,
  companies,
  documentRevisions,
  employeeDepartments,
  noteRevisions,
  sites,
  tickets,
  users,
} from '../schema.ts';
import { DEMO_PASSWORD, demoCompanyNames, demoEmployeeEmails, emailOf, seedDemo, shortnameOf } from './demo.ts';

describe('seedDemo', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function counts() {
    const [row] = (
      await ctx.db.execute<{
        companies: number;
        sites: number;
        accounts: number;
        employees: number;
        contracts: number;
        devices: number;
        grades: number;
        flags: number;
        tickets: number;
      }>(sql`
        select (select count(*) from companies)::int as companies,
               (select count(*) from contracts)::int as contracts,
               (select count(*) from devices)::int as devices,
               (select count(*) from network_grades)::int as grades,
               (select count(*) from company_flags)::int as flags,
               (select count(*) from tickets)::int as tickets,
               (select count(*) from sites)::int as sites,
               (select count(*) from client_accounts)::int as accounts,
               (select count(*) from users where type = 'Employee')::int as employees`)
    ).rows;
    return row;
  }

  // The whole demo twice (every area adds to it): 10-15 s on a quiet machine, over 30 s at a load of 28.
  it('adds 25 companies and 12 employees, and nothing more when run again', { timeout: 120_000 }, async () => {
    const first = await seedDemo(ctx.db, { billing: false });
    expect(first.companiesCreated).toBe(25);
    expect(first.employeesCreated).toBe(12);
    const after = await counts();
    expect(after.companies).toBe(25);
    expect(after.employees).toBe(12);
    // Every company gets a contract, a grade and devices; most get a flag (issue 6).
    expect(after.contracts).toBe(25);
    expect(after.grades).toBe(25);
    expect(after.devices).toBeGreaterThan(25 * 10);
    expect(after.flags).toBeGreaterThan(10);
    // A few hundred tickets over the last three months (issue 7).
    expect(after.tickets).toBeGreaterThan(200);

    const second = await seedDemo(ctx.db, { billing: false });
    expect(second).toMatchObject({ companiesCreated: 0, employeesCreated: 0, clientAccountsCreated: 0 });
    expect(await counts()).toEqual(after);
    expect(new Set(demoCompanyNames).size).toBe(25);
    const employees = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, demoEmployeeEmails));
    expect(employees).toHaveLength(12);
  });

  it('gives every company 1-3 located sites and 2-4 accounts, the first being its primary user', async () => {
    const rows = await ctx.db.select().from(companies);
    for (const company of rows) {
      const companySites = await ctx.db.select().from(sites).where(eq(sites.companyId, company.id));
      expect(companySites.length, company.name).toBeGreaterThanOrEqual(1);
      expect(companySites.length, company.name).toBeLessThanOrEqual(3);
      for (const site of companySites) {
        expect(site.regionId).not.toBeNull();
        expect(site.zip).toMatch(/^\d{5}$/);
        // Inside the contiguous United States.
        expect(site.latitude).toBeGreaterThan(24);
        expect(site.latitude).toBeLessThan(50);
        expect(site.longitude).toBeGreaterThan(-125);
        expect(site.longitude).toBeLessThan(-66);
      }
      const accounts = await ctx.db
        .select({
          userId: clientAccounts.userId,
          office: clientAccounts.officeNumber,
          cell: clientAccounts.phoneNumber,
        })
        .from(clientAccounts)
        .where(eq(clientAccounts.companyId, company.id))
        .orderBy(clientAccounts.userId);
      expect(accounts.length, company.name).toBeGreaterThanOrEqual(2);
      expect(accounts.length, company.name).toBeLessThanOrEqual(4);
      expect(company.primaryUserId).toBe(accounts[0].userId);
      expect(company.industryId).not.toBeNull();
      expect(company.website).toMatch(/^https:\/\/www\.[a-z]+\.example$/);
      for (const account of accounts) {
        expect(account.office).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(account.cell).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      }
    }
  });

  it('puts every demo employee in a department and lets them sign in with the demo password', async () => {
    const departments = await ctx.db
      .select({ userId: employeeDepartments.userId })
      .from(employeeDepartments)
      .innerJoin(users, eq(users.id, employeeDepartments.userId))
      .where(inArray(sql`lower(${users.email})`, demoEmployeeEmails));
    expect(new Set(departments.map((row) => row.userId)).size).toBe(12);
    const dispatcher = await login(ctx.app, 'dana.whitaker@switchboard.example', DEMO_PASSWORD);
    expect(dispatcher.permissions).toContain('edit checkinout times');
    const salesAgent = await login(ctx.app, 'brandon.reyes@switchboard.example', DEMO_PASSWORD);
    expect(salesAgent.permissions).toEqual(expect.arrayContaining(['view crm', 'phone access']));
    expect(salesAgent.permissions).not.toContain('manage employee permissions');
  });

  it('assigns and escalates demo tickets to technicians only (department tech)', async () => {
    await seedDemo(ctx.db, { billing: false });
    const inTech = await ctx.db
      .select({ id: employeeDepartments.userId })
      .from(employeeDepartments)
      .where(eq(employeeDepartments.departmentId, DEPARTMENT_TECH));
    const technicians = new Set(inTech.map((row) => row.id));
    const assigned = await ctx.db.select({ employeeId: tickets.employeeId, escTech: tickets.escTech }).from(tickets);
    expect(assigned.length).toBeGreaterThan(200);
    const people = new Set(assigned.flatMap(({ employeeId, escTech }) => [employeeId, escTech]));
    // Escalation is optional (null); everyone named is a technician.
    expect([...people].filter((id) => id !== null && !technicians.has(id))).toEqual([]);
    // Spread over the technicians rather than piled on one.
    expect(new Set(assigned.map((ticket) => ticket.employeeId)).size).toBe(technicians.size);
  });

  it('adds quotes with two and three revisions and a document with two, once, the first readable by the demo client', async () => {
    const dataDir = ctx.config.dataDir;
    const first = await seedDemo(ctx.db, { dataDir, billing: false });
    const revisionCounts = () =>
      ctx.db
        .select({ type: documentRevisions.type, recordId: documentRevisions.recordId, n: sql<number>`count(*)::int` })
        .from(documentRevisions)
        .groupBy(documentRevisions.type, documentRevisions.recordId)
        .orderBy(documentRevisions.type, documentRevisions.recordId);
    const once = await revisionCounts();
    await seedDemo(ctx.db, { dataDir, billing: false });
    const counts = await revisionCounts();
    expect(counts).toEqual(once);
    // Other demos (project overviews and quotes, invoices, strategies) keep one revision each; these have more.
    const revised = (type: string) =>
      counts
        .filter((row) => row.type === type && row.n > 1)
        .map((row) => row.n)
        .sort();
    expect([revised('document'), revised('po'), revised('quote')]).toEqual([[2], [2], [2, 3]]);
    const client = first.signIns.find((signIn) => signIn.type === 'Client')!;
    const token = (await login(ctx.app, client.email, DEMO_PASSWORD)).access_token;
    const quoteId = counts.find((row) => row.type === 'quote' && row.n === 2)!.recordId;
    const revisions = await ctx.app.inject({
      method: 'GET',
      url: `/api/revisions/quote/${quoteId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revisions.json().data.map((row: { label: string }) => row.label)).toEqual(['00', '01']);
  });

  it('gives demo tickets notes with history: the first notes, then the closing ones on closed tickets', async () => {
    await seedDemo(ctx.db, { billing: false });
    const rows = await ctx.db
      .select({ note: noteRevisions.note, n: sql<number>`count(*)::int` })
      .from(noteRevisions)
      .groupBy(noteRevisions.note);
    expect(rows.length).toBeGreaterThan(200);
    expect(new Set(rows.map((row) => row.n))).toEqual(new Set([1, 2]));
  });

  it('adds thirty projects over every step, each with its twelve step tickets, once', async () => {
    await seedDemo(ctx.db, { billing: false });
    await seedDemo(ctx.db, { billing: false });
    const rows = await ctx.db.execute<{ project_id: number; steps: number; open_from: number | null }>(sql`
      select project_id, count(*)::int as steps, min(project_order) filter (where status <> 1) as open_from
      from tickets where project_id is not null group by project_id`);
    expect(rows.rows.length).toBe(30);
    expect(rows.rows.every((row) => row.steps === 12)).toBe(true);
    // Every step has a project waiting on it, and some are complete (no open step).
    const reached = new Set(rows.rows.map((row) => row.open_from));
    expect([...Array(12).keys()].every((order) => reached.has(order))).toBe(true);
    expect(reached.has(null)).toBe(true);
  });

  it('writes thirty whiteboard articles in nested categories, once', async () => {
    await seedDemo(ctx.db, { billing: false });
    const count = async () =>
      (
        await ctx.db.execute<{ articles: number; categories: number; nested: number }>(sql`
          select (select count(*) from whiteboard_articles)::int as articles,
                 (select count(*) from whiteboard_categories)::int as categories,
                 (select count(*) from whiteboard_categories where parent_id is not null)::int as nested`)
      ).rows[0];
    const first = await count();
    expect(first).toEqual({ articles: 30, categories: 12, nested: 6 });
    await seedDemo(ctx.db, { billing: false });
    expect(await count()).toEqual(first);
  });

  it('gives the projects past Procurement shipments with history, once', async () => {
    await seedDemo(ctx.db, { billing: false });
    const rows = await ctx.db.execute<{ current_step: number | null; shipments: number; events: number }>(sql`
      select p.current_step, count(distinct s.id)::int as shipments, count(h.id)::int as events
      from shipments s join projects p on p.id = s.project_id left join shipment_history h on h.shipment_id = s.id
      group by p.id, p.current_step`);
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(rows.rows.every((row) => row.current_step === null || row.current_step > 8)).toBe(true);
    expect(rows.rows.every((row) => row.shipments >= 1 && row.events >= 4)).toBe(true);
    const count = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from shipments`)).rows;
    const before = await count();
    await seedDemo(ctx.db, { billing: false });
    expect(await count()).toEqual(before);
  });

  it('makes e-mail addresses and short names from names', () => {
    expect(emailOf("Dr. Tomás O'Neil", 'acme.example')).toBe('tomas.oneil@acme.example');
    expect(shortnameOf('Dr. Helen Park')).toBe('Helen P.');
    expect(shortnameOf('Cher')).toBe('Cher');
  });
});
