import { describe, expect, it } from 'vitest';
import {
  activeContractOf,
  formatMaxRollover,
  formatPaymentTerms,
  latestContractOf,
  recurringItemInputSchema,
  recurringItemTotal,
} from './contracts.ts';

const c = (id: number, start_date: string, end_date: string) => ({ id, start_date, end_date });

describe('the active-contract rule (decision 0018)', () => {
  const today = '2026-11-23';
  it('is the contract whose dates contain today, ends included', () => {
    expect(activeContractOf([c(1, '2025-01-01', '2025-12-31'), c(2, '2026-01-01', '2026-11-23')], today)?.id).toBe(2);
    expect(activeContractOf([c(3, '2026-11-23', '2027-11-22')], today)?.id).toBe(3);
  });
  it('prefers the latest start when contracts overlap, then the highest id', () => {
    expect(activeContractOf([c(1, '2026-01-01', '2026-12-31'), c(2, '2026-06-01', '2027-05-31')], today)?.id).toBe(2);
    expect(activeContractOf([c(5, '2026-06-01', '2026-12-31'), c(4, '2026-06-01', '2027-05-31')], today)?.id).toBe(5);
  });
  it('is none when every contract has ended or not started', () => {
    expect(activeContractOf([c(1, '2025-01-01', '2025-12-31'), c(2, '2027-01-01', '2027-12-31')], today)).toBeNull();
  });
  it('takes as latest the started contract that ends last, so a future one never makes the header say Expired', () => {
    expect(
      latestContractOf(
        [c(1, '2024-01-01', '2024-12-31'), c(2, '2025-01-01', '2025-12-31'), c(3, '2027-01-01', '2027-12-31')],
        today,
      )?.id,
    ).toBe(2);
    expect(latestContractOf([c(3, '2027-01-01', '2027-12-31')], today)).toBeNull();
  });
});

describe('contract display rules (spec 2 §9)', () => {
  it("shows payment terms as 'Net ##' and max_rollover above 1000 as unlimited", () => {
    expect(formatPaymentTerms(20)).toBe('Net 20');
    expect(formatMaxRollover(1000)).toBe('1000');
    expect(formatMaxRollover(1000.25)).toBe('Unlimited');
  });
});

describe('recurring items (spec 2 §4, §5)', () => {
  it("answers 'Quantity must be set.' and 'Item must be selected'", () => {
    const result = recurringItemInputSchema.safeParse({ item_id: '', quantity: '', price: 5, taxable: 0 });
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({ item_id: 'Item must be selected', quantity: 'Quantity must be set.' });
  });
  it('totals price × quantity', () => {
    expect(recurringItemTotal({ price: 12.5, quantity: 3 })).toBe(37.5);
    expect(recurringItemTotal({ price: 0.1, quantity: 3 })).toBe(0.3);
  });
});
