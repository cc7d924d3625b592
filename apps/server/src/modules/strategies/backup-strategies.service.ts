import {
  backupSourceDriveMessage,
  backupSourceNeedsDrive,
  backupTargetOf,
  type BackupDevice,
  type BackupStrategyDetail,
  type BackupStrategyInput,
  type BackupStrategyRow,
} from '@switchboard/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { backupStrategies, serverSoftware } from './strategies.table.ts';

// Backup strategies (spec 2 §2, §3, §7 /api/strategies/backup, /api/backup/strategies/devices; decision 0050).

type StrategyRow = typeof backupStrategies.$inferSelect;

/**
 * What a source or destination type picks from at a company: the devices of the mapped type with their drives and
 * software (GET /api/backup/strategies/devices/{typeId}/{companyId}). Three queries whatever the count.
 */
export async function backupDevicesOf(db: DbOrTransaction, typeId: number, companyId: number): Promise<BackupDevice[]> {
  const target = backupTargetOf(typeId);
  if (target.deviceType === null) return [];
  const rows = await db
    .select({ id: devices.id, name: devices.name, type: devices.type })
    .from(devices)
    .where(and(eq(devices.companyId, companyId), eq(devices.type, target.deviceType)))
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(2000);
  const ids = rows.map((row) => row.id);
  const [drives, software] = ids.length
    ? await Promise.all([
        db.select().from(serverDrives).where(inArray(serverDrives.deviceId, ids)).orderBy(asc(serverDrives.letter)),
        db.select().from(serverSoftware).where(inArray(serverSoftware.deviceId, ids)).orderBy(asc(serverSoftware.name)),
      ])
    : [[], []];
  return rows.map((row) => ({
    ...row,
    drives: drives.filter((drive) => drive.deviceId === row.id).map(({ id, letter, size }) => ({ id, letter, size })),
    software: software.filter((entry) => entry.deviceId === row.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** The names of picked ids of one type: drives as 'Server C:', software and devices by name. */
async function namesOf(db: DbOrTransaction, typeId: number, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const pick = backupTargetOf(typeId).pick;
  if (pick === 'drives') {
    const rows = await db
      .select({ id: serverDrives.id, letter: serverDrives.letter, server: devices.name })
      .from(serverDrives)
      .innerJoin(devices, eq(devices.id, serverDrives.deviceId))
      .where(inArray(serverDrives.id, ids));
    for (const row of rows) names.set(row.id, `${row.server} ${row.letter}:`);
  } else if (pick === 'software') {
    const rows = await db
      .select({ id: serverSoftware.id, name: serverSoftware.name, server: devices.name })
      .from(serverSoftware)
      .innerJoin(devices, eq(devices.id, serverSoftware.deviceId))
      .where(inArray(serverSoftware.id, ids));
    for (const row of rows) names.set(row.id, `${row.name} (${row.server})`);
  } else if (pick === 'devices') {
    const rows = await db.select({ id: devices.id, name: devices.name }).from(devices).where(inArray(devices.id, ids));
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}

function presentRow(
  row: StrategyRow,
  sourceNames: Map<string, string>,
  destinationNames: Map<string, string>,
): BackupStrategyRow {
  const named = (names: Map<string, string>, typeId: number, ids: number[]) =>
    ids.map((id) => names.get(`${typeId}:${id}`)).filter((name): name is string => name !== undefined);
  return {
    id: row.id,
    company_id: row.companyId,
    source_type: row.sourceType,
    source: row.source,
    backup_type: row.backupType,
    schedule: row.schedule === null ? null : JSON.stringify(row.schedule),
    program: row.program,
    software: row.software,
    destination_type: row.destinationType,
    destination: row.destination,
    offsite_backup_location: row.offsiteBackupLocation,
    local_backup_location: row.localBackupLocation,
    notes: row.notes,
    source_names: named(sourceNames, row.sourceType, row.source),
    destination_names: named(destinationNames, row.destinationType, row.destination),
    created_at: row.createdAt.toISOString(),
  };
}

/** Names for every row's picks, one query per pick kind used on the page (at most six). */
async function presentRows(db: DbOrTransaction, rows: StrategyRow[]): Promise<BackupStrategyRow[]> {
  const collect = async (side: 'source' | 'destination') => {
    const byType = new Map<number, Set<number>>();
    for (const row of rows) {
      const typeId = side === 'source' ? row.sourceType : row.destinationType;
      const set = byType.get(backupKind(typeId)) ?? new Set<number>();
      for (const id of row[side]) set.add(id);
      byType.set(backupKind(typeId), set);
    }
    const names = new Map<string, string>();
    for (const [kind, ids] of byType) {
      const found = await namesOf(db, kind, [...ids]);
      for (const row of rows) {
        const typeId = side === 'source' ? row.sourceType : row.destinationType;
        if (backupKind(typeId) !== kind) continue;
        for (const id of row[side]) {
          const name = found.get(id);
          if (name !== undefined) names.set(`${typeId}:${id}`, name);
        }
      }
    }
    return names;
  };
  const [sourceNames, destinationNames] = [await collect('source'), await collect('destination')];
  return rows.map((row) => presentRow(row, sourceNames, destinationNames));
}

/** One representative type id per pick kind and device type, so picks of the same kind share a query. */
function backupKind(typeId: number): number {
  const target = backupTargetOf(typeId);
  if (target.pick === 'drives') return 1;
  if (target.pick === 'software') return 2;
  if (target.pick === 'none') return 3;
  return target.deviceType === 'workstations' ? 4 : 5;
}

/** GET /api/strategies/backup: a company's strategies, newest first, one page. */
export async function listBackupStrategies(
  db: DbOrTransaction,
  query: PageQuery,
  companyId: number,
): Promise<Page<BackupStrategyRow>> {
  const where = eq(backupStrategies.companyId, companyId);
  return paginate(
    query,
    () => db.$count(backupStrategies, where),
    async (limit, offset) =>
      presentRows(
        db,
        await db
          .select()
          .from(backupStrategies)
          .where(where)
          .orderBy(desc(backupStrategies.id))
          .limit(limit)
          .offset(offset),
      ),
  );
}

async function loadStrategy(db: DbOrTransaction, id: number): Promise<StrategyRow> {
  const [row] = await db.select().from(backupStrategies).where(eq(backupStrategies.id, id));
  if (!row) throw notFound();
  return row;
}

export async function backupStrategyCompany(db: DbOrTransaction, id: number): Promise<number> {
  return (await loadStrategy(db, id)).companyId;
}

/** GET /api/strategies/backup/{id}: the strategy with its drives, the company's servers and their software. */
export async function getBackupStrategy(db: DbOrTransaction, id: number): Promise<BackupStrategyDetail> {
  const row = await loadStrategy(db, id);
  const [presented] = await presentRows(db, [row]);
  const servers = await backupDevicesOf(db, 1, row.companyId);
  const allDrives = servers.flatMap((server) =>
    server.drives.map((drive) => ({ ...drive, server_id: server.id, server: server.name })),
  );
  const drivesOf = (typeId: number, ids: number[]) =>
    backupTargetOf(typeId).pick === 'drives' ? allDrives.filter((drive) => ids.includes(drive.id)) : [];
  return {
    ...presented!,
    drives: drivesOf(row.sourceType, row.source),
    destination_drives: drivesOf(row.destinationType, row.destination),
    server: servers,
    server_software: servers.flatMap((server) => server.software.map((entry) => ({ ...entry, server_id: server.id }))),
  };
}

/** Every picked id must belong to the company and fit its type: 422 per field otherwise. */
async function checkPicks(db: DbOrTransaction, input: BackupStrategyInput): Promise<void> {
  const errors: FieldErrors = {};
  if (backupSourceNeedsDrive(input.source_type, input.source)) errors.source = [backupSourceDriveMessage];
  for (const [field, typeId] of [
    ['source', input.source_type],
    ['destination', input.destination_type],
  ] as const) {
    const ids = input[field];
    if (ids.length === 0) continue;
    const target = backupTargetOf(typeId);
    const options = await backupDevicesOf(db, typeId, input.company_id);
    const valid = new Set(
      target.pick === 'drives'
        ? options.flatMap((device) => device.drives.map((drive) => drive.id))
        : target.pick === 'software'
          ? options.flatMap((device) => device.software.map((entry) => entry.id))
          : target.pick === 'devices'
            ? options.map((device) => device.id)
            : [],
    );
    if (!ids.every((id) => valid.has(id)))
      errors[field] = [`The ${field} is not one of this company's choices for its type.`];
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
}

const valuesOf = (input: BackupStrategyInput) => ({
  sourceType: input.source_type,
  source: [...new Set(input.source)],
  backupType: input.backup_type,
  schedule: input.schedule,
  program: input.program,
  software: input.software,
  destinationType: input.destination_type,
  destination: [...new Set(input.destination)],
  offsiteBackupLocation: input.offsite_backup_location,
  localBackupLocation: input.local_backup_location,
  notes: input.notes,
});

export async function createBackupStrategy(db: DbOrTransaction, input: BackupStrategyInput, actor: { id: number }) {
  await checkPicks(db, input);
  const [created] = await db
    .insert(backupStrategies)
    .values({ ...valuesOf(input), companyId: input.company_id, createdBy: actor.id })
    .returning({ id: backupStrategies.id });
  return created.id;
}

/** The strategy stays with its company: a body naming another company is a 422, not a move. */
export async function updateBackupStrategy(db: DbOrTransaction, id: number, input: BackupStrategyInput): Promise<void> {
  const row = await loadStrategy(db, id);
  if (row.companyId !== input.company_id)
    throw unprocessable({ company_id: ['A backup strategy stays with its company.'] });
  await checkPicks(db, input);
  await db
    .update(backupStrategies)
    .set({ ...valuesOf(input), updatedAt: new Date() })
    .where(eq(backupStrategies.id, id));
}

export async function deleteBackupStrategy(db: DbOrTransaction, id: number): Promise<void> {
  const deleted = await db
    .delete(backupStrategies)
    .where(eq(backupStrategies.id, id))
    .returning({ id: backupStrategies.id });
  if (deleted.length === 0) throw notFound();
}
