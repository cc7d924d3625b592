import { loadHtmlSanitizer } from '@switchboard/shared/html-policy';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
  type TestUser,
} from '../../test/helpers.ts';
import { chatFiles, chatMessages, chatRooms } from '../modules/chat/chat.table.ts';
import { companies, sites } from '../modules/companies/companies.table.ts';
import { devices } from '../modules/devices/devices.table.ts';
import { hrForms } from '../modules/hr/hr-forms.table.ts';
import { exchangeAnalyses } from '../modules/maintenance/maintenance.table.ts';
import { noteRevisions } from '../modules/notes/notes.table.ts';
import { refreshStrategies } from '../modules/strategies/strategies.table.ts';
import { addInboundThread, parseInboundMail } from '../modules/tickets/inbound-mail.service.ts';
import { tickets, ticketThreads } from '../modules/tickets/tickets.table.ts';
import { whiteboardArticles, whiteboardCategories } from '../modules/whiteboard/whiteboard.table.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { dataMigrations } from './data-migrations.table.ts';
import { sanitizeStoredHtml, sanitizeStoredHtmlMigration } from './stored-html.ts';

// Issue 25 (decision 0060): every stored HTML field is sanitised by the server before it is stored, with the policy the
// browser uses, and what was stored before is cleaned once per database at start.

const attack = '<p>ok</p><script>alert(1)</script><img src=x onerror=alert(1)>';
// What the policy keeps of it: the paragraph. The image goes too: its src is neither inline nor one of the app's uploads.
const kept = '<p>ok</p>';

let ctx: TestContext;
let tech: TestUser;
let token: string;
let otherToken: string;
let otherId: number;
let companyId: number;
let siteId: number;
let serverId: number;

const api = (method: 'GET' | 'POST', url: string, payload?: object, auth = token) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });

async function postForm(url: string, fields: Record<string, string>, auth = token) {
  const { payload, headers } = await multipartBody(fields);
  return ctx.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: { ...headers, ...bearer(auth) } });
}

async function newTicket(subject: string, extra: Partial<typeof tickets.$inferInsert> = {}): Promise<number> {
  const [row] = await ctx.db
    .insert(tickets)
    .values({ subject, body: 'x', companyId, location: 1, triageId: 3, status: 2, ...extra })
    .returning({ id: tickets.id });
  return row!.id;
}

async function ticketDetail(id: number) {
  const response = await api('GET', `/ticket/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { notes: string; resolution: string; threads: { html_body: string }[] } }>().data;
}

function expectNoScript(text: string) {
  expect(text).not.toMatch(/<script|onerror/i);
}

beforeAll(async () => {
  ctx = await createTestContext();
  // As the server does at start (bootstrap): jsdom's load is not counted in a test's time.
  loadHtmlSanitizer();
  tech = await createUser(ctx.db, { name: 'Tess Tech', permissions: ['view chat'] });
  token = (await login(ctx.app, tech.email, tech.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Otto Other' });
  otherId = other.id;
  otherToken = (await login(ctx.app, other.email, other.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Html Co' }).returning({ id: companies.id });
  [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'HQ' }).returning({ id: sites.id });
  [{ id: serverId }] = await ctx.db
    .insert(devices)
    .values({ companyId, siteId, type: 'servers', name: 'DC01', scheduledMaintenance: 1 })
    .returning({ id: devices.id });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('HTML is sanitised before it is stored', () => {
  it('ticket notes, their revision, and the resolution', async () => {
    const id = await newTicket('Notes');
    expect((await api('POST', '/ticket/notes', { ticket_id: id, notes: attack })).json().message).toBe('Notes saved.');
    const resolution = await postForm('/ticket/resolution', { ticket_id: String(id), resolution: attack });
    expect(resolution.json().message).toBe('Resolution saved.');
    const ticket = await ticketDetail(id);
    expect(ticket.notes).toBe(kept);
    expect(ticket.resolution).toBe(kept);
    const revisions = (await api('GET', `/notes/revisions/ticket:${id}`)).json<{ data: { notes: string }[] }>();
    expect(revisions.data.map((revision) => revision.notes)).toEqual([kept]);
  });

  it('plain-text notes stay as they are; with a < they are stored as the escaped paragraphs they are shown as', async () => {
    const id = await newTicket('Plain notes');
    await api('POST', '/ticket/notes', { ticket_id: id, notes: 'Called & left a message' });
    expect((await ticketDetail(id)).notes).toBe('Called & left a message');
    await api('POST', '/ticket/notes', { ticket_id: id, notes: 'if a < b\n<img src=x onerror=alert(1)>' });
    expect((await ticketDetail(id)).notes).toBe('<p>if a &lt; b</p><p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it("a received mail's HTML body", async () => {
    const id = await newTicket('Mail');
    const raw = Buffer.from(
      [
        'From: someone@mailco.example',
        'To: helpdesk@switchboard.local',
        'Subject: Printer',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        '',
        `<html><head><style>p{}</style></head><body>${attack}<a href="javascript:alert(2)">x</a></body></html>`,
      ].join('\r\n'),
    );
    const message = await parseInboundMail(raw);
    await addInboundThread(ctx.db, async () => {}, { ticketId: id, message, files: [], senderId: null, auth: null });
    const [thread] = (await ticketDetail(id)).threads;
    expect(thread!.html_body).toBe(`${kept}<a>x</a>`);
  });

  it('whiteboard articles, created and edited', async () => {
    const [{ id: categoryId }] = await ctx.db
      .insert(whiteboardCategories)
      .values({ categoryName: 'Howto' })
      .returning({ id: whiteboardCategories.id });
    const created = await postForm('/whiteboard/article', {
      title: 'Attack',
      article_text: attack,
      category_id: String(categoryId),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, article_text } = created.json<{ data: { id: number; article_text: string } }>().data;
    expect(article_text).toBe(kept);
    const edited = await postForm(`/whiteboard/article/${id}`, {
      _method: 'PUT',
      title: 'Attack',
      article_text: `<p>edited</p><iframe src="https://x.test"></iframe><a href="https://x.test" onclick="x()">x</a>`,
      category_id: String(categoryId),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = (await api('GET', `/whiteboard/article/${id}`)).json<{ data: { article_text: string } }>();
    expect(read.data.article_text).toBe(
      '<p>edited</p><a href="https://x.test" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
  });

  it('chat messages', async () => {
    const room = await api('POST', '/chat/room/create', { user_id: otherId });
    expect(room.statusCode, room.body).toBe(200);
    const roomId = room.json<{ data: { id: number } }>().data.id;
    const sent = await postForm('/chat/message/send', { room_id: String(roomId), message: attack });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ data: { message: string }[] }>().data.map((message) => message.message)).toEqual([kept]);
    const read = (await api('GET', `/chat/messages/${roomId}`, undefined, otherToken)).json<{
      data: { message: string }[];
    }>();
    expect(read.data.map((message) => message.message)).toEqual([kept]);
  });

  it('exchange analyses', async () => {
    const ticketId = await newTicket('Exchange', { serverId });
    const saved = await postForm('/maintenance/exchange', {
      company_id: String(companyId),
      site_id: String(siteId),
      server_id: String(serverId),
      month: '3',
      year: '2026',
      ticket_id: String(ticketId),
      resolution: attack,
      notes: attack,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await api('GET', `/maintenance/exchange/${ticketId}`)).json<{
      data: { resolution: string; notes: string };
    }>();
    expect(read.data).toMatchObject({ resolution: kept, notes: kept });
  });

  it("refresh strategies' overview and priorities", async () => {
    const saved = await api('POST', '/strategies/refresh', {
      company_id: companyId,
      date: '2026-03-02',
      emails: [],
      overview: attack,
      server_priority: attack,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await api('GET', `/strategies/refresh?company_id=${companyId}`)).json<{
      data: { strategies: { overview: string; server_priority: string }[] };
    }>();
    expect(read.data.strategies[0]).toMatchObject({ overview: kept, server_priority: kept });
  });
});

describe('the one-time cleanup of stored HTML (data migration at start)', () => {
  it('cleans rows written before, once per database, leaving chat file messages and plain text alone', async () => {
    // Rows as an older server stored them: straight into the tables.
    const ticketId = await newTicket('Old', { notes: attack, resolution: 'plain & simple', serverId });
    const [{ id: revisionId }] = await ctx.db
      .insert(noteRevisions)
      .values({ note: `ticket:${ticketId}`, notes: attack, createdBy: tech.id })
      .returning({ id: noteRevisions.id });
    const [{ id: threadId }] = await ctx.db
      .insert(ticketThreads)
      .values({
        ticketId,
        direction: 'in',
        subject: 'Old mail',
        fromEmail: 'a@b.example',
        toEmail: 'helpdesk@switchboard.local',
        textBody: 'x',
        htmlBody: attack,
      })
      .returning({ id: ticketThreads.id });
    const [{ id: categoryId }] = await ctx.db
      .insert(whiteboardCategories)
      .values({ categoryName: 'Old' })
      .returning({ id: whiteboardCategories.id });
    const [{ id: articleId }] = await ctx.db
      .insert(whiteboardArticles)
      .values({ title: 'Old', articleText: attack, categoryId, createdBy: tech.id, updatedBy: tech.id })
      .returning({ id: whiteboardArticles.id });
    const [{ id: roomId }] = await ctx.db
      .insert(chatRooms)
      .values({ userOneId: Math.min(tech.id, otherId), userTwoId: Math.max(tech.id, otherId) })
      .onConflictDoUpdate({
        target: [chatRooms.userOneId, chatRooms.userTwoId],
        set: { userOneId: chatRooms.userOneId },
      })
      .returning({ id: chatRooms.id });
    const image = '<img src="uploads/chat/0123456789abcdef.png" alt="shot.png">';
    const [textMessage, imageMessage] = await ctx.db
      .insert(chatMessages)
      .values([
        { roomId, userId: tech.id, message: attack },
        { roomId, userId: tech.id, message: image },
      ])
      .returning({ id: chatMessages.id });
    await ctx.db.insert(chatFiles).values({
      messageId: imageMessage!.id,
      roomId,
      path: 'uploads/chat/0123456789abcdef.png',
      fileName: 'shot.png',
      size: 8,
      mimeType: 'image/png',
      kind: 'image',
    });
    const [{ id: exchangeId }] = await ctx.db
      .insert(exchangeAnalyses)
      .values({ companyId, siteId, serverId, month: 4, year: 2026, ticketId, resolution: attack, notes: attack })
      .returning({ id: exchangeAnalyses.id });
    const [{ id: strategyId }] = await ctx.db
      .insert(refreshStrategies)
      .values({ companyId, date: '2026-01-01', overview: attack, upsPriority: attack, createdBy: tech.id })
      .returning({ id: refreshStrategies.id });
    const [{ id: formId }] = await ctx.db
      .insert(hrForms)
      .values({ title: 'Old policy', kind: 'acknowledgement', bodyHtml: attack })
      .returning({ id: hrForms.id });
    await ctx.db.delete(dataMigrations);

    await bootstrapDatabase(
      ctx.db,
      { adminEmail: 'admin@switchboard.local', adminPassword: 'Admin-Password-1' },
      pino({ level: 'silent' }),
    );

    const [ticket] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({ notes: kept, resolution: 'plain & simple' });
    const [revision] = await ctx.db.select().from(noteRevisions).where(eq(noteRevisions.id, revisionId));
    expect(revision!.notes).toBe(kept);
    const [thread] = await ctx.db.select().from(ticketThreads).where(eq(ticketThreads.id, threadId));
    expect(thread!.htmlBody).toBe(kept);
    const [article] = await ctx.db.select().from(whiteboardArticles).where(eq(whiteboardArticles.id, articleId));
    expect(article!.articleText).toBe(kept);
    const messages = await ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
    expect(messages.find((row) => row.id === textMessage!.id)!.message).toBe(kept);
    expect(messages.find((row) => row.id === imageMessage!.id)!.message).toBe(image);
    const [exchange] = await ctx.db.select().from(exchangeAnalyses).where(eq(exchangeAnalyses.id, exchangeId));
    expect(exchange).toMatchObject({ resolution: kept, notes: kept });
    const [strategy] = await ctx.db.select().from(refreshStrategies).where(eq(refreshStrategies.id, strategyId));
    expect(strategy).toMatchObject({ overview: kept, upsPriority: kept, serverPriority: '' });
    const [form] = await ctx.db.select().from(hrForms).where(eq(hrForms.id, formId));
    expect(form!.bodyHtml).toBe(kept);
    for (const text of [ticket!.notes, revision!.notes, thread!.htmlBody, article!.articleText, strategy!.overview])
      expectNoScript(text);
    expect(await ctx.db.select({ name: dataMigrations.name }).from(dataMigrations)).toEqual([
      { name: sanitizeStoredHtmlMigration },
    ]);

    // Recorded: a later start does not run it again (nothing is scanned), and a second pass would change nothing.
    await ctx.db.update(whiteboardArticles).set({ articleText: attack }).where(eq(whiteboardArticles.id, articleId));
    await bootstrapDatabase(
      ctx.db,
      { adminEmail: 'admin@switchboard.local', adminPassword: 'Admin-Password-1' },
      pino({ level: 'silent' }),
    );
    const [untouched] = await ctx.db.select().from(whiteboardArticles).where(eq(whiteboardArticles.id, articleId));
    expect(untouched!.articleText).toBe(attack);
    expect(await sanitizeStoredHtml(ctx.db)).toBe(1);
    expect(await sanitizeStoredHtml(ctx.db)).toBe(0);
  });
});
