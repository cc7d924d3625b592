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
import type { JournalEntryRow } from '@switchboard/shared/billing/ledger';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { invoicePaymentState, type InvoiceStatus } from '@switchboard/shared/billing/payment-state';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonString, jsonTime } from '../../db/json-sql.ts';
import { CappedCounts, pageJson, toPage, type Page } from '../../db/paginate.ts';
import { pageWindow, runPrepared } from '../../db/prepared.ts';
import { notFound } from '../../plugins/errors.ts';
import { cursorBatches } from './billing-report-csv.ts';
import { billingToday } from './ledger.service.ts';

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

/** A filter's value in a statement: a placeholder of a prepared statement, or a plain parameter. */
type Bind = (name: string, value: unknown) => SQL | Placeholder;
const inline: Bind = (_name, value) => sql`${value}`;

/** The status filter in SQL, matching invoicePaymentState (due today is not overdue). */
function statusFilter(status: NonNullable<InvoiceListQuery['status']>, today: SQL | Placeholder): SQL {
  const overdue = sql`(i.total >= 0 and i.balance > 0 and i.due_date < ${today}::date)`;
  switch (status) {
    case 'draft':
    case 'approved':
    case 'posted':
    case 'void':
      return sql`i.status = ${sql.raw(`'${status}'`)}`;
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

type InvoiceFilters = Omit<InvoiceListQuery, 'page' | 'per_page'>;

/**
 * The number search's rule (decision 0098): digits alone are a draft's id or the end of a number ('123' finds
 * INV-000123 and INV-001123), anything else is the start of a number ('INV-0001', any case). Both read a btree.
 */
function numberFilter(typed: string, bind: Bind): { shape: string; filter: SQL } {
  const text = typed.replace(/^draft\s*/i, '');
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  if (/^\d+$/.test(text)) {
    const suffix = sql`reverse(i.number) like ${bind('number', `${[...escaped].reverse().join('')}%`)}`;
    return /^\d{1,9}$/.test(text)
      ? { shape: 'number_id', filter: sql`(i.id = ${bind('number_id', Number(text))}::int or ${suffix})` }
      : { shape: 'number_end', filter: suffix };
  }
  return { shape: 'number_start', filter: sql`lower(i.number) like ${bind('number', `${escaped.toLowerCase()}%`)}` };
}

/**
 * Every filter of the list in SQL, the deliveries' lateral join when the delivery filter needs it, and the shape: the
 * filters' names (and the values written into the text), which names the prepared statement.
 */
function invoiceWhere(
  query: InvoiceFilters,
  today: string,
  bind: Bind,
): { where: SQL; filterJoin: SQL; shape: string } {
  const filters: SQL[] = [];
  const shape: string[] = [];
  const add = (part: string, filter: SQL) => {
    shape.push(part);
    filters.push(filter);
  };
  if (query.status) add(`status_${query.status}`, statusFilter(query.status, bind('today', today)));
  if (query.type) add('type', sql`i.type = ${bind('type', query.type)}`);
  if (query.company_id) add('company', sql`i.company_id = ${bind('company_id', query.company_id)}::int`);
  if (query.project_id) add('project', sql`i.project_id = ${bind('project_id', query.project_id)}::int`);
  if (query.from) add('from', sql`i.invoice_date >= ${bind('from', query.from)}::date`);
  if (query.to) add('to', sql`i.invoice_date <= ${bind('to', query.to)}::date`);
  if (query.due_from) add('due_from', sql`i.due_date >= ${bind('due_from', query.due_from)}::date`);
  if (query.due_to) add('due_to', sql`i.due_date <= ${bind('due_to', query.due_to)}::date`);
  if (query.run_month) add('run_month', sql`i.billing_month = ${bind('run_month', `${query.run_month}-01`)}::date`);
  if (query.delivery === 'failed' || query.delivery === 'pending') {
    // Few invoices have a failed or pending delivery: read them from the status index, not every invoice's lateral.
    filters.push(
      sql`i.id in (select s.invoice_id from invoice_deliveries s where s.status = ${sql.raw(`'${query.delivery}'`)})`,
    );
  }
  if (query.delivery) add(`delivery_${query.delivery}`, sql`dl.delivery = ${sql.raw(`'${query.delivery}'`)}`);
  if (query.to_print) add('to_print', sql`i.status = 'posted' and i.paperless = 1 and i.printed_at is null`);
  if (query.number) {
    const { shape: part, filter } = numberFilter(query.number, bind);
    add(part, filter);
  }
  return {
    where: filters.length ? sql.join(filters, sql` and `) : sql`true`,
    filterJoin: query.delivery ? deliveryJoin : sql``,
    shape: shape.join('_') || 'all',
  };
}

/** The filter's count, stopping at the cap. */
const cappedCount = ({ where, filterJoin }: { where: SQL; filterJoin: SQL }) =>
  sql`(select count(*)::int from (select 1 from invoices i ${filterJoin} where ${where}
    limit ${sql.raw(String(INVOICE_COUNT_CAP))}) capped)`;

/** A nullable value PostgreSQL prints as JSON already (a number), or JSON null. */
const jsonOrNull = (value: SQL) => sql`coalesce(${value}::text, 'null')`;
/** A nullable date as a JSON 'YYYY-MM-DD' string, or JSON null (date::text is ISO under the default DateStyle). */
const jsonDate = (value: SQL) => sql`coalesce('"' || ${value}::text || '"', 'null')`;

/**
 * invoicePaymentState in SQL for the list's rows (payment-state.ts; billing-list-json.test.ts holds the two together):
 * status first, then balance 0 Paid, a credit Open, past due Overdue, part paid, else Open.
 */
const stateSql = (
  today: SQL | Placeholder,
) => sql`case i.status when 'draft' then 'Draft' when 'approved' then 'Approved'
    when 'void' then 'Void' else case when i.balance = 0 then 'Paid' when i.total < 0 or i.balance < 0 then 'Open'
      when i.due_date < ${today}::date then 'Overdue' when i.balance < i.total then 'Partially Paid' else 'Open' end
    end`;

/**
 * A list row as the API's JSON (invoiceRowSchema, the same values toRow gives), written by PostgreSQL by
 * concatenation (decision 0023): amounts are numeric(14,2) text, which JSON reads as the same number of dollars.
 */
const rowJsonSql = (today: SQL | Placeholder) => sql`'{"id":' || i.id
    || ',"number":' || coalesce(${jsonString(sql`i.number`)}, 'null')
    || ',"label":' || ${jsonString(sql`coalesce(i.number, 'Draft ' || i.id)`)}
    || ',"type":' || ${jsonString(sql`i.type`)} || ',"status":' || ${jsonString(sql`i.status`)}
    || ',"state":"' || ${stateSql(today)} || '"'
    || ',"company_id":' || i.company_id || ',"company_name":' || ${jsonString(sql`c.name`)}
    || ',"project_id":' || ${jsonOrNull(sql`i.project_id`)} || ',"contract_id":' || ${jsonOrNull(sql`i.contract_id`)}
    || ',"run_id":' || ${jsonOrNull(sql`i.run_id`)} || ',"billing_month":' || ${jsonDate(sql`i.billing_month`)}
    || ',"invoice_date":' || ${jsonDate(sql`i.invoice_date`)} || ',"due_date":' || ${jsonDate(sql`i.due_date`)}
    || ',"payment_terms":' || i.payment_terms
    || ',"subtotal":' || i.subtotal::text || ',"tax_total":' || i.tax_total::text
    || ',"total":' || i.total::text || ',"balance":' || i.balance::text
    || ',"paperless":' || i.paperless || ',"delivery":"' || dl.delivery || '"'
    || ',"created_at":' || ${jsonTime(sql`i.created_at`)} || '}'`;

/**
 * GET /billing/invoices: the paginator's JSON text, written by PostgreSQL in one statement and sent as is (decision
 * 0129; billing-list-json.test.ts holds it to pageSchema(invoiceRowSchema) and to toRow). The page is picked on the
 * (invoice_date, id) index, newest first (drafts without a date on top), with one row more; only when that row is
 * there, or the page is empty, does the statement count the filter, capped at INVOICE_COUNT_CAP and skipped while
 * the same filter reached the cap lately (decision 0098). One named prepared statement per filter shape and page
 * window (db/prepared.ts), as the ticket queue's.
 */
export async function listInvoices(db: Db, query: InvoiceListQuery): Promise<string> {
  const today = await billingToday(db);
  const { page: _page, per_page: perPage, ...filters } = query;
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql.placeholder(name);
  };
  const filter = invoiceWhere(filters, today, bind);
  const offset = (query.page - 1) * perPage;
  const window = pageWindow(query, 1);
  const countKey = JSON.stringify(filters);
  Object.assign(values, {
    capped: cappedInvoiceCounts.reachedLately(countKey),
    per_page: perPage,
    limit: perPage + 1,
    offset,
    today,
  });
  // The count's subquery runs only when the CASE reaches it (PostgreSQL evaluates an InitPlan on first use).
  const [written] = await runPrepared<{ rows: string; fetched: number; counted: number | null }>(
    db,
    `invoices_json_${filter.shape}_${window.key}`,
    () => sql`
    with p as (
      select i.id from invoices i ${filter.filterJoin} where ${filter.where}
      order by i.invoice_date desc, i.id desc
      limit ${window.limit} offset ${window.offset}
    )
    select count(*)::int as fetched,
      '[' || coalesce(string_agg(r.row, ',' order by r.position)
        filter (where r.position <= ${sql.placeholder('per_page')}::int), '') || ']' as rows,
      case when count(*) = 0
          or (count(*) > ${sql.placeholder('per_page')}::int and not ${sql.placeholder('capped')}::boolean)
        then ${cappedCount(filter)} end as counted
    from (
      select row_number() over (order by i.invoice_date desc nulls first, i.id desc) as position,
        ${rowJsonSql(sql.placeholder('today'))} as row
      from p
      join invoices i on i.id = p.id
      join companies c on c.id = i.company_id
      ${deliveryJoin}
    ) r`,
    values,
  );
  const fetched = written?.fetched ?? 0;
  const rowCount = Math.min(fetched, perPage);
  const counted = written?.counted ?? null;
  if (counted !== null) cappedInvoiceCounts.note(countKey, counted);
  // When nothing follows the page, its end is the total; else the count (the cap when it was skipped). An empty page
  // past the first answers the filter's count.
  let total = offset + rowCount;
  if (fetched > perPage) total = Math.max(counted ?? INVOICE_COUNT_CAP, offset + fetched);
  else if (rowCount === 0 && query.page > 1) total = counted ?? 0;
  return pageJson(written?.rows ?? '[]', rowCount, total, query);
}

/**
 * Every invoice the list's filters select, in the list's order, for its CSV: one statement read through a cursor a
 * batch at a time (cursorBatches: one snapshot, planned once), each row shaped as the list's.
 */
export async function* invoiceListRows(db: Db, query: InvoiceFilters): AsyncGenerator<InvoiceRow[]> {
  const today = await billingToday(db);
  const { where } = invoiceWhere(query, today, inline);
  const batches = cursorBatches<RowDb>(
    db,
    sql`select ${rowColumns}
      from invoices i
      join companies c on c.id = i.company_id
      ${deliveryJoin}
      where ${where}
      order by i.invoice_date desc nulls first, i.id desc`,
  );
  for await (const batch of batches) yield batch.map((row) => toRow(row, today));
}

type DrawerDb = RowDb & {
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
  lines: {
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
    stock_location_id: number | null;
    explain: LineExplain | null;
  }[];
  allocations: {
    id: number;
    source_type: InvoiceAllocationRow['source_type'];
    source_id: number;
    method: string | null;
    reference: string | null;
    source_number: string | null;
    amount: string;
    applied_on: string;
    unapplied_on: string | null;
  }[];
  deliveries: {
    id: number;
    revision: number;
    recipient: string;
    status: InvoiceDeliveryRow['status'];
    attempts: number;
    error: string;
    sent_at: string | null;
  }[];
  events: {
    id: number;
    event: string;
    actor_id: number | null;
    actor_name: string | null;
    at: string;
    data: Record<string, unknown>;
  }[];
  journal_entry: {
    id: number;
    number: string;
    entry_date: string;
    source_type: JournalEntryRow['source_type'];
    source_id: number | null;
    reverses_id: number | null;
    reversed_by_id: number | null;
    memo: string;
    created_by: number | null;
    created_at: string;
    lines: {
      id: number;
      line_no: number;
      account_id: number;
      account_number: string;
      account_name: string;
      debit: string;
      credit: string;
      company_id: number | null;
      company_name: string | null;
      vendor_id: number | null;
      memo: string;
    }[];
  } | null;
};

/**
 * The drawer's one statement (named, prepared once per connection): the row, and its lines, allocations, deliveries,
 * events and journal entry with its lines as JSON lists, each read by its index as the separate reads were.
 */
const drawerSql = () => sql`
  select ${rowColumns}, i.memo, i.bill_to, i.tax_rate_id, t.name as tax_rate_name,
    t.percent::text as tax_rate_percent,
    i.tax_exempt_certificate, i.late_fee_total::text as late_fee_total, i.closed_on::text as closed_on,
    i.credited_invoice_id, i.approved_by, i.approved_at, i.posted_by, i.posted_at, i.voided_by, i.voided_at,
    i.void_reason, i.journal_entry_id,
    (select array_agg(n.id order by n.id) from invoices n where n.credited_invoice_id = i.id) as credit_note_ids,
    (select coalesce(json_agg(x order by x.line_no), '[]') from (
      select l.id, l.line_no, l.kind, l.item_id, b.name as item_name, l.account_id, l.description,
        l.quantity::text as quantity, l.unit_price::text as unit_price, l.proration, l.amount::text as amount,
        l.taxable, l.tax_amount::text as tax_amount, l.period_start::text as period_start,
        l.period_end::text as period_end, l.location_id as stock_location_id, l.explain
      from invoice_lines l left join billing_items b on b.id = l.item_id
      where l.invoice_id = i.id) x) as lines,
    (select coalesce(json_agg(x order by x.applied_on, x.id), '[]') from (
      select a.id, a.source_type, a.source_id, p.method, p.reference, n.number as source_number,
        a.amount::text as amount, a.applied_on::text as applied_on, a.unapplied_on::text as unapplied_on
      from allocations a
      left join payments p on a.source_type = 'payment' and p.id = a.source_id
      left join invoices n on a.source_type = 'credit_note' and n.id = a.source_id
      where a.target_type = 'invoice' and a.target_id = i.id
        and a.source_type in ('payment', 'credit_note', 'write_off')) x) as allocations,
    (select coalesce(json_agg(x order by x.revision, x.id), '[]') from (
      select d.id, d.revision, d.recipient, d.status, d.attempts, d.error, d.sent_at
      from invoice_deliveries d where d.invoice_id = i.id) x) as deliveries,
    (select coalesce(json_agg(x order by x.at, x.id), '[]') from (
      select e.id, e.event, e.actor_id, u.name as actor_name, e.at, e.data from billing_events e
      left join users u on u.id = e.actor_id
      where e.entity_type = 'invoice' and e.entity_id = i.id) x) as events,
    (select row_to_json(x) from (
      select e.id, e.number, e.entry_date::text as entry_date, e.source_type, e.source_id, e.reverses_id,
        (select r.id from journal_entries r where r.reverses_id = e.id) as reversed_by_id, e.memo, e.created_by,
        e.created_at,
        (select coalesce(json_agg(y order by y.line_no), '[]') from (
          select l.id, l.line_no, l.account_id, a.number as account_number, a.name as account_name,
            l.debit::text as debit, l.credit::text as credit, l.company_id, c.name as company_name, l.vendor_id, l.memo
          from journal_lines l
          join accounts a on a.id = l.account_id
          left join companies c on c.id = l.company_id
          where l.entry_id = e.id) y) as lines
      from journal_entries e where e.id = i.journal_entry_id) x) as journal_entry
  from invoices i
  join companies c on c.id = i.company_id
  left join tax_rates t on t.id = i.tax_rate_id
  ${deliveryJoin}
  where i.id = ${sql.placeholder('id')}::int`;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const money = (numeric: string): number => dollarsFromCents(centsFromNumeric(numeric));

function journalEntryOf(entry: NonNullable<DrawerDb['journal_entry']>): JournalEntryRow {
  const lines = entry.lines.map((line) => ({ ...line, debit: money(line.debit), credit: money(line.credit) }));
  // The entry's total as getJournalEntry gives it: its debits.
  const total = lines.reduce((sum, line) => sum + centsFromNumeric(line.debit.toFixed(2)), 0);
  return {
    id: Number(entry.id),
    number: entry.number,
    entry_date: entry.entry_date,
    source_type: entry.source_type,
    source_id: entry.source_id,
    reverses_id: entry.reverses_id === null ? null : Number(entry.reverses_id),
    reversed_by_id: entry.reversed_by_id === null ? null : Number(entry.reversed_by_id),
    memo: entry.memo,
    created_by: entry.created_by,
    created_at: new Date(entry.created_at).toISOString(),
    total: dollarsFromCents(total),
    lines: lines.map((line) => ({ ...line, id: Number(line.id) })),
  };
}

/** GET /billing/invoices/{id}: the row, its lines with explain, rate, allocations, entry, deliveries and events. */
export async function getInvoiceDetail(db: Db, id: number): Promise<InvoiceDetail> {
  const today = await billingToday(db);
  const [row] = await runPrepared<DrawerDb>(db, 'invoice_drawer', drawerSql, { id });
  if (!row) throw notFound();
  const base = toRow(row, today);
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
    late_fee_total: money(row.late_fee_total),
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
    journal_entry: row.journal_entry === null ? null : journalEntryOf(row.journal_entry),
    lines: row.lines.map((line) => ({
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
      amount: money(line.amount),
      taxable: line.taxable === 1 ? 1 : 0,
      tax_amount: money(line.tax_amount),
      period_start: line.period_start,
      period_end: line.period_end,
      stock_location_id: line.stock_location_id,
      explain: line.explain,
    })),
    allocations: row.allocations.map((allocation) => ({
      id: allocation.id,
      source_type: allocation.source_type,
      source_id: allocation.source_id,
      source_label:
        allocation.source_type === 'credit_note'
          ? (allocation.source_number ?? `Draft ${allocation.source_id}`)
          : allocation.source_type === 'write_off'
            ? 'Write-off'
            : `${methodLabel(allocation.method)}${allocation.reference ? ` ${allocation.reference}` : ''}`,
      amount: money(allocation.amount),
      applied_on: allocation.applied_on,
      unapplied_on: allocation.unapplied_on,
    })),
    deliveries: row.deliveries.map((delivery) => ({ ...delivery, sent_at: iso(delivery.sent_at) })),
    events: row.events.map((event): InvoiceEventRow => ({
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
