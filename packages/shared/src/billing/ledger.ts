import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import { hasAtMostTwoDecimals, maxCents, unitsFromNumeric } from './money.ts';

// The general ledger's contracts (designs/billing.md §3.1, §6; decision 0067), shared by the routes and the forms of
// /billing/ledgers. Amounts travel as dollars (JSON numbers, at most two decimals); the server keeps integer cents.

export const accountTypes = ['asset', 'liability', 'equity', 'income', 'expense'] as const;
export type AccountType = (typeof accountTypes)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  asset: 'Assets',
  liability: 'Liabilities',
  equity: 'Equity',
  income: 'Income',
  expense: 'Expenses',
};

export const accountSubtypes = [
  'bank',
  'undeposited',
  'receivable',
  'inventory',
  'payable',
  'received_not_billed',
  'sales_tax',
  'customer_deposits',
  'retained_earnings',
  'cogs',
  'other',
] as const;
export type AccountSubtype = (typeof accountSubtypes)[number];
export const accountSubtypeLabels: Record<AccountSubtype, string> = {
  bank: 'Bank',
  undeposited: 'Undeposited funds',
  receivable: 'Accounts receivable',
  inventory: 'Inventory',
  payable: 'Accounts payable',
  received_not_billed: 'Received not billed',
  sales_tax: 'Sales tax',
  customer_deposits: 'Customer deposits',
  retained_earnings: 'Retained earnings',
  cogs: 'Cost of sales',
  other: 'Other',
};

export const journalSourceTypes = [
  'invoice',
  'credit_note',
  'payment',
  'deposit',
  'refund',
  'write_off',
  'bill',
  'bill_payment',
  'receipt',
  'stock',
  'manual',
  'reversal',
] as const;
export type JournalSourceType = (typeof journalSourceTypes)[number];

/** +1 when a debit raises the account's balance (assets, expenses), -1 when a credit does. */
export function normalSign(type: AccountType): 1 | -1 {
  return type === 'asset' || type === 'expense' ? 1 : -1;
}

export const systemAccountMessage = 'This is a system account.';
export const periodClosedMessage = 'The period is closed.';
export const accountInUseMessage = 'This account has posted lines or sub-accounts: make it inactive instead.';
export const entryUnbalancedMessage = 'Debits and credits must balance.';
export const oneSidedLineMessage = 'Enter either a debit or a credit on each line.';
export const receivableNeedsCompanyMessage = 'A receivable line needs a company.';
export const payableNeedsVendorMessage = 'A payable line needs a vendor.';
export const alreadyReversedMessage = 'This entry has already been reversed.';
export const onlyManualReversalMessage = 'Only manual entries are reversed here: void the document instead.';
export const twoDecimalsMessage = 'The amount may have at most two decimals.';
export const invalidTimeZoneMessage = 'Choose a valid time zone.';

const dollars = (label: string) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .min(0, `The ${label} may not be negative.`)
    .max(maxCents / 100, `The ${label} is too large.`)
    .refine(hasAtMostTwoDecimals, twoDecimalsMessage);

const optionalId = z.number().int().positive().nullable().optional();

export const accountInputSchema = z.object({
  number: z
    .string({ error: 'The number field is required.' })
    .trim()
    .min(1, 'The number field is required.')
    .max(20, 'The number may not be greater than 20 characters.')
    .regex(/^[0-9A-Za-z.-]+$/, 'The number may contain only letters, digits, dots and dashes.'),
  name: z
    .string({ error: 'The name field is required.' })
    .trim()
    .min(1, 'The name field is required.')
    .max(120, 'The name may not be greater than 120 characters.'),
  type: z.enum(accountTypes, { error: 'Choose an account type.' }),
  subtype: z.enum(accountSubtypes, { error: 'Choose a subtype.' }).default('other'),
  parent_id: z.number().int().positive().nullable().default(null),
  active: z.boolean().default(true),
  description: z.string().max(1000, 'The description may not be greater than 1000 characters.').default(''),
});
export type AccountInput = z.infer<typeof accountInputSchema>;

export interface AccountRow {
  id: number;
  number: string;
  name: string;
  type: AccountType;
  subtype: AccountSubtype;
  parent_id: number | null;
  is_system: boolean;
  active: boolean;
  description: string;
  /** Sums of posted lines up to as_of, in dollars. */
  debit: number;
  credit: number;
  /** On the account's normal side (assets and expenses debit, the others credit), in dollars. */
  balance: number;
}

export interface AccountsResponse {
  data: AccountRow[];
  as_of: string;
  /** Sum of debits minus credits over every account: 0 when the books balance. */
  trial_balance_difference: number;
}

export const journalLineInputSchema = z
  .object({
    account_id: z.number({ error: 'Choose an account.' }).int().positive('Choose an account.'),
    debit: dollars('debit').default(0),
    credit: dollars('credit').default(0),
    company_id: optionalId,
    vendor_id: optionalId,
    memo: z.string().max(500, 'The memo may not be greater than 500 characters.').default(''),
  })
  // A negative amount already has its own message.
  .refine((line) => line.debit < 0 || line.credit < 0 || line.debit > 0 !== line.credit > 0, {
    path: ['debit'],
    message: oneSidedLineMessage,
  });

/** Sum of the lines' dollars in cents, through their two-decimal text. */
export function sumCents(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + (Number.isFinite(value) ? unitsFromNumeric(value.toFixed(2), 2) : 0), 0);
}

export const journalEntryInputSchema = z
  .object({
    /** The entry's date (entry_date); named `date` as every billing write's closed-period error is (decision 0071). */
    date: isoDateText('date'),
    memo: z.string().max(500, 'The memo may not be greater than 500 characters.').default(''),
    lines: z
      .array(journalLineInputSchema, { error: 'The lines field is required.' })
      .min(2, 'An entry needs at least two lines.')
      .max(500, 'An entry may have at most 500 lines.'),
  })
  .superRefine((entry, ctx) => {
    const difference = journalDifferenceCents(entry.lines);
    if (difference !== 0) ctx.addIssue({ code: 'custom', path: ['lines'], message: entryUnbalancedMessage });
  });
export type JournalEntryInput = z.input<typeof journalEntryInputSchema>;

/** Debits minus credits of a lines editor's rows, in cents (0 when balanced). */
export function journalDifferenceCents(lines: readonly { debit?: number; credit?: number }[]): number {
  return sumCents(lines.map((line) => line.debit ?? 0)) - sumCents(lines.map((line) => line.credit ?? 0));
}

export const reverseEntryInputSchema = z.object({
  /** The reversal's date; today in the billing time zone when left out (first open day if that is locked). */
  date: isoDateText('date').optional(),
  memo: z.string().max(500, 'The memo may not be greater than 500 characters.').optional(),
});

export interface JournalLineRow {
  id: number;
  line_no: number;
  account_id: number;
  account_number: string;
  account_name: string;
  debit: number;
  credit: number;
  company_id: number | null;
  company_name: string | null;
  vendor_id: number | null;
  memo: string;
}

export interface JournalEntryRow {
  id: number;
  number: string;
  entry_date: string;
  source_type: JournalSourceType;
  source_id: number | null;
  reverses_id: number | null;
  reversed_by_id: number | null;
  memo: string;
  created_by: number | null;
  created_at: string;
  total: number;
  lines: JournalLineRow[];
}

export const journalEntryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  source_type: z.enum(journalSourceTypes).optional(),
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
});

export const registerQuerySchema = z.object({
  from: isoDateText('from date').optional(),
  to: isoDateText('to date').optional(),
  company_id: z.coerce.number().int().positive().optional(),
  vendor_id: z.coerce.number().int().positive().optional(),
  source_type: z.enum(journalSourceTypes).optional(),
  /** Keyset cursor: the last row's 'YYYY-MM-DD.lineId' from the previous page. */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,18}$/, 'The cursor is not valid.')
    .optional(),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type RegisterQuery = z.infer<typeof registerQuerySchema>;

export interface RegisterRow {
  id: number;
  entry_id: number;
  entry_number: string;
  entry_date: string;
  source_type: JournalSourceType;
  source_id: number | null;
  reverses_id: number | null;
  reversed: boolean;
  company_id: number | null;
  company_name: string | null;
  vendor_id: number | null;
  memo: string;
  debit: number;
  credit: number;
  /** The account's balance after this line (all of its lines, whatever the filters), normal side. */
  balance: number;
}

export interface RegisterResponse {
  account: Omit<AccountRow, 'debit' | 'credit' | 'balance'>;
  /** The balance before the first row of the range (the opening-balance row); on the first page only. */
  opening_balance: number | null;
  data: RegisterRow[];
  next_cursor: string | null;
  per_page: number;
}

export function isTimeZone(name: string): boolean {
  if (name === 'UTC') return true;
  try {
    // supportedValuesOf lists canonical names only; the formatter also takes their aliases ('US/Eastern').
    return Intl.supportedValuesOf('timeZone').includes(name) || !!new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    return false;
  }
}

/** The prefixes of the gapless document numbers (decision 0068), as the settings form labels them. */
export const documentPrefixFields = {
  invoice_prefix: 'invoice',
  credit_note_prefix: 'credit note',
  quote_prefix: 'quote',
  purchase_order_prefix: 'purchase order',
  receipt_prefix: 'receipt',
  journal_entry_prefix: 'journal entry',
} as const;

export const prefixMessage = (label: string) => `The ${label} prefix must be 1 to 10 letters, digits or dashes.`;
export const runDayMessage = 'The run day must be between 1 and 28.';
export const runHourMessage = 'The run hour must be between 0 and 23.';
export const graceDaysMessage = 'The grace days must be a whole number from 0 to 365.';
export const laborItemMessage = 'The selected labor item is invalid.';

const prefix = (label: string) =>
  z
    .string({ error: prefixMessage(label) })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,10}$/, prefixMessage(label));

const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/**
 * PUT /api/billing/settings. The lock date and time zone are always sent; the other fields (billing part 8's
 * delivery and the run's settings) are left as they are when omitted, so older callers keep working.
 */
export const billingSettingsInputSchema = z.object({
  lock_date: isoDateText('lock date').nullable(),
  time_zone: z
    .string({ error: invalidTimeZoneMessage })
    .max(64, invalidTimeZoneMessage)
    .refine(isTimeZone, invalidTimeZoneMessage),
  invoice_prefix: prefix(documentPrefixFields.invoice_prefix).optional(),
  credit_note_prefix: prefix(documentPrefixFields.credit_note_prefix).optional(),
  quote_prefix: prefix(documentPrefixFields.quote_prefix).optional(),
  purchase_order_prefix: prefix(documentPrefixFields.purchase_order_prefix).optional(),
  receipt_prefix: prefix(documentPrefixFields.receipt_prefix).optional(),
  journal_entry_prefix: prefix(documentPrefixFields.journal_entry_prefix).optional(),
  /** Printed on every invoice under "Remit to". */
  remit_to: z.string().max(1000, 'The remit-to text may not be greater than 1000 characters.').optional(),
  /** Printed at the foot of every invoice. */
  invoice_footer: z.string().max(2000, 'The invoice footer may not be greater than 2000 characters.').optional(),
  late_fee_grace_days: wholeNumber(0, 365, graceDaysMessage).optional(),
  prorate_partial_months: z.boolean({ error: 'Choose whether partial months are prorated.' }).optional(),
  run_day: wholeNumber(1, 28, runDayMessage).optional(),
  run_hour: wholeNumber(0, 23, runHourMessage).optional(),
  /** Time and materials for companies without a contract: this item's price is the hourly rate. */
  labor_item_id: z
    .number({ error: laborItemMessage })
    .int(laborItemMessage)
    .positive(laborItemMessage)
    .nullable()
    .optional(),
});
export type BillingSettingsInput = z.infer<typeof billingSettingsInputSchema>;

export interface BillingSettings {
  lock_date: string | null;
  time_zone: string;
  invoice_prefix: string;
  credit_note_prefix: string;
  quote_prefix: string;
  purchase_order_prefix: string;
  receipt_prefix: string;
  journal_entry_prefix: string;
  remit_to: string;
  invoice_footer: string;
  late_fee_grace_days: number;
  prorate_partial_months: boolean;
  run_day: number;
  run_hour: number;
  labor_item_id: number | null;
}
