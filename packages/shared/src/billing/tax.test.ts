import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { allocateCents, numericFromUnits } from './money.ts';
import { allocateSigned, applyPercent, documentTax, percentFraction, taxRateRangeMessage } from './tax.ts';

describe('document tax (decision 0066)', () => {
  it('rounds once on the taxable subtotal, not per line', () => {
    // Three lines of $0.10 at 8.25%: per line 0.825 → 0.01 each = 3 cents; on the total 2.475 → 2 cents.
    const lines = [10, 10, 10].map((amount) => ({ amount, taxable: true }));
    const result = documentTax({ lines, percent: '8.2500', exempt: false });
    expect(result).toEqual({ taxableSubtotal: 30, tax: 2, lineTaxes: [1, 1, 0] });
  });

  it('rounds half away from zero', () => {
    // $1.50 at 5% = 7.5 cents → 8; a credit note's -$1.50 → -8.
    expect(documentTax({ lines: [{ amount: 150, taxable: true }], percent: '5', exempt: false }).tax).toBe(8);
    expect(documentTax({ lines: [{ amount: -150, taxable: true }], percent: '5', exempt: false }).tax).toBe(-8);
    expect(applyPercent(149, '5')).toBe(7);
  });

  it('taxes only taxable lines and spreads by largest remainder', () => {
    const result = documentTax({
      lines: [
        { amount: 312_500, taxable: true }, // 25 devices × $125.00
        { amount: 10_000, taxable: false },
        { amount: 4_999, taxable: true },
      ],
      percent: '6.2500',
      exempt: false,
    });
    expect(result.taxableSubtotal).toBe(317_499);
    expect(result.tax).toBe(19_844); // 19843.6875
    // Exact shares of 19844: 19531.556 and 312.444; floors 19531 + 312 = 19843, the cent left to the larger remainder.
    expect(result.lineTaxes).toEqual([19_532, 0, 312]);
  });

  it('gives nothing when exempt or without a rate', () => {
    const lines = [{ amount: 10_000, taxable: true }];
    expect(documentTax({ lines, percent: '8.25', exempt: true })).toEqual({
      taxableSubtotal: 10_000,
      tax: 0,
      lineTaxes: [0],
    });
    expect(documentTax({ lines, percent: null, exempt: false }).tax).toBe(0);
  });

  it('takes a deposit’s tax back on a "Less deposit" line', () => {
    // Full project $1,000.00 taxable, less a $500.00 taxable deposit, 10%: tax on $500.00 = $50.00.
    const result = documentTax({
      lines: [
        { amount: 100_000, taxable: true },
        { amount: -50_000, taxable: true },
      ],
      percent: '10',
      exempt: false,
    });
    expect(result.tax).toBe(5_000);
    expect(result.lineTaxes).toEqual([10_000, -5_000]);
  });

  it('refuses a rate outside 0 to 100', () => {
    expect(() => percentFraction('100.0001')).toThrow(taxRateRangeMessage);
    expect(() => percentFraction('-1')).toThrow(taxRateRangeMessage);
    expect(percentFraction('100')).toBe('1.000000');
    expect(percentFraction('8.2500')).toBe('0.082500');
  });
});

const percent = fc.integer({ min: 0, max: 15_0000 }).map((units) => numericFromUnits(units, 4));
const line = fc.record({ amount: fc.integer({ min: -10_000_000, max: 10_000_000 }), taxable: fc.boolean() });

describe('document tax: properties', () => {
  test.prop([fc.array(line, { minLength: 1, maxLength: 30 }), percent, fc.boolean()])(
    'the lines’ tax sums to the document tax, which is the taxable subtotal × rate rounded once',
    (lines, rate, exempt) => {
      const { tax, lineTaxes, taxableSubtotal } = documentTax({ lines, percent: rate, exempt });
      expect(lineTaxes.reduce((a, b) => a + b, 0)).toBe(tax);
      lineTaxes.forEach((part, index) => {
        expect(Number.isSafeInteger(part)).toBe(true);
        if (!lines[index].taxable || exempt) expect(part).toBe(0);
      });
      // Independent rounding in BigInt: |subtotal| × units / 10^6, half away from zero.
      const units = BigInt(Math.round(Number(rate) * 10_000));
      const magnitude = BigInt(Math.abs(taxableSubtotal)) * units;
      const rounded = Number((magnitude * 2n + 1_000_000n) / 2_000_000n) * Math.sign(taxableSubtotal);
      expect(tax).toBe(exempt ? 0 : rounded + 0);
    },
  );

  test.prop([
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.array(fc.integer({ min: -100_000, max: 100_000 }), { minLength: 1, maxLength: 20 }),
  ])('a signed split sums to the whole, each part within a cent of its exact share', (total, weights) => {
    const sum = weights.reduce((a, b) => a + b, 0);
    fc.pre(sum !== 0);
    const parts = allocateSigned(total, weights);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    parts.forEach((part, index) => expect(Math.abs(part - (total * weights[index]) / sum)).toBeLessThan(1 + 1e-9));
  });

  test.prop([
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 20 }),
  ])('weights of one sign split exactly as allocateCents does', (total, weights) => {
    fc.pre(weights.some((w) => w > 0));
    expect(allocateSigned(total, weights)).toEqual(allocateCents(total, weights));
    expect(
      allocateSigned(
        total,
        weights.map((w) => -w),
      ),
    ).toEqual(allocateCents(total, weights));
  });
});
