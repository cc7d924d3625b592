import { markPrintedInputSchema, toPrintQuerySchema } from '@switchboard/shared/billing/invoice-delivery';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { onDomainEvent } from '../../plugins/domain-events.ts';
import { registerInvoiceDeliveryJob } from './invoice-delivery.job.ts';
import { listToPrint, markPrinted, onInvoicePosted, sendInvoice, toPrintPdf } from './invoice-delivery.service.ts';

// Invoice PDFs, sending and the To print batch (designs/billing.md §4 After posting, §5 PDFs and e-mail; decision
// 0090). Every call needs 'view billing' (decision 0071: sending is a 'view billing' task); client accounts get 403.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];

export async function invoiceDeliveryRoutes(app: AppInstance): Promise<void> {
  onDomainEvent(app.db, 'invoicePosted', (payload) => onInvoicePosted(app, payload));
  registerInvoiceDeliveryJob(app);

  app.post('/billing/invoices/:id/send', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const data = await sendInvoice(app, parsePathId(request.params.id), request.auth.user.id);
    const count = data.recipients.length;
    return {
      message:
        count === 0
          ? 'Every billing contact already has this invoice.'
          : `Sending to ${count} recipient${count === 1 ? '' : 's'}.`,
      data,
    };
  });

  app.get('/billing/invoices/to-print', { onRequest: view, schema: { querystring: toPrintQuerySchema } }, (request) =>
    listToPrint(app.db, request.query),
  );

  app.get('/billing/invoices/to-print.pdf', { onRequest: view }, async (request, reply) => {
    const file = await toPrintPdf(app, request.auth.user.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', 'inline; filename="Invoices-to-print.pdf"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file);
  });

  app.post(
    '/billing/invoices/to-print/mark',
    { onRequest: view, schema: { body: markPrintedInputSchema } },
    async (request) => {
      const data = await markPrinted(app, request.body.ids, request.auth.user.id);
      const count = data.marked.length;
      return { message: `Marked ${count} invoice${count === 1 ? '' : 's'} printed.`, data };
    },
  );
}
