import { eq, sql } from 'drizzle-orm';
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
import { companies } from '../companies/companies.table.ts';
import { ticketAttachments } from '../tickets/tickets.table.ts';
import { chargeUploadQuota } from './upload-quota.service.ts';
import { uploadQuota } from './upload-quota.table.ts';

const limitMessage = 'Upload limit reached: at most 3 files and 1 MB per hour. Try again later.';

describe('per-user upload quota (issue 25, decision 0058)', () => {
  let ctx: TestContext;
  let ticketId: number;
  const users: { user: TestUser; token: string }[] = [];

  beforeAll(async () => {
    ctx = await createTestContext({ config: { uploadQuotaFilesPerHour: 3, uploadQuotaBytesPerHour: 1024 * 1024 } });
    for (const name of ['Ann Uploader', 'Ben Uploader', 'Cal Uploader', 'Dot Uploader']) {
      const user = await createUser(ctx.db, { name });
      users.push({ user, token: (await login(ctx.app, user.email, user.password)).access_token });
    }
    const [company] = await ctx.db.insert(companies).values({ name: 'Quota Co' }).returning({ id: companies.id });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(users[0]!.token),
      payload: { subject: 'Quota', body: 'Files.', company_id: company!.id, location: 1, triage_id: 3 },
    });
    ticketId = created.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const noteFile = async (token: string, bytes = 10) => {
    const file = { blob: new Blob([Buffer.alloc(bytes, 0x61)], { type: 'text/plain' }), name: 'log.txt' };
    const { payload, headers } = await multipartBody({ ticket_id: String(ticketId), attachment: file });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/notes',
      headers: { ...bearer(token), ...headers },
      payload,
    });
  };
  const pastedImage = async (token: string) => {
    const png = { blob: new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' }), name: 'p.png' };
    const { payload, headers } = await multipartBody({ image: png });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/whiteboard/image',
      headers: { ...bearer(token), ...headers },
      payload,
    });
  };
  const storedFiles = () => ctx.db.$count(ticketAttachments, eq(ticketAttachments.ticketId, ticketId));

  it('counts files per user and hour across routes, pasted images included, and answers 429 past the limit', async () => {
    const { token } = users[0]!;
    expect((await noteFile(token)).statusCode).toBe(200);
    expect((await noteFile(token)).statusCode).toBe(200);
    expect((await pastedImage(token)).statusCode).toBe(200);
    const before = await storedFiles();

    for (const refused of [await noteFile(token), await pastedImage(token)]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: limitMessage });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    // Nothing of the refused uploads was kept, and another user is not affected.
    expect(await storedFiles()).toBe(before);
    expect((await noteFile(users[1]!.token)).statusCode).toBe(200);
  });

  it('counts bytes: an upload that would pass the hour’s bytes is refused whole', async () => {
    const { token } = users[2]!;
    expect((await noteFile(token, 700 * 1024)).statusCode).toBe(200);
    const before = await storedFiles();
    const refused = await noteFile(token, 400 * 1024);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(limitMessage);
    expect(await storedFiles()).toBe(before);
    // What is left of the hour's bytes still goes through.
    expect((await noteFile(token, 300 * 1024)).statusCode).toBe(200);
  });

  it('decides in one statement: of many uploads at once, exactly the limit pass', async () => {
    const { token } = users[3]!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => noteFile(token)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
    const [row] = await ctx.db.select().from(uploadQuota).where(eq(uploadQuota.userId, users[3]!.user.id));
    expect(row).toMatchObject({ files: 3, bytes: 30 });
  });

  it('starts again in the next hour', async () => {
    const { token, user } = users[0]!;
    expect((await noteFile(token)).statusCode).toBe(429);
    await ctx.db
      .update(uploadQuota)
      .set({ hour: sql`date_trunc('hour', now()) - interval '1 hour'` })
      .where(eq(uploadQuota.userId, user.id));
    expect((await noteFile(token)).statusCode).toBe(200);
    const [row] = await ctx.db.select().from(uploadQuota).where(eq(uploadQuota.userId, user.id));
    expect(row).toMatchObject({ files: 1, bytes: 10 });
  });

  it('charges concurrent callers of the statement no further than the limit', async () => {
    const user = await createUser(ctx.db, { name: 'Eve Racer' });
    const limits = { filesPerHour: 5, bytesPerHour: 1000 };
    const results = await Promise.all(
      Array.from({ length: 12 }, () => chargeUploadQuota(ctx.db, user.id, { files: 1, bytes: 100 }, limits)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    const [row] = await ctx.db.select().from(uploadQuota).where(eq(uploadQuota.userId, user.id));
    expect(row).toMatchObject({ files: 5, bytes: 500 });
  });
});
