import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { runJob } from '../../plugins/jobs.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contractBillingContacts, contracts } from '../contracts/contracts.table.ts';
import { branding } from '../documents/documents.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { billingEvents } from './billing-runs.table.ts';
import { companyBillingSettings } from './company-billing-settings.table.ts';
import { approveInvoice, writeDraftInvoice, type DraftInvoice } from './invoice-drafts.ts';
import { mergePdfs } from './invoice-delivery-pdf.ts';
import { sendInvoiceJob } from './invoice-delivery.service.ts';
import { announceInvoicePosted, postInvoice } from './invoice-posting.ts';
import { invoiceDeliveries, invoices } from './invoices.table.ts';
import { accounts, billingSettings } from './ledger.table.ts';
import { taxRates } from './tax-rates.table.ts';

// Billing part 8 (designs/billing.md §4 After posting, §5 PDFs and e-mail): revision 00 at posting, one mail per
// billing contact and revision however often the job runs, failures kept and retried, the To print batch and client
// isolation of the PDF.

let ctx: TestContext;
let staffToken: string;
let staffId: number;
let plainToken: string;
let itemId: number;
let rateId: number;

/** The text of every page of a PDF, one string per page (pdf.js, as the browser's viewer reads it). */
async function pdfText(file: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(file), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}

const get = (url: string, token = staffToken) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, payload?: object, token = staffToken) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function company(name: string): Promise<number> {
  const [row] = await ctx.db.insert(companies).values({ name }).returning({ id: companies.id });
  return row!.id;
}

/** A contract of the company with these billing contacts (paperless 0 = Yes, 1 = No). */
async function contract(companyId: number, contactIds: number[], paperless = 0): Promise<number> {
  const [row] = await ctx.db
    .insert(contracts)
    .values({
      companyId,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      retainerItem: itemId,
      overageItem: itemId,
      lateFeeItem: itemId,
      paperless,
    })
    .returning({ id: contracts.id });
  if (contactIds.length > 0)
    await ctx.db.insert(contractBillingContacts).values(contactIds.map((userId) => ({ contractId: row!.id, userId })));
  return row!.id;
}

async function clientOf(companyId: number, email?: string) {
  return createUser(ctx.db, { type: 'Client', companyId, ...(email ? { email } : {}) });
}

const simpleLines: DraftInvoice['lines'] = [
  { kind: 'item', itemId: null, description: 'Firewall setup', quantity: '2', unitPrice: '150.0000', taxable: 0 },
];

/** Drafts, approves and posts an invoice as the post route does, then announces it (invoicePosted). */
async function postedInvoice(draft: Omit<DraftInvoice, 'lines'> & { lines?: DraftInvoice['lines'] }): Promise<number> {
  const posted = await ctx.db.transaction(async (tx) => {
    const id = await writeDraftInvoice(tx, { lines: simpleLines, ...draft }, staffId);
    await approveInvoice(tx, id, staffId);
    return postInvoice(tx, id, staffId, '2026-11-02');
  });
  await announceInvoicePosted(ctx.app, posted, staffId);
  await settleBackgroundMail(ctx.db);
  return posted.id;
}

const deliveriesOf = (invoiceId: number) =>
  ctx.db
    .select()
    .from(invoiceDeliveries)
    .where(eq(invoiceDeliveries.invoiceId, invoiceId))
    .orderBy(invoiceDeliveries.recipient);

const mailsTo = async (recipient: string) =>
  (await ctx.db.select().from(outbox).where(eq(outbox.to, recipient))).length;

beforeAll(async () => {
  ctx = await createTestContext();
  const staff = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  staffId = staff.id;
  staffToken = (await login(ctx.app, staff.email, staff.password)).access_token;
  const plain = await createUser(ctx.db);
  plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
  const [item] = await ctx.db
    .insert(billingItems)
    .values({ name: 'Managed services', type: 'retainer', price: 125 })
    .returning({ id: billingItems.id });
  itemId = item!.id;
  const [liability] = await ctx.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.number, '2100'));
  const [rate] = await ctx.db
    .insert(taxRates)
    .values({
      name: 'Austin',
      jurisdiction: 'TX',
      percent: '8.2500',
      liabilityAccountId: liability!.id,
      effectiveFrom: '2026-01-01',
    })
    .returning({ id: taxRates.id });
  rateId = rate!.id;
  await ctx.db
    .insert(branding)
    .values({ id: 1, name: 'Northwind MSP' })
    .onConflictDoUpdate({ target: branding.id, set: { name: 'Northwind MSP' } });
  await ctx.db
    .update(billingSettings)
    .set({ remitTo: 'Northwind MSP, PO Box 12, Austin TX', invoiceFooter: 'Thank you for your business.' })
    .where(eq(billingSettings.id, 1));
});

afterAll(async () => {
  await ctx?.close();
});

describe('the invoice PDF', () => {
  it('prints branding, bill-to, number, dates, terms, lines with proration, tax by rate, totals, usage, remit-to and footer', async () => {
    const companyId = await company('Harbor Dental');
    await ctx.db.insert(companyBillingSettings).values({ companyId, taxRateId: rateId });
    const contractId = await contract(companyId, []);
    const id = await postedInvoice({
      companyId,
      type: 'contract',
      contractId,
      billingMonth: '2026-11-01',
      lines: [
        {
          kind: 'retainer',
          itemId,
          description: 'Managed Services Retainer, November 2026, 25 devices',
          quantity: '25',
          unitPrice: '125.0000',
          proration: { days: 18, of: 30 },
          taxable: 1,
          explain: { summary: '25 devices × $125.00, 18 of 30 days', days: 18, of_days: 30 },
        },
        {
          kind: 'overage',
          itemId,
          description: 'Overage, October 2026',
          quantity: '3.5',
          unitPrice: '150.0000',
          taxable: 0,
          explain: {
            summary: '3.5 hours over the retainer at $150.00',
            usage_month: '2026-10-01',
            retainer_hours: 20,
            used_hours: 25.5,
            rollover_in: 2,
            overage_hours: 3.5,
          },
        },
      ],
    });
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    const pdf = await get(`/api/pdf/invoice/${id}/0`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).join('\n');
    for (const expected of [
      'Northwind MSP',
      `Invoice ${row!.number}`,
      'Bill to',
      'Harbor Dental',
      'Invoice date: 2026-11-02',
      `Due date: ${row!.dueDate}`,
      'Terms: Net 20',
      'Managed Services Retainer, November 2026, 25 devices',
      '18 of 30 days',
      '$125.00',
      'Overage, October 2026',
      '3.5',
      '$1,875.00', // 25 × 125 × 18/30
      '$525.00',
      'Subtotal',
      '$2,400.00',
      'Sales tax (Austin 8.25%)',
      '$154.69', // 8.25 % of 1,875.00, rounded once
      '$2,554.69',
      'Payments applied',
      'Balance due',
      'Usage for October 2026',
      'Retainer hours: 20',
      'Hours used: 25.5',
      'Rollover hours: 2',
      'Overage hours: 3.5',
      'Remit to',
      'Northwind MSP, PO Box 12, Austin TX',
      'Thank you for your business.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('DRAFT');
  });

  it('prints the usage block on an overage invoice billed on its own, not on a one-off invoice', async () => {
    const companyId = await company('Spruce Labs');
    const overageLine: DraftInvoice['lines'][number] = {
      kind: 'overage',
      itemId,
      description: 'Overage, October 2026',
      quantity: '2',
      unitPrice: '150.0000',
      taxable: 0,
      explain: { summary: '2 hours', usage_month: '2026-10', retainer_hours: 10, used_hours: 12, overage_hours: 2 },
    };
    const overage = await postedInvoice({
      companyId,
      type: 'overage',
      billingMonth: '2026-11-01',
      lines: [overageLine],
    });
    const text = (await pdfText((await get(`/api/pdf/invoice/${overage}/0`)).rawPayload)).join('\n');
    expect(text).toContain('Usage for October 2026');
    expect(text).toContain('Hours used: 12');
    const oneOff = await postedInvoice({ companyId, type: 'one_off', lines: [{ ...overageLine, kind: 'item' }] });
    expect((await pdfText((await get(`/api/pdf/invoice/${oneOff}/0`)).rawPayload)).join('\n')).not.toContain(
      'Usage for',
    );
  });

  it('previews a draft marked DRAFT with no stored revision, and titles a credit note Credit Note', async () => {
    const companyId = await company('Draft Works');
    const draftId = await ctx.db.transaction((tx) =>
      writeDraftInvoice(tx, { companyId, type: 'one_off', lines: simpleLines }, staffId),
    );
    const preview = await get(`/api/pdf/invoice/${draftId}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toContain('-DRAFT.pdf');
    const previewText = (await pdfText(preview.rawPayload)).join('\n');
    expect(previewText).toContain('Invoice: DRAFT');
    expect(previewText).toContain('DRAFT: not issued');
    expect((await get(`/api/revisions/invoice/${draftId}`)).json().data).toEqual([]);

    const invoiceId = await postedInvoice({ companyId, type: 'one_off' });
    const credit = await ctx.db.transaction(async (tx) => {
      const id = await writeDraftInvoice(
        tx,
        {
          companyId,
          type: 'credit_note',
          creditedInvoiceId: invoiceId,
          lines: [
            {
              kind: 'item',
              description: 'Credit: Firewall setup',
              quantity: '1',
              unitPrice: '-100.0000',
              amount: -10000,
              taxable: 0,
            },
          ],
        },
        staffId,
      );
      await approveInvoice(tx, id, staffId);
      return postInvoice(tx, id, staffId, '2026-11-03');
    });
    await announceInvoicePosted(ctx.app, credit, staffId);
    await settleBackgroundMail(ctx.db);
    const text = (await pdfText((await get(`/api/pdf/invoice/${credit.id}/0`)).rawPayload)).join('\n');
    expect(text).toContain(`Credit Note ${credit.number}`);
    const [credited] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(text).toContain(`Credits invoice: ${credited!.number}`);
    expect(text).toContain('-$100.00');
  });
});

describe('delivery after posting', () => {
  it('stores revision 00 and mails it once to each billing contact, however often the job runs', async () => {
    const companyId = await company('Maple Clinic');
    const first = await clientOf(companyId, `ap-${Date.now()}@maple.test`);
    const second = await clientOf(companyId, `owner-${Date.now()}@maple.test`);
    const contractId = await contract(companyId, [first.id, second.id]);
    const id = await postedInvoice({ companyId, type: 'one_off', contractId });

    const revisions = (await get(`/api/revisions/invoice/${id}`)).json().data;
    expect(revisions.map((revision: { label: string }) => revision.label)).toEqual(['00']);
    const deliveries = await deliveriesOf(id);
    expect(deliveries.map((row) => [row.recipient, row.revision, row.status, row.attempts])).toEqual(
      [first.email, second.email].sort().map((email) => [email.toLowerCase(), 0, 'outbox', 1]),
    );
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, id));
    const [mail] = await ctx.db.select().from(outbox).where(eq(outbox.to, first.email.toLowerCase()));
    const due = new Date(`${row!.dueDate}T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(mail!.subject).toBe(`Invoice ${row!.number} from Northwind MSP: $300.00 due ${due}`);
    expect(mail!.attachmentNames).toEqual([`Invoice-${row!.number}-00.pdf`]);

    await runJob(ctx.app, sendInvoiceJob);
    await runJob(ctx.app, sendInvoiceJob);
    await settleBackgroundMail(ctx.db);
    expect(await mailsTo(first.email.toLowerCase())).toBe(1);
    expect(await mailsTo(second.email.toLowerCase())).toBe(1);
    // Send after the job: everyone has it already, nothing goes again.
    const send = await post(`/api/billing/invoices/${id}/send`);
    expect(send.statusCode).toBe(200);
    expect(send.json().data).toMatchObject({ revision: 0, recipients: [] });
    await settleBackgroundMail(ctx.db);
    expect(await mailsTo(first.email.toLowerCase())).toBe(1);
  });

  it('without a contract mails the company contract contacts; with none, records delivery_skipped', async () => {
    const companyId = await company('Cedar Law');
    const contact = await clientOf(companyId);
    await contract(companyId, [contact.id]);
    const id = await postedInvoice({ companyId, type: 'one_off' });
    expect((await deliveriesOf(id)).map((row) => row.recipient)).toEqual([contact.email.toLowerCase()]);

    const lonely = await company('Lonely Bakery');
    const skipped = await postedInvoice({ companyId: lonely, type: 'one_off' });
    expect(await deliveriesOf(skipped)).toEqual([]);
    const events = await ctx.db.select().from(billingEvents).where(eq(billingEvents.entityId, skipped));
    expect(events.map((event) => event.event)).toContain('delivery_skipped');
    expect((await post(`/api/billing/invoices/${skipped}/send`)).json()).toMatchObject({
      errors: { recipients: ['The invoice has no billing contact with an e-mail address.'] },
    });
  });

  it('records a failure per recipient and the job retries it once it can', async () => {
    const companyId = await company('Birch Partners');
    const contact = await clientOf(companyId);
    const contractId = await contract(companyId, [contact.id]);
    // Nothing listens on port 1: SMTP refuses at once.
    ctx.app.config.smtpUrl = 'smtp://127.0.0.1:1';
    let id: number;
    try {
      id = await postedInvoice({ companyId, type: 'one_off', contractId });
      const [failed] = await deliveriesOf(id);
      expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
      expect(failed!.error).not.toBe('');
    } finally {
      ctx.app.config.smtpUrl = undefined;
    }
    await runJob(ctx.app, sendInvoiceJob);
    const [retried] = await deliveriesOf(id);
    expect(retried).toMatchObject({ status: 'outbox', attempts: 2 });
    const events = await ctx.db.select().from(billingEvents).where(eq(billingEvents.entityId, id));
    expect(events.map((event) => event.event)).toEqual(expect.arrayContaining(['delivery_failed', 'delivered']));
    await runJob(ctx.app, sendInvoiceJob);
    expect((await deliveriesOf(id))[0]!.attempts).toBe(2);
  });

  it('Send mails a new billing contact the latest revision, only posted invoices, with view billing', async () => {
    const companyId = await company('Aspen Realty');
    const first = await clientOf(companyId);
    const contractId = await contract(companyId, [first.id]);
    const id = await postedInvoice({ companyId, type: 'one_off', contractId });
    const later = await clientOf(companyId);
    await ctx.db.insert(contractBillingContacts).values({ contractId, userId: later.id });
    // A payment since posting changes what a redraw would show, but payments make no revision: 00 goes out.
    await ctx.db.execute(sql`update invoices set balance = balance - 100 where id = ${id}`);
    const send = await post(`/api/billing/invoices/${id}/send`);
    expect(send.json()).toMatchObject({
      message: 'Sending to 1 recipient.',
      data: { revision: 0, recipients: [later.email.toLowerCase()], already_sent: [first.email.toLowerCase()] },
    });
    expect((await get(`/api/revisions/invoice/${id}`)).json().data).toHaveLength(1);
    await settleBackgroundMail(ctx.db);
    expect(await mailsTo(later.email.toLowerCase())).toBe(1);
    expect(await mailsTo(first.email.toLowerCase())).toBe(1);

    const draftId = await ctx.db.transaction((tx) =>
      writeDraftInvoice(tx, { companyId, type: 'one_off', lines: simpleLines }, staffId),
    );
    const refused = await post(`/api/billing/invoices/${draftId}/send`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ status: ['Only a posted invoice can be sent.'] });
    expect((await post('/api/billing/invoices/999999/send')).statusCode).toBe(404);
    expect((await post(`/api/billing/invoices/${id}/send`, undefined, plainToken)).statusCode).toBe(403);
    const client = await clientOf(companyId);
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    expect((await post(`/api/billing/invoices/${id}/send`, undefined, clientToken)).statusCode).toBe(403);
  });
});

describe('To print', () => {
  it('lists posted paperless-No invoices, prints them as one PDF and Mark printed takes them out', async () => {
    const paperCompany = await company('Paper Mill');
    const paperContract = await contract(paperCompany, [], 1);
    const emailCompany = await company('Email Only');
    const emailContract = await contract(emailCompany, [], 0);
    const firstPaper = await postedInvoice({ companyId: paperCompany, type: 'one_off', contractId: paperContract });
    const secondPaper = await postedInvoice({ companyId: paperCompany, type: 'one_off', contractId: paperContract });
    const emailed = await postedInvoice({ companyId: emailCompany, type: 'one_off', contractId: emailContract });

    const list = await get('/api/billing/invoices/to-print?per_page=500');
    expect(list.statusCode).toBe(200);
    const ids = list.json().data.map((row: { id: number }) => row.id);
    expect(ids).toEqual(expect.arrayContaining([firstPaper, secondPaper]));
    expect(ids).not.toContain(emailed);
    expect(list.json().data.find((row: { id: number }) => row.id === firstPaper)).toMatchObject({
      company_name: 'Paper Mill',
      total: 300,
      revision: 0,
    });

    const batch = await get('/api/billing/invoices/to-print.pdf');
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['content-type']).toBe('application/pdf');
    const pages = await pdfText(batch.rawPayload);
    const numbers = await ctx.db.select({ id: invoices.id, number: invoices.number }).from(invoices);
    const numberOf = (id: number) => numbers.find((row) => row.id === id)!.number!;
    expect(pages.some((page) => page.includes(`Invoice ${numberOf(firstPaper)}`))).toBe(true);
    expect(pages.some((page) => page.includes(`Invoice ${numberOf(secondPaper)}`))).toBe(true);
    expect(pages.some((page) => page.includes(`Invoice ${numberOf(emailed)}`))).toBe(false);

    const emitted: [string, unknown][] = [];
    const emitToStaff = ctx.app.realtime.emitToStaff;
    ctx.app.realtime.emitToStaff = (channel, event, payload) => {
      emitted.push([`${channel}:${event}`, payload]);
      emitToStaff.call(ctx.app.realtime, channel, event, payload);
    };
    const mark = await post('/api/billing/invoices/to-print/mark', { ids: [firstPaper, emailed] }).finally(() => {
      ctx.app.realtime.emitToStaff = emitToStaff;
    });
    expect(emitted).toEqual([['billing:InvoiceUpdated', { id: firstPaper, company_id: paperCompany }]]);
    expect(mark.json()).toMatchObject({ message: 'Marked 1 invoice printed.', data: { marked: [firstPaper] } });
    const after = (await get('/api/billing/invoices/to-print?per_page=500'))
      .json()
      .data.map((row: { id: number }) => row.id);
    expect(after).toContain(secondPaper);
    expect(after).not.toContain(firstPaper);
    const [printed] = await ctx.db.select().from(invoices).where(eq(invoices.id, firstPaper));
    expect(printed!.printedAt).not.toBeNull();

    const bad = await post('/api/billing/invoices/to-print/mark', { ids: [] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ ids: ['Choose at least one invoice.'] });
    expect((await get('/api/billing/invoices/to-print', plainToken)).statusCode).toBe(403);

    await post('/api/billing/invoices/to-print/mark', { ids: [secondPaper, ...ids] });
    const empty = await get('/api/billing/invoices/to-print.pdf');
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe('There is nothing to print.');
  });

  it('merges PDFs page for page, in order', async () => {
    const { PdfPage } = await import('../documents/pdf-page.ts');
    const make = async (name: string, pages: number) => {
      const page = new PdfPage(
        { name: 'MSP', address: '', phone: '', email: '', website: '', primaryColor: '#000000' },
        name,
      );
      for (let index = 0; index < pages; index += 1) {
        if (index > 0) page.doc.addPage();
        page.paragraph(`${name} page ${index + 1}`);
      }
      return page.finish();
    };
    const pages = await pdfText(mergePdfs([await make('Alpha', 2), await make('Beta', 1), await make('Gamma', 3)]));
    expect(pages.map((page) => /(\w+ page \d)/.exec(page)?.[1])).toEqual([
      'Alpha page 1',
      'Alpha page 2',
      'Beta page 1',
      'Gamma page 1',
      'Gamma page 2',
      'Gamma page 3',
    ]);
  });
});

describe('client accounts and the invoice PDF', () => {
  it('open only their company’s posted invoices; drafts and other companies are not found', async () => {
    const own = await company('Own Co');
    const other = await company('Other Co');
    const client = await clientOf(own);
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    const posted = await postedInvoice({ companyId: own, type: 'one_off' });
    const othersPosted = await postedInvoice({ companyId: other, type: 'one_off' });
    const draft = await ctx.db.transaction((tx) =>
      writeDraftInvoice(tx, { companyId: own, type: 'one_off', lines: simpleLines }, staffId),
    );
    expect((await get(`/api/pdf/invoice/${posted}/0`, clientToken)).statusCode).toBe(200);
    expect((await get(`/api/revisions/invoice/${posted}`, clientToken)).statusCode).toBe(200);
    for (const url of [
      `/api/pdf/invoice/${othersPosted}/0`,
      `/api/pdf/invoice/${othersPosted}`,
      `/api/revisions/invoice/${othersPosted}`,
      `/api/pdf/invoice/${draft}`,
      `/api/revisions/invoice/${draft}`,
    ])
      expect((await get(url, clientToken)).statusCode, url).toBe(404);
    expect((await get('/api/billing/invoices/to-print', clientToken)).statusCode).toBe(403);
    // A voided invoice is no longer the client's to open either.
    await ctx.db.execute(sql`update invoices set status = 'void', balance = 0 where id = ${posted}`);
    expect((await get(`/api/pdf/invoice/${posted}/0`, clientToken)).statusCode).toBe(404);
  });
});
