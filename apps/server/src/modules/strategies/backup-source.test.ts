import { emptySchedule } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';

// Issue 26 §2.9: a backup strategy whose source is a Server (spec 2 §3 source type 1) backs up its drives, so it
// names at least one; with none it is refused on the drive field (`source`) and nothing is saved.
describe('a Server source names its drives (spec 2 §3)', () => {
  let ctx: TestContext;
  let token: string;
  let companyId: number;
  let driveC: number;
  let nasId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const staff = await createUser(ctx.db, { name: 'Dana Scully' });
    token = (await login(ctx.app, staff.email, staff.password)).access_token;
    [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Backup Co' }).returning({ id: companies.id });
    const [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'HQ' }).returning({ id: sites.id });
    const [server, nas] = await ctx.db
      .insert(devices)
      .values([
        { companyId, siteId, type: 'servers', name: 'DC01' },
        { companyId, siteId, type: 'nas', name: 'NAS01' },
      ])
      .returning({ id: devices.id });
    nasId = nas!.id;
    [{ id: driveC }] = await ctx.db
      .insert(serverDrives)
      .values({ deviceId: server!.id, letter: 'C', size: 240 })
      .returning({ id: serverDrives.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const strategy = (overrides: Record<string, unknown> = {}) => ({
    company_id: companyId,
    source_type: 1,
    source: [driveC],
    backup_type: 2,
    schedule: emptySchedule('Full'),
    program: 3,
    destination_type: 6,
    destination: [nasId],
    ...overrides,
  });
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), payload });
  const count = async () =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/strategies/backup?company_id=${companyId}`,
        headers: bearer(token),
      })
    ).json<{ total: number }>().total;

  it('refuses a Server source with no drive chosen, on create and on update, with a 422 on the drive field', async () => {
    const before = await count();
    const refused = await send('POST', '/api/strategies/backup', strategy({ source: [] }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { source: ['Choose at least one drive of the server to back up.'] },
    });
    expect(await count()).toBe(before);

    const created = await send('POST', '/api/strategies/backup', strategy());
    expect(created.statusCode).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    const emptied = await send('PUT', `/api/strategies/backup/${id}`, strategy({ source: [] }));
    expect(emptied.statusCode).toBe(422);
    expect(emptied.json().errors).toEqual({ source: ['Choose at least one drive of the server to back up.'] });
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/strategies/backup/${id}`,
      headers: bearer(token),
    });
    expect(detail.json<{ data: { source: number[] }[] }>().data[0]!.source).toEqual([driveC]);
  });

  it('still takes a source that picks nothing (a Hosted Solution) with no drive', async () => {
    const hosted = await send('POST', '/api/strategies/backup', strategy({ source_type: 3, source: [] }));
    expect(hosted.statusCode).toBe(200);
  });
});
