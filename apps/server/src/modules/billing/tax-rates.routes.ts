import {
  companyBillingSettingsInputSchema,
  taxRateInputSchema,
  taxRateReplaceInputSchema,
} from '@switchboard/shared/billing/tax-rates';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createTaxRate,
  getCompanyBillingSettings,
  getTaxRate,
  listTaxRates,
  replaceTaxRate,
  taxRateOptions,
  updateCompanyBillingSettings,
  updateTaxRate,
} from './tax-rates.service.ts';

// Tax rates and company billing settings (designs/billing.md §6; decisions 0066, 0071, 0082): reading needs 'view
// billing', tax rates' writes need 'manage accounting' as well; a company's billing settings sit beside the
// catalogue, so 'view billing' reads and writes them.

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view billing')];
const manage = [requireEmployee(), requirePermission('view billing', 'manage accounting')];

export async function taxRateRoutes(app: AppInstance): Promise<void> {
  app.get('/billing/taxrates', { onRequest: view }, async () => ({ data: await listTaxRates(app.db) }));

  app.get('/billing/taxrates.list', { onRequest: view }, async () => ({ data: await taxRateOptions(app.db) }));

  app.get('/billing/taxrates/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getTaxRate(app.db, parsePathId(request.params.id)),
  }));

  app.post('/billing/taxrates', { onRequest: manage, schema: { body: taxRateInputSchema } }, async (request) => ({
    message: 'Tax rate saved.',
    data: await createTaxRate(app.db, request.body),
  }));

  putRoute(
    app,
    '/billing/taxrates/:id',
    { onRequest: manage, schema: { params: idParams, body: taxRateInputSchema } },
    async (request) => ({
      message: 'Tax rate saved.',
      data: await updateTaxRate(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.post(
    '/billing/taxrates/:id/replace',
    { onRequest: manage, schema: { params: idParams, body: taxRateReplaceInputSchema } },
    async (request) => ({
      message: 'Tax rate saved.',
      data: await replaceTaxRate(app.db, parsePathId(request.params.id), request.body),
    }),
  );

  app.get('/billing/companies/:id/settings', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getCompanyBillingSettings(app.db, parsePathId(request.params.id)),
  }));

  putRoute(
    app,
    '/billing/companies/:id/settings',
    { onRequest: view, schema: { params: idParams, body: companyBillingSettingsInputSchema } },
    async (request) => ({
      message: 'Billing settings saved.',
      data: await updateCompanyBillingSettings(app.db, parsePathId(request.params.id), request.body),
    }),
  );
}
