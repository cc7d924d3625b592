import type { AgedPayablesResponse } from '@switchboard/shared/billing/bills';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { billingPayablesVersion, billingVersion } from './billing-cache.ts';
import { postJournalEntry } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';

// The payables version (migration 0074) under which aged payables is cached: it moves at the commit of every write the
// report reads (bills and vendor credits, payments made and their allocations, 2000's lines, vendors' names) and of no
// other billing write, and the report read through the API follows it: every step below reads the report as served
// first, so a write that left the version where it was would show the stale answer.

let ctx: TestContext;
let token: string;
let vendorId: number;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  const user = await createUser(ctx.db, { permissions: ['view billing', 'approve billing', 'manage accounting'] });
  token = (await login(ctx.app, user.email, user.password)).access_token;
  const vendor = await ctx.db.execute<{ id: number }>(sql`insert into vendors (name, payment_terms,
      default_expense_account_id) values ('Payables Co', 30, ${account['5100']}) returning id`);
  vendorId = Number(vendor.rows[0]!.id);
});

afterAll(async () => {
  await ctx?.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await ctx.app.inject({ method, url, headers: bearer(token), payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

const report = async (): Promise<AgedPayablesResponse> =>
  call('GET', '/api/billing/reports/agedpayables?as_of=2026-03-31') as Promise<AgedPayablesResponse>;

const vendorRow = (answer: AgedPayablesResponse) => answer.data.find((row) => row.vendor_id === vendorId)!;

/** Amounts in cents, as postJournalEntry takes them. */
const manualEntry = (lines: { account: string; debit: number; credit: number; vendor?: number }[]) =>
  ctx.db.transaction((tx) =>
    postJournalEntry(tx, {
      entryDate: '2026-03-01',
      sourceType: 'manual',
      lines: lines.map((line) => ({
        accountId: account[line.account]!,
        debit: line.debit,
        credit: line.credit,
        vendorId: line.vendor ?? null,
      })),
    }),
  );

/** Whether `write` moved the payables version and the billing version, the report read as served before it. */
async function moves(write: () => Promise<unknown>): Promise<{ payables: boolean; billing: boolean }> {
  await report();
  const [payables, billing] = [await billingPayablesVersion(ctx.db), await billingVersion(ctx.db)];
  await write();
  return {
    payables: (await billingPayablesVersion(ctx.db)) !== payables,
    billing: (await billingVersion(ctx.db)) !== billing,
  };
}

describe('the payables version', () => {
  it('follows bills, vendor credits, payments made, their void, 2000 and a rename; the report is never stale', async () => {
    expect(vendorRow(await report()).total).toBe(0);

    let billId = 0;
    expect(
      await moves(async () => {
        const bill = await call('POST', '/api/billing/bills', {
          vendor_id: vendorId,
          vendor_ref: 'PV-1',
          bill_date: '2026-03-02',
          lines: [{ description: 'Licences', quantity: 2, unit_cost: 60, account_id: account['5100'] }],
        });
        billId = bill.data.id;
        await call('POST', `/api/billing/bills/${billId}/post`);
      }),
    ).toEqual({ payables: true, billing: true });
    const billed = await report();
    expect(vendorRow(billed).total).toBe(120);
    expect(billed.tie.ledger_balance).toBe(120);

    expect(
      await moves(async () => {
        const credit = await call('POST', '/api/billing/bills', {
          vendor_id: vendorId,
          kind: 'credit',
          vendor_ref: 'PV-C1',
          bill_date: '2026-03-03',
          lines: [{ description: 'Return', quantity: 1, unit_cost: 20, account_id: account['5100'] }],
        });
        await call('POST', `/api/billing/bills/${credit.data.id}/post`);
      }),
    ).toEqual({ payables: true, billing: true });
    expect(vendorRow(await report())).toMatchObject({ total: 100, credits: -20 });

    let paymentId = 0;
    expect(
      await moves(async () => {
        const paid = await call('POST', '/api/billing/payments/made', {
          vendor_id: vendorId,
          payment_date: '2026-03-04',
          amount: 50,
          allocations: [{ bill_id: billId, amount: 50 }],
        });
        paymentId = paid.data.id;
      }),
    ).toEqual({ payables: true, billing: true });
    expect(vendorRow(await report()).total).toBe(50);

    expect(
      await moves(() => call('POST', `/api/billing/payments/made/${paymentId}/void`, { date: '2026-03-05' })),
    ).toEqual({ payables: true, billing: true });
    expect(vendorRow(await report()).total).toBe(100);

    // A manual entry on 2000 moves the tie (the sub-ledger stays: the difference shows).
    expect(
      await moves(() =>
        manualEntry([
          { account: '5100', debit: 700, credit: 0 },
          { account: '2000', debit: 0, credit: 700, vendor: vendorId },
        ]),
      ),
    ).toEqual({ payables: true, billing: true });
    expect((await report()).tie.difference).toBe(-7);

    expect(
      await moves(() => ctx.db.execute(sql`update vendors set name = 'Payables Renamed' where id = ${vendorId}`)),
    ).toMatchObject({ payables: true });
    expect(vendorRow(await report()).vendor_name).toBe('Payables Renamed');
  });

  it('stays when a billing write touches nothing aged payables reads, and the report is still right', async () => {
    const before = await report();
    expect(
      await moves(() =>
        manualEntry([
          { account: '1000', debit: 1500, credit: 0 },
          { account: '4000', debit: 0, credit: 1500 },
        ]),
      ),
    ).toEqual({ payables: false, billing: true });
    expect(
      await moves(() => ctx.db.execute(sql`update vendors set phone = '555-0100' where id = ${vendorId}`)),
    ).toEqual({ payables: false, billing: false });
    expect(await report()).toEqual(before);
  });
});
