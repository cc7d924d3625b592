import { centsFromNumeric, dollarsFromCents, numericFromCents } from '@switchboard/shared/billing/money';
import type { InvoiceType } from '@switchboard/shared/billing/invoices';
import type { BillingItemType } from '@switchboard/shared/contracts';
import {
  receivedMethods,
  type ClientReceivedQuery,
  type ClientReceivedResponse,
  type ClientReceivedRow,
  type InvoiceTotalsQuery,
  type InvoiceTotalsResponse,
  type OutgoingKind,
  type OutgoingRow,
  type OutgoingSearchQuery,
  type OutgoingSearchResponse,
  type ReceivedMethod,
  type ServiceRow,
  type ServicesQuery,
  type ServicesResponse,
  type TotalsGrouping,
} from '@switchboard/shared/billing/reports-sales';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DbOrTransaction } from '../../db/db-types.ts';
import { pageOffset, toPage } from '../../db/paginate.ts';
import { csvNumeric, cursorBatches, type CsvValue } from './billing-report-csv.ts';

// Invoice Totals, Client Received Totals, Outgoing Search and Services (designs/billing.md §5; issue 28 part 6).
// Sums are taken by PostgreSQL on the numeric columns and travel as text into cents, never through floats.

const dollars = (text: string | null | undefined): number => dollarsFromCents(centsFromNumeric(text ?? '0'));
const addDollars = (a: number, b: number): number => dollarsFromCents(Math.round(a * 100) + Math.round(b * 100));

/** '2026-03-15' → the first day of its month, eleven months back: twelve months with this one. */
export function twelveMonthsBack(today: string): string {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 11;
  const back = month <= 0 ? { year: year - 1, month: month + 12 } : { year, month };
  return `${back.year}-${String(back.month).padStart(2, '0')}-01`;
}
const startOfYear = (today: string) => `${today.slice(0, 4)}-01-01`;

/** Likes a user's text literally: its %, _ and \ escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// --- Invoice Totals ---

export function periodLabel(period: string, group: TotalsGrouping): string {
  if (group === 'month') return period.slice(0, 7);
  if (group === 'quarter') return `${period.slice(0, 4)}-Q${Math.floor((Number(period.slice(5, 7)) - 1) / 3) + 1}`;
  return `Week of ${period}`;
}

export async function getInvoiceTotals(
  db: DbOrTransaction,
  query: InvoiceTotalsQuery,
  today: string,
): Promise<InvoiceTotalsResponse> {
  const from = query.from ?? twelveMonthsBack(query.to ?? today);
  const to = query.to ?? (today < from ? from : today);
  const unit = query.group;
  const step = { week: '1 week', month: '1 month', quarter: '3 months' }[query.group];
  const typeFilter = query.type ? sql`and i.type = ${query.type}` : sql``;
  // One after another: the cache runs this inside a transaction, whose client takes one query at a time.
  const periods = await db.execute<{ period: string }>(sql`
      select generate_series(date_trunc(${unit}, ${from}::date), ${to}::date, ${step}::interval)::date::text
        as period`);
  // Posted documents only: a voided one is out of the sales (the register shows it as Void).
  const rows = await db.execute<{
    period: string;
    type: InvoiceType;
    count: string;
    subtotal: string;
    tax: string;
    total: string;
  }>(sql`
      select date_trunc(${unit}, i.invoice_date)::date::text as period, i.type, count(*)::text as count,
        sum(i.subtotal)::text as subtotal, sum(i.tax_total)::text as tax, sum(i.total)::text as total
      from invoices i
      where i.status = 'posted' and i.invoice_date between ${from}::date and ${to}::date ${typeFilter}
      group by 1, 2 order by 1, 2`);
  const byPeriod = new Map(
    periods.rows.map(({ period }) => [
      period,
      {
        period,
        label: periodLabel(period, query.group),
        count: 0,
        subtotal: 0,
        tax: 0,
        total: 0,
        credit_count: 0,
        credits: 0,
        net: 0,
      },
    ]),
  );
  const totals = { count: 0, subtotal: 0, tax: 0, total: 0, credit_count: 0, credits: 0, net: 0 };
  const byType = rows.rows.map((row) => {
    const entry = {
      period: row.period,
      type: row.type,
      count: Number(row.count),
      subtotal: dollars(row.subtotal),
      tax: dollars(row.tax),
      total: dollars(row.total),
    };
    const target = byPeriod.get(row.period);
    for (const sum of target ? [target, totals] : [totals]) {
      if (row.type === 'credit_note') {
        sum.credit_count += entry.count;
        sum.credits = addDollars(sum.credits, entry.total);
      } else {
        sum.count += entry.count;
        sum.subtotal = addDollars(sum.subtotal, entry.subtotal);
        sum.tax = addDollars(sum.tax, entry.tax);
        sum.total = addDollars(sum.total, entry.total);
      }
      sum.net = addDollars(sum.net, entry.total);
    }
    return entry;
  });
  return {
    from,
    to,
    group: query.group,
    type: query.type ?? null,
    data: [...byPeriod.values()],
    by_type: byType,
    totals,
  };
}

// --- Client Received Totals ---

const noMethods = (): Record<ReceivedMethod, number> => ({ check: 0, ach: 0, wire: 0, card: 0, cash: 0, other: 0 });

export async function getClientReceived(
  db: DbOrTransaction,
  query: ClientReceivedQuery,
  today: string,
): Promise<ClientReceivedResponse> {
  const from = query.from ?? startOfYear(query.to ?? today);
  const to = query.to ?? (today < from ? from : today);
  const monthly = query.monthly === '1';
  const filters: SQL[] = [
    sql`p.direction = 'in' and p.status = 'posted' and p.company_id is not null`,
    sql`p.payment_date between ${from}::date and ${to}::date`,
  ];
  if (query.method) filters.push(sql`p.method = ${query.method}`);
  if (query.company_id) filters.push(sql`p.company_id = ${query.company_id}`);
  const rows = await db.execute<{
    company_id: number;
    company_name: string;
    method: ReceivedMethod;
    month: string;
    count: string;
    amount: string;
  }>(sql`
    select p.company_id, c.name as company_name, p.method, to_char(p.payment_date, 'YYYY-MM') as month,
      count(*)::text as count, sum(p.amount)::text as amount
    from payments p join companies c on c.id = p.company_id
    where ${sql.join(filters, sql` and `)}
    group by p.company_id, c.name, p.method, 4 order by c.name, p.company_id`);
  const months: string[] = [];
  if (monthly)
    for (
      let y = Number(from.slice(0, 4)), m = Number(from.slice(5, 7));
      `${y}-${String(m).padStart(2, '0')}` <= to.slice(0, 7);
    ) {
      months.push(`${y}-${String(m).padStart(2, '0')}`);
      [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
    }
  const empty = (): Omit<ClientReceivedRow, 'company_id' | 'company_name'> => ({
    count: 0,
    methods: noMethods(),
    ...(monthly ? { months: months.map(() => 0) } : {}),
    total: 0,
  });
  const companies = new Map<number, ClientReceivedRow>();
  const totals = empty();
  for (const row of rows.rows) {
    const id = Number(row.company_id);
    let company = companies.get(id);
    if (!company) companies.set(id, (company = { company_id: id, company_name: row.company_name, ...empty() }));
    const amount = dollars(row.amount);
    for (const sum of [company, totals]) {
      sum.count += Number(row.count);
      sum.methods[row.method] = addDollars(sum.methods[row.method], amount);
      sum.total = addDollars(sum.total, amount);
      const index = months.indexOf(row.month);
      if (sum.months && index >= 0) sum.months[index] = addDollars(sum.months[index]!, amount);
    }
  }
  return { from, to, months, data: [...companies.values()], totals };
}

export function clientReceivedCsv(report: ClientReceivedResponse): { header: string[]; rows: CsvValue[][] } {
  const a = (value: number) => csvNumeric(numericFromCents(Math.round(value * 100)));
  const header = ['Company', 'Payments', ...receivedMethods.map((m) => m.toUpperCase()), ...report.months, 'Total'];
  const line = (name: string, row: Omit<ClientReceivedRow, 'company_id' | 'company_name'>): CsvValue[] => [
    name,
    row.count,
    ...receivedMethods.map((method) => a(row.methods[method])),
    ...(row.months ?? []).map(a),
    a(row.total),
  ];
  return {
    header,
    rows: [...report.data.map((row) => line(row.company_name, row)), line('Total', report.totals)],
  };
}

// --- Outgoing Search ---

type OutgoingDbRow = {
  id: number;
  date: string;
  kind: OutgoingKind;
  payee_id: number;
  payee_name: string;
  method: ReceivedMethod;
  reference: string;
  amount: string;
  account_id: number;
  account_number: string;
  account_name: string;
  status: 'posted' | 'void';
  memo: string;
};

function outgoingWhere(query: OutgoingSearchQuery): SQL {
  const parts: SQL[] = [sql`p.direction = 'out'`];
  if (query.kind === 'vendor_payment') parts.push(sql`p.vendor_id is not null`);
  if (query.kind === 'refund') parts.push(sql`p.company_id is not null`);
  if (query.payee) parts.push(sql`coalesce(v.name, c.name) ilike ${containing(query.payee)}`);
  if (query.reference) parts.push(sql`p.reference ilike ${containing(query.reference)}`);
  if (query.min_amount) parts.push(sql`p.amount >= ${query.min_amount}::numeric`);
  if (query.max_amount) parts.push(sql`p.amount <= ${query.max_amount}::numeric`);
  if (query.account_id) parts.push(sql`p.account_id = ${query.account_id}`);
  if (query.method) parts.push(sql`p.method = ${query.method}`);
  if (query.from) parts.push(sql`p.payment_date >= ${query.from}::date`);
  if (query.to) parts.push(sql`p.payment_date <= ${query.to}::date`);
  return sql.join(parts, sql` and `);
}

const outgoingFrom = sql`from payments p left join vendors v on v.id = p.vendor_id
  left join companies c on c.id = p.company_id join accounts a on a.id = p.account_id`;
const outgoingColumns = sql`p.id, p.payment_date::text as date,
  case when p.vendor_id is not null then 'vendor_payment' else 'refund' end as kind,
  coalesce(p.vendor_id, p.company_id) as payee_id, coalesce(v.name, c.name) as payee_name, p.method, p.reference,
  p.amount::text as amount, p.account_id, a.number as account_number, a.name as account_name, p.status, p.memo`;

function outgoingRow(row: OutgoingDbRow): OutgoingRow {
  return {
    ...row,
    id: Number(row.id),
    payee_id: Number(row.payee_id),
    account_id: Number(row.account_id),
    amount: dollars(row.amount),
  };
}

export async function getOutgoingSearch(db: Db, query: OutgoingSearchQuery): Promise<OutgoingSearchResponse> {
  const where = outgoingWhere(query);
  const [rows, sums] = await Promise.all([
    db.execute<OutgoingDbRow>(sql`select ${outgoingColumns} ${outgoingFrom} where ${where}
      order by p.payment_date desc, p.id desc limit ${query.per_page} offset ${pageOffset(query)}`),
    db.execute<{ count: string; amount: string }>(sql`select count(*)::text as count,
      coalesce(sum(p.amount) filter (where p.status = 'posted'), 0)::text as amount ${outgoingFrom} where ${where}`),
  ]);
  const sum = sums.rows[0]!;
  return {
    ...toPage(rows.rows.map(outgoingRow), Number(sum.count), query),
    totals: { count: Number(sum.count), amount: dollars(sum.amount) },
  };
}

export const outgoingCsvHeader = [
  'Date',
  'Kind',
  'Payee',
  'Method',
  'Check or reference',
  'Amount',
  'Account',
  'Status',
  'Memo',
];

export async function* outgoingCsvRows(db: Db, query: OutgoingSearchQuery): AsyncGenerator<CsvValue[][]> {
  const statement = sql`select ${outgoingColumns} ${outgoingFrom} where ${outgoingWhere(query)}
    order by p.payment_date desc, p.id desc`;
  for await (const batch of cursorBatches<OutgoingDbRow>(db, statement))
    yield batch.map((row) => [
      row.date,
      row.kind === 'refund' ? 'Refund' : 'Vendor payment',
      row.payee_name,
      row.method,
      row.reference,
      csvNumeric(row.amount),
      `${row.account_number} ${row.account_name}`,
      row.status === 'void' ? 'Void' : 'Posted',
      row.memo,
    ]);
}

// --- Services ---

type ServiceDbRow = {
  item_id: number;
  item_name: string;
  item_type: BillingItemType;
  company_id: number;
  company_name: string;
  month: string;
  quantity: string;
  revenue: string;
};

interface ServicesRange {
  from: string;
  to: string;
}

function servicesRange(query: ServicesQuery, today: string): ServicesRange {
  const from = query.from ?? startOfYear(query.to ?? today);
  return { from, to: query.to ?? (today < from ? from : today) };
}

function itemFilters(query: ServicesQuery): SQL {
  const parts: SQL[] = [];
  if (query.item_type) parts.push(sql`and it.type = ${query.item_type}`);
  if (query.item_id) parts.push(sql`and it.id = ${query.item_id}`);
  return sql.join(parts, sql` `);
}

/** Invoice lines of posted documents in the range, a credit note's quantity counting negatively. */
function servicesSelect(query: ServicesQuery, range: ServicesRange): SQL {
  const company = query.company_id ? sql`and i.company_id = ${query.company_id}` : sql``;
  return sql`
    select it.id as item_id, it.name as item_name, it.type as item_type, i.company_id, c.name as company_name,
      to_char(i.invoice_date, 'YYYY-MM') as month,
      sum(case when i.type = 'credit_note' then -abs(il.quantity) else il.quantity end)::text as quantity,
      sum(il.amount)::text as revenue
    from invoice_lines il join invoices i on i.id = il.invoice_id
    join billing_items it on it.id = il.item_id join companies c on c.id = i.company_id
    where i.status = 'posted' and i.invoice_date between ${range.from}::date and ${range.to}::date
      ${company} ${itemFilters(query)}
    group by it.id, it.name, it.type, i.company_id, c.name, 6`;
}
const servicesOrder = sql`order by item_name, item_id, company_name, company_id, month`;

function serviceRow(row: ServiceDbRow): ServiceRow {
  return {
    ...row,
    item_id: Number(row.item_id),
    company_id: Number(row.company_id),
    quantity: Number(row.quantity),
    revenue: dollars(row.revenue),
  };
}

export async function getServices(db: Db, query: ServicesQuery, today: string): Promise<ServicesResponse> {
  const range = servicesRange(query, today);
  const select = servicesSelect(query, range);
  const company = query.company_id ? sql`and i.company_id = ${query.company_id}` : sql``;
  const billCompany = query.company_id ? sql`and bl.company_id = ${query.company_id}` : sql``;
  const [rows, sums, licenses] = await Promise.all([
    db.execute<ServiceDbRow>(sql`${select} ${servicesOrder} limit ${query.per_page} offset ${pageOffset(query)}`),
    db.execute<{ count: string; quantity: string; revenue: string }>(sql`with s as (${select})
      select count(*)::text as count, coalesce(sum(quantity::numeric), 0)::text as quantity,
        coalesce(sum(revenue::numeric), 0)::text as revenue from s`),
    // Licensed items (type cloud): seat-months billed to clients against those bought on posted vendor bills.
    db.execute<{
      item_id: number;
      item_name: string;
      seats_billed: string;
      seats_bought: string;
      unbilled: string;
      lost: string;
      revenue: string;
      cost: string;
    }>(sql`
      with billed as (
        select il.item_id, sum(case when i.type = 'credit_note' then -abs(il.quantity) else il.quantity end) as seats,
          sum(il.amount) as revenue
        from invoice_lines il join invoices i on i.id = il.invoice_id
        where i.status = 'posted' and i.invoice_date between ${range.from}::date and ${range.to}::date ${company}
        group by il.item_id),
      bought as (
        select bl.item_id, sum(case when b.kind = 'credit' then -abs(bl.quantity) else bl.quantity end) as seats,
          sum(case when b.kind = 'credit' then -abs(bl.amount) else bl.amount end) as cost
        from bill_lines bl join bills b on b.id = bl.bill_id
        where b.status = 'posted' and b.bill_date between ${range.from}::date and ${range.to}::date ${billCompany}
        group by bl.item_id)
      select it.id as item_id, it.name as item_name, coalesce(billed.seats, 0)::text as seats_billed,
        coalesce(bought.seats, 0)::text as seats_bought,
        greatest(coalesce(bought.seats, 0) - coalesce(billed.seats, 0), 0)::text as unbilled,
        round(greatest(coalesce(bought.seats, 0) - coalesce(billed.seats, 0), 0)
          * case when coalesce(billed.seats, 0) > 0 then billed.revenue / billed.seats else it.price end, 2)::text
          as lost,
        coalesce(billed.revenue, 0)::text as revenue, coalesce(bought.cost, 0)::text as cost
      from billing_items it left join billed on billed.item_id = it.id left join bought on bought.item_id = it.id
      where it.type = 'cloud' and (billed.item_id is not null or bought.item_id is not null) ${itemFilters(query)}
      order by it.name, it.id`),
  ]);
  const sum = sums.rows[0]!;
  return {
    range,
    ...toPage(rows.rows.map(serviceRow), Number(sum.count), query),
    totals: { quantity: Number(sum.quantity), revenue: dollars(sum.revenue) },
    licenses: licenses.rows.map((row) => ({
      item_id: Number(row.item_id),
      item_name: row.item_name,
      seats_billed: Number(row.seats_billed),
      seats_bought: Number(row.seats_bought),
      unbilled_seats: Number(row.unbilled),
      lost_revenue: dollars(row.lost),
      revenue: dollars(row.revenue),
      cost: dollars(row.cost),
    })),
  };
}

export const servicesCsvHeader = ['Item', 'Type', 'Company', 'Month', 'Quantity', 'Revenue'];

export async function* servicesCsvRows(db: Db, query: ServicesQuery, today: string): AsyncGenerator<CsvValue[][]> {
  const statement = sql`${servicesSelect(query, servicesRange(query, today))} ${servicesOrder}`;
  for await (const batch of cursorBatches<ServiceDbRow>(db, statement))
    yield batch.map((row) => [
      row.item_name,
      row.item_type,
      row.company_name,
      row.month,
      csvNumeric(row.quantity),
      csvNumeric(row.revenue),
    ]);
}
