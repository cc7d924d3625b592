import { searchQuerySchema } from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { searchEverything } from './search.service.ts';

/**
 * The top bar's global search (issue 4 part 5, issue 15 part 4). Any signed-in user: staff search every kind, a client
 * account only its own company's tickets (decision 0034).
 */
export async function searchRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/search',
    // The answer is searchResponseSchema, written by PostgreSQL (search.test.ts holds it to that schema) and sent as is.
    { schema: { querystring: searchQuerySchema } },
    async (request, reply) => {
      const results = await searchEverything(app.db, request.query.q, request.auth.user);
      return reply.type('application/json; charset=utf-8').send(`{"data":${results}}`);
    },
  );
}
