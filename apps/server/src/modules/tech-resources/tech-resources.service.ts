import {
  TECHNICIAN_DEPARTMENT_ID,
  slotsBetween,
  techResourceMessages,
  usDateToIso,
  type saveTechResourcesInputSchema,
  type TechEvent,
  type TechResource,
  type TechTask,
} from '@switchboard/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { companies } from '../companies/companies.table.ts';
import { employeeDepartments } from '../users/employees.table.ts';
import { projectSlots } from '../projects/project-steps.table.ts';
import { projects } from '../projects/projects.table.ts';
import { users } from '../users/users.table.ts';
import { techEvents } from './tech-resources.table.ts';

// Tech Resources (spec 2 §2, §3, §7; decision 0051). The grid's rows are the active technicians (department 1) and
// anyone booked that day; each row's events are its own (tech_events) and its project reservations (project_slots,
// read here and edited on the project).

const techLockKey = 604_311_830;

export interface TechResourceActor {
  id: number;
}

/** GET /api/tech/resources: the day's rows by name, or only `userId`'s row. */
export async function listTechResources(db: Db, day: string, userId?: number): Promise<TechResource[]> {
  const forUser = <T extends SQL | undefined>(column: Parameters<typeof eq>[0], where: T) =>
    userId === undefined ? where : and(where, eq(column, userId));
  const [technicians, own, reserved] = await Promise.all([
    db
      .select({ id: users.id, name: users.name })
      .from(employeeDepartments)
      .innerJoin(users, eq(users.id, employeeDepartments.userId))
      .where(
        forUser(
          users.id,
          and(
            eq(employeeDepartments.departmentId, TECHNICIAN_DEPARTMENT_ID),
            eq(users.type, 'Employee'),
            isNull(users.deletedAt),
          ),
        ),
      ),
    db
      .select({
        id: techEvents.id,
        userId: techEvents.userId,
        slot: techEvents.slot,
        task: techEvents.task,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(techEvents)
      .leftJoin(companies, eq(companies.id, techEvents.companyId))
      .where(forUser(techEvents.userId, eq(techEvents.day, day))),
    db
      .select({
        userId: projectSlots.employeeId,
        startTime: projectSlots.startTime,
        endTime: projectSlots.endTime,
        projectId: projects.id,
        title: projects.title,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(projectSlots)
      .innerJoin(projects, eq(projects.id, projectSlots.projectId))
      .leftJoin(companies, eq(companies.id, projects.companyId))
      .where(forUser(projectSlots.employeeId, eq(projectSlots.startDate, day))),
  ]);

  const names = new Map(technicians.map((person) => [person.id, person.name]));
  const others = [...new Set([...own.map((e) => e.userId), ...reserved.map((r) => r.userId)])].filter(
    (id) => !names.has(id),
  );
  if (others.length > 0) {
    const people = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, others));
    for (const person of people) names.set(person.id, person.name);
  }

  const events = new Map<number, TechEvent[]>([...names.keys()].map((id) => [id, []]));
  for (const slot of reserved) {
    const company = slot.companyId === null ? null : { id: slot.companyId, name: slot.companyName! };
    for (const half of slotsBetween(slot.startTime, slot.endTime)) {
      events.get(slot.userId)?.push({
        id: null,
        slot: half,
        task: 'Projects',
        company,
        project: { id: slot.projectId, title: slot.title },
      });
    }
  }
  for (const event of own) {
    events.get(event.userId)?.push({
      id: event.id,
      slot: event.slot,
      task: event.task as TechTask,
      company: event.companyId === null ? null : { id: event.companyId, name: event.companyName! },
      project: null,
    });
  }
  return [...names.entries()]
    .sort(([idA, a], [idB, b]) => a.localeCompare(b) || idA - idB)
    .map(([id, name]) => ({
      user_id: id,
      user: { id, name },
      // By slot; a project's reservation before the technician's own event in the same slot.
      tech_events: events
        .get(id)!
        .sort((a, b) => a.slot.localeCompare(b.slot) || Number(a.project === null) - Number(b.project === null)),
    }));
}

/**
 * PUT /api/tech/resources: replaces the technician's events of the day in one transaction. The technician must be an
 * active employee, each company must exist, and no event may sit in a slot the technician has reserved on a project.
 */
export async function saveTechResources(
  db: Db,
  input: z.output<typeof saveTechResourcesInputSchema>,
  actor: TechResourceActor,
): Promise<TechResource> {
  const day = usDateToIso(input.date)!;
  const events = input.events;
  const person = await db.transaction(async (tx) => {
    // Two saves of one technician wait for each other instead of racing on the unique slot index.
    await tx.execute(sql`select pg_advisory_xact_lock(${techLockKey}::int, ${input.user_id}::int)`);
    const companyIds = [...new Set(events.map((event) => event.company_id).filter((id): id is number => id !== null))];
    // One after another: a transaction is one connection.
    const [person] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, input.user_id), eq(users.type, 'Employee'), isNull(users.deletedAt)));
    const known =
      companyIds.length === 0
        ? []
        : await tx.select({ id: companies.id }).from(companies).where(inArray(companies.id, companyIds));
    const reserved = await tx
      .select({ startTime: projectSlots.startTime, endTime: projectSlots.endTime })
      .from(projectSlots)
      .where(and(eq(projectSlots.employeeId, input.user_id), eq(projectSlots.startDate, day)));
    const errors: FieldErrors = {};
    if (!person) errors.user_id = [techResourceMessages.technician];
    const knownIds = new Set(known.map((company) => company.id));
    const reservedSlots = new Set(reserved.flatMap((slot) => slotsBetween(slot.startTime, slot.endTime)));
    events.forEach((event, index) => {
      if (event.company_id !== null && !knownIds.has(event.company_id))
        errors[`events.${index}.company_id`] = [techResourceMessages.company];
      if (reservedSlots.has(event.slot)) errors[`events.${index}.slot`] = [techResourceMessages.projectSlot];
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    await tx.delete(techEvents).where(and(eq(techEvents.userId, input.user_id), eq(techEvents.day, day)));
    if (events.length > 0) {
      await tx.insert(techEvents).values(
        events.map((event) => ({
          userId: input.user_id,
          day,
          slot: event.slot,
          task: event.task,
          companyId: event.company_id,
          createdBy: actor.id,
        })),
      );
    }
    return person!;
  });
  const [row] = await listTechResources(db, day, input.user_id);
  // A technician outside the tech department with no events left has no row of the day; answer it empty.
  return row ?? { user_id: person.id, user: { id: person.id, name: person.name }, tech_events: [] };
}
