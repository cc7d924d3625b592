import { describe, expect, it } from 'vitest';
import { computeMonthlyUsage, contractForMonth, type UsageContractTerms } from './usage.ts';

const contract = (overrides: Partial<UsageContractTerms> = {}): UsageContractTerms => ({
  start_date: '2026-01-01',
  end_date: '2026-12-31',
  retainer_hours: 10,
  max_rollover: 5,
  overage_price: 150,
  ...overrides,
});

describe('computeMonthlyUsage (spec 2 Monthly Usage)', () => {
  it('gives no rows without a contract', () => {
    expect(
      computeMonthlyUsage([], [{ month: '2026-01', helpdesk: 3, project: 0, non_billable: 0 }], [], '2026-03'),
    ).toEqual([]);
  });

  it('balances retainer + adjustments + rollover − helpdesk − project + non-billable', () => {
    const rows = computeMonthlyUsage(
      [contract()],
      [{ month: '2026-01', helpdesk: 4, project: 2.5, non_billable: 1 }],
      [{ month: '2026-01', hours: 2 }],
      '2026-01',
    );
    expect(rows).toEqual([
      {
        id: '2026-01',
        billing_date: '2026-01-01',
        retainer: 10,
        adjustments: 2,
        rollover: 0,
        helpdesk: 4,
        project: 2.5,
        non_billable: 1,
        total_used: 5.5,
        balance: 6.5,
        projected_billed: 0,
      },
    ]);
  });

  it('rolls a positive balance into the next month, capped by max_rollover', () => {
    const rows = computeMonthlyUsage(
      [contract({ max_rollover: 5 })],
      [{ month: '2026-01', helpdesk: 2, project: 0, non_billable: 0 }],
      [],
      '2026-03',
    );
    expect(rows.map((row) => [row.id, row.rollover, row.balance])).toEqual([
      ['2026-01', 0, 8],
      ['2026-02', 5, 15],
      ['2026-03', 5, 15],
    ]);
  });

  it('treats max_rollover above 1000 as unlimited, and exactly 1000 as a cap', () => {
    const unlimited = computeMonthlyUsage([contract({ max_rollover: 1000.25 })], [], [], '2026-03');
    expect(unlimited.map((row) => row.rollover)).toEqual([0, 10, 20]);
    const capped = computeMonthlyUsage([contract({ retainer_hours: 800, max_rollover: 1000 })], [], [], '2026-03');
    expect(capped.map((row) => row.rollover)).toEqual([0, 800, 1000]);
  });

  it('carries nothing when max_rollover is 0 or the balance is negative, and bills the overage', () => {
    const none = computeMonthlyUsage([contract({ max_rollover: 0 })], [], [], '2026-02');
    expect(none.map((row) => row.rollover)).toEqual([0, 0]);
    const over = computeMonthlyUsage(
      [contract()],
      [{ month: '2026-01', helpdesk: 12, project: 1, non_billable: 0 }],
      [],
      '2026-02',
    );
    expect(over[0]).toMatchObject({ balance: -3, projected_billed: 450 });
    expect(over[1]).toMatchObject({ rollover: 0, balance: 10 });
  });

  it('stops at the current month or the last contract end, and uses the latest-starting contract of a month', () => {
    const rows = computeMonthlyUsage(
      [
        contract({ end_date: '2026-02-28' }),
        contract({ start_date: '2026-02-15', end_date: '2026-04-30', retainer_hours: 20 }),
      ],
      [],
      [],
      '2026-06',
    );
    expect(rows.map((row) => [row.id, row.retainer])).toEqual([
      ['2026-01', 10],
      ['2026-02', 20],
      ['2026-03', 20],
      ['2026-04', 20],
    ]);
  });

  it('gives a month between contracts no retainer and no rollover', () => {
    const rows = computeMonthlyUsage(
      [contract({ end_date: '2026-01-31' }), contract({ start_date: '2026-03-01', end_date: '2026-03-31' })],
      [],
      [],
      '2026-03',
    );
    expect(rows.map((row) => [row.id, row.retainer, row.rollover])).toEqual([
      ['2026-01', 10, 0],
      ['2026-02', 0, 0],
      ['2026-03', 10, 0],
    ]);
  });
});

describe('contractForMonth (decision 0020)', () => {
  it('lets the latest start govern, then on an equal start the highest id, whatever the order it is given', () => {
    const older = contract({ id: 4, start_date: '2026-01-01', retainer_hours: 10 });
    const renewal = contract({ id: 9, start_date: '2026-03-01', retainer_hours: 20 });
    const twin = contract({ id: 12, start_date: '2026-03-01', retainer_hours: 30 });
    // The server lists contracts newest first (start date, then id, descending).
    expect(contractForMonth([twin, renewal, older], '2026-04')?.id).toBe(12);
    expect(contractForMonth([older, renewal, twin], '2026-04')?.id).toBe(12);
    expect(contractForMonth([twin, renewal, older], '2026-02')?.id).toBe(4);
    const rows = computeMonthlyUsage([twin, renewal, older], [], [], '2026-03');
    expect(rows.map((row) => row.retainer)).toEqual([10, 10, 30]);
  });
});
