import { companyListResponseSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app.ts';
import { listCompanyOptions } from './companies.service.ts';

/** Company calls of spec 1 §7.2 (and later spec 2). */
export async function companyRoutes(app: AppInstance): Promise<void> {
  // Any signed-in user: a client account sees only its own company.
  app.get('/company.list', { schema: { response: { 200: companyListResponseSchema } } }, async (request) => ({
    data: await listCompanyOptions(app.db, request.auth.user),
  }));
}
