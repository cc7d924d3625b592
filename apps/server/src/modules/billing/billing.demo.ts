import { addDays, addMonths, monthEnd, monthOf } from '@switchboard/shared/billing/billing-date';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import type { PaymentMethod } from '@switchboard/shared/billing/payments';
import { previousMonth } from '@switchboard/shared/billing/run-lines';
import { runCompanyStatuses, runCompanyStatusOf, type RunCompanyStatus } from '@switchboard/shared/billing/runs';
import type { InvoiceStatus } from '@switchboard/shared/billing/payment-state';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Transaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { planCompanyMonth, runSettings, type RunSettings } from './billing-run-lines.ts';
import { freezeUsage } from './billing-runs.service.ts';
import { billingRunCompanies, billingRuns } from './billing-runs.table.ts';
import { approveInvoice, writeDraftInvoice, type DraftLine } from './invoice-drafts.ts';
import { postInvoice } from './invoice-posting.ts';
import { invoiceLines, invoices } from './invoices.table.ts';
import { createCreditNote, voidInvoice } from './invoices.service.ts';
import { billingToday, getBillingSettings } from './ledger.service.ts';
import { receivePayment } from './payments.service.ts';
import { seedPurchasingDemo } from './purchasing.demo.ts';
import { createTaxRate } from './tax-rates.service.ts';

// Demo billing history (issue 27 §12): the twelve months before the current one run, approved and posted for the
// companies with a contract, as the monthly run does it (plan, draft, approve, post dated the 1st, freeze the usage),
// then paid in the order a bookkeeper would have received the money, so each run's late fees see the balances of
// their day. The current month's run is left for the bookkeeper. Idempotent: nothing is done once any run exists.

// Services that open their own transaction take a Db; inside the seed's transaction they nest as savepoints.
const asDb = (tx: Transaction) => tx as unknown as Db;

type PostedInvoice = Omit<PostedDemoInvoice, 'monthIndex'>;

interface PostedDemoInvoice {
  id: number;
  companyId: number;
  invoiceDate: string;
  dueDate: string;
  /** Index of the month in the history, 0 = the oldest. */
  monthIndex: number;
}

interface PlannedPayment {
  companyId: number;
  invoiceId: number;
  date: string;
  /** Cents; null = the invoice's balance on the day. */
  amount: number | null;
  method: PaymentMethod;
}

const methods: PaymentMethod[] = ['ach', 'check', 'ach', 'card', 'wire', 'check'];

/**
 * Seeds the billing demo: NY and NJ sales tax rates assigned by each company's first site, each contract's primary
 * client as its billing contact, the labor item for time and materials, twelve posted monthly runs with payments
 * (most in full 10 to 40 days after the invoice, a few partial or late, some still overdue), one credit note, one
 * voided and reissued invoice, and a one-off invoice of this month partly paid. `bookkeeperEmails`: the staff who
 * hold 'view billing', the first one found acts. `dataDir` (where issued purchase orders keep their PDFs): given, the
 * purchasing and stock demo (purchasing.demo.ts) follows.
 */
export async function seedBillingDemo(tx: Transaction, bookkeeperEmails: string[], dataDir?: string): Promise<void> {
  if ((await tx.$count(billingRuns)) > 0) return;
  // A closed period refuses the history's postings: an install with a lock date is not a fresh demo.
  if ((await getBillingSettings(tx)).lock_date !== null) return;
  const emails = bookkeeperEmails.map((email) => email.toLowerCase());
  if (emails.length === 0) return;
  const staff = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const actor = emails.map((email) => staff.find((row) => row.email.toLowerCase() === email)).find(Boolean);
  if (!actor) return;
  const actorId = actor.id;

  const today = await billingToday(tx);
  const currentMonth = monthOf(today);
  const months = Array.from({ length: 12 }, (_, index) => addMonths(currentMonth, index - 12));

  await seedLaborItem(tx);
  await seedTaxRates(tx, addMonths(months[0]!, -12));
  await tx.execute(sql`
    insert into contract_billing_contacts (contract_id, user_id)
    select k.id, c.primary_user_id from contracts k join companies c on c.id = k.company_id
    where c.primary_user_id is not null
    on conflict do nothing`);

  const settings = await runSettings(tx);
  const pending: PlannedPayment[] = [];
  const payDue = async (before: string) => {
    pending.sort((a, b) => a.date.localeCompare(b.date) || a.invoiceId - b.invoiceId);
    while (pending.length > 0 && pending[0]!.date < before) await pay(tx, pending.shift()!, actorId);
  };
  let creditDone = false;
  let voidDone = false;
  for (const [monthIndex, month] of months.entries()) {
    await payDue(month);
    const companyIds = await contractCompanies(tx, month);
    const [run] = await tx
      .insert(billingRuns)
      .values({
        month,
        status: 'done',
        startedBy: actorId,
        startedAt: new Date(`${month}T12:00:00Z`),
        finishedAt: new Date(`${month}T12:05:00Z`),
      })
      .returning({ id: billingRuns.id });
    const counts = Object.fromEntries(runCompanyStatuses.map((status) => [status, 0])) as Record<
      RunCompanyStatus,
      number
    >;
    for (const companyId of companyIds) {
      // The second month's first company gets its invoice voided and reissued; the fourth's first, a credit note.
      const voidIt: boolean = !voidDone && monthIndex >= 1;
      const posted: PostedInvoice[] = await tx.transaction((sp) =>
        billCompanyMonth(sp, { runId: run!.id, companyId, month, settings, actorId, voidIt }),
      );
      voidDone ||= voidIt && posted.length > 0;
      counts[posted.length > 0 ? 'posted' : 'skipped'] += 1;
      for (const invoice of posted) {
        const record = { ...invoice, monthIndex };
        if (!creditDone && monthIndex >= 3) {
          creditDone = await creditPart(tx, record, actorId);
        }
        pending.push(...paymentsFor(record, months.length));
      }
    }
    await tx.update(billingRuns).set({ counts }).where(eq(billingRuns.id, run!.id));
  }
  await payDue(addDays(today, 1));
  await seedOneOffInvoice(tx, today, actorId);
  if (dataDir !== undefined) await seedPurchasingDemo(tx, { dataDir, actorId, today });
}

/** Time and materials of a month before a contract started need the labor item: the remote overage labor. */
async function seedLaborItem(tx: Transaction): Promise<void> {
  await tx.execute(sql`
    insert into billing_settings (id, labor_item_id)
    select 1, id from billing_items where name = 'Overage Labor - Remote' limit 1
    on conflict (id) do update set labor_item_id = coalesce(billing_settings.labor_item_id, excluded.labor_item_id)`);
}

/** NY 8.875 % and NJ 6.625 %; companies whose first site is in New Jersey pay NJ's, the others New York's. */
async function seedTaxRates(tx: Transaction, effectiveFrom: string): Promise<void> {
  const rate = (name: string, jurisdiction: string, percent: number) =>
    createTaxRate(asDb(tx), {
      name,
      jurisdiction,
      dor_code: '',
      percent,
      liability_account_id: null,
      effective_from: effectiveFrom,
      effective_to: null,
      active: true,
    });
  const newYork = await rate('New York State + NYC', 'NY', 8.875);
  const newJersey = await rate('New Jersey', 'NJ', 6.625);
  await tx.execute(sql`
    insert into company_billing_settings (company_id, tax_rate_id)
    select c.id, case when (select s.state from sites s where s.company_id = c.id order by s.id limit 1) = 'NJ'
                      then ${newJersey.id}::int else ${newYork.id}::int end
    from companies c
    on conflict (company_id) do update
      set tax_rate_id = coalesce(company_billing_settings.tax_rate_id, excluded.tax_rate_id)
      where not company_billing_settings.tax_exempt`);
}

/** Companies a contract governs in the month or the month before (the run's list, without time-only companies). */
async function contractCompanies(tx: Transaction, month: string): Promise<number[]> {
  const result = await tx.execute<{ id: number }>(sql`
    select distinct k.company_id as id from contracts k
    where k.start_date <= ${monthEnd(month)}::date and k.end_date >= ${previousMonth(month)}::date
    order by 1`);
  return result.rows.map((row) => Number(row.id));
}

async function draftAndPost(
  tx: Transaction,
  input: { runId: number; companyId: number; month: string; settings: RunSettings; actorId: number },
): Promise<number[]> {
  const plan = await planCompanyMonth(tx, input.companyId, input.month, input.month, input.settings, []);
  const ids: number[] = [];
  for (const planned of plan.invoices) {
    const id = await writeDraftInvoice(
      tx,
      {
        companyId: input.companyId,
        type: planned.type,
        contractId: planned.contractId,
        runId: input.runId,
        billingMonth: input.month,
        invoiceDate: input.month,
        lines: planned.lines.map((line): DraftLine => ({
          kind: line.kind,
          itemId: line.itemId,
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          proration: line.proration,
          amount: line.amount,
          taxable: line.taxable,
          periodStart: line.periodStart,
          periodEnd: line.periodEnd,
          explain: line.explain,
          ...(line.checkInIds ? { checkInIds: line.checkInIds } : {}),
        })),
      },
      input.actorId,
    );
    await approveInvoice(tx, id, input.actorId);
    await postInvoice(tx, id, input.actorId, input.month);
    ids.push(id);
  }
  return ids;
}

/** One company's month in one savepoint: drafted, approved, posted on the 1st, usage frozen, the run's row written. */
async function billCompanyMonth(
  tx: Transaction,
  input: { runId: number; companyId: number; month: string; settings: RunSettings; actorId: number; voidIt: boolean },
): Promise<PostedInvoice[]> {
  let ids = await draftAndPost(tx, input);
  if (input.voidIt && ids.length > 0) {
    // Sent with last month's device count: voided two days later and drafted again from the contract.
    for (const id of ids)
      await voidInvoice(
        asDb(tx),
        id,
        { reason: 'Sent with last month’s device count; reissued.', date: addDays(input.month, 2) },
        input.actorId,
      );
    ids = await draftAndPost(tx, input);
  }
  for (const id of ids) await freezeUsage(tx, id, input.settings.timeZone);
  const rows = ids.length
    ? await tx
        .select({
          id: invoices.id,
          status: invoices.status,
          invoiceDate: invoices.invoiceDate,
          dueDate: invoices.dueDate,
        })
        .from(invoices)
        .where(inArray(invoices.id, ids))
        .orderBy(asc(invoices.id))
    : [];
  await tx.insert(billingRunCompanies).values({
    runId: input.runId,
    companyId: input.companyId,
    status: rows.length ? runCompanyStatusOf(rows.map((row) => row.status as InvoiceStatus)) : 'skipped',
    invoiceIds: ids,
    warnings: [],
    updatedAt: new Date(`${input.month}T12:05:00Z`),
  });
  return rows.map((row) => ({
    id: row.id,
    companyId: input.companyId,
    invoiceDate: row.invoiceDate ?? input.month,
    dueDate: row.dueDate ?? input.month,
  }));
}

/** A service credit for an outage: $150 (at most the first line) off the invoice, posted five days after it. */
async function creditPart(tx: Transaction, invoice: PostedDemoInvoice, actorId: number): Promise<boolean> {
  const [line] = await tx
    .select({ id: invoiceLines.id, amount: invoiceLines.amount })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoice.id))
    .orderBy(asc(invoiceLines.lineNo))
    .limit(1);
  const cents = line ? Math.min(15_000, centsFromNumeric(line.amount)) : 0;
  if (!line || cents <= 0) return false;
  const date = addDays(invoice.invoiceDate, 5);
  const creditNoteId = await createCreditNote(
    asDb(tx),
    invoice.id,
    {
      reason: 'Service credit: the e-mail outage of the first week.',
      date,
      lines: [{ invoice_line_id: line.id, amount: dollarsFromCents(cents) }],
    },
    actorId,
  );
  await tx.transaction(async (sp) => {
    await approveInvoice(sp, creditNoteId, actorId);
    await postInvoice(sp, creditNoteId, actorId, date);
  });
  return true;
}

/**
 * How an invoice is paid, from a number of its company and month: most in full 10 to 40 days after its date, one in
 * seventeen half now and the rest never (overdue with a partial payment), one in seventeen a month after its due date,
 * one in seventeen of the last three months not at all. Payments after today are left out by the caller.
 */
function paymentsFor(invoice: PostedDemoInvoice, monthCount: number): PlannedPayment[] {
  const key = invoice.companyId * 31 + invoice.monthIndex * 7;
  const method = methods[key % methods.length]!;
  const base = { companyId: invoice.companyId, invoiceId: invoice.id, method };
  switch (key % 17) {
    case 3:
      return [{ ...base, date: addDays(invoice.invoiceDate, 25), amount: -50 }];
    case 7:
      return [{ ...base, date: addDays(invoice.dueDate, 30 + (key % 11)), amount: null }];
    case 11:
      if (invoice.monthIndex >= monthCount - 3) return [];
  }
  return [{ ...base, date: addDays(invoice.invoiceDate, 10 + (key % 31)), amount: null }];
}

/** Receives a planned payment: the balance, or (negative amount) that percent of it rounded to dollars. */
async function pay(tx: Transaction, payment: PlannedPayment, actorId: number): Promise<void> {
  const [invoice] = await tx
    .select({ balance: invoices.balance, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.id, payment.invoiceId));
  const balance = invoice && invoice.status === 'posted' ? centsFromNumeric(invoice.balance) : 0;
  if (balance <= 0) return;
  const cents =
    payment.amount === null ? balance : Math.max(100, Math.round((balance * -payment.amount) / 100 / 100) * 100);
  if (cents >= balance && payment.amount !== null) return;
  const dollars = dollarsFromCents(cents);
  await receivePayment(
    asDb(tx),
    {
      company_id: payment.companyId,
      payment_date: payment.date,
      method: payment.method,
      reference: payment.method === 'check' ? String(1000 + payment.invoiceId) : '',
      amount: dollars,
      account_id: null,
      memo: '',
      allocations: [{ invoice_id: payment.invoiceId, amount: dollars }],
      auto_apply: false,
    },
    actorId,
  );
}

/**
 * A firewall sold this month (Net 30, so not yet due) with a 40 % deposit paid the same day: the Partially Paid and
 * Open states next to the run's history. Dated six days ago, or the 1st when the month is younger.
 */
async function seedOneOffInvoice(tx: Transaction, today: string, actorId: number): Promise<void> {
  const [company] = await tx
    .execute<{ id: number }>(sql`select company_id as id from contracts order by id limit 1`)
    .then((result) => result.rows);
  if (!company) return;
  const companyId = Number(company.id);
  const monthStart = monthOf(today);
  const date = addDays(today, -6) < monthStart ? monthStart : addDays(today, -6);
  const id = await tx.transaction(async (sp) => {
    const draftId = await writeDraftInvoice(
      sp,
      {
        companyId,
        type: 'one_off',
        invoiceDate: date,
        paymentTerms: 30,
        memo: 'Firewall replacement at the main office.',
        lines: [
          {
            kind: 'item',
            description: 'Next-generation firewall appliance',
            quantity: '1',
            unitPrice: '1850.0000',
            taxable: 1,
          },
          {
            kind: 'item',
            description: 'Firewall installation and rule migration',
            quantity: '4',
            unitPrice: '150.0000',
            taxable: 0,
          },
        ],
      },
      actorId,
    );
    await approveInvoice(sp, draftId, actorId);
    await postInvoice(sp, draftId, actorId, date);
    return draftId;
  });
  await pay(tx, { companyId, invoiceId: id, date, amount: -40, method: 'check' }, actorId);
}
