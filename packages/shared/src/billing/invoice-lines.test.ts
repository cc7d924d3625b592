import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  invoiceLineAmount,
  invoiceTotals,
  monthProration,
  prorationLabel,
  totalsFromAmounts,
} from './invoice-lines.ts';
import { lineAmount, numericFromUnits } from './money.ts';

describe('proration by days', () => {
  it('covers the days of the month the contract runs', () => {
    // Starts April 13th: 13..30 is 18 of 30 days.
    expect(monthProration('2026-04-01', '2026-04-13', null)).toEqual({ days: 18, of: 30 });
    expect(prorationLabel({ days: 18, of: 30 })).toBe('18 of 30 days');
    // Ends March 10th: 10 of 31 days.
    expect(monthProration('2026-03-01', '2025-01-01', '2026-03-10')).toEqual({ days: 10, of: 31 });
    // Starts and ends inside February (28 days in 2026).
    expect(monthProration('2026-02-01', '2026-02-05', '2026-02-14')).toEqual({ days: 10, of: 28 });
    // One day.
    expect(monthProration('2026-04-01', '2026-04-30', null)).toEqual({ days: 1, of: 30 });
  });

  it('is none for a whole month and zero days outside the contract', () => {
    expect(monthProration('2026-04-01', '2026-04-01', '2026-04-30')).toBeNull();
    expect(monthProration('2026-04-01', '2025-04-01', null)).toBeNull();
    expect(monthProration('2026-04-01', null, null)).toBeNull();
    expect(monthProration('2026-04-01', '2026-05-01', null)).toEqual({ days: 0, of: 30 });
    expect(monthProration('2026-04-01', null, '2026-03-31')).toEqual({ days: 0, of: 30 });
  });
});

describe('line amounts', () => {
  it('is quantity × unit price, rounded once half away from zero', () => {
    expect(invoiceLineAmount('25', '125.0000')).toBe(312_500);
    expect(invoiceLineAmount('1.25', '95.0000')).toBe(11_875);
    expect(invoiceLineAmount('3', '0.0050')).toBe(2); // 1.5 cents → 2
    expect(invoiceLineAmount('-3', '0.0050')).toBe(-2);
    expect(invoiceLineAmount('0.25', '0.0100')).toBe(0); // 0.25 cent
  });

  it('prorates the exact product, not a rounded price', () => {
    // 25 devices × $125.00 × 18/30 = $1,875.00.
    expect(invoiceLineAmount('25', '125.0000', { days: 18, of: 30 })).toBe(187_500);
    // $100.00 × 10/31 = 32.258… → $32.26; rounding the daily rate first (3.23 × 10) would give $32.30.
    expect(invoiceLineAmount('1', '100.0000', { days: 10, of: 31 })).toBe(3_226);
    // 7 × $0.0750 × 1/2 = 26.25 cents → 26; rounding 7 × 0.075 = 52.5 → 53 first would give 27.
    expect(invoiceLineAmount('7', '0.0750', { days: 1, of: 2 })).toBe(26);
    expect(invoiceLineAmount('25', '125', { days: 0, of: 30 })).toBe(0);
    expect(() => invoiceLineAmount('1', '1', { days: 31, of: 30 })).toThrow(RangeError);
  });

  it('totals: subtotal, tax on the taxable lines, total = subtotal + tax', () => {
    const totals = invoiceTotals(
      [
        { quantity: '25', unitPrice: '125.0000', proration: { days: 18, of: 30 }, taxable: true },
        { quantity: '3.5', unitPrice: '150.0000', taxable: false },
        { quantity: '10', unitPrice: '6.9900', taxable: true },
      ],
      { percent: '7.2500', exempt: false },
    );
    expect(totals.amounts).toEqual([187_500, 52_500, 6_990]);
    expect(totals.subtotal).toBe(246_990);
    expect(totals.taxableSubtotal).toBe(194_490);
    expect(totals.taxTotal).toBe(14_101); // 14100.525
    expect(totals.lineTaxes[1]).toBe(0);
    expect(totals.lineTaxes[0] + totals.lineTaxes[2]).toBe(14_101);
    expect(totals.total).toBe(261_091);
    expect(totalsFromAmounts([{ amount: 187_500, taxable: true }], { percent: '7.25', exempt: true }).total).toBe(
      187_500,
    );
  });
});

const quantity = fc.integer({ min: 0, max: 4_000 }).map((quarters) => numericFromUnits(quarters * 25, 2));
const price = fc.integer({ min: 0, max: 100_000_000 }).map((units) => numericFromUnits(units, 4));
const proration = fc
  .integer({ min: 28, max: 31 })
  .chain((of) => fc.record({ days: fc.integer({ min: 0, max: of }), of: fc.constant(of) }));

describe('line amounts: properties', () => {
  test.prop([quantity, price])('without proration it is money.ts lineAmount', (qty, unit) => {
    expect(invoiceLineAmount(qty, unit)).toBe(lineAmount(qty, unit));
  });
  test.prop([quantity, price, proration])(
    'prorated: an integer within half a cent of the exact product',
    (qty, unit, part) => {
      const amount = invoiceLineAmount(qty, unit, part);
      expect(Number.isSafeInteger(amount)).toBe(true);
      // Exact value in ten-thousandths of a cent × of is qty×100 × price×10^4 × days / of; compare in BigInt.
      const exact =
        BigInt(Math.round(Number(qty) * 100)) * BigInt(Math.round(Number(unit) * 10_000)) * BigInt(part.days);
      const scale = 10_000n * BigInt(part.of);
      const difference = BigInt(amount) * scale - exact;
      expect(2n * (difference < 0n ? -difference : difference) <= scale).toBe(true);
    },
  );
  test.prop([quantity, price])('a whole month is the unprorated amount', (qty, unit) => {
    expect(invoiceLineAmount(qty, unit, { days: 30, of: 30 })).toBe(invoiceLineAmount(qty, unit));
  });
});
