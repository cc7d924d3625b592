import { centsFromNumeric } from '@switchboard/shared/billing/money';
import { autoApply } from '@switchboard/shared/billing/payment-state';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { HttpError } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { approveInvoice, writeDraftInvoice } from './invoice-drafts.ts';
import { postInvoice } from './invoice-posting.ts';
import { allocate, receivePayment, unapplyAllocation, voidPayment, writeOff } from './payments.service.ts';

// Model-based test of payments (designs/billing.md §7; decision 0089): random sequences of payments (applied by hand,
// auto-applied or kept as credit), credit applied later, unapply, void and write-off run against PostgreSQL and a
// model in cents. Each command is accepted exactly when the model says it may be; after every command each invoice's
// balance equals the model's and AR (1100) for the company equals open balances minus unapplied credit.

let ctx: TestContext;
let actorId: number;
let accountIncome: number;
let accountAr: number;

beforeAll(async () => {
  ctx = await createTestContext();
  actorId = (await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] })).id;
  const rows = await ctx.db.execute<{ id: number; number: string }>(
    sql`select id, number from accounts where number in ('4100', '1100')`,
  );
  accountIncome = rows.rows.find((row) => row.number === '4100')!.id;
  accountAr = rows.rows.find((row) => row.number === '1100')!.id;
});
afterAll(async () => {
  await ctx.close();
});

const invoiceTotals = [5_000, 12_345, 800];
const date = '2026-11-20';

type Command =
  | { kind: 'pay'; amount: number; invoice: number | null; apply: number }
  | { kind: 'auto'; amount: number }
  | { kind: 'apply'; payment: number; invoice: number; amount: number }
  | { kind: 'unapply'; allocation: number }
  | { kind: 'void'; payment: number }
  | { kind: 'writeOff'; invoice: number; amount: number };

const cents = fc.integer({ min: 1, max: 15_000 });
const index = fc.nat(5);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), amount: cents, invoice: fc.option(fc.nat(2)), apply: cents }),
  fc.record({ kind: fc.constant('auto' as const), amount: cents }),
  fc.record({ kind: fc.constant('apply' as const), payment: index, invoice: fc.nat(2), amount: cents }),
  fc.record({ kind: fc.constant('unapply' as const), allocation: index }),
  fc.record({ kind: fc.constant('void' as const), payment: index }),
  fc.record({ kind: fc.constant('writeOff' as const), invoice: fc.nat(2), amount: cents }),
);

interface Model {
  balances: number[];
  payments: { id: number; amount: number; used: number; void: boolean }[];
  allocations: { id: number; payment: number; invoice: number; amount: number; active: boolean }[];
}

async function setUp(): Promise<{ companyId: number; invoiceIds: number[] }> {
  const [company] = await ctx.db
    .insert(companies)
    .values({ name: `Model payer ${Date.now()} ${Math.random()}` })
    .returning({ id: companies.id });
  const invoiceIds: number[] = [];
  for (const [position, total] of invoiceTotals.entries())
    invoiceIds.push(
      await ctx.db.transaction(async (tx) => {
        const id = await writeDraftInvoice(
          tx,
          {
            companyId: company!.id,
            type: 'one_off',
            invoiceDate: `2026-11-0${position + 1}`,
            paymentTerms: 365,
            lines: [
              {
                kind: 'item',
                accountId: accountIncome,
                description: 'Work',
                quantity: '1',
                unitPrice: (total / 100).toFixed(4),
                taxable: 0,
              },
            ],
          },
          actorId,
        );
        await approveInvoice(tx, id, actorId);
        await postInvoice(tx, id, actorId, `2026-11-0${position + 1}`);
        return id;
      }),
    );
  return { companyId: company!.id, invoiceIds };
}

/** Resolves to true when the write committed, false when it was refused with a 422 (anything else fails). */
async function accepted(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) return false;
    throw error;
  }
}

async function newestAllocationId(): Promise<number> {
  const result = await ctx.db.execute<{ id: number }>(sql`select max(id) as id from allocations`);
  return result.rows[0]!.id;
}

async function check(model: Model, companyId: number, invoiceIds: number[]): Promise<void> {
  const rows = await ctx.db.execute<{ id: number; balance: string }>(
    sql`select id, balance::text as balance from invoices where id = any(${sql.param(invoiceIds)}::int[])`,
  );
  const balances = invoiceIds.map((id) => centsFromNumeric(rows.rows.find((row) => row.id === id)!.balance));
  expect(balances).toEqual(model.balances);
  const ar = await ctx.db.execute<{ net: string }>(sql`
    select coalesce(sum(debit - credit), 0)::text as net from journal_lines
    where account_id = ${accountAr} and company_id = ${companyId}`);
  const credit = model.payments.reduce((sum, p) => sum + (p.void ? 0 : p.amount - p.used), 0);
  const open = model.balances.reduce((sum, balance) => sum + balance, 0);
  expect(centsFromNumeric(ar.rows[0]!.net)).toBe(open - credit);
  // payments.unapplied and fully_applied_on (decision 0092) say what the allocations say, for payments and refunds.
  const kept = await ctx.db.execute<{
    id: number;
    unapplied: string;
    fully: string | null;
    left: string;
    last: string;
  }>(
    sql`select p.id, p.unapplied::text as unapplied, p.fully_applied_on::text as fully,
        (p.amount - coalesce(sum(a.amount) filter (where a.unapplied_on is null), 0))::text as left,
        coalesce(max(greatest(a.applied_on, a.unapplied_on)), p.payment_date)::text as last
      from payments p
      left join allocations a on (p.direction = 'in' and a.source_type = 'payment' and a.source_id = p.id)
        or (p.direction = 'out' and a.target_type = 'refund' and a.target_id = p.id)
      where p.company_id = ${companyId}
      group by p.id order by p.id`,
  );
  expect(
    kept.rows.filter((row) => row.unapplied !== row.left || row.fully !== (row.left === '0.00' ? row.last : null)),
  ).toEqual([]);
  const unapplied = new Map(kept.rows.map((row) => [Number(row.id), centsFromNumeric(row.unapplied)]));
  expect(model.payments.map((p) => unapplied.get(p.id))).toEqual(model.payments.map((p) => p.amount - p.used));
}

it('keeps every balance and the AR tie equal to the model after any sequence', { timeout: 600_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
      const { companyId, invoiceIds } = await setUp();
      const model: Model = { balances: [...invoiceTotals], payments: [], allocations: [] };
      for (const step of commands) {
        if (step.kind === 'pay' || step.kind === 'auto') {
          const wanted =
            step.kind === 'auto'
              ? autoApply(
                  step.amount,
                  model.balances.map((balance, i) => ({ id: i, balance, invoiceDate: `2026-11-0${i + 1}` })),
                ).allocations.map((a) => ({ invoice: a.invoiceId, amount: a.amount }))
              : step.invoice === null
                ? []
                : [{ invoice: step.invoice, amount: step.apply }];
          const ok =
            wanted.every((a) => a.amount <= model.balances[a.invoice]!) &&
            wanted.reduce((sum, a) => sum + a.amount, 0) <= step.amount;
          const done = await accepted(() =>
            receivePayment(
              ctx.db,
              {
                company_id: companyId,
                payment_date: date,
                method: 'check',
                reference: '',
                amount: step.amount / 100,
                account_id: null,
                memo: '',
                allocations:
                  step.kind === 'auto'
                    ? []
                    : wanted.map((a) => ({ invoice_id: invoiceIds[a.invoice]!, amount: a.amount / 100 })),
                auto_apply: step.kind === 'auto',
              },
              actorId,
            ).then(async ({ id }) => {
              const payment = { id, amount: step.amount, used: 0, void: false };
              const count = model.payments.push(payment);
              const firstAllocation = wanted.length ? (await newestAllocationId()) - wanted.length + 1 : 0;
              wanted.forEach((a, i) => {
                model.balances[a.invoice]! -= a.amount;
                payment.used += a.amount;
                model.allocations.push({
                  id: firstAllocation + i,
                  payment: count - 1,
                  invoice: a.invoice,
                  amount: a.amount,
                  active: true,
                });
              });
            }),
          );
          expect(done).toBe(ok);
        } else if (step.kind === 'apply') {
          const payment = model.payments[step.payment];
          if (!payment) continue;
          const ok =
            !payment.void &&
            step.amount <= payment.amount - payment.used &&
            step.amount <= model.balances[step.invoice]!;
          const done = await accepted(async () => {
            const { allocation } = await allocate(
              ctx.db,
              {
                source_type: 'payment',
                source_id: payment.id,
                invoice_id: invoiceIds[step.invoice]!,
                amount: step.amount / 100,
                date,
              },
              actorId,
            );
            payment.used += step.amount;
            model.balances[step.invoice]! -= step.amount;
            model.allocations.push({
              id: allocation.id,
              payment: step.payment,
              invoice: step.invoice,
              amount: step.amount,
              active: true,
            });
          });
          expect(done).toBe(ok);
        } else if (step.kind === 'unapply') {
          const allocation = model.allocations[step.allocation];
          if (!allocation) continue;
          const ok = allocation.active;
          const done = await accepted(async () => {
            await unapplyAllocation(ctx.db, allocation.id, { date }, actorId);
            allocation.active = false;
            model.balances[allocation.invoice]! += allocation.amount;
            model.payments[allocation.payment]!.used -= allocation.amount;
          });
          expect(done).toBe(ok);
        } else if (step.kind === 'void') {
          const payment = model.payments[step.payment];
          if (!payment) continue;
          const ok = !payment.void && payment.used === 0;
          const done = await accepted(async () => {
            await voidPayment(ctx.db, payment.id, { reason: 'Bounced', date }, actorId);
            payment.void = true;
          });
          expect(done).toBe(ok);
        } else {
          const ok = step.amount <= model.balances[step.invoice]!;
          const done = await accepted(async () => {
            await writeOff(
              ctx.db,
              { invoice_id: invoiceIds[step.invoice]!, amount: step.amount / 100, reason: 'Small', date },
              actorId,
            );
            model.balances[step.invoice]! -= step.amount;
          });
          expect(done).toBe(ok);
        }
        await check(model, companyId, invoiceIds);
      }
    }),
    { numRuns: 15 },
  );
});
