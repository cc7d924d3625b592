import {
  hrFeedbackInputSchema,
  hrInterviewChangedEvent,
  hrInterviewInputSchema,
  hrInterviewListQuerySchema,
  hrJobsMessages,
  type HrInterviewChangedPayload,
} from '@switchboard/shared/hr/jobs';
import {
  hrCalendarChangedEvent,
  hrCalendarChannel,
  hrJobChannel,
  type HrCalendarChangedPayload,
} from '@switchboard/shared/realtime';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  cancelInterview,
  createInterview,
  fileFeedback,
  listInterviews,
  remindInterviews,
  type SavedInterview,
  updateInterview,
} from './hr-interviews.service.ts';
import type { JobsActor } from './hr-jobs.service.ts';

// Interviews (designs/hr.md §5, §8): 'manage jobs' schedules, moves and cancels; interviewers list theirs and file
// their scorecards. Each change goes out as InterviewChanged on hr_job_{id} and HrCalendarChanged on hr_calendar.

const idParams = z.object({ id: z.string() });
const employee = [requireEmployee()];
const manage = [requireEmployee(), requirePermission('manage jobs')];

const actorOf = (request: FastifyRequest): JobsActor => ({
  id: request.auth.user.id,
  name: request.auth.user.name,
  permissions: request.auth.permissions,
});

export async function hrInterviewsRoutes(app: AppInstance): Promise<void> {
  const announce = (saved: Pick<SavedInterview, 'jobId' | 'applicantId' | 'interview'>, days: string[]) => {
    const changed: HrInterviewChangedPayload = {
      job_id: saved.jobId,
      applicant_id: saved.applicantId,
      interview_id: saved.interview.id,
      status: saved.interview.status,
    };
    app.realtime.emitToChannel(hrJobChannel(saved.jobId), hrInterviewChangedEvent, changed);
    if (days.length === 0) return;
    const sorted = [...days].sort();
    const range: HrCalendarChangedPayload = { from: sorted[0]!, to: sorted[sorted.length - 1]! };
    app.realtime.emitToStaff(hrCalendarChannel, hrCalendarChangedEvent, range);
  };

  app.get(
    '/hr/interviews',
    { onRequest: employee, schema: { querystring: hrInterviewListQuerySchema } },
    async (request) => ({
      data: await listInterviews(app.db, request.query, actorOf(request)),
    }),
  );
  app.post('/hr/interviews', { onRequest: manage, schema: { body: hrInterviewInputSchema } }, async (request) => {
    const saved = await createInterview(app, request.body, actorOf(request));
    announce(saved, saved.days);
    return { message: hrJobsMessages.interviewSaved, data: saved.interview, warnings: saved.warnings };
  });
  putRoute(
    app,
    '/hr/interviews/:id',
    { onRequest: manage, schema: { params: idParams, body: hrInterviewInputSchema } },
    async (request) => {
      const saved = await updateInterview(app, parsePathId(request.params.id), request.body, actorOf(request));
      announce(saved, saved.days);
      return { message: hrJobsMessages.interviewSaved, data: saved.interview, warnings: saved.warnings };
    },
  );
  app.delete('/hr/interviews/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const saved = await cancelInterview(app, parsePathId(request.params.id), actorOf(request));
    announce(saved, saved.days);
    return { message: hrJobsMessages.interviewCancelled, data: saved.interview };
  });
  app.post(
    '/hr/interviews/:id/feedback',
    { onRequest: employee, schema: { params: idParams, body: hrFeedbackInputSchema } },
    async (request) => {
      const saved = await fileFeedback(app.db, parsePathId(request.params.id), request.body, actorOf(request));
      announce(saved, []);
      return { message: hrJobsMessages.feedbackSaved, data: saved.interview };
    },
  );

  // The hour-before notification to each interviewer (NOTIFICATION_INTERVIEW, number_details = applicant id).
  registerJob(app, 'hr-interview-reminders', '*/5 * * * *', async (instance) => {
    await remindInterviews(instance.db, instance.realtime);
  });
}
