import { describe, expect, it } from 'vitest';
import {
  activeContractOf,
  contractDatesOverlap,
  contractOverlapWarning,
  formatMaxRollover,
  identicalContractMessage,
  overlappingContracts,
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

describe('overlappingContracts (issue 26 §2.9, decision 0075)', () => {
  const contract = (id: number, start: string, end: string, retainer = 1) => ({
    id,
    start_date: start,
    end_date: end,
    retainer_item: { id: retainer, name: retainer === 1 ? 'Managed Retainer' : 'Co-managed Retainer' },
  });
  const list = [contract(1, '2026-01-01', '2026-12-31'), contract(2, '2026-06-01', '2027-05-31', 2)];

  it('counts a shared first or last day as overlap, the day after as none', () => {
    expect(contractDatesOverlap(list[0]!, { start_date: '2026-12-31', end_date: '2027-01-31' })).toBe(true);
    expect(contractDatesOverlap(list[0]!, { start_date: '2025-01-01', end_date: '2026-01-01' })).toBe(true);
    expect(contractDatesOverlap(list[0]!, { start_date: '2027-01-01', end_date: '2027-12-31' })).toBe(false);
  });

  it('names each overlapping contract, identical when the type is the same, and never the contract itself', () => {
    const found = overlappingContracts(list, {
      id: null,
      start_date: '2026-11-01',
      end_date: '2027-01-31',
      retainer_item: 1,
    });
    expect(found.map(({ contract: c, identical }) => [c.id, identical])).toEqual([
      [1, true],
      [2, false],
    ]);
    const itself = overlappingContracts(list, {
      id: 1,
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      retainer_item: 1,
    });
    expect(itself.map(({ contract: c, identical }) => [c.id, identical])).toEqual([[2, false]]);
  });

  it('says nothing while the dates are incomplete or reversed', () => {
    const candidate = { id: null, retainer_item: 1 };
    expect(overlappingContracts(list, { ...candidate, start_date: '2026-02-01', end_date: '' })).toEqual([]);
    expect(overlappingContracts(list, { ...candidate, start_date: '2026-02-01', end_date: '2026-01-01' })).toEqual([]);
  });

  it('words the refusal and the warning', () => {
    expect(identicalContractMessage('Managed Retainer', '2026-01-01', '2026-12-31')).toBe(
      'A Managed Retainer contract already covers these dates (2026-01-01 to 2026-12-31). Change the dates or edit that contract.',
    );
    expect(contractOverlapWarning('Managed Retainer', '2026-01-01', '2026-12-31')).toBe(
      'These dates overlap the Managed Retainer contract of 2026-01-01 to 2026-12-31.',
    );
  });
});
