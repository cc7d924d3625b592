import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  allocateCents,
  centsFromDollars,
  centsFromNumeric,
  dollarsFromCents,
  formatCents,
  lineAmount,
  maxCents,
  multiplyCents,
  numericFromCents,
  numericFromUnits,
  unitsFromNumeric,
} from './money.ts';

const cents = fc.integer({ min: -maxCents, max: maxCents });

describe('money: fixed cases', () => {
  it('reads numeric text by its digits', () => {
    expect(centsFromNumeric('12.34')).toBe(1234);
    expect(centsFromNumeric('-0.05')).toBe(-5);
    expect(centsFromNumeric('7')).toBe(700);
    expect(centsFromNumeric('0.10')).toBe(10);
    expect(unitsFromNumeric('125.0000', 4)).toBe(1_250_000);
    expect(centsFromNumeric('999999999999.99')).toBe(maxCents);
    expect(() => centsFromNumeric('1.005')).toThrow(RangeError);
    expect(() => centsFromNumeric('abc')).toThrow(RangeError);
  });
  it('writes numeric text', () => {
    expect(numericFromCents(5)).toBe('0.05');
    expect(numericFromCents(-1234)).toBe('-12.34');
    expect(numericFromUnits(1_250_000, 4)).toBe('125.0000');
  });
  it('reads API dollars through their text, never multiplying by 100', () => {
    expect(centsFromDollars(12.3)).toBe(1230);
    expect(centsFromDollars(0.29)).toBe(29); // 0.29 * 100 = 28.999999999999996
    expect(centsFromDollars(1.005)).toBeNull();
    expect(centsFromDollars(Number.NaN)).toBeNull();
    expect(centsFromDollars(1e15)).toBeNull();
    expect(dollarsFromCents(29)).toBe(0.29);
  });
  it('formats USD', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(-305)).toBe('-$3.05');
    expect(formatCents(0)).toBe('$0.00');
  });
  it('rounds half away from zero once', () => {
    expect(multiplyCents(1000, '0.0825')).toBe(83); // 82.5
    expect(multiplyCents(-1000, '0.0825')).toBe(-83);
    expect(multiplyCents(1001, '0.5')).toBe(501); // 500.5
    expect(lineAmount('1.25', '99.9999')).toBe(12500); // 124.999875
    expect(lineAmount('3', '0.0050')).toBe(2); // 0.015
  });
  it('allocates by largest remainder, ties to the earlier part', () => {
    expect(allocateCents(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // Exact shares 3.3, 3.3, 3.4 (x100 cents = 10): largest remainders win, not the largest ratio.
    expect(allocateCents(10, [33, 33, 34])).toEqual([3, 3, 4]);
    expect(allocateCents(5, [70, 15, 15])).toEqual([3, 1, 1]); // 3.5, 0.75, 0.75: dinero's allocate gives [4, 1, 0]
    expect(allocateCents(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocateCents(7, [0, 0])).toEqual([4, 3]);
  });
});

describe('money: properties', () => {
  test.prop([cents])('cents -> numeric text -> cents is the identity', (amount) => {
    expect(centsFromNumeric(numericFromCents(amount))).toBe(amount);
  });
  test.prop([cents])('cents -> API dollars -> cents is the identity', (amount) => {
    expect(centsFromDollars(dollarsFromCents(amount))).toBe(amount);
  });
  test.prop([
    fc.integer({ min: -(10 ** 9), max: 10 ** 9 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 1, max: 9 }),
  ])('a third decimal is refused', (whole, hundredths, third) => {
    expect(centsFromDollars(Number(`${whole}.${String(hundredths).padStart(2, '0')}${third}`))).toBeNull();
  });
  test.prop([cents, fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 })])(
    'a split sums to the whole, each part an integer within one cent of its exact share',
    (total, weights) => {
      const parts = allocateCents(total, weights);
      expect(parts).toHaveLength(weights.length);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = weights.reduce((a, b) => a + b, 0);
      parts.forEach((part, index) => {
        expect(Number.isSafeInteger(part)).toBe(true);
        if (sum > 0) expect(Math.abs(part - (total * weights[index]) / sum)).toBeLessThan(1.0001);
      });
    },
  );
  test.prop([
    fc.integer({ min: 0, max: 4000 }).map((q) => (q / 4).toFixed(2)), // quantities in 0.25 steps
    fc.integer({ min: 0, max: 100_000_000 }).map((units) => numericFromUnits(units, 4)), // prices to 4 decimals
  ])('a line amount is an integer of cents, half away from zero of the exact product', (quantity, price) => {
    const amount = lineAmount(quantity, price);
    expect(Number.isSafeInteger(amount)).toBe(true);
    const exact = BigInt(unitsFromNumeric(quantity, 2)) * BigInt(unitsFromNumeric(price, 4)); // 10^-6 dollars
    expect(BigInt(amount)).toBe((exact + 5_000n) / 10_000n);
  });
  test.prop([cents.filter((c) => Math.abs(c) < 10 ** 12), fc.integer({ min: 0, max: 1_000_000 })])(
    'a percent of an amount is rounded half away from zero',
    (amount, rate) => {
      const result = multiplyCents(amount, numericFromUnits(rate, 6));
      const exact = BigInt(amount) * BigInt(rate); // 10^-6 cents
      const abs = exact < 0n ? -exact : exact;
      const rounded = (abs + 500_000n) / 1_000_000n;
      expect(BigInt(result)).toBe(exact < 0n ? -rounded : rounded);
    },
  );
});
