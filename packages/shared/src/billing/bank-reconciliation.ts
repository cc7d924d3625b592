import { z } from 'zod';
import { isoDateText } from '../validation.ts';
import { add, dinero, subtract, toSnapshot, USD } from 'dinero.js';
import { hasAtMostTwoDecimals, maxCents } from './money.ts';

// Bank reconciliation's contracts (designs/billing.md §5, Verify Transactions; decision 0126), shared by the routes and
// the reconciliation screen. Amounts travel as dollars (JSON numbers, at most two decimals); the server keeps cents.

export const bankReconciliationStatuses = ['draft', 'finished'] as const;
export type BankReconciliationStatus = (typeof bankReconciliationStatuses)[number];

export const notBankAccountMessage = 'Choose a bank account.';
export const draftExistsMessage = 'This account already has a reconciliation in progress.';
export const statementDateAfterLastMessage = 'The statement date must be after the last reconciled statement date.';
export const differenceNotZeroMessage = 'The difference must be 0.00 to finish the reconciliation.';
export const finishedReadOnlyMessage = 'A finished reconciliation cannot change.';
export const onlyLastUndoMessage = 'Only the last finished reconciliation of an account can be undone.';
export const undoWithDraftMessage = 'Finish or delete the reconciliation in progress before undoing this one.';
export const notDraftMessage = 'Only a reconciliation in progress can be finished.';
export const lineNotAvailableMessage =
  'Only posted lines of this account dated on or before the statement date and not cleared yet can be ticked.';

const statementBalance = z
  .number({ error: 'The statement balance must be a number.' })
  .min(-maxCents / 100, 'The statement balance is too large.')
  .max(maxCents / 100, 'The statement balance is too large.')
  .refine(hasAtMostTwoDecimals, 'The statement balance may have at most two decimals.');

export const bankReconciliationUpdateSchema = z.object({
  statement_date: isoDateText('statement date'),
  statement_balance: statementBalance,
});
export type BankReconciliationUpdate = z.infer<typeof bankReconciliationUpdateSchema>;

export const bankReconciliationInputSchema = bankReconciliationUpdateSchema.extend({
  account_id: z.number({ error: notBankAccountMessage }).int().positive(notBankAccountMessage),
});
export type BankReconciliationInput = z.infer<typeof bankReconciliationInputSchema>;

export const bankReconciliationTickSchema = z.object({
  journal_line_ids: z
    .array(z.number().int().positive(), { error: 'The journal line ids field is required.' })
    .min(1, 'Tick at least one line.')
    .max(500, 'At most 500 lines can be ticked at once.'),
  cleared: z.boolean({ error: 'The cleared field must be true or false.' }),
});
export type BankReconciliationTick = z.infer<typeof bankReconciliationTickSchema>;

export const bankReconciliationListQuerySchema = z.object({
  account_id: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});

export const bankReconciliationLineFilters = ['all', 'cleared', 'uncleared'] as const;
export const bankReconciliationLinesQuerySchema = z.object({
  show: z.enum(bankReconciliationLineFilters).default('all'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});

export const bankReconciliationSchema = z.strictObject({
  id: z.number().int(),
  account: z.strictObject({ id: z.number().int(), number: z.string(), name: z.string() }),
  statement_date: z.string(),
  statement_balance: z.number(),
  status: z.enum(bankReconciliationStatuses),
  /** The previous finished reconciliation's statement balance (0 for the first). */
  opening_balance: z.number(),
  cleared_balance: z.number(),
  cleared_count: z.number().int(),
  /** statement_balance - (opening_balance + cleared_balance): Finish needs 0. */
  difference: z.number(),
  /** True for the account's last finished reconciliation, the only one undo may reopen. */
  is_last_finished: z.boolean(),
  finished_at: z.string().nullable(),
  finished_by: z.strictObject({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type BankReconciliation = z.infer<typeof bankReconciliationSchema>;

export const bankReconciliationLineSchema = z.strictObject({
  id: z.number().int(),
  entry_id: z.number().int(),
  entry_number: z.string(),
  entry_date: z.string(),
  memo: z.string(),
  /** What the line did to the bank: debits raise it (deposits), credits lower it (payments). */
  deposit: z.number(),
  payment: z.number(),
  cleared: z.boolean(),
});
export type BankReconciliationLine = z.infer<typeof bankReconciliationLineSchema>;

export const bankAccountReconciliationStatusSchema = z.strictObject({
  account: z.strictObject({ id: z.number().int(), number: z.string(), name: z.string(), active: z.boolean() }),
  last_reconciled_date: z.string().nullable(),
  last_statement_balance: z.number().nullable(),
  /** Posted lines of the account no finished reconciliation cleared. */
  uncleared_count: z.number().int(),
  draft_id: z.number().int().nullable(),
});
export type BankAccountReconciliationStatus = z.infer<typeof bankAccountReconciliationStatusSchema>;

const usd = (cents: number) => dinero({ amount: cents, currency: USD });

/**
 * The live difference the screen shows while lines are ticked, in cents: statement - (opening + cleared), where a
 * cleared line adds its deposit and takes its payment (both in cents).
 */
export function reconciliationDifferenceCents(
  statementCents: number,
  openingCents: number,
  cleared: readonly { deposit: number; payment: number }[],
): number {
  const clearedTotal = cleared.reduce((sum, line) => subtract(add(sum, usd(line.deposit)), usd(line.payment)), usd(0));
  return toSnapshot(subtract(usd(statementCents), add(usd(openingCents), clearedTotal))).amount;
}

export const reconciliationNotFinishedMessage = 'Only a finished reconciliation can be exported.';

/**
 * BankReconciliationUpdated on the billing channel: a reconciliation was started, saved, ticked, finished,
 * reopened (the reconciliation as GET answers it) or deleted (`deleted`, its id and account only): others refetch.
 */
export type BankReconciliationUpdatedPayload =
  (BankReconciliation & { deleted?: false }) | { id: number; account: { id: number }; deleted: true };
