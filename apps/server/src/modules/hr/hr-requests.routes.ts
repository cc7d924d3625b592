import {
  hrOutQuerySchema,
  hrRequestActionInputSchema,
  hrRequestAttachmentMaxBytes,
  hrRequestApproveInputSchema,
  hrRequestBulkApproveInputSchema,
  hrRequestCommentInputSchema,
  hrRequestDenyInputSchema,
  hrRequestInputSchema,
  hrRequestListQuerySchema,
  hrRequestMessages as messages,
  hrRequestPreviewInputSchema,
  hrRequestShortenInputSchema,
  type HrRequestValues,
} from '@switchboard/shared/hr/requests';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { onDomainEvent } from '../../plugins/domain-events.ts';
import { forbidden, notFound, toFieldErrors, unprocessable } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { readUpload, removeUpload } from '../../plugins/storage.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import {
  bankOptions,
  findRequestEmployee,
  isHrApprover,
  isHrViewer,
  readHrSettings,
  scheduleOf,
  type HrActor,
} from './hr-requests.data.ts';
import { storeRequestAttachment, type StoredAttachment } from './hr-requests-attachment.ts';
import { runRequestEffects } from './hr-requests.effects.ts';
import { registerRequestJobs } from './hr-requests.jobs.ts';
import { onEmployeeDisabled, onHolidaysChanged } from './hr-requests.listeners.ts';
import { registerRequestMailJob } from './hr-requests.mail.ts';
import { listOut, listRequests } from './hr-requests.queries.ts';
import {
  approveRequest,
  bulkApprove,
  cancelRequest,
  changeRequestAttachment,
  commentOnRequest,
  completeRequest,
  createRequest,
  denyRequest,
  findRequestAttachment,
  getRequestDrawer,
  previewRequest,
  shortenRequest,
  updateRequest,
  type WriteResult,
} from './hr-requests.service.ts';

// HR requests (designs/hr.md §2.2-§2.8, §8): self-service for every employee (no permission), approvals by the
// manager and 'approve hr requests', 'all' for 'view human resources'; client accounts get 403 (requireEmployee).

const idParams = z.object({ id: z.string() });
const employee = [requireEmployee()];
const banksQuery = z.object({ user_id: z.coerce.number().int().min(1).max(2147483647).optional() });

const actorOf = (auth: AuthContext): HrActor => ({ id: auth.user.id, permissions: auth.permissions });
// POST /api/hr/requests (the request as JSON plus one attachment) and POST /api/hr/requests/{id}/attachment (the file
// alone) are the HR request routes that take a file; every other one refuses multipart with 415.
const attachmentUploads = { uploads: { files: 1, fileSize: hrRequestAttachmentMaxBytes, fieldBytes: 256 * 1024 } };

/**
 * The body of POST /api/hr/requests: plain JSON, or multipart with the request as JSON in `payload` and the file in
 * `attachment`. Either way the one shared contract checks it (422 per field).
 */
function readCreateBody(body: unknown): { input: HrRequestValues; file: UploadedFile | null } {
  const fields = (body ?? {}) as Record<string, unknown>;
  const multipart = Object.values(fields).some((value) => value instanceof UploadedFile) || 'payload' in fields;
  let raw: unknown = fields;
  let file: UploadedFile | null = null;
  if (multipart) {
    if (fields.attachment !== undefined && fields.attachment !== '') {
      if (!(fields.attachment instanceof UploadedFile))
        throw unprocessable({ attachment: [messages.attachmentNotFile] });
      file = fields.attachment;
    }
    try {
      raw = JSON.parse(typeof fields.payload === 'string' ? fields.payload : '');
    } catch {
      throw unprocessable({ payload: [messages.payloadNotJson] });
    }
  }
  const parsed = hrRequestInputSchema.safeParse(raw);
  if (!parsed.success) throw unprocessable(toFieldErrors(parsed.error.issues));
  return { input: parsed.data, file };
}

/** The body of POST /api/hr/requests/{id}/attachment: multipart with the file in `attachment`, nothing else. */
function readAttachmentBody(body: unknown): UploadedFile {
  const file = ((body ?? {}) as Record<string, unknown>).attachment;
  if (!(file instanceof UploadedFile)) throw unprocessable({ attachment: [messages.attachmentNotFile] });
  return file;
}

export async function hrRequestsRoutes(app: AppInstance): Promise<void> {
  onDomainEvent(app.db, 'holidaysChanged', (payload) => onHolidaysChanged(app, payload));
  onDomainEvent(app.db, 'employeeDisabled', (payload) => onEmployeeDisabled(app, payload));
  registerRequestMailJob(app);
  registerRequestJobs(app);

  /** Runs the effects after commit and answers the request as the actor now sees it. */
  const answer = async (result: WriteResult, actor: HrActor, message: string) => {
    await runRequestEffects(app, result.effects);
    return { message, data: await getRequestDrawer(app.db, result.id, actor) };
  };

  // The paginator's JSON text as PostgreSQL wrote it (hr-requests.queries.ts), sent as is.
  app.get(
    '/hr/requests',
    { onRequest: employee, schema: { querystring: hrRequestListQuerySchema } },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await listRequests(app.db, request.query, actorOf(request.auth))),
  );

  app.get('/hr/requests/banks', { onRequest: employee, schema: { querystring: banksQuery } }, async (request) => {
    const actor = actorOf(request.auth);
    const userId = request.query.user_id ?? actor.id;
    // The same rule as filing on someone's behalf: the preview's target check answers 403 otherwise.
    await previewGate(app, userId, actor);
    return { data: await bankOptions(app.db, userId, await readHrSettings(app.db)) };
  });

  // A schedule-change form starts from the week the employee works today (their own work_hours, or the company week).
  app.get('/hr/requests/schedule', { onRequest: employee, schema: { querystring: banksQuery } }, async (request) => {
    const actor = actorOf(request.auth);
    const userId = request.query.user_id ?? actor.id;
    await previewGate(app, userId, actor);
    const target = await findRequestEmployee(app.db, userId);
    if (!target) throw notFound();
    const own = target.workHours !== null && Object.keys(target.workHours).length === 7;
    return { data: { work_hours: scheduleOf(target, await readHrSettings(app.db)), own } };
  });

  app.get('/hr/out', { onRequest: employee, schema: { querystring: hrOutQuerySchema } }, async (request) => ({
    data: await listOut(app.db, request.query, actorOf(request.auth)),
  }));

  app.post(
    '/hr/requests/preview',
    { onRequest: employee, schema: { body: hrRequestPreviewInputSchema } },
    async (request) => ({ data: await previewRequest(app.db, request.body, actorOf(request.auth)) }),
  );

  app.post(
    '/hr/requests/approve',
    { onRequest: employee, schema: { body: hrRequestBulkApproveInputSchema } },
    async (request) => {
      const { results, effects } = await bulkApprove(app.db, request.body, actorOf(request.auth));
      await runRequestEffects(app, effects);
      const approved = results.filter((row) => row.ok).length;
      return { message: `${approved} of ${results.length} approved.`, data: results };
    },
  );

  app.get('/hr/requests/:id', { onRequest: employee, schema: { params: idParams } }, async (request) => ({
    data: await getRequestDrawer(app.db, parsePathId(request.params.id), actorOf(request.auth)),
  }));

  app.post('/hr/requests', { onRequest: employee, config: attachmentUploads }, async (request) => {
    const actor = actorOf(request.auth);
    const { input, file } = readCreateBody(request.body);
    const attachment: StoredAttachment | null = file ? await storeRequestAttachment(app.config.dataDir, file) : null;
    let result;
    try {
      result = await createRequest(app.db, input, actor, attachment);
    } catch (error) {
      if (attachment) await removeUpload(app.config.dataDir, attachment.path);
      throw error;
    }
    return answer(result, actor, messages.submitted);
  });

  app.get(
    '/hr/requests/:id/attachment',
    { onRequest: employee, schema: { params: idParams } },
    async (request, reply) => {
      const attachment = await findRequestAttachment(app.db, parsePathId(request.params.id), actorOf(request.auth));
      const data = await readUpload(app.config.dataDir, attachment.path);
      if (!data) return reply.code(404).send({ message: 'Not Found' });
      return sendAttachment(reply, attachment.name, data);
    },
  );

  // Added or replaced after filing, while pending: the file is checked and stored first, removed again if refused; the
  // one it replaces is deleted once the change is committed.
  app.post(
    '/hr/requests/:id/attachment',
    { onRequest: employee, config: attachmentUploads, schema: { params: idParams } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      const attachment = await storeRequestAttachment(app.config.dataDir, readAttachmentBody(request.body));
      let result;
      try {
        result = await changeRequestAttachment(app.db, id, attachment, actor);
      } catch (error) {
        await removeUpload(app.config.dataDir, attachment.path);
        throw error;
      }
      if (result.replaced) await removeUpload(app.config.dataDir, result.replaced);
      return answer(result, actor, messages.updated);
    },
  );

  app.delete('/hr/requests/:id/attachment', { onRequest: employee, schema: { params: idParams } }, async (request) => {
    const actor = actorOf(request.auth);
    const result = await changeRequestAttachment(app.db, parsePathId(request.params.id), null, actor);
    if (result.replaced) await removeUpload(app.config.dataDir, result.replaced);
    return answer(result, actor, messages.updated);
  });

  putRoute(
    app,
    '/hr/requests/:id',
    { onRequest: employee, schema: { params: idParams, body: hrRequestInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      return answer(await updateRequest(app.db, id, request.body, actor), actor, messages.updated);
    },
  );

  app.post(
    '/hr/requests/:id/approve',
    { onRequest: employee, schema: { params: idParams, body: hrRequestApproveInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      return answer(await approveRequest(app.db, id, request.body, actor), actor, messages.approved);
    },
  );

  app.post(
    '/hr/requests/:id/deny',
    { onRequest: employee, schema: { params: idParams, body: hrRequestDenyInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      return answer(await denyRequest(app.db, id, request.body, actor), actor, messages.denied);
    },
  );

  app.post(
    '/hr/requests/:id/cancel',
    { onRequest: employee, schema: { params: idParams, body: hrRequestActionInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      const result = await cancelRequest(app.db, id, request.body, actor);
      return answer(result, actor, result.message ?? messages.cancelled);
    },
  );

  app.post(
    '/hr/requests/:id/shorten',
    { onRequest: employee, schema: { params: idParams, body: hrRequestShortenInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      return answer(await shortenRequest(app.db, id, request.body, actor), actor, messages.shortened);
    },
  );

  app.post(
    '/hr/requests/:id/complete',
    { onRequest: employee, schema: { params: idParams, body: hrRequestActionInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      return answer(await completeRequest(app.db, id, request.body, actor), actor, messages.completed);
    },
  );

  app.post(
    '/hr/requests/:id/comments',
    { onRequest: employee, schema: { params: idParams, body: hrRequestCommentInputSchema } },
    async (request) => {
      const actor = actorOf(request.auth);
      const id = parsePathId(request.params.id);
      return answer(await commentOnRequest(app.db, id, request.body.comment, actor), actor, messages.commented);
    },
  );
}

/** GET /api/hr/requests/banks for someone else: HR or their manager, as filing on their behalf. */
async function previewGate(app: AppInstance, userId: number, actor: HrActor): Promise<void> {
  if (userId === actor.id) return;
  const target = await findRequestEmployee(app.db, userId);
  if (!target || !(isHrApprover(actor) || isHrViewer(actor) || target.managerId === actor.id)) throw forbidden();
}
