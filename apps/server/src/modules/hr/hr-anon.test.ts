import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { NOTIFICATION_ANONYMOUS_REPORT } from '@switchboard/shared';
import {
  anonLookupSchema,
  anonMessages,
  anonReportDetailSchema,
  anonReportsPageSchema,
  anonReportSubmittedSchema,
  isReplyCode,
  latestReleaseSlot,
  normalizeReplyCode,
} from '@switchboard/shared/hr/anon';
import { defaultHrSettings } from '@switchboard/shared/hr/base';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { buildApp, createLogger } from '../../app.ts';
import { runJob } from '../../plugins/jobs.ts';
import { sessions } from '../auth/auth.table.ts';
import { companies } from '../companies/companies.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { AnonLimiter, anonLimitRules } from './hr-anon-limits.ts';
import { anonPurgeJob, runAnonRelease } from './hr-anon.routes.ts';
import { companyTimeZone, purgeClosedAnonReports, replyCodeHmac } from './hr-anon.service.ts';
import { hrAnonAccessLog, hrAnonMessages, hrAnonReports } from './hr-anon.table.ts';

// Anonymous e-mail (designs/hr.md §4, §8, §9; decision 0105): every protection of the design, held by a test that can
// fail: no user and no session touched, no log line and no address, nothing before the slot, excluded readers get
// 404, the code stored only as its HMAC, limits in memory, closed reports purged.

let ctx: TestContext;
let rita: { id: number; token: string };
let hank: { id: number; token: string };
let plain: string;
let client: string;
let adminToken: string;
// Each release needs a slot of its own: successive working days at 10:00 in company time.
let dayOffset = 0;

const shippedRules = structuredClone(anonLimitRules);

beforeAll(async () => {
  // Every inject comes from one address: the shipped per-caller limits are tested on their own below.
  Object.assign(anonLimitRules.report, { perCaller: 10_000, global: 10_000 });
  Object.assign(anonLimitRules.lookup, { perCaller: 10_000, global: 10_000 });
  ctx = await createTestContext();
  const [company] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning({ id: companies.id });
  const signIn = async (options: Parameters<typeof createUser>[1]) => {
    const user = await createUser(ctx.db, options);
    return { id: user.id, token: (await login(ctx.app, user.email, user.password)).access_token };
  };
  rita = await signIn({ name: 'Rita Reader', permissions: ['read anonymous email'] });
  hank = await signIn({ name: 'Hank HR', permissions: ['read anonymous email'] });
  plain = (await signIn({ name: 'Pat Plain' })).token;
  adminToken = (await signIn({ name: 'Ada Admin', role: 'admin' })).token;
  client = (await signIn({ type: 'Client', companyId: company!.id })).token;
});
afterAll(async () => {
  await ctx.close();
});

const report = {
  category: 'harassment',
  subject: 'Comments in the stand-up',
  body: 'A team lead keeps making remarks about my accent during stand-up.',
};
const submit = (payload: object = report, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/hr/anonemail', payload, headers });
const asReader = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/hr/anonemail${url}`, headers: bearer(token), payload });
const list = async (token: string, query = '') =>
  anonReportsPageSchema.parse((await asReader(token, 'GET', `/reports${query}`)).json());

/** Runs the release at the next working day's 10:00 (company time), which is past that day's 09:00 slot. */
async function release(): Promise<void> {
  for (;;) {
    dayOffset += 1;
    const day = new Date(Date.UTC(2030, 0, 1 + dayOffset, 12));
    const slot = latestReleaseSlot(day, ['09:00', '15:00'], defaultHrSettings.work_week, companyTimeZone());
    if (slot && slot.day === day.toISOString().slice(0, 10)) {
      await runAnonRelease(ctx.app, day);
      return;
    }
  }
}

async function submitted(payload: object = report): Promise<string | null> {
  const response = await submit(payload);
  expect(response.statusCode, response.body).toBe(200);
  return anonReportSubmittedSchema.parse(response.json()).reply_code;
}

const reportIdBySubject = async (subject: string) =>
  (await ctx.db.select({ id: hrAnonReports.id }).from(hrAnonReports).where(eq(hrAnonReports.subject, subject)))[0]!.id;

describe('submitting', () => {
  it('stores no user and moves no session when a token is sent anyway', async () => {
    const before = await ctx.db
      .select({ at: sessions.lastActivity })
      .from(sessions)
      .where(eq(sessions.userId, rita.id));
    await ctx.db
      .update(sessions)
      .set({ lastActivity: new Date('2030-01-01T00:00:00Z') })
      .where(eq(sessions.userId, rita.id));
    const code = await submitted({ ...report, subject: 'With a token' }).then((value) => value);
    const response = await submit({ ...report, subject: 'Token again' }, bearer(rita.token));
    expect(response.statusCode).toBe(200);
    const [session] = await ctx.db
      .select({ at: sessions.lastActivity })
      .from(sessions)
      .where(eq(sessions.userId, rita.id));
    expect(session!.at.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(before.length).toBeGreaterThan(0);
    // The row's columns: none can hold a user, an address or a time of day.
    const [row] = await ctx.db
      .execute<Record<string, unknown>>(sql`select * from hr_anon_reports where subject = 'Token again'`)
      .then((result) => result.rows);
    expect(Object.keys(row!).sort()).toEqual(
      [
        'assignee_id',
        'body',
        'category',
        'closed_on',
        'contact',
        'excluded_reader_ids',
        'id',
        'received_on',
        'released_on',
        'reply_code_hmac',
        'status',
        'subject',
      ].sort(),
    );
    expect(row!.assignee_id).toBeNull();
    expect(row!.released_on).toBeNull();
    const types = await ctx.db.execute<{ column_name: string; data_type: string }>(
      sql`select column_name, data_type from information_schema.columns where table_name = 'hr_anon_reports'
          and column_name in ('received_on', 'released_on', 'closed_on')`,
    );
    expect(types.rows.map((column) => column.data_type)).toEqual(['date', 'date', 'date']);
    expect(row!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(code).not.toBeNull();
    // No notification and no mail at submission: readers hear of it at the slot.
    expect(await ctx.db.select().from(notifications)).toEqual([]);
    expect(await ctx.db.select().from(outbox)).toEqual([]);
  });

  it('answers a reply code of 20 Crockford characters, stored only as its HMAC under the server key', async () => {
    const code = (await submitted({ ...report, subject: 'Code check' }))!;
    expect(isReplyCode(code)).toBe(true);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    const [row] = await ctx.db
      .select({ hmac: hrAnonReports.replyCodeHmac })
      .from(hrAnonReports)
      .where(eq(hrAnonReports.subject, 'Code check'));
    expect(row!.hmac!.equals(await replyCodeHmac(ctx.db, code))).toBe(true);
    expect(row!.hmac!.equals(createHash('sha256').update(code).digest())).toBe(false);
    const dump = JSON.stringify((await ctx.db.execute(sql`select * from hr_anon_reports`)).rows);
    expect(dump).not.toContain(code);
    // Asking for no code stores none.
    expect(await submitted({ ...report, subject: 'No code', want_reply_code: false })).toBeNull();
    const [none] = await ctx.db
      .select({ hmac: hrAnonReports.replyCodeHmac })
      .from(hrAnonReports)
      .where(eq(hrAnonReports.subject, 'No code'));
    expect(none!.hmac).toBeNull();
  });

  it('refuses bad input with per-field messages, and excluding every reader', async () => {
    const bad = await submit({ category: 'gossip', subject: '', body: 'x'.repeat(10_001) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      category: ['Choose a category.'],
      subject: ['The subject field is required.'],
      body: ['The message may not be greater than 10,000 characters.'],
    });
    const everyone = await submit({ ...report, excluded_reader_ids: [rita.id, hank.id] });
    expect(everyone.statusCode).toBe(422);
    expect(everyone.json().errors).toEqual({ excluded_reader_ids: [anonMessages.oneReaderRemains] });
    const stranger = await submit({ ...report, excluded_reader_ids: [999_999] });
    expect(stranger.json().errors).toEqual({ excluded_reader_ids: [anonMessages.unknownReader] });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/hr/anonemail',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('the log', () => {
  it('holds no line and no address for the three routes, while other requests are logged', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const app = await buildApp({ db: ctx.db, config: ctx.config, logger: createLogger({ logLevel: 'trace' }, sink) });
    try {
      const headers = { 'x-forwarded-for': '203.0.113.77' };
      const made = await app.inject({
        method: 'POST',
        url: '/api/hr/anonemail',
        payload: { ...report, subject: 'Logged?' },
        remoteAddress: '198.51.100.23',
        headers,
      });
      expect(made.statusCode).toBe(200);
      const code = made.json().reply_code as string;
      const bad = await app.inject({
        method: 'POST',
        url: '/api/hr/anonemail',
        payload: {},
        remoteAddress: '198.51.100.23',
      });
      expect(bad.statusCode).toBe(422);
      for (const url of ['/api/hr/anonemail/lookup', '/api/hr/anonemail/reply']) {
        const response = await app.inject({
          method: 'POST',
          url,
          payload: { code, body: 'More detail.' },
          remoteAddress: '198.51.100.23',
        });
        expect(response.statusCode).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.23' })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
    // The control request was logged, so the logger was listening.
    expect(written).toContain('/api/health');
    expect(written).not.toContain('anonemail');
    expect(written).not.toContain('198.51.100.23');
    expect(written).not.toContain('203.0.113.77');
  });
});

describe('release and readers', () => {
  it('keeps a report invisible until the slot, then notifies and mails readers a count only', async () => {
    await submitted({ ...report, subject: 'Before the slot' });
    const id = await reportIdBySubject('Before the slot');
    expect((await list(rita.token)).data.map((row) => row.subject)).not.toContain('Before the slot');
    expect((await asReader(rita.token, 'GET', `/reports/${id}`)).statusCode).toBe(404);

    await release();
    const page = await list(rita.token);
    const row = page.data.find((entry) => entry.subject === 'Before the slot')!;
    expect(row).toMatchObject({ status: 'new', assignee: null, can_reply: true });
    expect(row.acknowledge_by > row.received_on).toBe(true);
    const opened = await asReader(rita.token, 'GET', `/reports/${id}`);
    expect(opened.statusCode).toBe(200);
    anonReportDetailSchema.parse(opened.json().data);

    const mine = await ctx.db.select().from(notifications).where(eq(notifications.userId, rita.id));
    expect(mine.map((entry) => [entry.type, entry.numberDetails])).toEqual([[NOTIFICATION_ANONYMOUS_REPORT, null]]);
    const mails = await ctx.db.select().from(outbox);
    expect(mails.length).toBe(2);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^\d+ new anonymous reports?/);
      expect(mail.text).not.toContain('stand-up');
      expect(mail.text).not.toContain('Before the slot');
    }
    // The same slot releases nothing twice.
    await submitted({ ...report, subject: 'After the slot' });
    expect((await list(rita.token)).data.map((entry) => entry.subject)).not.toContain('After the slot');
  });

  it('answers 404 to an excluded reader in the list and by id, and 404 for unknown or malformed ids', async () => {
    await submitted({ ...report, subject: 'About Hank', excluded_reader_ids: [hank.id] });
    await release();
    const id = await reportIdBySubject('About Hank');
    expect((await list(rita.token)).data.map((row) => row.subject)).toContain('About Hank');
    expect((await list(hank.token)).data.map((row) => row.subject)).not.toContain('About Hank');
    expect((await asReader(hank.token, 'GET', `/reports/${id}`)).statusCode).toBe(404);
    expect((await asReader(hank.token, 'PUT', `/reports/${id}`, { status: 'dismissed' })).statusCode).toBe(404);
    expect((await asReader(hank.token, 'POST', `/reports/${id}/notes`, { body: 'peek' })).statusCode).toBe(404);
    expect((await asReader(rita.token, 'GET', '/reports/not-a-uuid')).statusCode).toBe(404);
    expect((await asReader(rita.token, 'GET', '/reports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Hank cannot be assigned to a report that excludes him.
    const assign = await asReader(rita.token, 'PUT', `/reports/${id}`, { status: 'in_review', assignee_id: hank.id });
    expect(assign.statusCode).toBe(422);
    expect(assign.json().errors).toEqual({ assignee_id: [anonMessages.assigneeNotReader] });
  });

  it("needs 'read anonymous email', which the administrator type does not imply", async () => {
    for (const token of [plain, adminToken]) {
      expect((await asReader(token, 'GET', '/reports')).statusCode).toBe(403);
    }
    expect((await asReader(client, 'GET', '/reports')).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/hr/anonemail/reports' })).statusCode).toBe(401);
  });

  it('triages: status, assignee, notes, replies, each in the access log; filters by status, category', async () => {
    const code = (await submitted({ ...report, category: 'safety', subject: 'Blocked fire exit' }))!;
    await release();
    const id = await reportIdBySubject('Blocked fire exit');
    const changed = await asReader(rita.token, 'PUT', `/reports/${id}`, { status: 'in_review', assignee_id: rita.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ status: 'in_review', assignee: { id: rita.id, name: 'Rita Reader' } });
    expect((await asReader(rita.token, 'POST', `/reports/${id}/notes`, { body: 'Walk the floor.' })).statusCode).toBe(
      200,
    );
    const replied = await asReader(rita.token, 'POST', `/reports/${id}/messages`, { body: 'Thank you, we are on it.' });
    expect(replied.statusCode).toBe(200);
    const detail = anonReportDetailSchema.parse(replied.json().data);
    expect(detail.notes.map((note) => note.body)).toEqual(['Walk the floor.']);
    expect(detail.messages.map((message) => [message.from_reporter, message.body])).toEqual([
      [false, 'Thank you, we are on it.'],
    ]);
    const opened = anonReportDetailSchema.parse((await asReader(hank.token, 'GET', `/reports/${id}`)).json().data);
    expect(opened.access_log.map((entry) => [entry.user?.name, entry.action])).toEqual([
      ['Hank HR', 'open'],
      ['Rita Reader', 'reply'],
      ['Rita Reader', 'note'],
      ['Rita Reader', 'change'],
    ]);
    expect((await list(rita.token, '?status=in_review&category=safety')).data.map((row) => row.id)).toEqual([id]);
    expect((await list(rita.token, '?category=fraud')).total).toBe(0);
    expect((await asReader(rita.token, 'GET', '/reports?status=open')).statusCode).toBe(422);

    // The reporter reads the reply with the code, never the note; their answer waits for the next slot.
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/anonemail/lookup',
      payload: { code: code.toLowerCase().replace(/(.{4})/g, '$1-') },
    });
    expect(lookup.statusCode).toBe(200);
    const seen = anonLookupSchema.parse(lookup.json().data);
    expect(seen).toMatchObject({ subject: 'Blocked fire exit', status: 'in_review' });
    expect(seen.messages.map((message) => message.body)).toEqual(['Thank you, we are on it.']);
    expect(lookup.body).not.toContain('Walk the floor');
    expect(lookup.body).not.toContain('Rita');
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/anonemail/reply',
      payload: { code, body: 'It is the east stairwell.' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.messages.map((message: { body: string }) => message.body)).toEqual([
      'Thank you, we are on it.',
      'It is the east stairwell.',
    ]);
    const before = anonReportDetailSchema.parse((await asReader(rita.token, 'GET', `/reports/${id}`)).json().data);
    expect(before.messages).toHaveLength(1);
    await release();
    const after = anonReportDetailSchema.parse((await asReader(rita.token, 'GET', `/reports/${id}`)).json().data);
    expect(after.messages.map((message) => [message.from_reporter, message.body, message.author])).toEqual([
      [false, 'Thank you, we are on it.', { id: rita.id, name: 'Rita Reader' }],
      [true, 'It is the east stairwell.', null],
    ]);
    const [stored] = await ctx.db
      .select({ author: hrAnonMessages.authorId })
      .from(hrAnonMessages)
      .where(eq(hrAnonMessages.body, 'It is the east stairwell.'));
    expect(stored!.author).toBeNull();
    expect(
      (await ctx.db.select().from(hrAnonAccessLog).where(eq(hrAnonAccessLog.reportId, id))).every(
        (entry) => entry.userId !== null,
      ),
    ).toBe(true);
  });

  it('refuses to answer a report without a code, and an unknown or malformed code', async () => {
    await submitted({ ...report, subject: 'Nobody to answer', want_reply_code: false });
    await release();
    const id = await reportIdBySubject('Nobody to answer');
    const refused = await asReader(rita.token, 'POST', `/reports/${id}/messages`, { body: 'Hello?' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'this reporter cannot be answered',
      errors: { body: ['this reporter cannot be answered'] },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/anonemail/lookup',
      payload: { code: '0123456789ABCDEFGHJK' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(anonMessages.unknownCode);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/anonemail/lookup',
      payload: { code: 'U!' },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toEqual({ code: [anonMessages.codeFormat] });
    expect(normalizeReplyCode('abcd-efgh ijkl-mnop')).toBe('ABCDEFGH1JK1MN0P');
  });
});

describe('limits and retention', () => {
  it('counts callers by a keyed hash in memory: per caller, then the global cap, and a new key each hour', () => {
    let now = Date.UTC(2030, 0, 1, 10, 0);
    const limiter = new AnonLimiter(
      {
        report: { perCaller: 2, global: 3, windowMs: 3_600_000 },
        lookup: { perCaller: 1, global: 1, windowMs: 60_000 },
      },
      () => now,
    );
    limiter.take('report', '10.0.0.1');
    limiter.take('report', '10.0.0.1');
    expect(() => limiter.take('report', '10.0.0.1')).toThrow(anonMessages.tooMany);
    limiter.take('report', '10.0.0.2');
    expect(() => limiter.take('report', '10.0.0.3')).toThrow(anonMessages.tooMany);
    expect(limiter.trackedCallers).toBe(3);
    now += 3_600_000;
    limiter.take('report', '10.0.0.1');
    expect(limiter.trackedCallers).toBe(1);
  });

  it('answers 429 to a caller past five reports an hour', async () => {
    expect(shippedRules).toEqual({
      report: { perCaller: 5, global: 30, windowMs: 3_600_000 },
      lookup: { perCaller: 10, global: 60, windowMs: 60_000 },
    });
    anonLimitRules.report.perCaller = shippedRules.report.perCaller;
    const from = { remoteAddress: '192.0.2.99' };
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/hr/anonemail',
        payload: { ...report, subject: `Flood ${index}` },
        ...from,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    anonLimitRules.report.perCaller = 10_000;
  });

  it('purges closed reports past the retention, and keeps open ones', async () => {
    await submitted({ ...report, subject: 'Old and closed' });
    await submitted({ ...report, subject: 'Old but open' });
    await release();
    await ctx.db
      .update(hrAnonReports)
      .set({ status: 'resolved', closedOn: '2027-01-10' })
      .where(eq(hrAnonReports.subject, 'Old and closed'));
    await ctx.db
      .update(hrAnonReports)
      .set({ receivedOn: '2026-01-10' })
      .where(eq(hrAnonReports.subject, 'Old but open'));
    expect(await purgeClosedAnonReports(ctx.db, '2029-01-09')).toBe(0);
    expect(await purgeClosedAnonReports(ctx.db, '2029-01-11')).toBe(1);
    const left = await ctx.db.select({ subject: hrAnonReports.subject }).from(hrAnonReports);
    expect(left.map((row) => row.subject)).toContain('Old but open');
    expect(left.map((row) => row.subject)).not.toContain('Old and closed');
    await runJob(ctx.app, anonPurgeJob);
  });

  it('closing sets closed_on and reopening clears it', async () => {
    await submitted({ ...report, subject: 'Close me' });
    await release();
    const id = await reportIdBySubject('Close me');
    const closed = await asReader(rita.token, 'PUT', `/reports/${id}`, { status: 'dismissed', assignee_id: null });
    expect(closed.json().data.closed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const reopened = await asReader(rita.token, 'POST', `/reports/${id}`, { _method: 'PUT', status: 'new' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data.closed_on).toBeNull();
  });
});

describe('demo', () => {
  it('seeds two readers and reports in every status, once', async () => {
    const { seedHrAnonDemo } = await import('./hr-anon.demo.ts');
    await ctx.db.delete(hrAnonReports);
    const olivia = await createUser(ctx.db, { name: 'Olivia Park', email: 'olivia.park@switchboard.example' });
    await createUser(ctx.db, { name: 'Dana Whitaker', email: 'dana.whitaker@switchboard.example' });
    await ctx.db.transaction((tx) => seedHrAnonDemo(tx));
    await ctx.db.transaction((tx) => seedHrAnonDemo(tx));
    const rows = await ctx.db.select().from(hrAnonReports);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['new', 'in_review', 'resolved', 'dismissed']));
    expect(rows.filter((row) => row.excludedReaderIds.includes(olivia.id))).toHaveLength(1);
    expect(rows.every((row) => row.releasedOn !== null)).toBe(true);
  });
});
