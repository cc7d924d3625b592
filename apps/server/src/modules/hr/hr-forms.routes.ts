import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import { join } from 'node:path';
import { documentRevisionsResponseSchema, revisionLabel } from '@switchboard/shared';
import {
  hrFormArchiveInputSchema,
  hrFormAssignInputSchema,
  hrFormCountResponseSchema,
  hrFormDetailResponseSchema,
  hrFormFileResponseSchema,
  hrFormInputSchema,
  hrFormListQuerySchema,
  hrFormMessages,
  hrFormPublishInputSchema,
  hrFormSavedResponseSchema,
  hrFormSubmissionResponseSchema,
  hrFormSubmissionsQuerySchema,
  hrFormSubmitInputSchema,
  hrFormSubmitResponseSchema,
} from '@switchboard/shared/hr/forms';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission, type AuthContext } from '../../plugins/auth.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { onDomainEvent } from '../../plugins/domain-events.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { moveUpload } from '../../plugins/storage.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import type { DocumentTypeModule } from '../documents/document-type.ts';
import { listRevisions, readRevisionFile, recordRevision, renderDocument } from '../documents/documents.service.ts';
import { listSubmissions, submissionsCsv } from './hr-forms-submissions.ts';
import { announceAssigned, notifyNewHireInTransaction, sendReminders } from './hr-forms-notify.ts';
import { hrFormDocument, hrFormVersionDocument } from './hr-forms.document.ts';
import {
  archiveForm,
  assignForm,
  assignFormsToNewHire,
  assignNewHires,
  canManageForms,
  createForm,
  getFormDetail,
  getReadableSubmission,
  listAllForms,
  listMyForms,
  mayReadSubmission,
  mayReadVersion,
  publishForm,
  readableFormFile,
  recordFormFile,
  remindDueAssignments,
  remindOutstanding,
  renewExpiredSignatures,
  submitForm,
  updateForm,
} from './hr-forms.service.ts';

// HR forms (designs/hr.md §3, §8): every employee lists and signs their own forms; building, publishing, assigning,
// reminding and reading everyone's answers need 'manage hr forms'. Client accounts get 403 (requireEmployee).
// Decision 0118.

const idParams = z.object({ id: z.string() });
const revisionParams = idParams.extend({ revision: z.string() });
const employee = [requireEmployee()];
const manage = [requireEmployee(), requirePermission('manage hr forms')];
const FILE_FOLDER = 'hr-forms';
const fileUploads = { files: 1, fileSize: 20 * 1024 * 1024 };
const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'text/plain': 'txt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

export const HR_FORM_JOBS = {
  reminders: 'hr-forms.reminders',
  renewals: 'hr-forms.renewals',
  newHires: 'hr-forms.new-hires',
} as const;

function sendPdf(reply: FastifyReply, file: Buffer, name: string, disposition: 'inline' | 'attachment', cache: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

/** Stores a PDF revision after the commit; a failed render is logged, and the first read of the PDF stores it. */
async function storeRevision(app: AppInstance, type: string, id: number, actorId: number): Promise<void> {
  try {
    await recordRevision(app.db, app.config.dataDir, type, id, actorId);
  } catch (error) {
    app.log.error({ type, id, message: (error as Error).message }, 'HR form PDF not stored');
  }
}

export async function hrFormsRoutes(app: AppInstance): Promise<void> {
  // A new hire gets the forms meant for new hires in the transaction that creates them (the hourly job catches up).
  onDomainEvent(app.db, 'employeeCreated', async ({ tx, userId }) =>
    notifyNewHireInTransaction(tx, await assignFormsToNewHire(tx, userId)),
  );
  const detail = (id: number, request: { auth: AuthContext }) => getFormDetail(app.db, id, request.auth);

  app.get('/hr/forms', { onRequest: employee, schema: { querystring: hrFormListQuerySchema } }, async (request) => {
    const query = request.query;
    if (query.scope === 'mine') return listMyForms(app.db, request.auth.user.id, query);
    if (!canManageForms(request.auth)) throw forbidden();
    return listAllForms(app.db, query);
  });

  app.post(
    '/hr/forms',
    { onRequest: manage, schema: { body: hrFormInputSchema, response: { 200: hrFormSavedResponseSchema } } },
    async (request) => {
      const id = await createForm(app.db, request.body, request.auth);
      return { message: hrFormMessages.created, data: await detail(id, request) };
    },
  );

  // A PDF for a form's body (builder) or a file answer (signing): stored now, named by the form or submission later.
  app.post(
    '/hr/forms/files',
    { onRequest: employee, config: { uploads: fileUploads }, schema: { response: { 200: hrFormFileResponseSchema } } },
    async (request) => {
      const file = (request.body as Record<string, unknown> | undefined)?.file;
      if (!(file instanceof UploadedFile)) throw unprocessable({ file: [hrFormMessages.fileRequired] });
      const extension = extensions[file.mimetype.toLowerCase()];
      if (!extension) throw unprocessable({ file: ['The file must be a PDF, an image, a text or a Word file.'] });
      const sha256 = createHash('sha256')
        .update(await fs.readFile(file.tempPath))
        .digest('hex');
      const path = await moveUpload(app.config.dataDir, FILE_FOLDER, file, extension);
      const name = (file.filename || `file.${extension}`).slice(0, 255);
      const row = await recordFormFile(
        app.db,
        { path, name, mimeType: file.mimetype.toLowerCase(), size: file.size, sha256 },
        request.auth.user.id,
      );
      return { data: { id: row.id, name: row.name, size: row.size } };
    },
  );

  app.get('/hr/forms/files/:id', { onRequest: employee, schema: { params: idParams } }, async (request, reply) => {
    const file = await readableFormFile(app.db, parsePathId(request.params.id), request.auth);
    if (!file) throw notFound();
    const absolute = join(app.config.dataDir, file.path);
    if (!(await fs.stat(absolute).catch(() => null))) throw notFound();
    return reply
      .header('content-type', file.mimeType)
      .header('content-disposition', `inline; filename="${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .send(createReadStream(absolute));
  });

  app.get(
    '/hr/forms/submissions/:id',
    { onRequest: employee, schema: { params: idParams, response: { 200: hrFormSubmissionResponseSchema } } },
    async (request) => ({
      data: await getReadableSubmission(app.db, parsePathId(request.params.id), request.auth),
    }),
  );

  app.get(
    '/hr/forms/:id',
    { onRequest: employee, schema: { params: idParams, response: { 200: hrFormDetailResponseSchema } } },
    async (request) => ({ data: await detail(parsePathId(request.params.id), request) }),
  );

  putRoute(
    app,
    '/hr/forms/:id',
    {
      onRequest: manage,
      schema: { params: idParams, body: hrFormInputSchema, response: { 200: hrFormSavedResponseSchema } },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      await updateForm(app.db, id, request.body);
      return { message: hrFormMessages.saved, data: await detail(id, request) };
    },
  );

  app.post(
    '/hr/forms/:id/publish',
    {
      onRequest: manage,
      schema: { params: idParams, body: hrFormPublishInputSchema, response: { 200: hrFormSavedResponseSchema } },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      const published = await publishForm(app.db, id, request.body, request.auth);
      await announceAssigned(app, published.notices);
      const data = await detail(id, request);
      // The blank version's PDF is stored once, at publication: a published version never changes.
      await storeRevision(app, 'hr_form_version', data.current_version!.id, request.auth.user.id);
      return { message: hrFormMessages.published(published.version), data };
    },
  );

  app.post(
    '/hr/forms/:id/archive',
    {
      onRequest: manage,
      schema: { params: idParams, body: hrFormArchiveInputSchema, response: { 200: hrFormSavedResponseSchema } },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      await archiveForm(app.db, id, request.body.archived);
      const message = request.body.archived ? hrFormMessages.archivedDone : hrFormMessages.restored;
      return { message, data: await detail(id, request) };
    },
  );

  app.post(
    '/hr/forms/:id/assign',
    {
      onRequest: manage,
      schema: { params: idParams, body: hrFormAssignInputSchema, response: { 200: hrFormCountResponseSchema } },
    },
    async (request) => {
      const assigned = await assignForm(app.db, parsePathId(request.params.id), request.body);
      await announceAssigned(app, assigned.notices);
      return { message: hrFormMessages.assigned(assigned.count), data: { count: assigned.count } };
    },
  );

  app.post(
    '/hr/forms/:id/remind',
    { onRequest: manage, schema: { params: idParams, response: { 200: hrFormCountResponseSchema } } },
    async (request) => {
      const targets = await remindOutstanding(app.db, parsePathId(request.params.id));
      await sendReminders(app, targets);
      return { message: hrFormMessages.reminded(targets.length), data: { count: targets.length } };
    },
  );

  app.post(
    '/hr/forms/:id/submit',
    {
      onRequest: employee,
      schema: { params: idParams, body: hrFormSubmitInputSchema, response: { 200: hrFormSubmitResponseSchema } },
    },
    async (request) => {
      // A shadowing administrator may look, never sign in someone else's name.
      if (request.auth.shadow !== null) throw forbidden();
      const id = await submitForm(app.db, parsePathId(request.params.id), request.body, request.auth, {
        ipAddress: request.ip ?? null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      // The signed PDF is stored at once (revision 00), so the record a signer downloads is the one they signed.
      await storeRevision(app, 'hr_form', id, request.auth.user.id);
      return {
        message: hrFormMessages.submitted,
        data: await getReadableSubmission(app.db, id, request.auth),
      };
    },
  );

  app.get(
    '/hr/forms/:id/submissions',
    { onRequest: manage, schema: { params: idParams, querystring: hrFormSubmissionsQuerySchema } },
    async (request, reply) => {
      const id = parsePathId(request.params.id);
      if (request.query.format === 'json') return listSubmissions(app.db, id, request.query);
      const { title, csv } = await submissionsCsv(app.db, id, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${title.replace(/[^A-Za-z0-9._-]+/g, '_')}.csv"`)
        .send(csv);
    },
  );

  registerPdfRoutes(app);

  registerJob(app, HR_FORM_JOBS.reminders, '0 13 * * *', async (job) => {
    await sendReminders(job, await remindDueAssignments(job.db));
  });
  registerJob(app, HR_FORM_JOBS.renewals, '0 6 * * *', async (job) => {
    await announceAssigned(job, await renewExpiredSignatures(job.db));
  });
  registerJob(app, HR_FORM_JOBS.newHires, '15 * * * *', async (job) => {
    await announceAssigned(job, await assignNewHires(job.db));
  });
}

/**
 * GET /api/pdf/hr_form/{id}, its revisions and the blank hr_form_version: the documents module's generic routes know
 * only a type's permission, so these static paths (which win over /pdf/:type/:id) check the signer first (404 for
 * anyone else) and then serve the stored revisions the documents module keeps.
 */
function registerPdfRoutes(app: AppInstance): void {
  const types: { module: DocumentTypeModule<unknown>; mayRead: (id: number, auth: AuthContext) => Promise<boolean> }[] =
    [
      {
        module: hrFormDocument as DocumentTypeModule<unknown>,
        mayRead: (id, auth) => mayReadSubmission(app.db, id, auth),
      },
      {
        module: hrFormVersionDocument as DocumentTypeModule<unknown>,
        mayRead: (id, auth) => mayReadVersion(app.db, id, auth),
      },
    ];
  for (const { module, mayRead } of types) {
    const { type } = module;
    const readable = async (rawId: string, auth: AuthContext) => {
      const id = parsePathId(rawId);
      if (!(await mayRead(id, auth))) throw notFound();
      const loaded = await module.load(app.db, id);
      if (!loaded) throw notFound();
      return { id, loaded };
    };
    app.get(
      `/revisions/${type}/:id`,
      { onRequest: employee, schema: { params: idParams, response: { 200: documentRevisionsResponseSchema } } },
      async (request) => {
        const { id, loaded } = await readable(request.params.id, request.auth);
        return {
          data: await listRevisions(app.db, type, id),
          document: { type, id, title: loaded.title, file_name: `${loaded.fileName}.pdf` },
        };
      },
    );
    app.get(`/pdf/${type}/:id`, { onRequest: employee, schema: { params: idParams } }, async (request, reply) => {
      const { id, loaded } = await readable(request.params.id, request.auth);
      let latest = await readRevisionFile(app.db, app.config.dataDir, type, id);
      if (!latest) {
        // A record stored before its PDF (a failed render at signing): the first read stores it.
        await recordRevision(app.db, app.config.dataDir, type, id, request.auth.user.id);
        latest = await readRevisionFile(app.db, app.config.dataDir, type, id);
      }
      if (!latest) {
        const preview = await renderDocument(app.db, app.config.dataDir, module, loaded);
        return sendPdf(reply, preview, `${loaded.fileName}.pdf`, 'attachment', 'private, no-store');
      }
      const name = `${loaded.fileName}-${revisionLabel(latest.revision)}.pdf`;
      return sendPdf(reply, latest.file, name, 'attachment', 'private, no-cache');
    });
    app.get(
      `/pdf/${type}/:id/:revision`,
      { onRequest: employee, schema: { params: revisionParams } },
      async (request, reply) => {
        if (!/^\d{1,4}$/.test(request.params.revision)) throw notFound();
        const { id, loaded } = await readable(request.params.id, request.auth);
        const found = await readRevisionFile(app.db, app.config.dataDir, type, id, Number(request.params.revision));
        if (!found) throw notFound();
        const name = `${loaded.fileName}-${revisionLabel(found.revision)}.pdf`;
        return sendPdf(reply, found.file, name, 'inline', 'private, max-age=31536000, immutable');
      },
    );
  }
}
