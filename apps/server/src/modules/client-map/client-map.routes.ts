import { mapConfigSchema, mapSiteSchema, travelEstimateResponseSchema, travelQuerySchema } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageSchema } from '../../db/paginate.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { estimateTravel, listMapSites } from './client-map.service.ts';

// The map draws every located site at once: one page holds them all (decision 0051), paged only past 5,000.
const mapPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(5_000).default(5_000),
});

/** Client Map calls (spec 2 §7 Sites; decision 0051). Staff only: client accounts get 403. */
export async function clientMapRoutes(app: AppInstance): Promise<void> {
  // The tile layer the CSP allows and whether a routing service is configured; the browser never calls it itself.
  app.get(
    '/map/config',
    { onRequest: requireEmployee(), schema: { response: { 200: mapConfigSchema } } },
    async () => ({
      data: {
        tile_url: app.config.mapTileUrl,
        attribution: app.config.mapTileAttribution,
        routing: app.config.routingUrl !== undefined,
      },
    }),
  );

  // Spec 2 §7: data.data sites with lat, lng, company_id, name.
  app.get(
    '/companies/sites/map',
    {
      onRequest: requireEmployee(),
      schema: { querystring: mapPageQuerySchema, response: { 200: pageSchema(mapSiteSchema) } },
    },
    async (request) => listMapSites(app.db, request.query),
  );

  // The 'Estimate Travel Time' modal: between two stored sites only, so the proxy cannot be pointed anywhere else.
  app.get(
    '/companies/sites/map/travel',
    {
      onRequest: requireEmployee(),
      schema: { querystring: travelQuerySchema, response: { 200: travelEstimateResponseSchema } },
    },
    async (request) => ({ data: await estimateTravel(app.db, request.query, app.config.routingUrl, app.log) }),
  );
}
