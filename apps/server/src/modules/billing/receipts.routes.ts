import { billingChannel } from '@switchboard/shared';
import {
  openLinesQuerySchema,
  receiptInputSchema,
  receiptListQuerySchema,
  receiptPostedMessage,
  receiptVoidedMessage,
  receiptWithBillPostedMessage,
  voidReceiptInputSchema,
  type PurchaseOrderUpdatedPayload,
  type ReceiptPostedPayload,
  type StockUpdatedPayload,
} from '@switchboard/shared/billing/receipts';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { BillChanges } from './bills.service.ts';
import { postReceiptWithBill } from './receipts-with-bill.ts';
import {
  getReceipt,
  listOpenLines,
  listReceipts,
  postReceipt,
  voidReceipt,
  type ReceiptChanges,
} from './receipts.service.ts';

// Receiving (designs/billing.md §5 /billing/receive, §6; issue 28 part 3): every call needs 'view billing' (design §6
// lets it record receipts); client accounts hold no permission, so they get 403 as staff without it do. A receipt
// announces on `billing` after its transaction committed: ReceiptPosted, PurchaseOrderUpdated, StockUpdated (when
// stock moved) and LedgerPosted (when it had a cost).

const idParams = z.object({ id: z.string() });

function announce(app: AppInstance, changes: ReceiptChanges): void {
  app.realtime.emitToStaff(billingChannel, 'ReceiptPosted', {
    id: changes.receiptId,
    po_id: changes.poId,
    vendor_id: changes.vendorId,
  } satisfies ReceiptPostedPayload);
  app.realtime.emitToStaff(billingChannel, 'PurchaseOrderUpdated', {
    id: changes.poId,
    vendor_id: changes.vendorId,
  } satisfies PurchaseOrderUpdatedPayload);
  if (changes.stock)
    app.realtime.emitToStaff(billingChannel, 'StockUpdated', {
      item_ids: changes.stock.itemIds,
      location_id: changes.stock.locationId,
    } satisfies StockUpdatedPayload);
  if (changes.entry) app.realtime.emitToStaff(billingChannel, 'LedgerPosted', changes.entry);
}

/** The bill posted with a receipt: BillUpdated and its LedgerPosted, as bills.routes.ts announces them. */
function announceBill(app: AppInstance, changes: BillChanges): void {
  for (const bill of changes.bills)
    app.realtime.emitToStaff(billingChannel, 'BillUpdated', { id: bill.id, vendor_id: bill.vendorId });
  for (const entry of changes.entries) app.realtime.emitToStaff(billingChannel, 'LedgerPosted', entry);
}

export async function receiptRoutes(app: AppInstance): Promise<void> {
  const view = [requireEmployee(), requirePermission('view billing')];

  app.get('/billing/receipts', { onRequest: view, schema: { querystring: receiptListQuerySchema } }, async (request) =>
    listReceipts(app.db, request.query),
  );

  app.get('/billing/receipts/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getReceipt(app.db, parsePathId(request.params.id)),
  }));

  // With `bill` ("Bill received with items"), posting the bill needs 'approve billing' too (design §6): 403 before
  // anything is written.
  app.post('/billing/receipts', { onRequest: view, schema: { body: receiptInputSchema } }, async (request) => {
    const { bill } = request.body;
    if (bill !== null) {
      if (!request.auth.permissions.includes('approve billing')) throw forbidden();
      const changes = await postReceiptWithBill(app.db, { ...request.body, bill }, request.auth.user.id);
      announce(app, changes.receipt);
      announceBill(app, changes.bill);
      return { message: receiptWithBillPostedMessage, data: await getReceipt(app.db, changes.receipt.receiptId) };
    }
    const changes = await postReceipt(app.db, request.body, request.auth.user.id);
    announce(app, changes);
    return { message: receiptPostedMessage, data: await getReceipt(app.db, changes.receiptId) };
  });

  // Void (return) of a receipt: 'approve billing' as every void (design §6); the same events as a receipt, so the
  // receiving page, purchase orders, inventory and the ledger's readers refetch.
  app.post(
    '/billing/receipts/:id/void',
    {
      onRequest: [requireEmployee(), requirePermission('view billing', 'approve billing')],
      schema: { params: idParams, body: voidReceiptInputSchema.default({ reason: '' }) },
    },
    async (request) => {
      const changes = await voidReceipt(app.db, parsePathId(request.params.id), request.body, request.auth.user.id);
      announce(app, changes);
      return { message: receiptVoidedMessage, data: await getReceipt(app.db, changes.receiptId) };
    },
  );

  app.get(
    '/billing/receive/open-lines',
    { onRequest: view, schema: { querystring: openLinesQuerySchema } },
    async (request) => ({ data: await listOpenLines(app.db, request.query) }),
  );
}
