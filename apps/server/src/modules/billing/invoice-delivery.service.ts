import { billingChannel, formatUsd, type InvoiceUpdatedPayload } from '@switchboard/shared';
import type { BulkInvoiceResult } from '@switchboard/shared/billing/invoices';
import {
  noRecipientsMessage,
  nothingToPrintMessage,
  onlyPostedSendMessage,
  type MarkPrintedResult,
  type SendInvoiceResult,
  type ToPrintRow,
} from '@switchboard/shared/billing/invoice-delivery';
import { centsFromNumeric, dollarsFromCents } from '@switchboard/shared/billing/money';
import { and, asc, desc, eq, gt, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { toPage, pageOffset, type Page, type PageQuery } from '../../db/paginate.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { queueJob } from '../../plugins/jobs.ts';
import { escapeHtml, runInBackground, sendMail, type MailMessage } from '../../plugins/mail.ts';
import { companies } from '../companies/companies.table.ts';
import { contractBillingContacts, contracts } from '../contracts/contracts.table.ts';
import { readRevisionFile, recordRevision } from '../documents/documents.service.ts';
import { branding, documentRevisions } from '../documents/documents.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { users } from '../users/users.table.ts';
import { invoiceDocument } from './invoice.document.ts';
import { mergePdfs } from './invoice-delivery-pdf.ts';
import { billingEvents } from './billing-runs.table.ts';
import { recordBillingEvent } from './invoice-drafts.ts';
import { invoiceDeliveries, invoices } from './invoices.table.ts';

// After posting (designs/billing.md §4, §5 E-mail; decision 0090): revision 00 of the PDF, then one mail per billing
// contact through the mail module (SMTP, or the outbox without it). One invoice_deliveries row per invoice, revision and
// recipient: a row is claimed under a row lock (FOR UPDATE SKIP LOCKED) for the length of its send and left only as
// sent, outbox or failed, so neither a retry nor two workers at once mail a recipient twice. Failures are retried by the
// billing-send-invoice job up to maxAutomaticAttempts; Send retries them again on demand.

export const sendInvoiceJob = 'billing-send-invoice';
/** The job retries a failed delivery until it has been tried this many times. */
export const maxAutomaticAttempts = 5;

const invoiceType = invoiceDocument.type;

function announce(app: AppInstance, id: number, companyId: number): void {
  app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
    id,
    company_id: companyId,
  } satisfies InvoiceUpdatedPayload);
}

/**
 * Who gets an invoice: the billing contacts of its contract; without one, those of the company's contract in force on
 * the invoice date (else its latest), when it has one. Accounts that are disabled or have no e-mail are left out.
 */
export async function invoiceRecipients(
  db: DbOrTransaction,
  invoice: { companyId: number; contractId: number | null; invoiceDate: string | null },
): Promise<string[]> {
  let contractId = invoice.contractId;
  if (contractId === null) {
    const day = invoice.invoiceDate ?? new Date().toISOString().slice(0, 10);
    const [latest] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.companyId, invoice.companyId))
      .orderBy(desc(sql`${contracts.startDate} <= ${day}`), desc(contracts.startDate), desc(contracts.id))
      .limit(1);
    contractId = latest?.id ?? null;
  }
  if (contractId === null) return [];
  const rows = await db
    .selectDistinct({ email: sql<string>`lower(trim(${users.email}))` })
    .from(contractBillingContacts)
    .innerJoin(users, eq(users.id, contractBillingContacts.userId))
    .where(
      and(eq(contractBillingContacts.contractId, contractId), isNull(users.deletedAt), sql`trim(${users.email}) <> ''`),
    )
    .orderBy(sql`lower(trim(${users.email}))`);
  return rows.map((row) => row.email);
}

async function loadInvoice(db: DbOrTransaction, id: number) {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, id));
  return invoice ?? null;
}

/** Adds a pending delivery for each recipient of the revision that has none yet; answers every recipient's row. */
async function prepareDeliveries(db: DbOrTransaction, invoiceId: number, revision: number, recipients: string[]) {
  if (recipients.length > 0)
    await db
      .insert(invoiceDeliveries)
      .values(recipients.map((recipient) => ({ invoiceId, revision, recipient })))
      .onConflictDoNothing();
  return db
    .select()
    .from(invoiceDeliveries)
    .where(and(eq(invoiceDeliveries.invoiceId, invoiceId), eq(invoiceDeliveries.revision, revision)))
    .orderBy(asc(invoiceDeliveries.recipient));
}

/**
 * The revision to mail: the latest stored one, or 00 drawn now when there is none. Payments never make a revision
 * (designs/billing.md §5), so a send after a payment mails what was issued, not a redraw.
 */
async function issuedRevision(app: AppInstance, invoiceId: number, actorId: number | null): Promise<number | null> {
  const [latest] = await app.db
    .select({ revision: documentRevisions.revision })
    .from(documentRevisions)
    .where(and(eq(documentRevisions.type, invoiceType), eq(documentRevisions.recordId, invoiceId)))
    .orderBy(desc(documentRevisions.revision))
    .limit(1);
  if (latest) return latest.revision;
  return (await recordRevision(app.db, app.config.dataDir, invoiceType, invoiceId, actorId))?.revision ?? null;
}

const pendingByDb = new WeakMap<object, Promise<void>>();

/** Background work of one app, one piece after the other (a run posting 2,000 invoices renders them in turn). */
function runSerially(app: AppInstance, what: string, work: () => Promise<void>): void {
  const previous = pendingByDb.get(app.db) ?? Promise.resolve();
  const next = previous.then(work, work);
  pendingByDb.set(
    app.db,
    next.catch(() => undefined),
  );
  runInBackground(app, what, () => next);
}

/** Sends a revision's unsent deliveries: through pg-boss when jobs run here, else in this process's background. */
async function queueSend(app: AppInstance, invoiceId: number, revision: number, retryFailed: boolean): Promise<void> {
  if (app.jobs.boss && !retryFailed) {
    await queueJob(
      app,
      sendInvoiceJob,
      { invoice_id: invoiceId, revision },
      { singletonKey: `invoice:${invoiceId}:${revision}` },
    );
    return;
  }
  runSerially(app, 'invoice delivery', async () => {
    await sendRevision(app, invoiceId, revision, retryFailed ? null : maxAutomaticAttempts);
  });
}

/**
 * The invoicePosted listener's work: revision 00 of the PDF, a delivery row per billing contact (a 'delivery_skipped'
 * event when there is none), then the send. Safe to run twice: the revision and the rows are made once.
 */
export async function deliverPostedInvoice(app: AppInstance, invoiceId: number, actorId: number | null): Promise<void> {
  const invoice = await loadInvoice(app.db, invoiceId);
  if (!invoice || invoice.status !== 'posted') return;
  const revision = await issuedRevision(app, invoiceId, actorId);
  if (revision === null) return;
  const recipients = await invoiceRecipients(app.db, invoice);
  if (recipients.length === 0) {
    await recordBillingEvent(app.db, {
      entityId: invoiceId,
      event: 'delivery_skipped',
      companyId: invoice.companyId,
      actorId,
      data: { revision, reason: noRecipientsMessage },
    });
    announce(app, invoiceId, invoice.companyId);
    return;
  }
  await prepareDeliveries(app.db, invoiceId, revision, recipients);
  announce(app, invoiceId, invoice.companyId);
  await queueSend(app, invoiceId, revision, false);
}

/** Subscribed to invoicePosted: the work goes to the background, so posting (one or a whole run) never waits on it. */
export function onInvoicePosted(app: AppInstance, payload: { invoiceId: number; actorId: number | null }): void {
  runSerially(app, 'invoice PDF and delivery', () => deliverPostedInvoice(app, payload.invoiceId, payload.actorId));
}

const dueText = (date: string | null): string =>
  date
    ? new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        timeZone: 'UTC',
      })
    : '';

/** 'Invoice INV-000123 from Switchboard IT: $1,250.00 due Dec 21, 2026' (designs/billing.md §5 E-mail). */
export function invoiceSubject(
  invoice: { type: string; number: string | null; total: string; dueDate: string | null },
  mspName: string,
): string {
  const total = formatUsd(centsFromNumeric(invoice.total));
  if (invoice.type === 'credit_note') return `Credit Note ${invoice.number} from ${mspName}: ${total}`;
  return `Invoice ${invoice.number} from ${mspName}: ${total} due ${dueText(invoice.dueDate)}`;
}

async function mspName(db: DbOrTransaction): Promise<string> {
  const [row] = await db.select({ name: branding.name }).from(branding).where(eq(branding.id, 1));
  return row?.name ?? 'Switchboard IT';
}

/**
 * Mails a revision to each of its deliveries still pending or failed (failed ones tried fewer than `maxAttempts` times;
 * null: all). Each row is locked while its mail goes, so a second sender skips it; answers the statuses set.
 */
export async function sendRevision(
  app: AppInstance,
  invoiceId: number,
  revision: number,
  maxAttempts: number | null,
): Promise<Record<string, 'sent' | 'outbox' | 'failed'>> {
  const invoice = await loadInvoice(app.db, invoiceId);
  const results: Record<string, 'sent' | 'outbox' | 'failed'> = {};
  if (!invoice || invoice.status !== 'posted') return results;
  const file = await readRevisionFile(app.db, app.config.dataDir, invoiceType, invoiceId, revision);
  if (!file) return results;
  const subject = invoiceSubject(invoice, await mspName(app.db));
  const label = invoice.type === 'credit_note' ? 'Credit-Note' : 'Invoice';
  const filename = `${label}-${invoice.number}-${String(revision).padStart(2, '0')}.pdf`;
  const body = `${subject}.\n\nThe ${invoice.type === 'credit_note' ? 'credit note' : 'invoice'} is attached as a PDF.`;
  const candidates = await app.db
    .select({ id: invoiceDeliveries.id })
    .from(invoiceDeliveries)
    .where(
      and(
        eq(invoiceDeliveries.invoiceId, invoiceId),
        eq(invoiceDeliveries.revision, revision),
        inArray(invoiceDeliveries.status, ['pending', 'failed']),
      ),
    )
    .orderBy(asc(invoiceDeliveries.id));
  for (const candidate of candidates) {
    const outcome = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(invoiceDeliveries)
        .where(
          and(
            eq(invoiceDeliveries.id, candidate.id),
            inArray(invoiceDeliveries.status, ['pending', 'failed']),
            maxAttempts === null ? undefined : lt(invoiceDeliveries.attempts, maxAttempts),
          ),
        )
        .for('update', { skipLocked: true });
      if (!row) return null;
      const message: MailMessage = {
        to: row.recipient,
        subject,
        text: `Hello,\n\n${body}\n`,
        html: `<p>Hello,</p><p>${escapeHtml(subject)}.</p><p>${escapeHtml(body.split('\n\n')[1]!)}</p>`,
        attachments: [{ filename, content: file.file, contentType: 'application/pdf' }],
      };
      let status: 'sent' | 'outbox' | 'failed';
      let error = '';
      try {
        const result = await sendMail({ db: tx, config: app.config, log: app.log }, message);
        if (result.delivered === 'smtp') status = 'sent';
        else if (!app.config.smtpUrl) status = 'outbox';
        else {
          // SMTP refused it: sendMail kept a copy in the outbox with the reason; the job tries again.
          status = 'failed';
          const [kept] = await tx.select({ error: outbox.error }).from(outbox).where(eq(outbox.id, result.outboxId));
          error = kept?.error ?? 'The mail server did not accept the message.';
        }
      } catch (caught) {
        status = 'failed';
        error = (caught instanceof Error ? caught.message : String(caught)).slice(0, 1000);
      }
      await tx
        .update(invoiceDeliveries)
        .set({
          status,
          error,
          attempts: sql`${invoiceDeliveries.attempts} + 1`,
          sentAt: status === 'failed' ? null : new Date(),
          updatedAt: new Date(),
        })
        .where(eq(invoiceDeliveries.id, row.id));
      await recordBillingEvent(tx, {
        entityId: invoiceId,
        event: status === 'failed' ? 'delivery_failed' : 'delivered',
        companyId: invoice.companyId,
        actorId: null,
        data: { revision, recipient: row.recipient, via: status, ...(error ? { error } : {}) },
      });
      return { recipient: row.recipient, status };
    });
    if (!outcome) continue;
    results[outcome.recipient] = outcome.status;
    announce(app, invoiceId, invoice.companyId);
  }
  return results;
}

/**
 * The billing-send-invoice job (also run every ten minutes): recent posted invoices still without a PDF revision get
 * theirs and their deliveries (a process that stopped mid-way), then every delivery pending or failed fewer than
 * maxAutomaticAttempts times is sent.
 */
export async function runDeliveryJob(app: AppInstance): Promise<void> {
  const missing = await app.db
    .select({ id: invoices.id, postedBy: invoices.postedBy })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'posted'),
        gt(invoices.postedAt, sql`now() - interval '7 days'`),
        notExists(
          app.db
            .select({ one: sql`1` })
            .from(documentRevisions)
            .where(and(eq(documentRevisions.type, invoiceType), eq(documentRevisions.recordId, invoices.id))),
        ),
      ),
    )
    .orderBy(asc(invoices.id))
    .limit(200);
  for (const invoice of missing) await deliverPostedInvoice(app, invoice.id, invoice.postedBy);
  const due = await app.db
    .selectDistinct({ invoiceId: invoiceDeliveries.invoiceId, revision: invoiceDeliveries.revision })
    .from(invoiceDeliveries)
    .where(
      and(
        inArray(invoiceDeliveries.status, ['pending', 'failed']),
        lt(invoiceDeliveries.attempts, maxAutomaticAttempts),
      ),
    )
    .orderBy(asc(invoiceDeliveries.invoiceId), asc(invoiceDeliveries.revision))
    .limit(1000);
  for (const { invoiceId, revision } of due) await sendRevision(app, invoiceId, revision, maxAutomaticAttempts);
}

/**
 * POST /billing/invoices/{id}/send: the latest revision (00 drawn now when there is none) to every current billing
 * contact not yet sent it, failed ones included. Posted invoices only (422); the mail goes after the answer.
 */
export async function sendInvoice(app: AppInstance, id: number, actorId: number): Promise<SendInvoiceResult> {
  const invoice = await loadInvoice(app.db, id);
  if (!invoice) throw notFound();
  if (invoice.status !== 'posted') throw unprocessable({ status: [onlyPostedSendMessage] }, onlyPostedSendMessage);
  const recipients = await invoiceRecipients(app.db, invoice);
  if (recipients.length === 0) throw unprocessable({ recipients: [noRecipientsMessage] }, noRecipientsMessage);
  const revision = await issuedRevision(app, id, actorId);
  if (revision === null) throw notFound();
  const rows = await prepareDeliveries(app.db, id, revision, recipients);
  const done = new Set(['sent', 'outbox']);
  const result: SendInvoiceResult = {
    id,
    revision,
    recipients: rows.filter((row) => !done.has(row.status)).map((row) => row.recipient),
    already_sent: rows.filter((row) => done.has(row.status)).map((row) => row.recipient),
  };
  if (result.recipients.length === 0) return result;
  await recordBillingEvent(app.db, {
    entityId: id,
    event: 'sent',
    companyId: invoice.companyId,
    actorId,
    data: { revision, recipients: result.recipients },
  });
  announce(app, id, invoice.companyId);
  await queueSend(app, id, revision, true);
  return result;
}

/** Bulk Send (the invoices' bulk action): each invoice on its own; what failed says why. */
export async function sendInvoices(app: AppInstance, ids: number[], actorId: number): Promise<BulkInvoiceResult> {
  const result: BulkInvoiceResult = { done: [], failed: [] };
  for (const id of ids) {
    try {
      await sendInvoice(app, id, actorId);
      result.done.push(id);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : String(caught);
      result.failed.push({ id, message: message === 'Not Found' ? 'The invoice does not exist.' : message });
    }
  }
  return result;
}

const toPrintWhere = and(eq(invoices.status, 'posted'), eq(invoices.paperless, 1), isNull(invoices.printedAt));

const latestRevision = sql<number | null>`(select max(${documentRevisions.revision}) from ${documentRevisions}
  where ${documentRevisions.type} = ${invoiceType} and ${documentRevisions.recordId} = ${invoices.id})`;

/** GET /billing/invoices/to-print: posted, paperless No, not printed; oldest first. */
export async function listToPrint(db: DbOrTransaction, query: PageQuery): Promise<Page<ToPrintRow>> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(invoices)
    .where(toPrintWhere);
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      companyId: invoices.companyId,
      companyName: companies.name,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      total: invoices.total,
      balance: invoices.balance,
      revision: latestRevision,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(toPrintWhere)
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id))
    .limit(query.per_page)
    .offset(pageOffset(query));
  return toPage(
    rows.map((row) => ({
      id: row.id,
      number: row.number ?? '',
      company_id: row.companyId,
      company_name: row.companyName,
      invoice_date: row.invoiceDate ?? '',
      due_date: row.dueDate,
      total: dollarsFromCents(centsFromNumeric(row.total)),
      balance: dollarsFromCents(centsFromNumeric(row.balance)),
      revision: row.revision === null ? null : Number(row.revision),
    })),
    total,
    query,
  );
}

/** GET /billing/invoices/to-print.pdf: the batch's latest revisions (oldest first, at most 500) as one PDF. */
export async function toPrintPdf(app: AppInstance, actorId: number): Promise<Buffer> {
  const rows = await app.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(toPrintWhere)
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id))
    .limit(500);
  if (rows.length === 0) throw notFound(nothingToPrintMessage);
  const files: Buffer[] = [];
  for (const { id } of rows) {
    const revision = await issuedRevision(app, id, actorId);
    const latest =
      revision === null ? null : await readRevisionFile(app.db, app.config.dataDir, invoiceType, id, revision);
    if (latest) files.push(latest.file);
  }
  return mergePdfs(files, 'Invoices to print');
}

/** POST /billing/invoices/to-print/mark: sets printed_at on those of `ids` still in the batch; answers them. */
export async function markPrinted(app: AppInstance, ids: number[], actorId: number): Promise<MarkPrintedResult> {
  const marked = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(invoices)
      .set({ printedAt: new Date(), updatedAt: new Date() })
      .where(and(inArray(invoices.id, ids), toPrintWhere))
      .returning({ id: invoices.id, companyId: invoices.companyId });
    if (rows.length > 0)
      await tx.insert(billingEvents).values(
        rows.map((row) => ({
          entityType: 'invoice',
          entityId: row.id,
          event: 'printed',
          companyId: row.companyId,
          actorId,
          data: {},
        })),
      );
    return rows;
  });
  for (const row of marked) announce(app, row.id, row.companyId);
  return { marked: marked.map((row) => row.id).sort((a, b) => a - b) };
}
