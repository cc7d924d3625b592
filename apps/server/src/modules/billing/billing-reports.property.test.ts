import { addDays } from '@switchboard/shared/billing/billing-date';
import { centsFromDollars } from '@switchboard/shared/billing/money';
import type { AgedReceivablesResponse } from '@switchboard/shared/billing/reports';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { reportFixture, type ReportFixture } from './billing-report-fixture.ts';

// Design §7 "Aged buckets": buckets + unapplied credits = account 1100 as of the date, two independent computations
// (the sub-ledger's open items as of then, the ledger's lines) agreeing over generated histories of invoices,
// payments, credit notes, write-offs, allocations, unapplies and voids, at dates before, between and after them.

let ctx: TestContext;
let token: string;
let fx: ReportFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  const user = await createUser(ctx.db, { permissions: ['view billing'] });
  token = (await login(ctx.app, user.email, user.password)).access_token;
  fx = await reportFixture(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

const op = fc.record({
  kind: fc.integer({ min: 0, max: 6 }),
  step: fc.integer({ min: 0, max: 20 }),
  a: fc.integer({ min: 100, max: 200_000 }),
  b: fc.nat(1000),
  percent: fc.integer({ min: 1, max: 100 }),
});

interface Doc {
  id: number;
  balance: number;
  void: boolean;
}
interface Source {
  kind: 'payment' | 'credit_note';
  id: number;
  left: number;
}
interface Applied {
  id: number;
  amount: number;
  invoice: Doc;
  source: Source | null;
  active: boolean;
}

const cents = (dollars: number) => centsFromDollars(dollars)!;

it('buckets + unapplied credits equal account 1100 as of any date', async () => {
  const start = '2026-01-01';
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: 1, maxLength: 14 }),
      fc.array(fc.integer({ min: -5, max: 300 }), { minLength: 3, maxLength: 5 }),
      fc.integer({ min: 1, max: 60 }),
      fc.integer({ min: 1, max: 6 }),
      async (ops, asOfOffsets, width, count) => {
        const [{ id: companyId }] = await ctx.db
          .insert(companies)
          .values({ name: 'Generated' })
          .returning({ id: companies.id });
        let date = start;
        const invoices: Doc[] = [];
        const sources: Source[] = [];
        const applied: Applied[] = [];
        for (const { kind, step, a, b, percent } of ops) {
          date = addDays(date, step);
          const openInvoices = invoices.filter((doc) => !doc.void && doc.balance > 0);
          if (kind === 0) {
            const tax = Math.floor((a * (percent % 16)) / 100);
            const id = await fx.invoice({ companyId, date, due: addDays(date, b % 45), total: a, tax });
            invoices.push({ id, balance: a, void: false });
          } else if (kind === 1) {
            sources.push({ kind: 'payment', id: await fx.payment({ companyId, date, amount: a }), left: a });
          } else if (kind === 2) {
            sources.push({ kind: 'credit_note', id: await fx.invoice({ companyId, date, total: -a }), left: a });
          } else if (kind === 3) {
            const withCredit = sources.filter((source) => source.left > 0);
            if (!withCredit.length || !openInvoices.length) continue;
            const source = withCredit[b % withCredit.length]!;
            const invoice = openInvoices[a % openInvoices.length]!;
            const amount = Math.max(1, Math.floor((Math.min(source.left, invoice.balance) * percent) / 100));
            const id = await fx.allocate({
              source: source.kind,
              sourceId: source.id,
              targetId: invoice.id,
              amount,
              on: date,
            });
            source.left -= amount;
            invoice.balance -= amount;
            applied.push({ id, amount, invoice, source, active: true });
          } else if (kind === 4) {
            const active = applied.filter((allocation) => allocation.active && allocation.source);
            if (!active.length) continue;
            const allocation = active[b % active.length]!;
            await fx.unapply(allocation.id, date);
            allocation.active = false;
            allocation.invoice.balance += allocation.amount;
            allocation.source!.left += allocation.amount;
          } else if (kind === 5) {
            const voidable = invoices.filter(
              (doc) => !doc.void && !applied.some((allocation) => allocation.active && allocation.invoice === doc),
            );
            if (!voidable.length) continue;
            const doc = voidable[b % voidable.length]!;
            await fx.voidInvoice(doc.id, date);
            doc.void = true;
          } else {
            if (!openInvoices.length) continue;
            const invoice = openInvoices[b % openInvoices.length]!;
            const amount = Math.max(1, Math.floor((invoice.balance * percent) / 100));
            await fx.writeOff({ companyId, invoiceId: invoice.id, date, amount });
            invoice.balance -= amount;
            applied.push({ id: 0, amount, invoice, source: null, active: true });
          }
        }
        // Dates around the history, and today (the open-items path).
        const dates = [...asOfOffsets.map((offset) => addDays(start, offset)), ''];
        for (const asOf of dates) {
          const response = await ctx.app.inject({
            method: 'GET',
            url: `/api/billing/reports/agedreceivables?company_id=${companyId}&width=${width}&count=${count}${
              asOf ? `&as_of=${asOf}` : ''
            }`,
            headers: bearer(token),
          });
          expect(response.statusCode, response.body).toBe(200);
          const report = response.json<AgedReceivablesResponse>();
          const row = report.data[0]!;
          const sum = row.buckets.reduce((total, value) => total + cents(value), 0) + cents(row.credits);
          expect(sum).toBe(cents(row.total));
          expect(cents(row.credits)).toBeLessThanOrEqual(0);
          expect(row.buckets.every((value) => value >= 0)).toBe(true);
          expect({ asOf, total: cents(row.total) }).toEqual({ asOf, total: cents(report.tie.ledger_balance) });
          expect(report.tie.difference).toBe(0);
          // The drill-down's items are the row's amounts.
          const items = report.items ?? [];
          expect(items.reduce((total, item) => total + cents(item.amount), 0)).toBe(cents(row.total));
        }
        // Today, after everything: each invoice's open amount is its balance column.
        const today = await ctx.app.inject({
          method: 'GET',
          url: `/api/billing/reports/agedreceivables?company_id=${companyId}`,
          headers: bearer(token),
        });
        const owed = invoices.filter((doc) => !doc.void).reduce((total, doc) => total + doc.balance, 0);
        const invoiceItems = (today.json<AgedReceivablesResponse>().items ?? []).filter((item) => item.amount > 0);
        expect(invoiceItems.reduce((total, item) => total + cents(item.amount), 0)).toBe(owed);
      },
    ),
    { numRuns: 15 },
  );
}, 180_000);
