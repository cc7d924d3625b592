import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { invoicePaymentState } from '@switchboard/shared/billing/payment-state';
import { invoiceTypeLabels, type InvoiceType } from '@switchboard/shared/billing/invoices';
import {
  invoiceLogDetail,
  type InvoiceLogQuery,
  type InvoiceLogResponse,
  type InvoiceLogRow,
  type InvoiceRegisterQuery,
  type InvoiceRegisterResponse,
  type InvoiceRegisterRow,
} from '@switchboard/shared/billing/reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPage } from '../../db/paginate.ts';
import { csvNumeric, cursorBatches, type CsvValue } from './billing-report-csv.ts';

// The invoice register and the invoice log (designs/billing.md §5): paginated JSON, and for the CSV every row the
// filters select, read from one cursor a batch at a time so memory stays flat whatever the count.

// --- Invoice register ---

type RegisterDbRow = {
  id: number;
  number: string;
  invoice_date: string;
  company_id: number;
  company_name: string;
  type: InvoiceType;
  status: 'posted' | 'void';
  subtotal: string;
  tax_total: string;
  total: string;
  balance: string;
  due_date: string | null;
};

function registerWhere(query: InvoiceRegisterQuery, today: string): SQL {
  const parts: SQL[] = [sql`i.status in ('posted', 'void')`];
  if (query.from) parts.push(sql`i.invoice_date >= ${query.from}::date`);
  if (query.to) parts.push(sql`i.invoice_date <= ${query.to}::date`);
  if (query.type) parts.push(sql`i.type = ${query.type}`);
  if (query.company_id) parts.push(sql`i.company_id = ${query.company_id}`);
  // The derived states of invoicePaymentState, as of today in the billing time zone.
  const overdue = sql`(i.total > 0 and i.balance > 0 and i.due_date < ${today}::date)`;
  switch (query.status) {
    case 'void':
      parts.push(sql`i.status = 'void'`);
      break;
    case 'paid':
      parts.push(sql`i.status = 'posted' and i.balance = 0`);
      break;
    case 'overdue':
      parts.push(sql`i.status = 'posted' and ${overdue}`);
      break;
    case 'partially_paid':
      parts.push(sql`i.status = 'posted' and i.total > 0 and i.balance > 0 and i.balance < i.total and not ${overdue}`);
      break;
    case 'open':
      parts.push(sql`i.status = 'posted' and i.balance <> 0 and not ${overdue}
        and (i.total < 0 or i.balance < 0 or i.balance = i.total)`);
      break;
  }
  return sql.join(parts, sql` and `);
}

const registerColumns = sql`i.id, i.number, i.invoice_date::text as invoice_date, i.company_id, c.name as company_name,
  i.type, i.status, i.subtotal::text as subtotal, i.tax_total::text as tax_total, i.total::text as total,
  i.balance::text as balance, i.due_date::text as due_date`;

function registerRow(row: RegisterDbRow, today: string): InvoiceRegisterRow {
  const total = centsFromNumeric(row.total);
  const balance = centsFromNumeric(row.balance);
  return {
    id: Number(row.id),
    number: row.number,
    invoice_date: row.invoice_date,
    company_id: Number(row.company_id),
    company_name: row.company_name,
    type: row.type,
    subtotal: dollarsFromCents(centsFromNumeric(row.subtotal)),
    tax_total: dollarsFromCents(centsFromNumeric(row.tax_total)),
    total: dollarsFromCents(total),
    paid: dollarsFromCents(total - balance),
    balance: dollarsFromCents(balance),
    due_date: row.due_date,
    status: invoicePaymentState({ status: row.status, total, balance, dueDate: row.due_date }, today),
  };
}

export async function getInvoiceRegister(
  db: Db,
  query: InvoiceRegisterQuery,
  today: string,
): Promise<InvoiceRegisterResponse> {
  const where = registerWhere(query, today);
  const [rows, sums] = await Promise.all([
    db.execute<RegisterDbRow>(sql`
      select ${registerColumns} from invoices i join companies c on c.id = i.company_id
      where ${where} order by i.invoice_date, i.id limit ${query.per_page} offset ${pageOffset(query)}`),
    db.execute<{ count: string; subtotal: string; tax_total: string; total: string; balance: string }>(sql`
      select count(*)::text as count,
        coalesce(sum(i.subtotal) filter (where i.status <> 'void'), 0)::text as subtotal,
        coalesce(sum(i.tax_total) filter (where i.status <> 'void'), 0)::text as tax_total,
        coalesce(sum(i.total) filter (where i.status <> 'void'), 0)::text as total,
        coalesce(sum(i.balance) filter (where i.status <> 'void'), 0)::text as balance
      from invoices i where ${where}`),
  ]);
  const sum = sums.rows[0]!;
  const total = centsFromNumeric(sum.total);
  const balance = centsFromNumeric(sum.balance);
  return {
    ...toPage(
      rows.rows.map((row) => registerRow(row, today)),
      Number(sum.count),
      query,
    ),
    totals: {
      count: Number(sum.count),
      subtotal: dollarsFromCents(centsFromNumeric(sum.subtotal)),
      tax_total: dollarsFromCents(centsFromNumeric(sum.tax_total)),
      total: dollarsFromCents(total),
      paid: dollarsFromCents(total - balance),
      balance: dollarsFromCents(balance),
    },
  };
}

export const invoiceRegisterCsvHeader = [
  'Number',
  'Date',
  'Company',
  'Type',
  'Subtotal',
  'Tax',
  'Total',
  'Paid',
  'Balance',
  'Due',
  'Status',
];

/** A register row as PostgreSQL gives it to the CSV: amounts as numeric(14,2) text, cents as int8 text. */
type RegisterCsvDbRow = [
  number: string,
  invoiceDate: string,
  companyName: string,
  type: InvoiceType,
  status: 'posted' | 'void',
  subtotal: string,
  taxTotal: string,
  total: string,
  paid: string,
  balance: string,
  dueDate: string | null,
  totalCents: string,
  balanceCents: string,
];

/**
 * The CSV's rows of every invoice the filters select, in (invoice_date, id) order, a batch at a time. Amounts are
 * PostgreSQL's text of the numeric columns, never through dollars, and rows come as arrays straight into cells: at
 * 200,000 rows the per-row objects and conversions were most of the time (decision 0092, addendum).
 */
export async function* invoiceRegisterCsvRows(
  db: Db,
  query: InvoiceRegisterQuery,
  today: string,
): AsyncGenerator<CsvValue[][]> {
  const batches = cursorBatches<RegisterCsvDbRow>(
    db,
    sql`select i.number, i.invoice_date::text, c.name, i.type, i.status, i.subtotal::text, i.tax_total::text,
        i.total::text, (i.total - i.balance)::text, i.balance::text, i.due_date::text,
        (i.total * 100)::int8::text, (i.balance * 100)::int8::text
      from invoices i join companies c on c.id = i.company_id
      where ${registerWhere(query, today)} order by i.invoice_date, i.id`,
    { rowMode: 'array' },
  );
  for await (const batch of batches)
    yield batch.map(([number, date, company, type, status, subtotal, tax, total, paid, balance, due, tc, bc]) => [
      number,
      date,
      company,
      invoiceTypeLabels[type],
      csvNumeric(subtotal),
      csvNumeric(tax),
      csvNumeric(total),
      csvNumeric(paid),
      csvNumeric(balance),
      due,
      invoicePaymentState({ status, total: Number(tc), balance: Number(bc), dueDate: due }, today),
    ]);
}

// --- Invoice log ---

type LogDbRow = {
  id: string;
  at: string;
  event: string;
  invoice_id: number;
  number: string | null;
  company_id: number | null;
  company_name: string | null;
  user_id: number | null;
  user_name: string | null;
  data: Record<string, unknown> | null;
};

function logWhere(query: InvoiceLogQuery, timeZone: string): SQL {
  const parts: SQL[] = [sql`e.entity_type = 'invoice'`];
  // Days in the billing time zone (decision 0069): [from 00:00, to + 1 day 00:00) there.
  if (query.from) parts.push(sql`e.at >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to) parts.push(sql`e.at < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  if (query.company_id) parts.push(sql`e.company_id = ${query.company_id}`);
  if (query.event) parts.push(sql`e.event = ${query.event}`);
  if (query.user_id) parts.push(sql`e.actor_id = ${query.user_id}`);
  return sql.join(parts, sql` and `);
}

const logSelect = (where: SQL) => sql`
  select e.id::text as id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
    e.event,
    e.entity_id as invoice_id, i.number, coalesce(e.company_id, i.company_id) as company_id,
    c.name as company_name, e.actor_id as user_id, u.name as user_name, e.data
  from billing_events e
  left join invoices i on i.id = e.entity_id
  left join companies c on c.id = coalesce(e.company_id, i.company_id)
  left join users u on u.id = e.actor_id
  where ${where}`;

function logRow(row: LogDbRow): InvoiceLogRow {
  const invoiceId = Number(row.invoice_id);
  return {
    id: Number(row.id),
    at: row.at,
    event: row.event,
    invoice_id: invoiceId,
    invoice_label: row.number ?? `Draft ${invoiceId}`,
    company_id: row.company_id === null ? null : Number(row.company_id),
    company_name: row.company_name,
    user_id: row.user_id === null ? null : Number(row.user_id),
    user_name: row.user_name,
    detail: invoiceLogDetail(row.data),
  };
}

export async function getInvoiceLog(db: Db, query: InvoiceLogQuery, timeZone: string): Promise<InvoiceLogResponse> {
  const where = logWhere(query, timeZone);
  const [rows, count] = await Promise.all([
    db.execute<LogDbRow>(
      sql`${logSelect(where)} order by e.at desc, e.id desc limit ${query.per_page} offset ${pageOffset(query)}`,
    ),
    db.execute<{ count: string }>(sql`select count(*)::text as count from billing_events e where ${where}`),
  ]);
  return toPage(rows.rows.map(logRow), Number(count.rows[0]!.count), query);
}

/** Every event the filters select, newest first, a batch at a time. */
export async function* invoiceLogRows(
  db: Db,
  query: InvoiceLogQuery,
  timeZone: string,
): AsyncGenerator<InvoiceLogRow[]> {
  const where = logWhere(query, timeZone);
  for await (const batch of cursorBatches<LogDbRow>(db, sql`${logSelect(where)} order by e.at desc, e.id desc`))
    yield batch.map(logRow);
}
