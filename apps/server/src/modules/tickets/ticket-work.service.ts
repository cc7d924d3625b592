import { laborMessages, type CheckIn, type CheckInsUpdateInput, type TicketTodo } from '@switchboard/shared';
import { sanitizeStoredText } from '@switchboard/shared/html-policy';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { pageOffset, toPage, type Page, type PageQuery } from '../../db/paginate.ts';
import { pageWindow, preparedStatement } from '../../db/prepared.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { users } from '../users/users.table.ts';
import { ticketAttachments, ticketTodos, tickets } from './tickets.table.ts';
import { assertMayAct, loadTicketFor, noteChange, type StoredTicketFile, type TicketActor } from './ticket-access.ts';
import { ticketNoteName } from '../notes/note-kinds.ts';
import { assertStepTakesCheckIn, type StepTicketRules } from './ticket-steps.service.ts';
import { recordNoteRevision } from '../notes/notes.service.ts';

// The work on a ticket: check-in/out, notes, resolution, attachments and to-dos (spec 3 §2, §7).

const staffOnly = (actor: TicketActor) => {
  if (actor.type !== 'Employee') throw forbidden();
};

/** A check-in as the API shows it, with its user and ticket subject. */
function presentCheckIn(
  row: typeof checkIns.$inferSelect,
  user: { name: string; shortname: string | null; photo: string | null },
  ticketSubject: string | null,
): CheckIn {
  return {
    id: row.id,
    user_id: row.userId,
    ticket_id: row.ticketId,
    project_step_id: row.projectStepId,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    billable: row.billable,
    user,
    ticket: row.ticketId !== null && ticketSubject !== null ? { id: row.ticketId, subject: ticketSubject } : null,
  };
}

/**
 * POST /api/ticket/checkinout: one open check-in per user and ticket, or on Project Day per user and labor step
 * (projectStepId); 'out' ends it. Answers the check-in and the ticket's project (a step ticket's time is project
 * time, decision 0044).
 */
export async function checkInOut(
  db: Db,
  ticketId: number,
  direction: 'in' | 'out',
  actor: TicketActor & { shortname: string | null; photo: string | null },
  projectStepId: number | null,
  rules: Pick<StepTicketRules, 'laborStepForCheckIn'>,
): Promise<{ checkIn: CheckIn; projectId: number | null }> {
  const ticket = await loadTicketFor(db, ticketId, actor);
  staffOnly(actor);
  assertMayAct(ticket, actor);
  const user = { name: actor.name, shortname: actor.shortname, photo: actor.photo };
  const checkIn = await db.transaction(async (tx) => {
    const step = projectStepId === null ? null : await rules.laborStepForCheckIn(tx, ticket, projectStepId, direction);
    const open = and(
      eq(checkIns.userId, actor.id),
      isNull(checkIns.endTime),
      step ? eq(checkIns.projectStepId, step.id) : and(eq(checkIns.ticketId, ticketId), isNull(checkIns.projectStepId)),
    );
    if (direction === 'in') {
      await assertStepTakesCheckIn(tx, ticketId, step?.id ?? null);
      const [existing] = await tx.select().from(checkIns).where(open).limit(1);
      if (existing)
        throw conflict(step ? laborMessages.alreadyCheckedIn : 'You are already checked in to this ticket.');
      // Read under a share lock: a company change in flight commits first, so the check-in takes the new company.
      const [current] = await tx
        .select({ companyId: tickets.companyId })
        .from(tickets)
        .where(eq(tickets.id, ticketId))
        .for('share');
      const companyId = current?.companyId ?? ticket.companyId;
      const values = { userId: actor.id, companyId, ticketId, projectId: ticket.projectId, projectStepId: step?.id };
      const [row] = await tx.insert(checkIns).values(values).returning();
      await noteChange(tx, ticketId, actor.id, `${actor.name} checked in${step ? ` to “${step.title}”` : ''}`);
      return presentCheckIn(row!, user, ticket.subject);
    }
    const [row] = await tx.update(checkIns).set({ endTime: new Date(), updatedAt: new Date() }).where(open).returning();
    if (!row) throw conflict(step ? laborMessages.notCheckedIn : 'You are not checked in to this ticket.');
    await noteChange(tx, ticketId, actor.id, `${actor.name} checked out${step ? ` of “${step.title}”` : ''}`);
    return presentCheckIn(row, user, ticket.subject);
  });
  return { checkIn, projectId: ticket.projectId };
}

/** GET /api/ticket/{id}/checkins?page=: newest first, with the user; the page and its count in one prepared query. */
export async function listTicketCheckIns(
  db: Db,
  ticketId: number,
  page: PageQuery,
  actor: TicketActor,
): Promise<Page<CheckIn>> {
  const [ticket] = await preparedStatement(db, 'ticket_company', (pool, name) =>
    pool
      .select({ companyId: tickets.companyId })
      .from(tickets)
      .where(eq(tickets.id, sql.placeholder('ticketId')))
      .prepare(name),
  ).execute({ ticketId });
  if (!ticket || (actor.type !== 'Employee' && (await clientCompanyOf(db, actor.id)) !== ticket.companyId))
    throw notFound();
  staffOnly(actor);
  const offset = pageOffset(page);
  const window = pageWindow(page);
  const statement = preparedStatement(db, `ticket_check_ins_page_${window.key}`, (pool, name) =>
    pool
      .select({
        checkIn: checkIns,
        name: users.name,
        shortname: users.shortname,
        photo: users.photo,
        subject: tickets.subject,
        total: sql<number>`(select count(*)::int from ${checkIns} where ${checkIns.ticketId} = ${sql.placeholder('ticketId')})`,
      })
      .from(checkIns)
      .innerJoin(users, eq(users.id, checkIns.userId))
      .innerJoin(tickets, eq(tickets.id, checkIns.ticketId))
      .where(eq(checkIns.ticketId, sql.placeholder('ticketId')))
      .orderBy(desc(checkIns.startTime), desc(checkIns.id))
      .limit(window.limit)
      .offset(window.offset)
      .prepare(name),
  );
  const rows = await statement.execute({ ticketId, limit: page.per_page, offset });
  // A page past the end has no row to carry the count.
  const total = rows[0]?.total ?? (offset === 0 ? 0 : await db.$count(checkIns, eq(checkIns.ticketId, ticketId)));
  return toPage(
    rows.map((row) =>
      presentCheckIn(row.checkIn, { name: row.name, shortname: row.shortname, photo: row.photo }, row.subject),
    ),
    total,
    page,
  );
}

/**
 * POST /api/ticket/checkinout/update ('edit checkinout times'): times (UTC) and billable, each change a ticket event.
 * Answers the tickets touched and, per project, its edited check-ins as the project's check_ins show them (the route
 * pushes them on project_{id}).
 */
export async function updateCheckIns(
  db: Db,
  input: CheckInsUpdateInput,
  actor: TicketActor,
): Promise<{ ticketIds: number[]; projectCheckIns: Map<number, CheckIn[]> }> {
  staffOnly(actor);
  const ids = input.check_ins.map((row) => row.id);
  const existing = await db.select().from(checkIns).where(inArray(checkIns.id, ids));
  if (existing.length !== new Set(ids).size || existing.some((row) => row.ticketId === null)) throw notFound();
  const ticketIds = [...new Set(existing.map((row) => row.ticketId!))];
  for (const ticketId of ticketIds) assertMayAct(await loadTicketFor(db, ticketId, actor), actor);
  await db.transaction(async (tx) => {
    for (const change of input.check_ins) {
      const before = existing.find((row) => row.id === change.id)!;
      const start = new Date(change.start_time);
      const end = change.end_time ? new Date(change.end_time) : null;
      await tx
        .update(checkIns)
        .set({ startTime: start, endTime: end, billable: change.billable, updatedAt: new Date() })
        .where(eq(checkIns.id, change.id));
      const from = `${before.startTime.toISOString()} – ${before.endTime?.toISOString() ?? 'open'} (${before.billable ? 'Non-Billable' : 'Billable'})`;
      const to = `${start.toISOString()} – ${end?.toISOString() ?? 'open'} (${change.billable ? 'Non-Billable' : 'Billable'})`;
      if (from !== to)
        await noteChange(
          tx,
          before.ticketId!,
          actor.id,
          `${actor.name} changed check-in #${change.id} from ${from} to ${to}`,
        );
    }
  });
  const rows = await db
    .select({
      checkIn: checkIns,
      name: users.name,
      shortname: users.shortname,
      photo: users.photo,
      subject: tickets.subject,
    })
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.userId))
    .leftJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .where(inArray(checkIns.id, ids))
    .orderBy(desc(checkIns.startTime), desc(checkIns.id));
  const projectCheckIns = new Map<number, CheckIn[]>();
  for (const row of rows) {
    if (row.checkIn.projectId === null) continue;
    const shown = presentCheckIn(
      row.checkIn,
      { name: row.name, shortname: row.shortname, photo: row.photo },
      row.subject,
    );
    projectCheckIns.set(row.checkIn.projectId, [...(projectCheckIns.get(row.checkIn.projectId) ?? []), shown]);
  }
  return { ticketIds, projectCheckIns };
}

/** POST /api/ticket/notes and /api/ticket/resolution: the text and (multipart) one more attachment. */
export async function saveTicketText(
  db: Db,
  ticketId: number,
  kind: 'notes' | 'resolution',
  received: string | undefined,
  file: StoredTicketFile | null,
  actor: TicketActor,
): Promise<void> {
  const ticket = await loadTicketFor(db, ticketId, actor);
  staffOnly(actor);
  assertMayAct(ticket, actor);
  const text = received === undefined ? undefined : sanitizeStoredText(received);
  await db.transaction(async (tx) => {
    if (text !== undefined)
      await tx
        .update(tickets)
        .set(kind === 'notes' ? { notes: text } : { resolution: text })
        .where(eq(tickets.id, ticketId));
    // Every save of the private notes that changes them is a revision of the note (spec 3 §2 Notes editor).
    if (kind === 'notes' && text !== undefined) await recordNoteRevision(tx, ticketNoteName(ticketId), text, actor.id);
    if (file) await tx.insert(ticketAttachments).values({ ticketId, kind, ...file, userId: actor.id });
    const what = kind === 'notes' ? 'private notes' : 'resolution';
    await noteChange(
      tx,
      ticketId,
      actor.id,
      file ? `${actor.name} updated the ${what} and attached ${file.fileName}` : `${actor.name} updated the ${what}`,
    );
  });
}

/**
 * The Exchange Analysis (decision 0049) an attachment belongs to, or null: the maintenance module passes it in
 * (maintenance sits above tickets; ARCHITECTURE.md, module layers).
 */
export type ExchangeOfAttachment = (db: Db, attachmentId: number) => Promise<number | null>;

/**
 * DELETE /api/ticket/{kind}_attachments/{id}: toggles deleted_at (an Exchange Analysis file is removed instead).
 * Answers the ticket and whether it is now deleted.
 */
export async function toggleTicketAttachment(
  db: Db,
  id: number,
  kind: 'notes' | 'resolution',
  actor: TicketActor,
  exchangeOfAttachment: ExchangeOfAttachment,
): Promise<{ ticketId: number; deleted: boolean; exchangeId?: number; path?: string }> {
  const [file] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, id), eq(ticketAttachments.kind, kind)))
    .limit(1);
  if (!file) throw notFound();
  const ticket = await loadTicketFor(db, file.ticketId, actor);
  staffOnly(actor);
  assertMayAct(ticket, actor);
  // An Exchange Analysis file (decision 0049) is deleted for good: its form has no restore.
  const exchangeId = await exchangeOfAttachment(db, id);
  if (exchangeId !== null) {
    await db.transaction(async (tx) => {
      await tx.delete(ticketAttachments).where(eq(ticketAttachments.id, id));
      await noteChange(
        tx,
        file.ticketId,
        actor.id,
        `${actor.name} deleted the Exchange Analysis attachment ${file.fileName}`,
      );
    });
    return { ticketId: file.ticketId, deleted: true, exchangeId, path: file.path };
  }
  const deleted = file.deletedAt === null;
  await db.transaction(async (tx) => {
    await tx
      .update(ticketAttachments)
      .set({ deletedAt: deleted ? new Date() : null })
      .where(eq(ticketAttachments.id, id));
    await noteChange(
      tx,
      file.ticketId,
      actor.id,
      `${actor.name} ${deleted ? 'deleted' : 'restored'} the attachment ${file.fileName}`,
    );
  });
  return { ticketId: file.ticketId, deleted };
}

const presentTodo = (row: typeof ticketTodos.$inferSelect): TicketTodo => ({
  id: row.id,
  description: row.description,
  completed: row.completed,
  deleted_at: row.deletedAt?.toISOString() ?? null,
});

export async function createTodo(
  db: Db,
  ticketId: number,
  description: string,
  actor: TicketActor,
): Promise<TicketTodo> {
  const ticket = await loadTicketFor(db, ticketId, actor);
  staffOnly(actor);
  assertMayAct(ticket, actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ticketTodos).values({ ticketId, description, createdBy: actor.id }).returning();
    await noteChange(tx, ticketId, actor.id, `${actor.name} added the to-do "${description}"`);
    return presentTodo(row!);
  });
}

/** PUT and DELETE /api/ticket/todo/{id}: edit or complete, or soft-delete. Answers the to-do. */
export async function changeTodo(
  db: Db,
  id: number,
  change: { description?: string; completed?: number; delete?: boolean },
  actor: TicketActor,
): Promise<{ ticketId: number; todo: TicketTodo }> {
  const [todo] = await db
    .select()
    .from(ticketTodos)
    .where(and(eq(ticketTodos.id, id), isNull(ticketTodos.deletedAt)))
    .limit(1);
  if (!todo) throw notFound();
  const ticket = await loadTicketFor(db, todo.ticketId, actor);
  staffOnly(actor);
  assertMayAct(ticket, actor);
  if (!change.delete && change.description === undefined && change.completed === undefined)
    throw unprocessable({ todo: ['Nothing to change.'] });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(ticketTodos)
      .set(
        change.delete
          ? { deletedAt: new Date() }
          : {
              ...(change.description !== undefined ? { description: change.description } : {}),
              ...(change.completed !== undefined ? { completed: change.completed } : {}),
            },
      )
      .where(eq(ticketTodos.id, id))
      .returning();
    const lingo = change.delete
      ? `${actor.name} deleted the to-do "${todo.description}"`
      : change.completed !== undefined && change.completed !== todo.completed
        ? `${actor.name} marked the to-do "${row!.description}" ${change.completed ? 'complete' : 'not complete'}`
        : `${actor.name} edited the to-do "${row!.description}"`;
    await noteChange(tx, todo.ticketId, actor.id, lingo);
    return { ticketId: todo.ticketId, todo: presentTodo(row!) };
  });
}

/** For POST /api/download: the ticket attachment at `path`, when the actor may see it. */
export async function findTicketAttachment(
  db: DbOrTransaction,
  path: string,
  actor: Pick<TicketActor, 'id' | 'type'>,
): Promise<{ fileName: string } | null> {
  const [file] = await db.select().from(ticketAttachments).where(eq(ticketAttachments.path, path)).limit(1);
  if (!file) return null;
  try {
    await loadTicketFor(db, file.ticketId, actor);
  } catch {
    return null;
  }
  // A client account downloads the public resolution's and the e-mail thread's files, not the private notes'.
  if (actor.type !== 'Employee' && (file.kind === 'notes' || file.deletedAt)) return null;
  return { fileName: file.fileName };
}
