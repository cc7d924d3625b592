import { describe, expect, it } from 'vitest';
import { billingItemInputSchema, marginPercent } from './items.ts';

describe('marginPercent', () => {
  it('is (price − cost) ÷ price to one decimal, and null for a zero price', () => {
    expect(marginPercent(20_000, 1_500_000)).toBe(25);
    // 250.50 against 60.1234: 75.9986… %
    expect(marginPercent(25_050, 601_234)).toBe(76);
    expect(marginPercent(300, 10_000)).toBe(66.7);
    expect(marginPercent(100, 20_000)).toBe(-100);
    expect(marginPercent(0, 5)).toBeNull();
  });
});

describe('billingItemInputSchema', () => {
  const base = { name: 'Seat', type: 'cloud', price: '4.50', cost: '', taxable: '1' };
  it('reads the form’s text as numbers and fills the defaults', () => {
    expect(billingItemInputSchema.parse(base)).toMatchObject({
      price: 4.5,
      cost: 0,
      taxable: 1,
      unit: 'each',
      sku: '',
      fee_percent: null,
      income_account_id: null,
      reorder_point: null,
    });
  });
  it('takes float noise of a two-decimal price (0.1 + 0.2) and refuses a real third decimal', () => {
    expect(billingItemInputSchema.safeParse({ ...base, price: 0.1 + 0.2 }).success).toBe(true);
    expect(billingItemInputSchema.safeParse({ ...base, price: 1.005 }).success).toBe(false);
    expect(billingItemInputSchema.safeParse({ ...base, price: 19.99 }).success).toBe(true);
    expect(billingItemInputSchema.safeParse({ ...base, cost: 1.2345 }).success).toBe(true);
  });
});
