import { hrCalendarFeedSchema, hrCalendarQuerySchema } from '@switchboard/shared/hr/calendar';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { writeIcs } from './hr-calendar-ics.ts';
import {
  getHrCalendarFeed,
  listHrCalendarJson,
  readHrCalendarFeed,
  regenerateHrCalendarFeed,
} from './hr-calendar.service.ts';

// The HR calendar and its iCal feed (designs/hr.md §6, §8): 'view hr calendar' for the calendar and the feed URL;
// the .ics answers without a bearer token, its token in the query being the only credential (hashed at rest).

const calendarGate = [requireEmployee(), requirePermission('view hr calendar')];

export async function hrCalendarRoutes(app: AppInstance): Promise<void> {
  // The body as JSON text (hrCalendarResponseSchema, held to it by hr-calendar.test.ts), sent as is.
  app.get(
    '/hr/calendar',
    { onRequest: calendarGate, schema: { querystring: hrCalendarQuerySchema } },
    async (request, reply) => {
      const viewer = { id: request.auth.user.id, permissions: request.auth.permissions };
      return reply
        .type('application/json; charset=utf-8')
        .send(await listHrCalendarJson(app.db, request.query, viewer));
    },
  );

  const feedResponse = { 200: z.object({ data: hrCalendarFeedSchema }) };
  app.get('/hr/calendar/feed', { onRequest: calendarGate, schema: { response: feedResponse } }, async (request) => ({
    data: await getHrCalendarFeed(app.db, request.auth.user.id),
  }));
  app.post(
    '/hr/calendar/feed',
    { onRequest: calendarGate, schema: { response: feedResponse } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { data: await regenerateHrCalendarFeed(app.db, request.auth.user.id, app.config.appUrl) };
    },
  );

  app.get(
    '/hr/calendar.ics',
    {
      config: { public: true },
      // Its request line would carry the token: app.ts's redactUrl does not know token=, so this route logs warnings only.
      logLevel: 'warn',
      schema: { querystring: z.object({ token: z.string().max(200).default('') }) },
    },
    async (request, reply) => {
      const { owner, items } = await readHrCalendarFeed(app.db, request.query.token);
      // Calendar clients poll; an Outlook subscription failed on a compressed feed (iCal#541), so none here.
      return reply
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="hr-calendar.ics"')
        .type('text/calendar; charset=utf-8')
        .send(writeIcs(`HR Calendar (${owner})`, items));
    },
  );
}
