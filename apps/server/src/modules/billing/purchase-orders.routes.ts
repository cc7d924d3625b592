import {
  billingChannel,
  purchaseOrderApprovedMessage,
  purchaseOrderCancelledMessage,
  purchaseOrderClosedMessage,
  purchaseOrderInputSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderSavedMessage,
  purchaseOrderSentMessage,
  purchaseOrderStatusLabels,
  type PurchaseOrderUpdatedPayload,
  type PurchaseOrderWriteAnswer,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { mapBatches, sendCsv } from './billing-report-csv.ts';
import { csvAmount } from './billing-reports.routes.ts';
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  closePurchaseOrder,
  getPurchaseOrderDetail,
  listPurchaseOrders,
  purchaseOrderDetailJson,
  purchaseOrderListBatches,
  purchaseOrderStatus,
  savePurchaseOrder,
  sendPurchaseOrderToVendor,
} from './purchase-orders.service.ts';

// Purchasing (designs/billing.md §3.7, §5 /billing/purchaseorders, §6; issue 28 part 2; decision 0102): the list
// with its CSV, the drawer's detail, save (lines updated in place), approve, send (numbered, PDF revision, mailed to
// the vendor), close and cancel. Staff with 'view billing'; approve, close and cancelling an ordered order need
// 'approve billing'. Every write answers the order as GET does and pushes it as PurchaseOrderUpdated on `billing`.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
const approve = [requireEmployee(), requirePermission('view billing', 'approve billing')];

export async function purchaseOrderRoutes(app: AppInstance): Promise<void> {
  /** The order as GET answers it, pushed to every staff viewer after the write committed. */
  const answer = async (id: number, message: string): Promise<PurchaseOrderWriteAnswer> => {
    const data = await getPurchaseOrderDetail(app.db, id);
    if (!data) throw notFound();
    app.realtime.emitToStaff(billingChannel, 'PurchaseOrderUpdated', data satisfies PurchaseOrderUpdatedPayload);
    return { message, data };
  };

  app.get(
    '/billing/purchaseorders',
    {
      onRequest: view,
      schema: { querystring: purchaseOrderListQuerySchema.extend({ format: z.enum(['csv']).optional() }) },
    },
    async (request, reply) => {
      const { format, page, per_page, ...filters } = request.query;
      // The page is JSON text written by PostgreSQL (decision 0129's pattern), sent as is.
      if (format !== 'csv')
        return reply
          .type('application/json; charset=utf-8')
          .send(await listPurchaseOrders(app.db, { page, per_page, ...filters }));
      const header = ['PO #', 'Date', 'Vendor', 'Company', 'Project', 'Total', 'Received %', 'Billed %', 'Status'];
      const rows = mapBatches(purchaseOrderListBatches(app.db, filters), (row) => [
        row.label,
        row.order_date,
        row.vendor_name,
        row.company_name,
        row.project_title,
        csvAmount(row.total),
        row.received_pct,
        row.billed_pct,
        purchaseOrderStatusLabels[row.status],
        row.expected_date,
      ]);
      return sendCsv(reply, 'Purchase-Orders.csv', [...header, 'Expected'], rows);
    },
  );

  app.get('/billing/purchaseorders/:id', { onRequest: view, schema: { params: idParams } }, async (request, reply) => {
    const order = await purchaseOrderDetailJson(app.db, parsePathId(request.params.id));
    if (order === null) throw notFound();
    return reply.type('application/json; charset=utf-8').send(`{"data":${order}}`);
  });

  app.post(
    '/billing/purchaseorders',
    { onRequest: view, schema: { body: purchaseOrderInputSchema } },
    async (request) => {
      const saved = await savePurchaseOrder(app.db, app.config.dataDir, request.body, request.auth.user.id);
      return answer(saved.id, purchaseOrderSavedMessage);
    },
  );

  putRoute(
    app,
    '/billing/purchaseorders/:id',
    { onRequest: view, schema: { params: idParams, body: purchaseOrderInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await savePurchaseOrder(app.db, app.config.dataDir, { ...request.body, id }, request.auth.user.id);
      return answer(id, purchaseOrderSavedMessage);
    },
  );

  app.post(
    '/billing/purchaseorders/:id/approve',
    { onRequest: approve, schema: { params: idParams } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await approvePurchaseOrder(app.db, id, request.auth.user.id);
      return answer(id, purchaseOrderApprovedMessage);
    },
  );

  app.post('/billing/purchaseorders/:id/send', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await sendPurchaseOrderToVendor(app, id, request.auth.user.id);
    return answer(id, purchaseOrderSentMessage);
  });

  app.post(
    '/billing/purchaseorders/:id/close',
    { onRequest: approve, schema: { params: idParams } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await closePurchaseOrder(app.db, id);
      return answer(id, purchaseOrderClosedMessage);
    },
  );

  app.post('/billing/purchaseorders/:id/cancel', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    // A draft is anyone's with 'view billing' to drop; an order the vendor holds needs 'approve billing'.
    if ((await purchaseOrderStatus(app.db, id)) !== 'draft' && !request.auth.permissions.includes('approve billing'))
      throw forbidden();
    await cancelPurchaseOrder(app.db, id);
    return answer(id, purchaseOrderCancelledMessage);
  });
}
