import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { addDays } from './billing-date.ts';
import {
  ageReceivables,
  agingBuckets,
  bucketIndex,
  invoiceOpenAsOf,
  unappliedCreditAsOf,
  type AgingItem,
} from './aging.ts';

const asOf = '2026-06-30';
const dueDaysAgo = (days: number, amount = 100, companyId = 1): AgingItem => ({
  companyId,
  amount,
  invoiceDate: addDays(asOf, -days - 30),
  dueDate: addDays(asOf, -days),
});

describe('aged receivables buckets (design §7)', () => {
  it('are Current, 1-30, 31-60, 61-90 and 91+ by default', () => {
    expect(agingBuckets().map((b) => b.label)).toEqual(['Current', '1-30', '31-60', '61-90', '91+']);
    expect(agingBuckets(15, 2).map((b) => b.label)).toEqual(['Current', '1-15', '16-30', '31+']);
  });

  it('put each day count where it belongs', () => {
    const cases: [number, string][] = [
      [-5, 'Current'],
      [0, 'Current'], // due today
      [1, '1-30'],
      [30, '1-30'],
      [31, '31-60'],
      [60, '31-60'],
      [61, '61-90'],
      [90, '61-90'],
      [91, '91+'],
      [400, '91+'],
    ];
    const labels = agingBuckets().map((b) => b.label);
    for (const [days, label] of cases) {
      expect(labels[bucketIndex(days)], `${days} days`).toBe(label);
      const report = ageReceivables([dueDaysAgo(days)], { asOf });
      expect(report.totals.buckets[labels.indexOf(label)], `${days} days in the report`).toBe(100);
    }
  });

  it('ages by invoice date when asked, and an invoice without a due date by its invoice date', () => {
    const item: AgingItem = { companyId: 1, amount: 500, invoiceDate: addDays(asOf, -45), dueDate: addDays(asOf, -15) };
    expect(ageReceivables([item], { asOf }).totals.buckets).toEqual([0, 500, 0, 0, 0]);
    expect(ageReceivables([item], { asOf, basis: 'invoice_date' }).totals.buckets).toEqual([0, 0, 500, 0, 0]);
    expect(ageReceivables([{ ...item, dueDate: null }], { asOf }).totals.buckets).toEqual([0, 0, 500, 0, 0]);
  });

  it('keeps unapplied credits apart and totals per company', () => {
    const report = ageReceivables(
      [
        dueDaysAgo(0, 1_000, 2),
        dueDaysAgo(45, 2_500, 2),
        { companyId: 2, amount: -700, invoiceDate: asOf, dueDate: null },
        dueDaysAgo(100, 300, 1),
      ],
      { asOf },
    );
    expect(report.rows).toEqual([
      { companyId: 1, buckets: [0, 0, 0, 0, 300], credits: 0, total: 300 },
      { companyId: 2, buckets: [1_000, 0, 2_500, 0, 0], credits: -700, total: 2_800 },
    ]);
    expect(report.totals).toEqual({ companyId: 0, buckets: [1_000, 0, 2_500, 0, 300], credits: -700, total: 3_100 });
  });

  it('honours a custom width and count', () => {
    const report = ageReceivables([dueDaysAgo(16), dueDaysAgo(31)], { asOf, width: 15, count: 2 });
    expect(report.totals.buckets).toEqual([0, 0, 100, 100]);
  });
});

const item = fc.record({
  companyId: fc.integer({ min: 1, max: 20 }),
  amount: fc.integer({ min: -1_000_000, max: 10_000_000 }),
  invoiceDate: fc.integer({ min: 0, max: 900 }).map((day) => addDays('2024-01-01', day)),
  dueIn: fc.option(fc.integer({ min: 0, max: 60 })),
});

describe('aged receivables: properties', () => {
  test.prop([
    fc.array(item, { maxLength: 40 }),
    fc.integer({ min: 0, max: 1_000 }).map((day) => addDays('2024-01-01', day)),
    fc.constantFrom('due_date', 'invoice_date') as fc.Arbitrary<'due_date' | 'invoice_date'>,
    fc.integer({ min: 1, max: 45 }),
    fc.integer({ min: 1, max: 6 }),
  ])('buckets + unapplied credits = total open, per company and overall', (raw, date, basis, width, count) => {
    const items: AgingItem[] = raw.map(({ dueIn, ...rest }) => ({
      ...rest,
      dueDate: dueIn === null ? null : addDays(rest.invoiceDate, dueIn),
    }));
    const report = ageReceivables(items, { asOf: date, basis, width, count });
    const open = items.reduce((sum, i) => sum + i.amount, 0);
    const sumRow = (row: { buckets: number[]; credits: number }) =>
      row.buckets.reduce((a, b) => a + b, 0) + row.credits;
    expect(sumRow(report.totals)).toBe(open);
    expect(report.totals.total).toBe(open);
    for (const row of report.rows) {
      const companyOpen = items.filter((i) => i.companyId === row.companyId).reduce((sum, i) => sum + i.amount, 0);
      expect(sumRow(row)).toBe(companyOpen);
      expect(row.credits).toBeLessThanOrEqual(0);
      row.buckets.forEach((amount) => expect(amount).toBeGreaterThanOrEqual(0));
    }
    expect(report.buckets).toHaveLength(count + 2);
  });
});

describe('open amounts as of a date', () => {
  const invoice = { total: 5_000, invoiceDate: '2026-05-01' };
  const paid = [{ amount: 3_000, appliedOn: '2026-06-15', unappliedOn: null }];

  it('a payment after the as-of date leaves the invoice open as of then', () => {
    expect(invoiceOpenAsOf(invoice, paid, '2026-06-14')).toBe(5_000);
    expect(invoiceOpenAsOf(invoice, paid, '2026-06-15')).toBe(2_000);
    expect(invoiceOpenAsOf(invoice, paid, '2026-04-30')).toBe(0);
    expect(invoiceOpenAsOf({ ...invoice, voidedOn: '2026-06-01' }, [], '2026-06-01')).toBe(0);
    expect(invoiceOpenAsOf({ ...invoice, voidedOn: '2026-06-01' }, [], '2026-05-31')).toBe(5_000);
  });

  it('an unapplied allocation counts until the day it was unapplied', () => {
    const history = [{ amount: 3_000, appliedOn: '2026-06-01', unappliedOn: '2026-06-10' }];
    expect(invoiceOpenAsOf(invoice, history, '2026-06-09')).toBe(2_000);
    expect(invoiceOpenAsOf(invoice, history, '2026-06-10')).toBe(5_000);
  });

  it('an unapplied payment is in Unapplied credits, and the report ties to AR', () => {
    const payment = { amount: 8_000, date: '2026-06-15' };
    const allocations = [{ amount: 5_000, appliedOn: '2026-06-15', unappliedOn: null }];
    const asOf = '2026-06-30';
    expect(unappliedCreditAsOf(payment, allocations, asOf)).toBe(-3_000);
    expect(unappliedCreditAsOf(payment, allocations, '2026-06-14')).toBe(0);
    const report = ageReceivables(
      [
        {
          companyId: 1,
          amount: invoiceOpenAsOf(invoice, allocations, asOf),
          invoiceDate: invoice.invoiceDate,
          dueDate: '2026-05-21',
        },
        {
          companyId: 1,
          amount: unappliedCreditAsOf(payment, allocations, asOf),
          invoiceDate: payment.date,
          dueDate: null,
        },
      ],
      { asOf },
    );
    // AR as the ledger has it: invoice debit 5,000, payment credit 8,000.
    expect(report.totals.total).toBe(5_000 - 8_000);
    expect(report.totals.credits).toBe(-3_000);
  });
});

const history = fc.array(
  fc.record({
    amount: fc.integer({ min: 1, max: 100_000 }),
    appliedOn: fc.integer({ min: 0, max: 100 }).map((day) => addDays('2026-01-01', day)),
    unappliedAfter: fc.option(fc.integer({ min: 0, max: 100 })),
  }),
  { maxLength: 10 },
);

describe('open amounts as of a date: property', () => {
  test.prop([history, fc.integer({ min: 0, max: 250 }).map((day) => addDays('2026-01-01', day))])(
    'for one payment over one invoice, the invoice open plus the credit equals the AR balance (debit − credit) as of the date',
    (raw, asOf) => {
      const allocations = raw.map(({ unappliedAfter, ...a }) => ({
        ...a,
        unappliedOn: unappliedAfter === null ? null : addDays(a.appliedOn, unappliedAfter),
      }));
      const total = allocations.reduce((sum, a) => sum + a.amount, 0) + 1_000;
      const invoice = { total, invoiceDate: '2026-01-01' };
      const payment = { amount: total + 500, date: '2026-01-01' };
      const open = invoiceOpenAsOf(invoice, allocations, asOf);
      const credit = unappliedCreditAsOf(payment, allocations, asOf);
      // The ledger: AR debit at posting, AR credit at payment; allocations never touch it.
      expect(open + credit).toBe(total - payment.amount);
    },
  );
});
