import { documentRevisionsResponseSchema } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { saveQuote, sendQuote } from '../quotes/quotes.service.ts';
import { companies } from '../companies/companies.table.ts';
import { recordRevision, viewHashOf } from './documents.service.ts';
import { documentRevisions } from './documents.table.ts';
import { saveDocument } from './plain-documents.service.ts';

// Issue 17 part 1 (decision 0038): PDFs rendered on the server with immutable revisions, the spec's three calls,
// and who may read which document.

let ctx: TestContext;
let billingToken: string;
let plainToken: string;
let clientToken: string;
let otherClientToken: string;
let acme: number;
let initech: number;

const quoteInput = (companyId: number, price = '100.00') => ({
  companyId,
  title: 'Firewall replacement',
  quoteDate: '2026-11-02',
  validUntil: '2026-12-02',
  terms: 'Net 20',
  lines: [
    { description: 'FortiGate 60F', quantity: '1', unitPrice: price },
    { description: 'Installation (hours)', quantity: '2.5', unitPrice: '125.0000' },
    { description: 'Spare power supply', quantity: '1', unitPrice: '45', optional: true },
  ],
});

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: acme }, { id: initech }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Initech' }])
    .returning({ id: companies.id });
  const token = async (options: Parameters<typeof createUser>[1]) => {
    const user = await createUser(ctx.db, options);
    return (await login(ctx.app, user.email, user.password)).access_token;
  };
  billingToken = await token({ permissions: ['view billing'] });
  plainToken = await token({});
  clientToken = await token({ type: 'Client', companyId: acme });
  otherClientToken = await token({ type: 'Client', companyId: initech });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function sentQuote(companyId = acme) {
  const { id } = await saveQuote(ctx.db, ctx.config.dataDir, quoteInput(companyId), null);
  await sendQuote(ctx.db, ctx.config.dataDir, id, null);
  return id;
}

describe('revisions', () => {
  it('makes revision 00 when a quote is sent, none for a save that changes nothing, 01 for a change', async () => {
    const { id, revision } = await saveQuote(ctx.db, ctx.config.dataDir, quoteInput(acme), null);
    expect(revision).toBeNull(); // a draft has no stored document
    expect(await sendQuote(ctx.db, ctx.config.dataDir, id, null)).toEqual({ revision: 0, created: true });
    const same = await saveQuote(ctx.db, ctx.config.dataDir, { ...quoteInput(acme), id }, null);
    expect(same.revision).toEqual({ revision: 0, created: false });
    const changed = await saveQuote(ctx.db, ctx.config.dataDir, { ...quoteInput(acme, '120.00'), id }, null);
    expect(changed.revision).toEqual({ revision: 1, created: true });

    const response = await get(`/api/revisions/quote/${id}`, billingToken);
    expect(response.statusCode).toBe(200);
    const body = documentRevisionsResponseSchema.strict().parse(response.json());
    expect(body.data.map((row) => row.label)).toEqual(['00', '01']);
    expect(body.data[0]!.checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data[0]!.checksum).not.toBe(body.data[1]!.checksum);
    expect(body.document).toEqual({
      type: 'quote',
      id,
      title: expect.stringMatching(/^Quote Q-\d{6}$/),
      file_name: expect.stringMatching(/^Quote-Q-\d{6}\.pdf$/),
    });
  });

  it('keeps files immutable: a revision answers the same bytes, whose checksum the list names', async () => {
    const id = await sentQuote();
    const first = await get(`/api/pdf/quote/${id}/0`, billingToken);
    await saveQuote(ctx.db, ctx.config.dataDir, { ...quoteInput(acme, '99.99'), id }, null);
    const again = await get(`/api/pdf/quote/${id}/0`, billingToken);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const [row] = await ctx.db.select().from(documentRevisions).where(eq(documentRevisions.recordId, id));
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(first.rawPayload).digest('hex')).toBe(row!.checksum);
  });

  it('hashes views whatever the order of their fields', () => {
    expect(viewHashOf({ a: 1, b: [{ c: 2, d: 3 }] })).toBe(viewHashOf({ b: [{ d: 3, c: 2 }], a: 1 }));
    expect(viewHashOf({ a: 1 })).not.toBe(viewHashOf({ a: 2 }));
  });

  it('numbers the revisions of parallel saves without a gap or a clash', async () => {
    const id = await sentQuote();
    await Promise.all(
      ['1.00', '2.00', '3.00'].map((price) =>
        saveQuote(ctx.db, ctx.config.dataDir, { ...quoteInput(acme, price), id }, null),
      ),
    );
    const rows = await ctx.db
      .select({ revision: documentRevisions.revision })
      .from(documentRevisions)
      .where(eq(documentRevisions.recordId, id));
    const numbers = rows.map((row) => row.revision).sort();
    expect(numbers).toEqual([...numbers.keys()]);
    expect(numbers.length).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /api/pdf/{type}/{id}[/{revision}]', () => {
  it('answers each document type as application/pdf starting with %PDF, inline or as a named download', async () => {
    const quote = await sentQuote();
    const plain = await saveDocument(
      ctx.db,
      ctx.config.dataDir,
      { companyId: acme, title: 'Server room visit', body: 'Checked the UPS.\n\nReplaced a fan.' },
      null,
    );
    for (const [type, id, token] of [
      ['quote', quote, billingToken],
      ['document', plain.id, plainToken],
    ] as const) {
      const viewer = await get(`/api/pdf/${type}/${id}/0`, token);
      expect(viewer.statusCode, type).toBe(200);
      expect(viewer.headers['content-type']).toBe('application/pdf');
      expect(viewer.headers['content-disposition']).toMatch(/^inline; filename=".+-00\.pdf"$/);
      expect(viewer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const download = await get(`/api/pdf/${type}/${id}`, token);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+-00\.pdf"$/);
      expect(download.rawPayload.equals(viewer.rawPayload)).toBe(true);
    }
  });

  it('answers a draft quote as an unstored preview marked DRAFT, and 404 for its revision 0', async () => {
    const { id } = await saveQuote(ctx.db, ctx.config.dataDir, quoteInput(acme), null);
    const preview = await get(`/api/pdf/quote/${id}`, billingToken);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toContain('-DRAFT.pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/pdf/quote/${id}/0`, billingToken)).statusCode).toBe(404);
    expect((await get(`/api/revisions/quote/${id}`, billingToken)).json().data).toEqual([]);
  });

  it('answers 404 for an unknown type, id or revision, and 401 without a token', async () => {
    const id = await sentQuote();
    expect((await get(`/api/pdf/invoicex/${id}`, billingToken)).statusCode).toBe(404);
    expect((await get('/api/pdf/quote/999999', billingToken)).statusCode).toBe(404);
    expect((await get(`/api/pdf/quote/${id}/7`, billingToken)).statusCode).toBe(404);
    expect((await get(`/api/pdf/quote/${id}/-1`, billingToken)).statusCode).toBe(404);
    expect((await get(`/api/revisions/quote/abc`, billingToken)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/pdf/quote/${id}` })).statusCode).toBe(401);
  });
});

describe('who reads which document', () => {
  it("needs 'view billing' for staff to read quotes", async () => {
    const id = await sentQuote();
    expect((await get(`/api/pdf/quote/${id}/0`, plainToken)).statusCode).toBe(403);
    expect((await get(`/api/revisions/quote/${id}`, plainToken)).statusCode).toBe(403);
  });

  it("lets a client account read its own company's documents only", async () => {
    const own = await sentQuote(acme);
    const other = await sentQuote(initech);
    expect((await get(`/api/pdf/quote/${own}/0`, clientToken)).statusCode).toBe(200);
    expect((await get(`/api/revisions/quote/${own}`, clientToken)).statusCode).toBe(200);
    for (const url of [`/api/pdf/quote/${other}/0`, `/api/pdf/quote/${other}`, `/api/revisions/quote/${other}`])
      expect((await get(url, clientToken)).statusCode, url).toBe(404);
    expect((await get(`/api/pdf/quote/${other}/0`, otherClientToken)).statusCode).toBe(200);
    const internal = await saveDocument(
      ctx.db,
      ctx.config.dataDir,
      { companyId: null, title: 'Internal', body: '' },
      null,
    );
    expect((await get(`/api/pdf/document/${internal.id}/0`, clientToken)).statusCode).toBe(404);
  });

  it('records nothing for a record that does not exist', async () => {
    expect(await recordRevision(ctx.db, ctx.config.dataDir, 'quote', 987654, null)).toBeNull();
  });
});
