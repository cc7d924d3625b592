import { billingItemSchema, groupedBillingItemsSchema, ITEM_SEARCH_MIN_LENGTH } from '@switchboard/shared';
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
} from './billing-items.catalogue.ts';
import { groupedContractItems, listBillingItems, searchBillingItems } from './billing-items.service.ts';

const listSchema = z.object({ data: z.array(billingItemSchema) });
const idParams = z.object({ id: z.string() });

/** Billing item calls of spec 2 §7. The /billing ones need 'view billing' (spec 1 §6); the contract form's list is staff's. */
export async function billingItemRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/companies/contracts/billing_items',
    { onRequest: requireEmployee(), schema: { response: { 200: z.object({ data: groupedBillingItemsSchema }) } } },
    async () => ({
      data: await groupedContractItems(app.db),
    }),
  );

  app.get(
    '/billing/items.list',
    { onRequest: [requireEmployee(), requirePermission('view billing')], schema: { response: { 200: listSchema } } },
    async () => ({
      data: await listBillingItems(app.db),
    }),
  );

  // Spec 2 §9: the search starts above 3 characters; a shorter term finds nothing.
  app.get(
    '/billing/search/items/:term',
    {
      onRequest: [requireEmployee(), requirePermission('view billing')],
      schema: { params: z.object({ term: z.string().max(100) }), response: { 200: listSchema } },
    },
    async (request) => {
      const term = request.params.term.trim();
      return { data: term.length < ITEM_SEARCH_MIN_LENGTH ? [] : await searchBillingItems(app.db, term) };
    },
  );

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
