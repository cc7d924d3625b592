import { describe, expect, it } from 'vitest';
import {
  billingSettingsInputSchema,
  isTimeZone,
  journalDifferenceCents,
  journalEntryInputSchema,
  normalSign,
} from './ledger.ts';

describe('ledger rules', () => {
  it('sums dollars to cents exactly: 0.1 + 0.2 balances 0.3', () => {
    expect(journalDifferenceCents([{ debit: 0.1 }, { debit: 0.2 }, { credit: 0.3 }])).toBe(0);
    expect(journalDifferenceCents([{ debit: 100 }, { credit: 99.99 }])).toBe(1);
  });

  it('puts assets and expenses on the debit side, the others on the credit side', () => {
    expect([
      normalSign('asset'),
      normalSign('expense'),
      normalSign('liability'),
      normalSign('equity'),
      normalSign('income'),
    ]).toEqual([1, 1, -1, -1, -1]);
  });

  it('validates a manual entry as the form and the server both do', () => {
    const parsed = journalEntryInputSchema.safeParse({
      date: '2026-06-15',
      lines: [
        { account_id: 1, debit: 10.123 },
        { account_id: 2, credit: 10.12 },
      ],
    });
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContain('lines.0.debit: The amount may have at most two decimals.');
    expect(
      journalEntryInputSchema.safeParse({
        date: '2026-06-15',
        lines: [
          { account_id: 1, debit: 0.1 },
          { account_id: 1, debit: 0.2 },
          { account_id: 2, credit: 0.3 },
        ],
      }).success,
    ).toBe(true);
  });

  it('accepts IANA time zones and refuses the rest', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(
      billingSettingsInputSchema.safeParse({ lock_date: null, time_zone: 'Nowhere' }).error?.issues[0]?.message,
    ).toBe('Choose a valid time zone.');
  });
});
