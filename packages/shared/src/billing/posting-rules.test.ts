import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { invoiceTotals, type DraftLine } from './invoice-lines.ts';
import { numericFromUnits } from './money.ts';
import {
  bankDepositEntry,
  entryDifference,
  incomeAccountByItemType,
  invoiceEntry,
  paymentEntry,
  refundEntry,
  reversalEntry,
  writeOffEntry,
  type JournalEntryDraft,
  type PostedInvoice,
} from './posting-rules.ts';

const taxRate = { id: 7, account: '2100' };

function expectWellFormed(entry: JournalEntryDraft) {
  expect(entryDifference(entry.lines)).toBe(0);
  for (const line of entry.lines) {
    expect(Number.isSafeInteger(line.debit) && Number.isSafeInteger(line.credit)).toBe(true);
    expect(line.debit >= 0 && line.credit >= 0).toBe(true);
    expect(line.debit > 0 !== line.credit > 0).toBe(true);
    if (line.account === '1100') expect(line.companyId).toBeTypeOf('number');
  }
}

describe('invoice entry (design §3.2)', () => {
  it('debits AR the total, credits income per line and the tax to 2100 tagged with its rate', () => {
    const invoice: PostedInvoice = {
      type: 'contract',
      companyId: 12,
      taxRate,
      subtotal: 322_500,
      taxTotal: 20_156,
      total: 342_656,
      lines: [
        { amount: 312_500, taxAmount: 19_531, account: '4000', itemId: 1, description: 'Managed Services Retainer' },
        { amount: 10_000, taxAmount: 625, account: '4200', itemId: 2 },
      ],
    };
    const entry = invoiceEntry(invoice);
    expect(entry.sourceType).toBe('invoice');
    expect(entry.lines).toEqual([
      { account: '1100', debit: 342_656, credit: 0, companyId: 12 },
      { account: '4000', debit: 0, credit: 312_500, companyId: 12, itemId: 1, memo: 'Managed Services Retainer' },
      { account: '4200', debit: 0, credit: 10_000, companyId: 12, itemId: 2, memo: undefined },
      { account: '2100', debit: 0, credit: 20_156, taxRateId: 7 },
    ]);
    expectWellFormed(entry);
  });

  it('debits 2200 for a "Less deposit" line, which lowers the AR debit', () => {
    const entry = invoiceEntry({
      type: 'project',
      companyId: 3,
      taxRate: null,
      subtotal: 60_000,
      taxTotal: 0,
      total: 60_000,
      lines: [
        { amount: 100_000, taxAmount: 0, account: '4400' },
        { amount: -40_000, taxAmount: 0, account: '2200', description: 'Less deposit INV-000120' },
      ],
    });
    expect(entry.lines.map(({ account, debit, credit }) => [account, debit, credit])).toEqual([
      ['1100', 60_000, 0],
      ['4400', 0, 100_000],
      ['2200', 40_000, 0],
    ]);
  });

  it('a deposit invoice credits 2200, not income', () => {
    const entry = invoiceEntry({
      type: 'project_deposit',
      companyId: 3,
      taxRate: null,
      subtotal: 40_000,
      taxTotal: 0,
      total: 40_000,
      lines: [{ amount: 40_000, taxAmount: 0, account: '2200' }],
    });
    expect(entry.lines.map(({ account, debit, credit }) => [account, debit, credit])).toEqual([
      ['1100', 40_000, 0],
      ['2200', 0, 40_000],
    ]);
  });

  it('a credit note debits income and tax and credits AR', () => {
    const entry = invoiceEntry({
      type: 'credit_note',
      companyId: 5,
      taxRate,
      subtotal: -10_000,
      taxTotal: -825,
      total: -10_825,
      lines: [{ amount: -10_000, taxAmount: -825, account: '4100' }],
    });
    expect(entry.sourceType).toBe('credit_note');
    expect(entry.lines.map(({ account, debit, credit, companyId }) => [account, debit, credit, companyId])).toEqual([
      ['1100', 0, 10_825, 5],
      ['4100', 10_000, 0, 5],
      ['2100', 825, 0, undefined],
    ]);
  });

  it('a tracked product sold posts its cost 5000 against 1200; a credit note returns it', () => {
    const sold = invoiceEntry({
      type: 'one_off',
      companyId: 5,
      taxRate: null,
      subtotal: 90_000,
      taxTotal: 0,
      total: 90_000,
      lines: [{ amount: 90_000, taxAmount: 0, account: '4300', itemId: 9, costAmount: 61_234 }],
    });
    // Every line but the tax carries the client, so its Income Statement shows the revenue and the margin.
    expect(sold.lines.map(({ account, debit, credit, companyId }) => [account, debit, credit, companyId])).toEqual([
      ['1100', 90_000, 0, 5],
      ['4300', 0, 90_000, 5],
      ['5000', 61_234, 0, 5],
      ['1200', 0, 61_234, 5],
    ]);
    expectWellFormed(sold);
  });

  it('refuses totals that do not add up', () => {
    const base = {
      type: 'one_off' as const,
      companyId: 1,
      taxRate,
      lines: [{ amount: 1_000, taxAmount: 80, account: '4050' }],
    };
    expect(() => invoiceEntry({ ...base, subtotal: 999, taxTotal: 80, total: 1_079 })).toThrow('subtotal');
    expect(() => invoiceEntry({ ...base, subtotal: 1_000, taxTotal: 81, total: 1_081 })).toThrow('tax total');
    expect(() => invoiceEntry({ ...base, subtotal: 1_000, taxTotal: 80, total: 1_081 })).toThrow('subtotal plus tax');
    expect(() => invoiceEntry({ ...base, taxRate: null, subtotal: 1_000, taxTotal: 80, total: 1_080 })).toThrow('rate');
  });
});

describe('payments, deposits, refunds, write-offs, voids', () => {
  it('post where the design says', () => {
    const pick = (entry: JournalEntryDraft) =>
      entry.lines.map(({ account, debit, credit }) => [account, debit, credit]);
    expect(pick(paymentEntry({ companyId: 1, amount: 3_000 }))).toEqual([
      ['1050', 3_000, 0],
      ['1100', 0, 3_000],
    ]);
    expect(pick(paymentEntry({ companyId: 1, amount: 3_000, account: '1000' }))).toEqual([
      ['1000', 3_000, 0],
      ['1100', 0, 3_000],
    ]);
    expect(pick(bankDepositEntry({ amount: 9_000, account: '1000' }))).toEqual([
      ['1000', 9_000, 0],
      ['1050', 0, 9_000],
    ]);
    expect(pick(refundEntry({ companyId: 1, amount: 1_000, account: '1000' }))).toEqual([
      ['1100', 1_000, 0],
      ['1000', 0, 1_000],
    ]);
    expect(pick(writeOffEntry({ companyId: 1, amount: 2_500 }))).toEqual([
      ['6100', 2_500, 0],
      ['1100', 0, 2_500],
    ]);
    expect(paymentEntry({ companyId: 1, amount: 1 }).lines[1].companyId).toBe(1);
    expect(() => paymentEntry({ companyId: 1, amount: 0 })).toThrow('more than 0');
    expect(() => writeOffEntry({ companyId: 1, amount: 1.5 })).toThrow('more than 0');
  });

  it('a void is the exact reversal', () => {
    const entry = paymentEntry({ companyId: 4, amount: 3_000 });
    const reversal = reversalEntry(entry);
    expect(reversal.sourceType).toBe('reversal');
    expect(reversal.lines.map(({ account, debit, credit, companyId }) => [account, debit, credit, companyId])).toEqual([
      ['1050', 0, 3_000, undefined],
      ['1100', 3_000, 0, 4],
    ]);
  });
});

// Arbitrary documents (design §7): quantities in 0.25 steps, prices to 4 decimals, tax 0-15% to 4 decimals,
// exemptions, deposits, prorations, credit notes.
const incomeAccounts = Object.values(incomeAccountByItemType);
const draftLine = fc.record({
  quantity: fc.integer({ min: 0, max: 2_000 }).map((quarters) => numericFromUnits(quarters * 25, 2)),
  unitPrice: fc.integer({ min: 0, max: 50_000_000 }).map((units) => numericFromUnits(units, 4)),
  proration: fc.option(
    fc
      .integer({ min: 28, max: 31 })
      .chain((of) => fc.record({ days: fc.integer({ min: 0, max: of }), of: fc.constant(of) })),
  ),
  taxable: fc.boolean(),
  account: fc.constantFrom(...incomeAccounts, '2200'),
  costAmount: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: undefined }),
});
const document = fc.record({
  lines: fc.array(draftLine, { minLength: 1, maxLength: 12 }),
  deposits: fc.array(fc.record({ amount: fc.integer({ min: 1, max: 5_000_000 }), taxable: fc.boolean() }), {
    maxLength: 2,
  }),
  percent: fc.option(fc.integer({ min: 0, max: 15_0000 }).map((units) => numericFromUnits(units, 4))),
  exempt: fc.boolean(),
  creditNote: fc.boolean(),
  companyId: fc.integer({ min: 1, max: 5_000 }),
});

type Doc = typeof document extends fc.Arbitrary<infer T> ? T : never;

function postedFrom(doc: Doc) {
  const sign = doc.creditNote ? '-' : '';
  const drafts: (DraftLine & { account: string; costAmount?: number })[] = [
    ...doc.lines.map((line) => ({
      ...line,
      quantity: line.quantity === '0.00' ? line.quantity : `${sign}${line.quantity}`,
    })),
    // "Less deposit" lines on a final invoice: negative, on 2200.
    ...(doc.creditNote
      ? []
      : doc.deposits.map((deposit) => ({
          quantity: '-1',
          unitPrice: numericFromUnits(deposit.amount * 100, 4),
          taxable: deposit.taxable,
          account: '2200',
        }))),
  ];
  const totals = invoiceTotals(drafts, { percent: doc.percent, exempt: doc.exempt });
  const invoice: PostedInvoice = {
    type: doc.creditNote ? 'credit_note' : doc.deposits.length ? 'project' : 'one_off',
    companyId: doc.companyId,
    taxRate: doc.percent === null ? null : taxRate,
    subtotal: totals.subtotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
    lines: drafts.map((draft, index) => ({
      amount: totals.amounts[index],
      taxAmount: totals.lineTaxes[index],
      account: draft.account,
      costAmount: draft.costAmount,
    })),
  };
  return { invoice, totals };
}

describe('posting rules: properties', () => {
  test.prop([document])('every invoice or credit note entry balances, one-sided positive cents', (doc) => {
    const { invoice } = postedFrom(doc);
    const entry = invoiceEntry(invoice);
    expectWellFormed(entry);
    expectWellFormed(reversalEntry(entry));
  });

  test.prop([document])('the tax lines sum to the document’s rounded tax, AR to its total', (doc) => {
    const { invoice, totals } = postedFrom(doc);
    const entry = invoiceEntry(invoice);
    const net = (filter: (line: JournalEntryDraft['lines'][number]) => boolean) =>
      entry.lines.filter(filter).reduce((sum, line) => sum + line.credit - line.debit, 0);
    expect(net((line) => line.taxRateId === taxRate.id)).toBe(totals.taxTotal);
    // Independent: the taxable subtotal × percent, rounded half away from zero in BigInt.
    const expected =
      doc.exempt || doc.percent === null
        ? 0n
        : (() => {
            const product = BigInt(Math.abs(totals.taxableSubtotal)) * BigInt(Math.round(Number(doc.percent) * 10_000));
            return ((product * 2n + 1_000_000n) / 2_000_000n) * (totals.taxableSubtotal < 0 ? -1n : 1n);
          })();
    expect(totals.taxTotal).toBe(Number(expected));
    expect(0 - net((line) => line.account === '1100')).toBe(totals.total);
    expect(
      entry.lines.filter((line) => line.account === '1100').every((line) => line.companyId === doc.companyId),
    ).toBe(true);
  });

  test.prop([fc.integer({ min: 1, max: 99_999_999_999 }), fc.integer({ min: 1, max: 5_000 })])(
    'payments, refunds and write-offs balance',
    (amount, companyId) => {
      for (const entry of [
        paymentEntry({ companyId, amount }),
        refundEntry({ companyId, amount, account: '1000' }),
        writeOffEntry({ companyId, amount }),
        bankDepositEntry({ amount, account: '1000' }),
      ]) {
        expectWellFormed(entry);
      }
    },
  );
});
