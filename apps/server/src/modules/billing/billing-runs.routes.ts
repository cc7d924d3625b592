import {
  runApproveInputSchema,
  runCompaniesQuerySchema,
  runListQuerySchema,
  runMonthSchema,
  runStartedMessage,
} from '@switchboard/shared/billing/runs';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { registerBillingRunJob } from './billing-runs.job.ts';
import {
  approveRun,
  getRunDetail,
  listRuns,
  postRun,
  refreshCompany,
  runMonth,
  runMonthStart,
  skipCompany,
  startRun,
  runSummary,
} from './billing-runs.service.ts';

// The monthly contract billing run (designs/billing.md §4, §6 Run; decisions 0070, 0071): reading, running,
// refreshing and skipping need 'view billing'; approving and posting the run need 'approve billing' as well.

const view = [requireEmployee(), requirePermission('view billing')];
const approve = [requireEmployee(), requirePermission('view billing', 'approve billing')];
const monthParams = z.object({ month: z.string() });
const companyParams = z.object({ month: z.string(), companyId: z.string() });

/** A path month that is not 'YYYY-MM' names nothing: 404. */
function pathMonth(raw: string): string {
  if (!runMonthSchema.safeParse(raw).success) throw notFound();
  return runMonthStart(raw);
}

export async function billingRunRoutes(app: AppInstance): Promise<void> {
  registerBillingRunJob(app);
  // Runs started by "Run now" go on after the answer; closing the app waits for them.
  const running = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });

  app.get('/billing/runs', { onRequest: view, schema: { querystring: runListQuerySchema } }, async (request) =>
    listRuns(app.db, request.query),
  );

  app.get(
    '/billing/runs/:month',
    { onRequest: view, schema: { params: monthParams, querystring: runCompaniesQuerySchema } },
    async (request) => getRunDetail(app.db, pathMonth(request.params.month), request.query),
  );

  app.post('/billing/runs/:month', { onRequest: view, schema: { params: monthParams } }, async (request, reply) => {
    const month = pathMonth(request.params.month);
    const actorId = request.auth.user.id;
    const run = await startRun(app.db, month, actorId);
    const work = runMonth(app, month, actorId)
      .catch((error: Error & { statusCode?: number }) => {
        // 409: another start of the month is drafting it already; the companies it drafts are the same.
        if (error.statusCode !== 409) app.log.error({ month, message: error.message }, 'billing run failed');
      })
      .finally(() => running.delete(work));
    running.add(work);
    reply.code(202);
    return { message: runStartedMessage, data: await runSummary(app.db, run.id) };
  });

  for (const action of ['refresh', 'skip'] as const)
    app.post(
      `/billing/runs/:month/companies/:companyId/${action}`,
      { onRequest: view, schema: { params: companyParams } },
      async (request) => {
        const month = pathMonth(request.params.month);
        const companyId = parsePathId(request.params.companyId);
        if (action === 'refresh') {
          const outcome = await refreshCompany(app, month, companyId, request.auth.user.id);
          return { message: 'The company was drafted again.', data: outcome };
        }
        await skipCompany(app, month, companyId, request.auth.user.id);
        return { message: 'The company is skipped this month.' };
      },
    );

  app.post(
    '/billing/runs/:month/approve',
    { onRequest: approve, schema: { params: monthParams, body: runApproveInputSchema } },
    async (request) => {
      const data = await approveRun(app, pathMonth(request.params.month), request.body, request.auth.user.id);
      return { message: `${data.done.length} approved.`, data };
    },
  );

  app.post('/billing/runs/:month/post', { onRequest: approve, schema: { params: monthParams } }, async (request) => {
    const data = await postRun(app, pathMonth(request.params.month), request.auth.user.id);
    return { message: `${data.done.length} posted.`, data };
  });
}
