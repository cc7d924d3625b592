import {
  doubleBookingMessage,
  projectScheduleMessages,
  scheduleProjectDateInputSchema,
  type ScheduleProjectDateInput,
} from '@switchboard/shared';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../../plugins/errors.ts';
import { users } from '../../users/users.table.ts';
import type { ProjectStepHandler } from '../project-types.ts';
import { projectSlots } from '../project-steps.table.ts';
import type { ProjectActor } from '../project-types.ts';
import { projects } from '../projects.table.ts';

// Schedule Project Date (order 9), spec 3 §2 Step panels, §3 Schedule slot, §7: the project's slots are replaced by
// the list sent. A technician is never booked twice at once, across every project: each save locks the technicians it
// books (pg_advisory_xact_lock) before it reads their other slots, so two saves cannot both pass the check.

const slotLockKey = 604_311_829;

interface Booking {
  startDate: string;
  startTime: string;
  endTime: string;
}

/** Two bookings of one day overlap when each starts before the other ends (touching is fine), or both start at once. */
const overlaps = (a: Booking, b: Booking) =>
  a.startDate === b.startDate && ((a.startTime < b.endTime && b.startTime < a.endTime) || a.startTime === b.startTime);

const hhmm = (time: string) => time.slice(0, 5);

/** Replaces the project's slots with `input.dates`, or writes nothing and answers 422 on the rows that cannot be. */
export async function saveScheduleSlots(
  db: Db,
  input: ScheduleProjectDateInput,
  actor: ProjectActor,
): Promise<{ projectId: number }> {
  if (actor.type !== 'Employee') throw forbidden();
  const projectId = input.project_id;
  const [project] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound();
  const rows = input.dates.map((row) => ({
    id: row.id,
    startDate: row.start_date,
    startTime: row.start_time,
    endTime: row.end_time,
    employeeId: row.employee_id,
  }));
  const employeeIds = [...new Set(rows.map((row) => row.employeeId))].sort((a, b) => a - b);
  const days = [...new Set(rows.map((row) => row.startDate))];

  await db.transaction(async (tx) => {
    // In ascending order, so two saves booking the same technicians wait for each other instead of deadlocking.
    for (const employeeId of employeeIds) {
      await tx.execute(sql`select pg_advisory_xact_lock(${slotLockKey}::int, ${employeeId}::int)`);
    }
    // One after another: a transaction is one connection, which runs one statement at a time.
    const people =
      employeeIds.length === 0
        ? []
        : await tx
            .select({ id: users.id, name: users.name, type: users.type, deletedAt: users.deletedAt })
            .from(users)
            .where(inArray(users.id, employeeIds));
    const saved = await tx.select().from(projectSlots).where(eq(projectSlots.projectId, projectId));
    const elsewhere =
      employeeIds.length === 0
        ? []
        : await tx
            .select({
              employeeId: projectSlots.employeeId,
              startDate: projectSlots.startDate,
              startTime: projectSlots.startTime,
              endTime: projectSlots.endTime,
            })
            .from(projectSlots)
            .where(
              and(
                inArray(projectSlots.employeeId, employeeIds),
                inArray(projectSlots.startDate, days),
                ne(projectSlots.projectId, projectId),
              ),
            );
    // PostgreSQL answers times as HH:MM:SS; the rows are HH:MM.
    const booked = elsewhere.map((other) => ({
      ...other,
      startTime: hhmm(other.startTime),
      endTime: hhmm(other.endTime),
    }));
    const person = new Map(people.map((entry) => [entry.id, entry]));
    const savedById = new Map(saved.map((slot) => [slot.id, slot]));
    // A row keeps its saved slot when it names one of this project's (once); any other row is a new slot.
    const kept = new Set<number>();
    const keeps = rows.map((row) => {
      const keep = row.id !== null && savedById.has(row.id) && !kept.has(row.id);
      if (keep) kept.add(row.id!);
      return keep;
    });

    const errors: FieldErrors = {};
    rows.forEach((row, index) => {
      const field = `dates.${index}.employee_id`;
      const employee = person.get(row.employeeId);
      if (!employee || employee.type !== 'Employee') {
        errors[field] = [projectScheduleMessages.employee];
        return;
      }
      // A technician who left may stay on a slot already saved with them, but is not booked anew.
      const stays = keeps[index] && savedById.get(row.id!)!.employeeId === row.employeeId;
      if (employee.deletedAt !== null && !stays) {
        errors[field] = [projectScheduleMessages.inactiveEmployee];
        return;
      }
      const clash =
        booked.find((other) => other.employeeId === row.employeeId && overlaps(row, other)) ??
        rows.slice(0, index).find((other) => other.employeeId === row.employeeId && overlaps(row, other));
      if (clash) {
        const message = doubleBookingMessage(employee.name, clash.startTime, clash.endTime, clash.startDate);
        errors[field] = [message];
      }
    });
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const keptIds = [...kept];
    await tx
      .delete(projectSlots)
      .where(
        keptIds.length === 0
          ? eq(projectSlots.projectId, projectId)
          : and(eq(projectSlots.projectId, projectId), notInArray(projectSlots.id, keptIds)),
      );
    for (const [index, row] of rows.entries()) {
      const before = keeps[index] ? savedById.get(row.id!)! : null;
      if (
        !before ||
        (before.startDate === row.startDate &&
          hhmm(before.startTime) === row.startTime &&
          hhmm(before.endTime) === row.endTime &&
          before.employeeId === row.employeeId)
      ) {
        continue;
      }
      await tx
        .update(projectSlots)
        .set({ startDate: row.startDate, startTime: row.startTime, endTime: row.endTime, employeeId: row.employeeId })
        .where(eq(projectSlots.id, before.id));
    }
    const added = rows.filter((_, index) => !keeps[index]);
    if (added.length > 0) {
      await tx.insert(projectSlots).values(
        added.map((row) => ({
          projectId,
          startDate: row.startDate,
          startTime: row.startTime,
          endTime: row.endTime,
          employeeId: row.employeeId,
          createdBy: actor.id,
        })),
      );
    }
  });
  return { projectId };
}

export const scheduleProjectDateHandler: ProjectStepHandler<ScheduleProjectDateInput> = {
  schema: scheduleProjectDateInputSchema,
  async run({ db, actor }, input) {
    const { projectId } = await saveScheduleSlots(db, input, actor);
    return { projectId, message: projectScheduleMessages.slotsSaved };
  },
  event: 'ScheduleProjectDateUpdated',
};
