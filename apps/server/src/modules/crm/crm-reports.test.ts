import {
  crmReportCsv,
  crmReportMessages,
  formatReportCell,
  thisMonth,
  type CrmReport,
  type CrmReportTable,
} from '@switchboard/shared/crm-reports';
import { parseCsv } from '@switchboard/shared/csv';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { crmAppointments } from './crm-appointments.table.ts';
import { userPermissions } from '../permissions/permissions.table.ts';
import { users } from '../users/users.table.ts';
import { crmCalls, crmLeads } from './crm.table.ts';

// CRM reports (designs/crm-softphone.md §4.10, §5): 'view crm reports'; 422 for bad ranges and agents; the figures
// of calls this test inserts, counted by day and hour in UTC; the CSV is the tables the JSON answers.

let ctx: TestContext;
let manager: string;
let plain: string;
let outsider: string;
let client: string;
let ann: number;
let ben: number;

type CallRow = typeof crmCalls.$inferInsert;
const call = (userId: number, at: string, fields: Partial<CallRow>): CallRow => ({
  userId,
  direction: 'outgoing',
  status: 'no_answer',
  createdAt: new Date(at),
  startedAt: new Date(at),
  ...fields,
});

beforeAll(async () => {
  ctx = await createTestContext();
  const viewer = await createUser(ctx.db, { permissions: ['view crm', 'view crm reports'] });
  manager = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  const reportsOnly = await createUser(ctx.db, { permissions: ['view crm reports'] });
  outsider = (await login(ctx.app, reportsOnly.email, reportsOnly.password)).access_token;
  const staff = await createUser(ctx.db, { permissions: ['view crm', 'manage crm'] });
  plain = (await login(ctx.app, staff.email, staff.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view crm reports'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;
  ann = (await createUser(ctx.db, { name: 'Ann Agent' })).id;
  ben = (await createUser(ctx.db, { name: 'Ben Agent' })).id;
  const answered = (at: string, seconds: number): Partial<CallRow> => ({
    status: 'completed',
    answeredAt: new Date(at),
    durationSeconds: seconds,
  });
  await ctx.db.insert(crmCalls).values([
    // Monday 2 March 2026: Ann dials three times at 09:xx UTC, one connect of 120 s and one voicemail.
    call(ann, '2026-03-02T09:05:00Z', { ...answered('2026-03-02T09:05:10Z', 120), disposition: 'connected' }),
    call(ann, '2026-03-02T09:20:00Z', { status: 'voicemail', disposition: 'left_voicemail' }),
    call(ann, '2026-03-02T09:40:00Z', { status: 'no_answer', disposition: 'no_answer' }),
    // 23:30 UTC on 2 March is still 2 March in UTC (and 3 March in some zones east of it).
    call(ann, '2026-03-02T23:30:00Z', { status: 'busy' }),
    // Tuesday 3 March: Ben takes an incoming call of 60 s and dials one connect of 30 s at 14:00.
    call(ben, '2026-03-03T14:00:00Z', { direction: 'incoming', ...answered('2026-03-03T14:00:05Z', 60) }),
    call(ben, '2026-03-03T14:10:00Z', { ...answered('2026-03-03T14:10:05Z', 30), disposition: 'appointment_set' }),
    call(ben, '2026-03-03T15:00:00Z', { direction: 'incoming', status: 'missed' }),
    // Outside the range: 1 April and 28 February.
    call(ann, '2026-04-01T00:00:00Z', { ...answered('2026-04-01T00:00:05Z', 500) }),
    call(ben, '2026-02-28T23:59:59Z', { status: 'failed' }),
  ]);
  const [lead] = await ctx.db.insert(crmLeads).values({ companyName: 'Acme', status: 3 }).returning();
  const appointment = (setBy: number, assignedTo: number, created: string, starts: string, status = 'scheduled') => ({
    leadId: lead!.id,
    setBy,
    assignedTo,
    createdAt: new Date(created),
    startsAt: new Date(starts),
    endsAt: new Date(Date.parse(starts) + 3_600_000),
    status: status as 'scheduled' | 'held' | 'no_show' | 'cancelled',
  });
  await ctx.db.insert(crmAppointments).values([
    // Ann sets two on 2 March: one held on 5 March, one missed; Ben sets one for Ann on 3 March, held on 10 March.
    appointment(ann, ann, '2026-03-02T09:06:00Z', '2026-03-05T15:00:00Z', 'held'),
    appointment(ann, ann, '2026-03-02T09:30:00Z', '2026-03-06T15:00:00Z', 'no_show'),
    appointment(ben, ann, '2026-03-03T14:11:00Z', '2026-03-10T15:00:00Z', 'held'),
    // Set in February, held on 2 March: held counts in March, set does not.
    appointment(ben, ben, '2026-02-27T10:00:00Z', '2026-03-02T16:00:00Z', 'held'),
    // Set in March, held in April: set counts, held does not.
    appointment(ben, ben, '2026-03-31T23:00:00Z', '2026-04-02T16:00:00Z', 'held'),
  ]);
});
afterAll(async () => {
  await ctx.close();
});

const get = (query: string, report = 'calls', as = manager) =>
  ctx.app.inject({ method: 'GET', url: `/api/crm/reports/${report}${query}`, headers: bearer(as) });
const report = async (report: string, query = '?start=2026-03-01&end=2026-03-31') => {
  const response = await get(query, report);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: CrmReport }).data;
};
const table = (data: CrmReport, key: string): CrmReportTable => {
  const found = data.tables.find((entry) => entry.key === key);
  if (!found) throw new Error(`no table ${key}`);
  return found;
};
const rowOf = (data: CrmReport, key: string, column: string, value: string) => {
  const found = table(data, key).rows.find((row) => row[column] === value);
  if (!found) throw new Error(`no row ${value} in ${key}`);
  return found;
};

describe('GET /api/crm/reports/{report}: gate and validation', () => {
  it("needs a login, 'view crm' with 'view crm reports' and a staff account; an unknown report is 404", async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/reports/calls' })).statusCode).toBe(401);
    expect((await get('', 'calls', plain)).statusCode).toBe(403);
    // The page lives in the CRM section ('view crm'), so the API asks for both as the page does.
    expect((await get('', 'calls', outsider)).statusCode).toBe(403);
    expect((await get('', 'calls', client)).statusCode).toBe(403);
    expect((await get('', 'payroll')).statusCode).toBe(404);
  });

  it('refuses bad dates, an end before the start, over 366 days and an unknown agent with 422', async () => {
    const bad = await get('?start=2026-02-30&end=2026-03-31');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ message: 'The given data was invalid.', errors: { start: [crmReportMessages.date] } });
    expect((await get('?start=2026-03-01&end=March')).json().errors.end).toEqual([crmReportMessages.date]);
    expect((await get('?start=2026-03-31&end=2026-03-01')).json().errors.end).toEqual([crmReportMessages.range]);
    const long = await get('?start=2025-01-01&end=2026-01-02');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.end).toEqual([crmReportMessages.tooLong]);
    // 366 days (a leap year) is allowed.
    expect((await get('?start=2024-01-01&end=2024-12-31')).statusCode).toBe(200);
    expect((await get('?start=2026-03-01&end=2026-03-31&agent=999999')).json().errors.agent).toEqual([
      crmReportMessages.agent,
    ]);
    expect((await get('?agent=abc')).statusCode).toBe(422);
    expect((await get('?format=xml')).json().errors.format).toBeTruthy();
  });

  it('defaults to this month in UTC and all agents', async () => {
    const data = await report('calls', '');
    const month = thisMonth(new Date().toISOString().slice(0, 10));
    expect([data.start, data.end, data.agent_id, data.time_zone]).toEqual([month.start, month.end, null, 'UTC']);
    expect(table(data, 'days').rows).toHaveLength(Number(month.end.slice(8)));
  });
});

describe('the reports count the calls of the range', () => {
  it('calls: per day by direction and outcome (UTC days), per agent, totals', async () => {
    const data = await report('calls');
    const days = table(data, 'days');
    expect(days.rows).toHaveLength(31);
    expect(rowOf(data, 'days', 'day', '2026-03-02')).toMatchObject({
      total: 4,
      outgoing: 4,
      incoming: 0,
      connected: 1,
      voicemail: 1,
      no_answer: 1,
      busy: 1,
    });
    expect(rowOf(data, 'days', 'day', '2026-03-03')).toMatchObject({
      total: 3,
      outgoing: 1,
      incoming: 2,
      connected: 2,
      missed: 1,
    });
    expect(rowOf(data, 'days', 'day', '2026-03-04')).toMatchObject({ total: 0, outgoing: 0 });
    expect(days.totals).toMatchObject({ day: 'Total', total: 7, outgoing: 5, incoming: 2, failed: 0 });
    expect(rowOf(data, 'agents', 'agent', 'Ann Agent')).toMatchObject({
      outgoing: 4,
      incoming: 0,
      connected: 1,
      talk_seconds: 120,
    });
    expect(rowOf(data, 'agents', 'agent', 'Ben Agent')).toMatchObject({
      outgoing: 1,
      incoming: 2,
      connected: 2,
      missed: 1,
      talk_seconds: 90,
    });
    expect(data.charts[0]).toMatchObject({ type: 'line', table: 'days', index_key: 'day' });
  });

  it('the agent filter keeps one agent', async () => {
    const data = await report('calls', `?start=2026-03-01&end=2026-03-31&agent=${ben}`);
    expect(data.agent_id).toBe(ben);
    expect(table(data, 'days').totals).toMatchObject({ total: 3, outgoing: 1, incoming: 2 });
    expect(table(data, 'agents').rows.map((row) => row.agent)).toEqual(['Ben Agent']);
  });

  it('callbreakdown: outcomes, dispositions, connect rate by UTC hour and weekday', async () => {
    const data = await report('callbreakdown');
    expect(rowOf(data, 'outcomes', 'outcome', 'Connected')).toMatchObject({ outgoing: 2, incoming: 1, total: 3 });
    expect(rowOf(data, 'outcomes', 'outcome', 'Missed')).toMatchObject({ outgoing: 0, incoming: 1, total: 1 });
    expect(table(data, 'outcomes').totals).toMatchObject({ total: 7 });
    expect(rowOf(data, 'dispositions', 'disposition', 'Appointment Set')).toMatchObject({ outgoing: 1, total: 1 });
    expect(rowOf(data, 'dispositions', 'disposition', 'None')).toMatchObject({ outgoing: 1, incoming: 2, total: 3 });
    expect(rowOf(data, 'hours', 'hour', '09:00')).toMatchObject({ dials: 3, connects: 1, connect_rate: 33.3 });
    expect(rowOf(data, 'hours', 'hour', '23:00')).toMatchObject({ dials: 1, connects: 0, connect_rate: 0 });
    // Incoming calls are not dials: 14:00 has Ben's one outgoing connect only.
    expect(rowOf(data, 'hours', 'hour', '14:00')).toMatchObject({ dials: 1, connects: 1, connect_rate: 100 });
    expect(table(data, 'hours').rows).toHaveLength(24);
    expect(rowOf(data, 'weekdays', 'weekday', 'Monday')).toMatchObject({ dials: 4, connects: 1, connect_rate: 25 });
    expect(rowOf(data, 'weekdays', 'weekday', 'Tuesday')).toMatchObject({ dials: 1, connects: 1 });
    expect(table(data, 'weekdays').totals).toMatchObject({ dials: 5, connects: 2, connect_rate: 40 });
    expect(table(data, 'weekdays').rows[0]!.weekday).toBe('Monday');
  });

  it('agents: dials, connects, connect %, voicemails, appointments set, talk time, average call', async () => {
    const data = await report('agents');
    expect(rowOf(data, 'agents', 'agent', 'Ann Agent')).toMatchObject({
      dials: 4,
      connects: 1,
      connect_rate: 25,
      voicemails: 1,
      appointments: 2,
      talk_seconds: 120,
      average_seconds: 120,
    });
    expect(rowOf(data, 'agents', 'agent', 'Ben Agent')).toMatchObject({
      dials: 1,
      connects: 1,
      connect_rate: 100,
      voicemails: 0,
      appointments: 2,
      talk_seconds: 90,
      average_seconds: 45,
    });
    expect(table(data, 'agents').totals).toMatchObject({ dials: 5, connects: 2, connect_rate: 40, talk_seconds: 210 });
  });

  it("agents: every agent with 'phone access' is listed, with zeros when they made no call", async () => {
    const quiet = await createUser(ctx.db, { name: 'Cal Quiet', permissions: ['phone access'] });
    const gone = await createUser(ctx.db, { name: 'Dee Gone', permissions: ['phone access'] });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    await createUser(ctx.db, { name: 'Eve Office', permissions: ['view crm'] });
    const data = await report('agents');
    // By name: Ann and Ben from their calls, Cal for the phone; not the disabled account, nor staff without the phone.
    expect(table(data, 'agents').rows.map((row) => row.agent)).toEqual(['Ann Agent', 'Ben Agent', 'Cal Quiet']);
    expect(rowOf(data, 'agents', 'agent', 'Cal Quiet')).toEqual({
      agent: 'Cal Quiet',
      agent_id: quiet.id,
      dials: 0,
      connects: 0,
      connect_rate: 0,
      voicemails: 0,
      appointments: 0,
      talk_seconds: 0,
      average_seconds: 0,
    });
    expect(table(data, 'agents').totals).toMatchObject({ dials: 5, connects: 2, connect_rate: 40, talk_seconds: 210 });
    // Filtered to an agent without calls: that agent, with zeros.
    const one = await report('agents', `?start=2026-03-01&end=2026-03-31&agent=${quiet.id}`);
    expect(table(one, 'agents').rows).toEqual([rowOf(data, 'agents', 'agent', 'Cal Quiet')]);
    await ctx.db.delete(userPermissions).where(eq(userPermissions.userId, quiet.id));
  });

  it('appointments: set per setter and day, held per assignee and day of the appointment, the chart per day', async () => {
    const data = await report('appointments');
    expect(data.note).toBeNull();
    expect(table(data, 'appointments').rows).toEqual([
      { day: '2026-03-02', agent: 'Ann Agent', agent_id: ann, set: 2, held: 0 },
      { day: '2026-03-02', agent: 'Ben Agent', agent_id: ben, set: 0, held: 1 },
      { day: '2026-03-03', agent: 'Ben Agent', agent_id: ben, set: 1, held: 0 },
      { day: '2026-03-05', agent: 'Ann Agent', agent_id: ann, set: 0, held: 1 },
      { day: '2026-03-10', agent: 'Ann Agent', agent_id: ann, set: 0, held: 1 },
      { day: '2026-03-31', agent: 'Ben Agent', agent_id: ben, set: 1, held: 0 },
    ]);
    expect(table(data, 'appointments').totals).toMatchObject({ set: 4, held: 3 });
    expect(table(data, 'days').rows).toHaveLength(31);
    expect(rowOf(data, 'days', 'day', '2026-03-02')).toEqual({ day: '2026-03-02', set: 2, held: 1 });
    expect(data.charts[0]).toMatchObject({ table: 'days', index_key: 'day' });
    // The agent filter: Ann's sets and the appointments she held.
    const annOnly = await report('appointments', `?start=2026-03-01&end=2026-03-31&agent=${ann}`);
    expect(table(annOnly, 'appointments').totals).toMatchObject({ set: 2, held: 2 });
  });

  it('?format=csv is the tables of the JSON answer, cell for cell', async () => {
    for (const name of ['calls', 'callbreakdown', 'agents', 'appointments']) {
      const data = await report(name);
      const response = await get('?start=2026-03-01&end=2026-03-31&format=csv', name);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="crm-${name}-2026-03-01-2026-03-31.csv"`,
      );
      expect(response.body).toBe(crmReportCsv(data));
      // Read back: the agents table's rows are in it as the page shows them (durations as H:MM:SS).
      const rows = parseCsv(response.body);
      if (name === 'agents') {
        expect(rows[0]).toEqual(table(data, 'agents').columns.map((column) => column.label));
        const annRow = rows.find((cells) => cells[0] === 'Ann Agent');
        expect(annRow).toEqual(
          table(data, 'agents').columns.map((column) =>
            formatReportCell(rowOf(data, 'agents', 'agent', 'Ann Agent')[column.key], column.kind),
          ),
        );
        expect(annRow).toContain('0:02:00');
      }
    }
  });
});
