import { createHmac, randomBytes } from 'node:crypto';
import {
  acknowledgeBy,
  anonClosedStatuses,
  anonMessages,
  anonPurgeBefore,
  feedbackBy,
  latestReleaseSlot,
  replyCodeFromBytes,
  zonedParts,
  type AnonAccessAction,
  type AnonLookup,
  type AnonReportDetail,
  type AnonReportRow,
  type AnonReportsQuery,
  type AnonReportUpdateInput,
  anonReportInputSchema,
  anonReportUpdateInputSchema,
  anonReportsQuerySchema,
} from '@switchboard/shared/hr/anon';
import { and, asc, desc, eq, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTransaction } from '../../db/db-types.ts';
import { pageOffset, toPage, type Page } from '../../db/paginate.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { getAppSecret } from '../secrets/secrets.service.ts';
import { users } from '../users/users.table.ts';
import { anonReaders, getHrSettings } from './hr-base.service.ts';
import { hrAnonAccessLog, hrAnonMessages, hrAnonNotes, hrAnonReleases, hrAnonReports } from './hr-anon.table.ts';

// Anonymous e-mail (designs/hr.md §4; decision 0105). The public functions take no actor and store nothing about
// the caller; the readers' functions take the reader and see only released reports that do not exclude them.

/** The server key the reply codes are signed with (app_secrets: one per database, kept across restarts). */
const replyCodeSecret = 'hr-anon-reply-code';

/** HMAC-SHA-256 of a normalized reply code under the server key: the only form in which a code is stored. */
export async function replyCodeHmac(db: DbOrTransaction, code: string): Promise<Buffer> {
  return createHmac('sha256', await getAppSecret(db, replyCodeSecret))
    .update(code)
    .digest();
}

export const newReplyCode = (): string => replyCodeFromBytes(randomBytes(20));

/** "Company time": the server's own time zone (TZ), which a self-hosted install sets to the office's (decision). */
export const companyTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export const companyToday = (now = new Date()): string => zonedParts(now, companyTimeZone()).day;

type Reader = { id: number; name: string };

/** The readers a report may reach: holders of 'read anonymous email' it does not exclude. */
const readersOf = (readers: Reader[], excluded: readonly number[]) =>
  readers.filter((reader) => !excluded.includes(reader.id));

// ---------------------------------------------------------------------------------------------------------------
// Public: submit, lookup, reply. No actor, no address, no time of day.

export async function submitAnonReport(
  db: Db,
  raw: unknown,
  today = companyToday(),
): Promise<{ replyCode: string | null }> {
  const input = anonReportInputSchema.parse(raw);
  const readers = await anonReaders(db);
  if (readers.length === 0) throw unprocessable({ excluded_reader_ids: [anonMessages.noReaders] });
  const known = new Set(readers.map((reader) => reader.id));
  const excluded = [...new Set(input.excluded_reader_ids)];
  if (!excluded.every((id) => known.has(id)))
    throw unprocessable({ excluded_reader_ids: [anonMessages.unknownReader] });
  if (readersOf(readers, excluded).length === 0) {
    throw unprocessable({ excluded_reader_ids: [anonMessages.oneReaderRemains] });
  }
  const replyCode = input.want_reply_code ? newReplyCode() : null;
  await db.insert(hrAnonReports).values({
    category: input.category,
    subject: input.subject,
    body: input.body,
    contact: input.contact,
    receivedOn: today,
    replyCodeHmac: replyCode === null ? null : await replyCodeHmac(db, replyCode),
    excludedReaderIds: excluded,
  });
  return { replyCode };
}

async function reportByCode(db: DbOrTransaction, code: string) {
  const [report] = await db
    .select()
    .from(hrAnonReports)
    .where(eq(hrAnonReports.replyCodeHmac, await replyCodeHmac(db, code)));
  if (!report) throw notFound(anonMessages.unknownCode);
  return report;
}

/** What the reporter sees with the code: the report, its status and the thread (their own answers at once). */
export async function lookupAnonReport(db: Db, code: string): Promise<AnonLookup> {
  const report = await reportByCode(db, code);
  const messages = await db
    .select()
    .from(hrAnonMessages)
    .where(eq(hrAnonMessages.reportId, report.id))
    .orderBy(asc(hrAnonMessages.position));
  return {
    category: report.category,
    subject: report.subject,
    body: report.body,
    received_on: report.receivedOn,
    status: report.status,
    messages: messages.map((row) => ({
      id: row.id,
      from_reporter: row.fromReporter,
      body: row.body,
      created_on: row.createdOn,
    })),
  };
}

const nextPosition = (reportId: string) =>
  sql<number>`(select coalesce(max(${hrAnonMessages.position}), 0) + 1 from ${hrAnonMessages}
    where ${hrAnonMessages.reportId} = ${reportId})`;

/** The reporter's answer: stored with its date only, and released to readers at the next slot. */
export async function replyAsReporter(db: Db, code: string, body: string, today = companyToday()): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await reportByCode(tx, code);
    // The row lock orders answers to one report, so their positions never collide.
    await tx.select({ id: hrAnonReports.id }).from(hrAnonReports).where(eq(hrAnonReports.id, report.id)).for('update');
    await tx.insert(hrAnonMessages).values({
      reportId: report.id,
      fromReporter: true,
      authorId: null,
      body,
      createdOn: today,
      releasedOn: null,
      position: nextPosition(report.id),
    });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Release at the slots.

export interface AnonRelease {
  day: string;
  /** Per reader: how many reports and reporter answers became visible to them. */
  perReader: Map<number, { reports: number; replies: number }>;
  readers: Reader[];
}

/**
 * Releases what waits, once per slot: the slot's row is inserted first, so of several processes (or a retried job)
 * only one releases it. Null when the latest slot was already handled or nothing waited.
 */
export async function releaseAnonReports(db: Db, now = new Date()): Promise<AnonRelease | null> {
  const settings = await getHrSettings(db);
  const slot = latestReleaseSlot(now, settings.anon_release_slots, settings.work_week, companyTimeZone());
  if (!slot) return null;
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(hrAnonReleases)
      .values({ slotAt: slot.at })
      .onConflictDoNothing()
      .returning({ slotAt: hrAnonReleases.slotAt });
    if (!claimed) return null;
    const reports = await tx
      .update(hrAnonReports)
      .set({ releasedOn: slot.day })
      .where(isNull(hrAnonReports.releasedOn))
      .returning({ excluded: hrAnonReports.excludedReaderIds });
    const replies = await tx
      .update(hrAnonMessages)
      .set({ releasedOn: slot.day })
      .from(hrAnonReports)
      .where(
        and(
          isNull(hrAnonMessages.releasedOn),
          eq(hrAnonMessages.fromReporter, true),
          eq(hrAnonReports.id, hrAnonMessages.reportId),
        ),
      )
      .returning({ excluded: hrAnonReports.excludedReaderIds });
    if (reports.length === 0 && replies.length === 0) return null;
    const readers = await anonReaders(tx);
    const perReader = new Map<number, { reports: number; replies: number }>();
    const count = (rows: { excluded: number[] }[], key: 'reports' | 'replies') => {
      for (const row of rows) {
        for (const reader of readersOf(readers, row.excluded)) {
          const entry = perReader.get(reader.id) ?? { reports: 0, replies: 0 };
          entry[key] += 1;
          perReader.set(reader.id, entry);
        }
      }
    };
    count(reports, 'reports');
    count(replies, 'replies');
    return { day: slot.day, perReader, readers };
  });
}

/** "1 new anonymous report" and nothing more: the mail and the outbox never hold a report's words. */
export function releaseMailSubject(counts: { reports: number; replies: number }): string {
  const parts: string[] = [];
  if (counts.reports > 0) parts.push(`${counts.reports} new anonymous report${counts.reports === 1 ? '' : 's'}`);
  if (counts.replies > 0) {
    parts.push(`${counts.replies} new answer${counts.replies === 1 ? '' : 's'} to an anonymous report`);
  }
  return parts.join(', ');
}

/** Deletes closed reports (with their thread, notes and log) whose closing lies beyond the retention. */
export async function purgeClosedAnonReports(db: Db, today = companyToday()): Promise<number> {
  const settings = await getHrSettings(db);
  const before = anonPurgeBefore(today, settings.anon_retention_months);
  const purged = await db
    .delete(hrAnonReports)
    .where(and(isNotNull(hrAnonReports.closedOn), lt(hrAnonReports.closedOn, before)))
    .returning({ id: hrAnonReports.id });
  return purged.length;
}

// ---------------------------------------------------------------------------------------------------------------
// Readers.

/** Released, and not excluding this reader: anything else answers 404. */
const visibleTo = (readerId: number): SQL =>
  and(isNotNull(hrAnonReports.releasedOn), sql`not (${readerId} = any(${hrAnonReports.excludedReaderIds}))`)!;

const rowColumns = {
  id: hrAnonReports.id,
  category: hrAnonReports.category,
  subject: hrAnonReports.subject,
  status: hrAnonReports.status,
  receivedOn: hrAnonReports.receivedOn,
  releasedOn: hrAnonReports.releasedOn,
  closedOn: hrAnonReports.closedOn,
  assigneeId: hrAnonReports.assigneeId,
  assigneeName: users.name,
  hasCode: sql<boolean>`${hrAnonReports.replyCodeHmac} is not null`,
};

type RowRecord = {
  id: string;
  category: AnonReportRow['category'];
  subject: string;
  status: AnonReportRow['status'];
  receivedOn: string;
  releasedOn: string | null;
  closedOn: string | null;
  assigneeId: number | null;
  assigneeName: string | null;
  hasCode: boolean;
};

const presentRow = (row: RowRecord): AnonReportRow => ({
  id: row.id,
  category: row.category,
  subject: row.subject,
  status: row.status,
  received_on: row.receivedOn,
  released_on: row.releasedOn!,
  closed_on: row.closedOn,
  assignee: row.assigneeId === null ? null : { id: row.assigneeId, name: row.assigneeName ?? '' },
  can_reply: row.hasCode,
  acknowledge_by: acknowledgeBy(row.receivedOn),
  feedback_by: feedbackBy(row.receivedOn),
});

export async function listAnonReports(
  db: Db,
  raw: AnonReportsQuery,
  reader: { id: number },
): Promise<Page<AnonReportRow>> {
  const query = anonReportsQuerySchema.parse(raw);
  const where = and(
    visibleTo(reader.id),
    query.status ? eq(hrAnonReports.status, query.status) : undefined,
    query.category ? eq(hrAnonReports.category, query.category) : undefined,
  );
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(hrAnonReports)
    .where(where)) as [{ total: number }];
  const rows = await db
    .select(rowColumns)
    .from(hrAnonReports)
    .leftJoin(users, eq(users.id, hrAnonReports.assigneeId))
    .where(where)
    .orderBy(desc(hrAnonReports.releasedOn), desc(hrAnonReports.receivedOn), asc(hrAnonReports.id))
    .limit(query.per_page)
    .offset(pageOffset(query));
  return toPage(rows.map(presentRow), total, query);
}

const uuidSchema = z.uuid();

async function visibleReport(db: DbOrTransaction, id: string, readerId: number, lock = false) {
  if (!uuidSchema.safeParse(id).success) throw notFound();
  const query = db
    .select({ ...rowColumns, excluded: hrAnonReports.excludedReaderIds })
    .from(hrAnonReports)
    .leftJoin(users, eq(users.id, hrAnonReports.assigneeId))
    .where(and(eq(hrAnonReports.id, id), visibleTo(readerId)));
  const [row] = lock ? await query.for('update', { of: hrAnonReports }) : await query;
  if (!row) throw notFound();
  return row;
}

const logAccess = (db: DbOrTransaction, reportId: string, userId: number, action: AnonAccessAction) =>
  db.insert(hrAnonAccessLog).values({ reportId, userId, action });

/** The report for a reader; every open is logged before it is read, so the log it shows holds this one. */
export async function getAnonReport(db: Db, id: string, reader: { id: number }): Promise<AnonReportDetail> {
  return db.transaction(async (tx) => {
    const row = await visibleReport(tx, id, reader.id);
    await logAccess(tx, id, reader.id, 'open');
    return presentDetail(tx, row);
  });
}

async function presentDetail(db: DbOrTransaction, row: RowRecord & { excluded: number[] }): Promise<AnonReportDetail> {
  const [report] = await db
    .select({ body: hrAnonReports.body, contact: hrAnonReports.contact })
    .from(hrAnonReports)
    .where(eq(hrAnonReports.id, row.id));
  const messages = await db
    .select({
      id: hrAnonMessages.id,
      fromReporter: hrAnonMessages.fromReporter,
      body: hrAnonMessages.body,
      createdOn: hrAnonMessages.createdOn,
      authorId: hrAnonMessages.authorId,
      authorName: users.name,
    })
    .from(hrAnonMessages)
    .leftJoin(users, eq(users.id, hrAnonMessages.authorId))
    // The reporter's answers appear at their slot, like reports.
    .where(and(eq(hrAnonMessages.reportId, row.id), isNotNull(hrAnonMessages.releasedOn)))
    .orderBy(asc(hrAnonMessages.position));
  const notes = await db
    .select({
      id: hrAnonNotes.id,
      body: hrAnonNotes.body,
      createdAt: hrAnonNotes.createdAt,
      authorId: hrAnonNotes.authorId,
      authorName: users.name,
    })
    .from(hrAnonNotes)
    .leftJoin(users, eq(users.id, hrAnonNotes.authorId))
    .where(eq(hrAnonNotes.reportId, row.id))
    .orderBy(asc(hrAnonNotes.id));
  const log = await db
    .select({
      action: hrAnonAccessLog.action,
      at: hrAnonAccessLog.at,
      userId: hrAnonAccessLog.userId,
      userName: users.name,
    })
    .from(hrAnonAccessLog)
    .leftJoin(users, eq(users.id, hrAnonAccessLog.userId))
    .where(eq(hrAnonAccessLog.reportId, row.id))
    .orderBy(desc(hrAnonAccessLog.id))
    .limit(500);
  const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });
  return {
    ...presentRow(row),
    body: report!.body,
    contact: report!.contact,
    messages: messages.map((message) => ({
      id: message.id,
      from_reporter: message.fromReporter,
      body: message.body,
      created_on: message.createdOn,
      author: person(message.authorId, message.authorName),
    })),
    notes: notes.map((note) => ({
      id: note.id,
      body: note.body,
      created_at: note.createdAt.toISOString(),
      author: person(note.authorId, note.authorName),
    })),
    access_log: log.map((entry) => ({
      action: entry.action,
      at: entry.at.toISOString(),
      user: person(entry.userId, entry.userName),
    })),
    readers: readersOf(await anonReaders(db), row.excluded),
  };
}

export async function updateAnonReport(
  db: Db,
  id: string,
  raw: AnonReportUpdateInput,
  reader: { id: number },
  today = companyToday(),
): Promise<AnonReportDetail> {
  const input = anonReportUpdateInputSchema.parse(raw);
  return db.transaction(async (tx) => {
    const row = await visibleReport(tx, id, reader.id, true);
    if (input.assignee_id !== null) {
      const allowed = readersOf(await anonReaders(tx), row.excluded);
      if (!allowed.some((candidate) => candidate.id === input.assignee_id)) {
        throw unprocessable({ assignee_id: [anonMessages.assigneeNotReader] });
      }
    }
    const closing = anonClosedStatuses.includes(input.status);
    const wasClosed = anonClosedStatuses.includes(row.status);
    await tx
      .update(hrAnonReports)
      .set({
        status: input.status,
        assigneeId: input.assignee_id,
        // The retention clock starts when a report closes and stops if it reopens.
        closedOn: closing ? (wasClosed ? row.closedOn : today) : null,
      })
      .where(eq(hrAnonReports.id, id));
    await logAccess(tx, id, reader.id, 'change');
    return presentDetail(tx, await visibleReport(tx, id, reader.id));
  });
}

/** A reader's answer to the reporter, read with the code; only a report with a code can be answered. */
export async function addReaderMessage(
  db: Db,
  id: string,
  body: string,
  reader: { id: number },
  today = companyToday(),
): Promise<AnonReportDetail> {
  return db.transaction(async (tx) => {
    const row = await visibleReport(tx, id, reader.id, true);
    if (!row.hasCode) throw unprocessable({ body: [anonMessages.cannotBeAnswered] }, anonMessages.cannotBeAnswered);
    await tx.insert(hrAnonMessages).values({
      reportId: id,
      fromReporter: false,
      authorId: reader.id,
      body,
      createdOn: today,
      releasedOn: today,
      position: nextPosition(id),
    });
    await logAccess(tx, id, reader.id, 'reply');
    return presentDetail(tx, row);
  });
}

/** An internal note: readers only, never shown to the reporter. */
export async function addAnonNote(db: Db, id: string, body: string, reader: { id: number }): Promise<AnonReportDetail> {
  return db.transaction(async (tx) => {
    const row = await visibleReport(tx, id, reader.id, true);
    await tx.insert(hrAnonNotes).values({ reportId: id, authorId: reader.id, body });
    await logAccess(tx, id, reader.id, 'note');
    return presentDetail(tx, row);
  });
}

/** Readers' e-mail addresses, for the release mail. */
export async function readerEmails(db: DbOrTransaction, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`${users.id} = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [row.id, row.email]));
}
