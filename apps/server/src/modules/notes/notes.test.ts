import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { listenForSockets } from '../../../test/realtime.ts';
import { companies } from '../companies/companies.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { collabDocuments, noteRevisions } from './notes.table.ts';

// Issue 17 parts 3-4 (decision 0040): notes co-edited over Hocuspocus on /collab, and every save a revision.

let ctx: TestContext;
let baseUrl: string;
let staffToken: string;
let otherStaffToken: string;
let clientToken: string;
let ticketId: number;
const open: { destroy(): void }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  [{ id: ticketId }] = await ctx.db
    .insert(tickets)
    .values({ subject: 'Printer', body: 'x', companyId: company!.id, location: 1, triageId: 3, status: 2 })
    .returning({ id: tickets.id });
  const token = async (options: Parameters<typeof createUser>[1]) => {
    const user = await createUser(ctx.db, options);
    return (await login(ctx.app, user.email, user.password)).access_token;
  };
  staffToken = await token({ name: 'Tina Tech' });
  otherStaffToken = await token({ name: 'Omar Ops' });
  clientToken = await token({ type: 'Client', companyId: company!.id });
  baseUrl = await listenForSockets(ctx.app);
});
afterAll(async () => {
  for (const item of open) item.destroy();
  await ctx.close();
});

/** A provider on the note, resolved once synced; rejected when the server refuses it. */
function connect(
  name: string,
  token: string,
): Promise<{ provider: HocuspocusProvider; doc: Y.Doc; stateless: string[] }> {
  const doc = new Y.Doc();
  const stateless: string[] = [];
  const websocketProvider = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace('http', 'ws')}/collab`,
    WebSocketPolyfill: WebSocket,
    maxAttempts: 1,
  });
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      websocketProvider,
      name,
      document: doc,
      token,
      onSynced: () => resolve({ provider, doc, stateless }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(reason)),
      onStateless: ({ payload }) => stateless.push(payload),
    });
    open.push(provider, websocketProvider);
    provider.attach(); // a provider given its own socket joins it explicitly (Hocuspocus 3)
  });
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('co-editing on /collab', () => {
  it("lets two staff edit one ticket's notes, each seeing the other's text without saving", async () => {
    const a = await connect(`ticket:${ticketId}`, staffToken);
    const b = await connect(`ticket:${ticketId}`, otherStaffToken);
    a.doc.getText('probe').insert(0, 'from Tina');
    await waitFor(() => b.doc.getText('probe').toString() === 'from Tina');
    b.doc.getText('probe').insert(9, ', and Omar');
    await waitFor(() => a.doc.getText('probe').toString() === 'from Tina, and Omar');
  });

  it('refuses a client account, a bad token, an unknown ticket and a malformed name', async () => {
    await expect(connect(`ticket:${ticketId}`, clientToken)).rejects.toThrow();
    await expect(connect(`ticket:${ticketId}`, 'not-a-token')).rejects.toThrow();
    await expect(connect('ticket:999999', staffToken)).rejects.toThrow();
    await expect(connect('tickets:1; drop', staffToken)).rejects.toThrow();
  });

  it('keeps the shared state in PostgreSQL', async () => {
    const a = await connect(`ticket:${ticketId}`, staffToken);
    a.doc.getText('kept').insert(0, 'kept text');
    const stored = async () =>
      (
        await ctx.db
          .select()
          .from(collabDocuments)
          .where(eq(collabDocuments.name, `ticket:${ticketId}`))
      )[0];
    const until = Date.now() + 5000;
    let row = await stored();
    while ((!row || !decodes(row.state, 'kept text')) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await stored();
    }
    expect(row && decodes(row.state, 'kept text')).toBe(true);
  });

  it('asks one editor to fill an empty shared document from the stored text', async () => {
    const [fresh] = await ctx.db
      .insert(tickets)
      .values({
        subject: 'VPN',
        body: 'x',
        companyId: (await ctx.db.select().from(companies))[0]!.id,
        location: 1,
        triageId: 3,
        status: 2,
        notes: '<p>Stored notes</p>',
      })
      .returning({ id: tickets.id });
    const first = await connect(`ticket:${fresh!.id}`, staffToken);
    await waitFor(() => first.stateless.length > 0);
    expect(JSON.parse(first.stateless[0]!)).toEqual({ type: 'fill-from-stored', text: '<p>Stored notes</p>' });
    const second = await connect(`ticket:${fresh!.id}`, otherStaffToken);
    // Sentinel: when the filler leaves, the one still there is asked to fill, with the text stored by then. That
    // request comes on the second editor's socket after any the server made when it joined.
    await ctx.db.update(tickets).set({ notes: '<p>Newer notes</p>' }).where(eq(tickets.id, fresh!.id));
    first.provider.destroy();
    await waitFor(() => second.stateless.some((message) => message.includes('Newer notes')), 10_000);
    // Only one editor fills at a time, or the text would be there twice.
    expect(second.stateless.map((message) => JSON.parse(message))).toEqual([
      { type: 'fill-from-stored', text: '<p>Newer notes</p>' },
    ]);
  });
});

function decodes(state: Buffer, text: string): boolean {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, new Uint8Array(state));
  return doc.getText('kept').toString() === text;
}

describe('revisions of a note', () => {
  const save = (notes: string, token = staffToken) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/notes',
      headers: bearer(token),
      payload: { ticket_id: ticketId, notes },
    });

  it('makes one revision per save that changes the text, listed newest first with who saved it', async () => {
    expect((await save('<p>First</p>')).statusCode).toBe(200);
    await save('<p>First</p>');
    await save('<p>Second</p>', otherStaffToken);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/notes/revisions/ticket:${ticketId}`,
      headers: bearer(staffToken),
    });
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ total: 2, current_page: 1, per_page: 20, last_page: 1 });
    expect(page.data).toEqual([
      {
        id: expect.any(Number),
        note: `ticket:${ticketId}`,
        notes: '<p>Second</p>',
        created_at: expect.any(String),
        user: { id: expect.any(Number), name: 'Omar Ops', shortname: 'Omar' },
      },
      expect.objectContaining({ notes: '<p>First</p>', user: expect.objectContaining({ name: 'Tina Tech' }) }),
    ]);
    const rows = await ctx.db
      .select()
      .from(noteRevisions)
      .where(eq(noteRevisions.note, `ticket:${ticketId}`));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 to a client account and for notes that do not exist', async () => {
    for (const [url, token] of [
      [`/api/notes/revisions/ticket:${ticketId}`, clientToken],
      ['/api/notes/revisions/ticket:999999', staffToken],
      ['/api/notes/revisions/nothing', staffToken],
    ] as const)
      expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).statusCode, url).toBe(404);
  });
});
