import { hrAnonChannel, NOTIFICATION_ANONYMOUS_REPORT } from '@switchboard/shared';
import {
  anonLookupInputSchema,
  anonMessages,
  anonNoteInputSchema,
  anonReaderMessageInputSchema,
  anonReportInputSchema,
  anonReportUpdateInputSchema,
  anonReporterReplyInputSchema,
  anonReportsQuerySchema,
  anonReportsReleasedEvent,
} from '@switchboard/shared/hr/anon';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { sendMail } from '../../plugins/mail.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { AnonLimiter } from './hr-anon-limits.ts';
import {
  addAnonNote,
  addReaderMessage,
  getAnonReport,
  listAnonReports,
  lookupAnonReport,
  purgeClosedAnonReports,
  readerEmails,
  releaseAnonReports,
  releaseMailSubject,
  replyAsReporter,
  submitAnonReport,
  updateAnonReport,
} from './hr-anon.service.ts';

// Anonymous e-mail (designs/hr.md §4, §8; decision 0105). The three public routes read no token (public: the bearer
// guard skips them, so a token sent anyway is ignored and no session moves), log nothing (logLevel 'silent'; the
// error handler drops the request on `anonymous` routes) and count callers in memory only. Readers need
// 'read anonymous email', which nothing implies.

export const anonReleaseJob = 'hr.anon-release';
export const anonPurgeJob = 'hr.anon-purge';

const idParams = z.object({ id: z.string() });
const anonymousRoute = { config: { public: true, anonymous: true }, logLevel: 'silent' } as const;
const readers = [requireEmployee(), requirePermission('read anonymous email')];

/** Runs the release: readers get a notification and a mail that count, and the channel a content-free event. */
export async function runAnonRelease(app: AppInstance, now = new Date()): Promise<void> {
  const release = await releaseAnonReports(app.db, now);
  if (!release) return;
  const emails = await readerEmails(app.db, [...release.perReader.keys()]);
  for (const [readerId, counts] of release.perReader) {
    await createNotification(
      app.db,
      readerId,
      { type: NOTIFICATION_ANONYMOUS_REPORT, number_details: null },
      app.realtime,
    );
    const to = emails.get(readerId);
    const subject = releaseMailSubject(counts);
    if (to) {
      await sendMail(app, {
        to,
        subject,
        text: `${subject}. Read it in Switchboard: ${app.config.appUrl}/hr/anonemail`,
      });
    }
  }
  app.realtime.emitToStaff(hrAnonChannel, anonReportsReleasedEvent, {});
}

export async function hrAnonRoutes(app: AppInstance): Promise<void> {
  const limiter = new AnonLimiter();
  const changed = () => app.realtime.emitToStaff(hrAnonChannel, anonReportsReleasedEvent, {});

  registerJob(app, anonReleaseJob, '*/15 * * * *', (jobApp) => runAnonRelease(jobApp));
  registerJob(app, anonPurgeJob, '41 3 * * *', async (jobApp) => {
    await purgeClosedAnonReports(jobApp.db);
  });

  app.post('/hr/anonemail', { ...anonymousRoute, schema: { body: anonReportInputSchema } }, async (request, reply) => {
    limiter.take('report', request.ip);
    const { replyCode } = await submitAnonReport(app.db, request.body);
    void reply.header('Cache-Control', 'no-store');
    return { message: anonMessages.submitted, reply_code: replyCode };
  });
  app.post(
    '/hr/anonemail/lookup',
    { ...anonymousRoute, schema: { body: anonLookupInputSchema } },
    async (request, reply) => {
      limiter.take('lookup', request.ip);
      void reply.header('Cache-Control', 'no-store');
      return { data: await lookupAnonReport(app.db, request.body.code) };
    },
  );
  app.post(
    '/hr/anonemail/reply',
    { ...anonymousRoute, schema: { body: anonReporterReplyInputSchema } },
    async (request, reply) => {
      limiter.take('lookup', request.ip);
      await replyAsReporter(app.db, request.body.code, request.body.body);
      void reply.header('Cache-Control', 'no-store');
      return { message: anonMessages.replied, data: await lookupAnonReport(app.db, request.body.code) };
    },
  );

  app.get(
    '/hr/anonemail/reports',
    { onRequest: readers, schema: { querystring: anonReportsQuerySchema } },
    async (request) => listAnonReports(app.db, request.query, request.auth.user),
  );
  app.get('/hr/anonemail/reports/:id', { onRequest: readers, schema: { params: idParams } }, async (request) => ({
    data: await getAnonReport(app.db, request.params.id, request.auth.user),
  }));
  putRoute(
    app,
    '/hr/anonemail/reports/:id',
    { onRequest: readers, schema: { params: idParams, body: anonReportUpdateInputSchema } },
    async (request) => {
      const data = await updateAnonReport(app.db, request.params.id, request.body, request.auth.user);
      changed();
      return { message: anonMessages.saved, data };
    },
  );
  app.post(
    '/hr/anonemail/reports/:id/messages',
    { onRequest: readers, schema: { params: idParams, body: anonReaderMessageInputSchema } },
    async (request) => {
      const data = await addReaderMessage(app.db, request.params.id, request.body.body, request.auth.user);
      changed();
      return { message: anonMessages.replySent, data };
    },
  );
  app.post(
    '/hr/anonemail/reports/:id/notes',
    { onRequest: readers, schema: { params: idParams, body: anonNoteInputSchema } },
    async (request) => {
      const data = await addAnonNote(app.db, request.params.id, request.body.body, request.auth.user);
      changed();
      return { message: anonMessages.noteSaved, data };
    },
  );
}
