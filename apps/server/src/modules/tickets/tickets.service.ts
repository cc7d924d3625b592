import {
  NOTIFICATION_ASSIGNED_TICKET,
  QUEUE_COUNT_CAP,
  TICKET_STATUS_CLOSED,
  TICKET_STATUS_OPEN,
  TICKET_TYPE_REMOTE,
  TRIAGE_MEDIUM,
  ticketCloseNeedsClientMessage,
  ticketFieldMessages,
  ticketNotEscalatableMessage,
  ticketNotEscalatedMessage,
  ticketDeescalateForbiddenMessage,
  ticketEscalateForbiddenMessage,
  mayEscalateTicket,
  mayRemoveEscalation,
  type CheckIn,
  type ClientTicketInput,
  type CreateTicketInput,
  type EscalateTicketInput,
  type Notification,
  type TicketAttachment,
  type TicketDetail,
  type TicketThread,
  type TicketQueueQuery,
  type UpdateTicketInput,
} from '@switchboard/shared';
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { isoText, jsonNamed, jsonString, jsonTime } from '../../db/json-sql.ts';
import { CappedCounts, pageOffset, type PageQuery } from '../../db/paginate.ts';
import { pageWindow, preparedStatement, writtenInteger, type PageWindow } from '../../db/prepared.ts';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { findTechnician } from '../employees/technicians.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { ticketStatuses, ticketTypes, triageLevels } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { ticketThreadsSql } from './ticket-threads.service.ts';
import { assertMayAct, clientMaySee, loadTicketFor, recordEvent, type TicketActor } from './ticket-access.ts';
import { ticketDevices, tickets } from './tickets.table.ts';

// Tickets (spec 3 §2, §3, §4, §6, §7; decision 0023).

const technicians = alias(users, 'technicians');

/** The names behind the ids of a ticket form, for events and for checking they exist. */
async function referenceNames(
  db: DbOrTransaction,
  ids: {
    status?: number;
    location?: number;
    triage?: number;
    users: number[];
    companyId?: number;
    siteId?: number | null;
  },
) {
  // One after the other: held mail checks a ticket inside its transaction, whose client takes one query at a time.
  const status = ids.status
    ? await db.select({ name: ticketStatuses.name }).from(ticketStatuses).where(eq(ticketStatuses.id, ids.status))
    : [];
  const location = ids.location
    ? await db.select({ name: ticketTypes.name }).from(ticketTypes).where(eq(ticketTypes.id, ids.location))
    : [];
  const triage = ids.triage
    ? await db.select({ name: triageLevels.name }).from(triageLevels).where(eq(triageLevels.id, ids.triage))
    : [];
  const people = ids.users.length
    ? await db
        .select({ id: users.id, name: users.name, type: users.type, deletedAt: users.deletedAt })
        .from(users)
        .where(inArray(users.id, ids.users))
    : [];
  const company = ids.companyId
    ? await db.select({ name: companies.name }).from(companies).where(eq(companies.id, ids.companyId))
    : [];
  const site = ids.siteId
    ? await db.select({ companyId: sites.companyId, name: sites.name }).from(sites).where(eq(sites.id, ids.siteId))
    : [];
  return {
    status: status[0]?.name,
    location: location[0]?.name,
    triage: triage[0]?.name,
    people: new Map(people.map((p) => [p.id, p])),
    company: company[0]?.name,
    site: site[0],
  };
}

/** Company, site, client and technician must fit together: the site and client are the company's, the tech staff. */
/** The ticket's company, site, client, technicians and reference values exist and fit together; 422 otherwise. */
export async function assertTicketReferences(
  db: DbOrTransaction,
  values: {
    companyId: number;
    siteId: number | null;
    clientId: number | null;
    employeeId: number | null;
    location: number;
    triageId: number;
    status: number;
    escTech?: number | null;
    deviceIds?: number[];
    /** The server a Scheduled Maintenance ticket is for (decision 0062): such a ticket closes without a client. */
    serverId?: number | null;
  },
) {
  const names = await referenceNames(db, {
    status: values.status,
    location: values.location,
    triage: values.triageId,
    users: [values.clientId, values.employeeId, values.escTech ?? null].filter((id): id is number => id !== null),
    companyId: values.companyId,
    siteId: values.siteId,
  });
  const errors: FieldErrors = {};
  if (!names.company) errors.company_id = [ticketFieldMessages.company_id];
  const siteOfCompany = values.siteId === null || names.site?.companyId === values.companyId;
  if (!siteOfCompany) errors.site_id = [ticketFieldMessages.site_id];
  if (!names.location) errors.location = [ticketFieldMessages.location];
  if (!names.triage) errors.triage_id = [ticketFieldMessages.triage_id];
  if (!names.status) errors.status = [ticketFieldMessages.status];
  if (values.clientId !== null) {
    const client = names.people.get(values.clientId);
    const [account] = await db
      .select({ companyId: clientAccounts.companyId })
      .from(clientAccounts)
      .where(eq(clientAccounts.userId, values.clientId));
    // Spec 3 §2: only accounts without deleted_at are selectable.
    const companyAccount = client?.type === 'Client' && !client.deletedAt && account?.companyId === values.companyId;
    if (!companyAccount) errors.client_id = [ticketFieldMessages.client_id];
  }
  for (const [field, id] of [
    ['employee_id', values.employeeId],
    ['esc_tech', values.escTech ?? null],
  ] as const) {
    const person = id === null ? null : names.people.get(id);
    const technician = person && person.type === 'Employee' && !person.deletedAt;
    if (id !== null && !technician) errors[field] = [ticketFieldMessages[field]];
  }
  if (values.status === TICKET_STATUS_CLOSED && values.clientId === null && !values.serverId)
    errors.status = [ticketCloseNeedsClientMessage];
  const { deviceIds = [] } = values;
  if (deviceIds.length > 0 && (await countCompanyDevices(db, values.companyId, deviceIds)) !== deviceIds.length) {
    errors.devices = [ticketFieldMessages.devices];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return names;
}

/** How many of the (distinct) device ids are devices of the company. */
async function countCompanyDevices(db: DbOrTransaction, companyId: number, deviceIds: number[]): Promise<number> {
  return db.$count(devices, and(eq(devices.companyId, companyId), inArray(devices.id, deviceIds)));
}

/** The ticket's linked devices, as 'Name (type)' for events. */
async function linkedDevices(db: DbOrTransaction, ticketId: number) {
  return db
    .select({ id: devices.id, name: devices.name, type: devices.type })
    .from(ticketDevices)
    .innerJoin(devices, eq(devices.id, ticketDevices.deviceId))
    .where(eq(ticketDevices.ticketId, ticketId))
    .orderBy(asc(devices.type), asc(sql`lower(${devices.name})`));
}

const deviceListText = (list: { name: string; type: string }[]) =>
  list.length ? list.map((d) => `${d.name} (${d.type})`).join(', ') : null;

/** Replaces the ticket's device links, in the caller's transaction. */
async function replaceTicketDevices(db: DbOrTransaction, ticketId: number, deviceIds: number[]): Promise<void> {
  await db.delete(ticketDevices).where(eq(ticketDevices.ticketId, ticketId));
  if (deviceIds.length > 0)
    await db.insert(ticketDevices).values(deviceIds.map((deviceId) => ({ ticketId, deviceId })));
}

/** Creates the 'Assigned Ticket' notification for a newly assigned technician (not when they assign themselves). */
async function notifyAssigned(
  db: DbOrTransaction,
  ticketId: number,
  employeeId: number | null,
  actor: TicketActor,
): Promise<{ userId: number; notification: Notification } | null> {
  if (employeeId === null || employeeId === actor.id) return null;
  const notification = await createNotification(db, employeeId, {
    type: NOTIFICATION_ASSIGNED_TICKET,
    number_details: ticketId,
    data: { by: actor.name },
  });
  return { userId: employeeId, notification };
}

/** POST /api/ticket from staff: any company, account, technician, type and triage. */
export async function createTicket(db: Db, input: CreateTicketInput, actor: TicketActor) {
  if (actor.type !== 'Employee') throw forbidden();
  return insertTicket(db, input, actor);
}

/**
 * POST /api/ticket from a client account: for its own company whatever it sends, as the account, unassigned, with
 * the type and triage a ticket from the portal gets (staff triage it).
 */
export async function createClientTicket(db: Db, input: ClientTicketInput, actor: TicketActor) {
  const companyId = await clientCompanyOf(db, actor.id);
  if (actor.type === 'Employee' || companyId === null) throw forbidden();
  const asClient = { company_id: companyId, client_id: actor.id, employee_id: null };
  return insertTicket(
    db,
    { ...input, ...asClient, location: TICKET_TYPE_REMOTE, triage_id: TRIAGE_MEDIUM, devices: [] },
    actor,
  );
}

async function insertTicket(db: Db, input: CreateTicketInput, actor: TicketActor) {
  const values = {
    subject: input.subject,
    body: input.body,
    companyId: input.company_id,
    siteId: input.site_id,
    clientId: input.client_id,
    employeeId: input.employee_id,
    location: input.location,
    triageId: input.triage_id,
    status: TICKET_STATUS_OPEN,
  };
  await assertTicketReferences(db, { ...values, deviceIds: input.devices });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tickets)
      .values({ ...values, createdBy: actor.id })
      .returning({ id: tickets.id });
    await replaceTicketDevices(tx, row!.id, input.devices);
    await recordEvent(tx, row!.id, actor.id, `${actor.name} created the ticket`);
    const assigned = await notifyAssigned(tx, row!.id, values.employeeId, actor);
    return { id: row!.id, assigned };
  });
}

const fieldLabels: Record<string, string> = {
  subject: 'subject',
  companyId: 'company',
  siteId: 'site',
  clientId: 'client',
  employeeId: 'technician',
  location: 'ticket type',
  triageId: 'triage',
  status: 'status',
  escTech: 'escalation technician',
};

/**
 * PUT /api/ticket/{id}: the changed fields, each recorded as a ticket event with its old and new value. When the
 * company changes, answers the former company's client accounts, who no longer follow the ticket.
 */
export async function updateTicket(
  db: DbOrTransaction,
  ticketId: number,
  input: UpdateTicketInput,
  actor: TicketActor,
) {
  const ticket = await loadTicketFor(db, ticketId, actor);
  if (actor.type !== 'Employee') throw forbidden();
  // A project's step ticket changes through its project (decision 0044); the helpdesk form and bulk never see one.
  if (ticket.projectId !== null) throw notFound();
  assertMayAct(ticket, actor);
  const next = {
    subject: input.subject ?? ticket.subject,
    companyId: input.company_id ?? ticket.companyId,
    siteId: input.site_id === undefined ? ticket.siteId : input.site_id,
    clientId: input.client_id === undefined ? ticket.clientId : input.client_id,
    employeeId: input.employee_id === undefined ? ticket.employeeId : input.employee_id,
    location: input.location ?? ticket.location,
    triageId: input.triage_id ?? ticket.triageId,
    status: input.status ?? ticket.status,
    escTech: ticket.escalated && input.esc_tech !== undefined ? input.esc_tech : ticket.escTech,
  };
  // A company change without a new site or client drops the old ones, which belong to the other company.
  if (next.companyId !== ticket.companyId) {
    if (input.site_id === undefined) next.siteId = null;
    if (input.client_id === undefined) next.clientId = null;
  }
  const newNames = await assertTicketReferences(db, { ...next, deviceIds: input.devices, serverId: ticket.serverId });
  // A new escalation technician is a technician, as on escalation (decision 0078); the one already set may stay.
  if (next.escTech !== null && next.escTech !== ticket.escTech && !(await findTechnician(db, next.escTech)))
    throw unprocessable({ esc_tech: [ticketFieldMessages.esc_tech] });
  const oldNames = await referenceNames(db, {
    status: ticket.status,
    location: ticket.location,
    triage: ticket.triageId,
    users: [ticket.clientId, ticket.employeeId, ticket.escTech].filter((id): id is number => id !== null),
    companyId: ticket.companyId,
    siteId: ticket.siteId,
  });
  const shown = (field: keyof typeof next, names: typeof newNames, value: string | number | null): string | null => {
    if (value === null) return null;
    if (field === 'status') return names.status ?? String(value);
    if (field === 'location') return names.location ?? String(value);
    if (field === 'triageId') return names.triage ?? String(value);
    if (field === 'companyId') return names.company ?? String(value);
    if (field === 'siteId') return names.site?.name ?? String(value);
    if (field === 'clientId' || field === 'employeeId' || field === 'escTech')
      return names.people.get(value as number)?.name ?? String(value);
    return String(value);
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== ticket[field]);
  const oldDevices = await linkedDevices(db, ticketId);
  const nextDeviceIds = nextTicketDeviceIds(oldDevices, input.devices, next.companyId !== ticket.companyId);
  const devicesChanged = nextDeviceIds !== null;
  if (changed.length === 0 && !devicesChanged) return { assigned: null, formerClientIds: [] };

  return db.transaction(async (tx) => {
    await tx
      .update(tickets)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(tickets.id, ticketId));
    // Usage is summed by the check-ins' company: the time spent on a ticket follows it to its new company.
    if (changed.includes('companyId')) {
      await tx.update(checkIns).set({ companyId: next.companyId }).where(eq(checkIns.ticketId, ticketId));
    }
    for (const field of changed) {
      const from = shown(field, oldNames, ticket[field]);
      const to = shown(field, newNames, next[field]);
      await recordEvent(
        tx,
        ticketId,
        actor.id,
        `${actor.name} changed the ${fieldLabels[field]} from ${from ?? 'none'} to ${to ?? 'none'}`,
        { field: fieldLabels[field]!, from, to },
      );
    }
    if (nextDeviceIds) {
      await replaceTicketDevices(tx, ticketId, nextDeviceIds);
      const [from, to] = [deviceListText(oldDevices), deviceListText(await linkedDevices(tx, ticketId))];
      await recordEvent(
        tx,
        ticketId,
        actor.id,
        `${actor.name} changed the devices from ${from ?? 'none'} to ${to ?? 'none'}`,
        { field: 'devices', from, to },
      );
    }
    const assigned = changed.includes('employeeId') ? await notifyAssigned(tx, ticketId, next.employeeId, actor) : null;
    const formerClients = changed.includes('companyId')
      ? await tx
          .select({ userId: clientAccounts.userId })
          .from(clientAccounts)
          .where(eq(clientAccounts.companyId, ticket.companyId))
      : [];
    return { assigned, formerClientIds: formerClients.map((account) => account.userId) };
  });
}

/**
 * The device ids the ticket links after an update, or null when they stay as they are. A company change without a new
 * list drops every link: the linked devices are the former company's (validated lists are the new company's).
 */
function nextTicketDeviceIds(
  current: { id: number }[],
  requested: number[] | undefined,
  companyChanged: boolean,
): number[] | null {
  const next = requested ?? (companyChanged ? [] : null);
  if (next === null) return null;
  const same = next.length === current.length && current.every((device) => next.includes(device.id));
  return same ? null : next;
}

/** Who escalates and who ends an escalation: the caller's role and permissions beside the ticket (decision 0058). */
export interface EscalationAccess {
  role: string;
  permissions: readonly string[];
}

/**
 * POST /api/ticket/escalate/{id} (decision 0058): the ticket's technician, a dispatcher or an administrator escalates an
 * escalatable ticket not yet escalated; its escalation technician is the escalator or esc_tech, an active employee
 * (the rule of the ticket's Technician picker). An administrator may escalate an escalated ticket again to hand it to
 * another technician. The reason, when given, is part of the event, so whoever takes it over reads why.
 */
export async function escalateTicket(
  db: Db,
  ticketId: number,
  actor: TicketActor,
  input: EscalateTicketInput = {},
  access: EscalationAccess = { role: 'user', permissions: [] },
) {
  const ticket = await loadTicketFor(db, ticketId, actor);
  if (actor.type !== 'Employee') throw forbidden();
  const user = { id: actor.id, ...access };
  if (!mayEscalateTicket({ employee_id: ticket.employeeId }, user)) throw forbidden(ticketEscalateForbiddenMessage);
  const reassign = ticket.escalated && access.role === 'admin';
  if (ticket.escalated && !reassign)
    throw unprocessable({ escalated: [ticketNotEscalatableMessage] }, ticketNotEscalatableMessage);
  if (!ticket.escalatable && !reassign)
    throw unprocessable({ escalated: [ticketNotEscalatableMessage] }, ticketNotEscalatableMessage);
  const tech = input.esc_tech ?? actor.id;
  // The escalation technician is a technician (decision 0078): the rule of every technician picker.
  const person = await findTechnician(db, tech);
  if (!person) throw unprocessable({ esc_tech: [ticketFieldMessages.esc_tech] });
  if (reassign && tech === ticket.escTech) return;
  const reason = input.reason ? `: ${input.reason}` : '';
  const lingo = reassign
    ? `${actor.name} handed the escalation to ${person.name}${reason}`
    : `${actor.name} escalated the ticket to ${person.name}${reason}`;
  const previous = reassign ? await userName(db, ticket.escTech) : null;
  const change = reassign
    ? { field: fieldLabels.escTech!, from: previous, to: person.name }
    : { field: 'escalated', from: 'No', to: 'Yes' };
  await db.transaction(async (tx) => {
    // Guarded by the state read above, so two escalations at once do not both win.
    const [changed] = await tx
      .update(tickets)
      .set({ escalated: true, escTech: tech, updatedAt: new Date() })
      .where(and(eq(tickets.id, ticketId), eq(tickets.escalated, ticket.escalated)))
      .returning({ id: tickets.id });
    if (!changed) throw unprocessable({ escalated: [ticketNotEscalatableMessage] }, ticketNotEscalatableMessage);
    await recordEvent(tx, ticketId, actor.id, lingo, change);
  });
}

/**
 * POST /api/ticket/deescalate/{id} (decision 0058): an administrator (always) or the escalation technician ends the
 * escalation, so a ticket escalated to someone absent, disabled or removed is never locked beyond reach.
 */
export async function deescalateTicket(db: Db, ticketId: number, actor: TicketActor, access: EscalationAccess) {
  const ticket = await loadTicketFor(db, ticketId, actor);
  if (actor.type !== 'Employee') throw forbidden();
  if (!ticket.escalated) throw unprocessable({ escalated: [ticketNotEscalatedMessage] }, ticketNotEscalatedMessage);
  const state = { escalated: ticket.escalated, esc_tech: ticket.escTech };
  if (!mayRemoveEscalation(state, { id: actor.id, role: access.role }))
    throw forbidden(ticketDeescalateForbiddenMessage);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(tickets)
      .set({ escalated: false, escTech: null, updatedAt: new Date() })
      .where(and(eq(tickets.id, ticketId), eq(tickets.escalated, true)))
      .returning({ id: tickets.id });
    if (!changed) throw unprocessable({ escalated: [ticketNotEscalatedMessage] }, ticketNotEscalatedMessage);
    await recordEvent(tx, ticketId, actor.id, `${actor.name} removed the escalation`, {
      field: 'escalated',
      from: 'Yes',
      to: 'No',
    });
  });
}

async function userName(db: DbOrTransaction, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [person] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return person?.name ?? null;
}

const ticketClients = alias(users, 'ticket_clients');
/** A time as Date.toISOString writes it, like every other time the API answers. */
const param = sql.placeholder;

/**
 * The detail's ticket with its names and every list it shows but the e-mail thread, in one prepared statement: the
 * lists come as JSON in the API's shapes, so one round trip replaces six (decision 0023).
 */
function prepareDetail(db: Db, name: string) {
  const iso = (column: string) => isoText(sql.raw(column));
  return db
    .select({
      ticket: tickets,
      company: companies.name,
      clientName: ticketClients.name,
      clientEmail: ticketClients.email,
      escName: technicians.name,
      siteName: sql<string | null>`${nameOf(sites.name, sites.id, tickets.siteId)}`,
      technicianName: sql<string | null>`${nameOf(users.name, users.id, tickets.employeeId)}`,
      todos: sql<
        TicketDetail['todos']
      >`coalesce((select json_agg(json_build_object('id', d.id, 'description', d.description, 'completed', d.completed, 'deleted_at', null) order by d.id)
        from ticket_todos d where d.ticket_id = ${tickets.id} and d.deleted_at is null), '[]')`,
      events: sql<
        TicketDetail['ticket_events']
      >`coalesce((select json_agg(e.event order by e.created_at desc, e.id desc) from (
        select v.id, v.created_at, json_build_object('id', v.id, 'add_by', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
          'lingo', v.lingo, 'change', v.change, 'previous_data', v.previous_data, 'new_data', v.new_data, 'created_at', ${iso('v.created_at')}) as event
        from ticket_events v left join users u on u.id = v.add_by where v.ticket_id = ${tickets.id} order by v.created_at desc, v.id desc limit 200) e), '[]')`,
      flags: sql<
        TicketDetail['flags']
      >`coalesce((select json_agg(json_build_object('id', f.id, 'flag', f.flag) order by f.id)
        from company_flags f where f.company_id = ${tickets.companyId} and f.deleted_at is null), '[]')`,
      devices: sql<
        TicketDetail['devices']
      >`coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'type', d.type) order by d.type, lower(d.name), d.id)
        from ticket_devices td join devices d on d.id = td.device_id where td.ticket_id = ${tickets.id}), '[]')`,
      attachments: sql<
        (TicketAttachment & { kind: string })[]
      >`coalesce((select json_agg(json_build_object('kind', a.kind, 'id', a.id, 'file_name', a.file_name, 'path', a.path,
          'extension', a.extension, 'size', a.size, 'created_at', ${iso('a.created_at')}, 'deleted_at', ${iso('a.deleted_at')},
          'user', case when u.name is null then null else json_build_object('name', u.name) end) order by a.id)
        from ticket_attachments a left join users u on u.id = a.user_id where a.ticket_id = ${tickets.id}
          and not exists (select 1 from exchange_attachments ea where ea.attachment_id = a.id)), '[]')`,
      myCheckIn: sql<CheckIn | null>`(select json_build_object('id', c.id, 'user_id', c.user_id, 'ticket_id', c.ticket_id, 'start_time', ${iso('c.start_time')},
          'end_time', ${iso('c.end_time')}, 'billable', c.billable, 'user', json_build_object('name', u.name, 'shortname', u.shortname, 'photo', u.photo),
          'project_step_id', c.project_step_id, 'ticket', json_build_object('id', ${tickets.id}, 'subject', ${tickets.subject}))
        from check_ins c join users u on u.id = c.user_id where c.ticket_id = ${tickets.id} and c.user_id = ${param('userId')} and c.end_time is null and c.project_step_id is null limit 1)`,
      threads: sql<TicketThread[]>`${ticketThreadsSql(sql`${tickets.id}`)}`,
    })
    .from(tickets)
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .leftJoin(ticketClients, eq(ticketClients.id, tickets.clientId))
    .leftJoin(technicians, eq(technicians.id, tickets.escTech))
    .where(eq(tickets.id, param('ticketId')))
    .prepare(name);
}

/** GET /api/ticket/{id}: everything the detail page shows, in a handful of queries. */
export async function getTicketDetail(db: Db, ticketId: number, actor: TicketActor): Promise<TicketDetail> {
  // The ticket with its lists and its e-mail thread; they are only shown once the ticket is allowed.
  const [found] = await preparedStatement(db, 'ticket_detail', prepareDetail).execute({ ticketId, userId: actor.id });
  if (!found) throw notFound();
  if (actor.type !== 'Employee' && !clientMaySee(found.ticket, await clientCompanyOf(db, actor.id))) throw notFound();
  const { ticket, todos, events, flags, devices: linked, attachments, myCheckIn, threads, ...names } = found;
  const employee = actor.type === 'Employee';
  const files = attachments.map(({ kind, ...file }) => ({ kind, file }));
  return {
    id: ticket.id,
    subject: ticket.subject,
    body: ticket.body,
    company_id: ticket.companyId,
    company: { id: ticket.companyId, name: names.company },
    site_id: ticket.siteId,
    site: ticket.siteId !== null && names.siteName !== null ? { id: ticket.siteId, name: names.siteName } : null,
    client_id: ticket.clientId,
    client:
      ticket.clientId && names.clientName
        ? { id: ticket.clientId, name: names.clientName, email: names.clientEmail! }
        : null,
    employee_id: ticket.employeeId,
    technician:
      ticket.employeeId !== null && names.technicianName !== null
        ? { id: ticket.employeeId, name: names.technicianName }
        : null,
    location: ticket.location,
    triage_id: ticket.triageId,
    status: ticket.status,
    project_id: ticket.projectId,
    project_order: ticket.projectOrder,
    // Staff's ticket page offers Closed on a maintenance ticket by it (decision 0062); clients never see one.
    server_id: employee ? ticket.serverId : null,
    // Escalation and the company's flags are staff's instructions to staff (issue 15 part 3).
    escalatable: employee && ticket.escalatable,
    escalated: employee && ticket.escalated,
    esc_tech: employee ? ticket.escTech : null,
    esc_tech_user: employee && ticket.escTech && names.escName ? { id: ticket.escTech, name: names.escName } : null,
    // Private notes, events and to-dos are staff's; a client account sees the public resolution.
    notes: employee ? ticket.notes : '',
    resolution: ticket.resolution,
    todos: employee ? todos : [],
    ticket_events: employee ? events : [],
    flags: employee ? flags : [],
    // The company's inventory is staff's working knowledge, like the devices page.
    devices: employee ? linked : [],
    all_notes_attachments: employee ? files.filter((f) => f.kind === 'notes').map((f) => f.file) : [],
    all_resolution_attachments: files
      .filter((f) => f.kind === 'resolution' && (employee || f.file.deleted_at === null))
      .map((f) => f.file),
    // The e-mail thread is between staff and the client: both see it.
    threads,
    my_check_in: myCheckIn,
    created_at: ticket.createdAt.toISOString(),
    updated_at: ticket.updatedAt.toISOString(),
  };
}

/**
 * A value of the row another table holds for `value`, by a subquery rather than a join. PostgreSQL plans a search
 * of the queue again on every call, and each join more multiplies that planning (about 0.8 ms with three joins).
 */
function nameOf(column: AnyColumn, id: AnyColumn, value: AnyColumn): SQL {
  return sql`(select ${column} from ${column.table} where ${id} = ${value})`;
}

const sortColumns: Record<TicketQueueQuery['sort'], SQL | AnyColumn> = {
  id: tickets.id,
  subject: sql`lower(${tickets.subject})`,
  company: sql`lower(${nameOf(companies.name, companies.id, tickets.companyId)})`,
  site: sql`lower(${nameOf(sites.name, sites.id, tickets.siteId)})`,
  technician: sql`lower(${nameOf(users.name, users.id, tickets.employeeId)})`,
  status: nameOf(ticketStatuses.name, ticketStatuses.id, tickets.status),
  triage: nameOf(triageLevels.sortOrder, triageLevels.id, tickets.triageId),
  created_at: tickets.createdAt,
  updated_at: tickets.updatedAt,
};

/** One page of the queue as JSON text (decision 0023): PostgreSQL writes the rows, the route sends them as they are. */
export interface TicketQueuePage {
  rowsJson: string;
  rowCount: number;
  total: number;
}

/** GET /api/ticket: one page of the queue; a client account's is limited to its company. */
export async function listTickets(
  db: Db,
  page: PageQuery,
  query: TicketQueueQuery,
  actor: TicketActor,
): Promise<TicketQueuePage> {
  // Values travel as parameters of a statement prepared once per filter shape (decision 0023: the queue is the
  // busiest call; drizzle does not build it again, nor PostgreSQL plan it, but for a search, whose words decide the plan).
  const params: Record<string, unknown> = { limit: page.per_page, offset: pageOffset(page) };
  // The sort as `sort:{column}`, so a column never reads as the filter of the same name (status).
  const shape: string[] = [`sort:${query.sort}`, query.direction];
  const filter = (name: string, value: unknown) => {
    params[name] = value;
    shape.push(name);
  };
  const client = actor.type !== 'Employee';
  if (client) filter('scope_company_id', (await clientCompanyOf(db, actor.id)) ?? -1);
  // My tickets (decision 0064): a technician's are assigned to them; a client account's it filed or is the contact of.
  if (query.mine === 1) filter(client ? 'mine_client' : 'mine_technician', actor.id);
  if (query.status === 'open') shape.push('open');
  else if (typeof query.status === 'number') filter('status', query.status);
  if (query.company_id) filter('company_id', query.company_id);
  if (query.site_id) filter('site_id', query.site_id);
  if (query.employee_id) filter('employee_id', query.employee_id);
  if (query.triage_id) filter('triage_id', query.triage_id);
  if (query.location) filter('location', query.location);
  // Escalation is staff's: a client account's queue neither filters by it nor shows it.
  const byEscalation = actor.type === 'Employee' && query.escalated !== undefined && query.escalated !== null;
  if (byEscalation) filter('escalated', query.escalated === 1);
  if (query.search) {
    // Words of the subject, the last one as a prefix while typing; served by the subject's GIN index.
    const words = query.search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    filter(
      'tsquery',
      words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ') || null,
    );
    if (/^#?\d{1,9}$/.test(query.search)) filter('number', Number(query.search.replace('#', '')));
  }
  // Shapes are filters present × sort × direction, each with at most six page windows; the statements each
  // connection keeps are bounded (decision 0029).
  const key = shape.join(',');
  const { limit, offset, ...filters } = params as { limit: number; offset: number };
  // One row more than the page tells whether anything follows; when nothing does, the total is exact without a count.
  const window = pageWindow(page, 1);
  const pageStatement = preparedStatement(db, `tickets_queue:${key}:${window.key}`, (pool, name) =>
    prepareQueuePage(pool, name, shape, query, window),
  );
  const counter = preparedStatement(db, `tickets_queue_count:${key}`, (pool, name) =>
    prepareQueueCount(pool, name, shape),
  );
  const filtersKey = JSON.stringify(filters);
  type Page = [{ fetched: number; rowsJson: string }];
  let walked: Page[0] | undefined;
  // A word that begins a thousand tickets or more (its count reached the cap lately) is looked for down the queue's
  // own order, by a statement PostgreSQL plans once (decision 0074); the page is exact when the walk fills it.
  if (mayWalk(shape, query, window) && counter.capped.reachedLately(filtersKey) && !walkFellShort(key, filtersKey)) {
    const walk = preparedStatement(db, `tickets_queue_walk:${key}:${window.key}`, (pool, name) =>
      prepareQueuePage(pool, name, shape, query, window, true),
    );
    [walked] = (await walk.execute({ ...params, limit: limit + 1 })) as Page;
    if (walked.fetched <= limit) {
      noteWalkShort(key, filtersKey);
      walked = undefined;
    }
  }
  const [{ fetched, rowsJson }] = walked
    ? [walked]
    : ((await pageStatement.execute({ ...params, limit: limit + 1 })) as Page);
  const rowCount = Math.min(fetched, limit);
  let total = offset + rowCount;
  if (fetched > limit) total = Math.max(await queueCount(counter, filters), offset + fetched);
  else if (rowCount === 0 && offset > 0) total = await queueCount(counter, filters);
  return { rowsJson, rowCount, total };
}

/**
 * Newest helpdesk tickets a search walks, in the queue's order (tickets_updated_idx), before it gives up (decision
 * 0074). A word that begins a tenth of the subjects fills a page within a few hundred; one rarer than about one in a
 * hundred does not, and is looked for through the subject's GIN index by a statement planned for the word.
 */
export const QUEUE_SEARCH_WALK_ROWS = 5_000;
// Filters whose walk fell short lately (the page not filled): the planned statement serves them for a while.
const WALK_SHORT_MS = 60_000;
const WALK_SHORT_KEPT = 1_000;
const walkShort = new Map<string, number>();

function walkFellShort(shape: string, filters: string): boolean {
  const at = walkShort.get(`${shape}|${filters}`);
  return at !== undefined && Date.now() - at < WALK_SHORT_MS;
}

function noteWalkShort(shape: string, filters: string): void {
  if (walkShort.size >= WALK_SHORT_KEPT) walkShort.clear();
  walkShort.set(`${shape}|${filters}`, Date.now());
}

/**
 * Whether a search may walk: words (not a number, which also finds the ticket of that number), the default order
 * (last change first, then the highest number, which tickets_updated_idx holds) and one of the written page windows.
 */
function mayWalk(shape: string[], query: TicketQueueQuery, window: PageWindow): boolean {
  return (
    shape.includes('tsquery') &&
    !shape.includes('number') &&
    query.sort === 'updated_at' &&
    query.direction === 'desc' &&
    window.key !== 'deep'
  );
}

/**
 * The queue's filters for one shape, on the parameters named after them. `walk`: the search's words as a value
 * computed once (an init plan), as a plan kept for every word cannot fold them into a constant and would parse them
 * again for each row.
 */
function queueWhere(shape: string[], walk = false): SQL | undefined {
  const words = sql`to_tsquery('simple'::regconfig, coalesce(${param('tsquery')}::text, ''))`;
  const has = (part: string) => shape.includes(part);
  return and(
    isNull(tickets.projectId),
    has('scope_company_id') ? eq(tickets.companyId, param('scope_company_id')) : undefined,
    // Scheduled Maintenance tickets (they name a server) are staff's internal work: never in a client's queue.
    has('scope_company_id') ? isNull(tickets.serverId) : undefined,
    has('mine_client')
      ? or(eq(tickets.clientId, param('mine_client')), eq(tickets.createdBy, param('mine_client')))
      : undefined,
    has('mine_technician') ? eq(tickets.employeeId, param('mine_technician')) : undefined,
    has('open') ? ne(tickets.status, writtenInteger(TICKET_STATUS_CLOSED)) : undefined,
    has('status') ? eq(tickets.status, param('status')) : undefined,
    has('company_id') ? eq(tickets.companyId, param('company_id')) : undefined,
    has('site_id') ? eq(tickets.siteId, param('site_id')) : undefined,
    has('employee_id') ? eq(tickets.employeeId, param('employee_id')) : undefined,
    has('triage_id') ? eq(tickets.triageId, param('triage_id')) : undefined,
    has('location') ? eq(tickets.location, param('location')) : undefined,
    has('escalated') ? eq(tickets.escalated, param('escalated')) : undefined,
    has('tsquery')
      ? or(
          sql`${tickets.subjectSearch} @@ ${walk ? sql`(select ${words})` : words}`,
          has('number') ? eq(tickets.id, param('number')) : undefined,
        )
      : undefined,
  );
}

/** The count of one filter shape; it stops at the cap, as counting every open ticket of a large queue costs more than the page. */
function prepareQueueCount(db: Db, name: string, shape: string[]) {
  const capped = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(queueWhere(shape))
    .limit(writtenInteger(QUEUE_COUNT_CAP))
    .as('capped');
  return {
    count: db
      .select({ total: sql<number>`count(*)::int` })
      .from(capped)
      .prepare(name),
    capped: new CappedCounts(QUEUE_COUNT_CAP),
  };
}

const referenceName = (name: AnyColumn, id: AnyColumn, value: AnyColumn) =>
  sql`coalesce(${nameOf(name, id, value)}, '')`;

/**
 * One page window of one filter shape. PostgreSQL writes each row as the API's JSON (a TicketRow) and the page as one
 * array, so Node neither decodes some 700 values nor encodes them again (decision 0023). `fetched` counts the rows
 * read, the page's and the one more that tells whether anything follows; that last one is left out of the array.
 */
function prepareQueuePage(
  db: Db,
  name: string,
  shape: string[],
  query: TicketQueueQuery,
  window: PageWindow,
  walk = false,
) {
  const order = query.direction === 'asc' ? asc(sortColumns[query.sort]) : desc(sortColumns[query.sort]);
  // A client account's queue (scoped to its company) never says which tickets are escalated.
  const escalated = shape.includes('scope_company_id') ? sql`'false'` : sql`${tickets.escalated}`;
  const rows = db
    .select({
      row: sql<string>`'{"id":' || ${tickets.id}
        || ',"subject":' || ${jsonString(tickets.subject)}
        || ',"company":' || ${jsonNamed(tickets.companyId, nameOf(companies.name, companies.id, tickets.companyId))}
        || ',"site":' || coalesce(${jsonNamed(tickets.siteId, nameOf(sites.name, sites.id, tickets.siteId))}, 'null')
        || ',"technician":' || coalesce(${jsonNamed(tickets.employeeId, nameOf(users.name, users.id, tickets.employeeId))}, 'null')
        || ',"status":' || ${jsonNamed(tickets.status, referenceName(ticketStatuses.name, ticketStatuses.id, tickets.status))}
        || ',"triage":' || coalesce((select '{"id":' || ${triageLevels.id} || ',"name":' || ${jsonString(triageLevels.name)} || ',"color":' || ${jsonString(triageLevels.color)} || '}'
          from ${triageLevels} where ${triageLevels.id} = ${tickets.triageId}), '{"id":' || ${tickets.triageId} || ',"name":"","color":"#868e96"}')
        || ',"location":' || ${jsonNamed(tickets.location, referenceName(ticketTypes.name, ticketTypes.id, tickets.location))}
        || ',"escalated":' || ${escalated}
        || ',"created_at":' || ${jsonTime(tickets.createdAt)}
        || ',"updated_at":' || ${jsonTime(tickets.updatedAt)} || '}'`.as('row'),
    })
    // The walk (decision 0074): the newest helpdesk tickets in the queue's order, bounded, under the table's own name so
    // the row's columns read the same; PostgreSQL cannot take the words to the GIN index through the bound.
    .from(
      walk
        ? sql`(select * from ${tickets} where ${isNull(tickets.projectId)} order by ${tickets.updatedAt} desc, ${tickets.id} desc
            limit ${writtenInteger(QUEUE_SEARCH_WALK_ROWS)}) ${tickets}`
        : tickets,
    )
    .where(queueWhere(shape, walk))
    .orderBy(order, desc(tickets.id))
    .limit(window.limit)
    .offset(window.offset)
    .as('page_rows');
  // Numbered in the page's order (the window runs over the rows as they come, after the limit).
  const numbered = db
    .select({ position: sql<number>`row_number() over ()`.as('position'), row: rows.row })
    .from(rows)
    .as('numbered');
  return db
    .select({
      fetched: sql<number>`count(*)::int`,
      rowsJson: sql<string>`'[' || coalesce(string_agg(${numbered.row}, ',' order by ${numbered.position}) filter (where ${numbered.position} < ${window.limit}), '') || ']'`,
    })
    .from(numbered)
    .prepare(name);
}

function queueCount(
  statements: ReturnType<typeof prepareQueueCount>,
  filters: Record<string, unknown>,
): Promise<number> {
  return statements.capped.count(JSON.stringify(filters), async () => {
    return (await statements.count.execute(filters))[0]?.total ?? 0;
  });
}

/**
 * The company's open tickets (the company page's Open Tickets counter). A client account's count leaves out the
 * Scheduled Maintenance tickets, as its queue does (decision 0064).
 */
export async function countOpenTickets(
  db: DbOrTransaction,
  companyId: number,
  viewer: 'staff' | 'client' = 'staff',
): Promise<number> {
  return db.$count(
    tickets,
    and(
      eq(tickets.companyId, companyId),
      ne(tickets.status, TICKET_STATUS_CLOSED),
      isNull(tickets.projectId),
      viewer === 'client' ? isNull(tickets.serverId) : undefined,
    ),
  );
}
