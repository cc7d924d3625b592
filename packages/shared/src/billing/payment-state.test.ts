import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  allocationOverBalanceMessage,
  allocationOverSourceMessage,
  allocationPositiveMessage,
  applyAllocation,
  autoApply,
  invoicePaymentState,
  type InvoiceForState,
} from './payment-state.ts';

const today = '2026-05-10';
const posted = (total: number, balance: number, dueDate: string | null = '2026-05-20'): InvoiceForState => ({
  status: 'posted',
  total,
  balance,
  dueDate,
});

describe('payment state (design §3.4, §3.6)', () => {
  it('follows the status before posting and after a void', () => {
    expect(invoicePaymentState({ status: 'draft', total: 5_000, balance: 5_000, dueDate: null }, today)).toBe('Draft');
    expect(invoicePaymentState({ status: 'approved', total: 5_000, balance: 5_000, dueDate: null }, today)).toBe(
      'Approved',
    );
    expect(invoicePaymentState({ status: 'void', total: 5_000, balance: 0, dueDate: '2026-01-01' }, today)).toBe(
      'Void',
    );
  });

  it('30 of 50 paid leaves 20: Partially Paid, Overdue once past due', () => {
    expect(invoicePaymentState(posted(5_000, 5_000), today)).toBe('Open');
    expect(invoicePaymentState(posted(5_000, 2_000), today)).toBe('Partially Paid');
    expect(invoicePaymentState(posted(5_000, 0), today)).toBe('Paid');
    expect(invoicePaymentState(posted(5_000, 2_000, '2026-05-09'), today)).toBe('Overdue');
    expect(invoicePaymentState(posted(5_000, 5_000, '2026-05-09'), today)).toBe('Overdue');
    // Due today is not overdue yet.
    expect(invoicePaymentState(posted(5_000, 5_000, today), today)).toBe('Open');
    expect(invoicePaymentState(posted(5_000, 0, '2026-01-01'), today)).toBe('Paid');
  });

  it('a credit note is Open until fully applied, never Overdue', () => {
    expect(invoicePaymentState(posted(-2_000, -2_000, '2026-01-01'), today)).toBe('Open');
    expect(invoicePaymentState(posted(-2_000, -500, '2026-01-01'), today)).toBe('Open');
    expect(invoicePaymentState(posted(-2_000, 0), today)).toBe('Paid');
  });

  it('a partial credit never marks an invoice Paid (Invoice Ninja #11024)', () => {
    // A $100.00 invoice, a $40.00 credit note applied: $60.00 owed, Partially Paid.
    const applied = applyAllocation(10_000, 4_000, 4_000);
    expect(applied).toEqual({ balance: 6_000 });
    const balance = 'balance' in applied ? applied.balance : NaN;
    expect(invoicePaymentState(posted(10_000, balance), today)).toBe('Partially Paid');
    // The rest of the credit cannot be more than the invoice owes, nor more than the credit has left.
    expect(applyAllocation(6_000, 10_000, 6_001)).toEqual({ error: allocationOverBalanceMessage });
    expect(applyAllocation(6_000, 100, 101)).toEqual({ error: allocationOverSourceMessage });
    expect(applyAllocation(6_000, 100, 0)).toEqual({ error: allocationPositiveMessage });
    expect(applyAllocation(6_000, 6_000, 6_000)).toEqual({ balance: 0 });
  });
});

describe('auto-apply, oldest first', () => {
  const invoices = [
    { id: 3, balance: 5_000, invoiceDate: '2026-03-01' },
    { id: 1, balance: 2_000, invoiceDate: '2026-04-01' },
    { id: 2, balance: 7_000, invoiceDate: '2026-02-01' },
    { id: 4, balance: 0, invoiceDate: '2026-01-01' },
  ];
  it('pays the oldest invoice first and leaves the rest open', () => {
    expect(autoApply(9_000, invoices)).toEqual({
      allocations: [
        { invoiceId: 2, amount: 7_000 },
        { invoiceId: 3, amount: 2_000 },
      ],
      credit: 0,
    });
  });
  it('60 of 50 leaves 10 credit', () => {
    expect(autoApply(6_000, [{ id: 9, balance: 5_000, invoiceDate: '2026-05-01' }])).toEqual({
      allocations: [{ invoiceId: 9, amount: 5_000 }],
      credit: 1_000,
    });
  });
  it('30 of 50 leaves 20 open', () => {
    const { allocations } = autoApply(3_000, [{ id: 9, balance: 5_000, invoiceDate: '2026-05-01' }]);
    expect(allocations).toEqual([{ invoiceId: 9, amount: 3_000 }]);
    expect(invoicePaymentState(posted(5_000, 5_000 - allocations[0].amount), today)).toBe('Partially Paid');
  });
  it('ties on the date go to the lower id', () => {
    const same = [
      { id: 8, balance: 100, invoiceDate: '2026-05-01' },
      { id: 5, balance: 100, invoiceDate: '2026-05-01' },
    ];
    expect(autoApply(100, same).allocations).toEqual([{ invoiceId: 5, amount: 100 }]);
  });
});

const openInvoice = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  balance: fc.integer({ min: -1_000, max: 1_000_000 }),
  invoiceDate: fc
    .integer({ min: 0, max: 1_000 })
    .map((day) => new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10)),
});

describe('auto-apply: properties', () => {
  test.prop([
    fc.integer({ min: 0, max: 5_000_000 }),
    fc.uniqueArray(openInvoice, { selector: (i) => i.id, maxLength: 20 }),
  ])(
    'allocations and credit sum to the payment; no invoice overpaid; a newer one is paid only after older ones are',
    (amount, invoices) => {
      const { allocations, credit } = autoApply(amount, invoices);
      expect(allocations.reduce((sum, a) => sum + a.amount, 0) + credit).toBe(amount);
      expect(credit).toBeGreaterThanOrEqual(0);
      const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
      allocations.forEach((allocation, index) => {
        const invoice = byId.get(allocation.invoiceId)!;
        expect(allocation.amount).toBeGreaterThan(0);
        expect(allocation.amount).toBeLessThanOrEqual(invoice.balance);
        // Every allocation but the last pays its invoice in full.
        if (index < allocations.length - 1) expect(allocation.amount).toBe(invoice.balance);
      });
      const paid = new Set(allocations.map((a) => a.invoiceId));
      const owed = invoices.filter((invoice) => invoice.balance > 0);
      for (const invoice of owed) {
        if (paid.has(invoice.id)) continue;
        // Anything left unpaid is no older than every paid invoice.
        for (const id of paid) expect(byId.get(id)!.invoiceDate <= invoice.invoiceDate).toBe(true);
      }
      if (credit > 0) expect(paid.size).toBe(owed.length);
    },
  );

  test.prop([
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.integer({ min: 1, max: 1_000_000 }),
    fc.integer({ min: 1, max: 1_000_000 }),
  ])('applying less than the balance never makes it Paid', (total, credit, amount) => {
    const result = applyAllocation(total, credit, amount);
    if ('balance' in result) {
      expect(result.balance).toBe(total - amount);
      const state = invoicePaymentState(posted(total, result.balance), today);
      expect(state === 'Paid').toBe(amount === total);
    } else {
      expect(amount > total || amount > credit).toBe(true);
    }
  });
});
