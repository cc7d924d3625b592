import {
  campaignInputSchema,
  crmAdminMessages,
  regionInputSchema,
  verticalInputSchema,
  type CampaignUpdatedPayload,
  type RegionUpdatedPayload,
  type VerticalUpdatedPayload,
} from '@switchboard/shared/crm-admin';
import { storeChannel } from '@switchboard/shared/realtime';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  deleteCampaign,
  deleteRegion,
  deleteVertical,
  getCampaign,
  getRegion,
  getVertical,
  listCampaigns,
  listRegions,
  listVerticals,
  saveCampaign,
  saveRegion,
  saveVertical,
} from './crm-admin.service.ts';

// The CRM admin lists (designs/crm-softphone.md §4.9, §5): 'view crm' reads, 'manage crm' writes. Every change goes
// out after its commit on `store` (staff only) as CampaignUpdated, RegionUpdated or VerticalUpdated, which also makes
// open browsers read the static data again (GET /api/misc/staticdata reads the tables on every call, no cache).

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view crm')];
const manage = [requireEmployee(), requirePermission('manage crm')];

/** GET/POST /api/crm/campaigns, GET/PUT/DELETE /api/crm/campaigns/{id}; the same for regions and verticals. */
export async function crmAdminRoutes(app: AppInstance): Promise<void> {
  const emitCampaign = (payload: CampaignUpdatedPayload) =>
    app.realtime.emitToStaff(storeChannel, 'CampaignUpdated', payload);
  const emitRegion = (payload: RegionUpdatedPayload) =>
    app.realtime.emitToStaff(storeChannel, 'RegionUpdated', payload);
  const emitVertical = (payload: VerticalUpdatedPayload) =>
    app.realtime.emitToStaff(storeChannel, 'VerticalUpdated', payload);

  app.get('/crm/campaigns', { onRequest: view }, async () => ({ data: await listCampaigns(app.db) }));
  app.get('/crm/campaigns/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getCampaign(app.db, parsePathId(request.params.id)),
  }));
  app.post('/crm/campaigns', { onRequest: manage, schema: { body: campaignInputSchema } }, async (request) => {
    const campaign = await saveCampaign(app.db, null, request.body);
    emitCampaign({ campaign });
    return { message: crmAdminMessages.campaignSaved, data: campaign };
  });
  putRoute(
    app,
    '/crm/campaigns/:id',
    { onRequest: manage, schema: { params: idParams, body: campaignInputSchema } },
    async (request) => {
      const campaign = await saveCampaign(app.db, parsePathId(request.params.id), request.body);
      emitCampaign({ campaign });
      return { message: crmAdminMessages.campaignSaved, data: campaign };
    },
  );
  app.delete('/crm/campaigns/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await deleteCampaign(app.db, id);
    emitCampaign({ deleted_id: id });
    return { message: crmAdminMessages.campaignDeleted };
  });

  app.get('/crm/regions', { onRequest: view }, async () => ({ data: await listRegions(app.db) }));
  app.get('/crm/regions/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getRegion(app.db, parsePathId(request.params.id)),
  }));
  app.post('/crm/regions', { onRequest: manage, schema: { body: regionInputSchema } }, async (request) => {
    const region = await saveRegion(app.db, null, request.body);
    emitRegion({ region });
    return { message: crmAdminMessages.regionSaved, data: region };
  });
  putRoute(
    app,
    '/crm/regions/:id',
    { onRequest: manage, schema: { params: idParams, body: regionInputSchema } },
    async (request) => {
      const region = await saveRegion(app.db, parsePathId(request.params.id), request.body);
      emitRegion({ region });
      return { message: crmAdminMessages.regionSaved, data: region };
    },
  );
  app.delete('/crm/regions/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await deleteRegion(app.db, id);
    emitRegion({ deleted_id: id });
    return { message: crmAdminMessages.regionDeleted };
  });

  app.get('/crm/verticals', { onRequest: view }, async () => ({ data: await listVerticals(app.db) }));
  app.get('/crm/verticals/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getVertical(app.db, parsePathId(request.params.id)),
  }));
  app.post('/crm/verticals', { onRequest: manage, schema: { body: verticalInputSchema } }, async (request) => {
    const vertical = await saveVertical(app.db, null, request.body);
    emitVertical({ vertical });
    return { message: crmAdminMessages.verticalSaved, data: vertical };
  });
  putRoute(
    app,
    '/crm/verticals/:id',
    { onRequest: manage, schema: { params: idParams, body: verticalInputSchema } },
    async (request) => {
      const vertical = await saveVertical(app.db, parsePathId(request.params.id), request.body);
      emitVertical({ vertical });
      return { message: crmAdminMessages.verticalSaved, data: vertical };
    },
  );
  app.delete('/crm/verticals/:id', { onRequest: manage, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await deleteVertical(app.db, id);
    emitVertical({ deleted_id: id });
    return { message: crmAdminMessages.verticalDeleted };
  });
}
