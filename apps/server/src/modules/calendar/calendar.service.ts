import type { CalendarEvent, CalendarEventValues, CalendarItem } from '@switchboard/shared/calendar';
import { appointmentRangeInstants, appointmentStatusColors } from '@switchboard/shared/crm-appointments';
import { and, asc, between, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound } from '../../plugins/errors.ts';
import { crmAppointments } from '../crm/crm-appointments.table.ts';
import { crmLeads } from '../crm/crm.table.ts';
import { listHrCalendar, type CalendarViewer } from '../hr/hr-calendar.service.ts';
import { projectSlots } from '../projects/project-steps.table.ts';
import { projects } from '../projects/projects.table.ts';
import { calendarEvents } from './calendar.table.ts';

// The general /calendar (spec 1 §2.6, §3.5; designs/hr.md §6): one's own events, colleagues out (never a reason),
// the viewer's project schedule slots and the interviews they sit on, and (with 'view crm') the CRM appointments
// assigned to them (decision 0141). Events belong to their author alone.

type EventRow = typeof calendarEvents.$inferSelect;
const hhmm = (time: string) => time.slice(0, 5);

function presentEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    location: row.location,
    date: row.date,
    startTime: hhmm(row.startTime),
    endTime: hhmm(row.endTime),
    color: row.color,
  };
}

function eventItem(event: CalendarEvent): CalendarItem {
  return {
    id: `event-${event.id}`,
    kind: 'event',
    title: event.title,
    start: `${event.date}T${event.startTime}`,
    end: `${event.date}T${event.endTime}`,
    all_day: false,
    color: event.color,
    display: 'block',
    url: null,
    user_id: null,
    source_id: event.id,
    editable: true,
  };
}

async function ownEvent(db: DbOrTransaction, id: number, userId: number): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)));
  if (!row) throw notFound();
  return row;
}

export async function getCalendarEvent(db: DbOrTransaction, id: number, userId: number): Promise<CalendarEvent> {
  return presentEvent(await ownEvent(db, id, userId));
}

export async function createCalendarEvent(db: Db, input: CalendarEventValues, userId: number): Promise<CalendarEvent> {
  const [row] = await db
    .insert(calendarEvents)
    .values({ ...input, userId })
    .returning();
  return presentEvent(row!);
}

export async function updateCalendarEvent(
  db: Db,
  id: number,
  input: CalendarEventValues,
  userId: number,
): Promise<CalendarEvent> {
  const [row] = await db
    .update(calendarEvents)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return presentEvent(row);
}

export async function deleteCalendarEvent(db: Db, id: number, userId: number): Promise<void> {
  const deleted = await db
    .delete(calendarEvents)
    .where(and(eq(calendarEvents.id, id), eq(calendarEvents.userId, userId)))
    .returning({ id: calendarEvents.id });
  if (deleted.length === 0) throw notFound();
}

const slotColor = '#1c7ed6';

/** GET /api/calendar: everything the viewer's calendar shows between from and to (inclusive days). */
export async function listCalendar(
  db: DbOrTransaction,
  range: { from: string; to: string },
  viewer: CalendarViewer,
): Promise<CalendarItem[]> {
  const own = await db
    .select()
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, viewer.id), between(calendarEvents.date, range.from, range.to)))
    .orderBy(asc(calendarEvents.date), asc(calendarEvents.startTime), asc(calendarEvents.id));
  const items = own.map((row) => eventItem(presentEvent(row)));

  const slots = await db
    .select({
      id: projectSlots.id,
      projectId: projectSlots.projectId,
      title: projects.title,
      date: projectSlots.startDate,
      startTime: projectSlots.startTime,
      endTime: projectSlots.endTime,
    })
    .from(projectSlots)
    .innerJoin(projects, eq(projects.id, projectSlots.projectId))
    .where(and(eq(projectSlots.employeeId, viewer.id), between(projectSlots.startDate, range.from, range.to)))
    .orderBy(asc(projectSlots.startDate), asc(projectSlots.startTime));
  for (const slot of slots)
    items.push({
      id: `project-slot-${slot.id}`,
      kind: 'project_slot',
      title: slot.title,
      start: `${slot.date}T${hhmm(slot.startTime)}`,
      end: `${slot.date}T${hhmm(slot.endTime)}`,
      all_day: false,
      color: slotColor,
      display: 'block',
      url: `/projects/${slot.projectId}`,
      user_id: viewer.id,
      source_id: slot.id,
      editable: false,
    });

  if (viewer.permissions.includes('view crm')) items.push(...(await ownAppointments(db, range, viewer.id)));

  // Colleagues out and company holidays read as on the HR calendar, but as someone without HR's rights: "Out", no
  // pending requests, and interviews only where the viewer is an interviewer.
  const plain = { id: viewer.id, permissions: [] };
  items.push(...(await listHrCalendar(db, { ...range, kinds: ['time_off', 'holidays', 'interviews'] }, plain)));
  return items;
}

/**
 * The CRM appointments assigned to the viewer that are not cancelled, as instants (the range's UTC days widened by a
 * day each side, as the browser's zone is not known here); clicking one opens its lead's drawer.
 */
async function ownAppointments(
  db: DbOrTransaction,
  range: { from: string; to: string },
  userId: number,
): Promise<CalendarItem[]> {
  const [start, end] = appointmentRangeInstants(range.from, range.to, 0);
  const rows = await db
    .select({
      id: crmAppointments.id,
      leadId: crmAppointments.leadId,
      companyName: crmLeads.companyName,
      startsAt: crmAppointments.startsAt,
      endsAt: crmAppointments.endsAt,
      status: crmAppointments.status,
    })
    .from(crmAppointments)
    .innerJoin(crmLeads, and(eq(crmLeads.id, crmAppointments.leadId), isNull(crmLeads.deletedAt)))
    .where(
      and(
        eq(crmAppointments.assignedTo, userId),
        ne(crmAppointments.status, 'cancelled'),
        lt(crmAppointments.startsAt, new Date(end.getTime() + 86_400_000)),
        gt(crmAppointments.endsAt, new Date(start.getTime() - 86_400_000)),
      ),
    )
    .orderBy(asc(crmAppointments.startsAt), asc(crmAppointments.id));
  return rows.map((row) => ({
    id: `crm-appointment-${row.id}`,
    kind: 'crm_appointment',
    title: `Appointment: ${row.companyName}`,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    all_day: false,
    color: appointmentStatusColors[row.status],
    display: 'block',
    url: `/crm?lead=${row.leadId}`,
    user_id: userId,
    source_id: row.id,
    editable: false,
  }));
}
