import type { DorTaxesResponse } from '@switchboard/shared/billing/reports-sales';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { billingTaxVersion, billingVersion } from './billing-cache.ts';
import { postJournalEntry } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';

// The sales-tax version (migration 0071) under which DOR Taxes is cached: it moves at the commit of every write the DOR
// reports read and of no other billing write, and the report read through the API follows it (never a stale answer).

let ctx: TestContext;
let token: string;
let companyId: number;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  const user = await createUser(ctx.db, { permissions: ['view billing'] });
  token = (await login(ctx.app, user.email, user.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Tax Version Co' }).returning();
});

afterAll(async () => {
  await ctx?.close();
});

/** Amounts in cents, as postJournalEntry takes them. */
const manualEntry = (date: string, lines: { account: string; debit: number; credit: number }[]) =>
  ctx.db.transaction((tx) =>
    postJournalEntry(tx, {
      entryDate: date,
      sourceType: 'manual',
      lines: lines.map((line) => ({ accountId: account[line.account]!, debit: line.debit, credit: line.credit })),
    }),
  );

const taxes = async (query: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/billing/reports/dortaxes?${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DorTaxesResponse>();
};

/** Whether `write` moved the sales-tax version (and, beside it, the billing version). */
async function moves(write: () => Promise<unknown>): Promise<{ tax: boolean; billing: boolean }> {
  const [tax, billing] = [await billingTaxVersion(ctx.db), await billingVersion(ctx.db)];
  await write();
  return { tax: (await billingTaxVersion(ctx.db)) !== tax, billing: (await billingVersion(ctx.db)) !== billing };
}

describe('the sales-tax version', () => {
  it('stays when a billing write touches nothing DOR reads, and the report is still right', async () => {
    const before = await taxes('period=2026-Q1');
    const moved = await moves(() =>
      manualEntry('2026-02-10', [
        { account: '6900', debit: 4000, credit: 0 },
        { account: '1000', debit: 0, credit: 4000 },
      ]),
    );
    expect(moved).toEqual({ tax: false, billing: true });
    expect(await taxes('period=2026-Q1')).toEqual(before);
  });

  it('moves with a journal line on a sales-tax account, and DOR Taxes answers the new tie (not the cached one)', async () => {
    const before = await taxes('period=2026-Q1');
    const moved = await moves(() =>
      manualEntry('2026-03-15', [
        { account: '2100', debit: 0, credit: 7500 },
        { account: '6900', debit: 7500, credit: 0 },
      ]),
    );
    expect(moved).toEqual({ tax: true, billing: true });
    const after = await taxes('period=2026-Q1');
    expect(after.tie!.ledger_balance).toBe(before.tie!.ledger_balance + 75);
    expect(after.tie!.difference).toBe(before.tie!.difference - 75);
  });

  it('moves with invoices, their lines and rates, but not with a payment changing only a balance', async () => {
    const created = await moves(() =>
      ctx.db.execute(sql`insert into invoices (company_id, type, status, subtotal, tax_total, total, balance)
        values (${companyId}, 'one_off', 'draft', 100, 0, 100, 100)`),
    );
    expect(created.tax).toBe(true);
    const { rows } = await ctx.db.execute<{ id: number }>(
      sql`select id from invoices where company_id = ${companyId} order by id desc limit 1`,
    );
    const invoiceId = Number(rows[0]!.id);
    expect(
      (
        await moves(() =>
          ctx.db.execute(sql`insert into invoice_lines (invoice_id, line_no, kind, description, quantity, unit_price,
            amount, taxable) values (${invoiceId}, 1, 'item', 'Widget', 1, 100, 100, 1)`),
        )
      ).tax,
    ).toBe(true);
    expect(await moves(() => ctx.db.execute(sql`update invoices set balance = 60 where id = ${invoiceId}`))).toEqual({
      tax: false,
      billing: true,
    });
    expect(
      (await moves(() => ctx.db.execute(sql`update invoices set tax_total = 8, total = 108 where id = ${invoiceId}`)))
        .tax,
    ).toBe(true);
    expect(
      (
        await moves(() =>
          ctx.db.execute(sql`insert into tax_rates (name, jurisdiction, dor_code, percent, liability_account_id,
              effective_from)
            values ('Austin', 'TX', '22701', 8.25, ${account['2100']!}, '2020-01-01')`),
        )
      ).tax,
    ).toBe(true);
  });

  it('moves with an invoice posted in the period, which DOR Taxes then counts', async () => {
    const before = await taxes('period=2026-Q1');
    const moved = await moves(() =>
      ctx.db.transaction(async (tx) => {
        const [invoice] = (
          await tx.execute<{ id: number }>(sql`insert into invoices (number, company_id, type, status, invoice_date,
              due_date, subtotal, tax_total, total, balance, posted_at)
            values ('INV-TV-1', ${companyId}, 'one_off', 'posted', '2026-03-20', '2026-04-19', 200, 0, 200, 200, now())
            returning id`)
        ).rows;
        await tx.execute(sql`insert into invoice_lines (invoice_id, line_no, kind, description, quantity, unit_price,
            amount, taxable) values (${invoice!.id}, 1, 'item', 'Service', 1, 200, 200, 0)`);
        const entry = await postJournalEntry(tx, {
          entryDate: '2026-03-20',
          sourceType: 'invoice',
          sourceId: Number(invoice!.id),
          lines: [
            { accountId: account['1100']!, debit: 20000, credit: 0, companyId },
            { accountId: account['4000']!, debit: 0, credit: 20000 },
          ],
        });
        await tx.execute(sql`update invoices set journal_entry_id = ${entry.id} where id = ${invoice!.id}`);
      }),
    );
    expect(moved.tax).toBe(true);
    const after = await taxes('period=2026-Q1');
    expect(after.totals.invoices).toBe(before.totals.invoices + 1);
    expect(after.totals.gross).toBe(before.totals.gross + 200);
  });
});
