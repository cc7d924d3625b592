import type { AddressInfo } from 'node:net';
import {
  backupDeviceSchema,
  backupStrategyDetailSchema,
  backupStrategyRowSchema,
  emptySchedule,
  refreshStrategiesResponseSchema,
} from '@switchboard/shared';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { serverSoftware } from './strategies.table.ts';

describe('strategies API (spec 2 §7 Strategies, decision 0050)', () => {
  let ctx: TestContext;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];
  let staff: string;
  let staffUser: TestUser;

  // Read-only for every test: the SMTP catcher and the member of staff.
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            to: session.envelope.rcptTo.map((address) => address.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    ctx = await createTestContext({
      config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` },
    });
    staffUser = await createUser(ctx.db, { name: 'Dana Scully', email: 'dana@example.test' });
    staff = (await login(ctx.app, staffUser.email, staffUser.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  const get = (url: string, token = staff) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = staff) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  let fixtures = 0;

  /** Each test's own company (devices, drives, software, a client account) beside another company. */
  async function refreshCompany() {
    const n = ++fixtures;
    const companyName = `Refresh Co ${n}`;
    const [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
      .insert(companies)
      .values([{ name: companyName }, { name: `Other Co ${n}` }])
      .returning({ id: companies.id });
    const clientUser = await createUser(ctx.db, {
      type: 'Client',
      companyId,
      name: 'Walter Skinner',
      email: `walter${n}@example.test`,
    });
    const clientToken = (await login(ctx.app, clientUser.email, clientUser.password)).access_token;
    const outsider = await createUser(ctx.db, { type: 'Client', companyId: otherCompanyId, name: 'Alex Krycek' });
    const [{ id: siteId }, { id: otherSiteId }] = await ctx.db
      .insert(sites)
      .values([
        { companyId, name: 'HQ' },
        { companyId: otherCompanyId, name: 'Away' },
      ])
      .returning({ id: sites.id });
    const year = new Date().getUTCFullYear();
    const rows = await ctx.db
      .insert(devices)
      .values([
        { companyId, siteId, type: 'servers', name: 'DC01', assetTag: 'S-1', purchaseDate: `${year - 5}-02-01` },
        { companyId, siteId, type: 'workstations', name: 'WS01', purchaseDate: `${year - 1}-02-01` },
        { companyId, siteId, type: 'workstations', name: 'WS02', purchaseDate: `${year - 4}-02-01` },
        { companyId, siteId, type: 'printers', name: 'PR01', purchaseDate: null },
        { companyId, siteId, type: 'nas', name: 'NAS01' },
        { companyId: otherCompanyId, siteId: otherSiteId, type: 'servers', name: 'FAR01' },
      ])
      .returning({ id: devices.id });
    const serverId = rows[0]!.id;
    const nasId = rows[4]!.id;
    const [{ id: driveC }, { id: driveD }, { id: otherDrive }] = await ctx.db
      .insert(serverDrives)
      .values([
        { deviceId: serverId, letter: 'C', size: 240 },
        { deviceId: serverId, letter: 'D', size: 2000 },
        { deviceId: rows[5]!.id, letter: 'C', size: 100 },
      ])
      .returning({ id: serverDrives.id });
    const [{ id: softwareId }] = await ctx.db
      .insert(serverSoftware)
      .values({ deviceId: serverId, name: 'SQL Server 2019' })
      .returning({ id: serverSoftware.id });
    return {
      companyId,
      companyName,
      otherCompanyId,
      clientUser,
      clientToken,
      outsider,
      serverId,
      nasId,
      driveC,
      driveD,
      otherDrive,
      softwareId,
    };
  }
  type Fixture = Awaited<ReturnType<typeof refreshCompany>>;

  /** The refresh strategy of the create test, its mail sent before the test goes on. */
  async function createRefresh(f: Fixture): Promise<number> {
    const response = await send('POST', '/api/strategies/refresh', {
      company_id: f.companyId,
      date: '2026-03-02',
      emails: [f.clientUser.id, staffUser.id],
      server_priority: '<p>Replace <b>DC01</b> first.</p>',
      overview: '<p>Steady plan.</p>',
    });
    expect(response.statusCode, response.body).toBe(200);
    await settleBackgroundMail(ctx.db);
    return response.json<{ data: { id: number } }>().data.id;
  }

  describe('refresh strategies', () => {
    it('lists devices by singular group, with refresh years at purchase year plus 5, and who may be mailed', async () => {
      const f = await refreshCompany();
      const response = await get(`/api/strategies/refresh?company_id=${f.companyId}`);
      expect(response.statusCode).toBe(200);
      const { data } = expectExactShape(refreshStrategiesResponseSchema, response.json());
      expect(data.strategies).toEqual([]);
      const year = new Date().getUTCFullYear();
      expect(data.devices.server.map((device) => [device.name, device.refresh_year])).toEqual([['DC01', year]]);
      // Spec 2 §9: the refresh date is the purchase year plus 5 for workstations too (their colour uses 3).
      expect(data.devices.workstations.map((device) => device.refresh_year)).toEqual([year + 4, year + 1]);
      expect(data.devices.printer.map((device) => device.refresh_year)).toEqual([null]);
      expect(data.devices.nas.map((device) => device.name)).toEqual(['NAS01']);
      const emails = data.users.map((user) => user.email);
      expect(emails).toContain('dana@example.test');
      expect(emails).toContain(f.clientUser.email);
      expect(emails).not.toContain(f.outsider.email);
    });

    it('creates a strategy, renders its PDF and mails it as an attachment to each recipient', async () => {
      const f = await refreshCompany();
      received.length = 0;
      const response = await send('POST', '/api/strategies/refresh', {
        company_id: f.companyId,
        date: '2026-03-02',
        emails: [f.clientUser.id, staffUser.id],
        server_priority: '<p>Replace <b>DC01</b> first.</p>',
        overview: '<p>Steady plan.</p>',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ message: 'Refresh Strategy Saved.', data: { revision: 0 } });
      const strategyId = response.json<{ data: { id: number } }>().data.id;

      const pdf = await get(`/api/pdf/refresh_strategy/${strategyId}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

      await settleBackgroundMail(ctx.db);
      expect(received.map((mail) => mail.to).sort()).toEqual([['dana@example.test'], [f.clientUser.email]]);
      const parsed = await simpleParser(received[0]!.raw);
      expect(parsed.subject).toBe(`Refresh Strategy 2026-03-02: ${f.companyName}`);
      expect(parsed.attachments).toHaveLength(1);
      expect(parsed.attachments[0]!.contentType).toBe('application/pdf');
      expect(parsed.attachments[0]!.content.subarray(0, 4).toString()).toBe('%PDF');
    });

    it('lists one strategy with its recipients, the adder and the notes', async () => {
      const f = await refreshCompany();
      const strategyId = await createRefresh(f);
      const { data } = expectExactShape(
        refreshStrategiesResponseSchema,
        (await get(`/api/strategies/refresh?company_id=${f.companyId}`)).json(),
      );
      expect(data.strategies).toHaveLength(1);
      expect(data.strategies[0]).toMatchObject({
        id: strategyId,
        date: '2026-03-02',
        user: { id: staffUser.id, name: 'Dana Scully' },
        server_priority: '<p>Replace <b>DC01</b> first.</p>',
        overview: '<p>Steady plan.</p>',
        hdd_priority: '',
      });
      expect(data.strategies[0]!.emails.map((entry) => `${entry.name} - ${entry.email}`)).toEqual([
        'Dana Scully - dana@example.test',
        `Walter Skinner - ${f.clientUser.email}`,
      ]);
    });

    it('updates by id: recipients replaced, a new PDF revision when the content changed', async () => {
      const f = await refreshCompany();
      const strategyId = await createRefresh(f);
      received.length = 0;
      const response = await send('POST', '/api/strategies/refresh', {
        id: strategyId,
        company_id: f.companyId,
        date: '2026-03-03',
        emails: [staffUser.id],
        overview: '<p>Changed.</p>',
      });
      expect(response.json()).toMatchObject({ data: { id: strategyId, revision: 1 } });
      const { data } = (await get(`/api/strategies/refresh?company_id=${f.companyId}`)).json<{
        data: { strategies: { date: string; emails: unknown[] }[] };
      }>();
      expect(data.strategies).toHaveLength(1);
      expect(data.strategies[0]).toMatchObject({ date: '2026-03-03', emails: [{ user_id: staffUser.id }] });
      await settleBackgroundMail(ctx.db);
      expect(received.map((mail) => mail.to)).toEqual([['dana@example.test']]);
    });

    it('mails typed addresses as well as users (spec 2 §3: users or email entries), each address once', async () => {
      const f = await refreshCompany();
      received.length = 0;
      const response = await send('POST', '/api/strategies/refresh', {
        company_id: f.companyId,
        date: '2026-04-01',
        // A typed address of a user who may be mailed is that user; the same address twice is mailed once.
        emails: [
          staffUser.id,
          'owner@refresh.example',
          ` ${f.clientUser.email.toUpperCase()} `,
          'OWNER@refresh.example',
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
      const id = response.json<{ data: { id: number } }>().data.id;
      const { data } = (await get(`/api/strategies/refresh?company_id=${f.companyId}`)).json<{
        data: { strategies: { id: number; emails: { user_id: number | null; name: string; email: string }[] }[] };
      }>();
      const emails = data.strategies.find((strategy) => strategy.id === id)!.emails;
      expect(emails.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
        { user_id: staffUser.id, name: 'Dana Scully', email: 'dana@example.test' },
        { user_id: null, name: 'owner@refresh.example', email: 'owner@refresh.example' },
        { user_id: f.clientUser.id, name: 'Walter Skinner', email: f.clientUser.email },
      ]);
      await settleBackgroundMail(ctx.db);
      expect(received.map((mail) => mail.to[0]).sort()).toEqual([
        'dana@example.test',
        'owner@refresh.example',
        f.clientUser.email,
      ]);
      const bad = await send('POST', '/api/strategies/refresh', {
        company_id: f.companyId,
        date: '2026-04-01',
        emails: ['not an address'],
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ 'emails.0': ['Each recipient must be a user or an e-mail address.'] });
    });

    it('refuses a missing or impossible date and a recipient of another company', async () => {
      const f = await refreshCompany();
      const missing = await send('POST', '/api/strategies/refresh', { company_id: f.companyId });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { date: ['The date field is required.'] },
      });
      const impossible = await send('POST', '/api/strategies/refresh', { company_id: f.companyId, date: '2026-02-30' });
      expect(impossible.json().errors).toEqual({ date: ['The date is not a valid date.'] });
      const stranger = await send('POST', '/api/strategies/refresh', {
        company_id: f.companyId,
        date: '2026-03-02',
        emails: [f.outsider.id],
      });
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json().errors).toEqual({
        emails: ['Each recipient must be staff or an account of this company.'],
      });
    });

    it("does not update another company's strategy through this company, nor read an unknown company", async () => {
      const f = await refreshCompany();
      const strategyId = await createRefresh(f);
      const moved = await send('POST', '/api/strategies/refresh', {
        id: strategyId,
        company_id: f.otherCompanyId,
        date: '2026-03-02',
      });
      expect(moved.statusCode).toBe(404);
      expect((await get('/api/strategies/refresh?company_id=999999')).statusCode).toBe(404);
    });

    it('is staff work: a client account gets 403, no token 401', async () => {
      const f = await refreshCompany();
      expect((await get(`/api/strategies/refresh?company_id=${f.companyId}`, f.clientToken)).statusCode).toBe(403);
      const post = await send(
        'POST',
        '/api/strategies/refresh',
        { company_id: f.companyId, date: '2026-03-02' },
        f.clientToken,
      );
      expect(post.statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/strategies/refresh?company_id=${f.companyId}` })).statusCode,
      ).toBe(401);
    });

    it("lets the company's own client read the mailed PDF, and no other client", async () => {
      const f = await refreshCompany();
      const strategyId = await createRefresh(f);
      expect((await get(`/api/pdf/refresh_strategy/${strategyId}`, f.clientToken)).statusCode).toBe(200);
      const other = (await login(ctx.app, f.outsider.email, f.outsider.password)).access_token;
      expect((await get(`/api/pdf/refresh_strategy/${strategyId}`, other)).statusCode).toBe(404);
    });
  });

  describe('backup strategies', () => {
    const strategy = (f: Fixture, overrides: Record<string, unknown> = {}) => ({
      company_id: f.companyId,
      source_type: 1,
      source: [f.driveC, f.driveD],
      backup_type: 2,
      schedule: emptySchedule('Full'),
      program: 3,
      software: 'Datto SIRIS 5',
      destination_type: 6,
      destination: [f.nasId],
      offsite_backup_location: 'Datto cloud',
      local_backup_location: 'NAS01 share',
      notes: 'Verify monthly.',
      ...overrides,
    });
    const createBackup = async (f: Fixture) => {
      const created = await send('POST', '/api/strategies/backup', strategy(f));
      expect(created.statusCode, created.body).toBe(200);
      return created.json<{ data: { id: number } }>().data.id;
    };

    it('gives devices with drives and software for a type', async () => {
      const f = await refreshCompany();
      const servers = await get(`/api/backup/strategies/devices/1/${f.companyId}`);
      const { data } = expectExactShape(z.object({ data: z.array(backupDeviceSchema) }), servers.json());
      expect(data).toEqual([
        {
          id: f.serverId,
          name: 'DC01',
          type: 'servers',
          drives: [
            { id: f.driveC, letter: 'C', size: 240 },
            { id: f.driveD, letter: 'D', size: 2000 },
          ],
          software: [{ id: f.softwareId, name: 'SQL Server 2019' }],
        },
      ]);
      const storage = (await get(`/api/backup/strategies/devices/6/${f.companyId}`)).json<{
        data: { name: string }[];
      }>();
      expect(storage.data.map((device) => device.name)).toEqual(['NAS01']);
      expect((await get(`/api/backup/strategies/devices/3/${f.companyId}`)).json()).toEqual({ data: [] });
    });

    it('creates, lists with the schedule as JSON text, reads and updates', async () => {
      const f = await refreshCompany();
      const created = await send('POST', '/api/strategies/backup', strategy(f));
      expect(created.statusCode).toBe(200);
      expect(created.json().message).toBe('Backup Strategy Created.');
      const strategyId = created.json<{ data: { id: number } }>().data.id;

      const list = await get(`/api/strategies/backup?company_id=${f.companyId}&page=1&per_page=10`);
      const page = list.json<{ data: unknown[]; total: number; last_page: number }>();
      expect(page).toMatchObject({ total: 1, current_page: 1, per_page: 10, from: 1, to: 1, last_page: 1 });
      const row = expectExactShape(backupStrategyRowSchema, page.data[0]);
      expect(JSON.parse(row.schedule!)).toEqual(emptySchedule('Full'));
      expect(row.source_names).toEqual(['DC01 C:', 'DC01 D:']);
      expect(row.destination_names).toEqual(['NAS01']);

      const detail = (await get(`/api/strategies/backup/${strategyId}`)).json<{ data: unknown[] }>();
      const first = expectExactShape(backupStrategyDetailSchema, detail.data[0]);
      expect(first.drives.map((drive) => `${drive.server} ${drive.letter}`)).toEqual(['DC01 C', 'DC01 D']);
      expect(first.server_software).toEqual([{ id: f.softwareId, name: 'SQL Server 2019', server_id: f.serverId }]);

      const updated = await send(
        'PUT',
        `/api/strategies/backup/${strategyId}`,
        strategy(f, { backup_type: 1, schedule: { ...emptySchedule('Continuous'), repeats: 0.5 }, source: [f.driveC] }),
      );
      expect(updated.json()).toEqual({ message: 'Backup Strategy Updated.', data: { id: strategyId } });
      const after = (await get(`/api/strategies/backup/${strategyId}`)).json<{
        data: { schedule: string; source: number[] }[];
      }>();
      expect(JSON.parse(after.data[0]!.schedule)).toMatchObject({ shape: 'Continuous', repeats: 0.5 });
      expect(after.data[0]!.source).toEqual([f.driveC]);
    });

    it("accepts spec 2 §3's schedule without a shape key, its weekly day as a one-day list", async () => {
      const f = await refreshCompany();
      const { shape: _shape, ...specSchedule } = emptySchedule('Full');
      const created = await send(
        'POST',
        '/api/strategies/backup',
        strategy(f, {
          schedule: { ...specSchedule, weekly_sched: [7] },
        }),
      );
      expect(created.statusCode).toBe(200);
      const id = created.json<{ data: { id: number } }>().data.id;
      const detail = (await get(`/api/strategies/backup/${id}`)).json<{ data: { schedule: string }[] }>();
      expect(JSON.parse(detail.data[0]!.schedule)).toEqual({ ...emptySchedule('Full'), weekly_sched: 7 });
      expect((await send('DELETE', `/api/strategies/backup/${id}`)).statusCode).toBe(200);
    });

    it('holds the repeat interval, retain counts, the monthly toggle and the shape to their rules', async () => {
      const f = await refreshCompany();
      const errorsOf = async (payload: object) => {
        const response = await send('POST', '/api/strategies/backup', payload);
        expect(response.statusCode).toBe(422);
        return response.json<{ errors: Record<string, string[]> }>().errors;
      };
      expect(
        await errorsOf(strategy(f, { backup_type: 1, schedule: { ...emptySchedule('Continuous'), repeats: 49 } })),
      ).toEqual({ 'schedule.repeats': ['The repeat interval may not be greater than 48.'] });
      expect(
        await errorsOf(strategy(f, { backup_type: 1, schedule: { ...emptySchedule('Continuous'), repeats: 0.25 } })),
      ).toEqual({ 'schedule.repeats': ['The repeat interval goes in steps of 0.5 hours.'] });
      expect(await errorsOf(strategy(f, { schedule: { ...emptySchedule('Full'), weekly_images: -1 } }))).toEqual({
        'schedule.weekly_images': ['Retain counts may not be negative.'],
      });
      expect(
        await errorsOf(strategy(f, { schedule: { ...emptySchedule('Full'), monthly_time: 2, monthly_day: 9 } })),
      ).toEqual({
        'schedule.monthly_day': [
          'Choose either a week (1st, 2nd, 3rd or Last with a weekday) or a day (First or Last) for the monthly backup.',
        ],
      });
      expect(await errorsOf(strategy(f, { backup_type: 3 }))).toEqual({
        schedule: ['The schedule must be a Mixed schedule.'],
      });
      expect(await errorsOf(strategy(f, { source_type: 9 }))).toEqual({ source_type: ['The source type is invalid.'] });
    });

    it("refuses drives and devices that are not this company's or not of the type", async () => {
      const f = await refreshCompany();
      const strategyId = await createBackup(f);
      const response = await send('POST', '/api/strategies/backup', strategy(f, { source: [f.otherDrive] }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        source: ["The source is not one of this company's choices for its type."],
      });
      const wrongKind = await send('POST', '/api/strategies/backup', strategy(f, { destination: [f.serverId] }));
      expect(wrongKind.json().errors).toEqual({
        destination: ["The destination is not one of this company's choices for its type."],
      });
      const moved = await send(
        'PUT',
        `/api/strategies/backup/${strategyId}`,
        strategy(f, { company_id: f.otherCompanyId, source: [], destination: [] }),
      );
      expect(moved.json().errors).toEqual({ company_id: ['A backup strategy stays with its company.'] });
    });

    it('is staff work and 404s what does not exist', async () => {
      const f = await refreshCompany();
      const strategyId = await createBackup(f);
      expect((await get(`/api/strategies/backup?company_id=${f.companyId}`, f.clientToken)).statusCode).toBe(403);
      expect((await get(`/api/strategies/backup/${strategyId}`, f.clientToken)).statusCode).toBe(403);
      expect((await get(`/api/backup/strategies/devices/1/${f.companyId}`, f.clientToken)).statusCode).toBe(403);
      expect((await send('POST', '/api/strategies/backup', strategy(f), f.clientToken)).statusCode).toBe(403);
      expect((await get('/api/strategies/backup/999999')).statusCode).toBe(404);
      expect((await send('PUT', '/api/strategies/backup/999999', strategy(f))).statusCode).toBe(404);
      expect((await get(`/api/strategies/backup?company_id=999999`)).statusCode).toBe(404);
    });

    it('deletes', async () => {
      const f = await refreshCompany();
      const strategyId = await createBackup(f);
      expect((await send('DELETE', `/api/strategies/backup/${strategyId}`)).json()).toEqual({
        message: 'Backup Strategy Deleted.',
      });
      expect((await get(`/api/strategies/backup/${strategyId}`)).statusCode).toBe(404);
      expect((await send('DELETE', `/api/strategies/backup/${strategyId}`)).statusCode).toBe(404);
    });
  });
});
