import { companyListResponseSchema, idNameListResponseSchema } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { forbidden } from '../../plugins/errors.ts';
import { clientCompanyOf, parsePathId } from '../clients/clients.service.ts';
import { listCompanyOptions, listSiteOptions } from './companies.service.ts';

/** Company calls of spec 1 §7.2 (and later spec 2). */
export async function companyRoutes(app: AppInstance): Promise<void> {
  // Any signed-in user: a client account sees only its own company.
  app.get('/company.list', { schema: { response: { 200: companyListResponseSchema } } }, async (request) => ({
    data: await listCompanyOptions(app.db, request.auth.user),
  }));

  // Spec 1 §7.2: a company's sites; a client account sees only its own company's.
  app.get(
    '/companies/sites.list.:companyId',
    { schema: { params: z.object({ companyId: z.string() }), response: { 200: idNameListResponseSchema } } },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      if (request.auth.user.type !== 'Employee' && (await clientCompanyOf(app.db, request.auth.user.id)) !== companyId) throw forbidden();
      return { data: await listSiteOptions(app.db, companyId) };
    },
  );
}
