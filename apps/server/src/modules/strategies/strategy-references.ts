import {
  backupDestinationTypes,
  backupPrograms,
  backupSourceTypes,
  backupTargetOf,
  backupTypes,
  nameOf,
  type BackupTarget,
} from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import type { DeviceUseChecks } from '../devices/devices.service.ts';
import { serverDrives } from '../devices/devices.table.ts';
import { serverSoftware } from './strategies.table.ts';

// What a company's backup strategies point at (decision 0050): nothing a strategy picks disappears silently.

export interface StrategyUsing {
  id: number;
  backup_type: number;
  program: number;
  /** The picked id (a drive's, a software row's, a device's) the strategy names. */
  picked_id: number;
}

/** The source and destination type ids whose strategies pick `pick` (backupTargetOf). */
const typesPicking = (pick: BackupTarget) =>
  `{${[...new Set([...backupSourceTypes, ...backupDestinationTypes].map((type) => type.id))]
    .filter((id) => backupTargetOf(id).pick === pick)
    .join(',')}}`;

/**
 * The company's backup strategies whose source or destination picks any of `ids` of the kind `pick` (drives,
 * software rows or devices), one row per strategy and id, by strategy.
 */
export async function strategiesPicking(
  db: DbOrTransaction,
  companyId: number,
  pick: BackupTarget,
  ids: number[],
): Promise<StrategyUsing[]> {
  if (ids.length === 0) return [];
  const types = typesPicking(pick);
  const result = await db.execute<{ id: number; backup_type: number; program: number; picked_id: number }>(sql`
    select b.id, b.backup_type, b.program, (e.value)::int as picked_id
    from backup_strategies b, lateral (
      select value from jsonb_array_elements(b.source) where b.source_type = any(${types}::int[])
      union all
      select value from jsonb_array_elements(b.destination) where b.destination_type = any(${types}::int[])) e
    where b.company_id = ${companyId} and (e.value)::int = any(${`{${ids.join(',')}}`}::int[])
    order by b.id, picked_id`);
  return result.rows;
}

/** "{what} is {used} backup strategy #3 (Full, Datto): change that strategy before removing it." */
export const strategyInUseMessage = (what: string, used: string, strategy: StrategyUsing) =>
  `${what} is ${used} backup strategy #${strategy.id} (${nameOf(backupTypes, strategy.backup_type)}, ` +
  `${nameOf(backupPrograms, strategy.program)}): change that strategy before removing it.`;

/** The company's backup strategies that pick the device itself, one of its drives or its software, once each. */
export async function strategiesPickingDevice(
  db: DbOrTransaction,
  companyId: number,
  deviceId: number,
): Promise<StrategyUsing[]> {
  // One after the other: this runs inside the device's delete transaction, whose client takes one query at a time.
  const drives = await db.select({ id: serverDrives.id }).from(serverDrives).where(eq(serverDrives.deviceId, deviceId));
  const software = await db
    .select({ id: serverSoftware.id })
    .from(serverSoftware)
    .where(eq(serverSoftware.deviceId, deviceId));
  const found = [
    ...(await strategiesPicking(db, companyId, 'devices', [deviceId])),
    ...(await strategiesPicking(
      db,
      companyId,
      'drives',
      drives.map((row) => row.id),
    )),
    ...(await strategiesPicking(
      db,
      companyId,
      'software',
      software.map((row) => row.id),
    )),
  ];
  const byId = new Map(found.map((strategy) => [strategy.id, strategy]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The devices module's checks before a drive or a device goes (handed in by routes.ts). */
export const deviceUseChecks: DeviceUseChecks = {
  async drivesInUse(tx, companyId, drives) {
    const used = await strategiesPicking(
      tx,
      companyId,
      'drives',
      drives.map((drive) => drive.id),
    );
    const letterOf = new Map(drives.map((drive) => [drive.id, drive.letter]));
    return used.map((strategy) =>
      strategyInUseMessage(`Drive ${letterOf.get(strategy.picked_id)}:`, 'used by', strategy),
    );
  },
  async deviceInUse(tx, device) {
    const used = await strategiesPickingDevice(tx, device.companyId, device.id);
    return used.length
      ? used.map((strategy) => strategyInUseMessage(device.name, 'used by', strategy)).join(' ')
      : null;
  },
};
