import {
  hrReportCsv,
  hrReportExtraPermission,
  hrReportGrouping,
  hrReportGroupingMessage,
  hrReportMessages,
  hrReportQuerySchema,
  isHrReportName,
} from '@switchboard/shared/hr/reports';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { findPtoEmployee, todayIn } from '../pto/pto.service.ts';
import { listenForEmploymentEvents } from './hr-employment.ts';
import { hrReport } from './hr-reports.service.ts';

// GET /api/hr/reports/{report}/{param1?}/{param2?} (designs/hr.md §7, §8): 'view hr reports'; param1 and param2 the
// start and end (YYYY-MM-DD), by default 1 January to today in the viewer's zone; `?format=csv` the same table.

const paramsSchema = z.object({
  report: z.string().max(50),
  param1: z.string().max(20).optional(),
  param2: z.string().max(20).optional(),
});
const filtersSchema = hrReportQuerySchema.omit({ from: true, to: true });
const maxDays = 5 * 366;

export async function hrReportRoutes(app: AppInstance): Promise<void> {
  // Hires, separations and rehires are recorded as the employees module creates, disables and enables people.
  listenForEmploymentEvents(app);
  for (const path of ['/hr/reports/:report', '/hr/reports/:report/:param1', '/hr/reports/:report/:param1/:param2'])
    app.get(
      path,
      {
        onRequest: [requireEmployee(), requirePermission('view hr reports')],
        schema: { params: paramsSchema, querystring: filtersSchema },
      },
      async (request, reply) => {
        const { report, param1, param2 } = request.params;
        if (!isHrReportName(report)) throw notFound();
        const extra = hrReportExtraPermission[report];
        if (extra && !request.auth.permissions.includes(extra)) throw forbidden();
        const viewer = await findPtoEmployee(app.db, request.auth.user.id);
        const today = todayIn(viewer?.timezone ?? 'UTC');
        const parsed = hrReportQuerySchema.safeParse({
          ...request.query,
          from: param1 ?? `${today.slice(0, 4)}-01-01`,
          to: param2 ?? today,
        });
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
          throw unprocessable(errors);
        }
        const query = parsed.data;
        if (query.to < query.from) throw unprocessable({ to: [hrReportMessages.range] });
        if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 > maxDays) {
          throw unprocessable({ to: [hrReportMessages.tooLong] });
        }
        const groupBy = hrReportGrouping(report, query.group_by);
        if (groupBy === null) throw unprocessable({ group_by: [hrReportGroupingMessage(report)] });
        const data = await hrReport(app.db, report, query, { groupBy, viewerId: request.auth.user.id });
        if (query.format === 'csv') {
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="hr-${report}-${query.from}-${query.to}.csv"`)
            .send(hrReportCsv(data));
        }
        return { data };
      },
    );
}
