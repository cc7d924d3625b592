import {
  reportNames,
  type PermissionName,
  reportRangeSchema,
  reportRangeTooLong,
  reportRangeTooLongMessage,
  startAfterTodayMessage,
  type ReportName,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import {
  capRangeAtToday,
  getTimeclockReportCsv,
  getTimeclockReportJson,
  viewerTimezone,
} from './timeclock-report.service.ts';

const paramsSchema = z.object({ report: z.string().max(50), start: z.string().max(20), end: z.string().max(20) });
const querySchema = z.object({ format: z.enum(['json', 'csv']).optional() });

/** Spec 1 §2.5: each report's permissions besides being staff ('view timeclock' for the timeclock report). */
const reportPermissions: Record<ReportName, PermissionName[]> = { timeclock: ['view reports', 'view timeclock'] };

const isReportName = (name: string): name is ReportName => (reportNames as readonly string[]).includes(name);

/**
 * Spec 3 §7 GET /api/reports/{report}/{start}/{end}/ (dates YYYY-MM-DD) answering data; only 'timeclock' exists, any
 * other name is 404. The end is capped at today in the viewer's time zone and `data.end` says where it stopped.
 * `?format=csv` answers the same report as a CSV file (decision 0052).
 */
export async function reportRoutes(app: AppInstance): Promise<void> {
  const timezoneOf = viewerTimezones(app);
  // The spec's path ends in a slash; the same report answers without it.
  for (const path of ['/reports/:report/:start/:end/', '/reports/:report/:start/:end']) {
    app.get(
      path,
      { onRequest: requireEmployee(), schema: { params: paramsSchema, querystring: querySchema } },
      async (request, reply) => {
        const { report, start, end } = request.params;
        if (!isReportName(report)) throw notFound();
        await requirePermission(...reportPermissions[report])(request);

        const range = reportRangeSchema.parse({ start, end });
        const capped = capRangeAtToday(range, await timezoneOf(request.auth.user.id));
        if (!capped) throw unprocessable({ start: [startAfterTodayMessage] });
        if (reportRangeTooLong(capped)) throw unprocessable({ end: [reportRangeTooLongMessage] });
        // The CSV is written from the sums (getTimeclockReportCsv): the same bytes as timeclockReportCsv, without
        // objects per day (decision 0052).
        if (request.query.format === 'csv') {
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="timeclock-${capped.start}-${capped.end}.csv"`)
            .send(await getTimeclockReportCsv(app.db, capped));
        }
        // The JSON is written as text, mostly the kept closed days' texts (getTimeclockReportJson, decision 0052), and
        // sent as bytes: given the string, Fastify would measure its UTF-8 length and then encode it again.
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .send(Buffer.from(await getTimeclockReportJson(app.db, capped)));
      },
    );
  }
}

/**
 * The viewer's time zone (what caps the end at their today) by user, read at most once per sessionCacheMs, as the
 * session itself is (decision 0024): a changed zone is seen within that time, and a failed read is not remembered.
 */
function viewerTimezones(app: AppInstance): (userId: number) => Promise<string> {
  const ttlMs = app.config.sessionCacheMs;
  const entries = new Map<number, { at: number; timezone: Promise<string> }>();
  return (userId) => {
    if (ttlMs === 0) return viewerTimezone(app.db, userId);
    const now = Date.now();
    const entry = entries.get(userId);
    if (entry && now - entry.at < ttlMs) return entry.timezone;
    if (entries.size >= 10_000) entries.clear();
    const timezone = viewerTimezone(app.db, userId);
    entries.set(userId, { at: now, timezone });
    timezone.catch(() => entries.get(userId)?.timezone === timezone && entries.delete(userId));
    return timezone;
  };
}
