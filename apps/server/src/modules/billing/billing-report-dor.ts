import { centsFromNumeric, dollarsFromCents, numericFromCents } from '@switchboard/shared/billing/money';
import type { InvoiceType } from '@switchboard/shared/billing/invoices';
import {
  quarterOf,
  taxPeriodRange,
  type DorEvent,
  type DorInvoiceRow,
  type DorInvoicesQuery,
  type DorInvoicesResponse,
  type DorTaxesQuery,
  type DorTaxesResponse,
  type DorTaxFigures,
  type DorTaxRow,
  type TaxBasis,
  type TaxPeriod,
} from '@switchboard/shared/billing/reports-sales';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { DbOrTransaction } from '../../db/db-types.ts';
import { pageOffset, toPage } from '../../db/paginate.ts';
import { csvNumeric, cursorBatches, type CsvValue } from './billing-report-csv.ts';

// DOR Taxes and DOR Invoices (designs/billing.md §2 tax, §3.3 rates, §5; decision in docs/decisions "DOR reports"):
// both read one list of document events in the period. Accrual: a posted invoice or credit note counts at its invoice
// date, a void counts again, negatively, at its void date (as its reversal sits in the ledger), so the tax equals the
// rate's journal lines and account 2100. Cash: each allocation that pays an invoice (a payment or a credit note; a
// write-off collects nothing) counts the invoice's share amount / total at its applied date, and negatively at its
// unapplied date; a credit note counts likewise when it is applied or refunded. Each figure of a share is rounded
// half away from zero to the cent once (round(numeric, 2)); gross is the sum of its rounded parts.

export interface DorRange extends TaxPeriod {
  period: string;
}

export function dorRange(period: string | undefined, today: string): DorRange {
  const chosen = period ?? quarterOf(today);
  return { period: chosen, ...taxPeriodRange(chosen) };
}

/** The document columns every event carries (its invoice `i`), so the figures need no second read of invoices. */
const documentColumns = sql`i.number, i.type, i.company_id, i.tax_rate_id, i.tax_exempt_certificate, i.subtotal,
  i.tax_total`;

/** The period's document events: key, event, date, invoice_id, share (1, -1 or a payment's fraction), its document. */
function eventsOf(basis: TaxBasis, range: DorRange): SQL {
  const { from, to } = range;
  if (basis === 'accrual')
    return sql`
      select 'posted-' || i.id as key, 'posted' as event, i.invoice_date as date, i.id as invoice_id,
        1::numeric as share, ${documentColumns}
      from invoices i where i.status in ('posted', 'void') and i.invoice_date between ${from}::date and ${to}::date
      union all
      select 'voided-' || i.id, 'voided', i.void_date, i.id, -1::numeric, ${documentColumns}
      from invoices i where i.status = 'void' and i.void_date between ${from}::date and ${to}::date`;
  // An invoice is paid by payments and credit notes; a credit note is used when applied (to an invoice or a refund).
  const paying = sql`a.target_type = 'invoice' and a.source_type in ('payment', 'credit_note')`;
  const shares = (event: 'paid' | 'unapplied', day: SQL, sign: string) => sql`
      select ${sql.raw(`'${event}-i'`)} || a.id as key, ${sql.raw(`'${event}'`)} as event, ${day} as date,
        i.id as invoice_id, ${sql.raw(sign)} a.amount / abs(i.total) as share, ${documentColumns}
      from allocations a join invoices i on i.id = a.target_id
      where ${paying} and ${day} between ${from}::date and ${to}::date and i.type <> 'credit_note' and i.total <> 0
      union all
      select ${sql.raw(`'${event}-c'`)} || a.id, ${sql.raw(`'${event}'`)}, ${day}, i.id,
        ${sql.raw(sign)} a.amount / abs(i.total), ${documentColumns}
      from allocations a join invoices i on i.id = a.source_id
      where a.source_type = 'credit_note' and ${day} between ${from}::date and ${to}::date and i.total <> 0`;
  return sql`${shares('paid', sql`a.applied_on`, '')} union all ${shares('unapplied', sql`a.unapplied_on`, '-')}`;
}

/**
 * Each event with its document's figures, scaled by its share: gross, taxable, non_taxable, exempt, tax (numeric).
 * A document is exempt when its taxable lines carried no tax that its rate would have charged (the company's
 * exemption, with or without a certificate number); a 0% rate's sales stay taxable at 0.
 */
function figuresOf(
  basis: TaxBasis,
  range: DorRange,
  state: string | undefined,
  companyId?: number,
  page?: { limit: number; offset: number },
): SQL {
  const filters: SQL[] = [];
  if (state) filters.push(sql`r0.jurisdiction = ${state}`);
  if (companyId) filters.push(sql`e0.company_id = ${companyId}`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  // A page is cut from the events (their order needs no figure), so only its rows' lines are read.
  const window = page ? sql`order by e0.date, e0.number, e0.key limit ${page.limit} offset ${page.offset}` : sql``;
  return sql`
    with ev as (
      select e0.* from (${eventsOf(basis, range)}) e0 left join tax_rates r0 on r0.id = e0.tax_rate_id
      ${where} ${window}
    ),
    d as (
      select ev.key, ev.event, ev.date, ev.invoice_id, ev.share, ev.number, ev.type, ev.company_id, ev.tax_rate_id,
        ev.tax_exempt_certificate as certificate, ev.subtotal, ev.tax_total,
        coalesce(l.taxable, 0) as taxable_amount,
        (coalesce(l.taxable, 0) <> 0 and ev.tax_total = 0 and (ev.tax_exempt_certificate <> '' or r.percent is null
          or round(coalesce(l.taxable, 0) * r.percent / 100, 2) <> 0)) as is_exempt
      from ev left join tax_rates r on r.id = ev.tax_rate_id
      left join lateral (select sum(il.amount) as taxable from invoice_lines il
        where il.invoice_id = ev.invoice_id and il.taxable = 1) l on true
    ),
    s as (
      select d.*,
        round(case when is_exempt then 0 else taxable_amount end * share, 2) as taxable,
        round((subtotal - taxable_amount) * share, 2) as non_taxable,
        round(case when is_exempt then taxable_amount else 0 end * share, 2) as exempt,
        round(tax_total * share, 2) as tax
      from d
    )
    select s.*, s.taxable + s.non_taxable + s.exempt as gross from s`;
}

const zeroFigures = (): DorTaxFigures => ({
  invoices: 0,
  credit_notes: 0,
  gross: 0,
  non_taxable: 0,
  exempt: 0,
  taxable: 0,
  tax: 0,
  credit_gross: 0,
  credit_taxable: 0,
  credit_tax: 0,
  net_taxable: 0,
  net_tax: 0,
});
const moneyKeys = [
  'gross',
  'non_taxable',
  'exempt',
  'taxable',
  'tax',
  'credit_gross',
  'credit_taxable',
  'credit_tax',
  'net_taxable',
  'net_tax',
] as const;

/** Adds `b` into `a`, through cents. */
function addFigures(a: DorTaxFigures, b: DorTaxFigures): void {
  a.invoices += b.invoices;
  a.credit_notes += b.credit_notes;
  for (const key of moneyKeys) a[key] = dollarsFromCents(Math.round(a[key] * 100) + Math.round(b[key] * 100));
}

type RateDbRow = {
  tax_rate_id: number | null;
  rate_name: string | null;
  jurisdiction: string | null;
  dor_code: string | null;
  percent: string | null;
  invoices: string;
  credit_notes: string;
  gross: string;
  non_taxable: string;
  exempt: string;
  taxable: string;
  tax: string;
  credit_gross: string;
  credit_taxable: string;
  credit_tax: string;
};

export async function getDorTaxes(db: DbOrTransaction, query: DorTaxesQuery, today: string): Promise<DorTaxesResponse> {
  const range = dorRange(query.period, today);
  const sum = (column: string, credit: boolean) =>
    sql.raw(`coalesce(sum(f.${column}) filter (where f.type ${credit ? '=' : '<>'} 'credit_note'), 0)::text`);
  const rows = await db.execute<RateDbRow>(sql`
    with f as (${figuresOf(query.basis, range, query.state)}),
    g as (
      select f.tax_rate_id,
        count(distinct f.invoice_id) filter (where f.type <> 'credit_note')::text as invoices,
        count(distinct f.invoice_id) filter (where f.type = 'credit_note')::text as credit_notes,
        ${sum('gross', false)} as gross, ${sum('non_taxable', false)} as non_taxable,
        ${sum('exempt', false)} as exempt, ${sum('taxable', false)} as taxable, ${sum('tax', false)} as tax,
        ${sum('gross', true)} as credit_gross, ${sum('taxable', true)} as credit_taxable,
        ${sum('tax', true)} as credit_tax
      from f group by f.tax_rate_id
    )
    select g.*, r.name as rate_name, r.jurisdiction, r.dor_code, r.percent::text as percent
    from g left join tax_rates r on r.id = g.tax_rate_id
    order by r.jurisdiction nulls last, r.dor_code, r.name, g.tax_rate_id`);

  // Accrual: the tax as the ledger has it, per rate (the rates' tagged lines) and on the liability accounts.
  const ledgerByRate = new Map<number, number>();
  let tie: DorTaxesResponse['tie'] = null;
  if (query.basis === 'accrual') {
    const stateRates = query.state
      ? sql`and jl.tax_rate_id in (select id from tax_rates where jurisdiction = ${query.state})`
      : sql``;
    // One after another: inside the cache's transaction one client runs one query at a time.
    const tagged = await db.execute<{ tax_rate_id: number; tax: string }>(sql`
        select jl.tax_rate_id, sum(jl.credit - jl.debit)::text as tax from journal_lines jl
        where jl.tax_rate_id is not null and jl.entry_date between ${range.from}::date and ${range.to}::date
          ${stateRates}
        group by jl.tax_rate_id`);
    const liability = await db.execute<{ balance: string; number: string | null }>(sql`
        select coalesce(sum(jl.credit - jl.debit), 0)::text as balance,
          (select min(number) from accounts where subtype = 'sales_tax') as number
        from journal_lines jl
        where jl.account_id in (select id from accounts where subtype = 'sales_tax')
          and jl.entry_date between ${range.from}::date and ${range.to}::date ${stateRates}`);
    for (const row of tagged.rows) ledgerByRate.set(Number(row.tax_rate_id), centsFromNumeric(row.tax));
    const balance = centsFromNumeric(liability.rows[0]!.balance);
    tie = {
      account_number: liability.rows[0]!.number ?? '2100',
      ledger_balance: dollarsFromCents(balance),
      difference: 0,
    };
  }

  const totals = zeroFigures();
  const states: DorTaxesResponse['states'] = [];
  const data: DorTaxRow[] = rows.rows.map((row) => {
    const cents = (text: string) => centsFromNumeric(text);
    const figures: DorTaxFigures = {
      invoices: Number(row.invoices),
      credit_notes: Number(row.credit_notes),
      gross: dollarsFromCents(cents(row.gross)),
      non_taxable: dollarsFromCents(cents(row.non_taxable)),
      exempt: dollarsFromCents(cents(row.exempt)),
      taxable: dollarsFromCents(cents(row.taxable)),
      tax: dollarsFromCents(cents(row.tax)),
      credit_gross: dollarsFromCents(cents(row.credit_gross)),
      credit_taxable: dollarsFromCents(cents(row.credit_taxable)),
      credit_tax: dollarsFromCents(cents(row.credit_tax)),
      net_taxable: dollarsFromCents(cents(row.taxable) + cents(row.credit_taxable)),
      net_tax: dollarsFromCents(cents(row.tax) + cents(row.credit_tax)),
    };
    addFigures(totals, figures);
    const jurisdiction = row.jurisdiction ?? '';
    let state = states.find((s) => s.jurisdiction === jurisdiction);
    if (!state) states.push((state = { jurisdiction, ...zeroFigures() }));
    addFigures(state, figures);
    const rateId = row.tax_rate_id === null ? null : Number(row.tax_rate_id);
    return {
      tax_rate_id: rateId,
      rate_name: row.rate_name ?? 'No tax rate',
      jurisdiction,
      dor_code: row.dor_code ?? '',
      percent: row.percent === null ? null : Number(row.percent),
      ...figures,
      ledger_tax:
        query.basis === 'accrual' ? dollarsFromCents(rateId === null ? 0 : (ledgerByRate.get(rateId) ?? 0)) : null,
    };
  });
  // Rates with tagged ledger lines but no document in the period (a hand entry) still show, so the tie explains.
  for (const [rateId, tax] of ledgerByRate)
    if (!data.some((row) => row.tax_rate_id === rateId)) {
      const [rate] = (
        await db.execute<{ name: string; jurisdiction: string; dor_code: string; percent: string }>(
          sql`select name, jurisdiction, dor_code, percent::text as percent from tax_rates where id = ${rateId}`,
        )
      ).rows;
      data.push({
        tax_rate_id: rateId,
        rate_name: rate?.name ?? `#${rateId}`,
        jurisdiction: rate?.jurisdiction ?? '',
        dor_code: rate?.dor_code ?? '',
        percent: rate ? Number(rate.percent) : null,
        ...zeroFigures(),
        ledger_tax: dollarsFromCents(tax),
      });
    }
  if (tie) tie.difference = dollarsFromCents(Math.round(totals.net_tax * 100) - Math.round(tie.ledger_balance * 100));
  return {
    period: range.period,
    label: range.label,
    from: range.from,
    to: range.to,
    basis: query.basis,
    state: query.state ?? null,
    data,
    states,
    totals,
    tie,
  };
}

export const dorTaxesCsvHeader = [
  'State',
  'DOR code',
  'Rate',
  'Percent',
  'Invoices',
  'Gross sales',
  'Non-taxable',
  'Exempt',
  'Taxable sales',
  'Tax',
  'Credit notes',
  'Credit gross',
  'Credit taxable',
  'Credit tax',
  'Net taxable',
  'Net tax',
  'Ledger tax',
];

/** The CSV's rows: each rate, each state's subtotal, the total and the tie (accrual). */
export function dorTaxesCsvRows(report: DorTaxesResponse): CsvValue[][] {
  const a = (dollars: number) => csvNumeric(numericFromCents(Math.round(dollars * 100)));
  const figures = (f: DorTaxFigures) => [
    f.invoices,
    a(f.gross),
    a(f.non_taxable),
    a(f.exempt),
    a(f.taxable),
    a(f.tax),
    f.credit_notes,
    a(f.credit_gross),
    a(f.credit_taxable),
    a(f.credit_tax),
    a(f.net_taxable),
    a(f.net_tax),
  ];
  const rows: CsvValue[][] = report.data.map((row) => [
    row.jurisdiction,
    row.dor_code,
    row.rate_name,
    row.percent === null ? null : row.percent.toFixed(4),
    ...figures(row),
    row.ledger_tax === null ? null : a(row.ledger_tax),
  ]);
  for (const state of report.states)
    rows.push([state.jurisdiction, null, `Total ${state.jurisdiction || 'no state'}`, null, ...figures(state), null]);
  rows.push([null, null, 'Total', null, ...figures(report.totals), null]);
  if (report.tie) {
    const label = `Sales tax payable (${report.tie.account_number}) ${report.from} to ${report.to}`;
    rows.push([null, null, label, null, ...Array<null>(12).fill(null), a(report.tie.ledger_balance)]);
    rows.push([null, null, 'Difference', null, ...Array<null>(12).fill(null), a(report.tie.difference)]);
  }
  return rows;
}

// --- DOR Invoices ---

type DorInvoiceDbRow = {
  key: string;
  event: DorEvent;
  date: string;
  invoice_id: number;
  number: string;
  type: InvoiceType;
  company_id: number;
  company_name: string;
  tax_rate_id: number | null;
  jurisdiction: string | null;
  dor_code: string | null;
  share: string;
  gross: string;
  taxable: string;
  non_taxable: string;
  exempt: string;
  certificate: string;
  tax: string;
};

const invoiceColumns = sql`f.key, f.event, f.date::text as date, f.invoice_id, f.number, f.type, f.company_id,
  c.name as company_name, f.tax_rate_id, r.jurisdiction, r.dor_code, round(f.share, 6)::text as share,
  f.gross::text as gross, f.taxable::text as taxable, f.non_taxable::text as non_taxable, f.exempt::text as exempt,
  f.certificate, f.tax::text as tax`;

function invoicesSelect(query: DorInvoicesQuery, range: DorRange, page?: { limit: number; offset: number }): SQL {
  return sql`
    with f as (${figuresOf(query.basis, range, query.state, query.company_id, page)})
    select ${invoiceColumns} from f join companies c on c.id = f.company_id
    left join tax_rates r on r.id = f.tax_rate_id`;
}
const invoicesOrder = sql`order by date, number, key`;

function invoiceRow(row: DorInvoiceDbRow): DorInvoiceRow {
  const d = (text: string) => dollarsFromCents(centsFromNumeric(text));
  return {
    key: row.key,
    invoice_id: Number(row.invoice_id),
    number: row.number,
    type: row.type,
    event: row.event,
    date: row.date,
    company_id: Number(row.company_id),
    company_name: row.company_name,
    tax_rate_id: row.tax_rate_id === null ? null : Number(row.tax_rate_id),
    jurisdiction: row.jurisdiction ?? '',
    dor_code: row.dor_code ?? '',
    share: Number(row.share),
    gross: d(row.gross),
    taxable: d(row.taxable),
    non_taxable: d(row.non_taxable),
    exempt: d(row.exempt),
    certificate: row.certificate,
    tax: d(row.tax),
  };
}

type DorInvoiceSums = {
  count: string;
  gross: string;
  taxable: string;
  non_taxable: string;
  exempt: string;
  tax: string;
};

/** Count and totals of every row the filters select (all pages): one pass over the period's figures. */
export async function dorInvoiceSums(db: DbOrTransaction, query: DorInvoicesQuery, today: string) {
  const select = invoicesSelect(query, dorRange(query.period, today));
  const sums = await db.execute<DorInvoiceSums>(sql`with x as (${select}) select count(*)::text as count,
    coalesce(sum(gross::numeric), 0)::text as gross, coalesce(sum(taxable::numeric), 0)::text as taxable,
    coalesce(sum(non_taxable::numeric), 0)::text as non_taxable, coalesce(sum(exempt::numeric), 0)::text as exempt,
    coalesce(sum(tax::numeric), 0)::text as tax from x`);
  return sums.rows[0]!;
}

/**
 * A page of DOR Invoices; `sums` answers the totals of every page (the route keeps them by billing version, so paging
 * through a quarter computes the period's figures once).
 */
export async function getDorInvoices(
  db: Db,
  query: DorInvoicesQuery,
  today: string,
  sums: () => Promise<DorInvoiceSums> = () => dorInvoiceSums(db, query, today),
): Promise<DorInvoicesResponse> {
  const range = dorRange(query.period, today);
  const page = { limit: query.per_page, offset: pageOffset(query) };
  const [rows, sum] = await Promise.all([
    db.execute<DorInvoiceDbRow>(sql`${invoicesSelect(query, range, page)} ${invoicesOrder}`),
    sums(),
  ]);
  const d = (text: string) => dollarsFromCents(centsFromNumeric(text));
  return {
    period: range.period,
    range: { from: range.from, to: range.to },
    basis: query.basis,
    ...toPage(rows.rows.map(invoiceRow), Number(sum.count), query),
    totals: {
      gross: d(sum.gross),
      taxable: d(sum.taxable),
      non_taxable: d(sum.non_taxable),
      exempt: d(sum.exempt),
      tax: d(sum.tax),
    },
  };
}

export const dorInvoicesCsvHeader = [
  'Date',
  'Event',
  'Number',
  'Company',
  'State',
  'DOR code',
  'Share',
  'Gross',
  'Taxable',
  'Non-taxable',
  'Exempt',
  'Certificate',
  'Tax',
];

/** Every row the filters select, a batch at a time from one cursor. */
export async function* dorInvoicesCsvRows(db: Db, query: DorInvoicesQuery, today: string) {
  const range = dorRange(query.period, today);
  for await (const batch of cursorBatches<DorInvoiceDbRow>(db, sql`${invoicesSelect(query, range)} ${invoicesOrder}`))
    yield batch.map((row): CsvValue[] => [
      row.date,
      row.event,
      row.number,
      row.company_name,
      row.jurisdiction ?? '',
      row.dor_code ?? '',
      row.share,
      csvNumeric(row.gross),
      csvNumeric(row.taxable),
      csvNumeric(row.non_taxable),
      csvNumeric(row.exempt),
      row.certificate,
      csvNumeric(row.tax),
    ]);
}
