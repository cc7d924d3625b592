import type { Device } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from './devices.table.ts';

describe('devices API (spec 2 devices, decision 0020)', () => {
  let ctx: TestContext;
  let staff: string;
  let companyId: number;
  let otherCompanyId: number;
  let siteId: number;
  let otherSiteId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const employee = await createUser(ctx.db);
    staff = (await login(ctx.app, employee.email, employee.password)).access_token;
    [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
      .insert(companies)
      .values([{ name: 'Device Co' }, { name: 'Other Co' }])
      .returning({ id: companies.id });
    [{ id: siteId }, { id: otherSiteId }] = await ctx.db
      .insert(sites)
      .values([
        { companyId, name: 'HQ', city: 'Austin' },
        { companyId: otherCompanyId, name: 'Elsewhere', city: 'Dallas' },
      ])
      .returning({ id: sites.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const server = (overrides: Record<string, unknown> = {}) => ({
    company_id: companyId,
    site_id: siteId,
    type: 'servers',
    name: 'DC01',
    asset_tag: 'SRV-0001',
    purchase_date: '2022-03-15',
    warranty_date: '2027-03-15',
    operating_system_id: 21,
    antivirus_id: 2,
    roles: 'Domain Controller, DNS, DHCP',
    scheduled_maintenance: 1,
    drives: [
      { letter: 'C', size: 240 },
      { letter: 'D', size: 2000 },
    ],
    ...overrides,
  });

  it('creates a server with two drives and reads it back with names and its refresh year', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(staff),
      payload: server(),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Device created.');
    const id = created.json<{ data: { id: number } }>().data.id;
    const device = (await ctx.app.inject({ method: 'GET', url: `/api/devices/${id}`, headers: bearer(staff) })).json<{
      data: Device;
    }>().data;
    expect(device).toMatchObject({
      name: 'DC01',
      site: 'HQ',
      company: 'Device Co',
      operating_system: 'Windows Server 2022',
      antivirus: 'AVG File Server Business Edition',
      refresh_year: 2027,
      scheduled_maintenance: 1,
    });
    expect(device.drives.map((drive) => [drive.letter, drive.size])).toEqual([
      ['C', 240],
      ['D', 2000],
    ]);
    const drives = await ctx.app.inject({ method: 'GET', url: `/api/drives/${id}`, headers: bearer(staff) });
    expect(drives.json().data[0].drives).toHaveLength(2);
  });

  it('answers 422 for a site of another company, wrong software and duplicate drive letters, writing nothing', async () => {
    const before = await ctx.db.$count(devices);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(staff),
      payload: server({ site_id: otherSiteId, operating_system_id: 1 }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      site_id: ['The selected site is invalid.'],
      operating_system_id: ['The selected operating system is invalid.'],
    });
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(staff),
      payload: server({
        drives: [
          { letter: 'C', size: 1 },
          { letter: 'c', size: 2 },
        ],
      }),
    });
    expect(twice.json().errors.drives).toEqual(['Each drive letter may appear once.']);
    const printerWithOs = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(staff),
      payload: server({ type: 'printers', drives: [], operating_system_id: 21 }),
    });
    expect(printerWithOs.json().errors.operating_system_id).toEqual(['The selected operating system is invalid.']);
    expect(await ctx.db.$count(devices)).toBe(before);
  });

  it('updates drives, lists by company and type, exports CSV and deletes', async () => {
    const id = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: bearer(staff),
        payload: server({ name: 'FS01' }),
      })
    ).json().data.id;
    const updated = await ctx.app.inject({
      method: 'PUT',
      url: `/api/devices/${id}`,
      headers: bearer(staff),
      payload: server({ name: 'FS01', drives: [{ letter: 'E', size: 4000 }] }),
    });
    expect(updated.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/devices?company_id=${companyId}&type=servers&search=fs0`,
      headers: bearer(staff),
    });
    expect(list.json().data).toMatchObject([{ name: 'FS01', drives: [{ letter: 'E', size: 4000 }] }]);
    expect(list.json().total).toBe(1);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/devices/export?company_id=${companyId}&type=servers`,
      headers: bearer(staff),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'Site,Name,Asset Tag,Serial Number,Model,Purchase Date,Warranty Date,Operating System,Antivirus,Roles,Scheduled Maintenance,Drives,Notes',
    );
    expect(csv.body).toContain('HQ,FS01,SRV-0001');
    const options = await ctx.app.inject({
      method: 'GET',
      url: `/api/devices.list.${companyId}`,
      headers: bearer(staff),
    });
    expect(options.json().data.some((device: { name: string }) => device.name === 'FS01')).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/devices/${id}`, headers: bearer(staff) })).json().message,
    ).toBe('Device deleted.');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/devices/${id}`, headers: bearer(staff) })).statusCode,
    ).toBe(404);
  });

  it('imports a CSV all or nothing, with errors per row', async () => {
    const before = await ctx.db.$count(devices);
    const rows = [
      { site: 'HQ', name: 'WS-101', purchase_date: '01/15/2024', operating_system: 'Windows 11 Pro' },
      { site: 'Nowhere', name: 'WS-102', operating_system: 'Windows Server 2022' },
    ];
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/import',
      headers: bearer(staff),
      payload: { company_id: companyId, type: 'workstations', rows },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toMatchObject({
      'rows.1.site': ['No site named "Nowhere".'],
      'rows.1.operating_system': ['Unknown operating system "Windows Server 2022".'],
    });
    expect(await ctx.db.$count(devices)).toBe(before);

    rows[1] = { site: 'hq', name: 'WS-102', operating_system: '' } as (typeof rows)[number];
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/devices/import',
      headers: bearer(staff),
      payload: { company_id: companyId, type: 'workstations', rows },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().message).toBe('2 devices imported.');
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/devices?company_id=${companyId}&type=workstations`,
      headers: bearer(staff),
    });
    expect(list.json().data.map((device: Device) => [device.name, device.purchase_date])).toEqual([
      ['WS-101', '2024-01-15'],
      ['WS-102', null],
    ]);
  });

  it('lets a client account list only its own company devices, and nothing else', async () => {
    const client = await createUser(ctx.db, { type: 'Client', companyId });
    const token = (await login(ctx.app, client.email, client.password)).access_token;
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/devices.list.${companyId}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/devices.list.${otherCompanyId}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/devices', headers: bearer(token) })).statusCode).toBe(403);
  });
});
