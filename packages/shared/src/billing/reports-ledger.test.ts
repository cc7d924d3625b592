import { describe, expect, it } from 'vitest';
import {
  balanceSheetCompareDate,
  incomeStatementQuerySchema,
  monthsBetween,
  priorPeriod,
  yearEarlier,
} from './reports-ledger.ts';

// The ledger reports' dates (designs/billing.md §5): comparison dates and periods, the months of monthly columns, and
// the Income Statement's period rules.

describe('ledger report dates', () => {
  it('compares a balance sheet to the prior month end or year end', () => {
    expect(balanceSheetCompareDate('2026-03-10', 'prior_month')).toBe('2026-02-28');
    expect(balanceSheetCompareDate('2024-03-31', 'prior_month')).toBe('2024-02-29');
    expect(balanceSheetCompareDate('2026-01-15', 'prior_month')).toBe('2025-12-31');
    expect(balanceSheetCompareDate('2026-01-15', 'prior_year')).toBe('2025-12-31');
    expect(balanceSheetCompareDate('2026-01-15', 'none')).toBeNull();
  });

  it('takes the prior period of the same length and the same dates a year earlier', () => {
    expect(priorPeriod('2026-01-01', '2026-03-10')).toEqual({ from: '2025-10-24', to: '2025-12-31' });
    expect(priorPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(yearEarlier('2024-02-29')).toBe('2023-02-28');
    expect(yearEarlier('2026-11-27')).toBe('2025-11-27');
  });

  it('lists the months of a period across a year end', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
    expect(monthsBetween('2026-03-05', '2026-03-20')).toEqual(['2026-03-01']);
  });

  it('refuses a period that ends before it starts or runs over 36 months', () => {
    const errors = (query: object) => incomeStatementQuerySchema.safeParse(query).error?.issues.map((i) => i.message);
    expect(errors({ from: '2026-03-01', to: '2026-02-28' })).toEqual([
      'The to date must be a date after or equal to the from date.',
    ]);
    expect(errors({ from: '2023-01-01', to: '2026-01-31' })).toEqual(['The period may not be longer than 36 months.']);
    expect(errors({ from: '2023-01-01', to: '2025-12-31' })).toBeUndefined();
  });
});
