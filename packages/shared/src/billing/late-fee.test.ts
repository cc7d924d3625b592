import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isPastGrace, lateFee, type LateFeeInvoice } from './late-fee.ts';

const invoice = (id: number, balance: number, dueDate: string, lateFeeTotal = 0): LateFeeInvoice => ({
  id,
  status: 'posted',
  balance,
  lateFeeTotal,
  dueDate,
});

describe('late fee (design §4 line 4)', () => {
  const asOf = '2026-05-01';

  it('charges the percent on what is past due, rounded once', () => {
    const result = lateFee({
      invoices: [invoice(1, 100_000, '2026-04-21'), invoice(2, 33_333, '2026-03-21')],
      asOf,
      graceDays: 0,
      percent: '1.5',
      waived: false,
    });
    expect(result).toEqual({ base: 133_333, fee: 2_000, invoiceIds: [1, 2] }); // 1999.995 → 2000
  });

  it('never charges a fee on a fee', () => {
    // Invoice 2 owes $120.00 of which $20.00 is its own late-fee line: the base counts $100.00 of it.
    const result = lateFee({
      invoices: [invoice(2, 12_000, '2026-04-01', 2_000)],
      asOf,
      graceDays: 0,
      percent: 2,
      waived: false,
    });
    expect(result.base).toBe(10_000);
    expect(result.fee).toBe(200);
    // Paid down to less than its own fee: never below 0.
    expect(
      lateFee({ invoices: [invoice(2, 1_500, '2026-04-01', 2_000)], asOf, graceDays: 0, percent: 2, waived: false }),
    ).toEqual({
      base: 0,
      fee: 0,
      invoiceIds: [],
    });
  });

  it('waits out the grace days: past due by more than them', () => {
    expect(isPastGrace('2026-05-01', asOf, 0)).toBe(false); // due today
    expect(isPastGrace('2026-04-30', asOf, 0)).toBe(true);
    expect(isPastGrace('2026-04-21', asOf, 10)).toBe(false); // 10 days past due, grace 10
    expect(isPastGrace('2026-04-20', asOf, 10)).toBe(true);
    expect(isPastGrace(null, asOf, 0)).toBe(false);
    const result = lateFee({
      invoices: [invoice(1, 10_000, '2026-04-21'), invoice(2, 10_000, '2026-04-20')],
      asOf,
      graceDays: 10,
      percent: '10',
      waived: false,
    });
    expect(result).toEqual({ base: 10_000, fee: 1_000, invoiceIds: [2] });
  });

  it('counts only posted invoices that owe something, and nothing when waived', () => {
    const invoices: LateFeeInvoice[] = [
      { ...invoice(1, 10_000, '2026-01-01'), status: 'draft' },
      { ...invoice(2, 10_000, '2026-01-01'), status: 'void' },
      invoice(3, -5_000, '2026-01-01'),
      invoice(4, 10_000, '2026-01-01'),
    ];
    expect(lateFee({ invoices, asOf, graceDays: 0, percent: '5', waived: false })).toEqual({
      base: 10_000,
      fee: 500,
      invoiceIds: [4],
    });
    expect(lateFee({ invoices, asOf, graceDays: 0, percent: '5', waived: true }).fee).toBe(0);
  });
});

const item = fc.record({
  id: fc.integer({ min: 1, max: 100_000 }),
  status: fc.constantFrom('draft', 'approved', 'posted', 'void') as fc.Arbitrary<LateFeeInvoice['status']>,
  balance: fc.integer({ min: -100_000, max: 10_000_000 }),
  lateFeeTotal: fc.integer({ min: 0, max: 100_000 }),
  dueDate: fc.option(
    fc.integer({ min: 0, max: 200 }).map((day) => new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10)),
  ),
});

describe('late fee: properties', () => {
  test.prop([fc.array(item, { maxLength: 20 }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 10_0000 })])(
    'the fee is an integer within half a cent of base × percent; fees already charged never add to the base',
    (invoices, graceDays, percentUnits) => {
      const percent = (percentUnits / 10_000).toFixed(4);
      const asOf = '2026-06-01';
      const { base, fee } = lateFee({ invoices, asOf, graceDays, percent, waived: false });
      expect(Number.isSafeInteger(fee)).toBe(true);
      expect(Math.abs(fee - (base * percentUnits) / 1_000_000)).toBeLessThanOrEqual(0.5);
      // Raising the late-fee lines of the invoices never raises the base.
      const more = invoices.map((i) => ({ ...i, lateFeeTotal: i.lateFeeTotal + 1_000 }));
      expect(lateFee({ invoices: more, asOf, graceDays, percent, waived: false }).base).toBeLessThanOrEqual(base);
      expect(base).toBeGreaterThanOrEqual(0);
      // Independently: whole days past due from the dates' UTC midnights; only principal counts.
      const daysLate = (due: string) => (Date.parse(asOf) - Date.parse(due)) / 86_400_000;
      const expected = invoices
        .filter((i) => i.status === 'posted' && i.dueDate !== null && daysLate(i.dueDate) > graceDays)
        .reduce((sum, i) => sum + Math.max(0, i.balance - i.lateFeeTotal), 0);
      expect(base).toBe(expected);
    },
  );
});
