import {
  purchaseOrderInputSchema,
  purchaseOrderSavedMessage,
  purchaseOrderSavedSchema,
  purchaseOrderSentMessage,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { savePurchaseOrder, sendPurchaseOrder } from './purchase-orders.service.ts';
import { purchaseOrders } from './purchase-orders.table.ts';

// The first purchasing calls of designs/billing.md §3.7 (staff with 'view billing'; issue 17 part 1; the vendors'
// calls moved to vendors.routes.ts): save a purchase order, send one (numbering it and making revision 00 of its PDF). The lists,
// editor, receiving and mailing come with the billing issue.

const idParams = z.object({ id: z.string() });
const guard = [requireEmployee(), requirePermission('view billing')];

export async function purchaseOrderRoutes(app: AppInstance): Promise<void> {
  const answer = async (id: number, revision: number | null, message: string) => {
    const [row] = await app.db
      .select({ id: purchaseOrders.id, number: purchaseOrders.number, status: purchaseOrders.status })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.id, id));
    return { message, data: { ...row!, revision } };
  };

  app.post(
    '/billing/purchase-orders',
    { onRequest: guard, schema: { body: purchaseOrderInputSchema, response: { 200: purchaseOrderSavedSchema } } },
    async (request) => {
      const saved = await savePurchaseOrder(app.db, app.config.dataDir, request.body, request.auth.user.id);
      return answer(saved.id, saved.revision?.revision ?? null, purchaseOrderSavedMessage);
    },
  );

  putRoute(
    app,
    '/billing/purchase-orders/:id',
    {
      onRequest: guard,
      schema: { params: idParams, body: purchaseOrderInputSchema, response: { 200: purchaseOrderSavedSchema } },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      const saved = await savePurchaseOrder(app.db, app.config.dataDir, { ...request.body, id }, request.auth.user.id);
      return answer(saved.id, saved.revision?.revision ?? null, purchaseOrderSavedMessage);
    },
  );

  app.post(
    '/billing/purchase-orders/:id/send',
    { onRequest: guard, schema: { params: idParams, response: { 200: purchaseOrderSavedSchema } } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const revision = await sendPurchaseOrder(app.db, app.config.dataDir, id, request.auth.user.id);
      if (!revision) throw notFound();
      return answer(id, revision.revision, purchaseOrderSentMessage);
    },
  );
}
