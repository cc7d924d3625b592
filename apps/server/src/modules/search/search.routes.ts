import { searchQuerySchema, searchResponseSchema } from '@switchboard/shared';
import type { AppInstance } from '../../app.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { searchEverything } from './search.service.ts';

/** The top bar's global search (issue 4 part 5). Staff only: it spans every company's accounts. */
export async function searchRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/search',
    { onRequest: requireEmployee(), schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request) => ({ data: await searchEverything(app.db, request.query.q) }),
  );
}
