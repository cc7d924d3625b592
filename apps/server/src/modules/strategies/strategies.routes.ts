import {
  backupStrategyCreatedMessage,
  backupStrategyDeletedMessage,
  backupStrategyDetailSchema,
  backupStrategyInputSchema,
  backupStrategyRowSchema,
  backupDeviceSchema,
  refreshStrategiesResponseSchema,
  refreshStrategyInputSchema,
  refreshStrategySavedMessage,
  backupStrategyUpdatedMessage,
  serverSoftwareInputSchema,
  serverSoftwareResponseSchema,
  serverSoftwareSavedMessage,
  serverSoftwareSavedResponseSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { assertCompanyVisible } from '../companies/company-detail.service.ts';
import {
  backupDevicesOf,
  backupStrategyCompany,
  createBackupStrategy,
  deleteBackupStrategy,
  getBackupStrategy,
  listBackupStrategies,
  updateBackupStrategy,
} from './backup-strategies.service.ts';
import { getRefreshStrategiesPage, refreshStrategyCompany, saveRefreshStrategy } from './refresh-strategies.service.ts';
import { mailRefreshStrategy } from './refresh-strategy-mail.ts';
import { getServerSoftware, saveServerSoftware } from './server-software.service.ts';

const companyQuery = z.object({
  company_id: z.coerce
    .number({ error: 'The company field is required.' })
    .int()
    .positive('The company field is required.'),
});
const idParams = z.object({ id: z.string() });

/**
 * Refresh and backup strategies (spec 2 §7 Strategies). The company workspace is staff's (spec 2 §1, §6: no role
 * checks shown): every call needs an employee; a client account gets 403 and reads a mailed strategy's PDF only
 * (decision 0050).
 */
export async function strategyRoutes(app: AppInstance): Promise<void> {
  const staff = { onRequest: requireEmployee() };

  app.get(
    '/strategies/refresh',
    { ...staff, schema: { querystring: companyQuery, response: { 200: refreshStrategiesResponseSchema } } },
    async (request) => {
      await assertCompanyVisible(app.db, request.query.company_id, request.auth.user);
      return { data: await getRefreshStrategiesPage(app.db, request.query.company_id) };
    },
  );

  // Creates, or updates the strategy `id` names; renders its PDF revision and mails it to the chosen recipients.
  app.post('/strategies/refresh', { ...staff, schema: { body: refreshStrategyInputSchema } }, async (request) => {
    const input = request.body;
    await assertCompanyVisible(app.db, input.company_id, request.auth.user);
    if (input.id !== undefined && (await refreshStrategyCompany(app.db, input.id)) !== input.company_id)
      throw notFound();
    const saved = await saveRefreshStrategy(app.db, input, request.auth.user);
    const mailed = await mailRefreshStrategy(app, saved.id, saved.recipients, request.auth.user.id);
    return { message: refreshStrategySavedMessage, data: { id: saved.id, revision: mailed.revision } };
  });

  app.get(
    '/strategies/backup',
    {
      ...staff,
      schema: {
        querystring: pageQuerySchema.extend(companyQuery.shape),
        response: { 200: pageSchema(backupStrategyRowSchema) },
      },
    },
    async (request) => {
      const { company_id, ...page } = request.query;
      await assertCompanyVisible(app.db, company_id, request.auth.user);
      return listBackupStrategies(app.db, page, company_id);
    },
  );

  app.get(
    '/strategies/backup/:id',
    {
      ...staff,
      schema: { params: idParams, response: { 200: z.object({ data: z.array(backupStrategyDetailSchema) }) } },
    },
    async (request) => ({ data: [await getBackupStrategy(app.db, parsePathId(request.params.id))] }),
  );

  app.post('/strategies/backup', { ...staff, schema: { body: backupStrategyInputSchema } }, async (request) => {
    await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
    const id = await createBackupStrategy(app.db, request.body, request.auth.user);
    return { message: backupStrategyCreatedMessage, data: { id } };
  });

  app.put(
    '/strategies/backup/:id',
    { ...staff, schema: { params: idParams, body: backupStrategyInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await backupStrategyCompany(app.db, id);
      await updateBackupStrategy(app.db, id, request.body);
      return { message: backupStrategyUpdatedMessage, data: { id } };
    },
  );

  app.delete('/strategies/backup/:id', { ...staff, schema: { params: idParams } }, async (request) => {
    await deleteBackupStrategy(app.db, parsePathId(request.params.id));
    return { message: backupStrategyDeletedMessage };
  });

  // A server's software list, edited on its device form (issue 19); staff only, as the device edit routes.
  app.get(
    '/devices/:id/software',
    { ...staff, schema: { params: idParams, response: { 200: serverSoftwareResponseSchema } } },
    async (request) => ({ data: await getServerSoftware(app.db, parsePathId(request.params.id)) }),
  );

  app.put(
    '/devices/:id/software',
    {
      ...staff,
      schema: {
        params: idParams,
        body: serverSoftwareInputSchema,
        response: { 200: serverSoftwareSavedResponseSchema },
      },
    },
    async (request) => ({
      message: serverSoftwareSavedMessage,
      data: await saveServerSoftware(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.get(
    '/backup/strategies/devices/:typeId/:companyId',
    {
      ...staff,
      schema: {
        params: z.object({ typeId: z.string(), companyId: z.string() }),
        response: { 200: z.object({ data: z.array(backupDeviceSchema) }) },
      },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      return { data: await backupDevicesOf(app.db, parsePathId(request.params.typeId), companyId) };
    },
  );
}
