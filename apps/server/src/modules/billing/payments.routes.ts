import { billingChannel, type InvoiceUpdatedPayload, type PaymentUpdatedPayload } from '@switchboard/shared';
import {
  allocationInputSchema,
  depositInputSchema,
  paymentListQuerySchema,
  paymentMethodLabels,
  receivePaymentInputSchema,
  refundInputSchema,
  unapplyInputSchema,
  voidPaymentInputSchema,
  writeOffInputSchema,
} from '@switchboard/shared/billing/payments';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';
import { mapBatches, sendCsv } from './billing-report-csv.ts';
import { csvAmount } from './billing-reports.routes.ts';
import {
  allocate,
  getPayment,
  getReceivable,
  listPayments,
  paymentListRows,
  makeDeposit,
  receivePayment,
  refund,
  unapplyAllocation,
  voidPayment,
  writeOff,
  type PaymentChanges,
} from './payments.service.ts';

// Payments, allocations, write-offs, refunds and bank deposits (designs/billing.md §3.6, §6 Money; decision 0071):
// recording payments received, applying credits and deposits need 'view billing'; unapply, void, write-off and
// refund need 'approve billing' as well. Every write announces on `billing` after its transaction committed.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
const approve = [requireEmployee(), requirePermission('view billing', 'approve billing')];

/** After commit: PaymentUpdated, InvoiceUpdated per invoice (and InvoicesUpdated on its project), LedgerPosted. */
function announce(app: AppInstance, changes: PaymentChanges): void {
  const seenPayments = new Set<string>();
  for (const payment of changes.payments) {
    const key = `${payment.id}:${payment.companyId}`;
    if (seenPayments.has(key)) continue;
    seenPayments.add(key);
    app.realtime.emitToStaff(billingChannel, 'PaymentUpdated', {
      id: payment.id,
      company_id: payment.companyId,
    } satisfies PaymentUpdatedPayload);
  }
  const seenInvoices = new Set<number>();
  for (const invoice of changes.invoices) {
    if (seenInvoices.has(invoice.id)) continue;
    seenInvoices.add(invoice.id);
    app.realtime.emitToStaff(billingChannel, 'InvoiceUpdated', {
      id: invoice.id,
      company_id: invoice.companyId,
    } satisfies InvoiceUpdatedPayload);
    if (invoice.projectId !== null)
      emitProjectEvent(app.realtime, invoice.projectId, 'InvoicesUpdated', { invoice_id: invoice.id });
  }
  for (const entry of changes.entries) app.realtime.emitToStaff(billingChannel, 'LedgerPosted', entry);
}

export async function paymentRoutes(app: AppInstance): Promise<void> {
  // format=csv: every payment the filters select (not a page), streamed with the list's columns (decision 0098).
  app.get(
    '/billing/payments/received',
    { onRequest: view, schema: { querystring: paymentListQuerySchema.extend({ format: z.enum(['csv']).optional() }) } },
    async (request, reply) => {
      const { format, page: _page, per_page: _perPage, ...filters } = request.query;
      // The page is the paginator of PaymentRow written by PostgreSQL (decision 0023), sent as is.
      if (format !== 'csv')
        return reply.type('application/json; charset=utf-8').send(await listPayments(app.db, request.query));
      const header = [
        'Date',
        'Company',
        'Method',
        'Reference',
        'Amount',
        'Applied',
        'Unapplied',
        'Deposit to',
        'Status',
      ];
      const rows = mapBatches(paymentListRows(app.db, filters), (row) => [
        row.payment_date,
        row.company_name,
        paymentMethodLabels[row.method],
        row.reference,
        csvAmount(row.amount),
        csvAmount(row.applied),
        csvAmount(row.unapplied),
        `${row.account_number} ${row.account_name}${row.deposit_id !== null ? ' (deposited)' : ''}`,
        row.status === 'void' ? `Void ${row.void_date ?? ''}` : 'Posted',
      ]);
      return sendCsv(reply, 'Payments.csv', header, rows);
    },
  );

  app.post(
    '/billing/payments/received',
    { onRequest: view, schema: { body: receivePaymentInputSchema } },
    async (request) => {
      const { id, changes } = await receivePayment(app.db, request.body, request.auth.user.id);
      announce(app, changes);
      return { message: 'Payment saved.', data: await getPayment(app.db, id) };
    },
  );

  app.get('/billing/payments/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getPayment(app.db, parsePathId(request.params.id)),
  }));

  app.get('/billing/companies/:id/receivable', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getReceivable(app.db, parsePathId(request.params.id)),
  }));

  app.post('/billing/allocations', { onRequest: view, schema: { body: allocationInputSchema } }, async (request) => {
    const { allocation, changes } = await allocate(app.db, request.body, request.auth.user.id);
    announce(app, changes);
    return { message: 'Payment applied.', data: allocation };
  });

  app.post(
    '/billing/allocations/:id/unapply',
    { onRequest: approve, schema: { params: idParams, body: unapplyInputSchema.default({}) } },
    async (request) => {
      const { allocation, changes } = await unapplyAllocation(
        app.db,
        parsePathId(request.params.id),
        request.body,
        request.auth.user.id,
      );
      announce(app, changes);
      return { message: 'Payment unapplied.', data: allocation };
    },
  );

  app.post(
    '/billing/payments/:id/void',
    { onRequest: approve, schema: { params: idParams, body: voidPaymentInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const { changes } = await voidPayment(app.db, id, request.body, request.auth.user.id);
      announce(app, changes);
      return { message: 'Payment voided.', data: await getPayment(app.db, id) };
    },
  );

  app.post('/billing/write-offs', { onRequest: approve, schema: { body: writeOffInputSchema } }, async (request) => {
    const { writeOff: made, changes } = await writeOff(app.db, request.body, request.auth.user.id);
    announce(app, changes);
    return { message: 'Written off.', data: made };
  });

  app.post('/billing/refunds', { onRequest: approve, schema: { body: refundInputSchema } }, async (request) => {
    const { id, changes } = await refund(app.db, request.body, request.auth.user.id);
    announce(app, changes);
    return { message: 'Refund recorded.', data: { id } };
  });

  app.post('/billing/deposits', { onRequest: view, schema: { body: depositInputSchema } }, async (request) => {
    const { deposit, changes } = await makeDeposit(app.db, request.body, request.auth.user.id);
    announce(app, changes);
    return { message: 'Deposit made.', data: deposit };
  });
}
