import { join } from 'node:path';
import {
  attachmentDeletedMessage,
  attachmentRestoredMessage,
  checkInSchema,
  checkInOutInputSchema,
  checkInsUpdateInputSchema,
  checkInsUpdatedMessage,
  clientTicketInputSchema,
  createThreadInputSchema,
  createTicketInputSchema,
  isMaintenanceTicketBody,
  maintenanceTicketInputSchema,
  type MaintenanceTicketInput,
  replySentMessage,
  responseSentMessage,
  notesSavedMessage,
  resolutionSavedMessage,
  ticketChannel,
  ticketClientEvents,
  ticketCreatedMessage,
  ticketDetailSchema,
  escalateTicketInputSchema,
  ticketEscalatedMessage,
  ticketDeescalatedMessage,
  ticketQueueQuerySchema,
  ticketReplyInputSchema,
  ticketTextSchema,
  ticketBulkInputSchema,
  ticketsBulkUpdatedMessage,
  ticketUpdatedMessage,
  ticketViewDeletedMessage,
  ticketViewInputSchema,
  ticketViewSavedMessage,
  ticketViewSchema,
  todoCreatedMessage,
  todoDeletedMessage,
  todoInputSchema,
  todoUpdatedMessage,
  todoUpdateInputSchema,
  updateTicketInputSchema,
  projectStepUpdatedMessage,
  stepStatusInputSchema,
  type TicketChannelEvent,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import type { Db } from '../../db/client.ts';
import { pageJson, pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden, toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { moveUpload, removeUpload } from '../../plugins/storage.ts';
import { uploadedFileSchema, type UploadedFile } from '../../plugins/uploads.ts';
import { parsePathId } from '../../http/path-params.ts';
import { emitNotificationCreated } from '../notifications/notifications.service.ts';
import { attachmentExtension } from '../companies/tech-attachments.ts';
import {
  changeTodo,
  checkInOut,
  createTodo,
  listTicketCheckIns,
  saveTicketText,
  toggleTicketAttachment,
  type ExchangeOfAttachment,
  updateCheckIns,
} from './ticket-work.service.ts';
import { loadTicketFor, type StoredTicketFile } from './ticket-access.ts';
import { setStepStatus, type StepTicketRules } from './ticket-steps.service.ts';
import { announceTicketChanged, announceTicketLeftCompany } from './ticket-announce.ts';
import { addClientReply, sendTicketResponse } from './ticket-threads.service.ts';
import {
  createClientTicket,
  createTicket,
  deescalateTicket,
  escalateTicket,
  getTicketDetail,
  listTickets,
  updateTicket,
} from './tickets.service.ts';
import type { TicketActor } from './ticket-access.ts';
import { bulkChangeTickets } from './ticket-bulk.service.ts';
import { deleteTicketView, listTicketViews, saveTicketView } from './ticket-views.service.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';

const idParams = z.object({ id: z.string() });
const ticketFileFolder = 'ticket-files';
const maxTicketFileBytes = 20 * 1024 * 1024;
// Above the 20 MB rule, so a file a little too large gets the field's message (422).
const attachmentUploads = { files: 10, fileSize: 25 * 1024 * 1024 };

/**
 * What the modules above tickets hand in (routes.ts; ARCHITECTURE.md, module layers): the projects module's rules for
 * its step tickets, the maintenance module's ticket of a server's month and its Exchange Analysis files.
 */
export interface TicketRouteOptions {
  stepTickets: StepTicketRules;
  maintenance: {
    createTicket(db: Db, input: MaintenanceTicketInput, actor: TicketActor): Promise<{ id: number }>;
    exchangeOfAttachment: ExchangeOfAttachment;
  };
}

/** Ticket calls of spec 3 §7. Every change is pushed on ticket_{id} so every viewer reads the part again. */
export async function ticketRoutes(app: AppInstance, options: TicketRouteOptions): Promise<void> {
  const actorOf = (request: { auth: { user: TicketActor & { shortname: string | null; photo: string | null } } }) =>
    request.auth.user;
  // Viewers of the ticket read the changed part again; the queues refresh their page.
  const push = (ticketId: number, event: TicketChannelEvent, payload: Record<string, unknown> = {}) => {
    // Client accounts of the company follow the ticket too, but only its thread, resolution and fields.
    const emit = ticketClientEvents.includes(event) ? app.realtime.emitToChannel : app.realtime.emitToStaff;
    emit(ticketChannel(ticketId), event, { ticket_id: ticketId, ...payload });
    announceTicketChanged(app, ticketId);
  };

  app.get(
    '/ticket',
    // The answer is pageSchema(ticketRowSchema), written by PostgreSQL; tickets.test.ts holds it to that schema.
    { schema: { querystring: pageQuerySchema.extend(ticketQueueQuerySchema.shape) } },
    async (request, reply) => {
      const { page, per_page, ...query } = request.query;
      const { rowsJson, rowCount, total } = await listTickets(app.db, { page, per_page }, query, actorOf(request));
      // The rows arrive as JSON text written by PostgreSQL in the schema's shape; a JSON string is sent unchanged.
      return reply
        .type('application/json; charset=utf-8')
        .send(pageJson(rowsJson, rowCount, total, { page, per_page }));
    },
  );

  // Staff choose company, account, technician, type and triage; a client account only says what is wrong (and where).
  app.post('/ticket', async (request) => {
    const actor = actorOf(request);
    // Spec 2 §7: the Scheduled Maintenance month sends subject, company, site, server, triage and location, no body.
    if (actor.type === 'Employee' && isMaintenanceTicketBody(request.body)) {
      if (!request.auth.permissions.includes('view chat')) throw forbidden();
      const { id } = await options.maintenance.createTicket(
        app.db,
        maintenanceTicketInputSchema.parse(request.body),
        actor,
      );
      announceTicketChanged(app, id);
      return { message: ticketCreatedMessage, data: { id } };
    }
    const { id, assigned } =
      actor.type === 'Employee'
        ? await createTicket(app.db, createTicketInputSchema.parse(request.body), actor)
        : await createClientTicket(app.db, clientTicketInputSchema.parse(request.body), actor);
    if (assigned) emitNotificationCreated(app.realtime, assigned.userId, assigned.notification);
    announceTicketChanged(app, id);
    return { message: ticketCreatedMessage, data: { id } };
  });

  app.get(
    '/ticket/:id',
    { schema: { params: idParams, response: { 200: z.object({ data: ticketDetailSchema }) } } },
    async (request) => ({
      data: await getTicketDetail(app.db, parsePathId(request.params.id), actorOf(request)),
    }),
  );

  // A project's step ticket takes its own status alone (spec 3 §7: status and ticket_id); any other, the ticket form.
  app.put(
    '/ticket/:id',
    { onRequest: requireEmployee(), schema: { params: idParams, body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const ticket = await loadTicketFor(app.db, id, actorOf(request));
      if (ticket.projectId !== null) {
        const { status } = stepStatusInputSchema.parse(request.body);
        if (await setStepStatus(app.db, ticket, status, actorOf(request), options.stepTickets)) {
          push(id, 'TicketDataUpdated', { by: request.auth.user.id });
          emitProjectEvent(app.realtime, ticket.projectId, 'ProjectTicketUpdated', {
            ticket_id: id,
            by: request.auth.user.id,
          });
        }
        return { message: projectStepUpdatedMessage };
      }
      const body = updateTicketInputSchema.parse(request.body);
      const { assigned, formerClientIds } = await updateTicket(app.db, id, body, actorOf(request));
      if (assigned) emitNotificationCreated(app.realtime, assigned.userId, assigned.notification);
      announceTicketLeftCompany(app, id, formerClientIds);
      push(id, 'TicketDataUpdated', { by: request.auth.user.id });
      return { message: ticketUpdatedMessage };
    },
  );

  // Issue 15 part 5: the same change on tickets chosen in the queue, all or none; each ticket's viewers hear it.
  const bulkOptions = { onRequest: requireEmployee(), schema: { body: ticketBulkInputSchema } };
  app.post('/ticket/bulk', bulkOptions, async (request) => {
    const { ids, assigned } = await bulkChangeTickets(app.db, request.body, actorOf(request));
    for (const entry of assigned) emitNotificationCreated(app.realtime, entry.userId, entry.notification);
    for (const id of ids) push(id, 'TicketDataUpdated', { by: request.auth.user.id });
    return { message: ticketsBulkUpdatedMessage(ids.length) };
  });

  // Saved queue views (decision 0033): every signed-in user keeps their own; nobody sees another's.
  const viewsResponse = { 200: z.object({ data: z.array(ticketViewSchema) }) };
  app.get('/ticket/views', { schema: { response: viewsResponse } }, async (request) => ({
    data: await listTicketViews(app.db, request.auth.user.id),
  }));

  app.post('/ticket/views', { schema: { body: ticketViewInputSchema } }, async (request) => ({
    message: ticketViewSavedMessage,
    data: await saveTicketView(app.db, request.auth.user.id, request.body),
  }));

  app.delete('/ticket/views/:id', { schema: { params: idParams } }, async (request) => {
    await deleteTicketView(app.db, request.auth.user.id, parsePathId(request.params.id));
    return { message: ticketViewDeletedMessage };
  });

  const escalateSchema = { params: idParams, body: escalateTicketInputSchema };
  // Decision 0058: who escalates and who ends an escalation depend on the caller's role and permissions.
  const escalationAccess = (request: { auth: { user: { role: string }; permissions: string[] } }) => ({
    role: request.auth.user.role,
    permissions: request.auth.permissions,
  });
  app.post('/ticket/escalate/:id', { onRequest: requireEmployee(), schema: escalateSchema }, async (request) => {
    const id = parsePathId(request.params.id);
    await escalateTicket(app.db, id, actorOf(request), request.body, escalationAccess(request));
    push(id, 'TicketDataUpdated', { by: request.auth.user.id });
    return { message: ticketEscalatedMessage };
  });

  app.post(
    '/ticket/deescalate/:id',
    { onRequest: requireEmployee(), schema: { params: idParams } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await deescalateTicket(app.db, id, actorOf(request), escalationAccess(request));
      push(id, 'TicketDataUpdated', { by: request.auth.user.id });
      return { message: ticketDeescalatedMessage };
    },
  );

  app.get(
    '/ticket/:id/checkins',
    {
      onRequest: requireEmployee(),
      schema: { params: idParams, querystring: pageQuerySchema, response: { 200: pageSchema(checkInSchema) } },
    },
    async (request) => listTicketCheckIns(app.db, parsePathId(request.params.id), request.query, actorOf(request)),
  );

  app.post(
    '/ticket/checkinout',
    { onRequest: requireEmployee(), schema: { body: checkInOutInputSchema } },
    async (request) => {
      const actor = actorOf(request);
      const { ticket_id: ticketId, direction, project_step_id: projectStepId } = request.body;
      const { checkIn, projectId } = await checkInOut(
        app.db,
        ticketId,
        direction,
        actor,
        projectStepId ?? null,
        options.stepTickets,
      );
      const payload = {
        direction: request.body.direction,
        check_in: checkIn,
        user: { id: actor.id, name: actor.name },
      };
      push(request.body.ticket_id, 'CheckInOut', payload);
      // The project's viewers see '{name} checked in to / out of this project' (spec 3 §8).
      if (projectId !== null) emitProjectEvent(app.realtime, projectId, 'CheckInOut', payload);
      return { message: request.body.direction === 'in' ? 'Checked in.' : 'Checked out.', data: checkIn };
    },
  );

  app.post(
    '/ticket/checkinout/update',
    {
      onRequest: [requireEmployee(), requirePermission('edit checkinout times')],
      schema: { body: checkInsUpdateInputSchema },
    },
    async (request) => {
      const { ticketIds, projectCheckIns } = await updateCheckIns(app.db, request.body, actorOf(request));
      const user = { id: request.auth.user.id, name: request.auth.user.name };
      for (const ticketId of ticketIds) push(ticketId, 'CheckInOut', { direction: 'update', user });
      // The project's other viewers see the edit too: the edited rows as the project's check_ins answer them.
      for (const [projectId, rows] of projectCheckIns)
        emitProjectEvent(app.realtime, projectId, 'CheckInOut', { direction: 'update', user, check_ins: rows });
      return { message: checkInsUpdatedMessage };
    },
  );

  // Spec 3 §7: JSON {ticket_id, notes} or multipart {attachment, ticket_id, notes}.
  for (const kind of ['notes', 'resolution'] as const) {
    app.post(
      `/ticket/${kind}`,
      { onRequest: requireEmployee(), config: { uploads: { ...attachmentUploads, files: 1 } } },
      async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        const parsed = z
          .object({
            ticket_id: z.coerce
              .number({ error: 'The ticket id field is required.' })
              .int()
              .positive('The ticket id field is required.'),
            text: ticketTextSchema.optional(),
          })
          .safeParse({ ticket_id: body.ticket_id, text: body[kind] });
        const errors: FieldErrors = parsed.success
          ? {}
          : toFieldErrors(
              parsed.error.issues.map((issue) => (issue.path[0] === 'text' ? { ...issue, path: [kind] } : issue)),
            );
        const file = readAttachment(body.attachment, errors);
        if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
        const ticketId = parsed.data.ticket_id;
        const stored = file ? await storeFile(file) : null;
        await saveTicketText(
          app.db,
          ticketId,
          kind,
          body[kind] === undefined ? undefined : parsed.data.text,
          stored,
          actorOf(request),
        );
        if (kind === 'notes')
          push(ticketId, 'TicketNotesSaved', { by: request.auth.user.id, name: request.auth.user.name });
        if (stored)
          push(ticketId, kind === 'notes' ? 'TicketNotesAttachmentsChanged' : 'TicketResolutionAttachmentsChanged');
        if (kind === 'resolution') push(ticketId, 'TicketDataUpdated', { by: request.auth.user.id });
        return { message: kind === 'notes' ? notesSavedMessage : resolutionSavedMessage };
      },
    );

    app.delete(
      `/ticket/${kind}_attachments/:id`,
      { onRequest: requireEmployee(), schema: { params: idParams } },
      async (request) => {
        const { ticketId, deleted, exchangeId, path } = await toggleTicketAttachment(
          app.db,
          parsePathId(request.params.id),
          kind,
          actorOf(request),
          options.maintenance.exchangeOfAttachment,
        );
        if (exchangeId !== undefined) {
          // An Exchange Analysis file: gone for good; its viewers read the analysis again.
          if (path) await removeUpload(app.config.dataDir, path);
          push(ticketId, 'BaselineUpdated', { kind: 'exchange', exchange_id: exchangeId, by: request.auth.user.id });
        } else
          push(ticketId, kind === 'notes' ? 'TicketNotesAttachmentsChanged' : 'TicketResolutionAttachmentsChanged');
        return {
          message: deleted ? attachmentDeletedMessage : attachmentRestoredMessage,
          data: { id: Number(request.params.id), deleted },
        };
      },
    );
  }

  app.post('/ticket/todo', { onRequest: requireEmployee(), schema: { body: todoInputSchema } }, async (request) => {
    const todo = await createTodo(app.db, request.body.ticket_id, request.body.description, actorOf(request));
    push(request.body.ticket_id, 'CreateTodo', { todo });
    return { message: todoCreatedMessage, data: todo };
  });

  app.put(
    '/ticket/todo/:id',
    { onRequest: requireEmployee(), schema: { params: idParams, body: todoUpdateInputSchema } },
    async (request) => {
      const { ticketId, todo } = await changeTodo(
        app.db,
        parsePathId(request.params.id),
        request.body,
        actorOf(request),
      );
      push(ticketId, 'UpdateTodo', { todo });
      return { message: todoUpdatedMessage, data: todo };
    },
  );

  app.delete('/ticket/todo/:id', { onRequest: requireEmployee(), schema: { params: idParams } }, async (request) => {
    const { ticketId, todo } = await changeTodo(
      app.db,
      parsePathId(request.params.id),
      { delete: true },
      actorOf(request),
    );
    push(ticketId, 'DeleteTodo', { todo });
    return { message: todoDeletedMessage, data: todo };
  });

  // Spec 3 §7: multipart attachments[n], response, ticket_id, subject, to_id, to_email, cc.
  app.post(
    '/ticket/createThread',
    { onRequest: requireEmployee(), config: { uploads: attachmentUploads } },
    async (request) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = createThreadInputSchema.safeParse(body);
      const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
      const uploads = readAttachments(body, errors);
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
      // The mail streams each file from where it was stored, as the upload streamed to disk: nothing is read whole
      // into memory (issue 25: ten 19 MB files took 400 MB per request).
      const files = await Promise.all(
        uploads.map(async (file) => {
          const stored = await storeFile(file);
          return { ...stored, diskPath: join(app.config.dataDir, stored.path), contentType: file.mimetype };
        }),
      );
      await sendTicketResponse(app.db, app, parsed.data, files, request.auth.user);
      push(parsed.data.ticket_id, 'ResponseSent', { by: request.auth.user.id });
      return { message: responseSentMessage };
    },
  );

  // Issue 15 part 2: a client account replies on its company's ticket; multipart response, ticket_id, attachments[n].
  app.post('/ticket/reply', { config: { uploads: attachmentUploads } }, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const parsed = ticketReplyInputSchema.safeParse(body);
    const errors: FieldErrors = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    const uploads = readAttachments(body, errors);
    if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
    if (request.auth.user.type === 'Employee') throw forbidden();
    const files = await Promise.all(uploads.map(storeFile));
    await addClientReply(app.db, app.config.mailFrom, parsed.data, files, request.auth.user);
    // ResponseSent reaches staff and the company's client accounts viewing the ticket; the queues refresh.
    push(parsed.data.ticket_id, 'ResponseSent', { by: request.auth.user.id });
    return { message: replySentMessage };
  });

  async function storeFile(file: UploadedFile): Promise<StoredTicketFile> {
    const extension = attachmentExtension(file.filename);
    return {
      fileName: file.filename.slice(0, 255),
      path: await moveUpload(app.config.dataDir, ticketFileFolder, file, extension),
      extension,
      size: file.size,
    };
  }
}

/** The files of a multipart body sent as attachments[n] (or attachments), each checked as readAttachment does. */
function readAttachments(body: Record<string, unknown>, errors: FieldErrors): UploadedFile[] {
  return Object.entries(body)
    .filter(([key]) => /^attachments(\[\d*\])?$/.test(key))
    .flatMap(([, value]) => (Array.isArray(value) ? value : [value]))
    .map((value) => readAttachment(value, errors))
    .filter((file): file is UploadedFile => file !== null);
}

function readAttachment(raw: unknown, errors: FieldErrors): UploadedFile | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const file = uploadedFileSchema.safeParse(raw);
  if (!file.success) errors.attachment = ['The attachment must be a file.'];
  else if (file.data.size > maxTicketFileBytes)
    errors.attachment = ['The attachment may not be greater than 20480 kilobytes.'];
  return file.success && !errors.attachment ? file.data : null;
}
