import {
  billingChannel,
  carryOutOf,
  contractForMonth,
  type BillingRunUpdatedPayload,
  type InvoiceUpdatedPayload,
} from '@switchboard/shared';
import { billingDate, monthEnd } from '@switchboard/shared/billing/billing-date';
import { invoiceLabel } from '@switchboard/shared/billing/invoices';
import {
  centsFromNumeric,
  dollarsFromCents,
  numericFromCents,
  unitsFromNumeric,
} from '@switchboard/shared/billing/money';
import { invoicePaymentState, type InvoiceStatus } from '@switchboard/shared/billing/payment-state';
import { changePercent, monthLabel, previousMonth, runWarnings } from '@switchboard/shared/billing/run-lines';
import {
  approveNotDraftedMessage,
  runAlreadyRunningMessage,
  runCompanyNotListedMessage,
  runCompanyStatuses,
  runCompanyStatusOf,
  runNotStartedMessage,
  runPostedNothingMessage,
  skipApprovedMessage,
  staleUsageMessage,
  type BillingRunDetail,
  type BillingRunSummary,
  type RunActionResult,
  type RunCompanyInvoice,
  type RunCompanyRow,
  type RunCompanyStatus,
  type RunWarning,
} from '@switchboard/shared/billing/runs';
import type { InvoiceType } from '@switchboard/shared/billing/invoices';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { AppInstance } from '../../app-instance.ts';
import type { Db, DbOrTransaction, Transaction } from '../../db/client.ts';
import { toPage, type Page } from '../../db/paginate.ts';
import { conflict, HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { listContracts } from '../contracts/contracts.service.ts';
import { usageSnapshots } from '../contracts/usage-snapshots.table.ts';
import { billingRunCompanies, billingRuns } from './billing-runs.table.ts';
import {
  liveRunInvoices,
  loadRunInputs,
  planFromInputs,
  runSettings,
  usageRowOf,
  type LiveRunInvoice,
  type RunCompanyInputs,
  type RunSettings,
} from './billing-run-lines.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import {
  approveInvoice,
  companyTax,
  computeDraft,
  draftLinesOf as storedDraftLines,
  recordBillingEvent,
  replaceDraftLines,
  writeDraftInvoice,
  type DraftLine,
} from './invoice-drafts.ts';
import { announceInvoicePosted, postInvoice, type PostedInvoiceResult } from './invoice-posting.ts';
import { invoiceLines, invoiceLineSources, invoices } from './invoices.table.ts';

// The monthly contract billing run (designs/billing.md §4; decision 0070). Idempotent per company and month twice
// over: each company is drafted in its own transaction under pg_advisory_xact_lock(company, month) and does nothing
// once its row is drafted or beyond (a refresh recomputes drafts only), and the partial unique index on invoices
// refuses a second live contract or overage invoice even if two workers race. Months are 'YYYY-MM-01' inside.

type RunRow = typeof billingRuns.$inferSelect;

/** '2026-04' -> '2026-04-01'. */
export const runMonthStart = (month: string): string => `${month}-01`;
const ym = (month: string) => month.slice(0, 7);
/** The advisory lock's second key: months since year 0, one int4 per month. */
const monthKey = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
/**
 * Companies drafted at once by one run: up to four, using at most half the pool beside the run's own lock
 * connection, so requests keep connections while a month drafts (the default pool of 5 drafts two at a time).
 */
function runConcurrency(db: Db): number {
  const max = (db as unknown as { $client: pg.Pool }).$client.options.max ?? 10;
  return Math.min(4, Math.max(1, Math.floor((max - 1) / 2)));
}
/** Companies whose inputs the run reads at once (a few hundred rows of check-in hours each). */
const inputsChunk = 200;
/** The run-wide session lock's first key (company ids are the first key of the per-company lock, always > 0). */
const runLockKey = -2_027;

function announceRun(app: AppInstance, month: string, companyId: number | null, invoiceIds: number[] = []): void {
  for (const id of invoiceIds)
    app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
      id,
      company_id: companyId ?? 0,
    } satisfies InvoiceUpdatedPayload);
  app.realtime.emitToStaff(billingChannel, 'BillingRunUpdated', {
    month: ym(month),
    company_id: companyId,
  } satisfies BillingRunUpdatedPayload);
}

async function findRun(db: DbOrTransaction, month: string): Promise<RunRow | null> {
  const [run] = await db.select().from(billingRuns).where(eq(billingRuns.month, month));
  return run ?? null;
}

async function requireRun(db: DbOrTransaction, month: string): Promise<RunRow> {
  const run = await findRun(db, month);
  if (!run) throw notFound(runNotStartedMessage);
  return run;
}

/** The run's date: the day it started in the billing time zone (the late fee is computed as of it, every refresh). */
const runDateOf = (run: RunRow, settings: RunSettings) => billingDate(run.startedAt, settings.timeZone).date;

/** Companies the run lists (design §4): a contract governing M or M−1, unbilled billable time, or overdue invoices. */
async function companiesToBill(db: Db, run: RunRow, settings: RunSettings): Promise<number[]> {
  const month = run.month;
  const usageMonth = previousMonth(month);
  const runDate = runDateOf(run, settings);
  const result = await db.execute<{ id: number }>(sql`
    select c.id from companies c
    where exists (select 1 from contracts k where k.company_id = c.id
                  and k.start_date <= ${monthEnd(month)}::date and k.end_date >= ${usageMonth}::date)
       or exists (select 1 from check_ins ci where ci.company_id = c.id and ci.end_time is not null and ci.billable = 0
                  and ci.start_time >= ${usageMonth}::timestamptz - interval '1 day'
                  and ci.start_time < ${month}::timestamptz + interval '1 day'
                  and not exists (select 1 from invoice_line_sources s where s.check_in_id = ci.id))
       or exists (select 1 from invoices i where i.company_id = c.id and i.status = 'posted' and i.balance > 0
                  and i.type <> 'credit_note' and i.due_date < ${runDate}::date - ${settings.graceDays}::int)
    union
    select company_id from billing_run_companies where run_id = ${run.id}
    order by 1`);
  return result.rows.map((row) => Number(row.id));
}

export interface DraftOutcome {
  status: RunCompanyStatus;
  invoiceIds: number[];
  /** False when the company was already drafted or beyond and nothing was done. */
  changed: boolean;
}

/** JSON with its keys sorted: jsonb gives an object's keys back in its own order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

/**
 * True when a draft already holds exactly these lines at today's tax: a refresh then leaves it (and its line ids,
 * check-in links and the Invoice Log) as it is.
 */
async function draftUnchanged(tx: Transaction, invoiceId: number, companyId: number, lines: DraftLine[]) {
  const [invoice] = await tx
    .select({ subtotal: invoices.subtotal, taxTotal: invoices.taxTotal, total: invoices.total })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  const computed = computeDraft(lines, await companyTax(tx, companyId));
  if (
    !invoice ||
    invoice.subtotal !== numericFromCents(computed.subtotal) ||
    invoice.taxTotal !== numericFromCents(computed.taxTotal) ||
    invoice.total !== numericFromCents(computed.total)
  )
    return false;
  const stored = await storedDraftLines(tx, invoiceId);
  if (stored.length !== lines.length) return false;
  const sources =
    stored.length === 0
      ? []
      : await tx
          .select()
          .from(invoiceLineSources)
          .where(
            inArray(
              invoiceLineSources.invoiceLineId,
              stored.map((line) => line.id),
            ),
          );
  const checkInsOf = (lineId: number) =>
    sources
      .filter((source) => source.invoiceLineId === lineId)
      .map((source) => source.checkInId)
      .sort((a, b) => a - b);
  return stored.every((line, index) => {
    const want = computed.lines[index]!;
    return (
      line.kind === want.kind &&
      line.itemId === (want.itemId ?? null) &&
      line.description === want.description &&
      unitsFromNumeric(line.quantity, 2) === unitsFromNumeric(want.quantity, 2) &&
      unitsFromNumeric(line.unitPrice, 4) === unitsFromNumeric(want.unitPrice, 4) &&
      centsFromNumeric(line.amount) === want.amount &&
      centsFromNumeric(line.taxAmount) === want.taxAmount &&
      line.taxable === want.taxable &&
      line.periodStart === (want.periodStart ?? null) &&
      line.periodEnd === (want.periodEnd ?? null) &&
      canonical(line.proration) === canonical(want.proration) &&
      canonical(line.explain) === canonical(want.explain) &&
      canonical(checkInsOf(line.id)) === canonical([...(want.checkInIds ?? [])].sort((a, b) => a - b))
    );
  });
}

type CompanyPlan = Awaited<ReturnType<typeof planFromInputs>>;

/** Lines the drafts module takes. */
const draftLinesOf = (lines: CompanyPlan['invoices'][number]['lines']) =>
  lines.map((line): DraftLine => ({
    kind: line.kind,
    itemId: line.itemId,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    proration: line.proration,
    amount: line.amount,
    taxable: line.taxable,
    periodStart: line.periodStart,
    periodEnd: line.periodEnd,
    explain: line.explain,
    ...(line.checkInIds ? { checkInIds: line.checkInIds } : {}),
  }));

/**
 * Drafts (or with `refresh`, recomputes) one company's month in one transaction. Does nothing when the company's
 * row is drafted or beyond and this is not a refresh; a refresh replaces drafts, leaves approved and posted invoices
 * as they are and drafts again a type whose invoice was voided.
 */
export async function draftCompany(
  app: AppInstance,
  run: RunRow,
  companyId: number,
  options: { refresh: boolean; actorId: number | null; settings?: RunSettings; inputs?: RunCompanyInputs },
): Promise<DraftOutcome> {
  const settings = options.settings ?? (await runSettings(app.db));
  const month = run.month;
  const outcome = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, ${monthKey(month)}::int)`);
    const [row] = await tx
      .select()
      .from(billingRunCompanies)
      .where(and(eq(billingRunCompanies.runId, run.id), eq(billingRunCompanies.companyId, companyId)));
    if (!options.refresh && row && row.status !== 'pending' && row.status !== 'failed')
      return { status: row.status, invoiceIds: row.invoiceIds, changed: false, touched: [] as number[] };

    const existing = await liveRunInvoices(tx, [companyId], month);
    const drafts = existing.filter((invoice) => invoice.status === 'draft');
    // Read with many others before the lock: read again, under it, when the month's invoices moved since.
    const inputs =
      options.inputs && sameInvoices(options.inputs.live, existing)
        ? options.inputs
        : (await loadRunInputs(tx, [companyId], month, settings)).get(companyId)!;
    const plan = await planFromInputs(tx, inputs, month, runDateOf(run, settings), settings);
    const touched: number[] = [];
    for (const planned of plan.invoices) {
      const live = existing.find((invoice) => invoice.type === planned.type);
      const lines = draftLinesOf(planned.lines);
      if (!live) {
        const id = await writeDraftInvoice(
          tx,
          {
            companyId,
            type: planned.type,
            contractId: planned.contractId,
            runId: run.id,
            billingMonth: month,
            invoiceDate: month,
            lines,
          },
          options.actorId,
        );
        touched.push(id);
      } else if (live.status === 'draft' && !(await draftUnchanged(tx, live.id, companyId, lines))) {
        await replaceDraftLines(tx, live.id, lines, options.actorId);
        await tx.update(invoices).set({ runId: run.id }).where(eq(invoices.id, live.id));
        touched.push(live.id);
      }
    }
    // A draft whose lines are gone (its overage paid by a late adjustment, its time billed elsewhere) goes too.
    for (const draft of drafts)
      if (!plan.invoices.some((planned) => planned.type === draft.type)) {
        await tx.delete(invoices).where(eq(invoices.id, draft.id));
        touched.push(draft.id);
      }

    const after = await liveRunInvoices(tx, [companyId], month);
    const status =
      plan.invoices.length === 0 && after.length === 0 ? 'skipped' : runCompanyStatusOf(after.map((i) => i.status));
    const warnings = warningsFor(month, inputs.previousContractTotal, after, plan);
    const values = {
      status,
      invoiceIds: after.map((invoice) => invoice.id),
      warnings,
      error: '',
      updatedAt: new Date(),
    };
    await tx
      .insert(billingRunCompanies)
      .values({ runId: run.id, companyId, ...values })
      .onConflictDoUpdate({ target: [billingRunCompanies.runId, billingRunCompanies.companyId], set: values });
    return { status, invoiceIds: values.invoiceIds, changed: true, touched };
  });
  if (outcome.changed) announceRun(app, month, companyId, outcome.touched);
  return { status: outcome.status, invoiceIds: outcome.invoiceIds, changed: outcome.changed };
}

/** Same ids, statuses and totals: what the company's inputs were read with still holds. */
const sameInvoices = (a: LiveRunInvoice[], b: LiveRunInvoice[]) =>
  a.length === b.length && a.every((x, i) => x.id === b[i]!.id && x.status === b[i]!.status && x.total === b[i]!.total);

function warningsFor(
  month: string,
  previousTotal: string | null,
  live: LiveRunInvoice[],
  plan: CompanyPlan,
): RunWarning[] {
  const contract = live.find((invoice) => invoice.type === 'contract');
  const change =
    contract && previousTotal !== null
      ? changePercent(centsFromNumeric(contract.total), centsFromNumeric(previousTotal))
      : null;
  const facts = plan.facts;
  return runWarnings({
    month,
    billingContactEmails: facts.billingContactEmails,
    hasContract: facts.hasContract,
    contractEnd: facts.contractEnd,
    openCheckIns: facts.openCheckIns,
    taxable: plan.invoices.some((invoice) => invoice.lines.some((line) => line.taxable === 1)),
    taxRateId: facts.taxRateId,
    taxExempt: facts.taxExempt,
    exemptExpiresOn: facts.exemptExpiresOn,
    companyActive: facts.companyActive,
    change,
  });
}

/** Marks a company failed with the error's message (a 4xx's first field message, else a generic text). */
async function markFailed(db: Db, run: RunRow, companyId: number, error: unknown): Promise<void> {
  let message = 'The company could not be drafted.';
  if (error instanceof HttpError) {
    const errors = (error as HttpError & { errors?: Record<string, string[]> }).errors;
    message = Object.values(errors ?? {})[0]?.[0] ?? error.message;
  }
  const values = { status: 'failed' as const, error: message, updatedAt: new Date() };
  await db
    .insert(billingRunCompanies)
    .values({ runId: run.id, companyId, ...values })
    .onConflictDoUpdate({ target: [billingRunCompanies.runId, billingRunCompanies.companyId], set: values });
}

/** Holds the run's session advisory lock on a connection of its own while `work` runs; 409 when another holds it. */
async function withRunLock<T>(db: Db, month: string, work: () => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
      runLockKey,
      monthKey(month),
    ]);
    if (!rows[0]?.locked) throw conflict(runAlreadyRunningMessage);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [runLockKey, monthKey(month)]);
    }
  } finally {
    client.release();
  }
}

/** Makes the month's run row (or finds it) and marks it running; 409 while another run of the month is going on. */
export async function startRun(db: Db, month: string, actorId: number | null): Promise<RunRow> {
  await db.insert(billingRuns).values({ month, startedBy: actorId }).onConflictDoNothing();
  return requireRun(db, month);
}

/**
 * Starts or resumes the run of `month` ('YYYY-MM-01') and drafts its companies one after the other; a company that
 * fails is marked failed with its message and the others go on. Answers the run's summary when done.
 */
export async function runMonth(app: AppInstance, month: string, actorId: number | null): Promise<BillingRunSummary> {
  return withRunLock(app.db, month, async () => {
    const run = await startRun(app.db, month, actorId);
    await app.db.update(billingRuns).set({ status: 'running', finishedAt: null }).where(eq(billingRuns.id, run.id));
    announceRun(app, month, null);
    try {
      const settings = await runSettings(app.db);
      // A resumed run leaves what is drafted or beyond (draftCompany would do nothing with it).
      const done = new Set(
        (
          await app.db
            .select({ companyId: billingRunCompanies.companyId })
            .from(billingRunCompanies)
            .where(
              and(
                eq(billingRunCompanies.runId, run.id),
                sql`${billingRunCompanies.status} not in ('pending', 'failed')`,
              ),
            )
        ).map((row) => row.companyId),
      );
      const listed = (await companiesToBill(app.db, run, settings)).filter((id) => !done.has(id));
      for (let start = 0; start < listed.length; start += inputsChunk) {
        // A chunk's inputs in a few set-based statements, then each company in its own locked transaction, a few at
        // a time on their own connections so the database's round trips overlap.
        const queue = listed.slice(start, start + inputsChunk);
        const inputs = await loadRunInputs(app.db, queue, month, settings);
        const worker = async () => {
          for (let companyId = queue.shift(); companyId !== undefined; companyId = queue.shift()) {
            try {
              await draftCompany(app, run, companyId, {
                refresh: false,
                actorId,
                settings,
                inputs: inputs.get(companyId),
              });
            } catch (error) {
              app.log.warn({ companyId, month, message: (error as Error).message }, 'billing run: company failed');
              await markFailed(app.db, run, companyId, error);
              announceRun(app, month, companyId);
            }
          }
        };
        await Promise.all(Array.from({ length: runConcurrency(app.db) }, worker));
      }
    } finally {
      // A run that stopped half-way is drafted as far as it went; starting it again resumes it.
      await settleRun(app.db, run.id);
    }
    announceRun(app, month, null);
    return runSummary(app.db, (await requireRun(app.db, month)).id);
  });
}

/** The run's status and counts from its companies: done when every company is posted, sent or skipped. */
async function settleRun(db: DbOrTransaction, runId: number): Promise<void> {
  const counts = await companyCounts(db, [runId]);
  const mine = counts.get(runId)!;
  const open = mine.pending + mine.drafted + mine.failed + mine.approved;
  const listed = Object.values(mine).reduce((a, b) => a + b, 0);
  await db
    .update(billingRuns)
    .set({
      status: listed > 0 && open === 0 ? 'done' : 'drafted',
      finishedAt: new Date(),
      counts: mine,
    })
    .where(eq(billingRuns.id, runId));
}

type RunCounts = Record<RunCompanyStatus, number> & { clean: number };

async function companyCounts(db: DbOrTransaction, runIds: number[]): Promise<Map<number, RunCounts>> {
  const empty = (): RunCounts =>
    ({ ...Object.fromEntries(runCompanyStatuses.map((s) => [s, 0])), clean: 0 }) as RunCounts;
  const result = new Map<number, RunCounts>(runIds.map((id) => [id, empty()]));
  if (runIds.length === 0) return result;
  const rows = await db
    .select({
      runId: billingRunCompanies.runId,
      status: billingRunCompanies.status,
      count: sql<number>`count(*)::int`,
      clean: sql<number>`(count(*) filter (where jsonb_array_length(${billingRunCompanies.warnings}) = 0))::int`,
    })
    .from(billingRunCompanies)
    .where(inArray(billingRunCompanies.runId, runIds))
    .groupBy(billingRunCompanies.runId, billingRunCompanies.status);
  for (const row of rows) {
    const counts = result.get(row.runId)!;
    counts[row.status] = row.count;
    if (row.status === 'drafted') counts.clean = row.clean;
  }
  return result;
}

function summaryOf(run: RunRow, counts: RunCounts): BillingRunSummary {
  const { clean, ...byStatus } = counts;
  return {
    id: run.id,
    month: ym(run.month),
    status: run.status,
    started_by: run.startedBy,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    counts: byStatus,
    clean_drafts: clean,
  };
}

export async function runSummary(db: DbOrTransaction, runId: number): Promise<BillingRunSummary> {
  const [run] = await db.select().from(billingRuns).where(eq(billingRuns.id, runId));
  if (!run) throw notFound();
  return summaryOf(run, (await companyCounts(db, [run.id])).get(run.id)!);
}

/** GET /api/billing/runs: newest month first. */
export async function listRuns(db: Db, query: { page: number; per_page: number }): Promise<Page<BillingRunSummary>> {
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(billingRuns);
  const runs = await db
    .select()
    .from(billingRuns)
    .orderBy(desc(billingRuns.month))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const counts = await companyCounts(
    db,
    runs.map((run) => run.id),
  );
  return toPage(
    runs.map((run) => summaryOf(run, counts.get(run.id)!)),
    total,
    query,
  );
}

export interface RunCompaniesQuery {
  page: number;
  per_page: number;
  status?: RunCompanyStatus;
  warnings?: '0' | '1';
  search?: string;
}

/** GET /api/billing/runs/{month}: the run and a page of its companies with their invoices, in four statements. */
export async function getRunDetail(db: Db, month: string, query: RunCompaniesQuery): Promise<BillingRunDetail> {
  const run = await findRun(db, month);
  const empty = { current_page: query.page, per_page: query.per_page, total: 0, last_page: 1 };
  if (!run) return { run: null, data: [], ...empty };
  const filters: SQL[] = [eq(billingRunCompanies.runId, run.id)];
  if (query.status) filters.push(eq(billingRunCompanies.status, query.status));
  if (query.warnings === '1') filters.push(sql`jsonb_array_length(${billingRunCompanies.warnings}) > 0`);
  if (query.warnings === '0') filters.push(sql`jsonb_array_length(${billingRunCompanies.warnings}) = 0`);
  if (query.search) filters.push(sql`${companies.name} ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}`);
  const where = and(...filters);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(billingRunCompanies)
    .innerJoin(companies, eq(companies.id, billingRunCompanies.companyId))
    .where(where);
  const rows = await db
    .select({ row: billingRunCompanies, name: companies.name })
    .from(billingRunCompanies)
    .innerJoin(companies, eq(companies.id, billingRunCompanies.companyId))
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const companyIds = rows.map(({ row }) => row.companyId);
  const settings = await runSettings(db);
  const today = billingDate(new Date(), settings.timeZone).date;
  const current = await liveRunInvoices(db, companyIds, run.month);
  const previous = await liveRunInvoices(db, companyIds, previousMonth(run.month));
  const data: RunCompanyRow[] = rows.map(({ row, name }) => {
    const mine = current.filter((invoice) => invoice.companyId === row.companyId);
    const invoiceRows: RunCompanyInvoice[] = mine.map((invoice) => {
      const total = centsFromNumeric(invoice.total);
      const before = previous.find((p) => p.companyId === row.companyId && p.type === invoice.type);
      const previousTotal = before ? centsFromNumeric(before.total) : null;
      return {
        id: invoice.id,
        label: invoiceLabel(invoice),
        type: invoice.type as InvoiceType,
        status: invoice.status as InvoiceStatus,
        state: invoicePaymentState(
          {
            status: invoice.status as InvoiceStatus,
            total,
            balance: centsFromNumeric(invoice.balance),
            dueDate: invoice.dueDate,
          },
          today,
        ),
        total: dollarsFromCents(total),
        previous_total: previousTotal === null ? null : dollarsFromCents(previousTotal),
        change_percent: changePercent(total, previousTotal),
      };
    });
    const totalCents = mine.reduce((sum, invoice) => sum + centsFromNumeric(invoice.total), 0);
    return {
      company_id: row.companyId,
      company_name: name,
      status: row.status,
      invoices: invoiceRows,
      total: dollarsFromCents(totalCents),
      warnings: row.warnings as RunWarning[],
      error: row.error,
      updated_at: row.updatedAt.toISOString(),
    };
  });
  const page = toPage(data, total, query);
  const counts = (await companyCounts(db, [run.id])).get(run.id)!;
  return {
    run: summaryOf(run, counts),
    data: page.data,
    current_page: page.current_page,
    per_page: page.per_page,
    total: page.total,
    last_page: page.last_page,
  };
}

async function requireListedCompany(db: Db, run: RunRow, companyId: number) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const [row] = await db
    .select()
    .from(billingRunCompanies)
    .where(and(eq(billingRunCompanies.runId, run.id), eq(billingRunCompanies.companyId, companyId)));
  return row ?? null;
}

/** POST .../companies/{id}/refresh: recomputes the company's drafts from current data (approved and posted stay). */
export async function refreshCompany(
  app: AppInstance,
  month: string,
  companyId: number,
  actorId: number,
): Promise<DraftOutcome> {
  const run = await requireRun(app.db, month);
  await requireListedCompany(app.db, run, companyId);
  return draftCompany(app, run, companyId, { refresh: true, actorId });
}

/** POST .../companies/{id}/skip: the company is not billed this month; its drafts are deleted. */
export async function skipCompany(app: AppInstance, month: string, companyId: number, actorId: number): Promise<void> {
  const run = await requireRun(app.db, month);
  const listed = await requireListedCompany(app.db, run, companyId);
  if (!listed) throw unprocessable({ company_id: [runCompanyNotListedMessage] }, runCompanyNotListedMessage);
  const removed = await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, ${monthKey(month)}::int)`);
    const live = await liveRunInvoices(tx, [companyId], month);
    if (live.some((invoice) => invoice.status !== 'draft'))
      throw unprocessable({ company_id: [skipApprovedMessage] }, skipApprovedMessage);
    const ids = live.map((invoice) => invoice.id);
    if (ids.length > 0) await tx.delete(invoices).where(inArray(invoices.id, ids));
    await tx
      .update(billingRunCompanies)
      .set({ status: 'skipped', invoiceIds: [], updatedAt: new Date() })
      .where(and(eq(billingRunCompanies.runId, run.id), eq(billingRunCompanies.companyId, companyId)));
    // The Invoice Log shows who skipped whom (billing_events of the run).
    await recordBillingEvent(
      tx,
      { entityId: run.id, event: 'skipped', companyId, actorId, data: { month: ym(month), invoice_ids: ids } },
      'run',
    );
    return ids;
  });
  await settleRun(app.db, run.id);
  announceRun(app, month, companyId, removed);
}

/** Brings a company's row in line with its invoices after approving or posting them. */
async function syncCompanyRow(tx: DbOrTransaction, runId: number, month: string, companyId: number) {
  const live = await liveRunInvoices(tx, [companyId], month);
  await tx
    .update(billingRunCompanies)
    .set({
      status: runCompanyStatusOf(live.map((invoice) => invoice.status as InvoiceStatus)),
      invoiceIds: live.map((invoice) => invoice.id),
      updatedAt: new Date(),
    })
    .where(and(eq(billingRunCompanies.runId, runId), eq(billingRunCompanies.companyId, companyId)));
}

/** POST .../approve: the chosen companies' drafts, or every drafted company without warnings; one transaction each. */
export async function approveRun(
  app: AppInstance,
  month: string,
  input: { company_ids: number[] } | { clean: true },
  actorId: number,
): Promise<RunActionResult> {
  const run = await requireRun(app.db, month);
  const rows = await app.db
    .select()
    .from(billingRunCompanies)
    .where(
      and(
        eq(billingRunCompanies.runId, run.id),
        'clean' in input
          ? and(eq(billingRunCompanies.status, 'drafted'), sql`jsonb_array_length(${billingRunCompanies.warnings}) = 0`)
          : inArray(billingRunCompanies.companyId, input.company_ids),
      ),
    );
  const result: RunActionResult = { done: [], failed: [] };
  if (!('clean' in input))
    for (const id of input.company_ids)
      if (!rows.some((row) => row.companyId === id)) result.failed.push({ id, message: runCompanyNotListedMessage });
  for (const row of rows) {
    if (row.status !== 'drafted') {
      result.failed.push({ id: row.companyId, message: approveNotDraftedMessage });
      continue;
    }
    try {
      const approved = await app.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${row.companyId}::int, ${monthKey(month)}::int)`);
        const drafts = (await liveRunInvoices(tx, [row.companyId], month)).filter((i) => i.status === 'draft');
        for (const draft of drafts) await approveInvoice(tx, draft.id, actorId);
        await syncCompanyRow(tx, run.id, month, row.companyId);
        return drafts.map((draft) => draft.id);
      });
      result.done.push(row.companyId);
      announceRun(app, month, row.companyId, approved);
    } catch (error) {
      result.failed.push({ id: row.companyId, message: messageOf(error) });
    }
  }
  await settleRun(app.db, run.id);
  return result;
}

function messageOf(error: unknown): string {
  if (error instanceof HttpError) {
    const errors = (error as HttpError & { errors?: Record<string, string[]> }).errors;
    return Object.values(errors ?? {})[0]?.[0] ?? error.message;
  }
  return 'An error occured.';
}

/**
 * The usage of M−1 frozen in the posting's transaction (design §3.9): written by the invoice that bills it (the
 * overage invoice when it is separate, else the contract invoice). Refuses a draft whose billed overage hours no
 * longer equal the month's usage, so what is frozen is what was billed.
 */
export async function freezeUsage(tx: Transaction, invoiceId: number, timeZone: string): Promise<void> {
  const [found] = await tx
    .select({ invoice: invoices, separate: companyBillingSettings.separateOverageInvoice })
    .from(invoices)
    .leftJoin(companyBillingSettings, eq(companyBillingSettings.companyId, invoices.companyId))
    .where(eq(invoices.id, invoiceId));
  const invoice = found?.invoice;
  if (!invoice || !invoice.billingMonth || (invoice.type !== 'contract' && invoice.type !== 'overage')) return;
  const usageMonth = previousMonth(invoice.billingMonth);
  const contracts = await listContracts(tx, invoice.companyId);
  const governing = contractForMonth(contracts, ym(usageMonth));
  if (!governing) return;
  const row = await usageRowOf(tx, invoice.companyId, contracts, usageMonth, timeZone);
  if (!row || row.invoiced) return;
  const carriesOverage = invoice.type === 'overage' || !(found.separate ?? false);
  const expected = row.balance < 0 ? Math.round(-row.balance * 100) : 0;
  const overage = await tx
    .select({ quantity: invoiceLines.quantity })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), eq(invoiceLines.kind, 'overage')));
  const billed = overage.reduce((sum, line) => sum + unitsFromNumeric(line.quantity, 2), 0);
  if (carriesOverage && billed !== expected) {
    const message = staleUsageMessage(monthLabel(usageMonth));
    throw unprocessable({ lines: [message] }, message);
  }
  // The contract invoice of a company billed overage separately leaves the month to the overage invoice.
  if (!carriesOverage && expected > 0) return;
  const carryOut = carryOutOf(row.balance, governing);
  const hours = (value: number) => value.toFixed(2);
  await tx
    .insert(usageSnapshots)
    .values({
      companyId: invoice.companyId,
      month: usageMonth,
      contractId: governing.id,
      retainer: hours(row.retainer),
      adjustments: hours(row.adjustments),
      rollover: hours(row.rollover),
      helpdesk: hours(row.helpdesk),
      project: hours(row.project),
      nonBillable: hours(row.non_billable),
      totalUsed: hours(row.total_used),
      balance: hours(row.balance),
      carryOut: hours(carryOut),
      overageHours: hours(expected / 100),
      overageRate: governing.overage_price.toFixed(4),
      invoiceId,
    })
    .onConflictDoNothing();
}

/**
 * POST .../post: posts every approved invoice of the run, one transaction per invoice (number, tax, journal entry,
 * usage snapshot of M−1), dated the 1st of the month as drafted; 422 when nothing is approved.
 */
export async function postRun(app: AppInstance, month: string, actorId: number): Promise<RunActionResult> {
  const run = await requireRun(app.db, month);
  const settings = await runSettings(app.db);
  const companyIds = (
    await app.db
      .select({ companyId: billingRunCompanies.companyId })
      .from(billingRunCompanies)
      .where(eq(billingRunCompanies.runId, run.id))
  ).map((row) => row.companyId);
  const approved = (await liveRunInvoices(app.db, companyIds, month)).filter((i) => i.status === 'approved');
  if (approved.length === 0) throw unprocessable({ month: [runPostedNothingMessage] }, runPostedNothingMessage);
  const result: RunActionResult = { done: [], failed: [] };
  // A few invoices at a time, as drafting does: the gapless number's row lock serialises only the end of each.
  const queue = [...approved];
  const worker = async () => {
    for (let invoice = queue.shift(); invoice !== undefined; invoice = queue.shift()) {
      const { id, companyId } = invoice;
      let posted: PostedInvoiceResult;
      try {
        posted = await app.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, ${monthKey(month)}::int)`);
          // The usage first: its reads and its refusal come before the invoice takes its number (a row lock).
          await freezeUsage(tx, id, settings.timeZone);
          const done = await postInvoice(tx, id, actorId, invoice.invoiceDate ?? month);
          await syncCompanyRow(tx, run.id, month, companyId);
          return done;
        });
      } catch (error) {
        result.failed.push({ id, message: messageOf(error) });
        continue;
      }
      result.done.push(id);
      await announceInvoicePosted(app, posted, actorId);
      announceRun(app, month, companyId);
    }
  };
  await Promise.all(Array.from({ length: runConcurrency(app.db) }, worker));
  result.done.sort((a, b) => a - b);
  result.failed.sort((a, b) => a.id - b.id);
  await settleRun(app.db, run.id);
  return result;
}
