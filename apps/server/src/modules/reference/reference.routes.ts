import { staticDataResponseSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { getStaticData } from './reference.service.ts';

/** GET /api/misc/staticdata (spec 1 §7.2): the lists of §3.3 loaded at start; client accounts get their subset. */
export async function referenceRoutes(app: AppInstance): Promise<void> {
  app.get('/misc/staticdata', { schema: { response: { 200: staticDataResponseSchema } } }, async (request) => ({
    data: await getStaticData(app.db, request.auth.user),
  }));
}
