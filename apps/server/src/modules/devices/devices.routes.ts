import {
  deviceCreatedMessage,
  deviceDeletedMessage,
  deviceImportInputSchema,
  deviceInputSchema,
  deviceListQuerySchema,
  deviceSchema,
  devicesToCsv,
  deviceUpdatedMessage,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { parsePathId } from '../../http/path-params.ts';
import { assertCompanyVisible } from '../companies/company-detail.service.ts';
import {
  allDevices,
  createDevice,
  deleteDevice,
  getDevice,
  getServerDrives,
  importDevices,
  listCompanyDeviceOptions,
  listDevices,
  updateDevice,
  type DeviceUseChecks,
} from './devices.service.ts';

const idParams = z.object({ id: z.string() });

/** What the modules above devices hand in (routes.ts): the strategies module's checks before a part goes. */
export interface DeviceRouteOptions {
  useChecks: DeviceUseChecks;
}

/**
 * Device calls (spec 2 §7 GET /api/drives/{serverId}, spec 3 §7 GET /api/devices.list.{companyId}; the inventory
 * calls are not shown, decision 0020). Staff manage devices; a client account may list its own company's devices.
 */
export async function deviceRoutes(app: AppInstance, options: DeviceRouteOptions): Promise<void> {
  const staff = { onRequest: requireEmployee() };

  app.get(
    '/devices.list.:companyId',
    {
      schema: {
        params: z.object({ companyId: z.string() }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                type: z.string(),
                name: z.string(),
                asset_tag: z.string().nullable(),
                site_id: z.number(),
                site: z.string(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      return { data: await listCompanyDeviceOptions(app.db, companyId) };
    },
  );

  app.get(
    '/drives/:serverId',
    { ...staff, schema: { params: z.object({ serverId: z.string() }) } },
    async (request) => ({
      data: await getServerDrives(app.db, parsePathId(request.params.serverId)),
    }),
  );

  app.get(
    '/devices',
    {
      ...staff,
      schema: {
        querystring: pageQuerySchema.extend(deviceListQuerySchema.shape),
        response: { 200: pageSchema(deviceSchema) },
      },
    },
    async (request) => {
      const { page, per_page, ...filter } = request.query;
      return listDevices(app.db, { page, per_page }, filter);
    },
  );

  // CSV of what the filters show.
  app.get('/devices/export', { ...staff, schema: { querystring: deviceListQuerySchema } }, async (request, reply) => {
    const csv = devicesToCsv(await allDevices(app.db, request.query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="devices.csv"')
      .send(csv);
  });

  app.post('/devices/import', { ...staff, schema: { body: deviceImportInputSchema } }, async (request) => {
    await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
    const created = await importDevices(app.db, request.body.company_id, request.body.type, request.body.rows);
    return { message: `${created} device${created === 1 ? '' : 's'} imported.`, data: { created } };
  });

  app.get(
    '/devices/:id',
    { ...staff, schema: { params: idParams, response: { 200: z.object({ data: deviceSchema }) } } },
    async (request) => ({
      data: await getDevice(app.db, parsePathId(request.params.id)),
    }),
  );

  app.post('/devices', { ...staff, schema: { body: deviceInputSchema } }, async (request) => {
    await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
    const id = await createDevice(app.db, request.body);
    return { message: deviceCreatedMessage, data: { id } };
  });

  app.put('/devices/:id', { ...staff, schema: { params: idParams, body: deviceInputSchema } }, async (request) => {
    const id = parsePathId(request.params.id);
    await updateDevice(app.db, id, request.body, options.useChecks);
    return { message: deviceUpdatedMessage, data: { id } };
  });

  app.delete('/devices/:id', { ...staff, schema: { params: idParams } }, async (request) => {
    await deleteDevice(app.db, parsePathId(request.params.id), options.useChecks);
    return { message: deviceDeletedMessage };
  });
}
