// Reading invoices: the list (GET /billing/invoices), one invoice's detail and unbilled time (moved out of
// invoices.service.ts so the list's and the writers' work do not share a file).
import {
  invoiceLabel,
  type InvoiceAllocationRow,
  type InvoiceDeliveryRow,
  type InvoiceDetail,
  type InvoiceEventRow,
  type InvoiceLineRow,
  type InvoiceListQuery,
  type InvoiceRow,
  type LineExplain,
  type UnbilledTimeRow,
} from '@switchboard/shared/billing/invoices';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { invoicePaymentState, type InvoiceStatus } from '@switchboard/shared/billing/payment-state';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { CappedCounts, toPage, type Page } from '../../db/paginate.ts';
import { notFound } from '../../plugins/errors.ts';
import { billingToday, getJournalEntry } from './ledger.service.ts';

type RowDb = {
  id: number;
  number: string | null;
  type: InvoiceRow['type'];
  status: InvoiceStatus;
  company_id: number;
  company_name: string;
  project_id: number | null;
  contract_id: number | null;
  run_id: number | null;
  billing_month: string | null;
  invoice_date: string | null;
  due_date: string | null;
  payment_terms: number;
  subtotal: string;
  tax_total: string;
  total: string;
  balance: string;
  paperless: number;
  delivery: InvoiceRow['delivery'];
  created_at: Date | string;
  full_count?: string;
};

const rowColumns = sql`i.id, i.number, i.type, i.status, i.company_id, c.name as company_name, i.project_id,
  i.contract_id, i.run_id, i.billing_month::text as billing_month, i.invoice_date::text as invoice_date,
  i.due_date::text as due_date, i.payment_terms, i.subtotal::text as subtotal, i.tax_total::text as tax_total,
  i.total::text as total, i.balance::text as balance, i.paperless, dl.delivery, i.created_at`;

/** Deliveries of the latest revision: none, pending, sent (all sent, the outbox counts), failed (any failed). */
const deliveryJoin = sql`cross join lateral (
  select case when count(*) = 0 then 'none'
    when bool_or(d.status = 'failed') then 'failed'
    when bool_and(d.status in ('sent', 'outbox')) then 'sent'
    else 'pending' end as delivery
  from invoice_deliveries d
  where d.invoice_id = i.id
    and d.revision = (select max(r.revision) from invoice_deliveries r where r.invoice_id = i.id)) dl`;

function toRow(row: RowDb, today: string): InvoiceRow {
  const total = centsFromNumeric(row.total);
  const balance = centsFromNumeric(row.balance);
  return {
    id: row.id,
    number: row.number,
    label: invoiceLabel(row),
    type: row.type,
    status: row.status,
    state: invoicePaymentState({ status: row.status, total, balance, dueDate: row.due_date }, today),
    company_id: row.company_id,
    company_name: row.company_name,
    project_id: row.project_id,
    contract_id: row.contract_id,
    run_id: row.run_id,
    billing_month: row.billing_month,
    invoice_date: row.invoice_date,
    due_date: row.due_date,
    payment_terms: row.payment_terms,
    subtotal: dollarsFromCents(centsFromNumeric(row.subtotal)),
    tax_total: dollarsFromCents(centsFromNumeric(row.tax_total)),
    total: dollarsFromCents(total),
    balance: dollarsFromCents(balance),
    paperless: row.paperless,
    delivery: row.delivery,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The status filter in SQL, matching invoicePaymentState (due today is not overdue). */
function statusFilter(status: NonNullable<InvoiceListQuery['status']>, today: string): SQL {
  const overdue = sql`(i.total >= 0 and i.balance > 0 and i.due_date < ${today}::date)`;
  switch (status) {
    case 'draft':
    case 'approved':
    case 'posted':
    case 'void':
      return sql`i.status = ${status}`;
    case 'paid':
      return sql`i.status = 'posted' and i.balance = 0`;
    case 'overdue':
      return sql`i.status = 'posted' and ${overdue}`;
    case 'partially_paid':
      return sql`i.status = 'posted' and i.balance > 0 and i.balance < i.total and not ${overdue}`;
    case 'open':
      return sql`i.status = 'posted' and i.balance <> 0 and (i.total < 0 or i.balance < 0
        or (i.balance = i.total and not ${overdue}))`;
  }
}

/** The list counts its filter up to this many, as the ticket queue and the project list do (decision 0056). */
export const INVOICE_COUNT_CAP = 1_000;
const cappedInvoiceCounts = new CappedCounts(INVOICE_COUNT_CAP);
/** Rows a CSV statement reads at a time. */
const csvBatch = 1_000;

type InvoiceFilters = Omit<InvoiceListQuery, 'page' | 'per_page'>;

/**
 * The number search's rule (decision 0098): digits alone are a draft's id or the end of a number ('123' finds
 * INV-000123 and INV-001123), anything else is the start of a number ('INV-0001', any case). Both read a btree.
 */
function numberFilter(typed: string): SQL {
  const text = typed.replace(/^draft\s*/i, '');
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  if (/^\d+$/.test(text)) {
    const suffix = sql`reverse(i.number) like ${`${[...escaped].reverse().join('')}%`}`;
    return /^\d{1,9}$/.test(text) ? sql`(i.id = ${Number(text)} or ${suffix})` : suffix;
  }
  return sql`lower(i.number) like ${`${escaped.toLowerCase()}%`}`;
}

/** Every filter of the list in SQL, and the deliveries' lateral join when the delivery filter needs it. */
function invoiceWhere(query: InvoiceFilters, today: string): { where: SQL; filterJoin: SQL } {
  const filters: SQL[] = [];
  if (query.status) filters.push(statusFilter(query.status, today));
  if (query.type) filters.push(sql`i.type = ${query.type}`);
  if (query.company_id) filters.push(sql`i.company_id = ${query.company_id}`);
  if (query.project_id) filters.push(sql`i.project_id = ${query.project_id}`);
  if (query.from) filters.push(sql`i.invoice_date >= ${query.from}::date`);
  if (query.to) filters.push(sql`i.invoice_date <= ${query.to}::date`);
  if (query.due_from) filters.push(sql`i.due_date >= ${query.due_from}::date`);
  if (query.due_to) filters.push(sql`i.due_date <= ${query.due_to}::date`);
  if (query.run_month) filters.push(sql`i.billing_month = ${`${query.run_month}-01`}::date`);
  if (query.delivery === 'failed' || query.delivery === 'pending') {
    // Few invoices have a failed or pending delivery: read them from the status index, not every invoice's lateral.
    filters.push(sql`i.id in (select s.invoice_id from invoice_deliveries s where s.status = ${query.delivery})`);
  }
  if (query.delivery) filters.push(sql`dl.delivery = ${query.delivery}`);
  if (query.to_print) filters.push(sql`i.status = 'posted' and i.paperless = 1 and i.printed_at is null`);
  if (query.number) filters.push(numberFilter(query.number));
  return {
    where: filters.length ? sql.join(filters, sql` and `) : sql`true`,
    filterJoin: query.delivery ? deliveryJoin : sql``,
  };
}

/** The filter's count, stopping at the cap. */
const cappedCount = ({ where, filterJoin }: { where: SQL; filterJoin: SQL }) =>
  sql`(select count(*)::int from (select 1 from invoices i ${filterJoin} where ${where}
    limit ${sql.raw(String(INVOICE_COUNT_CAP))}) capped)`;

/**
 * GET /billing/invoices: the paginator in one statement. The page is picked on the (invoice_date, id) index, newest
 * first (drafts without a date on top), with one row more; only when that row is there does the statement count the
 * filter, capped at INVOICE_COUNT_CAP and skipped while the same filter reached the cap lately (decision 0098).
 */
export async function listInvoices(db: Db, query: InvoiceListQuery): Promise<Page<InvoiceRow>> {
  const today = await billingToday(db);
  const { page: _page, per_page: perPage, ...filters } = query;
  const filter = invoiceWhere(filters, today);
  const offset = (query.page - 1) * perPage;
  const countKey = JSON.stringify(filters);
  const capped = cappedInvoiceCounts.reachedLately(countKey);
  // The count's subquery runs only when the CASE reaches it (PostgreSQL evaluates an InitPlan on first use).
  const result = await db.execute<RowDb & { counted: number | null }>(sql`
    with p as (
      select i.id from invoices i ${filter.filterJoin} where ${filter.where}
      order by i.invoice_date desc, i.id desc
      limit ${perPage + 1} offset ${offset}
    )
    select ${rowColumns},
      case when ${capped}::boolean or (select count(*) from p) <= ${perPage} then null else ${cappedCount(filter)} end
        as counted
    from p
    join invoices i on i.id = p.id
    join companies c on c.id = i.company_id
    ${deliveryJoin}
    order by i.invoice_date desc nulls first, i.id desc`);
  const rows = result.rows.slice(0, perPage);
  const counted = result.rows[0]?.counted ?? null;
  if (counted !== null) cappedInvoiceCounts.note(countKey, counted);
  // When nothing follows the page, its end is the total; else the count (the cap when it was skipped).
  let total = offset + rows.length;
  if (result.rows.length > perPage) total = Math.max(counted ?? INVOICE_COUNT_CAP, offset + result.rows.length);
  else if (rows.length === 0 && query.page > 1) {
    const count = await db.execute<{ n: number }>(sql`select ${cappedCount(filter)} as n`);
    total = Number(count.rows[0]!.n);
  }
  return toPage(
    rows.map((row) => toRow(row, today)),
    total,
    query,
  );
}

/** Every invoice the list's filters select, in the list's order, a keyset batch at a time (for its CSV). */
export async function* invoiceListRows(db: Db, query: InvoiceFilters): AsyncGenerator<InvoiceRow[]> {
  const today = await billingToday(db);
  const { where, filterJoin } = invoiceWhere(query, today);
  let after: { date: string | null; id: number } | null = null;
  for (;;) {
    // Newest first with the undated drafts on top: after a draft come older drafts, then every dated invoice.
    const keyset: SQL = !after
      ? sql`true`
      : after.date === null
        ? sql`(i.invoice_date is not null or i.id < ${after.id})`
        : sql`(i.invoice_date, i.id) < (${after.date}::date, ${after.id})`;
    const { rows } = await db.execute<RowDb>(sql`
      select ${rowColumns}
      from (
        select i.id from invoices i ${filterJoin} where ${where} and ${keyset}
        order by i.invoice_date desc, i.id desc limit ${csvBatch}
      ) p
      join invoices i on i.id = p.id
      join companies c on c.id = i.company_id
      ${deliveryJoin}
      order by i.invoice_date desc nulls first, i.id desc`);
    if (rows.length === 0) return;
    yield rows.map((row) => toRow(row, today));
    const last = rows[rows.length - 1]!;
    after = { date: last.invoice_date, id: last.id };
    if (rows.length < csvBatch) return;
  }
}

async function invoiceRow(db: DbOrTransaction, id: number, today: string) {
  const result = await db.execute<
    RowDb & {
      memo: string;
      bill_to: InvoiceDetail['bill_to'];
      tax_rate_id: number | null;
      tax_rate_name: string | null;
      tax_rate_percent: string | null;
      tax_exempt_certificate: string;
      late_fee_total: string;
      closed_on: string | null;
      credited_invoice_id: number | null;
      approved_by: number | null;
      approved_at: Date | string | null;
      posted_by: number | null;
      posted_at: Date | string | null;
      voided_by: number | null;
      voided_at: Date | string | null;
      void_reason: string;
      journal_entry_id: string | null;
      credit_note_ids: number[] | null;
    }
  >(sql`
    select ${rowColumns}, i.memo, i.bill_to, i.tax_rate_id, t.name as tax_rate_name,
      t.percent::text as tax_rate_percent,
      i.tax_exempt_certificate, i.late_fee_total::text as late_fee_total, i.closed_on::text as closed_on,
      i.credited_invoice_id, i.approved_by, i.approved_at, i.posted_by, i.posted_at, i.voided_by, i.voided_at,
      i.void_reason, i.journal_entry_id,
      (select array_agg(n.id order by n.id) from invoices n where n.credited_invoice_id = i.id) as credit_note_ids
    from invoices i
    join companies c on c.id = i.company_id
    left join tax_rates t on t.id = i.tax_rate_id
    ${deliveryJoin}
    where i.id = ${id}`);
  const row = result.rows[0];
  if (!row) throw notFound();
  return { row, base: toRow(row, today) };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** GET /billing/invoices/{id}: the row, its lines with explain, rate, allocations, entry, deliveries and events. */
export async function getInvoiceDetail(db: DbOrTransaction, id: number): Promise<InvoiceDetail> {
  const today = await billingToday(db);
  const { row, base } = await invoiceRow(db, id, today);
  const lines = await db.execute<{
    id: number;
    line_no: number;
    kind: InvoiceLineRow['kind'];
    item_id: number | null;
    item_name: string | null;
    account_id: number | null;
    description: string;
    quantity: string;
    unit_price: string;
    proration: InvoiceLineRow['proration'];
    amount: string;
    taxable: number;
    tax_amount: string;
    period_start: string | null;
    period_end: string | null;
    explain: LineExplain | null;
  }>(sql`
    select l.id, l.line_no, l.kind, l.item_id, b.name as item_name, l.account_id, l.description,
      l.quantity::text as quantity, l.unit_price::text as unit_price, l.proration, l.amount::text as amount, l.taxable,
      l.tax_amount::text as tax_amount, l.period_start::text as period_start, l.period_end::text as period_end,
      l.explain
    from invoice_lines l left join billing_items b on b.id = l.item_id
    where l.invoice_id = ${id} order by l.line_no`);
  const allocationRows = await db.execute<{
    id: number;
    source_type: InvoiceAllocationRow['source_type'];
    source_id: number;
    method: string | null;
    reference: string | null;
    source_number: string | null;
    amount: string;
    applied_on: string;
    unapplied_on: string | null;
  }>(sql`
    select a.id, a.source_type, a.source_id, p.method, p.reference, n.number as source_number, a.amount::text as amount,
      a.applied_on::text as applied_on, a.unapplied_on::text as unapplied_on
    from allocations a
    left join payments p on a.source_type = 'payment' and p.id = a.source_id
    left join invoices n on a.source_type = 'credit_note' and n.id = a.source_id
    where a.target_type = 'invoice' and a.target_id = ${id}
      and a.source_type in ('payment', 'credit_note', 'write_off')
    order by a.applied_on, a.id`);
  const deliveries = await db.execute<{
    id: number;
    revision: number;
    recipient: string;
    status: InvoiceDeliveryRow['status'];
    attempts: number;
    error: string;
    sent_at: Date | string | null;
  }>(sql`select id, revision, recipient, status, attempts, error, sent_at from invoice_deliveries
    where invoice_id = ${id} order by revision, id`);
  const events = await db.execute<{
    id: string;
    event: string;
    actor_id: number | null;
    actor_name: string | null;
    at: Date | string;
    data: Record<string, unknown>;
  }>(sql`select e.id, e.event, e.actor_id, u.name as actor_name, e.at, e.data from billing_events e
    left join users u on u.id = e.actor_id
    where e.entity_type = 'invoice' and e.entity_id = ${id} order by e.at, e.id`);
  const methodLabel = (method: string | null) =>
    method === null ? 'Payment' : method === 'ach' ? 'ACH' : method.charAt(0).toUpperCase() + method.slice(1);
  return {
    ...base,
    memo: row.memo,
    bill_to: row.bill_to ?? null,
    tax_rate:
      row.tax_rate_id === null
        ? null
        : { id: row.tax_rate_id, name: row.tax_rate_name ?? '', percent: row.tax_rate_percent ?? '0' },
    tax_exempt_certificate: row.tax_exempt_certificate,
    late_fee_total: dollarsFromCents(centsFromNumeric(row.late_fee_total)),
    closed_on: row.closed_on,
    credited_invoice_id: row.credited_invoice_id,
    credit_note_ids: row.credit_note_ids ?? [],
    approved_by: row.approved_by,
    approved_at: iso(row.approved_at),
    posted_by: row.posted_by,
    posted_at: iso(row.posted_at),
    voided_by: row.voided_by,
    voided_at: iso(row.voided_at),
    void_reason: row.void_reason,
    journal_entry_id: row.journal_entry_id === null ? null : Number(row.journal_entry_id),
    journal_entry: row.journal_entry_id === null ? null : await getJournalEntry(db, Number(row.journal_entry_id)),
    lines: lines.rows.map((line) => ({
      id: line.id,
      line_no: line.line_no,
      kind: line.kind,
      item_id: line.item_id,
      item_name: line.item_name,
      account_id: line.account_id,
      description: line.description,
      quantity: Number(line.quantity),
      unit_price: Number(line.unit_price),
      proration: line.proration,
      amount: dollarsFromCents(centsFromNumeric(line.amount)),
      taxable: line.taxable === 1 ? 1 : 0,
      tax_amount: dollarsFromCents(centsFromNumeric(line.tax_amount)),
      period_start: line.period_start,
      period_end: line.period_end,
      explain: line.explain,
    })),
    allocations: allocationRows.rows.map((allocation) => ({
      id: allocation.id,
      source_type: allocation.source_type,
      source_id: allocation.source_id,
      source_label:
        allocation.source_type === 'credit_note'
          ? (allocation.source_number ?? `Draft ${allocation.source_id}`)
          : allocation.source_type === 'write_off'
            ? 'Write-off'
            : `${methodLabel(allocation.method)}${allocation.reference ? ` ${allocation.reference}` : ''}`,
      amount: dollarsFromCents(centsFromNumeric(allocation.amount)),
      applied_on: allocation.applied_on,
      unapplied_on: allocation.unapplied_on,
    })),
    deliveries: deliveries.rows.map((delivery) => ({ ...delivery, sent_at: iso(delivery.sent_at) })),
    events: events.rows.map((event): InvoiceEventRow => ({
      id: Number(event.id),
      event: event.event,
      actor_id: event.actor_id,
      actor_name: event.actor_name,
      at: new Date(event.at).toISOString(),
      data: event.data,
    })),
  };
}

/** GET /billing/unbilled-time?company_id=: closed billable check-ins of the company not yet on an invoice line. */
export async function listUnbilledTime(
  db: Db,
  query: { company_id: number; page: number; per_page: number },
): Promise<Page<UnbilledTimeRow>> {
  const result = await db.execute<{
    id: number;
    user_id: number;
    user_name: string;
    ticket_id: number | null;
    project_id: number | null;
    start_time: Date | string;
    end_time: Date | string;
    hours: string;
    full_count: string;
  }>(sql`
    select k.id, k.user_id, u.name as user_name, k.ticket_id, k.project_id, k.start_time, k.end_time,
      round(extract(epoch from (k.end_time - k.start_time)) / 3600, 2)::text as hours,
      count(*) over () as full_count
    from check_ins k
    join users u on u.id = k.user_id
    where k.company_id = ${query.company_id} and k.end_time is not null and k.billable = 0
      and not exists (select 1 from invoice_line_sources s where s.check_in_id = k.id)
    order by k.start_time, k.id
    limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`);
  return toPage(
    result.rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      user_name: row.user_name,
      ticket_id: row.ticket_id,
      project_id: row.project_id,
      start_time: new Date(row.start_time).toISOString(),
      end_time: new Date(row.end_time).toISOString(),
      // Exact hours as monthly usage counts them (contracts.service.ts hoursOf), to the hundredth.
      hours: Number(row.hours),
    })),
    Number(result.rows[0]?.full_count ?? 0),
    query,
  );
}
