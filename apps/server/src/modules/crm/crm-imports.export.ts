import { createWriteStream, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { LEAD_STATUS, leadStatusLabels, type LeadStatusCode } from '@switchboard/shared/crm';
import { EXPORT_COLUMNS, EXPORT_KEEP_HOURS, type CrmExport, type ExportColumn } from '@switchboard/shared/crm-imports';
import type { LeadListFilters } from '@switchboard/shared/crm-leads';
import { csvCell } from '@switchboard/shared/csv';
import type { FileDownloadPayload } from '@switchboard/shared/realtime';
import { and, desc, eq, gt, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { newUploadPath, removeUpload } from '../../plugins/storage.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { campaigns, industries, regions } from '../reference/reference.table.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { users } from '../users/users.table.ts';
import { agentToday, extraConditions } from './crm-leads-read.ts';
import { crmExports } from './crm-imports.table.ts';
import { crmLeads } from './crm.table.ts';
import { readCrmSettings, visibleLeadsCondition } from './lead-access.ts';

// Lead exports (designs/crm-softphone.md §2.4): the request is logged as a crm_exports row (who, filters, columns,
// rows); the 'crm-exports' job reads the leads the user may see in id order, a page at a time after the last id
// written (keyset: no transaction held open for the whole file, and every lead once), writes the CSV with csvCell
// (formulas neutralised) under DATA_DIR/uploads/crm-exports, and announces it with FileDownload on user.{id}. Files are kept EXPORT_KEEP_HOURS, then removed by 'crm-exports-cleanup' (the row stays).

type ExportRow = typeof crmExports.$inferSelect;
export const exportJob = 'crm-exports';
export const exportCleanupJob = 'crm-exports-cleanup';
export const exportFailedMessage = 'The export failed.';
const PAGE_ROWS = 5_000;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export function presentExport(row: ExportRow): CrmExport {
  return {
    id: row.id,
    user_id: row.userId,
    filters: row.filters,
    columns: row.columns,
    status: row.status as CrmExport['status'],
    rows: row.rows,
    file_name: row.fileName,
    file: row.status === 'done' ? row.storagePath : null,
    error: row.error,
    finished_at: iso(row.finishedAt),
    expires_at: iso(row.expiresAt),
    created_at: row.createdAt.toISOString(),
  };
}

/** POST /api/crm/exports: the logged, queued export. */
export async function createExport(
  db: DbOrTransaction,
  input: { filters: LeadListFilters; columns: ExportColumn[] },
  userId: number,
  today: string,
): Promise<CrmExport> {
  const { page: _page, per_page: _perPage, ...filters } = input.filters;
  const [row] = await db
    .insert(crmExports)
    .values({ userId, filters, columns: input.columns, fileName: `leads-${today}.csv` })
    .returning();
  return presentExport(row!);
}

/** One export of this user's, or null (someone else's is not theirs to see: 404). */
export async function findOwnExport(db: DbOrTransaction, id: number, userId: number): Promise<ExportRow | null> {
  const [row] = await db
    .select()
    .from(crmExports)
    .where(and(eq(crmExports.id, id), eq(crmExports.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The user's own exports, newest first (the export page's list). */
export async function listOwnExports(db: DbOrTransaction, userId: number, limit = 20): Promise<CrmExport[]> {
  const rows = await db
    .select()
    .from(crmExports)
    .where(eq(crmExports.userId, userId))
    .orderBy(desc(crmExports.createdAt), desc(crmExports.id))
    .limit(limit);
  return rows.map(presentExport);
}

/** The stored file of a finished export for POST /api/download: its owner only, while it is kept. */
export async function findExportFile(
  db: DbOrTransaction,
  path: string,
  actor: { id: number },
): Promise<{ fileName: string } | null> {
  const [row] = await db
    .select({ fileName: crmExports.fileName })
    .from(crmExports)
    .where(and(eq(crmExports.storagePath, path), eq(crmExports.userId, actor.id), eq(crmExports.status, 'done')))
    .limit(1);
  return row ?? null;
}

// ---- the job ----

const manager = alias(users, 'crm_export_manager');

/** Every export column as SQL, aliased by its key. */
const columnSql: Record<ExportColumn, SQL> = {
  id: sql`${crmLeads.id}`,
  company_name: sql`${crmLeads.companyName}`,
  first_name: sql`${crmLeads.firstName}`,
  last_name: sql`${crmLeads.lastName}`,
  title: sql`${crmLeads.title}`,
  phone: sql`${crmLeads.phone}`,
  phone_ext: sql`${crmLeads.phoneExt}`,
  mobile: sql`${crmLeads.mobile}`,
  email: sql`${crmLeads.email}`,
  address: sql`${crmLeads.address}`,
  city: sql`${crmLeads.city}`,
  state: sql`${crmLeads.state}`,
  zip: sql`${crmLeads.zip}`,
  website: sql`${crmLeads.website}`,
  region: sql`${regions.name}`,
  vertical: sql`${industries.name}`,
  campaign: sql`${campaigns.campaignName}`,
  status: sql`${crmLeads.status}`,
  next_touch: sql`${crmLeads.nextTouch}::text`,
  manager_email: sql`${manager.email}`,
  manager: sql`${manager.name}`,
  calls_count: sql`${crmLeads.callsCount}`,
  last_call_at: sql`to_char(${crmLeads.lastCallAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  do_not_call: sql`case when ${crmLeads.doNotCall} then 'Yes' else '' end`,
  created_at: sql`to_char(${crmLeads.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

function cellOf(column: ExportColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (column === 'status') return leadStatusLabels[Number(value) as LeadStatusCode] ?? String(value);
  return typeof value === 'number' ? value : String(value);
}

/** The user as the visibility rule reads them, with their permissions now (they may have changed since). */
async function exporterAuth(db: DbOrTransaction, userId: number): Promise<AuthContext | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.type !== 'Employee' || user.deletedAt !== null) return null;
  const held = await db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId));
  const { passwordHash: _hash, ...rest } = user;
  return { user: rest, sessionId: '', permissions: held.map((row) => row.name), locked: false, shadow: null };
}

/** Claims queued exports one at a time (skip locked) and writes each, reading pageRows leads a statement. */
export async function runQueuedExports(app: AppInstance, pageRows = PAGE_ROWS): Promise<number> {
  let worked = 0;
  for (;;) {
    const claimed = await app.db.execute<{ id: number }>(sql`update crm_exports set status = 'running'
      where id = (select id from crm_exports where status = 'queued' order by id limit 1 for update skip locked)
      returning id`);
    const id = claimed.rows[0]?.id;
    if (id === undefined) return worked;
    await workExport(app, Number(id), pageRows);
    worked += 1;
  }
}

async function workExport(app: AppInstance, id: number, pageRows: number): Promise<void> {
  const { db } = app;
  const [row] = await db.select().from(crmExports).where(eq(crmExports.id, id));
  if (!row) return;
  const relative = newUploadPath('crm-exports', 'csv');
  const full = join(app.config.dataDir, relative);
  try {
    const auth = await exporterAuth(db, row.userId);
    if (!auth || !auth.permissions.includes('view crm')) throw new Error('the exporter may no longer see leads');
    const filters = row.filters as Partial<LeadListFilters>;
    const settings = await readCrmSettings(db);
    const today = await agentToday(db, row.userId);
    const conditions: SQL[] = [visibleLeadsCondition(auth, settings)];
    if (filters.campaign_id) conditions.push(eq(crmLeads.campaignId, filters.campaign_id));
    if (filters.status !== undefined && filters.status !== LEAD_STATUS.all)
      conditions.push(eq(crmLeads.status, filters.status));
    conditions.push(...extraConditions(filters as LeadListFilters, { auth, settings, today }));
    const columns = row.columns.filter((column): column is ExportColumn => column in columnSql);
    const select = sql.join(
      columns.map((column) => sql`${columnSql[column]} as ${sql.identifier(column)}`),
      sql`, `,
    );
    // The page after a lead id, in id order (the primary key): "__id" carries the key even when 'id' is not exported.
    const pageAfter = (after: number) => sql`select ${crmLeads.id} as "__id", ${select} from ${crmLeads}
      left join ${regions} on ${regions.id} = ${crmLeads.regionId}
      left join ${industries} on ${industries.id} = ${crmLeads.industryId}
      left join ${campaigns} on ${campaigns.id} = ${crmLeads.campaignId}
      left join users as crm_export_manager on crm_export_manager.id = ${crmLeads.managerId}
      where ${and(...conditions, gt(crmLeads.id, after))}
      order by ${crmLeads.id}
      limit ${pageRows}`;
    await fs.mkdir(dirname(full), { recursive: true });
    const out = createWriteStream(full, { flags: 'wx' });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    let count = 0;
    try {
      const labels = new Map(EXPORT_COLUMNS.map((column) => [column.key as string, column.label]));
      await write(`${columns.map((column) => csvCell(labels.get(column)!)).join(',')}\r\n`);
      for (let after = 0; ;) {
        const { rows } = await db.execute<Record<string, unknown>>(pageAfter(after));
        let chunk = '';
        for (const lead of rows)
          chunk += `${columns.map((column) => csvCell(cellOf(column, lead[column]))).join(',')}\r\n`;
        count += rows.length;
        await write(chunk);
        if (rows.length < pageRows) break;
        after = Number(rows[rows.length - 1]!.__id);
      }
    } finally {
      out.end();
      await once(out, 'close');
    }
    const now = new Date();
    await db
      .update(crmExports)
      .set({
        status: 'done',
        rows: count,
        storagePath: relative,
        finishedAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_KEEP_HOURS * 3_600_000),
      })
      .where(eq(crmExports.id, id));
    app.realtime.emitToUser(row.userId, 'FileDownload', {
      file: relative,
      name: row.fileName,
      disk: 'local',
    } satisfies FileDownloadPayload);
  } catch (error) {
    app.log.error({ exportId: id, message: (error as Error).message }, 'crm export failed');
    await removeUpload(app.config.dataDir, relative);
    await db
      .update(crmExports)
      .set({ status: 'failed', error: exportFailedMessage, finishedAt: new Date() })
      .where(eq(crmExports.id, id));
  }
}

/** Removes export files past their 24 hours; the rows stay as the log, marked expired. */
export async function removeExpiredExports(app: AppInstance, now = new Date()): Promise<number> {
  const expired = await app.db
    .select({ id: crmExports.id, path: crmExports.storagePath })
    .from(crmExports)
    .where(and(isNotNull(crmExports.storagePath), lt(crmExports.expiresAt, now)));
  for (const row of expired) {
    if (row.path) await removeUpload(app.config.dataDir, row.path);
    await app.db.update(crmExports).set({ status: 'expired', storagePath: null }).where(eq(crmExports.id, row.id));
  }
  return expired.length;
}
