import { billingChannel } from '@switchboard/shared';
import {
  vendorCreatedMessage,
  vendorFormSchema,
  vendorListQuerySchema,
  vendorRestoredMessage,
  vendorUpdatedMessage,
  type VendorUpdatedPayload,
} from '@switchboard/shared/billing/vendors';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createVendor,
  deleteVendor,
  listActiveVendors,
  listVendorPage,
  restoreVendor,
  updateVendor,
  vendorDetailJson,
} from './vendors.service.ts';

const idParams = z.object({ id: z.string() });
// The query of the paged list; without `page`, GET /billing/vendors stays the picker it was (issue 17 part 1).
const listQuery = vendorListQuerySchema
  .partial()
  .extend({ page: z.coerce.number().int().min(1).max(1_000_000).optional() });

// /billing/vendors (designs/billing.md §5, §6; issue 28 part 1): every call needs 'view billing' (design §6 lets it
// create and edit vendors); client accounts hold no permission, so they get 403 like any other staff without it.
export async function vendorRoutes(app: AppInstance): Promise<void> {
  const view = [requireEmployee(), requirePermission('view billing')];
  const announce = (id: number, deleted = false) =>
    app.realtime.emitToStaff(billingChannel, 'VendorUpdated', { id, deleted } satisfies VendorUpdatedPayload);

  // With `page`: the paginator of the page. Without: every active vendor by name, the answer the purchase-order
  // editor and the ledger's party picker read since issue 17 ({ data: [...] }, nothing else on the top level).
  // The page is JSON text written by PostgreSQL (decision 0129's pattern), sent as is.
  app.get('/billing/vendors', { onRequest: view, schema: { querystring: listQuery } }, async (request, reply) => {
    if (request.query.page === undefined) return { data: await listActiveVendors(app.db) };
    const page = await listVendorPage(app.db, vendorListQuerySchema.parse(request.query));
    return reply.type('application/json; charset=utf-8').send(page);
  });

  // The design's picker name (§6 vendors.list): the same answer as the plain list.
  app.get('/billing/vendors.list', { onRequest: view }, async () => ({ data: await listActiveVendors(app.db) }));

  app.get('/billing/vendors/:id', { onRequest: view, schema: { params: idParams } }, async (request, reply) => {
    const vendor = await vendorDetailJson(app.db, parsePathId(request.params.id));
    if (vendor === null) throw notFound();
    return reply.type('application/json; charset=utf-8').send(`{"data":${vendor}}`);
  });

  app.post('/billing/vendors', { onRequest: view, schema: { body: vendorFormSchema } }, async (request) => {
    const data = await createVendor(app.db, request.body);
    announce(data.id);
    return { message: vendorCreatedMessage, data };
  });

  putRoute(
    app,
    '/billing/vendors/:id',
    { onRequest: view, schema: { params: idParams, body: vendorFormSchema } },
    async (request) => {
      const data = await updateVendor(app.db, parsePathId(request.params.id), request.body);
      announce(data.id);
      return { message: vendorUpdatedMessage, data };
    },
  );

  // Archives a vendor in use, deletes one never used; the message and `outcome` say which.
  app.delete('/billing/vendors/:id', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    const result = await deleteVendor(app.db, id);
    announce(id, result.outcome === 'deleted');
    return result;
  });

  app.post('/billing/vendors/:id/restore', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const data = await restoreVendor(app.db, parsePathId(request.params.id));
    announce(data.id);
    return { message: vendorRestoredMessage, data };
  });
}
