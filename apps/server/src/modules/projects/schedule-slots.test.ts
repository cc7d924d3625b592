import { projectChannel } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';
import { projectSlots } from './project-steps.table.ts';

// Issue 18 part 10: Schedule Project Date (order 9), spec 3 §2, §3 Schedule slot, §7. The list replaces the project's
// slots; a technician is never booked twice at once across projects, even by two saves at the same moment.

let ctx: TestContext;
let coordinator: TestUser;
let tess: TestUser;
let ivan: TestUser;
let gone: TestUser;
let client: TestUser;
let token: string;
let clientToken: string;
let companyId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  coordinator = await createUser(ctx.db, { name: 'Cora Coordinator' });
  tess = await createUser(ctx.db, { name: 'Tess Tech' });
  ivan = await createUser(ctx.db, { name: 'Ivan Installer' });
  gone = await createUser(ctx.db, { name: 'Gina Gone', deletedAt: new Date('2026-01-01T00:00:00Z') });
  token = (await login(ctx.app, coordinator.email, coordinator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Slots Dental' }).returning();
  client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });

const createProject = (title: string) =>
  createTestProject(ctx.app, token, { title, company_id: companyId, coordinator_id: coordinator.id });
const slotsOf = async (id: number, as = token) => (await projectDetail(ctx.app, as, id)).schedule_dates;
interface Row {
  id?: number | null;
  start_date: string;
  start_time: string;
  end_time: string;
  employee_id: number;
}
const schedule = (projectId: number, dates: Row[], as = token) =>
  call(
    'POST',
    '/api/project/project_step',
    { step: 'Schedule Project Date', project_id: projectId, company_id: companyId, site_id: null, dates },
    as,
  );
const slot = (employee_id: number, start_date: string, start_time: string, end_time: string): Row => ({
  start_date,
  start_time,
  end_time,
  employee_id,
});

describe('Schedule Project Date', () => {
  it('reserves slots, answers them by day and time with their technician, and tells the viewers', async () => {
    const projectId = await createProject('Two days');
    expect(await slotsOf(projectId)).toEqual([]);
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    try {
      expect(await subscribe(socket, projectChannel(projectId))).toMatchObject({ ok: true });
      const heard = nextEvent(socket, 'ScheduleProjectDateUpdated');
      const saved = await schedule(projectId, [
        slot(ivan.id, '2026-09-02', '13:00', '17:00'),
        slot(tess.id, '2026-09-01', '09:00', '12:00'),
        slot(ivan.id, '2026-09-02', '08:00', '12:00'),
      ]);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ message: 'Slots saved.' });
      expect((await heard)[0]).toEqual({ project_id: projectId, by: coordinator.id });
    } finally {
      socket.close();
    }
    const slots = await slotsOf(projectId);
    expect(slots.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        start_date: '2026-09-01',
        start_time: '09:00',
        end_time: '12:00',
        employee_id: tess.id,
        employee: { id: tess.id, name: 'Tess Tech', active: true },
      },
      {
        start_date: '2026-09-02',
        start_time: '08:00',
        end_time: '12:00',
        employee_id: ivan.id,
        employee: { id: ivan.id, name: 'Ivan Installer', active: true },
      },
      {
        start_date: '2026-09-02',
        start_time: '13:00',
        end_time: '17:00',
        employee_id: ivan.id,
        employee: { id: ivan.id, name: 'Ivan Installer', active: true },
      },
    ]);
  });

  it('replaces the list: kept slots keep their id, dropped ones go, new ones come; an empty list clears', async () => {
    const projectId = await createProject('Replace');
    await schedule(projectId, [
      slot(tess.id, '2026-10-01', '09:00', '12:00'),
      slot(tess.id, '2026-10-02', '09:00', '12:00'),
    ]);
    const [first, second] = await slotsOf(projectId);
    const saved = await schedule(projectId, [
      { ...slot(ivan.id, '2026-10-01', '10:00', '11:30'), id: first!.id },
      slot(tess.id, '2026-10-03', '08:00', '08:00'),
    ]);
    expect(saved.statusCode).toBe(200);
    const after = await slotsOf(projectId);
    expect(after.map((row) => [row.start_date, row.start_time, row.end_time, row.employee.name])).toEqual([
      ['2026-10-01', '10:00', '11:30', 'Ivan Installer'],
      ['2026-10-03', '08:00', '08:00', 'Tess Tech'],
    ]);
    expect(after[0]!.id).toBe(first!.id);
    expect(after.map((row) => row.id)).not.toContain(second!.id);
    expect((await schedule(projectId, [])).statusCode).toBe(200);
    expect(await slotsOf(projectId)).toEqual([]);
  });

  it('refuses an end before the start, a bad time or day and a non-technician, row by row', async () => {
    const projectId = await createProject('Bad rows');
    const response = await schedule(projectId, [
      slot(tess.id, '2026-09-01', '12:00', '11:59'),
      slot(tess.id, '2026-09-31', '9:00', '25:00'),
      slot(client.id, '2026-09-01', '13:00', '14:00'),
      slot(2_000_000, '2026-09-01', '13:00', '14:00'),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      'dates.0.end_time': ['The end time must be at or after the start time.'],
      'dates.1.start_date': ['The start date is not a valid date.'],
      'dates.1.start_time': ['Enter the start time as HH:MM.'],
      'dates.1.end_time': ['Enter the end time as HH:MM.'],
    });
    const people = await schedule(projectId, [
      slot(client.id, '2026-09-01', '13:00', '14:00'),
      slot(2_000_000, '2026-09-01', '13:00', '14:00'),
    ]);
    expect(people.statusCode).toBe(422);
    expect(people.json().errors).toEqual({
      'dates.0.employee_id': ['Choose a technician from the list.'],
      'dates.1.employee_id': ['Choose a technician from the list.'],
    });
    const noList = await call('POST', '/api/project/project_step', {
      step: 'Schedule Project Date',
      project_id: projectId,
    });
    expect(noList.json().errors).toEqual({ dates: ['List the slots.'] });
    expect(await slotsOf(projectId)).toEqual([]);
  });

  it('keeps an inactive technician on a slot already saved, but does not book them anew', async () => {
    const projectId = await createProject('Inactive');
    // Booked while still employed.
    const [kept] = await ctx.db
      .insert(projectSlots)
      .values({ projectId, startDate: '2026-11-02', startTime: '09:00', endTime: '10:00', employeeId: gone.id })
      .returning();
    const [listed] = await slotsOf(projectId);
    expect(listed!.employee).toEqual({ id: gone.id, name: 'Gina Gone', active: false });
    const again = await schedule(projectId, [{ ...slot(gone.id, '2026-11-02', '09:00', '11:00'), id: kept!.id }]);
    expect(again.statusCode).toBe(200);
    expect((await slotsOf(projectId))[0]).toMatchObject({ id: kept!.id, end_time: '11:00' });
    const anew = await schedule(projectId, [
      { ...slot(gone.id, '2026-11-02', '09:00', '11:00'), id: kept!.id },
      slot(gone.id, '2026-11-03', '09:00', '11:00'),
    ]);
    expect(anew.statusCode).toBe(422);
    expect(anew.json().errors).toEqual({ 'dates.1.employee_id': ['Inactive Employee: choose an active technician.'] });
  });

  it('refuses a double booking, on another project or in the list; touching is fine', async () => {
    const first = await createProject('First booking');
    const second = await createProject('Second booking');
    expect((await schedule(first, [slot(tess.id, '2026-12-01', '09:00', '12:00')])).statusCode).toBe(200);
    const clash = await schedule(second, [
      slot(ivan.id, '2026-12-01', '09:00', '12:00'),
      slot(tess.id, '2026-12-01', '11:00', '13:00'),
    ]);
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({
      'dates.1.employee_id': ['Tess Tech is already booked from 09:00 to 12:00 on 2026-12-01.'],
    });
    const inList = await schedule(second, [
      slot(ivan.id, '2026-12-02', '09:00', '12:00'),
      slot(ivan.id, '2026-12-02', '11:59', '12:30'),
    ]);
    expect(inList.json().errors).toEqual({
      'dates.1.employee_id': ['Ivan Installer is already booked from 09:00 to 12:00 on 2026-12-02.'],
    });
    expect(await slotsOf(second)).toEqual([]);
    const touching = await schedule(second, [
      slot(tess.id, '2026-12-01', '12:00', '15:00'),
      slot(tess.id, '2026-12-01', '07:00', '09:00'),
      slot(tess.id, '2026-12-02', '09:00', '12:00'),
    ]);
    expect(touching.json()).toEqual({ message: 'Slots saved.' });
    // Saving the first project again does not clash with its own slots.
    expect((await schedule(first, [slot(tess.id, '2026-12-01', '09:00', '12:00')])).statusCode).toBe(200);
  });

  it('lets only one of two saves at the same moment book a technician', async () => {
    for (let round = 0; round < 5; round += 1) {
      const day = `2027-01-${String(10 + round)}`;
      const [a, b] = await Promise.all([createProject(`Race A${round}`), createProject(`Race B${round}`)]);
      const answers = await Promise.all([
        schedule(a, [slot(ivan.id, day, '09:00', '12:00')]),
        schedule(b, [slot(ivan.id, day, '10:00', '11:00')]),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      expect(await ctx.db.$count(projectSlots, eq(projectSlots.startDate, day))).toBe(1);
    }
  });

  it('answers 404 for an unknown project and 403 for a client account', async () => {
    const projectId = await createProject('Guarded');
    expect((await schedule(2_000_000, [])).statusCode).toBe(404);
    const refused = await schedule(projectId, [slot(tess.id, '2026-09-01', '09:00', '10:00')], clientToken);
    expect(refused.statusCode).toBe(403);
    expect(await slotsOf(projectId)).toEqual([]);
  });
});
