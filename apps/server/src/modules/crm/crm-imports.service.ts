import { autoMatchLeadColumns } from '@switchboard/shared/crm';
import {
  completeMapping,
  duplicateInFileMessage,
  duplicateLeadMessage,
  FileDuplicates,
  IMPORT_BATCH_ROWS,
  IMPORT_ERRORS_CAP,
  IMPORT_PREVIEW_ROWS,
  mapLeadImportRow,
  readLeadImportRow,
  unknownManagerMessage,
  unknownNameMessage,
  type CrmImport,
  type DuplicatePolicy,
  type ImportedLeadValues,
  type ImportFields,
  type ImportPreview,
  type LeadImportMapping,
} from '@switchboard/shared/crm-imports';
import { parseCsv } from '@switchboard/shared/csv';
import { textToHtml } from '@switchboard/shared/html-policy';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { toPage, type Page } from '../../db/paginate.ts';
import { readUpload } from '../../plugins/storage.ts';
import { campaigns, industries, regions, states } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { crmImportErrors, crmImports } from './crm-imports.table.ts';
import { crmDoNotCall, crmLeadNotes, crmLeads } from './crm.table.ts';

// Lead imports (designs/crm-softphone.md §2.4): the stored CSV is worked by the 'crm-imports' job 1,000 rows per
// transaction (leads, notes, row errors and the import's counters commit together, so the counts always match the
// table). Duplicates: inside the file first (first row wins), then against live leads by phone or e-mail key in one
// indexed query per batch; the policy then skips, fills the empty fields of the lead found, or creates anyway.
// The worker holds a session advisory lock per import on a connection of its own: an import left 'running' whose
// lock nobody holds lost its process (a crash, a cut connection) and is resumed after its last committed batch.

type ImportRow = typeof crmImports.$inferSelect;
/** The mapping column also keeps the import's default next touch (the table has no column of its own for it). */
type StoredMapping = Record<string, number | string | null | undefined>;

function splitMapping(stored: StoredMapping): { columns: Record<string, number | null>; nextTouch: string | null } {
  const columns: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(stored))
    if (key !== '_next_touch') columns[key] = typeof value === 'number' ? value : null;
  return { columns, nextTouch: typeof stored._next_touch === 'string' ? stored._next_touch : null };
}

export const importFailedMessage = 'The import failed: the file could not be read.';

/** The CSV text of an upload: UTF-8 with its BOM dropped; null when it holds bytes no text file has. */
export function decodeCsv(data: Buffer): string | null {
  const text = data.toString('utf8');
  if (text.includes('\u0000')) return null;
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// ---- reference names ----

export interface ImportLookups {
  regions: Map<string, number>;
  verticals: Map<string, number>;
  campaigns: Map<string, number>;
  managers: Map<string, number>;
  states: Set<string>;
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** Regions, verticals, campaigns, agents by e-mail and state codes, read once per import (small tables). */
export async function loadImportLookups(db: DbOrTransaction): Promise<ImportLookups> {
  const byName = (rows: { id: number; name: string }[]) => {
    const map = new Map<string, number>();
    for (const row of rows) if (!map.has(nameKey(row.name))) map.set(nameKey(row.name), row.id);
    return map;
  };
  return {
    regions: byName(await db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(regions.id)),
    verticals: byName(
      await db.select({ id: industries.id, name: industries.name }).from(industries).orderBy(industries.id),
    ),
    campaigns: byName(
      await db.select({ id: campaigns.id, name: campaigns.campaignName }).from(campaigns).orderBy(campaigns.id),
    ),
    managers: byName(
      await db
        .select({ id: users.id, name: users.email })
        .from(users)
        .where(and(eq(users.type, 'Employee'), isNull(users.deletedAt)))
        .orderBy(users.id),
    ),
    states: new Set((await db.select({ code: states.code }).from(states)).map((row) => row.code)),
  };
}

interface ResolvedRow {
  values: ImportedLeadValues;
  regionId: number | null;
  industryId: number | null;
  campaignId: number | null;
  managerId: number | null;
}

/** A row's names resolved, or its errors (the pure rules' and unknown names: reported, never created). */
function resolveRow(
  values: ImportedLeadValues,
  errors: string[],
  lookups: ImportLookups,
): { resolved: ResolvedRow | null; errors: string[] } {
  const all = [...errors];
  const find = (map: Map<string, number>, name: string | null, what: 'region' | 'vertical' | 'campaign') => {
    if (name === null) return null;
    const id = map.get(nameKey(name));
    if (id === undefined) all.push(unknownNameMessage(what, name));
    return id ?? null;
  };
  const regionId = find(lookups.regions, values.region, 'region');
  const industryId = find(lookups.verticals, values.vertical, 'vertical');
  const campaignId = find(lookups.campaigns, values.campaign, 'campaign');
  let managerId: number | null = null;
  if (values.manager_email !== null) {
    managerId = lookups.managers.get(values.manager_email) ?? null;
    if (managerId === null) all.push(unknownManagerMessage(values.manager_email));
  }
  if (values.state !== null && !lookups.states.has(values.state))
    all.push(`The state '${values.state}' is not a USPS code.`);
  if (all.length > 0) return { resolved: null, errors: all };
  return { resolved: { values, regionId, industryId, campaignId, managerId }, errors: [] };
}

// ---- preview ----

/** The first rows of a file mapped and checked as the job would (nothing is stored). */
export async function previewImport(
  db: DbOrTransaction,
  rows: string[][],
  fields: ImportFields,
): Promise<ImportPreview> {
  const header = rows[0] ?? [];
  const mapping = fields.mapping ? completeMapping(fields.mapping) : autoMatchLeadColumns(header, fields.has_header);
  const lookups = await loadImportLookups(db);
  const first = fields.has_header ? 1 : 0;
  const preview: ImportPreview['rows'] = [];
  for (let index = first; index < rows.length && preview.length < IMPORT_PREVIEW_ROWS; index += 1) {
    const mapped = mapLeadImportRow(rows[index]!, mapping);
    const read = readLeadImportRow(mapped);
    const { errors } = resolveRow(read.values, read.errors, lookups);
    preview.push({ row_number: index + 1, values: mapped, errors });
  }
  return { header, mapping, rows: preview };
}

// ---- the import row ----

/** Creates the queued import (the file is already stored). */
export async function createImport(
  db: DbOrTransaction,
  input: { fields: ImportFields; fileName: string; storagePath: string; header: string[]; rowsTotal: number },
  userId: number,
): Promise<CrmImport> {
  const { fields } = input;
  const mapping: StoredMapping = {
    ...(fields.mapping ? completeMapping(fields.mapping) : autoMatchLeadColumns(input.header, fields.has_header)),
    _next_touch: fields.next_touch,
  };
  const [row] = await db
    .insert(crmImports)
    .values({
      userId,
      fileName: input.fileName.slice(0, 255),
      storagePath: input.storagePath,
      hasHeader: fields.has_header,
      mapping: mapping as Record<string, number | null>,
      campaignId: fields.campaign_id,
      managerId: fields.manager_id,
      defaultStatus: fields.default_status,
      duplicatePolicy: fields.duplicate_policy,
      rowsTotal: input.rowsTotal,
    })
    .returning({ id: crmImports.id });
  return (await getImport(db, row!.id))!;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function presentImport(row: ImportRow, userName: string | null): CrmImport {
  const { columns: mapping, nextTouch: defaultNextTouch } = splitMapping(row.mapping);
  return {
    id: row.id,
    user_id: row.userId,
    user_name: userName,
    file_name: row.fileName,
    has_header: row.hasHeader,
    mapping,
    default_next_touch: defaultNextTouch,
    campaign_id: row.campaignId,
    manager_id: row.managerId,
    default_status: row.defaultStatus,
    duplicate_policy: row.duplicatePolicy as DuplicatePolicy,
    status: row.status as CrmImport['status'],
    rows_total: row.rowsTotal,
    rows_done: row.rowsDone,
    rows_created: row.rowsCreated,
    rows_updated: row.rowsUpdated,
    rows_skipped: row.rowsSkipped,
    rows_failed: row.rowsFailed,
    error: row.error,
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    created_at: row.createdAt.toISOString(),
  };
}

export async function getImport(db: DbOrTransaction, id: number): Promise<CrmImport | null> {
  const [row] = await db
    .select({ row: crmImports, userName: users.name })
    .from(crmImports)
    .leftJoin(users, eq(users.id, crmImports.userId))
    .where(eq(crmImports.id, id))
    .limit(1);
  return row ? presentImport(row.row, row.userName) : null;
}

/** GET /api/crm/imports: newest first (every manager's: imports are a team's tool). */
export async function listImports(
  db: DbOrTransaction,
  query: { page: number; per_page: number },
): Promise<Page<CrmImport>> {
  const rows = await db
    .select({ row: crmImports, userName: users.name })
    .from(crmImports)
    .leftJoin(users, eq(users.id, crmImports.userId))
    .orderBy(desc(crmImports.createdAt), desc(crmImports.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(crmImports);
  return toPage(
    rows.map((row) => presentImport(row.row, row.userName)),
    count?.n ?? 0,
    query,
  );
}

/** The import's row errors as rows of the errors CSV (row number, message, then the row's cells). */
export async function importErrorRows(db: DbOrTransaction, importId: number) {
  return db
    .select({ rowNumber: crmImportErrors.rowNumber, message: crmImportErrors.message, raw: crmImportErrors.raw })
    .from(crmImportErrors)
    .where(eq(crmImportErrors.importId, importId))
    .orderBy(crmImportErrors.rowNumber);
}

// ---- the job ----

export const importJob = 'crm-imports';

/**
 * Works queued imports, and resumes running ones whose process is gone, one at a time under the import's session
 * advisory lock (held on a connection of its own, so it ends with the process): two workers never take one import.
 * An import whose connection was lost in this call is left running for the next call.
 */
export async function runQueuedImports(app: AppInstance): Promise<number> {
  let worked = 0;
  const lost = new Set<number>();
  for (;;) {
    const candidates = await app.db
      .select({ id: crmImports.id })
      .from(crmImports)
      .where(inArray(crmImports.status, ['queued', 'running']))
      .orderBy(crmImports.id);
    let workedNow = 0;
    for (const { id } of candidates) {
      if (lost.has(id)) continue;
      const outcome = await withImportLock(app.db, id, async () => {
        // Under the lock nobody else works it: a queued one starts, a running one lost its worker and resumes.
        const started = await app.db
          .update(crmImports)
          .set({ status: 'running', startedAt: sql`coalesce(${crmImports.startedAt}, now())`, updatedAt: new Date() })
          .where(and(eq(crmImports.id, id), inArray(crmImports.status, ['queued', 'running'])))
          .returning({ id: crmImports.id });
        return started.length === 0 ? 'gone' : workImport(app, id);
      });
      if (outcome === 'lost') lost.add(id);
      if (outcome === 'done') workedNow += 1;
    }
    worked += workedNow;
    if (workedNow === 0) return worked;
  }
}

/** Runs `work` holding the import's session advisory lock on a connection of its own; 'busy' when another holds it. */
async function withImportLock<T>(db: DbOrTransaction, id: number, work: () => Promise<T>): Promise<T | 'busy'> {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      "select pg_try_advisory_lock(hashtext('crm_import'), $1) as locked",
      [id],
    );
    if (!rows[0]?.locked) return 'busy';
    try {
      return await work();
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('crm_import'), $1)", [id]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/** Whether an error is the database connection going away (terminated, shut down, unreachable), not the import. */
function isConnectionLost(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code.startsWith('57P') || code.startsWith('08')) return true;
    if (typeof e.message === 'string' && /Connection terminated|connection is closed/i.test(e.message)) return true;
  }
  return false;
}

interface Counters {
  done: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  errorsKept: number;
}

/** A lead to create, or one made earlier in this import, that later rows of the file may name as duplicate. */
interface Target {
  leadId: number | null;
  pending: Record<string, unknown> | null;
}

/**
 * Works an import from its last committed batch (rows_done and the counters commit with each batch) to the end:
 * 'done' when it ended (done or failed), 'lost' when the database connection went away (left running, resumed later).
 */
async function workImport(app: AppInstance, id: number): Promise<'done' | 'lost'> {
  const { db } = app;
  const [row] = await db.select().from(crmImports).where(eq(crmImports.id, id));
  if (!row) return 'done';
  const progress = async () => {
    const current = await getImport(db, id);
    if (current) app.realtime.emitToUser(current.user_id, 'CrmImportProgress', current);
  };
  try {
    const data = await readUpload(app.config.dataDir, row.storagePath);
    const text = data === null ? null : decodeCsv(data);
    if (text === null) throw new Error('stored file missing or not text');
    const rows = parseCsv(text);
    const first = row.hasHeader ? 1 : 0;
    const lookups = await loadImportLookups(db);
    const { columns, nextTouch: defaultNextTouch } = splitMapping(row.mapping);
    const mapping = completeMapping(columns);
    const [kept] = await db.select({ n: count() }).from(crmImportErrors).where(eq(crmImportErrors.importId, id));
    const counters: Counters = {
      done: row.rowsDone,
      created: row.rowsCreated,
      updated: row.rowsUpdated,
      skipped: row.rowsSkipped,
      failed: row.rowsFailed,
      errorsKept: kept?.n ?? 0,
    };
    const resumeAt = first + row.rowsDone;
    const fileDuplicates = await rebuildFileDuplicates(db, row, rows.slice(first, resumeAt), first, mapping, lookups);
    for (let start = resumeAt; start < rows.length; start += IMPORT_BATCH_ROWS) {
      const end = Math.min(rows.length, start + IMPORT_BATCH_ROWS);
      await db.transaction(async (tx) => {
        await workBatch(tx, {
          row,
          rows,
          start,
          end,
          mapping,
          lookups,
          defaultNextTouch,
          counters,
          fileDuplicates,
        });
        await tx
          .update(crmImports)
          .set({
            rowsTotal: rows.length - first,
            rowsDone: counters.done,
            rowsCreated: counters.created,
            rowsUpdated: counters.updated,
            rowsSkipped: counters.skipped,
            rowsFailed: counters.failed,
            updatedAt: new Date(),
          })
          .where(eq(crmImports.id, id));
      });
      await progress();
    }
    await db
      .update(crmImports)
      .set({ status: 'done', rowsTotal: rows.length - first, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(crmImports.id, id));
  } catch (error) {
    if (isConnectionLost(error)) {
      app.log.warn(
        { importId: id, message: (error as Error).message },
        'crm import lost its connection; resumes later',
      );
      return 'lost';
    }
    app.log.error({ importId: id, message: (error as Error).message }, 'crm import failed');
    await db
      .update(crmImports)
      .set({ status: 'failed', error: importFailedMessage, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(crmImports.id, id));
  }
  await progress();
  return 'done';
}

/**
 * The in-file duplicate keys of the rows before a resumed import's next batch: each valid row's keys, first row
 * first, pointing at the lead this import created with that phone or e-mail key (fill_empty fills it); later rows
 * are then reported and merged as if the import had never stopped.
 */
async function rebuildFileDuplicates(
  db: DbOrTransaction,
  imp: ImportRow,
  done: string[][],
  first: number,
  mapping: LeadImportMapping,
  lookups: ImportLookups,
): Promise<FileDuplicates<Target>> {
  const duplicates = new FileDuplicates<Target>();
  if (done.length === 0) return duplicates;
  const created = await db
    .select({ id: crmLeads.id, phone: crmLeads.phoneDigits, email: crmLeads.emailKey })
    .from(crmLeads)
    .where(eq(crmLeads.importId, imp.id))
    .orderBy(crmLeads.id);
  const byPhone = new Map<string, number>();
  const byEmail = new Map<string, number>();
  for (const lead of created) {
    if (lead.phone !== null && !byPhone.has(lead.phone)) byPhone.set(lead.phone, lead.id);
    if (lead.email !== null && !byEmail.has(lead.email)) byEmail.set(lead.email, lead.id);
  }
  done.forEach((raw, index) => {
    const read = readLeadImportRow(mapLeadImportRow(raw, mapping));
    const { resolved } = resolveRow(read.values, read.errors, lookups);
    if (!resolved || duplicates.find(resolved.values)) return;
    const { phone_key: phone, email_key: email } = resolved.values;
    const leadId =
      (phone !== null ? byPhone.get(phone) : undefined) ?? (email !== null ? byEmail.get(email) : undefined);
    // a row that made no lead of this import was a duplicate of a live lead: the table check finds that one again
    if (leadId !== undefined) duplicates.remember(resolved.values, first + index + 1, { leadId, pending: null });
  });
  return duplicates;
}

interface BatchInput {
  row: ImportRow;
  rows: string[][];
  start: number;
  end: number;
  mapping: LeadImportMapping;
  lookups: ImportLookups;
  defaultNextTouch: string | null;
  counters: Counters;
  fileDuplicates: FileDuplicates<Target>;
}

type LeadInsert = typeof crmLeads.$inferInsert;

const fillColumns = {
  first_name: 'firstName',
  last_name: 'lastName',
  title: 'title',
  phone: 'phone',
  phone_ext: 'phoneExt',
  mobile: 'mobile',
  email: 'email',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  website: 'website',
} as const satisfies Partial<Record<keyof ImportedLeadValues, keyof LeadInsert>>;

async function workBatch(tx: DbOrTransaction, input: BatchInput): Promise<void> {
  const { row: imp, counters, fileDuplicates } = input;
  const policy = imp.duplicatePolicy as DuplicatePolicy;
  const errors: { rowNumber: number; message: string; raw: string[] }[] = [];
  const fail = (rowNumber: number, messages: string[], raw: string[]) => {
    if (counters.errorsKept < IMPORT_ERRORS_CAP) {
      errors.push({ rowNumber, message: messages.join(' '), raw });
      counters.errorsKept += 1;
    }
  };

  // 1. The pure rules and names.
  const valid: { rowNumber: number; raw: string[]; resolved: ResolvedRow }[] = [];
  for (let index = input.start; index < input.end; index += 1) {
    const raw = input.rows[index]!;
    const read = readLeadImportRow(mapLeadImportRow(raw, input.mapping));
    const { resolved, errors: rowErrors } = resolveRow(read.values, read.errors, input.lookups);
    counters.done += 1;
    if (!resolved) {
      counters.failed += 1;
      fail(index + 1, rowErrors, raw);
    } else valid.push({ rowNumber: index + 1, raw, resolved });
  }

  // 2. Live leads sharing a phone or e-mail key with the batch: one query over the two partial indexes.
  const phones = [...new Set(valid.map((item) => item.resolved.values.phone_key).filter((key) => key !== null))];
  const emails = [...new Set(valid.map((item) => item.resolved.values.email_key).filter((key) => key !== null))];
  const byPhone = new Map<string, number>();
  const byEmail = new Map<string, number>();
  if (phones.length > 0 || emails.length > 0) {
    const found = await tx
      .select({ id: crmLeads.id, phone: crmLeads.phoneDigits, email: crmLeads.emailKey })
      .from(crmLeads)
      .where(
        and(
          isNull(crmLeads.deletedAt),
          sql`(${crmLeads.phoneDigits} = any(${sql.param(phones)}::text[])
            or ${crmLeads.emailKey} = any(${sql.param(emails)}::text[]))`,
        ),
      )
      .orderBy(crmLeads.id);
    for (const lead of found) {
      if (lead.phone !== null && !byPhone.has(lead.phone)) byPhone.set(lead.phone, lead.id);
      if (lead.email !== null && !byEmail.has(lead.email)) byEmail.set(lead.email, lead.id);
    }
  }
  // Do-not-call numbers: imported, flagged.
  const keys = [
    ...new Set(valid.flatMap((item) => [item.resolved.values.phone_key, keyOfFormatted(item.resolved.values.mobile)])),
  ].filter((key): key is string => key !== null);
  const doNotCall = new Set(
    keys.length === 0
      ? []
      : (
          await tx
            .select({ key: crmDoNotCall.phoneDigits })
            .from(crmDoNotCall)
            .where(inArray(crmDoNotCall.phoneDigits, keys))
        ).map((found) => found.key),
  );

  // 3. Each valid row by the policy.
  const creates: { insert: LeadInsert; notes: string | null; target: Target }[] = [];
  const fills = new Map<number, Partial<LeadInsert>>();
  for (const item of valid) {
    const { values } = item.resolved;
    const earlier = fileDuplicates.find(values);
    const tableLead =
      (values.phone_key !== null ? byPhone.get(values.phone_key) : undefined) ??
      (values.email_key !== null ? byEmail.get(values.email_key) : undefined);
    const insert = leadInsert(item.resolved, imp, input.defaultNextTouch, doNotCall);
    if ((earlier || tableLead !== undefined) && policy !== 'create') {
      const message = earlier ? duplicateInFileMessage(earlier.row) : duplicateLeadMessage(tableLead!);
      if (policy === 'skip') {
        counters.skipped += 1;
        fail(item.rowNumber, [message], item.raw);
        continue;
      }
      // fill_empty: the first row's lead (or the live lead) keeps its values and gains the ones it lacks.
      const target: Target = earlier ? earlier.target : { leadId: tableLead!, pending: null };
      if (target.pending) fillPending(target.pending, insert);
      else fills.set(target.leadId!, { ...fills.get(target.leadId!), ...fillable(insert, fills.get(target.leadId!)) });
      if (!earlier) fileDuplicates.remember(values, item.rowNumber, target);
      counters.updated += 1;
      continue;
    }
    const target: Target = { leadId: null, pending: insert as Record<string, unknown> };
    fileDuplicates.remember(values, item.rowNumber, target);
    creates.push({ insert, notes: values.notes, target });
  }

  if (creates.length > 0) {
    const created = await tx
      .insert(crmLeads)
      .values(creates.map((create) => create.insert))
      .returning({ id: crmLeads.id });
    const notes: (typeof crmLeadNotes.$inferInsert)[] = [];
    creates.forEach((create, index) => {
      const leadId = created[index]!.id;
      create.target.leadId = leadId;
      create.target.pending = null;
      if (create.notes) notes.push({ leadId, userId: imp.userId, body: textToHtml(create.notes) });
    });
    counters.created += created.length;
    if (notes.length > 0) await tx.insert(crmLeadNotes).values(notes);
  }
  for (const [leadId, values] of fills) await fillEmpty(tx, leadId, values);
  if (errors.length > 0)
    await tx
      .insert(crmImportErrors)
      .values(errors.map((error) => ({ importId: imp.id, ...error })))
      .onConflictDoNothing();
}

function keyOfFormatted(phone: string | null): string | null {
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(0, 10) : null;
}

function leadInsert(
  resolved: ResolvedRow,
  imp: ImportRow,
  defaultNextTouch: string | null,
  doNotCall: Set<string>,
): LeadInsert {
  const { values } = resolved;
  const mobileKey = keyOfFormatted(values.mobile);
  return {
    companyName: values.company_name,
    firstName: values.first_name,
    lastName: values.last_name,
    title: values.title,
    phone: values.phone,
    phoneExt: values.phone_ext,
    mobile: values.mobile,
    email: values.email,
    address: values.address,
    city: values.city,
    state: values.state,
    zip: values.zip,
    website: values.website,
    regionId: resolved.regionId,
    industryId: resolved.industryId,
    campaignId: resolved.campaignId ?? imp.campaignId,
    status: values.status ?? imp.defaultStatus,
    nextTouch: values.next_touch ?? defaultNextTouch,
    managerId: resolved.managerId ?? imp.managerId,
    doNotCall:
      (values.phone_key !== null && doNotCall.has(values.phone_key)) ||
      (mobileKey !== null && doNotCall.has(mobileKey)),
    importId: imp.id,
    createdBy: imp.userId,
  };
}

/** The row's values for the fillable columns (first value wins among the batch's rows for one lead). */
function fillable(insert: LeadInsert, already: Partial<LeadInsert> | undefined): Partial<LeadInsert> {
  const values: Partial<LeadInsert> = {};
  for (const column of Object.values(fillColumns)) {
    const value = insert[column];
    if (value !== null && value !== undefined && already?.[column] === undefined)
      (values as Record<string, unknown>)[column] = value;
  }
  if (insert.doNotCall) values.doNotCall = true;
  return values;
}

/** fill_empty against a lead not inserted yet: its empty fields take this row's values. */
function fillPending(pending: Record<string, unknown>, insert: LeadInsert): void {
  for (const column of Object.values(fillColumns)) {
    const current = pending[column];
    if ((current === null || current === undefined || current === '') && insert[column])
      pending[column] = insert[column];
  }
  if (insert.doNotCall) pending.doNotCall = true;
}

const columnNames: Record<string, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  title: 'title',
  phone: 'phone',
  phoneExt: 'phone_ext',
  mobile: 'mobile',
  email: 'email',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
  website: 'website',
};

/** Fills a live lead's empty columns (null or blank) with the given values; other columns are kept. */
async function fillEmpty(tx: DbOrTransaction, leadId: number, values: Partial<LeadInsert>): Promise<void> {
  const sets = Object.entries(values)
    .filter(([column]) => column in columnNames)
    .map(([column, value]) => {
      const name = sql.identifier(columnNames[column]!);
      return sql`${name} = coalesce(nullif(trim(${name}), ''), ${value as string})`;
    });
  if (values.doNotCall) sets.push(sql`do_not_call = true`);
  if (sets.length === 0) return;
  sets.push(sql`updated_at = now()`);
  await tx.execute(sql`update crm_leads set ${sql.join(sets, sql`, `)} where id = ${leadId} and deleted_at is null`);
}
