import {
  hasSoftware,
  isIsoDate,
  parseDrives,
  parseRoleNames,
  refreshYear,
  type Device,
  type DeviceImportRow,
  type DeviceInput,
  type DeviceType,
} from '@switchboard/shared';
import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { conflict, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { antiviruses, operatingSystems } from '../reference/reference.table.ts';
import { deviceServerRoles, devices, serverDrives, serverRoles } from './devices.table.ts';

// Company devices (spec 2 §2, §3; decision 0020).

export interface DeviceFilter {
  company_id?: number | undefined;
  type?: DeviceType | undefined;
  search?: string | undefined;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function whereOf(filter: DeviceFilter): SQL | undefined {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    filter.company_id ? eq(devices.companyId, filter.company_id) : undefined,
    filter.type ? eq(devices.type, filter.type) : undefined,
    pattern
      ? or(ilike(devices.name, pattern), ilike(devices.assetTag, pattern), ilike(devices.serialNumber, pattern))
      : undefined,
  );
}

/** Devices with their company, site, software names and drives: one query plus one for all drives. */
async function loadDevices(
  db: DbOrTransaction,
  where: SQL | undefined,
  limit?: number,
  offset?: number,
): Promise<Device[]> {
  let query = db
    .select({
      device: devices,
      company: companies.name,
      site: sites.name,
      os: operatingSystems.name,
      av: antiviruses.name,
    })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .innerJoin(sites, eq(sites.id, devices.siteId))
    .leftJoin(operatingSystems, eq(operatingSystems.id, devices.operatingSystemId))
    .leftJoin(antiviruses, eq(antiviruses.id, devices.antivirusId))
    .where(where)
    .orderBy(asc(sql`lower(${companies.name})`), asc(sql`lower(${devices.name})`), asc(devices.id))
    .$dynamic();
  if (limit !== undefined) query = query.limit(limit).offset(offset ?? 0);
  const rows = await query;
  const serverIds = rows.filter((row) => row.device.type === 'servers').map((row) => row.device.id);
  const drives = serverIds.length
    ? await db
        .select()
        .from(serverDrives)
        .where(inArray(serverDrives.deviceId, serverIds))
        .orderBy(asc(serverDrives.letter))
    : [];
  const roles = await rolesOf(db, serverIds);
  return rows.map(({ device, company, site, os, av }) => ({
    id: device.id,
    company_id: device.companyId,
    company,
    site_id: device.siteId,
    site,
    type: device.type as DeviceType,
    name: device.name,
    asset_tag: device.assetTag,
    serial_number: device.serialNumber,
    model: device.model,
    purchase_date: device.purchaseDate,
    warranty_date: device.warrantyDate,
    refresh_year: refreshYear(device.purchaseDate),
    operating_system_id: device.operatingSystemId,
    operating_system: os,
    antivirus_id: device.antivirusId,
    antivirus: av,
    roles: roles.get(device.id) ?? null,
    scheduled_maintenance: device.scheduledMaintenance,
    notes: device.notes,
    drives: drives
      .filter((drive) => drive.deviceId === device.id)
      .map(({ id, letter, size }) => ({ id, letter, size })),
  }));
}

/** GET /api/devices: one page, by company then name. */
export async function listDevices(db: DbOrTransaction, query: PageQuery, filter: DeviceFilter): Promise<Page<Device>> {
  const where = whereOf(filter);
  return paginate(
    query,
    () => db.$count(devices, where),
    (limit, offset) => loadDevices(db, where, limit, offset),
  );
}

/** Every device matching the filter (CSV export), capped so one request cannot run away. */
export function allDevices(db: DbOrTransaction, filter: DeviceFilter): Promise<Device[]> {
  return loadDevices(db, whereOf(filter), 20_000, 0);
}

export async function getDevice(db: DbOrTransaction, id: number): Promise<Device> {
  const [device] = await loadDevices(db, eq(devices.id, id));
  if (!device) throw notFound();
  return device;
}

/** GET /api/devices.list.{companyId}: the company's devices as tickets link them. */
export async function listCompanyDeviceOptions(db: DbOrTransaction, companyId: number) {
  return db
    .select({
      id: devices.id,
      type: devices.type,
      name: devices.name,
      asset_tag: devices.assetTag,
      site_id: devices.siteId,
      site: sites.name,
    })
    .from(devices)
    .innerJoin(sites, eq(sites.id, devices.siteId))
    .where(eq(devices.companyId, companyId))
    .orderBy(asc(devices.type), asc(sql`lower(${devices.name})`));
}

/** GET /api/drives/{serverId}: a list whose first element is the server with its drives. */
export async function getServerDrives(db: DbOrTransaction, serverId: number) {
  const [server] = await db
    .select({ id: devices.id, name: devices.name, companyId: devices.companyId })
    .from(devices)
    .where(and(eq(devices.id, serverId), eq(devices.type, 'servers')))
    .limit(1);
  if (!server) throw notFound();
  const drives = await db
    .select({ id: serverDrives.id, letter: serverDrives.letter, size: serverDrives.size })
    .from(serverDrives)
    .where(eq(serverDrives.deviceId, serverId))
    .orderBy(asc(serverDrives.letter));
  return [{ id: server.id, name: server.name, company_id: server.companyId, drives }];
}

/** The site must be the company's; software must exist and suit the device kind. */
async function assertReferences(db: DbOrTransaction, input: DeviceInput): Promise<void> {
  const errors: FieldErrors = {};
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.id, input.site_id), eq(sites.companyId, input.company_id)))
    .limit(1);
  if (!site) errors.site_id = ['The selected site is invalid.'];
  const kind = input.type === 'servers' ? 'server' : 'workstation';
  if (input.operating_system_id !== null) {
    const [os] = await db
      .select({ kind: operatingSystems.deviceKind })
      .from(operatingSystems)
      .where(eq(operatingSystems.id, input.operating_system_id));
    if (!hasSoftware(input.type) || os?.kind !== kind)
      errors.operating_system_id = ['The selected operating system is invalid.'];
  }
  if (input.antivirus_id !== null) {
    const [av] = await db
      .select({ kind: antiviruses.deviceKind })
      .from(antiviruses)
      .where(eq(antiviruses.id, input.antivirus_id));
    if (!hasSoftware(input.type) || av?.kind !== kind) errors.antivirus_id = ['The selected antivirus is invalid.'];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

const valuesOf = (input: DeviceInput) => ({
  companyId: input.company_id,
  siteId: input.site_id,
  type: input.type,
  name: input.name,
  assetTag: input.asset_tag,
  serialNumber: input.serial_number,
  model: input.model,
  purchaseDate: input.purchase_date,
  warrantyDate: input.warranty_date,
  operatingSystemId: hasSoftware(input.type) ? input.operating_system_id : null,
  antivirusId: hasSoftware(input.type) ? input.antivirus_id : null,
  scheduledMaintenance: input.type === 'servers' ? input.scheduled_maintenance : 0,
  notes: input.notes,
});

/** The servers' role names, joined as the device form shows them ("Domain Controller, DNS"). */
async function rolesOf(db: DbOrTransaction, serverIds: number[]): Promise<Map<number, string>> {
  if (serverIds.length === 0) return new Map();
  const rows = await db
    .select({ deviceId: deviceServerRoles.deviceId, name: serverRoles.name })
    .from(deviceServerRoles)
    .innerJoin(serverRoles, eq(serverRoles.id, deviceServerRoles.roleId))
    .where(inArray(deviceServerRoles.deviceId, serverIds))
    .orderBy(asc(deviceServerRoles.position), asc(serverRoles.name));
  const joined = new Map<number, string>();
  for (const row of rows) {
    const before = joined.get(row.deviceId);
    joined.set(row.deviceId, before ? `${before}, ${row.name}` : row.name);
  }
  return joined;
}

/**
 * Replaces the servers' roles by these names, creating the names the list does not have yet (decision 0049).
 * Two writers naming the same new role at once both succeed: the insert skips a name that is already there.
 */
export async function writeServerRoles(
  tx: DbOrTransaction,
  entries: { deviceId: number; names: string[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  await tx.delete(deviceServerRoles).where(
    inArray(
      deviceServerRoles.deviceId,
      entries.map((entry) => entry.deviceId),
    ),
  );
  const names = [...new Set(entries.flatMap((entry) => entry.names))];
  if (names.length === 0) return;
  await tx.execute(
    sql`insert into server_roles (name) select jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) on conflict do nothing`,
  );
  const ids = await tx
    .select({ id: serverRoles.id, name: serverRoles.name })
    .from(serverRoles)
    .where(
      inArray(
        sql`lower(${serverRoles.name})`,
        names.map((name) => name.toLowerCase()),
      ),
    );
  const idOf = new Map(ids.map((row) => [row.name.toLowerCase(), row.id]));
  const links = entries.flatMap((entry) =>
    entry.names.map((name, position) => ({
      deviceId: entry.deviceId,
      roleId: idOf.get(name.toLowerCase())!,
      position,
    })),
  );
  if (links.length) await tx.insert(deviceServerRoles).values(links).onConflictDoNothing();
}

const rolesOfInput = (input: DeviceInput) => (input.type === 'servers' ? parseRoleNames(input.roles) : []);

async function writeDrives(
  tx: DbOrTransaction,
  deviceId: number,
  drives: { letter: string; size: number }[],
): Promise<void> {
  // Drives are kept by letter, so their ids (which backup strategies of source type Server point at) survive a save.
  const letters = drives.map((drive) => drive.letter);
  await tx
    .delete(serverDrives)
    .where(
      and(eq(serverDrives.deviceId, deviceId), letters.length ? notInArray(serverDrives.letter, letters) : undefined),
    );
  if (drives.length)
    await tx
      .insert(serverDrives)
      .values(drives.map((drive) => ({ deviceId, letter: drive.letter, size: drive.size })))
      .onConflictDoUpdate({ target: [serverDrives.deviceId, serverDrives.letter], set: { size: sql`excluded.size` } });
}

/**
 * What the strategies module says before a device's parts go (backup strategies pick devices, drives and software;
 * decision 0050). Strategies sit above devices (ARCHITECTURE.md, module layers): routes.ts hands these in.
 */
export interface DeviceUseChecks {
  /** Per strategy and drive picked among `drives`, a message naming the strategy; empty when none is picked. */
  drivesInUse(tx: DbOrTransaction, companyId: number, drives: { id: number; letter: string }[]): Promise<string[]>;
  /** One message naming every strategy that picks the device, one of its drives or its software; null for none. */
  deviceInUse(tx: DbOrTransaction, device: { id: number; companyId: number; name: string }): Promise<string | null>;
}

/** A drive left out of a save is removed, unless a backup strategy picks it (422 naming the strategy). */
async function assertRemovedDrivesUnused(
  tx: DbOrTransaction,
  companyId: number,
  deviceId: number,
  drives: { letter: string }[],
  checks: DeviceUseChecks,
): Promise<void> {
  const letters = new Set(drives.map((drive) => drive.letter));
  const removed = (
    await tx
      .select({ id: serverDrives.id, letter: serverDrives.letter })
      .from(serverDrives)
      .where(eq(serverDrives.deviceId, deviceId))
  ).filter((drive) => !letters.has(drive.letter));
  const messages = await checks.drivesInUse(tx, companyId, removed);
  if (messages.length === 0) return;
  throw unprocessable({ drives: messages });
}

/** POST /api/devices: the device and its drives in one transaction. */
export async function createDevice(db: Db, input: DeviceInput): Promise<number> {
  await assertReferences(db, input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(devices).values(valuesOf(input)).returning({ id: devices.id });
    await writeDrives(tx, row!.id, input.drives);
    await writeServerRoles(tx, [{ deviceId: row!.id, names: rolesOfInput(input) }]);
    return row!.id;
  });
}

/** PUT /api/devices/{id}: a device keeps its company and type. */
export async function updateDevice(db: Db, id: number, input: DeviceInput, checks: DeviceUseChecks): Promise<void> {
  const [existing] = await db
    .select({ companyId: devices.companyId, type: devices.type })
    .from(devices)
    .where(eq(devices.id, id))
    .limit(1);
  if (!existing) throw notFound();
  if (existing.companyId !== input.company_id || existing.type !== input.type)
    throw unprocessable({ type: ['A device keeps its company and type.'] });
  await assertReferences(db, input);
  await db.transaction(async (tx) => {
    // The update locks the device, so drives are checked against the strategies with no save of the server between.
    await tx
      .update(devices)
      .set({ ...valuesOf(input), updatedAt: new Date() })
      .where(eq(devices.id, id));
    await assertRemovedDrivesUnused(tx, existing.companyId, id, input.drives, checks);
    await writeDrives(tx, id, input.drives);
    await writeServerRoles(tx, [{ deviceId: id, names: rolesOfInput(input) }]);
  });
}

/**
 * DELETE /api/devices/{id}: refused (409 naming the strategies) while a backup strategy picks the device, one of its
 * drives or its software; the device's row is locked while that is checked.
 */
export async function deleteDevice(db: Db, id: number, checks: DeviceUseChecks): Promise<void> {
  await db.transaction(async (tx) => {
    const [device] = await tx
      .select({ companyId: devices.companyId, name: devices.name })
      .from(devices)
      .where(eq(devices.id, id))
      .for('update');
    if (!device) throw notFound();
    const used = await checks.deviceInUse(tx, { id, companyId: device.companyId, name: device.name });
    if (used !== null) throw conflict(used);
    await tx.delete(devices).where(eq(devices.id, id));
  });
}

const isoDate = (value: string): string | null | undefined => {
  if (value === '') return null;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : value;
  return isIsoDate(iso) ? iso : undefined;
};

/**
 * POST /api/devices/import: every row is checked (site, software and drives by name), then all are written in one
 * transaction, or none when any row has an error. Errors are keyed rows.{index}.{column}.
 */
export async function importDevices(
  db: Db,
  companyId: number,
  type: DeviceType,
  rows: DeviceImportRow[],
): Promise<number> {
  const kind = type === 'servers' ? 'server' : 'workstation';
  const [siteRows, osRows, avRows] = await Promise.all([
    db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.companyId, companyId)),
    db
      .select({ id: operatingSystems.id, name: operatingSystems.name })
      .from(operatingSystems)
      .where(eq(operatingSystems.deviceKind, kind)),
    db.select({ id: antiviruses.id, name: antiviruses.name }).from(antiviruses).where(eq(antiviruses.deviceKind, kind)),
  ]);
  const byName = (list: { id: number; name: string }[]) =>
    new Map(list.map((entry) => [entry.name.trim().toLowerCase(), entry.id]));
  const siteIds = byName(siteRows);
  const osIds = byName(osRows);
  const avIds = byName(avRows);

  const errors: FieldErrors = {};
  const prepared = rows.map((row, index) => {
    const fail = (field: string, message: string) => (errors[`rows.${index}.${field}`] = [message]);
    const siteId = siteIds.get(row.site.toLowerCase());
    if (!siteId) fail('site', `No site named "${row.site}".`);
    const purchase = isoDate(row.purchase_date);
    if (purchase === undefined) fail('purchase_date', 'The purchase date is not a valid date.');
    const warranty = isoDate(row.warranty_date);
    if (warranty === undefined) fail('warranty_date', 'The warranty date is not a valid date.');
    const os = row.operating_system ? osIds.get(row.operating_system.toLowerCase()) : null;
    if (os === undefined || (os !== null && !hasSoftware(type)))
      fail('operating_system', `Unknown operating system "${row.operating_system}".`);
    const av = row.antivirus ? avIds.get(row.antivirus.toLowerCase()) : null;
    if (av === undefined || (av !== null && !hasSoftware(type)))
      fail('antivirus', `Unknown antivirus "${row.antivirus}".`);
    const drives = parseDrives(row.drives);
    if (
      drives === null ||
      (type !== 'servers' && drives.length > 0) ||
      new Set(drives.map((drive) => drive.letter)).size !== drives.length
    )
      fail('drives', 'Drives read like "C:500; D:2000", on servers only.');
    return {
      values: {
        companyId,
        siteId: siteId ?? 0,
        type,
        name: row.name,
        assetTag: row.asset_tag || null,
        serialNumber: row.serial_number || null,
        model: row.model || null,
        purchaseDate: purchase ?? null,
        warrantyDate: warranty ?? null,
        operatingSystemId: os ?? null,
        antivirusId: av ?? null,
        scheduledMaintenance: type === 'servers' && /^(yes|1|true)$/i.test(row.scheduled_maintenance) ? 1 : 0,
        notes: row.notes || null,
      },
      drives: drives ?? [],
      roles: type === 'servers' ? parseRoleNames(row.roles) : [],
    };
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(devices)
      .values(prepared.map((row) => row.values))
      .returning({ id: devices.id });
    const drives = inserted.flatMap((row, index) =>
      prepared[index]!.drives.map((drive) => ({ deviceId: row.id, letter: drive.letter, size: drive.size })),
    );
    if (drives.length) await tx.insert(serverDrives).values(drives);
    await writeServerRoles(
      tx,
      inserted.map((row, index) => ({ deviceId: row.id, names: prepared[index]!.roles })),
    );
    return inserted.length;
  });
}
