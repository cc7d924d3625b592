import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { invoiceDetailSchema, noTaxRateMessage, type InvoiceDetail } from '@switchboard/shared/billing/invoices';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contracts } from '../contracts/contracts.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { invoiceLines, invoices } from './invoices.table.ts';
import { accounts, billingSettings, journalLines } from './ledger.table.ts';
import { taxRates } from './tax-rates.table.ts';

// Posting through the ledger (issue 27 part 4; designs/billing.md §3.2, §3.4; decisions 0068, 0086): gapless numbers
// under concurrent posts, the tax-rate guard, a project's final invoice applying its deposits without counting them
// as income twice, and migration 0038's backfill of invoices posted before the ledger.

let ctx: TestContext;
let approver: string;
let staff: string;
let companyId: number;
let bareId: number;
let rateId: number;
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }, { id: bareId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Delta Clinic' }, { name: 'No Rate Inc' }])
    .returning({ id: companies.id });
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  [{ id: rateId }] = await ctx.db
    .insert(taxRates)
    .values({
      name: 'Dallas',
      jurisdiction: 'TX',
      percent: '8.2500',
      liabilityAccountId: account['2100']!,
      effectiveFrom: '2020-01-01',
    })
    .returning({ id: taxRates.id });
  await ctx.db.insert(companyBillingSettings).values({ companyId, taxRateId: rateId });
  const a = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approver = (await login(ctx.app, a.email, a.password)).access_token;
  const s = await createUser(ctx.db);
  staff = (await login(ctx.app, s.email, s.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, token = approver) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });
const line = (overrides: object = {}) => ({
  kind: 'item',
  description: 'Work',
  quantity: 1,
  unit_price: 100,
  taxable: 0,
  ...overrides,
});

async function approved(payload: object = {}): Promise<number> {
  const response = await call('POST', '/api/billing/invoices', { company_id: companyId, lines: [line()], ...payload });
  expect(response.statusCode, response.body).toBe(200);
  const id = response.json().data.id as number;
  expect((await call('POST', `/api/billing/invoices/${id}/approve`)).statusCode).toBe(200);
  return id;
}

async function balances(): Promise<{ difference: number; of: (number: string) => number }> {
  const answer = (await call('GET', '/api/billing/accounts')).json();
  const rows = answer.data as { number: string; balance: number }[];
  return { difference: answer.trial_balance_difference, of: (n) => rows.find((row) => row.number === n)!.balance };
}

describe('numbers', () => {
  it('two posts at once take consecutive INV- numbers: no gap, no duplicate', async () => {
    const ids = [await approved(), await approved(), await approved()];
    const answers = await Promise.all(ids.map((id) => call('POST', `/api/billing/invoices/${id}/post`)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers
      .map((answer) => Number((answer.json().data.number as string).slice(4)))
      .sort((a, b) => a - b);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
    const all = await ctx.db.execute<{ number: string }>(
      sql`select number from invoices where number like 'INV-%' order by number`,
    );
    expect(all.rows.map((row, index) => Number(row.number.slice(4)) - index)).toEqual(all.rows.map(() => 1));
  });

  it("dates the invoice with the draft's invoice date when it has one, else the posting day", async () => {
    const id = await approved({ invoice_date: '2026-03-05', payment_terms: 30 });
    const post = await call('POST', `/api/billing/invoices/${id}/post`);
    expect(post.json().data).toMatchObject({ invoice_date: '2026-03-05', due_date: '2026-04-04', payment_terms: 30 });
  });

  it('makes a hand-made invoice paperless as the contract governing its month says (the To print batch)', async () => {
    const [item] = await ctx.db.select({ id: billingItems.id }).from(billingItems).limit(1);
    const [{ id: printed }] = await ctx.db.insert(companies).values({ name: 'Paper Dental' }).returning();
    const terms = { retainerItem: item!.id, overageItem: item!.id, lateFeeItem: item!.id };
    // An older contract on e-mail (0 = Yes) and the one governing March 2026 on paper (1 = No).
    await ctx.db.insert(contracts).values([
      { companyId: printed, startDate: '2025-01-01', endDate: '2026-12-31', paperless: 0, ...terms },
      { companyId: printed, startDate: '2026-02-01', endDate: '2026-12-31', paperless: 1, ...terms },
      { companyId: printed, startDate: '2027-01-01', endDate: '2027-12-31', paperless: 0, ...terms },
    ]);
    const posted = async (invoiceDate: string) => {
      const id = await approved({ company_id: printed, invoice_date: invoiceDate, payment_terms: 15 });
      expect((await call('POST', `/api/billing/invoices/${id}/post`)).statusCode).toBe(200);
      const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
      return { id, paperless: row!.paperless, terms: row!.paymentTerms };
    };
    const march = await posted('2026-03-05');
    expect(march).toMatchObject({ paperless: 1, terms: 15 });
    expect((await posted('2026-01-20')).paperless).toBe(0);
    expect((await posted('2027-02-01')).paperless).toBe(0);
    const toPrint = (await call('GET', `/api/billing/invoices?to_print=1&company_id=${printed}`)).json();
    expect(toPrint.data.map((row: { id: number }) => row.id)).toEqual([march.id]);
  });

  it('refuses taxable lines without a company tax rate at posting', async () => {
    const id = await approved({ company_id: bareId, lines: [line({ taxable: 1 })] });
    const response = await call('POST', `/api/billing/invoices/${id}/post`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ tax_rate_id: [noTaxRateMessage] });
  });

  it('re-taxes at posting with the rate as it is then (the draft was made at another percent)', async () => {
    const response = await call('POST', '/api/billing/invoices', {
      company_id: companyId,
      lines: [line({ taxable: 1 })],
    });
    const id = response.json().data.id as number;
    expect(response.json().data.tax_total).toBe(8.25);
    await ctx.db.update(taxRates).set({ percent: '10.0000' }).where(eq(taxRates.id, rateId));
    try {
      await call('POST', `/api/billing/invoices/${id}/approve`);
      const post = await call('POST', `/api/billing/invoices/${id}/post`);
      expect(post.json().data).toMatchObject({ tax_total: 10, total: 110, balance: 110 });
      expect(post.json().data.lines[0].tax_amount).toBe(10);
    } finally {
      await ctx.db.update(taxRates).set({ percent: '8.2500' }).where(eq(taxRates.id, rateId));
    }
  });
});

describe('a project final invoice', () => {
  it('applies each deposit as a negative 2200 line: income 4400 is the project total, 2200 nets to 0', async () => {
    const project = await call(
      'POST',
      '/api/project',
      { title: 'Office move', company_id: companyId, labor_required: 0, procurement_required: 0, verbally_approved: 0 },
      staff,
    );
    const projectId = project.json().data.id as number;
    const before = await balances();
    for (const amount of ['1000', '500.25'])
      expect((await call('POST', '/api/billing/invoices/deposit', { project_id: projectId, amount })).statusCode).toBe(
        200,
      );
    const made = await call('POST', '/api/billing/invoices', {
      company_id: companyId,
      type: 'project',
      project_id: projectId,
      lines: [
        line({ description: 'Move', quantity: 40, unit_price: 100 }),
        line({ description: 'Cabling', unit_price: 1000.5 }),
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const draft = expectExactShape(invoiceDetailSchema, made.json().data);
    expect(draft.lines.map((row) => [row.kind, row.amount])).toEqual([
      ['item', 4000],
      ['item', 1000.5],
      ['deposit_applied', -1000],
      ['deposit_applied', -500.25],
    ]);
    expect(draft.lines[2]!.description).toMatch(/^Less deposit INV-\d{6}$/);
    expect(draft.total).toBe(3500.25);
    await call('POST', `/api/billing/invoices/${draft.id}/approve`);
    const posted = (await call('POST', `/api/billing/invoices/${draft.id}/post`)).json().data as InvoiceDetail;
    expect(posted.journal_entry!.lines.map((row) => [row.account_number, row.debit, row.credit])).toEqual([
      ['1100', 3500.25, 0],
      ['4400', 0, 4000],
      ['4400', 0, 1000.5],
      ['2200', 1000, 0],
      ['2200', 500.25, 0],
    ]);
    const after = await balances();
    expect(after.difference).toBe(0);
    expect(after.of('4400') - before.of('4400')).toBeCloseTo(5000.5, 2);
    expect(after.of('2200') - before.of('2200')).toBeCloseTo(0, 2);
    expect(after.of('1100') - before.of('1100')).toBeCloseTo(5000.5, 2);
  });
});

describe('migration 0038', () => {
  it('backfills a balanced entry (first open day when locked), the rollup and the numbers', async () => {
    const migration = await readFile(
      fileURLToPath(new URL('../../../drizzle/0038_deposit_invoice_entries.sql', import.meta.url)),
      'utf8',
    );
    const before = await balances();
    // The old way (decision 0045): posted and numbered, no journal entry.
    const [deposit, sale] = await ctx.db
      .insert(invoices)
      .values([
        {
          number: 'INV-000900',
          companyId,
          type: 'project_deposit',
          status: 'posted',
          invoiceDate: '2025-12-10',
          dueDate: '2025-12-30',
          subtotal: '750.00',
          total: '750.00',
          balance: '750.00',
        },
        {
          number: 'INV-000901',
          companyId,
          type: 'one_off',
          status: 'posted',
          invoiceDate: '2026-01-15',
          dueDate: '2026-02-04',
          taxRateId: rateId,
          subtotal: '100.00',
          taxTotal: '8.25',
          total: '108.25',
          balance: '108.25',
        },
      ])
      .returning({ id: invoices.id });
    await ctx.db.insert(invoiceLines).values([
      {
        invoiceId: deposit!.id,
        lineNo: 1,
        kind: 'deposit',
        description: 'Deposit',
        quantity: '1',
        unitPrice: '750',
        amount: '750.00',
      },
      {
        invoiceId: sale!.id,
        lineNo: 1,
        kind: 'item',
        description: 'Router',
        quantity: '1',
        unitPrice: '100',
        amount: '100.00',
        taxable: 1,
        taxAmount: '8.25',
      },
    ]);
    await ctx.db.update(billingSettings).set({ lockDate: '2025-12-31' }).where(eq(billingSettings.id, 1));
    const client = await ctx.pool.connect();
    try {
      await client.query('BEGIN');
      for (const statement of migration.split('--> statement-breakpoint')) await client.query(statement);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
      await ctx.db.update(billingSettings).set({ lockDate: null }).where(eq(billingSettings.id, 1));
    }

    const rows = await ctx.db
      .select()
      .from(invoices)
      .where(sql`${invoices.id} in (${deposit!.id}, ${sale!.id})`);
    for (const row of rows) expect(row.journalEntryId).not.toBeNull();
    const entryOf = async (id: number) => {
      const row = rows.find((invoice) => invoice.id === id)!;
      const entry = (await call('GET', `/api/billing/journal-entries/${row.journalEntryId}`)).json().data;
      return entry as {
        entry_date: string;
        number: string;
        lines: { account_id: number; debit: number; credit: number }[];
      };
    };
    const depositEntry = await entryOf(deposit!.id);
    expect(depositEntry.entry_date).toBe('2026-01-01');
    expect(depositEntry.number).toMatch(/^JE-\d{6}$/);
    expect(depositEntry.lines.map((row) => [row.account_id, row.debit, row.credit])).toEqual([
      [account['1100'], 750, 0],
      [account['2200'], 0, 750],
    ]);
    const saleEntry = await entryOf(sale!.id);
    expect(saleEntry.entry_date).toBe('2026-01-15');
    expect(saleEntry.lines.map((row) => [row.account_id, row.debit, row.credit])).toEqual([
      [account['1100'], 108.25, 0],
      [account['4050'], 0, 100],
      [account['2100'], 0, 8.25],
    ]);
    // Whole months are read from the rollup: the balances as of today include January's entries only through it.
    const after = await balances();
    expect(after.difference).toBe(0);
    expect(after.of('1100') - before.of('1100')).toBeCloseTo(858.25, 2);
    expect(after.of('2200') - before.of('2200')).toBeCloseTo(750, 2);
    const lines = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(journalLines)
      .where(sql`${journalLines.entryId} in (${rows[0]!.journalEntryId}, ${rows[1]!.journalEntryId})`);
    expect(lines[0]!.n).toBe(5);

    // The next invoice number follows the numbers those invoices hold.
    const id = await approved();
    expect((await call('POST', `/api/billing/invoices/${id}/post`)).json().data.number).toBe('INV-000902');
  });
});
