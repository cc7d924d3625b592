import { describe, expect, it } from 'vitest';
import {
  differenceNotZeroMessage,
  draftExistsMessage,
  finishedReadOnlyMessage,
  lineNotAvailableMessage,
  notBankAccountMessage,
  notDraftMessage,
  onlyLastUndoMessage,
  statementDateAfterLastMessage,
  undoWithDraftMessage,
  bankReconciliationInputSchema,
  bankReconciliationTickSchema,
  reconciliationDifferenceCents,
} from './bank-reconciliation.ts';

describe('reconciliationDifferenceCents', () => {
  it('is the statement less the opening balance and the cleared deposits net of payments', () => {
    expect(reconciliationDifferenceCents(150_00, 100_00, [])).toBe(50_00);
    expect(
      reconciliationDifferenceCents(150_00, 100_00, [
        { deposit: 80_00, payment: 0 },
        { deposit: 0, payment: 30_00 },
      ]),
    ).toBe(0);
    expect(reconciliationDifferenceCents(-5_01, 0, [{ deposit: 0, payment: 5_00 }])).toBe(-1);
  });
});

describe('bankReconciliationInputSchema', () => {
  it('takes a negative statement balance (an overdrawn account) but not a third decimal', () => {
    const base = { account_id: 1, statement_date: '2026-01-31' };
    expect(bankReconciliationInputSchema.safeParse({ ...base, statement_balance: -12.5 }).success).toBe(true);
    const three = bankReconciliationInputSchema.safeParse({ ...base, statement_balance: 1.005 });
    expect(three.error?.issues[0]?.message).toBe('The statement balance may have at most two decimals.');
  });

  it('names the account and the date', () => {
    const result = bankReconciliationInputSchema.safeParse({ statement_date: '2026-02-30', statement_balance: 1 });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages.account_id).toBe('Choose a bank account.');
    expect(messages.statement_date).toBe('The statement date is not a valid date.');
  });
});

describe('bankReconciliationTickSchema', () => {
  it('needs one to 500 line ids', () => {
    expect(
      bankReconciliationTickSchema.safeParse({ journal_line_ids: [], cleared: true }).error?.issues[0]?.message,
    ).toBe('Tick at least one line.');
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect(bankReconciliationTickSchema.safeParse({ journal_line_ids: many, cleared: true }).success).toBe(false);
    expect(bankReconciliationTickSchema.safeParse({ journal_line_ids: [3], cleared: false }).success).toBe(true);
  });
});

describe('messages', () => {
  it('words every refusal as the screen and the API show it', () => {
    expect({
      notBankAccountMessage,
      draftExistsMessage,
      statementDateAfterLastMessage,
      differenceNotZeroMessage,
      finishedReadOnlyMessage,
      onlyLastUndoMessage,
      undoWithDraftMessage,
      notDraftMessage,
      lineNotAvailableMessage,
    }).toEqual({
      notBankAccountMessage: 'Choose a bank account.',
      draftExistsMessage: 'This account already has a reconciliation in progress.',
      statementDateAfterLastMessage: 'The statement date must be after the last reconciled statement date.',
      differenceNotZeroMessage: 'The difference must be 0.00 to finish the reconciliation.',
      finishedReadOnlyMessage: 'A finished reconciliation cannot change.',
      onlyLastUndoMessage: 'Only the last finished reconciliation of an account can be undone.',
      undoWithDraftMessage: 'Finish or delete the reconciliation in progress before undoing this one.',
      notDraftMessage: 'Only a reconciliation in progress can be finished.',
      lineNotAvailableMessage:
        'Only posted lines of this account dated on or before the statement date and not cleared yet can be ticked.',
    });
  });
});
