import type { AddressInfo } from 'node:net';
import {
  CRM_DOCUMENT_MAX_BYTES,
  crmDocumentListSchema,
  crmDocumentMessages,
  crmDocumentRowSchema,
  crmEmailTemplateRowSchema,
  crmTemplateMessages,
  leadEmailMessages,
  leadEmailSchema,
  type CrmDocumentRow,
  type CrmEmailTemplateRow,
} from '@switchboard/shared/crm-documents';
import { crmLeadChannel } from '@switchboard/shared/realtime';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { storedHtmlColumns } from '../../db/stored-html.ts';
import { outbox } from '../mail/mail.table.ts';
import { sniffDocumentBytes } from './crm-documents-files.ts';
import { crmEmailTemplates, crmLeadEmails } from './crm-documents.table.ts';
import { seedCrmDocumentsDemo } from './crm-documents.demo.ts';
import { crmLeadContacts, crmLeads, crmSettings } from './crm.table.ts';

// The sales library, e-mail templates and e-mail from a lead (designs/crm-softphone.md §4.2, §4.6, §4.9, §5): every
// route's gate, 422s, the content check and the 25 MB limit, sanitised template bodies, merge fields, visibility of
// the lead, the mail with its attachments through a real SMTP server, and the timeline's record and event.

let ctx: TestContext;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
let manager: string;
let agent: string;
let otherAgent: string;
let plain: string;
let client: string;
let agentId: number;
let ownLead: number;
let othersLead: number;
let contactId: number;

const pdf = (text = 'hello') => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  ctx = await createTestContext({
    config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
  });
  const boss = await createUser(ctx.db, { name: 'Mona Manager', permissions: ['view crm', 'manage crm'] });
  manager = (await login(ctx.app, boss.email, boss.password)).access_token;
  const seller = await createUser(ctx.db, {
    name: 'Alice Agent',
    email: 'alice.agent@example.test',
    permissions: ['view crm'],
  });
  agentId = seller.id;
  agent = (await login(ctx.app, seller.email, seller.password)).access_token;
  const second = await createUser(ctx.db, { name: 'Bob Agent', permissions: ['view crm'] });
  otherAgent = (await login(ctx.app, second.email, second.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Otto Other' });
  plain = (await login(ctx.app, other.email, other.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view crm', 'manage crm'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;
  await ctx.db.update(crmSettings).set({ viewAllLeads: false }).where(eq(crmSettings.id, 1));
  const [lead] = await ctx.db
    .insert(crmLeads)
    .values({
      companyName: 'Acme & Sons',
      firstName: 'Lee',
      lastName: 'Lead',
      email: 'lee@acme.test',
      managerId: agentId,
    })
    .returning({ id: crmLeads.id });
  ownLead = lead!.id;
  const [theirs] = await ctx.db
    .insert(crmLeads)
    .values({ companyName: 'Elsewhere Inc', email: 'x@elsewhere.test', managerId: second.id })
    .returning({ id: crmLeads.id });
  othersLead = theirs!.id;
  const [contact] = await ctx.db
    .insert(crmLeadContacts)
    .values({ leadId: ownLead, firstName: 'Carla', lastName: 'Contact', email: 'carla@acme.test' })
    .returning({ id: crmLeadContacts.id });
  contactId = contact!.id;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const file = (data: Buffer, name: string, type = 'application/pdf') => ({
  blob: new Blob([new Uint8Array(data)], { type }),
  name,
});

async function upload(fields: Record<string, string | { blob: Blob; name: string }>, token = manager) {
  const body = await multipartBody(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/crm/documents',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function uploaded(name: string, data = pdf(), fileName = 'brochure.pdf', category = 'Brochures') {
  const response = await upload({ name, category, file: file(data, fileName) });
  expect(response.statusCode, response.body).toBe(200);
  return crmDocumentRowSchema.parse(response.json().data);
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = manager, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function listDocuments(query = '', token = agent) {
  const response = await call('GET', `/api/crm/documents${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return crmDocumentListSchema.parse(response.json());
}

describe('content check', () => {
  it('knows the library kinds by their bytes, not their names', () => {
    expect(sniffDocumentBytes(pdf(), 'x.txt', true)?.ext).toBe('pdf');
    expect(sniffDocumentBytes(Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0]), 'a.pdf', true)?.ext).toBe(
      'png',
    );
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
    expect(sniffDocumentBytes(ole, 'Sheet.XLS', true)?.ext).toBe('xls');
    expect(sniffDocumentBytes(ole, 'run.exe', true)).toBeNull();
    const zip = (part: string) => Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.from(`....${part}....`)]);
    expect(sniffDocumentBytes(zip('word/document.xml'), 'a.zip', true)?.ext).toBe('docx');
    expect(sniffDocumentBytes(zip('ppt/presentation.xml'), 'a', true)?.ext).toBe('pptx');
    expect(sniffDocumentBytes(zip('evil.js'), 'a.docx', true)).toBeNull();
    expect(sniffDocumentBytes(Buffer.from('name,price\nA,1\n'), 'prices.csv', true)?.mime).toBe('text/csv');
    // Text must be named as text and be text.
    expect(sniffDocumentBytes(Buffer.from('just words'), 'notes.exe', true)).toBeNull();
    expect(sniffDocumentBytes(Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0]), 'setup.txt', true)).toBeNull();
    expect(sniffDocumentBytes(Buffer.from('<svg onload="alert(1)"/>'), 'logo.svg', true)).toBeNull();
    // A multi-byte character cut at the end of the sample is still text.
    expect(sniffDocumentBytes(Buffer.from('café').subarray(0, 4), 'menu.txt', false)?.ext).toBe('txt');
  });
});

describe('documents', () => {
  it('gates every route: 401 without a token, 403 without the permission or for clients', async () => {
    const doc = await uploaded('Gate check');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/documents' })).statusCode).toBe(401);
    for (const token of [plain, client]) {
      expect((await call('GET', '/api/crm/documents', token)).statusCode).toBe(403);
      expect((await call('GET', `/api/crm/documents/${doc.id}/file`, token)).statusCode).toBe(403);
    }
    // An agent reads and downloads but does not upload, rename or delete.
    expect((await upload({ name: 'x', file: file(pdf(), 'x.pdf') }, agent)).statusCode).toBe(403);
    expect((await call('PUT', `/api/crm/documents/${doc.id}`, agent, { name: 'New' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/crm/documents/${doc.id}`, agent)).statusCode).toBe(403);
    expect((await call('GET', `/api/crm/documents/${doc.id}/file`, agent)).statusCode).toBe(200);
    expect((await call('GET', `/api/crm/documents/${doc.id}`, agent)).statusCode).toBe(200);
    expect((await call('GET', `/api/crm/documents/${doc.id}`, plain)).statusCode).toBe(403);
    expect((await call('PUT', `/api/crm/documents/${doc.id}`, client, { name: 'New' })).statusCode).toBe(403);
  });

  it('uploads, lists with categories and search, renames, downloads, deletes', async () => {
    const price = await uploaded('Price list 2026', Buffer.from('item,price\nBackup,99\n'), 'prices.csv', 'Pricing');
    expect(price).toMatchObject({ name: 'Price list 2026', category: 'Pricing', icon_group: 'spreadsheet' });
    expect(price.mime).toBe('text/csv');
    const noName = await upload({ file: file(pdf('case'), 'Case Study.pdf') });
    expect(noName.statusCode, noName.body).toBe(200);
    expect(noName.json().data).toMatchObject({ name: 'Case Study', category: null, icon_group: 'pdf' });

    const all = await listDocuments();
    expect(all.categories).toEqual(expect.arrayContaining(['Brochures', 'Pricing']));
    expect((await listDocuments('?q=price%20list')).data.map((row) => row.id)).toEqual([price.id]);
    expect((await listDocuments('?category=pricing')).data.every((row) => row.category === 'Pricing')).toBe(true);
    expect((await listDocuments('?q=%25')).data).toEqual([]);

    const renamed = await call('PUT', `/api/crm/documents/${price.id}`, manager, { name: 'Prices', category: '' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Prices', category: null });

    const download = await call('GET', `/api/crm/documents/${price.id}/file`, agent);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toContain('filename="prices.csv"');
    expect(download.body).toBe('item,price\nBackup,99\n');

    const removed = await call('DELETE', `/api/crm/documents/${price.id}`);
    expect(removed.json()).toEqual({ message: crmDocumentMessages.deleted });
    expect((await call('GET', `/api/crm/documents/${price.id}/file`, agent)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/crm/documents/${price.id}`)).statusCode).toBe(404);
    expect((await listDocuments()).data.some((row) => row.id === price.id)).toBe(false);
  });

  it('answers 422 per field: no file, bad kind, empty, long name; and 413 over 25 MB', async () => {
    const missing = await upload({ name: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ file: [crmDocumentMessages.fileRequired] });
    const exe = await upload({ file: file(Buffer.from([0x4d, 0x5a, 0x90, 0, 3]), 'brochure.pdf') });
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors).toEqual({ file: [crmDocumentMessages.fileType] });
    const svg = await upload({ file: file(Buffer.from('<svg/>'), 'logo.svg', 'image/svg+xml') });
    expect(svg.json().errors).toEqual({ file: [crmDocumentMessages.fileType] });
    const empty = await upload({ file: file(Buffer.alloc(0), 'a.pdf') });
    expect(empty.json().errors).toEqual({ file: [crmDocumentMessages.fileEmpty] });
    const long = await upload({ name: 'n'.repeat(151), file: file(pdf(), 'a.pdf') });
    expect(long.json().errors).toEqual({ name: [crmDocumentMessages.nameTooLong] });
    const huge = Buffer.concat([pdf(), Buffer.alloc(CRM_DOCUMENT_MAX_BYTES)]);
    const tooLarge = await upload({ file: file(huge, 'huge.pdf') });
    expect(tooLarge.statusCode).toBe(413);
    const update = await call('PUT', '/api/crm/documents/1', manager, {});
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ name: [crmDocumentMessages.nothingToChange] });
    expect((await call('PUT', '/api/crm/documents/999999', manager, { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '/api/crm/documents/abc/file', agent)).statusCode).toBe(404);
  });
});

async function template(payload: object, token = manager) {
  return call('POST', '/api/crm/email_templates', token, payload);
}

describe('e-mail templates', () => {
  let brochure: CrmDocumentRow;
  beforeAll(async () => {
    brochure = await uploaded('Template brochure');
  });

  it('gates: agents read, managers write, others 403', async () => {
    const body = { name: 'Gate', subject: 'Hi', body_html: '<p>Hi</p>' };
    expect((await template(body, agent)).statusCode).toBe(403);
    expect((await call('GET', '/api/crm/email_templates', agent)).statusCode).toBe(200);
    expect((await call('GET', '/api/crm/email_templates', plain)).statusCode).toBe(403);
    expect((await call('GET', '/api/crm/email_templates', client)).statusCode).toBe(403);
    const made = await template({ name: 'Gate check', subject: 'Hi', body_html: '<p>Hi</p>' });
    const id = made.json().data.id as number;
    expect((await call('GET', `/api/crm/email_templates/${id}`, agent)).statusCode).toBe(200);
    expect((await call('PUT', `/api/crm/email_templates/${id}`, agent, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/crm/email_templates/${id}`, agent)).statusCode).toBe(403);
    expect((await call('GET', `/api/crm/email_templates/${id}`, plain)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/email_templates' })).statusCode).toBe(401);
    expect((await call('DELETE', `/api/crm/email_templates/${id}`)).statusCode).toBe(200);
  });

  it('stores the body sanitised, keeps live documents, refuses unknown merge fields and taken names', async () => {
    const created = await template({
      name: 'Intro',
      subject: 'Hello {{contact_first_name}}',
      body_html: '<p onclick="x()">Hi {{ contact_first_name }}</p><script>alert(1)</script><img src=x onerror=y>',
      document_ids: [brochure.id, brochure.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = crmEmailTemplateRowSchema.parse(created.json().data);
    expect(row.body_html).not.toMatch(/script|onclick|onerror/);
    expect(row.body_html).toContain('{{ contact_first_name }}');
    expect(row.document_ids).toEqual([brochure.id]);
    const [stored] = await ctx.db.select().from(crmEmailTemplates).where(eq(crmEmailTemplates.id, row.id));
    expect(stored!.bodyHtml).toBe(row.body_html);

    const taken = await template({ name: 'INTRO', subject: 'x', body_html: '<p>x</p>' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [crmTemplateMessages.nameTaken] });
    const unknown = await template({ name: 'Typo', subject: '{{frist_name}}', body_html: '<p>{{agnet}}</p>' });
    expect(unknown.json().errors).toEqual({
      subject: ['Unknown merge field: {{frist_name}}.'],
      body_html: ['Unknown merge field: {{agnet}}.'],
    });
    const bad = await template({ name: '', subject: '', body_html: '<p> </p>', document_ids: [999999] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['body_html', 'name', 'subject']);
    const ghost = await template({ name: 'Ghost', subject: 's', body_html: '<p>b</p>', document_ids: [999999] });
    expect(ghost.json().errors).toEqual({ document_ids: [crmTemplateMessages.documentsInvalid] });

    const updated = await call('PUT', `/api/crm/email_templates/${row.id}`, manager, {
      name: 'Intro v2',
      subject: 'Hi',
      body_html: '<p>New</p>',
      document_ids: [],
    });
    expect(updated.json().data).toMatchObject({ name: 'Intro v2', document_ids: [] });
    expect((await call('DELETE', `/api/crm/email_templates/${row.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/crm/email_templates/${row.id}`, agent)).statusCode).toBe(404);
    expect((await call('PUT', `/api/crm/email_templates/${row.id}`, manager, { ...bad.json() })).statusCode).toBe(422);
  });

  it('drops a deleted document from the templates that name it', async () => {
    const doc = await uploaded('Soon gone');
    const created = await template({ name: 'With doc', subject: 's', body_html: '<p>b</p>', document_ids: [doc.id] });
    const row: CrmEmailTemplateRow = created.json().data;
    await call('DELETE', `/api/crm/documents/${doc.id}`);
    const after = await call('GET', `/api/crm/email_templates/${row.id}`, agent);
    expect(after.json().data.document_ids).toEqual([]);
  });

  it('is listed in the stored-HTML columns, as is the sent e-mail', () => {
    const tables = storedHtmlColumns.flatMap((entry) => entry.columns);
    expect(tables).toContain(crmEmailTemplates.bodyHtml);
    expect(tables).toContain(crmLeadEmails.bodyHtml);
  });
});

describe('e-mail from a lead', () => {
  const send = (leadId: number, payload: object, token = agent) =>
    call('POST', `/api/crm/leads/${leadId}/email`, token, payload);

  it('mails the contact with the documents attached, fills the merge fields and records it on the timeline', async () => {
    const brochure = await uploaded('Acme brochure', pdf('brochure'), 'Acme Brochure.pdf');
    const prices = await uploaded('Prices', Buffer.from('a,b\n1,2\n'), 'prices.csv');
    const made = await template({ name: 'Lead intro', subject: 'Hi {{contact_first_name}}', body_html: '<p>x</p>' });
    const templateId = made.json().data.id as number;
    const before = received.length;
    // The agent's open drawer follows crm_lead_{id}; another agent may not subscribe to it.
    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, agent);
    const stranger = await connectSocket(baseUrl, otherAgent);
    expect(await subscribe(stranger, crmLeadChannel(ownLead))).toMatchObject({ ok: false });
    expect(await subscribe(socket, crmLeadChannel(ownLead))).toMatchObject({ ok: true });
    const pushed = nextEvent(socket, 'LeadEmailSent');
    const response = await send(ownLead, {
      contact_id: contactId,
      template_id: templateId,
      subject: 'Hello {{contact_first_name}} from {{company_name}}',
      body_html: '<p>Dear {{contact_name}},</p><p>{{agent_name}} here.<script>x()</script></p>',
      document_ids: [brochure.id, prices.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(leadEmailMessages.sent);
    const email = leadEmailSchema.parse(response.json().data);
    expect(email).toMatchObject({
      lead_id: ownLead,
      user_name: 'Alice Agent',
      contact_id: contactId,
      to_email: 'carla@acme.test',
      to_name: 'Carla Contact',
      subject: 'Hello Carla from Acme & Sons',
      template_id: templateId,
      delivered: 'smtp',
      documents: [
        { id: brochure.id, name: 'Acme brochure' },
        { id: prices.id, name: 'Prices' },
      ],
    });
    expect(email.body_html).toBe('<p>Dear Carla Contact,</p><p>Alice Agent here.</p>');
    const [event] = await pushed;
    expect(event).toEqual(email);
    socket.disconnect();
    stranger.disconnect();

    expect(received.length).toBe(before + 1);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(['carla@acme.test']);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.subject).toBe('Hello Carla from Acme & Sons');
    expect(parsed.html).toContain('Alice Agent here.');
    expect(parsed.text).toContain('Dear Carla Contact,');
    expect(parsed.replyTo?.text).toContain('alice.agent@example.test');
    expect(parsed.attachments.map((part) => part.filename)).toEqual(['Acme Brochure.pdf', 'prices.csv']);
    expect(parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(parsed.attachments[1]!.content.toString()).toBe('a,b\n1,2\n');

    const timeline = await call('GET', `/api/crm/leads/${ownLead}/emails`, agent);
    const entries = z.object({ data: z.array(leadEmailSchema) }).parse(timeline.json()).data;
    expect(entries[0]).toEqual(email);
  });

  it('writes to the lead itself without a contact and escapes values in the HTML', async () => {
    const response = await send(ownLead, { subject: 'For {{company_name}}', body_html: '<p>{{company_name}}</p>' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ to_email: 'lee@acme.test', to_name: 'Lee Lead', contact_id: null });
    expect(response.json().data.body_html).toBe('<p>Acme &amp; Sons</p>');
  });

  it('is 404 for a lead the agent cannot see, 403 without view crm, 401 without a token', async () => {
    const body = { subject: 'Hi', body_html: '<p>Hi</p>' };
    expect((await send(othersLead, body)).statusCode).toBe(404);
    expect((await call('GET', `/api/crm/leads/${othersLead}/emails`, agent)).statusCode).toBe(404);
    expect((await send(ownLead, body, otherAgent)).statusCode).toBe(404);
    expect((await send(ownLead, body, plain)).statusCode).toBe(403);
    expect((await send(ownLead, body, client)).statusCode).toBe(403);
    expect((await call('GET', `/api/crm/leads/${ownLead}/emails`, plain)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/crm/leads/${ownLead}/email`, payload: body })).statusCode,
    ).toBe(401);
    // The manager sees every lead.
    expect((await send(othersLead, body, manager)).statusCode).toBe(200);
  });

  it('answers 422 per field and sends nothing', async () => {
    const before = received.length;
    const [noMail] = await ctx.db
      .insert(crmLeadContacts)
      .values({ leadId: ownLead, firstName: 'No', lastName: 'Mail' })
      .returning({ id: crmLeadContacts.id });
    const [otherContact] = await ctx.db
      .insert(crmLeadContacts)
      .values({ leadId: othersLead, firstName: 'Not', email: 'not@x.test' })
      .returning({ id: crmLeadContacts.id });
    const cases: [object, Record<string, string[]>][] = [
      [
        { subject: '', body_html: '' },
        { subject: [crmTemplateMessages.subjectRequired], body_html: [crmTemplateMessages.bodyRequired] },
      ],
      [{ subject: 'a\r\nBcc: x@y', body_html: '<p>b</p>' }, { subject: ['The subject must be one line.'] }],
      [{ subject: '{{nope}}', body_html: '<p>b</p>' }, { subject: ['Unknown merge field: {{nope}}.'] }],
      [
        { contact_id: noMail!.id, subject: 's', body_html: '<p>b</p>' },
        { contact_id: [leadEmailMessages.recipientNoEmail] },
      ],
      [
        { contact_id: otherContact!.id, subject: 's', body_html: '<p>b</p>' },
        { contact_id: [leadEmailMessages.contactInvalid] },
      ],
      [
        { template_id: 999999, subject: 's', body_html: '<p>b</p>' },
        { template_id: [leadEmailMessages.templateInvalid] },
      ],
      [
        { document_ids: [999999], subject: 's', body_html: '<p>b</p>' },
        { document_ids: [crmTemplateMessages.documentsInvalid] },
      ],
      [
        { document_ids: [1, 2, 3, 4, 5, 6], subject: 's', body_html: '<p>b</p>' },
        { document_ids: [crmTemplateMessages.documentsTooMany] },
      ],
      [{ subject: 's', body_html: '<script>x()</script>' }, { body_html: [crmTemplateMessages.bodyRequired] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await send(ownLead, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(received.length).toBe(before);
  });

  it('keeps the e-mail in the outbox when the mail server cannot take it, and still records it', async () => {
    const offline = await createTestContext({ config: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      const user = await createUser(offline.db, { permissions: ['view crm', 'manage crm'] });
      const token = (await login(offline.app, user.email, user.password)).access_token;
      const [lead] = await offline.db
        .insert(crmLeads)
        .values({ companyName: 'Offline Co', email: 'o@offline.test' })
        .returning({ id: crmLeads.id });
      const response = await offline.app.inject({
        method: 'POST',
        url: `/api/crm/leads/${lead!.id}/email`,
        headers: bearer(token),
        payload: { subject: 'Hi', body_html: '<p>Hi</p>' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ message: leadEmailMessages.queued, data: { delivered: 'outbox' } });
      const kept = await offline.db.select().from(outbox);
      expect(kept.map((row) => row.to)).toEqual(['o@offline.test']);
    } finally {
      await offline.close();
    }
  });
});

describe('demo', () => {
  it('seeds a few documents and three templates once', async () => {
    const demo = await createTestContext();
    try {
      await seedCrmDocumentsDemo(demo.db, demo.app.config.dataDir);
      await seedCrmDocumentsDemo(demo.db, demo.app.config.dataDir);
      const user = await createUser(demo.db, { permissions: ['view crm'] });
      const token = (await login(demo.app, user.email, user.password)).access_token;
      const docs = crmDocumentListSchema.parse(
        (await demo.app.inject({ method: 'GET', url: '/api/crm/documents', headers: bearer(token) })).json(),
      );
      expect(docs.data.length).toBeGreaterThanOrEqual(3);
      for (const doc of docs.data) {
        const download = await demo.app.inject({
          method: 'GET',
          url: `/api/crm/documents/${doc.id}/file`,
          headers: bearer(token),
        });
        expect(download.statusCode).toBe(200);
        expect(Number(download.headers['content-length'])).toBe(doc.bytes);
      }
      const templates = await demo.app.inject({
        method: 'GET',
        url: '/api/crm/email_templates',
        headers: bearer(token),
      });
      expect(templates.json().data).toHaveLength(3);
    } finally {
      await demo.close();
    }
  });
});
