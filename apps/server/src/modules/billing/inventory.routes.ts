import { billingChannel } from '@switchboard/shared';
import {
  adjustmentFormSchema,
  adjustmentPostedMessage,
  issueDoneMessage,
  issueFormSchema,
  locationFormSchema,
  locationSavedMessage,
  moveListQuerySchema,
  stockListQuerySchema,
  transferDoneMessage,
  transferFormSchema,
} from '@switchboard/shared/billing/inventory';
import type { StockUpdatedPayload } from '@switchboard/shared/billing/receipts';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  adjustStock,
  createLocation,
  issueStock,
  listBelowReorderJson,
  listLocations,
  listMoves,
  listStock,
  transferStock,
  updateLocation,
  type StockChanges,
} from './inventory.service.ts';

const idParams = z.object({ id: z.string() });

// /billing/inventory (designs/billing.md §5, §6; issue 28 part 5): reads, locations, transfers and issues need 'view
// billing'; adjustments also 'manage accounting' (§6). Client accounts hold no permission: 403 like other staff.
// After commit: StockUpdated per location touched, and LedgerPosted for an entry posted.
export async function inventoryRoutes(app: AppInstance): Promise<void> {
  const view = [requireEmployee(), requirePermission('view billing')];
  const manage = [requireEmployee(), requirePermission('view billing', 'manage accounting')];

  const announce = (changes: StockChanges) => {
    const itemIds = [...new Set(changes.itemIds)];
    for (const locationId of new Set(changes.locationIds)) {
      app.realtime.emitToStaff(billingChannel, 'StockUpdated', {
        item_ids: itemIds,
        location_id: locationId,
      } satisfies StockUpdatedPayload);
    }
    for (const entry of changes.entries) app.realtime.emitToStaff(billingChannel, 'LedgerPosted', entry);
  };

  // The lists answer the JSON text PostgreSQL writes (decision 0129's pattern), sent as is.
  const json = 'application/json; charset=utf-8';
  app.get(
    '/billing/inventory',
    { onRequest: view, schema: { querystring: stockListQuerySchema } },
    async (request, reply) => reply.type(json).send(await listStock(app.db, request.query)),
  );

  app.get(
    '/billing/inventory/moves',
    { onRequest: view, schema: { querystring: moveListQuerySchema } },
    async (request, reply) => reply.type(json).send(await listMoves(app.db, request.query)),
  );

  app.get('/billing/inventory/below-reorder', { onRequest: view }, async (_request, reply) =>
    reply.type(json).send(await listBelowReorderJson(app.db)),
  );

  app.get('/billing/inventory/locations', { onRequest: view }, async () => ({ data: await listLocations(app.db) }));

  app.post(
    '/billing/inventory/locations',
    { onRequest: view, schema: { body: locationFormSchema } },
    async (request) => ({ message: locationSavedMessage, data: await createLocation(app.db, request.body) }),
  );

  putRoute(
    app,
    '/billing/inventory/locations/:id',
    { onRequest: view, schema: { params: idParams, body: locationFormSchema } },
    async (request) => ({
      message: locationSavedMessage,
      data: await updateLocation(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.post(
    '/billing/inventory/adjustments',
    { onRequest: manage, schema: { body: adjustmentFormSchema } },
    async (request) => {
      const { result, changes } = await adjustStock(app.db, request.body, request.auth.user.id);
      announce(changes);
      return { message: adjustmentPostedMessage, data: result };
    },
  );

  app.post(
    '/billing/inventory/transfers',
    { onRequest: view, schema: { body: transferFormSchema } },
    async (request) => {
      const { result, changes } = await transferStock(app.db, request.body, request.auth.user.id);
      announce(changes);
      return { message: transferDoneMessage, data: result };
    },
  );

  app.post('/billing/inventory/issues', { onRequest: view, schema: { body: issueFormSchema } }, async (request) => {
    const { result, changes } = await issueStock(app.db, request.body, request.auth.user.id);
    announce(changes);
    return { message: issueDoneMessage, data: result };
  });
}
