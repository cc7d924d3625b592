import {
  adjustmentCreatedMessage,
  adjustmentDeletedMessage,
  contractCreatedMessage,
  contractInputSchema,
  contractSchema,
  contractUpdatedMessage,
  usageAdjustmentInputSchema,
  usageAdjustmentSchema,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { notFound } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { parsePathId } from '../../http/path-params.ts';
import { assertCompanyVisible } from '../companies/company-detail.service.ts';
import {
  createContract,
  createUsageAdjustment,
  deleteUsageAdjustment,
  getContract,
  listContracts,
  listUsageAdjustments,
  updateContract,
} from './contracts.service.ts';

const idParams = z.object({ id: z.string() });
const companyParams = z.object({ companyId: z.string() });

/**
 * Contract calls of spec 2 §7. Staff read contracts; creating and changing them needs 'view billing', since
 * contracts decide what is invoiced (decision 0018).
 */
export async function contractRoutes(app: AppInstance): Promise<void> {
  const changeContracts = [requireEmployee(), requirePermission('view billing')];

  app.get(
    '/companies/contracts.:companyId',
    {
      onRequest: requireEmployee(),
      schema: { params: companyParams, response: { 200: z.object({ data: z.array(contractSchema) }) } },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      return { data: await listContracts(app.db, companyId) };
    },
  );

  app.get(
    '/companies/contracts/:id',
    {
      onRequest: requireEmployee(),
      schema: { params: idParams, response: { 200: z.object({ data: contractSchema }) } },
    },
    async (request) => ({
      data: await getContract(app.db, parsePathId(request.params.id)),
    }),
  );

  app.post(
    '/companies/contracts/',
    { onRequest: changeContracts, schema: { body: contractInputSchema } },
    async (request) => {
      await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
      const id = await createContract(app.db, request.body, request.auth.user.id);
      app.realtime.emitToChannel('store', 'CompanyUpdated', { id: request.body.company_id });
      return { message: contractCreatedMessage, data: { id } };
    },
  );

  putRoute(
    app,
    '/companies/contracts/:id',
    { onRequest: changeContracts, schema: { params: idParams, body: contractInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      await updateContract(app.db, id, request.body);
      app.realtime.emitToChannel('store', 'CompanyUpdated', { id: request.body.company_id });
      return { message: contractUpdatedMessage, data: { id } };
    },
  );

  // Usage adjustments (spec 2 §2 Monthly Usage: not shown; decision 0018).
  app.get(
    '/companies/usage/adjustments.:companyId',
    {
      onRequest: requireEmployee(),
      schema: { params: companyParams, response: { 200: z.object({ data: z.array(usageAdjustmentSchema) }) } },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      return { data: await listUsageAdjustments(app.db, companyId) };
    },
  );

  app.post(
    '/companies/usage/adjustments',
    { onRequest: changeContracts, schema: { body: usageAdjustmentInputSchema } },
    async (request) => {
      await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
      const id = await createUsageAdjustment(app.db, request.body, request.auth.user.id);
      return { message: adjustmentCreatedMessage, data: { id } };
    },
  );

  app.delete(
    '/companies/usage/adjustments/:id',
    { onRequest: changeContracts, schema: { params: idParams } },
    async (request) => {
      const companyId = await deleteUsageAdjustment(app.db, parsePathId(request.params.id));
      if (companyId === null) throw notFound();
      return { message: adjustmentDeletedMessage };
    },
  );
}
