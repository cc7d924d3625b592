import { checkInLinesInputSchema, recurringLinesQuerySchema } from '@switchboard/shared/billing/invoices';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { checkInSourceLines, recurringSourceLines } from './invoice-sources.ts';

// Where a new invoice's lines come from (designs/billing.md §5 /billing/invoices "New invoice"): a company's recurring
// items and its unbilled check-ins, as line inputs for the form (a quote converts through
// /billing/quotes/{id}/convert).
// 'view billing', staff only (client accounts get 403); 404 for an unknown company.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];

export async function invoiceSourceRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/billing/companies/:id/recurring-lines',
    { onRequest: view, schema: { params: idParams, querystring: recurringLinesQuerySchema } },
    async (request) => ({
      data: await recurringSourceLines(app.db, parsePathId(request.params.id), request.query.month),
    }),
  );

  // POST: the chosen ids (up to 500) travel in the body; nothing is written.
  app.post(
    '/billing/companies/:id/checkin-lines',
    { onRequest: view, schema: { params: idParams, body: checkInLinesInputSchema } },
    async (request) => ({
      data: await checkInSourceLines(app.db, parsePathId(request.params.id), request.body.checkin_ids),
    }),
  );
}
