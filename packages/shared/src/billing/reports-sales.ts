import { z } from 'zod';
import { billingItemTypes, type BillingItemType } from '../contracts.ts';
import { isoDateText } from '../validation.ts';
import { invoiceTypes, type InvoiceType } from './invoices.ts';

// The sales reports of billing part 2 (designs/billing.md §5; issue 28 part 6): DOR Taxes, DOR Invoices, Invoice
// Totals, Client Received Totals, Outgoing Search and Services, under GET /api/billing/reports/{name}. Filters travel
// as query text (and live in the page's URL); `format=csv` answers the same rows as a file. Amounts are dollars.

export const salesReportNames = [
  'dortaxes',
  'dorinvoices',
  'invoicetotals',
  'clientreceived',
  'outgoingsearch',
  'services',
] as const;
export type SalesReportName = (typeof salesReportNames)[number];

const formatSchema = z.enum(['json', 'csv'], { error: 'Choose json or csv.' }).default('json');
const flag = z.enum(['0', '1'], { error: 'Use 1 or 0.' }).optional();
const positiveId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message).optional();
const companyId = positiveId('The selected company is invalid.');
const page = {
  page: z.coerce.number({ error: 'The page must be a number.' }).int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number({ error: 'The per page must be a number.' }).int().min(1).max(500).default(50),
};
export const salesRangeOrderMessage = 'The to date must be a date after or equal to the from date.';
const ordered = <T extends { from?: string; to?: string }>(query: T, context: z.RefinementCtx) => {
  if (query.from && query.to && query.to < query.from)
    context.addIssue({ code: 'custom', path: ['to'], message: salesRangeOrderMessage });
};
const amountText = (label: string) =>
  z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, `The ${label} must be an amount in dollars.`)
    .optional();

// --- Periods of the DOR reports: a month 'YYYY-MM' or a quarter 'YYYY-Qn' ---

export const taxPeriodMessage = 'The period must be a month (2026-03) or a quarter (2026-Q1).';
const taxPeriodPattern = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/;

export interface TaxPeriod {
  /** First day, 'YYYY-MM-DD'. */
  from: string;
  /** Last day, 'YYYY-MM-DD'. */
  to: string;
  label: string;
}

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

/** The days a period names: '2026-03' → 2026-03-01..2026-03-31; '2026-Q2' → 2026-04-01..2026-06-30. */
export function taxPeriodRange(period: string): TaxPeriod {
  const match = taxPeriodPattern.exec(period);
  if (!match) throw new RangeError(taxPeriodMessage);
  const year = Number(match[1]);
  const part = match[2]!;
  const first = part.startsWith('Q') ? (Number(part.slice(1)) - 1) * 3 + 1 : Number(part);
  const last = part.startsWith('Q') ? first + 2 : first;
  return {
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(last)}-${pad(lastDayOf(year, last))}`,
    label: part.startsWith('Q') ? `${part} ${year}` : `${year}-${part}`,
  };
}

/** The quarter holding a day ('2026-05-10' → '2026-Q2'): the DOR reports' default period. */
export const quarterOf = (day: string): string =>
  `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

export const taxBases = ['accrual', 'cash'] as const;
export type TaxBasis = (typeof taxBases)[number];
export const taxBasisLabels: Record<TaxBasis, string> = { accrual: 'Accrual (invoice date)', cash: 'Cash (payments)' };

const dorFilters = {
  /** Default: the current quarter in the billing time zone. */
  period: z.string().regex(taxPeriodPattern, taxPeriodMessage).optional(),
  basis: z.enum(taxBases, { error: 'Choose accrual or cash.' }).default('accrual'),
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'The state must be a two-letter code.')
    .transform((value) => value.toUpperCase())
    .optional(),
  format: formatSchema,
};

// --- DOR Taxes ---

export const dorTaxesQuerySchema = z.object(dorFilters);
export type DorTaxesQuery = z.infer<typeof dorTaxesQuerySchema>;

/** The sales figures of one rate (or of every rate: the totals). */
export interface DorTaxFigures {
  /** Invoices (credit notes apart) behind the figures. */
  invoices: number;
  credit_notes: number;
  /** Invoices' subtotals: every line, taxable or not. */
  gross: number;
  /** Lines not taxable. */
  non_taxable: number;
  /** Taxable lines of invoices that carried no tax for an exemption (certificate). */
  exempt: number;
  /** Taxable lines of invoices that carried the tax. */
  taxable: number;
  tax: number;
  /** Credit notes' subtotals, taxable lines and tax (≤ 0): the return's adjustments. */
  credit_gross: number;
  credit_taxable: number;
  credit_tax: number;
  /** taxable + credit_taxable; tax + credit_tax: what the return reports. */
  net_taxable: number;
  net_tax: number;
}

export interface DorTaxRow extends DorTaxFigures {
  /** null: documents posted without a rate (no jurisdiction). */
  tax_rate_id: number | null;
  rate_name: string;
  jurisdiction: string;
  dor_code: string;
  percent: number | null;
  /** Accrual: the rate's journal lines in the period, credits minus debits (equals net_tax); null on cash basis. */
  ledger_tax: number | null;
}

export interface DorTaxesResponse {
  period: string;
  label: string;
  from: string;
  to: string;
  basis: TaxBasis;
  state: string | null;
  /** One row per rate, ordered by state and DOR code, as the state return lists locations. */
  data: DorTaxRow[];
  /** Subtotals per state (the return's totals), in the rows' order. */
  states: (DorTaxFigures & { jurisdiction: string })[];
  totals: DorTaxFigures;
  /**
   * Accrual: the sales tax liability accounts (2100) in the period, credits minus debits (lines of the state's rates
   * only when a state is chosen), and the report's net tax minus it. Null on cash basis (the ledger is accrual).
   */
  tie: { account_number: string; ledger_balance: number; difference: number } | null;
}

// --- DOR Invoices ---

export const dorInvoicesQuerySchema = z.object({ ...dorFilters, company_id: companyId, ...page });
export type DorInvoicesQuery = z.infer<typeof dorInvoicesQuerySchema>;

/** What put the document in the period: posted (accrual), voided (accrual, negative), paid or unapplied (cash). */
export const dorEvents = ['posted', 'voided', 'paid', 'unapplied'] as const;
export type DorEvent = (typeof dorEvents)[number];
export const dorEventLabels: Record<DorEvent, string> = {
  posted: 'Posted',
  voided: 'Voided',
  paid: 'Paid',
  unapplied: 'Payment unapplied',
};

export interface DorInvoiceRow {
  /** Unique per row: the event and its source ('posted-12', 'paid-340'). */
  key: string;
  invoice_id: number;
  number: string;
  type: InvoiceType;
  event: DorEvent;
  date: string;
  company_id: number;
  company_name: string;
  tax_rate_id: number | null;
  jurisdiction: string;
  dor_code: string;
  /** Cash basis: the part of the document this payment stands for (1 on accrual). */
  share: number;
  gross: number;
  taxable: number;
  non_taxable: number;
  exempt: number;
  /** The exemption certificate the document was posted with ('' when none). */
  certificate: string;
  tax: number;
}

export interface DorInvoicesResponse {
  period: string;
  /** The period's days (from and to are the paginator's row numbers). */
  range: { from: string; to: string };
  basis: TaxBasis;
  data: DorInvoiceRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
  totals: { gross: number; taxable: number; non_taxable: number; exempt: number; tax: number };
}

// --- Invoice Totals ---

export const totalsGroupings = ['week', 'month', 'quarter'] as const;
export type TotalsGrouping = (typeof totalsGroupings)[number];
export const totalsGroupingLabels: Record<TotalsGrouping, string> = {
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
};

export const invoiceTotalsQuerySchema = z
  .object({
    /** Default: the first day of the month eleven months back (twelve months with this one). */
    from: isoDateText('from date').optional(),
    /** Default: today in the billing time zone. */
    to: isoDateText('to date').optional(),
    group: z.enum(totalsGroupings, { error: 'Choose week, month or quarter.' }).default('month'),
    type: z.enum(invoiceTypes, { error: 'Choose an invoice type.' }).optional(),
    format: formatSchema,
  })
  .superRefine(ordered);
export type InvoiceTotalsQuery = z.infer<typeof invoiceTotalsQuerySchema>;

export interface InvoiceTotalsPeriod {
  /** The period's first day (a Monday for weeks). */
  period: string;
  label: string;
  /** Invoices (credit notes apart). */
  count: number;
  subtotal: number;
  tax: number;
  total: number;
  /** Credit notes' totals (≤ 0) and their count. */
  credit_count: number;
  credits: number;
  /** total + credits. */
  net: number;
}

export interface InvoiceTotalsTypeRow {
  period: string;
  type: InvoiceType;
  count: number;
  subtotal: number;
  tax: number;
  total: number;
}

export interface InvoiceTotalsResponse {
  from: string;
  to: string;
  group: TotalsGrouping;
  type: InvoiceType | null;
  /** Every period of the range, empty ones included (the chart's x axis). */
  data: InvoiceTotalsPeriod[];
  by_type: InvoiceTotalsTypeRow[];
  totals: Omit<InvoiceTotalsPeriod, 'period' | 'label'>;
}

// --- Client Received Totals ---

export const receivedMethods = ['check', 'ach', 'wire', 'card', 'cash', 'other'] as const;
export type ReceivedMethod = (typeof receivedMethods)[number];
export const receivedMethodLabels: Record<ReceivedMethod, string> = {
  check: 'Check',
  ach: 'ACH',
  wire: 'Wire',
  card: 'Card',
  cash: 'Cash',
  other: 'Other',
};

export const clientReceivedQuerySchema = z
  .object({
    /** Default: the first day of this year in the billing time zone. */
    from: isoDateText('from date').optional(),
    /** Default: today. */
    to: isoDateText('to date').optional(),
    method: z.enum(receivedMethods, { error: 'Choose a payment method.' }).optional(),
    company_id: companyId,
    monthly: flag,
    format: formatSchema,
  })
  .superRefine(ordered)
  .superRefine((query, context) => {
    // Monthly columns of at most three years: a page stays readable, the CSV's width bounded.
    if (query.monthly === '1' && query.from && query.to && monthsBetween(query.from, query.to) > 36)
      context.addIssue({ code: 'custom', path: ['monthly'], message: 'Monthly columns cover at most 36 months.' });
  });
export type ClientReceivedQuery = z.infer<typeof clientReceivedQuerySchema>;

/** Months from the month of `from` to that of `to`, both counted. */
export const monthsBetween = (from: string, to: string): number =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

export interface ClientReceivedRow {
  company_id: number;
  company_name: string;
  count: number;
  /** Dollars per method, every method present. */
  methods: Record<ReceivedMethod, number>;
  /** Per month of `months` (only with monthly=1). */
  months?: number[];
  total: number;
}

export interface ClientReceivedResponse {
  from: string;
  to: string;
  /** 'YYYY-MM' of each monthly column (empty without monthly=1). */
  months: string[];
  data: ClientReceivedRow[];
  totals: Omit<ClientReceivedRow, 'company_id' | 'company_name'>;
}

// --- Outgoing Search ---

export const outgoingKinds = ['vendor_payment', 'refund'] as const;
export type OutgoingKind = (typeof outgoingKinds)[number];
export const outgoingKindLabels: Record<OutgoingKind, string> = {
  vendor_payment: 'Vendor payment',
  refund: 'Refund',
};

export const outgoingSearchQuerySchema = z
  .object({
    /** Part of the vendor's or company's name. */
    payee: z.string().trim().max(100, 'The payee may not be greater than 100 characters.').optional(),
    min_amount: amountText('minimum'),
    max_amount: amountText('maximum'),
    /** Part of the check number or reference. */
    reference: z.string().trim().max(100, 'The reference may not be greater than 100 characters.').optional(),
    account_id: positiveId('The selected account is invalid.'),
    method: z.enum(receivedMethods, { error: 'Choose a payment method.' }).optional(),
    kind: z.enum(outgoingKinds, { error: 'Choose vendor payments or refunds.' }).optional(),
    from: isoDateText('from date').optional(),
    to: isoDateText('to date').optional(),
    ...page,
    format: formatSchema,
  })
  .superRefine(ordered)
  .superRefine((query, context) => {
    if (query.min_amount && query.max_amount && Number(query.max_amount) < Number(query.min_amount))
      context.addIssue({
        code: 'custom',
        path: ['max_amount'],
        message: 'The maximum must be greater than or equal to the minimum.',
      });
  });
export type OutgoingSearchQuery = z.infer<typeof outgoingSearchQuerySchema>;

export interface OutgoingRow {
  id: number;
  date: string;
  kind: OutgoingKind;
  payee_id: number;
  payee_name: string;
  method: ReceivedMethod;
  reference: string;
  amount: number;
  account_id: number;
  account_number: string;
  account_name: string;
  status: 'posted' | 'void';
  memo: string;
}

export interface OutgoingSearchResponse {
  data: OutgoingRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
  /** Of every row the filters select, voided payments left out of the amount. */
  totals: { count: number; amount: number };
}

// --- Services ---

export const servicesQuerySchema = z
  .object({
    /** Default: the first day of this year. */
    from: isoDateText('from date').optional(),
    /** Default: today. */
    to: isoDateText('to date').optional(),
    item_type: z.enum(billingItemTypes, { error: 'Choose an item type.' }).optional(),
    item_id: positiveId('The selected item is invalid.'),
    company_id: companyId,
    ...page,
    format: formatSchema,
  })
  .superRefine(ordered);
export type ServicesQuery = z.infer<typeof servicesQuerySchema>;

/** Quantity and revenue of one item billed to one company in one month (credit notes count negatively). */
export interface ServiceRow {
  item_id: number;
  item_name: string;
  item_type: BillingItemType;
  company_id: number;
  company_name: string;
  month: string;
  quantity: number;
  revenue: number;
}

/** A licensed item (type cloud): seats billed against seats bought on posted vendor bills in the period. */
export interface LicenseRow {
  item_id: number;
  item_name: string;
  /** Seat-months billed to clients (invoice lines' quantities, credit notes negative). */
  seats_billed: number;
  /** Seat-months bought (posted bills' lines, vendor credits negative). */
  seats_bought: number;
  /** max(0, bought − billed). */
  unbilled_seats: number;
  /** unbilled seats × the average price billed (the item's price when none was billed). */
  lost_revenue: number;
  revenue: number;
  cost: number;
}

export interface ServicesResponse {
  /** The period's days (from and to are the paginator's row numbers). */
  range: { from: string; to: string };
  data: ServiceRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
  totals: { quantity: number; revenue: number };
  licenses: LicenseRow[];
}
