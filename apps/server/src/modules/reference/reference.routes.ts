import { staticDataResponseSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app.ts';
import { getStaticData } from './reference.service.ts';

/** GET /api/misc/staticdata (spec 1 §7.2): the lists of §3.3, loaded by any signed-in user at start. */
export async function referenceRoutes(app: AppInstance): Promise<void> {
  app.get('/misc/staticdata', { schema: { response: { 200: staticDataResponseSchema } } }, async () => ({
    data: await getStaticData(app.db),
  }));
}
