import {
  calendarEventInputSchema,
  calendarEventSchema,
  calendarMessages,
  calendarRangeQuerySchema,
  calendarResponseSchema,
} from '@switchboard/shared/calendar';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createCalendarEvent,
  deleteCalendarEvent,
  getCalendarEvent,
  listCalendar,
  updateCalendarEvent,
} from './calendar.service.ts';

// The general /calendar (spec 1 §2.5: 'view calendar'; §2.6 the event dialog; §3.5 the event). The spec names no
// paths: GET /api/calendar?from&to reads the viewer's calendar, /api/calendar/events/{id} are one's own events.

const gate = [requireEmployee(), requirePermission('view calendar')];
const idParams = z.object({ id: z.string() });
const saved = { 200: z.object({ message: z.string(), data: calendarEventSchema }) };

export async function calendarRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/calendar',
    { onRequest: gate, schema: { querystring: calendarRangeQuerySchema, response: { 200: calendarResponseSchema } } },
    async (request) => ({
      data: await listCalendar(app.db, request.query, {
        id: request.auth.user.id,
        permissions: request.auth.permissions,
      }),
    }),
  );
  app.get('/calendar/events/:id', { onRequest: gate, schema: { params: idParams } }, async (request) => ({
    data: await getCalendarEvent(app.db, parsePathId(request.params.id), request.auth.user.id),
  }));
  app.post(
    '/calendar/events',
    { onRequest: gate, schema: { body: calendarEventInputSchema, response: saved } },
    async (request) => ({
      message: calendarMessages.saved,
      data: await createCalendarEvent(app.db, request.body, request.auth.user.id),
    }),
  );
  putRoute(
    app,
    '/calendar/events/:id',
    { onRequest: gate, schema: { params: idParams, body: calendarEventInputSchema, response: saved } },
    async (request) => ({
      message: calendarMessages.saved,
      data: await updateCalendarEvent(app.db, parsePathId(request.params.id), request.body, request.auth.user.id),
    }),
  );
  app.delete('/calendar/events/:id', { onRequest: gate, schema: { params: idParams } }, async (request) => {
    await deleteCalendarEvent(app.db, parsePathId(request.params.id), request.auth.user.id);
    return { message: calendarMessages.deleted };
  });
}
