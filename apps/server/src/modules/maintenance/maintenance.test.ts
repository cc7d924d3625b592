import {
  ANSWER_NA,
  ANSWER_YES,
  TICKET_STATUS_CLOSED,
  TICKET_STATUS_OPEN,
  analysisQuestionIds,
  analysisRecordSchema,
  baselineQuestionIds,
  baselineRecordSchema,
  baselineSavedMessage,
  exchangeRecordSchema,
  exchangeSavedMessage,
  exchangeUpdatedMessage,
  maintenanceCompanySchema,
  maintenanceNotesConflictMessage,
  maintenanceNotesResponseSchema,
  maintenanceNotesSavedMessage,
  maintenanceTicketCheckInsSchema,
  notesRequiredMessage,
  ticketCreatedMessage,
  ticketChannel,
  type MaintenanceCompany,
} from '@switchboard/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema } from '../../db/paginate.ts';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { deviceServerRoles, devices, serverDrives, serverRoles } from '../devices/devices.table.ts';
import { ticketAttachments, tickets } from '../tickets/tickets.table.ts';
import { seedMaintenanceDemo } from './maintenance.demo.ts';
import { maintenanceMonthJob } from './maintenance.routes.ts';
import { openMonthTickets } from './maintenance.service.ts';
import { baselineChecklists, maintenanceNotes, maintenanceTickets, serverAnalyses } from './maintenance.table.ts';

describe('Scheduled Maintenance (spec 2 §2, §7; issue 19 parts 1-5)', () => {
  let ctx: TestContext;
  let staff: string;
  let noChat: string;
  let client: string;
  const month = 3;
  const year = 2026;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = staff) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  // Read-only for every test: the staff member, a member of staff without the area, a client account.
  beforeAll(async () => {
    ctx = await createTestContext();
    const tech = await createUser(ctx.db, { name: 'Mia Maint', permissions: ['view chat'] });
    staff = (await login(ctx.app, tech.email, tech.password)).access_token;
    const plain = await createUser(ctx.db, { name: 'No Chat' });
    noChat = (await login(ctx.app, plain.email, plain.password)).access_token;
    const [{ id: clientCompany }] = await ctx.db
      .insert(companies)
      .values({ name: 'Client Co' })
      .returning({ id: companies.id });
    const account = await createUser(ctx.db, { type: 'Client', companyId: clientCompany, permissions: ['view chat'] });
    client = (await login(ctx.app, account.email, account.password)).access_token;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  interface Fixture {
    companyId: number;
    companyName: string;
    siteId: number;
    serverId: number;
    otherServerId: number;
    driveIds: number[];
  }
  let fixtures = 0;

  /** Each test's own company, with a scheduled server DC01 (drives C and D) and an unscheduled FS01. */
  async function scheduledServer(): Promise<Fixture> {
    const companyName = `Server Co ${++fixtures}`;
    const [{ id: companyId }] = await ctx.db
      .insert(companies)
      .values({ name: companyName })
      .returning({ id: companies.id });
    const [{ id: siteId }] = await ctx.db
      .insert(sites)
      .values({ companyId, name: 'HQ', city: 'Austin' })
      .returning({ id: sites.id });
    // Through the device API, so the roles text becomes named roles.
    const created = await api('POST', '/devices', {
      company_id: companyId,
      site_id: siteId,
      type: 'servers',
      name: 'DC01',
      antivirus_id: 2,
      roles: 'Domain Controller, DNS; domain controller',
      scheduled_maintenance: 1,
      drives: [
        { letter: 'C', size: 240 },
        { letter: 'D', size: 2000 },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const serverId = created.json<{ data: { id: number } }>().data.id;
    const driveIds = (
      await ctx.db
        .select({ id: serverDrives.id })
        .from(serverDrives)
        .where(eq(serverDrives.deviceId, serverId))
        .orderBy(serverDrives.id)
    ).map((row) => row.id);
    const [{ id: otherServerId }] = await ctx.db
      .insert(devices)
      .values({ companyId, siteId, type: 'servers', name: 'FS01', scheduledMaintenance: 0 })
      .returning({ id: devices.id });
    return { companyId, companyName, siteId, serverId, otherServerId, driveIds };
  }

  const maintenanceTicket = (f: Fixture, extra: object = {}) =>
    api('POST', '/ticket', {
      subject: 'Scheduled Maintenance 03/2026: DC01',
      company: f.companyId,
      site: f.siteId,
      server: f.serverId,
      triage_id: 3,
      location: 1,
      month,
      year,
      ...extra,
    });
  const header = (f: Fixture, ticketId: number) => ({
    company_id: f.companyId,
    site_id: f.siteId,
    server_id: f.serverId,
    month,
    year,
    ticket_id: ticketId,
  });
  const baselineAnswers = (notes = 'Checked') =>
    baselineQuestionIds.map((id) => ({ question_id: id, answer: ANSWER_YES, notes }));
  const monthPage = async (token = staff) => {
    const response = await api('GET', `/companies/servers/${month}/${year}`, undefined, token);
    expect(response.statusCode, response.body).toBe(200);
    return expectExactShape(pageSchema(maintenanceCompanySchema), response.json());
  };
  const serverRow = (page: { data: MaintenanceCompany[] }, f: Fixture) =>
    page.data.flatMap((company) => company.sites.flatMap((site) => site.servers)).find((s) => s.id === f.serverId)!;

  /** A fixture with its month's maintenance ticket. */
  async function withTicket(): Promise<Fixture & { ticketId: number }> {
    const f = await scheduledServer();
    const response = await maintenanceTicket(f);
    expect(response.statusCode, response.body).toBe(200);
    return { ...f, ticketId: response.json<{ data: { id: number } }>().data.id };
  }

  /** A fixture with its month's ticket and a saved baseline. */
  async function withBaseline(): Promise<Fixture & { ticketId: number; baselineId: number }> {
    const f = await withTicket();
    const response = await api('POST', '/maintenance/baseline', {
      ...header(f, f.ticketId),
      answers: baselineAnswers(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return { ...f, baselineId: response.json<{ data: { id: number } }>().data.id };
  }

  it('keeps the device roles as named roles, each once, and the device form reads them back as text', async () => {
    const { serverId } = await scheduledServer();
    const names = await ctx.db
      .select({ name: serverRoles.name })
      .from(deviceServerRoles)
      .innerJoin(serverRoles, eq(serverRoles.id, deviceServerRoles.roleId))
      .where(eq(deviceServerRoles.deviceId, serverId));
    expect(names.map((row) => row.name).sort()).toEqual(['DNS', 'Domain Controller']);
    const device = (await api('GET', `/devices/${serverId}`)).json<{ data: { roles: string } }>();
    expect(device.data.roles).toBe('Domain Controller, DNS');
  });

  it('lists the month: companies with scheduled servers, roles, antivirus, every record Incomplete (null)', async () => {
    const f = await scheduledServer();
    const page = await monthPage();
    const company = page.data.find((row) => row.id === f.companyId)!;
    expect(company).toMatchObject({ id: f.companyId, name: f.companyName, sites: [{ id: f.siteId, name: 'HQ' }] });
    // FS01 is not on the schedule.
    expect(company.sites[0]!.servers.map((server) => server.name)).toEqual(['DC01']);
    const server = serverRow(page, f);
    expect(server).toMatchObject({
      sched_maint: 1,
      av: 2,
      ticket: null,
      baseline: null,
      analysis: null,
      exchange: null,
    });
    expect(server.roles.map((role) => role.name)).toEqual(['Domain Controller', 'DNS']);
  });

  it('creates the bodiless maintenance ticket (triage 3, location 1) linked to its server, once per month', async () => {
    const f = await scheduledServer();
    const response = await maintenanceTicket(f);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: ticketCreatedMessage, data: { id: expect.any(Number) } });
    const ticketId = response.json<{ data: { id: number } }>().data.id;
    const [row] = await ctx.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({
      body: '',
      serverId: f.serverId,
      triageId: 3,
      location: 1,
      siteId: f.siteId,
      status: TICKET_STATUS_OPEN,
    });
    const again = await maintenanceTicket(f);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ server: ['This server already has its maintenance ticket for that month.'] });
    // The refused second ticket left nothing behind.
    expect(await ctx.db.$count(tickets, eq(tickets.serverId, f.serverId))).toBe(1);
    expect(serverRow(await monthPage(), f).ticket).toEqual({ id: ticketId, status: TICKET_STATUS_OPEN });
  });

  it('refuses a maintenance ticket for a server of another company, or without a subject', async () => {
    const f = await scheduledServer();
    const [{ id: elsewhere }] = await ctx.db
      .insert(companies)
      .values({ name: `Elsewhere ${++fixtures}` })
      .returning({ id: companies.id });
    const wrong = await maintenanceTicket(f, { company: elsewhere, site: null, month: 4 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.server).toEqual(['Choose a server of this company.']);
    const blank = await maintenanceTicket(f, { subject: ' ', month: 4 });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.subject).toEqual(['Enter a subject.']);
  });

  it('still needs a body on the ticket form (the maintenance shape is told apart by its server)', async () => {
    const { companyId } = await scheduledServer();
    const response = await api('POST', '/ticket', {
      subject: 'Printer jam',
      company_id: companyId,
      location: 1,
      triage_id: 3,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.body).toEqual(['Describe the problem.']);
  });

  it('refuses the baseline when a question has no notes, naming the row, and saves nothing', async () => {
    const f = await withTicket();
    const answers = baselineAnswers();
    answers[4] = { ...answers[4]!, notes: '  ' };
    const response = await api('POST', '/maintenance/baseline', { ...header(f, f.ticketId), answers });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'answers.4.notes': [notesRequiredMessage] });
    const short = await api('POST', '/maintenance/baseline', { ...header(f, f.ticketId), answers: answers.slice(1) });
    expect(short.statusCode).toBe(422);
    expect(serverRow(await monthPage(), f).baseline).toBeNull();
  });

  it('saves the baseline, shows the ticket id on the month (red while open), then updates it with id', async () => {
    const f = await withTicket();
    const response = await api('POST', '/maintenance/baseline', {
      ...header(f, f.ticketId),
      id: null,
      subject: 'Baseline Security',
      answers: baselineAnswers(),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(baselineSavedMessage);
    const baselineId = response.json<{ data: { id: number } }>().data.id;
    expect(serverRow(await monthPage(), f).baseline).toEqual({
      id: baselineId,
      ticket_id: f.ticketId,
      status: TICKET_STATUS_OPEN,
    });

    // A second create for the same month is refused: nothing is overwritten.
    const twice = await api('POST', '/maintenance/baseline', { ...header(f, f.ticketId), answers: baselineAnswers() });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.server_id).toEqual([
      'This server already has a Baseline Security checklist for that month.',
    ]);

    const answers = baselineAnswers();
    answers[17] = { question_id: 18, answer: ANSWER_NA, notes: 'N/A' };
    const update = await api('POST', '/maintenance/baseline', { ...header(f, f.ticketId), id: baselineId, answers });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().message).toBe('Baseline Security checklist updated.');
    const read = await api('GET', `/maintenance/baseline/${baselineId}`);
    const [record] = expectExactShape(z.object({ data: z.array(baselineRecordSchema) }), read.json()).data;
    expect(record!.answers).toHaveLength(18);
    expect(record!.answers[17]).toEqual({ question_id: 18, answer: ANSWER_NA, notes: 'N/A' });
  });

  it('answers what the database holds at once, a ticket changed past the API included (decision 0076)', async () => {
    const f = await withTicket();
    const before = serverRow(await monthPage(), f).ticket;
    expect(before).toEqual({ id: f.ticketId, status: TICKET_STATUS_OPEN });
    // Written past the API (another process, a script): the next read shows it, in every process.
    await ctx.db.update(tickets).set({ status: 3 }).where(eq(tickets.id, f.ticketId));
    expect(serverRow(await monthPage(), f).ticket).toEqual({ id: f.ticketId, status: 3 });
    const put = await api('PUT', `/ticket/${f.ticketId}`, {
      subject: 'Scheduled Maintenance 03/2026: DC01 (checked)',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(serverRow(await monthPage(), f).ticket).toEqual({ id: f.ticketId, status: 3 });
  });

  it('turns the month green when the ticket is closed through the API, without a client account', async () => {
    const f = await withBaseline();
    // Decision 0062: a maintenance ticket is the provider's own work for a server; it has no client to need.
    const closed = await api('PUT', `/ticket/${f.ticketId}`, { status: TICKET_STATUS_CLOSED });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(serverRow(await monthPage(), f).baseline).toEqual({
      id: f.baselineId,
      ticket_id: f.ticketId,
      status: TICKET_STATUS_CLOSED,
    });
  });

  it('pushes BaselineUpdated on ticket_{id} to its viewers when a checklist is saved', async () => {
    const f = await withBaseline();
    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, staff);
    try {
      expect(await subscribe(socket, ticketChannel(f.ticketId))).toMatchObject({ ok: true });
      const event = nextEvent<{ kind: string; id: number; ticket_id: number }>(socket, 'BaselineUpdated');
      const saved = await api('POST', '/maintenance/baseline', {
        ...header(f, f.ticketId),
        id: f.baselineId,
        answers: baselineAnswers(),
      });
      expect(saved.statusCode).toBe(200);
      const [payload] = await event;
      expect(payload).toMatchObject({ kind: 'baseline', id: f.baselineId, ticket_id: f.ticketId });
    } finally {
      socket.close();
    }
  });

  it('answers the server drives and saves the analysis with one row per drive from id 20, then updates it', async () => {
    const f = await withTicket();
    const { driveIds, ticketId } = f;
    const drives = await api('GET', `/drives/${f.serverId}`);
    expect(drives.json().data[0].drives.map((drive: { letter: string }) => drive.letter)).toEqual(['C', 'D']);
    const answers = analysisQuestionIds.map((id) => ({
      question_id: id,
      answer: id === 5 ? 42 : id === 9 || id === 11 ? 1_772_323_200 : ANSWER_YES,
      notes: 'Fine',
    }));
    const driveRows = [
      { question_id: 20, drive_id: driveIds[0], letter: 'C', size: 240, answer: 120.5, notes: 'Half' },
      { question_id: 21, drive_id: driveIds[1], letter: 'D', size: 2000, answer: 900, notes: 'OK' },
    ];
    const missingNote = await api('POST', '/maintenance/analysis', {
      ...header(f, ticketId),
      answers,
      drives: [driveRows[0], { ...driveRows[1], notes: '' }],
    });
    expect(missingNote.statusCode).toBe(422);
    expect(missingNote.json().errors).toEqual({ 'drives.1.notes': [notesRequiredMessage] });
    const foreign = await api('POST', '/maintenance/analysis', {
      ...header(f, ticketId),
      answers,
      drives: [{ ...driveRows[0], drive_id: 999_999 }],
    });
    expect(foreign.statusCode).toBe(422);

    const saved = await api('POST', '/maintenance/analysis', { ...header(f, ticketId), answers, drives: driveRows });
    expect(saved.statusCode, saved.body).toBe(200);
    const analysisId = saved.json<{ data: { id: number } }>().data.id;
    const put = await api('PUT', `/maintenance/analysis/${analysisId}`, {
      ...header(f, ticketId),
      answers,
      drives: [{ ...driveRows[0], answer: 130 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const read = await api('GET', `/maintenance/analysis/${analysisId}`);
    const record = analysisRecordSchema.parse(read.json().data[0]);
    expect(record.answers.find((a) => a.question_id === 9)!.answer).toBe(1_772_323_200);
    expect(record.drives).toEqual([
      { question_id: 20, drive_id: driveIds[0], letter: 'C', size: 240, answer: 130, notes: 'Half' },
    ]);
    expect(serverRow(await monthPage(), f).analysis).toMatchObject({ id: analysisId, ticket_id: ticketId });
  });

  it('saves the exchange analysis with attachments the ticket keeps apart, deletes one, and updates', async () => {
    const f = await withTicket();
    const { ticketId } = f;
    expect((await api('GET', `/maintenance/exchange/${ticketId}`)).json()).toEqual({ data: null });
    const form = await multipartBody({
      ...Object.fromEntries(Object.entries(header(f, ticketId)).map(([key, value]) => [key, String(value)])),
      resolution: '<p>Queues healthy</p>',
      notes: '<p>Private</p>',
      'resolution_attachments[0]': { blob: new Blob(['report']), name: 'report.txt' },
      'notes_attachments[0]': { blob: new Blob(['log']), name: 'queue.log' },
    });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/maintenance/exchange',
      headers: { ...bearer(staff), ...form.headers },
      payload: form.payload,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(exchangeSavedMessage);
    const record = expectExactShape(
      exchangeRecordSchema,
      (await api('GET', `/maintenance/exchange/${ticketId}`)).json().data,
    );
    expect(record).toMatchObject({ ticket_id: ticketId, resolution: '<p>Queues healthy</p>', notes: '<p>Private</p>' });
    expect(record.resolution_attachments.map((file) => file.file_name)).toEqual(['report.txt']);
    expect(record.notes_attachments[0]!.user).toEqual({ name: 'Mia Maint' });

    // The ticket's own attachment lists leave the exchange files out.
    const detail = await api('GET', `/ticket/${ticketId}`);
    expect(detail.body).not.toContain('report.txt');

    const deleted = await api('DELETE', `/ticket/resolution_attachments/${record.resolution_attachments[0]!.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Attachment deleted.', data: { deleted: true } });
    expect(await ctx.db.$count(ticketAttachments, eq(ticketAttachments.id, record.resolution_attachments[0]!.id))).toBe(
      0,
    );

    // Spec 2 §3's update fields only: exchange_id, ticket_id, resolution, notes (no company, server or month again).
    const putExchange = async (fields: Record<string, string>) => {
      const update = await multipartBody({ _method: 'PUT', ...fields });
      return ctx.app.inject({
        method: 'POST',
        url: `/api/maintenance/exchange/${record.exchange_id}`,
        headers: { ...bearer(staff), ...update.headers },
        payload: update.payload,
      });
    };
    const spec = { exchange_id: String(record.exchange_id), ticket_id: String(ticketId) };
    const other = await withTicket();
    const otherTicket = await putExchange({ ...spec, ticket_id: String(other.ticketId), resolution: '<p>No</p>' });
    expect(otherTicket.statusCode).toBe(422);
    expect(otherTicket.json().errors).toEqual({
      ticket_id: ['The ticket is not this Exchange Analysis\u2019s ticket.'],
    });
    const put = await putExchange({ ...spec, resolution: '<p>Updated</p>', notes: '' });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().message).toBe(exchangeUpdatedMessage);
    const after = (await api('GET', `/maintenance/exchange/${ticketId}`)).json().data;
    expect(after).toMatchObject({ resolution: '<p>Updated</p>', resolution_attachments: [], notes_attachments: [{}] });
    expect(serverRow(await monthPage(), f).exchange).toMatchObject({ id: record.exchange_id, ticket_id: ticketId });
  });

  it("keeps the technician's notes of the month (the notes flow), refuses a stale save, and reads earlier months", async () => {
    const f = await withBaseline();
    const { ticketId, baselineId, serverId } = f;
    const url = `/maintenance/notes/${serverId}/${month}/${year}`;
    const empty = expectExactShape(maintenanceNotesResponseSchema, (await api('GET', url)).json()).data;
    expect(empty).toMatchObject({ notes: null, earlier: [], server: { id: serverId, name: 'DC01' } });
    expect(empty.ticket).toEqual({ id: ticketId, status: TICKET_STATUS_OPEN });
    expect(empty.baseline).toEqual({ id: baselineId, ticket_id: ticketId, status: TICKET_STATUS_OPEN });

    const first = await api('POST', '/maintenance/notes', {
      ...header(f, ticketId),
      notes: '<p>Fan 2 is loud.</p>',
      updated_at: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(maintenanceNotesSavedMessage);
    const version = first.json<{ data: { updated_at: string } }>().data.updated_at;

    // A colleague who opened the page before that save would overwrite it: refused, nothing changes.
    const stale = await api('POST', '/maintenance/notes', {
      ...header(f, ticketId),
      notes: '<p>Mine</p>',
      updated_at: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(maintenanceNotesConflictMessage);
    const second = await api('POST', '/maintenance/notes', {
      ...header(f, ticketId),
      notes: '<p>Fan 2 is loud. Ordered a replacement.</p>',
      updated_at: version,
    });
    expect(second.statusCode, second.body).toBe(200);

    // Last month's notes are what this month's technician reads first.
    await ctx.db.insert(maintenanceNotes).values({
      companyId: f.companyId,
      siteId: f.siteId,
      serverId,
      month: month - 1,
      year,
      ticketId,
      notes: '<p>Check the fans next month.</p>',
    });
    const page = expectExactShape(maintenanceNotesResponseSchema, (await api('GET', url)).json()).data;
    expect(page.notes).toMatchObject({
      notes: '<p>Fan 2 is loud. Ordered a replacement.</p>',
      updated_by: { name: 'Mia Maint' },
    });
    expect(page.earlier.map((entry) => [entry.month, entry.notes])).toEqual([
      [month - 1, '<p>Check the fans next month.</p>'],
    ]);
    expect((await api('GET', url, undefined, client)).statusCode).toBe(403);
    expect((await api('GET', `/maintenance/notes/999999/${month}/${year}`)).statusCode).toBe(404);
  });

  it('answers the ticket with its check-ins, an open one for whoever is checked in', async () => {
    const { ticketId, companyId } = await withTicket();
    const checkIn = await api('POST', '/ticket/checkinout', {
      direction: 'in',
      ticket_id: ticketId,
      company_id: companyId,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const response = await api('GET', `/schedule/main/ticket/${ticketId}`);
    expect(response.statusCode).toBe(200);
    const [ticket] = response.json<{ data: unknown[] }>().data;
    const parsed = expectExactShape(maintenanceTicketCheckInsSchema, ticket);
    expect(parsed.check_ins).toHaveLength(1);
    expect(parsed.check_ins[0]).toMatchObject({ end_time: null, user: { name: 'Mia Maint' } });
    // The check-in above is the staff member's only open one: end it so other tests may check in.
    const out = await api('POST', '/ticket/checkinout', {
      direction: 'out',
      ticket_id: ticketId,
      company_id: companyId,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await api('GET', '/schedule/main/ticket/99999999')).statusCode).toBe(404);
  });

  it('refuses client accounts (403) and staff without the area permission (403); 401 without a token', async () => {
    const f = await withBaseline();
    for (const token of [client, noChat]) {
      expect((await api('GET', `/companies/servers/${month}/${year}`, undefined, token)).statusCode).toBe(403);
      expect((await api('GET', `/maintenance/baseline/${f.baselineId}`, undefined, token)).statusCode).toBe(403);
      expect((await api('GET', `/schedule/main/ticket/${f.ticketId}`, undefined, token)).statusCode).toBe(403);
      const post = await api(
        'POST',
        '/maintenance/baseline',
        { ...header(f, f.ticketId), answers: baselineAnswers() },
        token,
      );
      expect(post.statusCode).toBe(403);
    }
    const withoutArea = await api(
      'POST',
      '/ticket',
      { subject: 'x', company: f.companyId, server: f.serverId, month: 6, year },
      noChat,
    );
    expect(withoutArea.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/companies/servers/${month}/${year}` })).statusCode).toBe(
      401,
    );
  });

  it('refuses a checklist whose ticket belongs to another server or company', async () => {
    const f = await scheduledServer();
    const [{ id: otherTicket }] = await ctx.db
      .insert(tickets)
      .values({
        subject: 'x',
        body: 'y',
        companyId: f.companyId,
        serverId: f.otherServerId,
        location: 1,
        triageId: 3,
        status: 2,
      })
      .returning({ id: tickets.id });
    const response = await api('POST', '/maintenance/baseline', {
      ...header(f, otherTicket),
      month: 7,
      answers: baselineAnswers(),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['ticket_id']);
  });

  it('opens the month tickets of every scheduled server once, however often the job runs', async () => {
    const f = await withTicket();
    const ticketsOf = (m: number) =>
      ctx.db
        .select({
          serverId: tickets.serverId,
          subject: tickets.subject,
          triageId: tickets.triageId,
          body: tickets.body,
        })
        .from(maintenanceTickets)
        .innerJoin(tickets, eq(tickets.id, maintenanceTickets.ticketId))
        .where(and(eq(maintenanceTickets.serverId, f.serverId), eq(maintenanceTickets.month, m)));
    const when = { month: 8, year: 2026 };
    // Other tests' servers may be opened too: this server is one of them.
    expect(await openMonthTickets(ctx.db, when)).toBeGreaterThanOrEqual(1);
    expect(await openMonthTickets(ctx.db, when)).toBe(0);
    expect(await ticketsOf(8)).toEqual([
      { serverId: f.serverId, subject: 'Scheduled Maintenance 08/2026: DC01', triageId: 3, body: '' },
    ]);
    // The month already opened from the page (March) is left as it is.
    await openMonthTickets(ctx.db, { month, year });
    expect((await ticketsOf(month)).map((row) => row.subject)).toEqual(['Scheduled Maintenance 03/2026: DC01']);
    expect(await ctx.db.$count(tickets, eq(tickets.serverId, f.serverId))).toBe(2);
  });

  it('registers the monthly job (00:05 UTC on the 1st), which opens the current month', async () => {
    const { serverId } = await scheduledServer();
    const job = ctx.app.jobs.registered.get(maintenanceMonthJob)!;
    expect(job.cron).toBe('5 0 1 * *');
    await job.handler(ctx.app);
    const now = new Date();
    const current = await ctx.db.$count(
      maintenanceTickets,
      and(
        eq(maintenanceTickets.serverId, serverId),
        eq(maintenanceTickets.month, now.getUTCMonth() + 1),
        eq(maintenanceTickets.year, now.getUTCFullYear()),
      ),
    );
    expect(current).toBe(1);
  });

  it('seeds a year of demo maintenance, done and pending, once', async () => {
    const [{ id: demoCompany }] = await ctx.db
      .insert(companies)
      .values({ name: 'Demo Servers' })
      .returning({ id: companies.id });
    const [{ id: demoSite }] = await ctx.db
      .insert(sites)
      .values({ companyId: demoCompany, name: 'Main', city: 'Reno' })
      .returning({ id: sites.id });
    const [{ id: demoServer }] = await ctx.db
      .insert(devices)
      .values({ companyId: demoCompany, siteId: demoSite, type: 'servers', name: 'DEMO-DC', scheduledMaintenance: 1 })
      .returning({ id: devices.id });
    const now = new Date(Date.UTC(2026, 10, 15));
    await ctx.db.transaction((tx) => seedMaintenanceDemo(tx, ['Demo Servers'], [], now));
    await ctx.db.transaction((tx) => seedMaintenanceDemo(tx, ['Demo Servers'], [], now));
    const rows = await ctx.db
      .select({ month: maintenanceTickets.month, year: maintenanceTickets.year, status: tickets.status })
      .from(maintenanceTickets)
      .innerJoin(tickets, eq(tickets.id, maintenanceTickets.ticketId))
      .where(eq(maintenanceTickets.serverId, demoServer));
    expect(rows).toHaveLength(12);
    expect(rows.find((row) => row.month === 11 && row.year === 2026)!.status).toBe(TICKET_STATUS_OPEN);
    expect(rows.find((row) => row.month === 12 && row.year === 2025)!.status).toBe(TICKET_STATUS_CLOSED);
    expect(await ctx.db.$count(baselineChecklists, eq(baselineChecklists.serverId, demoServer))).toBeGreaterThanOrEqual(
      10,
    );
    expect(await ctx.db.$count(serverAnalyses, eq(serverAnalyses.serverId, demoServer))).toBe(11);
    // Every other finished month left notes (decision 0062): the even ones, once; October (the previous month) is
    // still open on this server.
    const notes = await ctx.db
      .select({ month: maintenanceNotes.month })
      .from(maintenanceNotes)
      .where(eq(maintenanceNotes.serverId, demoServer));
    expect(notes.map((row) => row.month).sort((a, b) => a - b)).toEqual([2, 4, 6, 8, 12]);
  });
});
