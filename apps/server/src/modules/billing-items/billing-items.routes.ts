import { billingItemSchema, groupedBillingItemsSchema, ITEM_SEARCH_MIN_LENGTH } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { groupedContractItems, listBillingItems, searchBillingItems } from './billing-items.service.ts';

const listSchema = z.object({ data: z.array(billingItemSchema) });

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
}
