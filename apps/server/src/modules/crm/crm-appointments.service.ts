import {
  APPOINTMENTS_LIST_MAX,
  appointmentMessages,
  appointmentRangeInstants,
  mayChangeAppointmentStatus,
  statusChangeRefusedMessage,
  type Appointment,
  type AppointmentCreate,
  type AppointmentListQuery,
  type AppointmentUpdate,
} from '@switchboard/shared/crm-appointments';
import { LEAD_STATUS } from '@switchboard/shared/crm';
import { and, asc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { users } from '../users/users.table.ts';
import { crmAppointments } from './crm-appointments.table.ts';
import { agentToday } from './crm-leads-read.ts';
import { crmLeads } from './crm.table.ts';
import { readCrmSettings, seesAllLeads, visibleLeadsCondition, type CrmSettingsRow } from './lead-access.ts';

// Appointments (designs/crm-softphone.md §4.2, §4.11, §5; decision 0141). Who sees
// an appointment: whoever may see its lead (lead-access.ts), and its assignee (the technical sales lead a manager
// booked it for sees it on their calendar without owning the lead). Setting one needs the lead visible (404
// otherwise); booking it for someone else needs view_all_leads or 'manage crm', as handing over a lead does.
// Setting one makes the lead Appointment Set with the appointment's day as its next touch (§2.3).

const setters = alias(users, 'set_by_user');
const assignees = alias(users, 'assigned_user');

function appointmentColumns() {
  return {
    id: crmAppointments.id,
    leadId: crmAppointments.leadId,
    companyName: crmLeads.companyName,
    firstName: crmLeads.firstName,
    lastName: crmLeads.lastName,
    setById: crmAppointments.setBy,
    setByName: setters.name,
    assignedToId: crmAppointments.assignedTo,
    assignedToName: assignees.name,
    startsAt: crmAppointments.startsAt,
    endsAt: crmAppointments.endsAt,
    kind: crmAppointments.kind,
    location: crmAppointments.location,
    notes: crmAppointments.notes,
    status: crmAppointments.status,
    createdAt: crmAppointments.createdAt,
    updatedAt: crmAppointments.updatedAt,
  };
}

type AppointmentRow = {
  [K in keyof ReturnType<typeof appointmentColumns>]: ReturnType<typeof appointmentColumns>[K]['_']['data'] | null;
};

function presentAppointment(row: AppointmentRow): Appointment {
  const contact = [row.firstName, row.lastName].filter((part) => part).join(' ');
  return {
    id: row.id!,
    lead_id: row.leadId!,
    company_name: row.companyName ?? '',
    contact_name: contact === '' ? null : contact,
    set_by: row.setById === null ? null : { id: row.setById, name: row.setByName ?? '' },
    assigned_to: { id: row.assignedToId!, name: row.assignedToName ?? '' },
    starts_at: row.startsAt!.toISOString(),
    ends_at: row.endsAt!.toISOString(),
    kind: row.kind!,
    location: row.location ?? '',
    notes: row.notes ?? '',
    status: row.status!,
    created_at: row.createdAt!.toISOString(),
    updated_at: row.updatedAt!.toISOString(),
  };
}

/** Appointments this user may see: of a lead they see, or assigned to them. */
function visibleAppointmentsCondition(auth: AuthContext, settings: CrmSettingsRow): SQL {
  if (seesAllLeads(auth, settings)) return isNull(crmLeads.deletedAt);
  return and(
    isNull(crmLeads.deletedAt),
    or(eq(crmLeads.managerId, auth.user.id), eq(crmAppointments.assignedTo, auth.user.id)),
  )!;
}

function selectAppointments(db: DbOrTransaction) {
  return db
    .select(appointmentColumns())
    .from(crmAppointments)
    .innerJoin(crmLeads, eq(crmLeads.id, crmAppointments.leadId))
    .leftJoin(setters, eq(setters.id, crmAppointments.setBy))
    .innerJoin(assignees, eq(assignees.id, crmAppointments.assignedTo));
}

/** GET /api/crm/appointments: a range of days (the viewer's wall clock), a lead, an agent; by start. */
export async function listAppointments(db: Db, query: AppointmentListQuery, auth: AuthContext): Promise<Appointment[]> {
  const settings = await readCrmSettings(db);
  const conditions: SQL[] = [visibleAppointmentsCondition(auth, settings)];
  if (query.from !== undefined && query.to !== undefined) {
    const [start, end] = appointmentRangeInstants(query.from, query.to, query.tz_offset);
    // Overlapping the range: what starts before its end and ends after its start.
    conditions.push(lt(crmAppointments.startsAt, end), gt(crmAppointments.endsAt, start));
  }
  if (query.lead_id !== undefined) conditions.push(eq(crmAppointments.leadId, query.lead_id));
  if (query.agent !== undefined) conditions.push(eq(crmAppointments.assignedTo, query.agent));
  const rows = await selectAppointments(db)
    .where(and(...conditions))
    .orderBy(asc(crmAppointments.startsAt), asc(crmAppointments.id))
    .limit(APPOINTMENTS_LIST_MAX);
  return rows.map(presentAppointment);
}

async function visibleAppointment(db: DbOrTransaction, id: number, auth: AuthContext, settings: CrmSettingsRow) {
  const [row] = await selectAppointments(db)
    .where(and(eq(crmAppointments.id, id), visibleAppointmentsCondition(auth, settings)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** GET /api/crm/appointments/{id}. */
export async function getAppointment(db: Db, id: number, auth: AuthContext): Promise<Appointment> {
  return presentAppointment(await visibleAppointment(db, id, auth, await readCrmSettings(db)));
}

async function isActiveEmployee(db: DbOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

/** The assignee's problem, if any: someone else needs view_all_leads or 'manage crm', and an active employee. */
async function assigneeErrors(
  db: DbOrTransaction,
  assignee: number,
  current: number | null,
  auth: AuthContext,
  settings: CrmSettingsRow,
): Promise<FieldErrors> {
  if (assignee === current) return {};
  if (assignee !== auth.user.id && !seesAllLeads(auth, settings))
    return { assigned_to: [appointmentMessages.assignSelfOnly] };
  if (!(await isActiveEmployee(db, assignee))) return { assigned_to: [appointmentMessages.assigneeInvalid] };
  return {};
}

export interface AppointmentChange {
  appointment: Appointment;
  /** UTC days the change touched (before and after), for CrmCalendarChanged. */
  days: { from: string; to: string };
  /** The lead's status or next touch changed (LeadUpdated follows). */
  leadChanged: boolean;
}

function daysOf(...instants: Date[]): { from: string; to: string } {
  const sorted = instants.map((instant) => instant.toISOString().slice(0, 10)).sort();
  return { from: sorted[0]!, to: sorted[sorted.length - 1]! };
}

/**
 * The lead of a new appointment becomes Appointment Set (a Current Client stays one) with the appointment's day,
 * in the setter's time zone, as its next touch.
 */
async function markLeadAppointmentSet(db: DbOrTransaction, leadId: number, startsAt: Date, auth: AuthContext) {
  const day = await agentToday(db, auth.user.id, startsAt);
  const updated = await db
    .update(crmLeads)
    .set({
      status: sql`case when ${crmLeads.status} = ${LEAD_STATUS.currentClient} then ${crmLeads.status} else ${LEAD_STATUS.appointmentSet} end`,
      nextTouch: day,
      updatedAt: new Date(),
    })
    .where(eq(crmLeads.id, leadId))
    .returning({ id: crmLeads.id });
  return updated.length > 0;
}

/** POST /api/crm/appointments. An unknown lead is a 422, a lead not the caller's to see a 404. */
export async function createAppointment(
  db: Db,
  input: AppointmentCreate,
  auth: AuthContext,
): Promise<AppointmentChange> {
  const settings = await readCrmSettings(db);
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ id: crmLeads.id, visible: sql<boolean>`${visibleLeadsCondition(auth, settings)}` })
      .from(crmLeads)
      .where(and(eq(crmLeads.id, input.lead_id), isNull(crmLeads.deletedAt)))
      .for('update')
      .limit(1);
    if (!lead) throw unprocessable({ lead_id: [appointmentMessages.leadInvalid] });
    if (!lead.visible) throw notFound();
    const assignee = input.assigned_to ?? auth.user.id;
    const errors = await assigneeErrors(tx, assignee, null, auth, settings);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const startsAt = new Date(input.starts_at);
    const endsAt = new Date(input.ends_at);
    const [row] = await tx
      .insert(crmAppointments)
      .values({
        leadId: lead.id,
        setBy: auth.user.id,
        assignedTo: assignee,
        startsAt,
        endsAt,
        kind: input.kind,
        location: input.location,
        notes: input.notes,
      })
      .returning({ id: crmAppointments.id });
    const leadChanged = await markLeadAppointmentSet(tx, lead.id, startsAt, auth);
    const appointment = presentAppointment(await visibleAppointment(tx, row!.id, auth, settings));
    return { appointment, days: daysOf(startsAt, endsAt), leadChanged };
  });
}

/** PUT /api/crm/appointments/{id}: move (scheduled only), reassign, describe, change the status by its rules. */
export async function updateAppointment(
  db: Db,
  id: number,
  input: AppointmentUpdate,
  auth: AuthContext,
): Promise<AppointmentChange> {
  const settings = await readCrmSettings(db);
  return db.transaction(async (tx) => {
    const current = await visibleAppointment(tx, id, auth, settings);
    await tx.select({ id: crmAppointments.id }).from(crmAppointments).where(eq(crmAppointments.id, id)).for('update');
    const errors: FieldErrors = {};
    const status = input.status ?? current.status!;
    if (!mayChangeAppointmentStatus(current.status!, status))
      errors.status = [statusChangeRefusedMessage(current.status!, status)];
    const startsAt = input.starts_at === undefined ? current.startsAt! : new Date(input.starts_at);
    const endsAt = input.ends_at === undefined ? current.endsAt! : new Date(input.ends_at);
    const moved = startsAt.getTime() !== current.startsAt!.getTime() || endsAt.getTime() !== current.endsAt!.getTime();
    if (moved && current.status !== 'scheduled') errors.starts_at = [appointmentMessages.onlyScheduledMoves];
    else if (endsAt <= startsAt) errors.ends_at = [appointmentMessages.endsAfterStarts];
    if (input.assigned_to !== undefined)
      Object.assign(
        errors,
        await assigneeErrors(tx, input.assigned_to ?? auth.user.id, current.assignedToId, auth, settings),
      );
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    await tx
      .update(crmAppointments)
      .set({
        ...(input.assigned_to !== undefined ? { assignedTo: input.assigned_to ?? auth.user.id } : {}),
        startsAt,
        endsAt,
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.location !== undefined ? { location: input.location } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        status,
        updatedAt: new Date(),
      })
      .where(eq(crmAppointments.id, id));
    // A scheduled appointment moved to another day moves the lead's next touch with it.
    const leadChanged =
      moved && status === 'scheduled' ? await markLeadAppointmentSet(tx, current.leadId!, startsAt, auth) : false;
    // The assignee may have changed to someone else: read it back without the caller's visibility.
    const [row] = await selectAppointments(tx).where(eq(crmAppointments.id, id)).limit(1);
    return {
      appointment: presentAppointment(row!),
      days: daysOf(current.startsAt!, current.endsAt!, startsAt, endsAt),
      leadChanged,
    };
  });
}

/** DELETE /api/crm/appointments/{id}: whoever sees it (cancelling keeps the record; deleting is for mistakes). */
export async function deleteAppointment(
  db: Db,
  id: number,
  auth: AuthContext,
): Promise<{ id: number; lead_id: number; days: { from: string; to: string } }> {
  const settings = await readCrmSettings(db);
  return db.transaction(async (tx) => {
    const current = await visibleAppointment(tx, id, auth, settings);
    await tx.delete(crmAppointments).where(eq(crmAppointments.id, id));
    return { id, lead_id: current.leadId!, days: daysOf(current.startsAt!, current.endsAt!) };
  });
}
