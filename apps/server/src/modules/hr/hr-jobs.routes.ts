import {
  hrApplicantCreateSchema,
  hrApplicantEmailSchema,
  hrApplicantFileKinds,
  hrApplicantFileMaxBytes,
  hrApplicantFilesFieldsSchema,
  hrApplicantFilesPerRequest,
  hrApplicantHireSchema,
  hrApplicantMovedEvent,
  hrApplicantMoveSchema,
  hrApplicantNoteSchema,
  hrApplicantUpdatedEvent,
  hrApplicantUpdateSchema,
  hrJobInputSchema,
  hrJobListQuerySchema,
  hrJobsMessages,
  type HrApplicantMovedPayload,
  type HrApplicantUpdatedPayload,
} from '@switchboard/shared/hr/jobs';
import { hrJobChannel } from '@switchboard/shared/realtime';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { sendAttachment } from '../../http/attachment.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { toFieldErrors, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { readUpload } from '../../plugins/storage.ts';
import { UploadedFile } from '../../plugins/uploads.ts';
import { getHrSettings } from './hr-base.service.ts';
import { hrInterviewsRoutes } from './hr-interviews.routes.ts';
import {
  addFiles,
  addNote,
  createApplicant,
  deleteApplicant,
  deleteApplicantFile,
  emailApplicant,
  findApplicantFile,
  getApplicant,
  hireApplicant,
  moveApplicant,
  purgeIdleApplicants,
  updateApplicant,
  type IncomingFile,
} from './hr-jobs-applicants.service.ts';
import {
  createJob,
  deleteJob,
  getBoardJson,
  getJob,
  listJobs,
  loadCard,
  updateJob,
  type JobsActor,
} from './hr-jobs.service.ts';

// Hiring's calls (designs/hr.md §5, §8): openings and the board need 'manage jobs'; an applicant opens to 'manage jobs'
// and to the interviewers of their interviews (404 for anyone else); client accounts get 403 everywhere. Changes go
// out on hr_job_{id} as ApplicantMoved and ApplicantUpdated.

const idParams = z.object({ id: z.string() });
const fileParams = z.object({ id: z.string(), fileId: z.string() });
const employee = [requireEmployee()];
const manage = [requireEmployee(), requirePermission('manage jobs')];
const applicantUploads = {
  uploads: { files: hrApplicantFilesPerRequest, fileSize: hrApplicantFileMaxBytes, fieldBytes: 64 * 1024 },
};

export const jobsActorOf = (request: FastifyRequest): JobsActor => ({
  id: request.auth.user.id,
  name: request.auth.user.name,
  permissions: request.auth.permissions,
});

/** Files of a multipart body under `names`: each an UploadedFile, or one or several of them; 422 otherwise. */
function filesOf(body: Record<string, unknown>, names: Record<string, IncomingFile['kind']>, errors: FieldErrors) {
  const files: IncomingFile[] = [];
  for (const [field, kind] of Object.entries(names)) {
    const value = body[field];
    if (value === undefined || value === '') continue;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((item) => item instanceof UploadedFile)) {
      errors[field] = [hrJobsMessages.fileType];
      continue;
    }
    for (const file of list as UploadedFile[]) files.push({ kind, file });
  }
  return files;
}

const textFields = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => !(value instanceof UploadedFile)));

export async function hrJobsRoutes(app: AppInstance): Promise<void> {
  const emitUpdated = async (jobId: number, applicantId: number) => {
    const payload: HrApplicantUpdatedPayload = {
      job_id: jobId,
      applicant_id: applicantId,
      card: await loadCard(app.db, applicantId),
    };
    app.realtime.emitToChannel(hrJobChannel(jobId), hrApplicantUpdatedEvent, payload);
  };

  app.get('/hr/jobs', { onRequest: manage, schema: { querystring: hrJobListQuerySchema } }, async (request) =>
    listJobs(app.db, request.query),
  );
  app.post('/hr/jobs', { onRequest: manage, schema: { body: hrJobInputSchema } }, async (request) => ({
    message: hrJobsMessages.jobSaved,
    data: await createJob(app.db, request.body),
  }));
  app.get('/hr/jobs/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => ({
    data: await getJob(app.db, parsePathId(request.params.id)),
  }));
  putRoute(
    app,
    '/hr/jobs/:id',
    { onRequest: manage, schema: { params: idParams, body: hrJobInputSchema } },
    async (request) => ({
      message: hrJobsMessages.jobSaved,
      data: await updateJob(app.db, parsePathId(request.params.id), request.body),
    }),
  );
  app.delete('/hr/jobs/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    await deleteJob(app.db, parsePathId(request.params.id));
    return { message: hrJobsMessages.jobDeleted };
  });
  // The board's JSON text (hrBoardSchema, held to it by hr-jobs-board.test.ts), cards written by PostgreSQL, sent as is.
  app.get('/hr/jobs/:id/board', { onRequest: manage, schema: { params: idParams } }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await getBoardJson(app.db, parsePathId(request.params.id))),
  );

  // Multipart on this route only: the applicant's fields plus resume, cover_letter and other files.
  app.post(
    '/hr/jobs/:id/applicants',
    { onRequest: manage, config: applicantUploads, schema: { params: idParams } },
    async (request) => {
      const jobId = parsePathId(request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const errors: FieldErrors = {};
      const files = filesOf(body, { resume: 'resume', cover_letter: 'cover_letter', other: 'other' }, errors);
      const parsed = hrApplicantCreateSchema.safeParse(textFields(body));
      if (!parsed.success) Object.assign(errors, toFieldErrors(parsed.error.issues));
      if (!parsed.success || Object.keys(errors).length > 0) throw unprocessable(errors);
      const actor = jobsActorOf(request);
      const { detail, warnings } = await createApplicant(app.db, app.config.dataDir, jobId, parsed.data, files, actor);
      await emitUpdated(jobId, detail.id);
      return { message: hrJobsMessages.applicantSaved, data: detail, warnings };
    },
  );

  app.get('/hr/applicants/:id', { onRequest: employee, schema: { params: idParams } }, async (request) => ({
    data: await getApplicant(app.db, parsePathId(request.params.id), jobsActorOf(request)),
  }));
  putRoute(
    app,
    '/hr/applicants/:id',
    { onRequest: manage, schema: { params: idParams, body: hrApplicantUpdateSchema } },
    async (request) => {
      const data = await updateApplicant(app.db, parsePathId(request.params.id), request.body, jobsActorOf(request));
      await emitUpdated(data.job.id, data.id);
      return { message: hrJobsMessages.applicantSaved, data };
    },
  );
  app.delete('/hr/applicants/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const removed = await deleteApplicant(app.db, app.config.dataDir, parsePathId(request.params.id));
    await emitUpdated(removed.jobId, removed.id);
    return { message: hrJobsMessages.applicantDeleted };
  });

  app.post(
    '/hr/applicants/:id/move',
    { onRequest: manage, schema: { params: idParams, body: hrApplicantMoveSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const moved = await moveApplicant(app.db, id, request.body, jobsActorOf(request));
      const payload: HrApplicantMovedPayload = {
        job_id: moved.jobId,
        applicant_id: id,
        from_step_id: moved.fromStepId,
        to_step_id: moved.card.step_id,
        position: moved.card.position,
        card: moved.card,
      };
      app.realtime.emitToChannel(hrJobChannel(moved.jobId), hrApplicantMovedEvent, payload);
      return { message: hrJobsMessages.applicantMoved, data: moved.card };
    },
  );
  app.post(
    '/hr/applicants/:id/notes',
    { onRequest: manage, schema: { params: idParams, body: hrApplicantNoteSchema } },
    async (request) => {
      const applicant = await addNote(app.db, parsePathId(request.params.id), request.body.body, jobsActorOf(request));
      await emitUpdated(applicant.jobId, applicant.id);
      return { message: hrJobsMessages.noteAdded };
    },
  );
  app.post(
    '/hr/applicants/:id/email',
    { onRequest: manage, schema: { params: idParams, body: hrApplicantEmailSchema } },
    async (request) => {
      const applicant = await emailApplicant(app, parsePathId(request.params.id), request.body, jobsActorOf(request));
      await emitUpdated(applicant.jobId, applicant.id);
      return { message: hrJobsMessages.emailSent };
    },
  );
  app.post(
    '/hr/applicants/:id/files',
    { onRequest: manage, config: applicantUploads, schema: { params: idParams } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const errors: FieldErrors = {};
      const fields = hrApplicantFilesFieldsSchema.safeParse(textFields(body));
      if (!fields.success) Object.assign(errors, toFieldErrors(fields.error.issues));
      const kind = fields.success ? fields.data.kind : hrApplicantFileKinds[2];
      const files = filesOf(body, { file: kind }, errors);
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const applicant = await addFiles(app.db, app.config.dataDir, id, files, jobsActorOf(request));
      await emitUpdated(applicant.jobId, applicant.id);
      return { message: hrJobsMessages.filesAdded };
    },
  );
  app.get(
    '/hr/applicants/:id/files/:fileId',
    { onRequest: employee, schema: { params: fileParams } },
    async (request, reply) => {
      const file = await findApplicantFile(
        app.db,
        parsePathId(request.params.id),
        parsePathId(request.params.fileId),
        jobsActorOf(request),
      );
      const data = await readUpload(app.config.dataDir, file.storagePath);
      if (!data) return reply.code(404).send({ message: 'Not Found' });
      return sendAttachment(reply, file.name, data);
    },
  );
  app.delete(
    '/hr/applicants/:id/files/:fileId',
    { onRequest: manage, schema: { params: fileParams } },
    async (request) => {
      const applicant = await deleteApplicantFile(
        app.db,
        app.config.dataDir,
        parsePathId(request.params.id),
        parsePathId(request.params.fileId),
        jobsActorOf(request),
      );
      await emitUpdated(applicant.jobId, applicant.id);
      return { message: hrJobsMessages.fileDeleted };
    },
  );
  app.post(
    '/hr/applicants/:id/hire',
    { onRequest: manage, schema: { params: idParams, body: hrApplicantHireSchema.optional() } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const linking = request.body?.employee_user_id;
      const data = await hireApplicant(app.db, id, linking, jobsActorOf(request));
      if (linking !== undefined) await emitUpdated((await loadCard(app.db, id))!.job_id, id);
      return linking === undefined ? { data } : { message: hrJobsMessages.employeeLinked, data };
    },
  );

  await hrInterviewsRoutes(app);

  // Retention (designs/hr.md §5): nightly, applicants of closed openings idle past the HR setting, with their files.
  registerJob(app, 'hr-applicant-retention', '20 3 * * *', async (instance) => {
    const settings = await getHrSettings(instance.db);
    const purged = await purgeIdleApplicants(instance.db, instance.config.dataDir, settings.applicant_retention_months);
    for (const row of purged) {
      const payload: HrApplicantUpdatedPayload = { job_id: row.jobId, applicant_id: row.id, card: null };
      instance.realtime.emitToChannel(hrJobChannel(row.jobId), hrApplicantUpdatedEvent, payload);
    }
    if (purged.length > 0) instance.log.info({ purged: purged.length }, 'hr applicants purged');
  });
}
