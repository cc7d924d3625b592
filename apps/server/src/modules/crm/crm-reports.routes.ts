import {
  crmReportCsv,
  crmReportMessages,
  crmReportQuerySchema,
  isCrmReportName,
  REPORT_TIME_ZONE,
  thisMonth,
} from '@switchboard/shared/crm-reports';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound, toFieldErrors, unprocessable } from '../../plugins/errors.ts';
import { crmReport, isReportAgent } from './crm-reports.service.ts';

// GET /api/crm/reports/{report}?start=YYYY-MM-DD&end=YYYY-MM-DD&agent=ID (designs/crm-softphone.md §4.10, §5):
// 'view crm' (the section, as the page) and 'view crm reports'; start and end default to this month (UTC), agent to
// all agents; `?format=csv` the same tables.

const paramsSchema = z.object({ report: z.string().max(50) });
const rawQuerySchema = z.record(z.string(), z.unknown());

export async function crmReportRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/crm/reports/:report',
    {
      onRequest: [requireEmployee(), requirePermission('view crm', 'view crm reports')],
      schema: { params: paramsSchema, querystring: rawQuerySchema },
    },
    async (request, reply) => {
      const { report } = request.params;
      if (!isCrmReportName(report)) throw notFound();
      const month = thisMonth(new Date().toISOString().slice(0, 10));
      const raw = request.query;
      const parsed = crmReportQuerySchema.safeParse({
        ...raw,
        start: raw.start === undefined || raw.start === '' ? month.start : raw.start,
        end: raw.end === undefined || raw.end === '' ? month.end : raw.end,
      });
      if (!parsed.success) throw unprocessable(toFieldErrors(parsed.error.issues));
      const query = parsed.data;
      if (query.agent !== undefined && !(await isReportAgent(app.db, query.agent))) {
        throw unprocessable({ agent: [crmReportMessages.agent] });
      }
      const data = await crmReport(app.db, report, query);
      if (query.format === 'csv') {
        const agent = query.agent ? `-agent-${query.agent}` : '';
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="crm-${report}-${query.start}-${query.end}${agent}.csv"`)
          .header('x-report-time-zone', REPORT_TIME_ZONE)
          .send(crmReportCsv(data));
      }
      return { data };
    },
  );
}
