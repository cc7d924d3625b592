import { saveTechResourcesResponseSchema, techResourcesResponseSchema, DEPARTMENT_TECH } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { createTestProject } from '../../../test/projects.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';
import { employeeDepartments } from '../users/employees.table.ts';
import { projectSlots } from '../projects/project-steps.table.ts';
import { seedTechResourcesDemo } from './tech-resources.demo.ts';

// Issue 19 part 9 (spec 2 §2 Tech Resources, §3, §6, §7): GET /api/tech/resources?date=MM/DD/YYYY answers a row per
// technician with its events per half-hour slot and company; PUT saves a technician's day with 'edit tech resources';
// the slots reserved on projects (Schedule Project Date) appear on the grid.

let ctx: TestContext;
let dispatcher: TestUser;
let viewer: TestUser;
let tess: TestUser;
let omar: TestUser;
let salesperson: TestUser;
let gone: TestUser;
let dispatcherToken: string;
let viewerToken: string;
let clientToken: string;
let acmeId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await createUser(ctx.db, { name: 'Dana Dispatch', permissions: ['view chat', 'edit tech resources'] });
  viewer = await createUser(ctx.db, { name: 'Vic Viewer', permissions: ['view chat'] });
  tess = await createUser(ctx.db, { name: 'Tess Tech' });
  omar = await createUser(ctx.db, { name: 'Omar Onsite' });
  salesperson = await createUser(ctx.db, { name: 'Sal Sales' });
  gone = await createUser(ctx.db, { name: 'Gina Gone', deletedAt: new Date('2026-01-01T00:00:00Z') });
  await ctx.db
    .insert(employeeDepartments)
    .values([tess, omar, gone].map((user) => ({ userId: user.id, departmentId: DEPARTMENT_TECH })));
  [{ id: acmeId }] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning();
  const client = await createUser(ctx.db, { type: 'Client', companyId: acmeId });
  dispatcherToken = (await login(ctx.app, dispatcher.email, dispatcher.password)).access_token;
  viewerToken = (await login(ctx.app, viewer.email, viewer.password)).access_token;
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx?.close();
});

const read = (date: string, token = dispatcherToken) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/tech/resources?date=${encodeURIComponent(date)}`,
    headers: bearer(token),
  });
const save = (payload: object, token = dispatcherToken) =>
  ctx.app.inject({ method: 'PUT', url: '/api/tech/resources', headers: bearer(token), payload });

describe('GET /api/tech/resources', () => {
  it('answers a row per active technician by name, with no events on an empty day', async () => {
    const response = await read('03/15/2032');
    expect(response.statusCode).toBe(200);
    const body = expectExactShape(techResourcesResponseSchema, response.json());
    expect(body.data).toEqual([
      { user_id: omar.id, user: { id: omar.id, name: 'Omar Onsite' }, tech_events: [] },
      { user_id: tess.id, user: { id: tess.id, name: 'Tess Tech' }, tech_events: [] },
    ]);
  });

  it('refuses a date not in MM/DD/YYYY, or no date, with the format message', async () => {
    for (const date of ['2032-03-15', '3/15/2032', '02/30/2032', '']) {
      const response = await read(date);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { date: ['The date does not match the format MM/DD/YYYY.'] },
      });
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/tech/resources',
      headers: bearer(dispatcherToken),
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('date');
  });

  it("needs 'view chat' and staff: client accounts and the unsigned are refused", async () => {
    const noChat = await createUser(ctx.db, { name: 'No Chat' });
    const noChatToken = (await login(ctx.app, noChat.email, noChat.password)).access_token;
    expect((await read('03/15/2032', noChatToken)).statusCode).toBe(403);
    expect((await read('03/15/2032', clientToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tech/resources?date=03/15/2032' })).statusCode).toBe(401);
    expect((await read('03/15/2032', viewerToken)).statusCode).toBe(200);
  });
});

describe('PUT /api/tech/resources', () => {
  it('saves a technician day of events and answers it; the grid shows them with the company', async () => {
    const response = await save({
      date: '03/16/2032',
      user_id: tess.id,
      events: [
        { slot: '09:30', task: 'Frontline', company_id: null },
        { slot: '09:00', task: 'Frontline', company_id: acmeId },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = expectExactShape(saveTechResourcesResponseSchema, response.json());
    expect(body.message).toBe('Tech resources saved.');
    expect(body.data.tech_events).toEqual([
      {
        id: expect.any(Number),
        slot: '09:00',
        task: 'Frontline',
        company: { id: acmeId, name: 'Acme Dental' },
        project: null,
      },
      { id: expect.any(Number), slot: '09:30', task: 'Frontline', company: null, project: null },
    ]);
    const day = (await read('03/16/2032')).json<{ data: { user_id: number; tech_events: unknown[] }[] }>().data;
    expect(day.find((row) => row.user_id === tess.id)?.tech_events).toEqual(body.data.tech_events);
    // Another day is untouched.
    const other = (await read('03/15/2032')).json<{ data: { user_id: number; tech_events: unknown[] }[] }>().data;
    expect(other.find((row) => row.user_id === tess.id)?.tech_events).toEqual([]);
  });

  it("tells the staff on the store channel that the technician's day changed", async () => {
    const socket = await connectSocket(await listenForSockets(ctx.app), viewerToken);
    try {
      expect(await subscribe(socket, 'store')).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'TechResourcesUpdated');
      await save({ date: '03/21/2032', user_id: tess.id, events: [{ slot: '10:00', task: 'Frontline' }] });
      expect((await heard)[0]).toEqual({ date: '03/21/2032', user_id: tess.id });
    } finally {
      socket.disconnect();
    }
  });

  it('replaces the day: events left out are removed', async () => {
    await save({
      date: '03/17/2032',
      user_id: tess.id,
      events: [{ slot: '08:00', task: 'Projects', company_id: acmeId }],
    });
    const response = await save({
      date: '03/17/2032',
      user_id: tess.id,
      events: [{ slot: '13:00', task: 'Frontline' }],
    });
    expect(response.json().data.tech_events.map((event: { slot: string }) => event.slot)).toEqual(['13:00']);
    const cleared = await save({ date: '03/17/2032', user_id: tess.id, events: [] });
    expect(cleared.json().data.tech_events).toEqual([]);
  });

  it('shows anyone booked that day, technician or not', async () => {
    await save({ date: '03/18/2032', user_id: salesperson.id, events: [{ slot: '10:00', task: 'Frontline' }] });
    const rows = (await read('03/18/2032')).json<{ data: { user: { name: string } }[] }>().data;
    expect(rows.map((row) => row.user.name)).toEqual(['Omar Onsite', 'Sal Sales', 'Tess Tech']);
    expect(rows.map((row) => row.user.name)).not.toContain('Gina Gone');
  });

  it("needs 'edit tech resources': a viewer and a client account are refused and nothing changes", async () => {
    const payload = { date: '03/19/2032', user_id: tess.id, events: [{ slot: '10:00', task: 'Frontline' }] };
    expect((await save(payload, viewerToken)).statusCode).toBe(403);
    expect((await save(payload, clientToken)).statusCode).toBe(403);
    const rows = (await read('03/19/2032')).json<{ data: { user_id: number; tech_events: unknown[] }[] }>().data;
    expect(rows.find((row) => row.user_id === tess.id)?.tech_events).toEqual([]);
  });

  it('refuses a bad date, slot, task, an unknown company and a technician who is not an active employee', async () => {
    const bad = await save({
      date: '16/03/2032',
      user_id: tess.id,
      events: [
        { slot: '09:10', task: 'Frontline' },
        { slot: '10:00', task: 'Lunch' },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      date: ['The date does not match the format MM/DD/YYYY.'],
      'events.0.slot': ['The slot must be a half hour of the day (HH:00 or HH:30).'],
      'events.1.task': ['Choose Projects or Frontline.'],
    });
    const twice = await save({
      date: '03/16/2032',
      user_id: tess.id,
      events: [
        { slot: '10:00', task: 'Frontline' },
        { slot: '10:00', task: 'Projects' },
      ],
    });
    expect(twice.json().errors).toEqual({ 'events.1.slot': ['Each slot can hold one event.'] });
    const unknown = await save({
      date: '03/16/2032',
      user_id: gone.id,
      events: [{ slot: '10:00', task: 'Frontline', company_id: 987_654 }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      user_id: ['Choose an active technician.'],
      'events.0.company_id': ['The selected company does not exist.'],
    });
    const client = await save({
      date: '03/16/2032',
      user_id: (await createUser(ctx.db, { type: 'Client' })).id,
      events: [],
    });
    expect(client.json().errors).toEqual({ user_id: ['Choose an active technician.'] });
    // Tess's saved day is as it was.
    const rows = (await read('03/16/2032')).json<{ data: { user_id: number; tech_events: unknown[] }[] }>().data;
    expect(rows.find((row) => row.user_id === tess.id)?.tech_events).toHaveLength(2);
  });
});

describe('project slots on the grid', () => {
  it('shows a project reservation as Projects events per half hour with the project and its company', async () => {
    const coordinatorToken = dispatcherToken;
    const projectId = await createTestProject(ctx.app, coordinatorToken, {
      title: 'Server room move',
      company_id: acmeId,
      coordinator_id: dispatcher.id,
    });
    const scheduled = await ctx.app.inject({
      method: 'POST',
      url: '/api/project/project_step',
      headers: bearer(coordinatorToken),
      payload: {
        step: 'Schedule Project Date',
        project_id: projectId,
        company_id: acmeId,
        site_id: null,
        dates: [{ start_date: '2032-03-20', start_time: '08:00', end_time: '09:30', employee_id: omar.id }],
      },
    });
    expect(scheduled.statusCode).toBe(200);

    const rows = expectExactShape(techResourcesResponseSchema, (await read('03/20/2032')).json()).data;
    const project = { id: projectId, title: 'Server room move' };
    const company = { id: acmeId, name: 'Acme Dental' };
    expect(rows.find((row) => row.user_id === omar.id)?.tech_events).toEqual([
      { id: null, slot: '08:00', task: 'Projects', company, project },
      { id: null, slot: '08:30', task: 'Projects', company, project },
      { id: null, slot: '09:00', task: 'Projects', company, project },
    ]);

    // The technician's own events may not sit in a reserved half hour; beside it they may.
    const clash = await save({
      date: '03/20/2032',
      user_id: omar.id,
      events: [
        { slot: '09:30', task: 'Frontline' },
        { slot: '09:00', task: 'Frontline' },
      ],
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ 'events.1.slot': ['This slot is reserved on a project.'] });
    const beside = await save({ date: '03/20/2032', user_id: omar.id, events: [{ slot: '09:30', task: 'Frontline' }] });
    expect(beside.statusCode).toBe(200);
    expect(beside.json().data.tech_events.map((event: { slot: string }) => event.slot)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
    ]);
  });
});

describe('demo tech resources', () => {
  it("fills today's board for the technicians around their project slots, once", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const projectId = await createTestProject(ctx.app, dispatcherToken, { title: 'Demo move', company_id: acmeId });
    await ctx.db
      .insert(projectSlots)
      .values({ projectId, startDate: today, startTime: '08:00', endTime: '09:00', employeeId: tess.id });
    await ctx.db.transaction((tx) => seedTechResourcesDemo(tx, ['Acme Dental'], [tess.id, omar.id]));
    const [month, day, year] = [today.slice(5, 7), today.slice(8, 10), today.slice(0, 4)];
    const readToday = async () =>
      expectExactShape(techResourcesResponseSchema, (await read(`${month}/${day}/${year}`)).json()).data;
    const first = await readToday();
    const tessDay = first.find((row) => row.user_id === tess.id)!.tech_events;
    // 08:00-12:00 Frontline, 13:00-16:00 Projects at Acme; 08:00 and 08:30 stay the project's.
    expect(tessDay.filter((event) => event.id !== null).map((event) => event.slot)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
    ]);
    expect(tessDay.find((event) => event.slot === '13:00')?.company).toEqual({ id: acmeId, name: 'Acme Dental' });
    expect(first.find((row) => row.user_id === omar.id)!.tech_events.length).toBeGreaterThan(0);
    await ctx.db.transaction((tx) => seedTechResourcesDemo(tx, ['Acme Dental'], [tess.id, omar.id]));
    expect(await readToday()).toEqual(first);
  });
});
