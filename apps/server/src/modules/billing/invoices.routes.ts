import {
  billingChannel,
  depositInvoiceCreatedMessage,
  depositInvoiceInputSchema,
  type InvoiceUpdatedPayload,
  type LedgerPostedPayload,
} from '@switchboard/shared';
import {
  bulkInvoiceInputSchema,
  creditNoteInputSchema,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoiceTypeLabels,
  postInvoiceInputSchema,
  unbilledTimeQuerySchema,
  voidInvoiceInputSchema,
  type BulkInvoiceResult,
} from '@switchboard/shared/billing/invoices';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden, HttpError } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';
import { approveInvoice, unapproveInvoice } from './invoice-drafts.ts';
import { sendInvoices } from './invoice-delivery.service.ts';
import { announceInvoicePosted, postInvoice } from './invoice-posting.ts';
import {
  createCreditNote,
  createDepositInvoice,
  createInvoice,
  deleteInvoice,
  duplicateInvoice,
  inTransaction,
  updateInvoice,
  voidInvoice,
} from './invoices.service.ts';
import { invoiceListRows, getInvoiceDetail, listInvoices, listUnbilledTime } from './invoice-reads.ts';
import { mapBatches, sendCsv } from './billing-report-csv.ts';
import { csvAmount } from './billing-reports.routes.ts';

// Invoices and credit notes (designs/billing.md §6; decision 0071): reading and drafts need 'view billing'; approving,
// posting, voiding and credit notes 'approve billing' as well. Client accounts get 403 (requireEmployee). Events go
// out after the commit: InvoiceUpdated on billing, InvoicesUpdated on project_{id}, LedgerPosted for every entry.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
const approve = [requireEmployee(), requirePermission('view billing', 'approve billing')];
/** The list's Sent column (invoices-page.tsx shows the same words). */
const deliveryLabels = { none: '', pending: 'Pending', sent: 'Sent', failed: 'Failed' } as const;

function announceChanged(app: AppInstance, invoice: { id: number; company_id: number; project_id: number | null }) {
  app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
    id: invoice.id,
    company_id: invoice.company_id,
  } satisfies InvoiceUpdatedPayload);
  if (invoice.project_id !== null)
    emitProjectEvent(app.realtime, invoice.project_id, 'InvoicesUpdated', { invoice_id: invoice.id });
}

export async function invoiceRoutes(app: AppInstance): Promise<void> {
  const detail = async (id: number) => {
    const data = await getInvoiceDetail(app.db, id);
    return data;
  };

  // format=csv: every invoice the filters select (not a page), streamed with the list's columns (decision 0098).
  app.get(
    '/billing/invoices',
    { onRequest: view, schema: { querystring: invoiceListQuerySchema.extend({ format: z.enum(['csv']).optional() }) } },
    async (request, reply) => {
      const { format, page: _page, per_page: _perPage, ...filters } = request.query;
      // The page is pageSchema(invoiceRowSchema) written by PostgreSQL (decision 0023), sent as is.
      if (format !== 'csv')
        return reply.type('application/json; charset=utf-8').send(await listInvoices(app.db, request.query));
      const header = ['Number', 'Date', 'Company', 'Type', 'Total', 'Balance', 'Due', 'Status', 'Sent'];
      const rows = mapBatches(invoiceListRows(app.db, filters), (row) => [
        row.label,
        row.invoice_date,
        row.company_name,
        invoiceTypeLabels[row.type],
        csvAmount(row.total),
        csvAmount(row.balance),
        row.due_date,
        row.state,
        deliveryLabels[row.delivery],
      ]);
      return sendCsv(reply, 'Invoices.csv', header, rows);
    },
  );

  app.post('/billing/invoices', { onRequest: view, schema: { body: invoiceInputSchema } }, async (request) => {
    const data = await detail(await createInvoice(app.db, request.body, request.auth.user.id));
    announceChanged(app, data);
    return { message: 'Invoice saved.', data };
  });

  app.get('/billing/unbilled-time', { onRequest: view, schema: { querystring: unbilledTimeQuerySchema } }, (request) =>
    listUnbilledTime(app.db, request.query),
  );

  app.post('/billing/invoices/bulk', { onRequest: view, schema: { body: bulkInvoiceInputSchema } }, async (request) => {
    const { action, ids } = request.body;
    if (action !== 'send' && !request.auth.permissions.includes('approve billing')) throw forbidden();
    const actorId = request.auth.user.id;
    if (action === 'send') {
      const sent = await sendInvoices(app, [...new Set(ids)], actorId);
      return { message: `${sent.done.length} of ${ids.length} done.`, data: sent };
    }
    const result: BulkInvoiceResult = { done: [], failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        const posted = await inTransaction(app.db, async (tx) => {
          if (action === 'approve') await approveInvoice(tx, id, actorId);
          else if (action === 'unapprove') await unapproveInvoice(tx, id, actorId);
          else return postInvoice(tx, id, actorId);
          return null;
        });
        result.done.push(id);
        if (posted) await announceInvoicePosted(app, posted, actorId);
        else {
          const data = await getInvoiceDetail(app.db, id);
          announceChanged(app, data);
        }
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const fieldMessage = Object.values(error.errors ?? {})[0]?.[0];
        result.failed.push({ id, message: error.statusCode === 404 ? 'Not Found' : (fieldMessage ?? error.message) });
      }
    }
    return { message: `${result.done.length} of ${ids.length} done.`, data: result };
  });

  app.get('/billing/invoices/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await detail(parsePathId(request.params.id)),
  }));

  putRoute(
    app,
    '/billing/invoices/:id',
    { onRequest: view, schema: { params: idParams, body: invoiceInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await updateInvoice(app.db, id, request.body, request.auth.user.id);
      const data = await detail(id);
      announceChanged(app, data);
      return { message: 'Invoice saved.', data };
    },
  );

  app.delete('/billing/invoices/:id', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    const before = await detail(id);
    await deleteInvoice(app.db, id, request.auth.user.id);
    announceChanged(app, before);
    return { message: 'Invoice deleted.' };
  });

  app.post('/billing/invoices/:id/approve', { onRequest: approve, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await inTransaction(app.db, (tx) => approveInvoice(tx, id, request.auth.user.id));
    const data = await detail(id);
    announceChanged(app, data);
    return { message: 'Invoice approved.', data };
  });

  app.post('/billing/invoices/:id/unapprove', { onRequest: approve, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await inTransaction(app.db, (tx) => unapproveInvoice(tx, id, request.auth.user.id));
    const data = await detail(id);
    announceChanged(app, data);
    return { message: 'Invoice back to draft.', data };
  });

  app.post(
    '/billing/invoices/:id/post',
    { onRequest: approve, schema: { params: idParams, body: postInvoiceInputSchema.default({}) } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const actorId = request.auth.user.id;
      const posted = await inTransaction(app.db, (tx) => postInvoice(tx, id, actorId, request.body.date));
      await announceInvoicePosted(app, posted, actorId);
      return { message: 'Invoice posted.', data: await detail(id) };
    },
  );

  app.post(
    '/billing/invoices/:id/void',
    { onRequest: approve, schema: { params: idParams, body: voidInvoiceInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const voided = await voidInvoice(app.db, id, request.body, request.auth.user.id);
      app.realtime.emitToStaff(billingChannel, 'LedgerPosted', {
        entry_id: voided.journalEntryId,
        number: voided.entryNumber,
        entry_date: voided.entryDate,
        accounts: voided.accounts,
      } satisfies LedgerPostedPayload);
      const data = await detail(id);
      announceChanged(app, data);
      return { message: 'Invoice voided.', data };
    },
  );

  app.post(
    '/billing/invoices/:id/credit-note',
    { onRequest: approve, schema: { params: idParams, body: creditNoteInputSchema } },
    async (request) => {
      const creditNoteId = await createCreditNote(
        app.db,
        parsePathId(request.params.id),
        request.body,
        request.auth.user.id,
      );
      const data = await detail(creditNoteId);
      announceChanged(app, data);
      return { message: 'Credit note drafted.', data };
    },
  );

  app.post('/billing/invoices/:id/duplicate', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const data = await detail(await duplicateInvoice(app.db, parsePathId(request.params.id), request.auth.user.id));
    announceChanged(app, data);
    return { message: 'Invoice duplicated.', data };
  });

  // A project's deposit invoice (issue 18 part 8; decision 0045), drafted, approved and posted at once.
  app.post(
    '/billing/invoices/deposit',
    { onRequest: view, schema: { body: depositInvoiceInputSchema } },
    async (request) => {
      const actorId = request.auth.user.id;
      const { id, posted } = await createDepositInvoice(app.db, request.body, actorId);
      await announceInvoicePosted(app, posted, actorId);
      return { message: depositInvoiceCreatedMessage, data: { id } };
    },
  );
}
