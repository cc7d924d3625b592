import type { BillingRunDetail } from '@switchboard/shared/billing/runs';
import {
  approveNotDraftedMessage,
  runCompanyStatuses,
  runWarningCodes,
  runAlreadyRunningMessage,
  runPostedNothingMessage,
  skipApprovedMessage,
  staleUsageMessage,
} from '@switchboard/shared/billing/runs';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import {
  contractBillingContacts,
  contractRecurringItems,
  contracts,
  usageAdjustments,
} from '../contracts/contracts.table.ts';
import { usageSnapshots } from '../contracts/usage-snapshots.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { laborItemMissingMessage, loadRunInputs, runSettings } from './billing-run-lines.ts';
import { billingRunTick } from './billing-runs.job.ts';
import { draftCompany, runMonth } from './billing-runs.service.ts';
import { billingEvents, billingRunCompanies, billingRuns } from './billing-runs.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { approveInvoice, unapproveInvoice, writeDraftInvoice } from './invoice-drafts.ts';
import { postInvoice } from './invoice-posting.ts';
import { invoiceLines, invoiceLineSources, invoices } from './invoices.table.ts';
import { billingSettings } from './ledger.table.ts';

// The monthly contract billing run (issue 27 part 7; designs/billing.md §4, §7; decisions 0070, 0071): drafting each
// company's month, idempotent twice over (advisory lock, partial unique index), resumed after a failure, approved,
// posted with the usage of the month before frozen, late time carried, and the permissions of the routes.

let ctx: TestContext;
let viewer: string; // 'view billing'
let approver: string; // 'view billing' + 'approve billing'
let plain: string;
let client: string;
let approverId: number;
const company: Record<'acme' | 'birch' | 'cedar' | 'dune' | 'elm', number> = {
  acme: 0,
  birch: 0,
  cedar: 0,
  dune: 0,
  elm: 0,
};
const item: Record<'retainer' | 'overage' | 'fee' | 'labor', number> = { retainer: 0, overage: 0, fee: 0, labor: 0 };
let techId: number;
const april = '2026-04-01';

// BillingRunDetail of shared runs.ts, field for field: the /billing home codes against it.
const countsSchema = z.object(
  Object.fromEntries(runCompanyStatuses.map((status) => [status, z.number().int()])) as Record<
    (typeof runCompanyStatuses)[number],
    z.ZodNumber
  >,
);
const runSummarySchema = z.object({
  id: z.number().int(),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  status: z.enum(['pending', 'running', 'drafted', 'done']),
  started_by: z.number().int().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  counts: countsSchema,
  clean_drafts: z.number().int(),
});
const runDetailSchema = z.object({
  run: runSummarySchema.nullable(),
  data: z.array(
    z.object({
      company_id: z.number().int(),
      company_name: z.string(),
      status: z.enum(runCompanyStatuses),
      invoices: z.array(
        z.object({
          id: z.number().int(),
          label: z.string(),
          type: z.enum(['contract', 'overage', 'project_deposit', 'project', 'one_off', 'credit_note']),
          status: z.enum(['draft', 'approved', 'posted', 'void']),
          state: z.string(),
          total: z.number(),
          previous_total: z.number().nullable(),
          change_percent: z.number().nullable(),
        }),
      ),
      total: z.number(),
      warnings: z.array(z.object({ code: z.enum(runWarningCodes), message: z.string() })),
      error: z.string(),
      updated_at: z.string(),
    }),
  ),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = approver) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), payload });

async function addContract(companyId: number, overrides: Partial<typeof contracts.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      companyId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      retainerItem: item.retainer,
      overageItem: item.overage,
      lateFeeItem: item.fee,
      retainerPrice: 125,
      overagePrice: 150,
      lateFeePercent: 1.5,
      retainerHours: 10,
      deviceCount: 25,
      maxRollover: 0,
      ...overrides,
    })
    .returning({ id: contracts.id });
  return row!.id;
}

async function addTicket(companyId: number, subject = 'Printer offline') {
  const [row] = await ctx.db
    .insert(tickets)
    .values({ subject, body: 'Help', companyId, location: 1, triageId: 3, status: 2 })
    .returning({ id: tickets.id });
  return row!.id;
}

async function checkIn(companyId: number, ticketId: number, start: string, hours: number, billable = 0) {
  const from = new Date(start);
  const [row] = await ctx.db
    .insert(checkIns)
    .values({
      userId: techId,
      companyId,
      ticketId,
      startTime: from,
      endTime: new Date(from.getTime() + hours * 3_600_000),
      billable,
    })
    .returning({ id: checkIns.id });
  return row!.id;
}

const runInvoices = (companyId: number, month = april) =>
  ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.billingMonth, month)))
    .orderBy(invoices.id);
const linesOf = (invoiceId: number) =>
  ctx.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(invoiceLines.lineNo);
const rowOf = async (companyId: number, month = april) => {
  const [run] = await ctx.db.select().from(billingRuns).where(eq(billingRuns.month, month));
  const [row] = await ctx.db
    .select()
    .from(billingRunCompanies)
    .where(and(eq(billingRunCompanies.runId, run!.id), eq(billingRunCompanies.companyId, companyId)));
  return row!;
};
/** Every run invoice of the month with its lines, to compare two runs. */
async function monthState(month = april) {
  const rows = await ctx.db
    .select({ id: invoices.id, companyId: invoices.companyId, type: invoices.type, total: invoices.total })
    .from(invoices)
    .where(eq(invoices.billingMonth, month))
    .orderBy(invoices.id);
  const lines = await ctx.db
    .select({ invoiceId: invoiceLines.invoiceId, description: invoiceLines.description, amount: invoiceLines.amount })
    .from(invoiceLines)
    .where(
      inArray(
        invoiceLines.invoiceId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(invoiceLines.invoiceId, invoiceLines.lineNo);
  return { rows, lines };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const names = {
    acme: 'Acme Dental',
    birch: 'Birch Legal',
    cedar: 'Cedar Clinic',
    dune: 'Dune Realty',
    elm: 'Elm Accounting',
  } as const;
  for (const key of Object.keys(names) as (keyof typeof names)[]) {
    const [row] = await ctx.db.insert(companies).values({ name: names[key] }).returning({ id: companies.id });
    company[key] = row!.id;
  }
  const made = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'Run Retainer', type: 'retainer', price: 125 },
      { name: 'Run Overage', type: 'overage', price: 150 },
      { name: 'Run Late Fee', type: 'fee', price: 0 },
      { name: 'Run Labor', type: 'service', price: 95 },
    ])
    .returning({ id: billingItems.id });
  [item.retainer, item.overage, item.fee, item.labor] = made.map((row) => row.id) as [number, number, number, number];

  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  approverId = a.id;
  const p = await createUser(ctx.db);
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, {
    type: 'Client',
    companyId: company.acme,
    permissions: ['view billing', 'approve billing'],
  });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  techId = (await createUser(ctx.db)).id;

  // Acme: 25 devices × $125, 10 hours a month, no rollover; 12 hours in March: 2 hours of overage at $150.
  const acmeContract = await addContract(company.acme);
  await ctx.db.insert(contractBillingContacts).values({ contractId: acmeContract, userId: c.id });
  const acmeTicket = await addTicket(company.acme);
  await checkIn(company.acme, acmeTicket, '2026-03-10T10:00:00Z', 8);
  await checkIn(company.acme, acmeTicket, '2026-03-11T10:00:00Z', 4);
  // Birch: a contract from April 13 (18 of 30 days); none in March, so March is time and materials.
  await addContract(company.birch, { startDate: '2026-04-13', deviceCount: 10, retainerPrice: 100 });
  const birchTicket = await addTicket(company.birch, 'New laptop');
  await checkIn(company.birch, birchTicket, '2026-03-05T09:00:00Z', 2.5);
  await checkIn(company.birch, birchTicket, '2026-03-06T09:00:00Z', 0.5);
  await checkIn(company.birch, birchTicket, '2026-03-07T09:00:00Z', 1, 1); // non-billable
  // Cedar: overage on its own invoice; 5 hours of retainer, 8 used in March.
  await addContract(company.cedar, { retainerHours: 5, deviceCount: 4 });
  await ctx.db.insert(companyBillingSettings).values({ companyId: company.cedar, separateOverageInvoice: true });
  await checkIn(company.cedar, await addTicket(company.cedar), '2026-03-20T10:00:00Z', 8);
  // Still open in March: not counted until checked out, and warned about.
  await ctx.db.insert(checkIns).values({
    userId: techId,
    companyId: company.cedar,
    ticketId: await addTicket(company.cedar, 'Still working'),
    startTime: new Date('2026-03-31T20:00:00Z'),
  });
  // Dune: a contract that ended in 2025 and an invoice overdue since January: a late fee, nothing else.
  await addContract(company.dune, { startDate: '2025-01-01', endDate: '2025-12-31', lateFeePercent: 2 });
  await ctx.db.transaction(async (tx) => {
    const id = await writeDraftInvoice(
      tx,
      {
        companyId: company.dune,
        type: 'one_off',
        lines: [{ kind: 'item', description: 'Firewall', quantity: '1', unitPrice: '1000.0000', taxable: 0 }],
      },
      approverId,
    );
    await approveInvoice(tx, id, approverId);
    await postInvoice(tx, id, approverId, '2026-01-05');
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('permissions (decision 0071)', () => {
  it('reads and runs with view billing; approving and posting need approve billing; clients never', async () => {
    expect((await call('GET', '/billing/runs', undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', '/billing/runs', undefined, plain)).statusCode).toBe(403);
    expect((await call('GET', '/billing/runs', undefined, client)).statusCode).toBe(403);
    expect((await call('POST', '/billing/runs/2026-04', undefined, client)).statusCode).toBe(403);
    expect((await call('POST', '/billing/runs/2026-04/approve', { clean: true }, viewer)).statusCode).toBe(403);
    expect((await call('POST', '/billing/runs/2026-04/post', undefined, viewer)).statusCode).toBe(403);
    expect((await call('GET', '/billing/runs/2026-13', undefined, viewer)).statusCode).toBe(404);
    const before = await call('GET', '/billing/runs/2026-04', undefined, viewer);
    expect(before.json<BillingRunDetail>()).toMatchObject({ run: null, data: [], total: 0 });
    expect((await call('POST', '/billing/runs/2026-04/post')).statusCode).toBe(404);
  });
});

describe('drafting a month', () => {
  it('drafts every listed company; one that fails is marked failed with its message and the others go on', async () => {
    const summary = await runMonth(ctx.app, april, approverId);
    expect(summary).toMatchObject({ month: '2026-04', status: 'drafted' });
    expect((await rowOf(company.birch)).status).toBe('failed');
    expect((await rowOf(company.birch)).error).toBe(laborItemMissingMessage);
    expect((await rowOf(company.acme)).status).toBe('drafted');
    expect((await rowOf(company.cedar)).status).toBe('drafted');
    expect((await rowOf(company.dune)).status).toBe('drafted');
    expect(await runInvoices(company.birch)).toEqual([]);
    // Elm has nothing: no contract, no time, nothing overdue.
    const [elm] = await ctx.db.select().from(billingRunCompanies).where(eq(billingRunCompanies.companyId, company.elm));
    expect(elm).toBeUndefined();
  });

  it('bills the retainer in advance and last month’s overage, each line explained', async () => {
    const [invoice, ...more] = await runInvoices(company.acme);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ type: 'contract', status: 'draft', invoiceDate: april, total: '3425.00' });
    const lines = await linesOf(invoice!.id);
    expect(lines.map((line) => [line.kind, line.description, line.amount])).toEqual([
      ['retainer', 'Run Retainer, April 2026, 25 devices × $125.00', '3125.00'],
      ['overage', 'Run Overage, March 2026, 2 hours × $150.00', '300.00'],
    ]);
    expect(lines[1]!.explain).toMatchObject({ usage_month: '2026-03', overage_hours: 2, balance_hours: -2, rate: 150 });
  });

  it('puts the overage on its own invoice when the company asks', async () => {
    const rows = await runInvoices(company.cedar);
    expect(rows.map((row) => [row.type, row.total])).toEqual([
      ['contract', '500.00'],
      ['overage', '450.00'],
    ]);
    expect((await rowOf(company.cedar)).warnings).toContainEqual({
      code: 'open_check_ins',
      message: '1 check-in is still open in March 2026.',
    });
  });

  it('charges a late fee on what is overdue, from the contract that ended', async () => {
    const [invoice] = await runInvoices(company.dune);
    const lines = await linesOf(invoice!.id);
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([['late_fee', '20.00']]);
    expect(lines[0]!.explain).toMatchObject({ base: 1000, percent: 2 });
    expect(invoice!.lateFeeTotal).toBe('20.00');
  });

  it('running the month twice gives the same invoices', async () => {
    const before = await monthState();
    await runMonth(ctx.app, april, approverId);
    expect(await monthState()).toEqual(before);
  });

  it('two runs started at once give one set', async () => {
    const before = await monthState();
    const results = await Promise.allSettled([
      runMonth(ctx.app, april, approverId),
      runMonth(ctx.app, april, approverId),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect((r as PromiseRejectedResult).reason.message).toBe(runAlreadyRunningMessage);
    expect(await monthState()).toEqual(before);
  });

  it('two workers drafting one company at once make one invoice (advisory lock and unique index)', async () => {
    await addContract(company.elm, { deviceCount: 3 });
    const [run] = await ctx.db.select().from(billingRuns).where(eq(billingRuns.month, april));
    const outcomes = await Promise.all([
      draftCompany(ctx.app, run!, company.elm, { refresh: false, actorId: null }),
      draftCompany(ctx.app, run!, company.elm, { refresh: false, actorId: null }),
    ]);
    expect(outcomes.map((o) => o.changed).sort()).toEqual([false, true]);
    expect(await runInvoices(company.elm)).toHaveLength(1);
    // Even a refresh racing a refresh keeps one.
    await Promise.all([
      draftCompany(ctx.app, run!, company.elm, { refresh: true, actorId: null }),
      draftCompany(ctx.app, run!, company.elm, { refresh: true, actorId: null }),
    ]);
    expect(await runInvoices(company.elm)).toHaveLength(1);
  });

  it('resumes after the failure is fixed, without duplicating the companies already drafted', async () => {
    const before = await monthState();
    await ctx.db.update(billingSettings).set({ laborItemId: item.labor }).where(eq(billingSettings.id, 1));
    await runMonth(ctx.app, april, approverId);
    expect((await rowOf(company.birch)).status).toBe('drafted');
    const after = await monthState();
    expect(after.rows.filter((row) => row.companyId !== company.birch)).toEqual(before.rows);
    const [invoice] = await runInvoices(company.birch);
    const lines = await linesOf(invoice!.id);
    // Retainer prorated 18 of 30 days; March's billable time at the labor item's price, one line for the ticket.
    expect(lines.map((line) => [line.kind, line.quantity, line.amount, line.proration])).toEqual([
      ['retainer', '10.00', '600.00', { days: 18, of: 30 }],
      ['labor', '3.00', '285.00', null],
    ]);
    const sources = await ctx.db
      .select()
      .from(invoiceLineSources)
      .where(eq(invoiceLineSources.invoiceLineId, lines[1]!.id));
    expect(sources).toHaveLength(2);
    // A refresh bills the same check-ins again on its own draft, never twice.
    await call('POST', `/billing/runs/2026-04/companies/${company.birch}/refresh`, undefined, viewer);
    const [again] = await runInvoices(company.birch);
    expect(again!.id).toBe(invoice!.id);
    expect((await linesOf(again!.id)).map((line) => line.amount)).toEqual(['600.00', '285.00']);
  });

  it('announces each committed company on the billing channel (BillingRunUpdated, InvoiceUpdated)', async () => {
    await ctx.db.update(contracts).set({ deviceCount: 4 }).where(eq(contracts.companyId, company.elm));
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    try {
      await call('POST', `/billing/runs/2026-04/companies/${company.elm}/refresh`, undefined, viewer);
      const [invoice] = await runInvoices(company.elm);
      expect(invoice!.total).toBe('500.00');
      expect(emit).toHaveBeenCalledWith('billing', 'InvoiceUpdated', { id: invoice!.id, company_id: company.elm });
      expect(emit).toHaveBeenCalledWith('billing', 'BillingRunUpdated', { month: '2026-04', company_id: company.elm });
    } finally {
      emit.mockRestore();
    }
  });

  it('a refresh that changes nothing leaves the draft, its lines and its log as they are', async () => {
    const [invoice] = await runInvoices(company.acme);
    const lines = await linesOf(invoice!.id);
    const events = await ctx.db.select().from(billingEvents).where(eq(billingEvents.entityId, invoice!.id));
    await call('POST', `/billing/runs/2026-04/companies/${company.acme}/refresh`, undefined, viewer);
    expect(await linesOf(invoice!.id)).toEqual(lines);
    expect(await ctx.db.select().from(billingEvents).where(eq(billingEvents.entityId, invoice!.id))).toEqual(events);
  });

  it('refuses a bad approve body, an unknown company and a company outside the run', async () => {
    expect((await call('POST', '/billing/runs/2026-04/approve', {})).statusCode).toBe(422);
    const empty = await call('POST', '/billing/runs/2026-04/approve', { company_ids: [] });
    expect(empty.statusCode).toBe(422);
    expect((await call('POST', '/billing/runs/2026-04/companies/999999/refresh', undefined, viewer)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/billing/runs/2026-04/companies/abc/skip', undefined, viewer)).statusCode).toBe(404);
    expect((await call('POST', '/billing/runs/2030-01/companies/1/refresh', undefined, viewer)).statusCode).toBe(404);
  });

  it('answers the run with its companies, warnings and filters', async () => {
    const detail = expectExactShape(
      runDetailSchema,
      (await call('GET', '/billing/runs/2026-04', undefined, viewer)).json(),
    ) as BillingRunDetail;
    expect(detail.run).toMatchObject({ month: '2026-04', counts: { drafted: 5, failed: 0 } });
    expect(detail.data.map((row) => row.company_name)).toEqual([
      'Acme Dental',
      'Birch Legal',
      'Cedar Clinic',
      'Dune Realty',
      'Elm Accounting',
    ]);
    const acme = detail.data.find((row) => row.company_id === company.acme)!;
    expect(acme).toMatchObject({ total: 3425, warnings: [] });
    expect(acme.invoices[0]).toMatchObject({
      type: 'contract',
      status: 'draft',
      label: `Draft ${acme.invoices[0]!.id}`,
    });
    const birch = detail.data.find((row) => row.company_id === company.birch)!;
    expect(birch.warnings.map((w) => w.code)).toEqual(['no_billing_contact']);
    const flagged = (await call('GET', '/billing/runs/2026-04?warnings=1', undefined, viewer)).json<BillingRunDetail>();
    expect(flagged.data.map((row) => row.company_id)).not.toContain(company.acme);
    const search = (
      await call('GET', '/billing/runs/2026-04?search=ced&per_page=1', undefined, viewer)
    ).json<BillingRunDetail>();
    expect(search).toMatchObject({ total: 1, per_page: 1, last_page: 1 });
    expect(detail.run!.clean_drafts).toBe(
      detail.data.filter((row) => row.status === 'drafted' && row.warnings.length === 0).length,
    );
  });
});

describe('inputs read for many companies at once (decision 0088 addendum)', () => {
  it('reads each company of a chunk as it reads it alone', async () => {
    const settings = await runSettings(ctx.db);
    const ids = Object.values(company);
    const together = await loadRunInputs(ctx.db, ids, april, settings);
    for (const id of ids) {
      const alone = (await loadRunInputs(ctx.db, [id], april, settings)).get(id);
      expect(together.get(id)).toEqual(alone);
    }
    expect(together.get(company.acme)!.contracts).toHaveLength(1);
    expect(together.get(company.acme)!.live).toHaveLength(1);
  });

  it('reads a company again under its lock when its invoices moved since the chunk was read', async () => {
    const [run] = await ctx.db.select().from(billingRuns).where(eq(billingRuns.month, april));
    const before = await monthState();
    const settings = await runSettings(ctx.db);
    const stale = (await loadRunInputs(ctx.db, [company.acme], april, settings)).get(company.acme)!;
    // Read before the draft existed, and without the contract: used as they are, the draft would go.
    const outcome = await draftCompany(ctx.app, run!, company.acme, {
      refresh: true,
      actorId: approverId,
      settings,
      inputs: { ...stale, live: [], contracts: [] },
    });
    expect(outcome.status).toBe('drafted');
    expect(await monthState()).toEqual(before);
  });
});

describe('approving and posting', () => {
  it('approves every clean draft, then the chosen ones; a company not drafted is refused', async () => {
    const clean = await call('POST', '/billing/runs/2026-04/approve', { clean: true });
    expect(clean.statusCode).toBe(200);
    expect(clean.json().data.done).toContain(company.acme);
    expect(clean.json().data.done).not.toContain(company.birch);
    const chosen = await call('POST', '/billing/runs/2026-04/approve', {
      company_ids: [company.birch, company.cedar, company.acme],
    });
    expect(chosen.json().data.done.sort()).toEqual([company.birch, company.cedar].sort());
    expect(chosen.json().data.failed).toEqual([{ id: company.acme, message: approveNotDraftedMessage }]);
    expect((await rowOf(company.acme)).status).toBe('approved');
  });

  it('refuses to post a draft whose month’s usage moved since, and posts it once refreshed', async () => {
    const acmeTicket = await addTicket(company.acme, 'Late call');
    await checkIn(company.acme, acmeTicket, '2026-03-25T10:00:00Z', 1);
    const posted = await call('POST', '/billing/runs/2026-04/post');
    expect(posted.statusCode).toBe(200);
    const [acmeInvoice] = await runInvoices(company.acme);
    expect(posted.json().data.failed).toEqual([{ id: acmeInvoice!.id, message: staleUsageMessage('March 2026') }]);
    expect((await rowOf(company.cedar)).status).toBe('posted');
    expect((await rowOf(company.acme)).status).toBe('approved');
    await ctx.db.transaction((tx) => unapproveInvoice(tx, acmeInvoice!.id, approverId));
    await call('POST', `/billing/runs/2026-04/companies/${company.acme}/refresh`, undefined, viewer);
    expect((await linesOf(acmeInvoice!.id)).map((line) => line.amount)).toEqual(['3125.00', '450.00']);
    await call('POST', '/billing/runs/2026-04/approve', { company_ids: [company.acme] });
    const again = await call('POST', '/billing/runs/2026-04/post');
    expect(again.json().data).toEqual({ done: [acmeInvoice!.id], failed: [] });
    const [done] = await runInvoices(company.acme);
    expect(done).toMatchObject({ status: 'posted', invoiceDate: april });
    expect(done!.number).toMatch(/^INV-\d{6}$/);
    expect((await call('POST', '/billing/runs/2026-04/post')).json().message).toBe(runPostedNothingMessage);
  });

  it('freezes March at posting: the Usage tab shows it invoiced and April starts from its carry-out', async () => {
    const [acmeInvoice] = await runInvoices(company.acme);
    const [snapshot] = await ctx.db
      .select()
      .from(usageSnapshots)
      .where(and(eq(usageSnapshots.companyId, company.acme), eq(usageSnapshots.month, '2026-03-01')));
    expect(snapshot).toMatchObject({ totalUsed: '13.00', balance: '-3.00', overageHours: '3.00' });
    expect(snapshot!.invoiceId).toBe(acmeInvoice!.id);
    // Cedar's month is frozen by its overage invoice, not by its contract invoice.
    const [cedarOverage] = (await runInvoices(company.cedar)).filter((row) => row.type === 'overage');
    const [cedarSnapshot] = await ctx.db
      .select()
      .from(usageSnapshots)
      .where(eq(usageSnapshots.companyId, company.cedar));
    expect(cedarSnapshot!.invoiceId).toBe(cedarOverage!.id);

    const detail = await call('GET', `/company/${company.acme}`, undefined, viewer);
    const usage = detail.json().data.monthly_usage as { id: string; invoiced?: boolean; invoice_id?: number }[];
    expect(usage.find((row) => row.id === '2026-03')).toMatchObject({ invoiced: true, invoice_id: acmeInvoice!.id });
    expect(usage.find((row) => row.id === '2026-04')!.invoiced).toBeUndefined();
  });

  it('a refresh after posting changes nothing', async () => {
    const before = await monthState();
    const rowBefore = await rowOf(company.acme);
    const response = await call('POST', `/billing/runs/2026-04/companies/${company.acme}/refresh`, undefined, viewer);
    expect(response.statusCode).toBe(200);
    expect(await monthState()).toEqual(before);
    expect((await rowOf(company.acme)).status).toBe(rowBefore.status);
  });

  it('charges one late fee per company and month, however often the month is run', async () => {
    await runMonth(ctx.app, april, approverId);
    await call('POST', `/billing/runs/2026-04/companies/${company.dune}/refresh`, undefined, viewer);
    const fees = await ctx.db
      .select({ id: invoiceLines.id })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(
        and(
          eq(invoices.companyId, company.dune),
          eq(invoices.billingMonth, april),
          eq(invoiceLines.kind, 'late_fee'),
          sql`${invoices.status} <> 'void'`,
        ),
      );
    expect(fees).toHaveLength(1);
  });

  it('skips a drafted company (its drafts go) but not an approved or posted one', async () => {
    const refused = await call('POST', `/billing/runs/2026-04/companies/${company.acme}/skip`, undefined, viewer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.company_id).toEqual([skipApprovedMessage]);
    const skipped = await call('POST', `/billing/runs/2026-04/companies/${company.elm}/skip`, undefined, viewer);
    expect(skipped.statusCode).toBe(200);
    expect(await runInvoices(company.elm)).toEqual([]);
    expect((await rowOf(company.elm)).status).toBe('skipped');
    // A resumed run leaves a skipped company skipped.
    await runMonth(ctx.app, april, approverId);
    expect(await runInvoices(company.elm)).toEqual([]);
  });

  it('drafts a voided invoice again', async () => {
    const [posted] = await runInvoices(company.acme);
    const voided = await call('POST', `/billing/invoices/${posted!.id}/void`, { reason: 'Wrong device count' });
    expect(voided.statusCode).toBe(200);
    await call('POST', `/billing/runs/2026-04/companies/${company.acme}/refresh`, undefined, viewer);
    const rows = await runInvoices(company.acme);
    expect(rows.map((row) => row.status)).toEqual(['void', 'draft']);
    expect((await rowOf(company.acme)).status).toBe('drafted');
  });
});

describe('late time (design §4)', () => {
  it('moves hours checked in on a frozen month to the first open month, once, hours conserved', async () => {
    const ticket = await addTicket(company.acme, 'Forgotten visit');
    await checkIn(company.acme, ticket, '2026-03-28T10:00:00Z', 2);
    await runMonth(ctx.app, '2026-05-01', approverId);
    const adjustments = await ctx.db
      .select()
      .from(usageAdjustments)
      .where(and(eq(usageAdjustments.companyId, company.acme), isNotNull(usageAdjustments.sourceMonth)));
    expect(adjustments.map((a) => [a.month, a.hours, a.reason, a.sourceMonth])).toEqual([
      ['2026-04-01', -2, 'Late time from March 2026', '2026-03-01'],
    ]);
    await call('POST', `/billing/runs/2026-05/companies/${company.acme}/refresh`, undefined, viewer);
    const again = await ctx.db
      .select()
      .from(usageAdjustments)
      .where(and(eq(usageAdjustments.companyId, company.acme), isNotNull(usageAdjustments.sourceMonth)));
    expect(again).toHaveLength(1);
    // March stays as billed (13 hours), April carries the 2 late hours: 10 − 2 = 8, nothing billed twice.
    const detail = await call('GET', `/company/${company.acme}`, undefined, viewer);
    const usage = detail.json().data.monthly_usage as { id: string; total_used: number; balance: number }[];
    expect(usage.find((row) => row.id === '2026-03')).toMatchObject({ total_used: 13, balance: -3 });
    expect(usage.find((row) => row.id === '2026-04')).toMatchObject({ adjustments: -2, balance: 8 });
  });
});

describe('late fees waived', () => {
  it('drops the fee when the company waives late fees, and a company left with nothing is skipped', async () => {
    const [may] = await runInvoices(company.dune, '2026-05-01');
    expect((await linesOf(may!.id)).map((line) => line.kind)).toEqual(['late_fee']);
    await ctx.db
      .insert(companyBillingSettings)
      .values({ companyId: company.dune, waiveLateFees: true })
      .onConflictDoUpdate({ target: companyBillingSettings.companyId, set: { waiveLateFees: true } });
    await call('POST', `/billing/runs/2026-05/companies/${company.dune}/refresh`, undefined, viewer);
    expect(await runInvoices(company.dune, '2026-05-01')).toEqual([]);
    expect((await rowOf(company.dune, '2026-05-01')).status).toBe('skipped');
  });
});

describe('schedule and "Run now"', () => {
  it('the hourly tick starts the month once its run day and hour have passed, and only once', async () => {
    expect(await billingRunTick(ctx.app, new Date('2027-01-01T05:30:00Z'))).toBeNull();
    expect(await billingRunTick(ctx.app, new Date('2027-01-01T06:07:00Z'))).toBe('2027-01');
    expect(await billingRunTick(ctx.app, new Date('2027-01-01T07:07:00Z'))).toBeNull();
    const [run] = await ctx.db.select().from(billingRuns).where(eq(billingRuns.month, '2027-01-01'));
    expect(run).toMatchObject({ startedBy: null, status: 'drafted' });
  });

  it('POST starts the run in the background (202) and the companies arrive', async () => {
    const started = await call('POST', '/billing/runs/2026-06', undefined, viewer);
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ month: '2026-06' });
    let detail: BillingRunDetail;
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      detail = (await call('GET', '/billing/runs/2026-06', undefined, viewer)).json<BillingRunDetail>();
    } while (detail.run?.status === 'running' || detail.run?.finished_at === null);
    expect(detail.data.length).toBeGreaterThan(0);
    const list = await call('GET', '/billing/runs', undefined, viewer);
    expect(list.json().data.map((run: { month: string }) => run.month)).toEqual([
      '2027-01',
      '2026-06',
      '2026-05',
      '2026-04',
    ]);
  });
});

describe('the usage block of a run invoice (issue 27 leftover 4)', () => {
  /** The PDF's text, all pages joined (pdf.js, as invoice-delivery.test.ts reads it). */
  async function pdfText(file: Buffer): Promise<string> {
    const document = await getDocument({ data: new Uint8Array(file), verbosity: 0 }).promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((entry) => ('str' in entry ? entry.str : '')).join(' '));
    }
    await document.destroy();
    return pages.join('\n').replace(/\s+/g, ' ');
  }

  it('prints the month’s hours on a contract invoice without overage', async () => {
    const [row] = await ctx.db.insert(companies).values({ name: 'Fir Design' }).returning({ id: companies.id });
    const fir = row!.id;
    await addContract(fir, { retainerHours: 10, deviceCount: 5, maxRollover: 0 });
    await checkIn(fir, await addTicket(fir), '2026-05-12T10:00:00Z', 4);
    const [run] = await ctx.db.select().from(billingRuns).where(eq(billingRuns.month, '2026-06-01'));
    await draftCompany(ctx.app, run!, fir, { refresh: true, actorId: approverId });
    const [invoice, ...more] = await runInvoices(fir, '2026-06-01');
    expect(more).toEqual([]);
    const lines = await linesOf(invoice!.id);
    expect(lines.map((line) => line.kind)).toEqual(['retainer']);
    const preview = await call('GET', `/pdf/invoice/${invoice!.id}`);
    expect(preview.statusCode).toBe(200);
    const text = await pdfText(preview.rawPayload);
    for (const expected of [
      'Usage for May 2026',
      'Retainer hours: 10',
      'Hours used: 4',
      'Rollover hours: 0',
      'Overage hours: 0',
    ])
      expect(text).toContain(expected);
  });

  it('prints them on a contract invoice that bills no retainer, on its first recurring line', async () => {
    const [row] = await ctx.db.insert(companies).values({ name: 'Gum Tree Law' }).returning({ id: companies.id });
    const gum = row!.id;
    const contractId = await addContract(gum, { retainerHours: 6, retainerPrice: 0, deviceCount: 0, maxRollover: 0 });
    await ctx.db.insert(contractRecurringItems).values({ contractId, itemId: item.retainer, quantity: 3, price: 20 });
    await checkIn(gum, await addTicket(gum), '2026-05-14T10:00:00Z', 2);
    const [run] = await ctx.db.select().from(billingRuns).where(eq(billingRuns.month, '2026-06-01'));
    await draftCompany(ctx.app, run!, gum, { refresh: true, actorId: approverId });
    const [invoice] = await runInvoices(gum, '2026-06-01');
    expect((await linesOf(invoice!.id)).map((line) => line.kind)).toEqual(['recurring']);
    const text = await pdfText((await call('GET', `/pdf/invoice/${invoice!.id}`)).rawPayload);
    for (const expected of ['Usage for May 2026', 'Retainer hours: 6', 'Hours used: 2', 'Overage hours: 0'])
      expect(text).toContain(expected);
  });
});
