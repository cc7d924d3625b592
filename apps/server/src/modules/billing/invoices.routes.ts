import { depositInvoiceCreatedMessage, depositInvoiceInputSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { createDepositInvoice } from './invoices.service.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';

// The first invoice call (issue 18 part 8; decision 0045): a project's deposit invoice, by staff with 'view billing'.
export async function invoiceRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/billing/invoices/deposit',
    { onRequest: [requireEmployee(), requirePermission('view billing')], schema: { body: depositInvoiceInputSchema } },
    async (request) => {
      const { id, projectId } = await createDepositInvoice(
        app.db,
        app.config.dataDir,
        request.body,
        request.auth.user.id,
      );
      emitProjectEvent(app.realtime, projectId, 'InvoicesUpdated', { invoice_id: id });
      return { message: depositInvoiceCreatedMessage, data: { id } };
    },
  );
}
