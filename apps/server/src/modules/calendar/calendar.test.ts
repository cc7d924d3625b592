import { calendarEventSchema, calendarResponseSchema } from '@switchboard/shared/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';
import { crmAppointments } from '../crm/crm-appointments.table.ts';
import { crmLeads } from '../crm/crm.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { projectSlots } from '../projects/project-steps.table.ts';
import { projects } from '../projects/projects.table.ts';

// The general /calendar (spec 1 §2.5, §2.6, §3.5, §5): 'view calendar'; one's own events through the dialog's
// contract (date, start and end required, start not after end); others' events are 404; project slots and holidays.

let ctx: TestContext;
let tess: string;
let tessId: number;
let other: string;
let plain: string;
let client: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const viewer = await createUser(ctx.db, { name: 'Tess Tech', permissions: ['view calendar'] });
  tessId = viewer.id;
  tess = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  const colleague = await createUser(ctx.db, { permissions: ['view calendar'] });
  other = (await login(ctx.app, colleague.email, colleague.password)).access_token;
  const staff = await createUser(ctx.db);
  plain = (await login(ctx.app, staff.email, staff.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view calendar'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = tess) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(as), payload });
const saved = z.object({ message: z.literal('Event saved.'), data: calendarEventSchema });
const event = { title: 'Dentist', date: '2026-03-10', startTime: '09:00', endTime: '10:30', color: '#228be6' };
const list = async (query = 'from=2026-03-01&to=2026-03-31', as = tess) => {
  const response = await call('GET', `/calendar?${query}`, undefined, as);
  expect(response.statusCode, response.body).toBe(200);
  return expectExactShape(calendarResponseSchema, response.json()).data;
};

describe('/api/calendar', () => {
  it("needs 'view calendar'; client accounts get 403 even holding it", async () => {
    expect((await call('GET', '/calendar?from=2026-03-01&to=2026-03-31', undefined, plain)).statusCode).toBe(403);
    expect((await call('POST', '/calendar/events', event, plain)).statusCode).toBe(403);
    expect((await call('GET', '/calendar?from=2026-03-01&to=2026-03-31', undefined, client)).statusCode).toBe(403);
    expect((await call('POST', '/calendar/events', event, client)).statusCode).toBe(403);
  });

  it('creates, reads, edits (PUT and the method override) and deletes one of its own events', async () => {
    const created = await call('POST', '/calendar/events', { ...event, description: 'Cleaning' });
    expect(created.statusCode, created.body).toBe(200);
    const data = expectExactShape(saved, created.json()).data;
    expect(data).toMatchObject({ ...event, description: 'Cleaning', location: '' });
    const items = await list();
    expect(items.find((item) => item.id === `event-${data.id}`)).toMatchObject({
      kind: 'event',
      title: 'Dentist',
      start: '2026-03-10T09:00',
      end: '2026-03-10T10:30',
      all_day: false,
      editable: true,
      source_id: data.id,
    });
    expect((await list('from=2026-04-01&to=2026-04-30')).some((item) => item.kind === 'event')).toBe(false);

    const put = await call('PUT', `/calendar/events/${data.id}`, {
      ...event,
      title: 'Dentist (moved)',
      startTime: '11:00',
      endTime: '11:00',
    });
    expect(expectExactShape(saved, put.json()).data).toMatchObject({
      title: 'Dentist (moved)',
      startTime: '11:00',
      endTime: '11:00',
    });
    const override = await ctx.app.inject({
      method: 'POST',
      url: `/api/calendar/events/${data.id}`,
      headers: { ...bearer(tess), 'x-http-method-override': 'PUT' },
      payload: { ...event, _method: 'PUT', color: '#fa5252' },
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(override.json().data.color).toBe('#fa5252');
    expect((await call('GET', `/calendar/events/${data.id}`)).json().data.color).toBe('#fa5252');

    const removed = await call('DELETE', `/calendar/events/${data.id}`);
    expect(removed.json()).toEqual({ message: 'Event deleted.' });
    expect((await call('GET', `/calendar/events/${data.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another person's event, which no call changes or shows", async () => {
    const mine = expectExactShape(saved, (await call('POST', '/calendar/events', event)).json()).data;
    expect((await call('GET', `/calendar/events/${mine.id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('PUT', `/calendar/events/${mine.id}`, event, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/calendar/events/${mine.id}`, undefined, other)).statusCode).toBe(404);
    expect((await list(undefined, other)).some((item) => item.kind === 'event')).toBe(false);
    expect((await call('GET', '/calendar/events/abc')).statusCode).toBe(404);
    expect((await call('GET', `/calendar/events/${mine.id}`)).statusCode).toBe(200);
  });

  it('answers the rules of spec 1 §5 as 422 per field', async () => {
    const errors = async (payload: object) => {
      const response = await call('POST', '/calendar/events', payload);
      expect(response.statusCode, response.body).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    expect(await errors({ ...event, date: undefined })).toEqual({ date: ['The date field is required.'] });
    expect(await errors({ ...event, endTime: '' })).toEqual({ endTime: ['The end time field is required.'] });
    expect(await errors({ ...event, startTime: undefined })).toEqual({
      startTime: ['The start time field is required.'],
    });
    expect(await errors({ ...event, startTime: '14:00', endTime: '13:30' })).toEqual({
      startTime: ['The start time may not be after the end time.'],
    });
    expect(await errors({ ...event, startTime: '09:15' })).toEqual({ startTime: ['Choose a time on the half hour.'] });
    expect(await errors({ ...event, title: ' ' })).toEqual({ title: ['The title field is required.'] });
    expect(await errors({ ...event, date: '2026-02-30' })).toEqual({ date: ['The date is not a valid date.'] });
    expect(await errors({ ...event, color: 'red' })).toEqual({
      color: ['The color must be a hex colour such as #228be6.'],
    });
  });

  it("shows the viewer's project schedule slots and the company holidays", async () => {
    const [company] = await ctx.db.insert(companies).values({ name: 'Slots Dental' }).returning();
    const [project] = await ctx.db
      .insert(projects)
      .values({ title: 'Server move', companyId: company!.id })
      .returning();
    await ctx.db.insert(projectSlots).values({
      projectId: project!.id,
      startDate: '2026-03-12',
      startTime: '08:00',
      endTime: '12:00',
      employeeId: tessId,
    });
    await ctx.db.insert(holidays).values({ name: 'Spring Day', date: '2026-03-20' });
    const items = await list();
    expect(items.find((item) => item.kind === 'project_slot')).toMatchObject({
      title: 'Server move',
      start: '2026-03-12T08:00',
      end: '2026-03-12T12:00',
      url: `/projects/${project!.id}`,
      editable: false,
    });
    expect(items.find((item) => item.kind === 'holiday')).toMatchObject({ title: 'Spring Day', display: 'background' });
    expect((await list(undefined, other)).some((item) => item.kind === 'project_slot')).toBe(false);
  });
});

describe('/api/calendar: CRM appointments (decision 0141)', () => {
  it("shows 'view crm' holders the appointments assigned to them that are not cancelled, opening the lead", async () => {
    const agent = await createUser(ctx.db, { permissions: ['view calendar', 'view crm'] });
    const agentToken = (await login(ctx.app, agent.email, agent.password)).access_token;
    const noCrm = await createUser(ctx.db, { permissions: ['view calendar'] });
    const noCrmToken = (await login(ctx.app, noCrm.email, noCrm.password)).access_token;
    const [lead] = await ctx.db.insert(crmLeads).values({ companyName: 'Acme Dental', status: 3 }).returning();
    const at = (day: string, status: 'scheduled' | 'cancelled' | 'held', assignedTo = agent.id) => ({
      leadId: lead!.id,
      setBy: agent.id,
      assignedTo,
      startsAt: new Date(`${day}T15:00:00Z`),
      endsAt: new Date(`${day}T16:00:00Z`),
      status,
    });
    const rows = await ctx.db
      .insert(crmAppointments)
      .values([
        at('2026-03-12', 'scheduled'),
        at('2026-03-13', 'held'),
        at('2026-03-14', 'cancelled'),
        at('2026-03-15', 'scheduled', noCrm.id),
        at('2026-05-01', 'scheduled'),
      ])
      .returning();
    const crmItems = (items: { kind: string }[]) => items.filter((item) => item.kind === 'crm_appointment');
    const mine = crmItems(await list('from=2026-03-01&to=2026-03-31', agentToken));
    expect(mine).toEqual([
      expect.objectContaining({
        id: `crm-appointment-${rows[0]!.id}`,
        title: 'Appointment: Acme Dental',
        start: '2026-03-12T15:00:00.000Z',
        url: `/crm?lead=${lead!.id}`,
        editable: false,
      }),
      expect.objectContaining({ id: `crm-appointment-${rows[1]!.id}`, color: '#40c057' }),
    ]);
    // Assigned to them but without 'view crm': none.
    expect(crmItems(await list('from=2026-03-01&to=2026-03-31', noCrmToken))).toEqual([]);
  });
});
