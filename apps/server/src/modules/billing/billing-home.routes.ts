import { billingSummaryQuerySchema } from '@switchboard/shared/billing/home';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { getBillingSummary } from './billing-home.service.ts';

// /billing home's summary: cards, work queues and charts (designs/billing.md §5 first row; decision 0087). Reading
// needs 'view billing' (decision 0071); client accounts get 403 as on every /api/billing route.
export async function billingHomeRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/billing/summary',
    {
      onRequest: [requireEmployee(), requirePermission('view billing')],
      schema: { querystring: billingSummaryQuerySchema },
    },
    async (request) => ({ data: await getBillingSummary(app.db, request.query) }),
  );
}
