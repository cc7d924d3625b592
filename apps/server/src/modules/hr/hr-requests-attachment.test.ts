import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { userChannel } from '@switchboard/shared';
import {
  hrRequestMessages,
  hrRequestResponseSchema,
  hrRequestUpdatedEvent,
  type HrRequestUpdatedPayload,
} from '@switchboard/shared/hr/requests';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { employees } from '../users/employees.table.ts';
import { hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// The HR-only attachment of a request (designs/hr.md §2.3): sent with the request as multipart on POST
// /api/hr/requests only, known by its bytes, stored under DATA_DIR, read by the requester and HR (the manager and
// anyone else get 404), shown in the detail only to them. Also GET /api/hr/requests/schedule, the week a schedule
// change starts from (its own small call, kept here to spare a second test database).

let ctx: TestContext;
const people: Record<string, TestUser & { token: string }> = {};
let otherCategory: number;

async function person(key: string, permissions: string[] = []) {
  const user = await createUser(ctx.db, { name: key, permissions });
  people[key] = { ...user, token: (await login(ctx.app, user.email, user.password)).access_token };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await person('Emma Employee');
  await person('Mike Manager');
  await person('Hana HR', ['approve hr requests']);
  await person('Vera Viewer', ['view human resources']);
  await person('Oscar Other');
  await ctx.db
    .update(employees)
    .set({ managerId: people['Mike Manager'].id })
    .where(eq(employees.userId, people['Emma Employee'].id));
  const [row] = await ctx.db.select().from(hrCategories).where(eq(hrCategories.name, 'Other'));
  otherCategory = row.id;
});
afterAll(async () => {
  await ctx.close();
});

const pdf = new Blob(['%PDF-1.4\n% a doctor\u2019s note\n%%EOF\n'], { type: 'application/pdf' });
const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])]);
const general = (subject: string) => ({
  kind: 'general',
  category_id: otherCategory,
  note: '',
  details: { subject, details: 'See the attached note.' },
});

async function send(who: string, fields: Parameters<typeof multipartBody>[0]) {
  const body = await multipartBody(fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/hr/requests',
    headers: { ...bearer(people[who].token), ...body.headers },
    payload: body.payload,
  });
}
const get = (who: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(people[who].token) });
const storedFiles = async () => {
  const folder = join(ctx.config.dataDir, 'uploads', 'hr-requests');
  return existsSync(folder) ? readdir(folder) : [];
};

describe('a request with an attachment', () => {
  let id: number;

  it('is created from multipart, stored under DATA_DIR and named by what its bytes are', async () => {
    const response = await send('Emma Employee', {
      payload: JSON.stringify(general('Jury duty')),
      attachment: { blob: pdf, name: 'summons' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = hrRequestResponseSchema.parse(response.json()).data;
    expect(detail.attachment).toEqual({ name: 'summons.pdf', mime: 'application/pdf', bytes: pdf.size });
    id = detail.id;
    const [row] = await ctx.db.select().from(hrRequests).where(eq(hrRequests.id, id));
    expect(row.attachmentPath).toMatch(/^uploads\/hr-requests\/[0-9a-f]{32}\.pdf$/);
    expect(existsSync(join(ctx.config.dataDir, row.attachmentPath!))).toBe(true);
  });

  it('downloads for the requester and HR, byte for byte', async () => {
    for (const who of ['Emma Employee', 'Hana HR', 'Vera Viewer']) {
      const response = await get(who, `/hr/requests/${id}/attachment`);
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toContain('filename="summons.pdf"');
      expect(response.rawPayload.equals(Buffer.from(await pdf.arrayBuffer()))).toBe(true);
    }
  });

  it('is hidden from the manager (404 and no attachment in the detail) and from anyone else', async () => {
    expect((await get('Mike Manager', `/hr/requests/${id}/attachment`)).statusCode).toBe(404);
    const managerView = hrRequestResponseSchema.parse((await get('Mike Manager', `/hr/requests/${id}`)).json()).data;
    expect(managerView.attachment).toBeNull();
    const hrView = hrRequestResponseSchema.parse((await get('Hana HR', `/hr/requests/${id}`)).json()).data;
    expect(hrView.attachment?.name).toBe('summons.pdf');
    expect((await get('Oscar Other', `/hr/requests/${id}/attachment`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/hr/requests/${id}/attachment` })).statusCode).toBe(401);
  });

  it('answers 404 for a request without one', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/requests',
      headers: bearer(people['Emma Employee'].token),
      payload: general('No file'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const plain = hrRequestResponseSchema.parse(response.json()).data;
    expect(plain.attachment).toBeNull();
    expect((await get('Emma Employee', `/hr/requests/${plain.id}/attachment`)).statusCode).toBe(404);
  });

  it('takes an image too', async () => {
    const response = await send('Emma Employee', {
      payload: JSON.stringify(general('Photo')),
      attachment: { blob: png, name: 'scan.png' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(hrRequestResponseSchema.parse(response.json()).data.attachment?.mime).toBe('image/png');
  });
});

describe('bad attachments', () => {
  it('refuses a file that is not PDF, image or Word by its content, whatever its name, and keeps nothing', async () => {
    const before = await storedFiles();
    const count = (await ctx.db.select().from(hrRequests)).length;
    const response = await send('Emma Employee', {
      payload: JSON.stringify(general('Fake')),
      attachment: { blob: new Blob(['MZ\x90\x00 not a pdf']), name: 'note.pdf' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { attachment: [hrRequestMessages.attachmentType] },
    });
    expect(await storedFiles()).toEqual(before);
    expect((await ctx.db.select().from(hrRequests)).length).toBe(count);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    const response = await send('Emma Employee', {
      payload: JSON.stringify(general('Big')),
      attachment: { blob: big, name: 'big.pdf' },
    });
    expect(response.statusCode).toBe(413);
  });

  it('checks the payload with the shared contract and removes the stored file when the request is refused', async () => {
    const bad = await send('Emma Employee', { payload: '{not json', attachment: { blob: pdf, name: 'a.pdf' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ payload: [hrRequestMessages.payloadNotJson] });
    const invalid = await send('Emma Employee', {
      payload: JSON.stringify({ ...general(''), details: { subject: '', details: '' } }),
      attachment: { blob: pdf, name: 'a.pdf' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toContain('details.subject');
    const before = await storedFiles();
    // Valid shape, but a category that does not exist: refused inside the service after the file was stored.
    const refused = await send('Emma Employee', {
      payload: JSON.stringify({ ...general('Ghost'), category_id: 999_999 }),
      attachment: { blob: pdf, name: 'a.pdf' },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a text field named attachment and multipart on the other request routes', async () => {
    const response = await send('Emma Employee', { payload: JSON.stringify(general('x')), attachment: 'text' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ attachment: [hrRequestMessages.attachmentNotFile] });
    const body = await multipartBody({ payload: '{}' });
    const preview = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/requests/preview',
      headers: { ...bearer(people['Emma Employee'].token), ...body.headers },
      payload: body.payload,
    });
    expect(preview.statusCode).toBe(415);
  });
});

// After filing: POST /api/hr/requests/{id}/attachment (multipart, the file alone) adds or replaces it, DELETE removes
// it; the requester and HR approvers only, while the request is pending (an edit: decided requests are final).
describe('an attachment added, replaced and removed after filing', () => {
  let id: number;
  const attach = async (who: string | null, requestId: number, fields: Parameters<typeof multipartBody>[0]) => {
    const body = await multipartBody(fields);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/hr/requests/${requestId}/attachment`,
      headers: { ...(who ? bearer(people[who].token) : {}), ...body.headers },
      payload: body.payload,
    });
  };
  const remove = (who: string, requestId: number) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/api/hr/requests/${requestId}/attachment`,
      headers: bearer(people[who].token),
    });
  const stored = async (requestId: number) =>
    (await ctx.db.select().from(hrRequests).where(eq(hrRequests.id, requestId)))[0]!.attachmentPath;
  const file = async (name: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/hr/requests',
      headers: bearer(people['Emma Employee'].token),
      payload: general(name),
    });

  beforeAll(async () => {
    id = hrRequestResponseSchema.parse((await file('Doctor visit')).json()).data.id;
  });

  it('adds one to a pending request of the requester, pushed live to the requester and HR', async () => {
    const base = await listenForSockets(ctx.app);
    const emma = await connectSocket(base, people['Emma Employee'].token);
    const hana = await connectSocket(base, people['Hana HR'].token);
    try {
      expect(await subscribe(emma, userChannel(people['Emma Employee'].id))).toMatchObject({ ok: true });
      expect(await subscribe(hana, userChannel(people['Hana HR'].id))).toMatchObject({ ok: true });
      const forRequest = (payload: unknown) => (payload as HrRequestUpdatedPayload).request.id === id;
      const pushed = [emma, hana].map((socket) => nextEvent(socket, hrRequestUpdatedEvent, forRequest));
      const response = await attach('Emma Employee', id, { attachment: { blob: pdf, name: 'note.pdf' } });
      expect(response.statusCode, response.body).toBe(200);
      const detail = hrRequestResponseSchema.parse(response.json()).data;
      expect(detail.attachment).toEqual({ name: 'note.pdf', mime: 'application/pdf', bytes: pdf.size });
      expect(detail.events.at(-1)).toMatchObject({ action: 'updated', detail: 'Attachment added' });
      await Promise.all(pushed);
    } finally {
      emma.close();
      hana.close();
    }
    expect(existsSync(join(ctx.config.dataDir, (await stored(id))!))).toBe(true);
    const download = await get('Hana HR', `/hr/requests/${id}/attachment`);
    expect(download.rawPayload.equals(Buffer.from(await pdf.arrayBuffer()))).toBe(true);
  });

  it('replaces it (HR approvers too) and deletes the file it replaced', async () => {
    const first = (await stored(id))!;
    const response = await attach('Hana HR', id, { attachment: { blob: png, name: 'scan' } });
    expect(response.statusCode, response.body).toBe(200);
    const detail = hrRequestResponseSchema.parse(response.json()).data;
    expect(detail.attachment).toEqual({ name: 'scan.png', mime: 'image/png', bytes: png.size });
    expect(detail.events.at(-1)).toMatchObject({ action: 'updated', detail: 'Attachment replaced' });
    expect(existsSync(join(ctx.config.dataDir, first))).toBe(false);
    expect(existsSync(join(ctx.config.dataDir, (await stored(id))!))).toBe(true);
  });

  it('is 404 for the manager and anyone else, 403 for an HR viewer, 401 signed out: nothing stored', async () => {
    const before = await storedFiles();
    const current = await stored(id);
    for (const [who, status] of [
      ['Mike Manager', 404],
      ['Oscar Other', 404],
      ['Vera Viewer', 403],
      [null, 401],
    ] as const) {
      const response = await attach(who, id, { attachment: { blob: pdf, name: 'x.pdf' } });
      expect(response.statusCode, String(who)).toBe(status);
      if (who) expect((await remove(who, id)).statusCode, String(who)).toBe(status);
    }
    expect((await attach('Emma Employee', 999_999, { attachment: { blob: pdf, name: 'x.pdf' } })).statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
    expect(await stored(id)).toBe(current);
  });

  it('checks the file as at filing: its bytes (422), a text field (422), JSON (422), over 10 MB (413)', async () => {
    const before = await storedFiles();
    const current = await stored(id);
    const fake = await attach('Emma Employee', id, { attachment: { blob: new Blob(['MZ\x90 exe']), name: 'a.pdf' } });
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ attachment: [hrRequestMessages.attachmentType] });
    const text = await attach('Emma Employee', id, { attachment: 'text' });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ attachment: [hrRequestMessages.attachmentNotFile] });
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/hr/requests/${id}/attachment`,
      headers: bearer(people['Emma Employee'].token),
      payload: { attachment: 'x' },
    });
    expect(json.statusCode).toBe(422);
    const big = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]);
    expect((await attach('Emma Employee', id, { attachment: { blob: big, name: 'big.pdf' } })).statusCode).toBe(413);
    expect(await storedFiles()).toEqual(before);
    expect(await stored(id)).toBe(current);
  });

  it('is removed by the requester while pending; a second removal is 404', async () => {
    const path = (await stored(id))!;
    const response = await remove('Emma Employee', id);
    expect(response.statusCode, response.body).toBe(200);
    const detail = hrRequestResponseSchema.parse(response.json()).data;
    expect(detail.attachment).toBeNull();
    expect(detail.events.at(-1)).toMatchObject({ action: 'updated', detail: 'Attachment removed' });
    expect(existsSync(join(ctx.config.dataDir, path))).toBe(false);
    expect(await stored(id)).toBeNull();
    expect((await remove('Emma Employee', id)).statusCode).toBe(404);
    expect((await get('Emma Employee', `/hr/requests/${id}/attachment`)).statusCode).toBe(404);
  });

  it('cannot change once the request is decided (422 on attachment), and stores nothing', async () => {
    const decided = hrRequestResponseSchema.parse((await file('Decided')).json()).data;
    await attach('Emma Employee', decided.id, { attachment: { blob: pdf, name: 'kept.pdf' } });
    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/hr/requests/${decided.id}/approve`,
      headers: bearer(people['Hana HR'].token),
      payload: { comment: '', approve_despite_negative: false, version: decided.version },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const before = await storedFiles();
    for (const who of ['Emma Employee', 'Hana HR']) {
      const again = await attach(who, decided.id, { attachment: { blob: png, name: 'late.png' } });
      expect(again.statusCode, who).toBe(422);
      expect(again.json().errors).toEqual({ attachment: [hrRequestMessages.notPending] });
      const removed = await remove(who, decided.id);
      expect(removed.statusCode, who).toBe(422);
    }
    expect(await storedFiles()).toEqual(before);
    const detail = hrRequestResponseSchema.parse((await get('Emma Employee', `/hr/requests/${decided.id}`)).json());
    expect(detail.data.attachment?.name).toBe('kept.pdf');
  });
});

describe('GET /api/hr/requests/schedule', () => {
  it("answers the requester's own week, the company week without one, and someone else's only to HR or manager", async () => {
    const tenHours = { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 };
    await ctx.db.update(employees).set({ workHours: tenHours }).where(eq(employees.userId, people['Emma Employee'].id));
    const mine = await get('Emma Employee', '/hr/requests/schedule');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ data: { work_hours: tenHours, own: true } });
    const company = await get('Oscar Other', '/hr/requests/schedule');
    expect(company.json()).toEqual({
      data: { work_hours: { '1': 8, '2': 8, '3': 8, '4': 8, '5': 8, '6': 0, '7': 0 }, own: false },
    });
    const emma = people['Emma Employee'].id;
    expect((await get('Mike Manager', `/hr/requests/schedule?user_id=${emma}`)).json().data.work_hours).toEqual(
      tenHours,
    );
    expect((await get('Hana HR', `/hr/requests/schedule?user_id=${emma}`)).statusCode).toBe(200);
    expect((await get('Oscar Other', `/hr/requests/schedule?user_id=${emma}`)).statusCode).toBe(403);
    expect((await get('Emma Employee', '/hr/requests/schedule?user_id=abc')).statusCode).toBe(422);
  });
});
