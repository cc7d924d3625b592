import {
  emptySchedule,
  serverSoftwareResponseSchema,
  serverSoftwareSavedResponseSchema,
  type ServerSoftware,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { backupStrategies, serverSoftware } from './strategies.table.ts';

// Issue 19: the server software list, GET/PUT /api/devices/{id}/software (decision 0050).
describe('server software list', () => {
  let ctx: TestContext;
  let staff: string;
  let clientToken: string;
  let companyId: number;
  let siteId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const staffUser = await createUser(ctx.db, { name: 'Fox Mulder' });
    staff = (await login(ctx.app, staffUser.email, staffUser.password)).access_token;
    [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Software Co' }).returning();
    const clientUser = await createUser(ctx.db, { type: 'Client', companyId });
    clientToken = (await login(ctx.app, clientUser.email, clientUser.password)).access_token;
    [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'HQ' }).returning();
  });
  afterAll(() => ctx.close());

  const get = (id: number, token = staff) =>
    ctx.app.inject({ method: 'GET', url: `/api/devices/${id}/software`, headers: bearer(token) });
  const put = (id: number, software: unknown, token = staff) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}/software`,
      headers: bearer(token),
      payload: { software },
    });
  const stored = async (deviceId: number) =>
    (await ctx.db.select().from(serverSoftware).where(eq(serverSoftware.deviceId, deviceId))).map((row) => row.name);

  // Each test makes its own devices and software, so any test runs alone.
  const newDevice = async (name: string, type = 'servers') =>
    (await ctx.db.insert(devices).values({ companyId, siteId, type, name }).returning({ id: devices.id }))[0]!.id;
  /** A server named APP01 listing the given software; answers its id and the rows, by name. */
  const serverWith = async (names: string[]) => {
    const id = await newDevice('APP01');
    const response = await put(
      id,
      names.map((name) => ({ name })),
    );
    expect(response.statusCode).toBe(200);
    return { id, software: response.json<{ data: ServerSoftware[] }>().data };
  };
  const backupOf = async (sourceType: number, source: number[], destination?: number[]) =>
    (
      await ctx.db
        .insert(backupStrategies)
        .values({
          companyId,
          sourceType,
          source,
          backupType: 2,
          schedule: emptySchedule('Full'),
          program: 10,
          destinationType: destination ? 1 : 6,
          ...(destination ? { destination } : {}),
        })
        .returning()
    )[0]!.id;

  it('starts empty, then saves trimmed names and answers the list by name with ids', async () => {
    const serverId = await newDevice('APP01');
    expect(expectExactShape(serverSoftwareResponseSchema, (await get(serverId)).json())).toEqual({ data: [] });

    const response = await put(serverId, [{ name: '  SQL Server 2019 ' }, { name: 'Veeam Agent' }, { name: 'IIS' }]);
    expect(response.statusCode).toBe(200);
    const body = expectExactShape(serverSoftwareSavedResponseSchema, response.json());
    expect(body.message).toBe('Software saved.');
    expect(body.data.map((row) => row.name)).toEqual(['IIS', 'SQL Server 2019', 'Veeam Agent']);

    const read = expectExactShape(serverSoftwareResponseSchema, (await get(serverId)).json());
    expect(read.data).toEqual(body.data);
  });

  it('keeps the ids of kept rows, renames in place, adds new rows and removes rows left out', async () => {
    const { id: serverId, software } = await serverWith(['SQL Server 2019', 'Veeam Agent', 'IIS']);
    const [, sql, veeam] = software as [ServerSoftware, ServerSoftware, ServerSoftware];
    const response = await put(serverId, [
      { id: sql.id, name: 'SQL Server 2022' },
      { id: veeam.id, name: 'Veeam Agent' },
      { name: 'Exchange 2019' },
    ]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: ServerSoftware[] }>();
    expect(data.map((row) => row.name)).toEqual(['Exchange 2019', 'SQL Server 2022', 'Veeam Agent']);
    expect(data.find((row) => row.name === 'SQL Server 2022')!.id).toBe(sql.id);
    expect(data.find((row) => row.name === 'Veeam Agent')!.id).toBe(veeam.id);
    expect(await stored(serverId)).not.toContain('IIS');
  });

  it('answers 422 per row for empty, too long and duplicate (any case) names, writing nothing', async () => {
    const { id: serverId, software } = await serverWith(['SQL Server 2022']);
    const [sql] = software as [ServerSoftware];
    const otherServerId = await newDevice('APP02');
    const before = await stored(serverId);
    const response = await put(serverId, [
      { id: sql.id, name: 'SQL Server 2022' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'sql server 2022' },
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        'software.1.name': ['The name field is required.'],
        'software.2.name': ['The name may not be greater than 100 characters.'],
        'software.3.name': ['This software is already listed.'],
      },
    });
    expect(await stored(serverId)).toEqual(before);
    // Exactly 100 characters is allowed; a list that is not a list is not.
    expect((await put(otherServerId, [{ name: 'y'.repeat(100) }])).statusCode).toBe(200);
    expect((await put(otherServerId, 'IIS')).statusCode).toBe(422);
  });

  it("refuses another server's row id, so a save cannot take software from another server", async () => {
    const { id: serverId, software } = await serverWith(['SQL Server 2022']);
    const [sql] = software as [ServerSoftware];
    const otherServerId = await newDevice('APP02');
    const response = await put(otherServerId, [{ id: sql.id, name: 'Stolen' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      errors: { 'software.0.id': ['The selected software is not on this server.'] },
    });
    expect(await stored(serverId)).toContain('SQL Server 2022');
  });

  it('refuses to remove a row a backup strategy backs up, naming the strategy; a rename is fine', async () => {
    const { id: serverId, software } = await serverWith(['SQL Server 2022', 'Veeam Agent']);
    const [sql, veeam] = software as [ServerSoftware, ServerSoftware];
    const strategyId = await backupOf(2, [sql.id]);
    const removing = await put(serverId, [{ id: veeam.id, name: 'Veeam Agent' }]);
    expect(removing.statusCode).toBe(422);
    expect(removing.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        software: [
          `SQL Server 2022 is backed up by backup strategy #${strategyId} (Full, Windows Server Backup): change that strategy before removing it.`,
        ],
      },
    });
    expect(await stored(serverId)).toContain('SQL Server 2022');

    const renaming = await put(serverId, [
      { id: sql.id, name: 'SQL Server 2022 CU12' },
      { id: veeam.id, name: 'Veeam Agent' },
    ]);
    expect(renaming.statusCode).toBe(200);
    const strategy = await ctx.app.inject({
      method: 'GET',
      url: `/api/strategies/backup/${strategyId}`,
      headers: bearer(staff),
    });
    expect(strategy.json<{ data: { source_names: string[] }[] }>().data[0]!.source_names).toEqual([
      'SQL Server 2022 CU12 (APP01)',
    ]);
  });

  it('answers 422 for a device that is not a server, 404 for its list and for an unknown device', async () => {
    const workstationId = await newDevice('WS01', 'workstations');
    const response = await put(workstationId, [{ name: 'Office' }]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { software: ['Only servers have a software list.'] },
    });
    expect(await stored(workstationId)).toEqual([]);
    expect((await get(workstationId)).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await put(999_999, [])).statusCode).toBe(404);
  });

  it("keeps a server's drive ids by letter when its device form is saved, and the drives a strategy picks", async () => {
    const deviceBody = (drives: { letter: string; size: number }[]) => ({
      company_id: companyId,
      site_id: siteId,
      type: 'servers',
      name: 'FS01',
      drives,
    });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(staff),
      payload: deviceBody([
        { letter: 'C', size: 240 },
        { letter: 'D', size: 2000 },
      ]),
    });
    const id = created.json<{ data: { id: number } }>().data.id;
    const drivesOf = () =>
      ctx.db.select().from(serverDrives).where(eq(serverDrives.deviceId, id)).orderBy(serverDrives.letter);
    const [c] = await drivesOf();
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: bearer(staff),
      payload: deviceBody([
        { letter: 'C', size: 480 },
        { letter: 'E', size: 4000 },
      ]),
    });
    expect(updated.statusCode).toBe(200);
    const { updatedAt } = (await ctx.db.select().from(devices).where(eq(devices.id, id)))[0]!;
    const after = await drivesOf();
    expect(after.map((drive) => [drive.letter, drive.size])).toEqual([
      ['C', 480],
      ['E', 4000],
    ]);
    expect(after[0]!.id).toBe(c!.id);

    // A drive a strategy picks, as its source or its destination, stays until the strategy changes.
    const [e] = after.slice(1);
    const strategyId = await backupOf(1, [c!.id], [e!.id]);
    const removing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: bearer(staff),
      payload: deviceBody([{ letter: 'F', size: 100 }]),
    });
    expect(removing.statusCode).toBe(422);
    const refusal = (drive: string) =>
      `Drive ${drive}: is used by backup strategy #${strategyId} (Full, Windows Server Backup): ` +
      'change that strategy before removing it.';
    expect(removing.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { drives: [refusal('C'), refusal('E')] },
    });
    expect((await drivesOf()).map((drive) => drive.letter)).toEqual(['C', 'E']);
    const [device] = await ctx.db.select().from(devices).where(eq(devices.id, id));
    expect(device!.updatedAt).toEqual(updatedAt);
  });

  it('refuses to delete a device a strategy picks, itself or through its drives or software, naming the strategy', async () => {
    const [workstation, spare] = await ctx.db
      .insert(devices)
      .values([
        { companyId, siteId, type: 'workstations', name: 'WS-07' },
        { companyId, siteId, type: 'workstations', name: 'WS-08' },
      ])
      .returning();
    const strategyId = await backupOf(4, [workstation!.id]);
    // A server whose SQL Server a strategy backs up.
    const { id: serverId, software } = await serverWith(['SQL Server 2022', 'Veeam Agent']);
    await backupOf(2, [software[0]!.id]);
    const remove = (id: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: bearer(staff) });
    const refused = await remove(workstation!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: `WS-07 is used by backup strategy #${strategyId} (Full, Windows Server Backup): change that strategy before removing it.`,
    });
    // The server whose SQL Server a strategy backs up stays too; a device no strategy picks goes.
    expect((await remove(serverId)).statusCode).toBe(409);
    expect(await ctx.db.select().from(devices).where(eq(devices.id, serverId))).toHaveLength(1);
    expect((await remove(spare!.id)).statusCode).toBe(200);
    expect(await ctx.db.select().from(devices).where(eq(devices.id, spare!.id))).toHaveLength(0);
  });

  it('is staff only: a client account of the company gets 403, no token 401', async () => {
    const { id: serverId } = await serverWith(['SQL Server 2022', 'Veeam Agent']);
    expect((await get(serverId, clientToken)).statusCode).toBe(403);
    expect((await put(serverId, [], clientToken)).statusCode).toBe(403);
    expect(await stored(serverId)).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/devices/${serverId}/software` })).statusCode).toBe(401);
  });
});
