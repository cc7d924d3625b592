import { serverSoftwareNotServerMessage, type ServerSoftware, type ServerSoftwareInput } from '@switchboard/shared';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { devices } from '../devices/devices.table.ts';
import { strategiesPicking, strategyInUseMessage } from './strategy-references.ts';
import { serverSoftware } from './strategies.table.ts';

// A server's software list (issue 19; decision 0050): what backup strategies of source type Software pick from.

const listOf = (db: DbOrTransaction, deviceId: number): Promise<ServerSoftware[]> =>
  db
    .select({ id: serverSoftware.id, name: serverSoftware.name })
    .from(serverSoftware)
    .where(eq(serverSoftware.deviceId, deviceId))
    .orderBy(asc(sql`lower(${serverSoftware.name})`), asc(serverSoftware.id));

/** GET /api/devices/{id}/software: 404 unless the device is a server (as GET /api/drives/{serverId}). */
export async function getServerSoftware(db: DbOrTransaction, deviceId: number): Promise<ServerSoftware[]> {
  const [server] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.type, 'servers')))
    .limit(1);
  if (!server) throw notFound();
  return listOf(db, deviceId);
}

/**
 * PUT /api/devices/{id}/software: replaces the list in one transaction with the server row locked, so two saves
 * of one server run one after the other. Rows sent with their id keep it (renamed in place); rows without one are
 * added; rows left out are removed, unless a backup strategy backs them up (422 naming the strategy: nothing a
 * strategy points at disappears silently).
 */
export async function saveServerSoftware(
  db: Db,
  deviceId: number,
  input: ServerSoftwareInput,
): Promise<ServerSoftware[]> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id, type: devices.type, companyId: devices.companyId })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .for('update');
    if (!device) throw notFound();
    if (device.type !== 'servers') throw unprocessable({ software: [serverSoftwareNotServerMessage] });

    const existing = await listOf(tx, deviceId);
    const existingById = new Map(existing.map((row) => [row.id, row]));
    const errors: FieldErrors = {};
    input.software.forEach((row, index) => {
      if (row.id !== undefined && !existingById.has(row.id))
        errors[`software.${index}.id`] = ['The selected software is not on this server.'];
    });
    if (Object.keys(errors).length) throw unprocessable(errors);

    const keptIds = input.software.flatMap((row) => (row.id === undefined ? [] : [row.id]));
    const removed = existing.filter((row) => !keptIds.includes(row.id));
    const used = await strategiesPicking(
      tx,
      device.companyId,
      'software',
      removed.map((row) => row.id),
    );
    if (used.length)
      throw unprocessable({
        software: used.map((strategy) =>
          strategyInUseMessage(existingById.get(strategy.picked_id)!.name, 'backed up by', strategy),
        ),
      });

    if (removed.length)
      await tx
        .delete(serverSoftware)
        .where(
          and(
            eq(serverSoftware.deviceId, deviceId),
            keptIds.length ? notInArray(serverSoftware.id, keptIds) : undefined,
          ),
        );
    const renamed = input.software.filter((row) => row.id !== undefined && existingById.get(row.id)!.name !== row.name);
    if (renamed.length)
      await tx.execute(sql`
        update server_software s set name = v.name
        from jsonb_to_recordset(${JSON.stringify(renamed)}::jsonb) as v(id int, name text)
        where s.id = v.id and s.device_id = ${deviceId}`);
    const added = input.software.filter((row) => row.id === undefined);
    if (added.length) await tx.insert(serverSoftware).values(added.map((row) => ({ deviceId, name: row.name })));
    return listOf(tx, deviceId);
  });
}
