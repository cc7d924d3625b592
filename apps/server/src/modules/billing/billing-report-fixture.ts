import { centsFromNumeric, numericFromCents } from '@switchboard/shared/billing/money';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices } from './invoices.table.ts';
import { accounts } from './ledger.table.ts';
import { postJournalEntry } from './ledger.service.ts';
import { allocations, payments, writeOffs } from './payments.table.ts';

// Test fixture of the reports (not used by the app): posted documents written straight into their tables, each with
// its journal entry through postJournalEntry, as the invoice and payment services post them (design §3.2), so the
// sub-ledger and account 1100 can be compared. Amounts are cents.

export interface ReportFixture {
  invoice(input: {
    companyId: number;
    date: string;
    due?: string | null;
    total: number;
    tax?: number;
    type?: 'one_off' | 'credit_note' | 'contract';
  }): Promise<number>;
  payment(input: { companyId: number; date: string; amount: number; reference?: string }): Promise<number>;
  refund(input: { companyId: number; date: string; amount: number }): Promise<number>;
  writeOff(input: { companyId: number; invoiceId: number; date: string; amount: number }): Promise<number>;
  /** Applies a payment, credit note or write-off to an invoice (or a credit to a refund); keeps balance, closed_on. */
  allocate(input: {
    source: 'payment' | 'credit_note' | 'write_off';
    sourceId: number;
    target?: 'invoice' | 'refund';
    targetId: number;
    amount: number;
    on: string;
  }): Promise<number>;
  unapply(allocationId: number, on: string): Promise<void>;
  voidInvoice(invoiceId: number, on: string): Promise<void>;
  event(input: {
    invoiceId: number;
    event: string;
    companyId: number;
    actorId?: number | null;
    at: string;
    data?: object;
  }): Promise<void>;
}

let numberSeed = 0;

export async function reportFixture(db: Db): Promise<ReportFixture> {
  const account: Record<string, number> = {};
  for (const row of await db.select({ id: accounts.id, number: accounts.number }).from(accounts))
    account[row.number] = row.id;

  /** Moves an invoice's (or credit note's) balance by `delta` cents and sets closed_on when it reaches 0. */
  const moveBalance = async (id: number, delta: number, on: string) => {
    await db.execute(sql`
      update invoices set balance = balance + ${numericFromCents(delta)}::numeric,
        closed_on = case when balance + ${numericFromCents(delta)}::numeric = 0 then ${on}::date else null end
      where id = ${id}`);
  };

  const fixture: ReportFixture = {
    async invoice({ companyId, date, due = null, total, tax = 0, type = 'one_off' }) {
      numberSeed += 1;
      const credit = total < 0;
      const number = `${credit ? 'CN' : 'INV'}-T${String(numberSeed).padStart(6, '0')}`;
      return db.transaction(async (tx) => {
        const magnitude = Math.abs(total);
        const taxMagnitude = Math.abs(tax);
        const lines = [
          { accountId: account['1100']!, debit: credit ? 0 : magnitude, credit: credit ? magnitude : 0, companyId },
          {
            accountId: account['4000']!,
            debit: credit ? magnitude - taxMagnitude : 0,
            credit: credit ? 0 : magnitude - taxMagnitude,
          },
        ];
        if (taxMagnitude > 0)
          lines.push({
            accountId: account['2100']!,
            debit: credit ? taxMagnitude : 0,
            credit: credit ? 0 : taxMagnitude,
          });
        const entry = await postJournalEntry(tx, {
          entryDate: date,
          sourceType: credit ? 'credit_note' : 'invoice',
          lines: lines.map((line) => ({ ...line, companyId: line.accountId === account['1100'] ? companyId : null })),
        });
        const [row] = await tx
          .insert(invoices)
          .values({
            number,
            companyId,
            type: credit ? 'credit_note' : type,
            billingMonth: type === 'contract' ? `${date.slice(0, 7)}-01` : null,
            status: 'posted',
            invoiceDate: date,
            dueDate: credit ? null : due,
            subtotal: numericFromCents(total - tax),
            taxTotal: numericFromCents(tax),
            total: numericFromCents(total),
            balance: numericFromCents(total),
            journalEntryId: entry.id,
            postedAt: new Date(),
          })
          .returning({ id: invoices.id });
        return row!.id;
      });
    },

    async payment({ companyId, date, amount, reference = '' }) {
      return db.transaction(async (tx) => {
        const entry = await postJournalEntry(tx, {
          entryDate: date,
          sourceType: 'payment',
          lines: [
            { accountId: account['1050']!, debit: amount, credit: 0 },
            { accountId: account['1100']!, debit: 0, credit: amount, companyId },
          ],
        });
        const [row] = await tx
          .insert(payments)
          .values({
            direction: 'in',
            companyId,
            paymentDate: date,
            method: 'check',
            reference,
            amount: numericFromCents(amount),
            accountId: account['1050']!,
            journalEntryId: entry.id,
          })
          .returning({ id: payments.id });
        return row!.id;
      });
    },

    async refund({ companyId, date, amount }) {
      return db.transaction(async (tx) => {
        const entry = await postJournalEntry(tx, {
          entryDate: date,
          sourceType: 'refund',
          lines: [
            { accountId: account['1100']!, debit: amount, credit: 0, companyId },
            { accountId: account['1000']!, debit: 0, credit: amount },
          ],
        });
        const [row] = await tx
          .insert(payments)
          .values({
            direction: 'out',
            companyId,
            paymentDate: date,
            method: 'check',
            amount: numericFromCents(amount),
            accountId: account['1000']!,
            journalEntryId: entry.id,
          })
          .returning({ id: payments.id });
        return row!.id;
      });
    },

    async writeOff({ companyId, invoiceId, date, amount }) {
      const id = await db.transaction(async (tx) => {
        const entry = await postJournalEntry(tx, {
          entryDate: date,
          sourceType: 'write_off',
          lines: [
            { accountId: account['6100']!, debit: amount, credit: 0 },
            { accountId: account['1100']!, debit: 0, credit: amount, companyId },
          ],
        });
        const [row] = await tx
          .insert(writeOffs)
          .values({
            companyId,
            invoiceId,
            writeOffDate: date,
            amount: numericFromCents(amount),
            journalEntryId: entry.id,
          })
          .returning({ id: writeOffs.id });
        return row!.id;
      });
      await fixture.allocate({ source: 'write_off', sourceId: id, targetId: invoiceId, amount, on: date });
      return id;
    },

    async allocate({ source, sourceId, target = 'invoice', targetId, amount, on }) {
      const companyRow =
        target === 'invoice'
          ? await db.select({ companyId: invoices.companyId }).from(invoices).where(eq(invoices.id, targetId))
          : await db.select({ companyId: payments.companyId }).from(payments).where(eq(payments.id, targetId));
      const [row] = await db
        .insert(allocations)
        .values({
          sourceType: source,
          sourceId,
          targetType: target,
          targetId,
          companyId: companyRow[0]?.companyId ?? null,
          amount: numericFromCents(amount),
          appliedOn: on,
        })
        .returning({ id: allocations.id });
      if (target === 'invoice') await moveBalance(targetId, -amount, on);
      if (source === 'credit_note') await moveBalance(sourceId, amount, on);
      return row!.id;
    },

    async unapply(allocationId, on) {
      const [row] = await db
        .update(allocations)
        .set({ unappliedOn: on })
        .where(eq(allocations.id, allocationId))
        .returning();
      const amount = centsFromNumeric(row!.amount);
      if (row!.targetType === 'invoice') await moveBalance(row!.targetId, amount, on);
      if (row!.sourceType === 'credit_note') await moveBalance(row!.sourceId, -amount, on);
    },

    async voidInvoice(invoiceId, on) {
      await db.transaction(async (tx) => {
        const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
        const lines = await tx.execute<{ account_id: number; debit: string; credit: string; company_id: number }>(
          sql`select account_id, debit::text as debit, credit::text as credit, company_id from journal_lines
              where entry_id = ${invoice!.journalEntryId} order by line_no`,
        );
        await postJournalEntry(tx, {
          entryDate: on,
          sourceType: 'reversal',
          reversesId: invoice!.journalEntryId,
          lines: lines.rows.map((line) => ({
            accountId: Number(line.account_id),
            debit: centsFromNumeric(line.credit),
            credit: centsFromNumeric(line.debit),
            companyId: line.company_id === null ? null : Number(line.company_id),
          })),
        });
        await tx
          .update(invoices)
          .set({ status: 'void', voidDate: on, voidedAt: new Date() })
          .where(eq(invoices.id, invoiceId));
      });
    },

    async event({ invoiceId, event, companyId, actorId = null, at, data = {} }) {
      await db.execute(sql`
        insert into billing_events (entity_type, entity_id, event, company_id, actor_id, at, data)
        values ('invoice', ${invoiceId}, ${event}, ${companyId}, ${actorId}, ${at}::timestamptz,
          ${JSON.stringify(data)}::jsonb)`);
    },
  };
  return fixture;
}
