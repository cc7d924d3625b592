import {
  billingItemInputSchema,
  billingItemListQuerySchema,
  itemCreatedMessage,
  itemSavedMessage,
} from '@switchboard/shared/billing/items';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createCatalogueItem,
  deleteCatalogueItem,
  getCatalogueItem,
  listCatalogue,
  updateCatalogueItem,
} from './billing-catalogue.service.ts';

const idParams = z.object({ id: z.string() });

// The catalogue lives in billing (layer 19), above the accounts, documents and contracts it reads (decision 0095);
// the spec's item pickers stay in billing-items.
export async function billingCatalogueRoutes(app: AppInstance): Promise<void> {
  // The catalogue of /billing/items (designs/billing.md §5, §6): every call needs 'view billing', as its drafts do.
  const view = [requireEmployee(), requirePermission('view billing')];

  app.get('/billing/items', { onRequest: view, schema: { querystring: billingItemListQuerySchema } }, (request) =>
    listCatalogue(app.db, request.query),
  );

  app.get('/billing/items/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getCatalogueItem(app.db, parsePathId(request.params.id)),
  }));

  app.post('/billing/items', { onRequest: view, schema: { body: billingItemInputSchema } }, async (request) => ({
    message: itemCreatedMessage,
    data: await createCatalogueItem(app.db, request.body),
  }));

  putRoute(
    app,
    '/billing/items/:id',
    { onRequest: view, schema: { params: idParams, body: billingItemInputSchema } },
    async (request) => ({
      message: itemSavedMessage,
      data: await updateCatalogueItem(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  // Archives an item used anywhere, deletes one never used; the message and `outcome` say which.
  app.delete('/billing/items/:id', { onRequest: view, schema: { params: idParams } }, (request) =>
    deleteCatalogueItem(app.db, parsePathId(request.params.id)),
  );
}
