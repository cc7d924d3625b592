import { drivingEstimate, straightLineEstimate, type MapSite, type TravelEstimate } from '@switchboard/shared';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pageOffset, toPage, type Page, type PageQuery } from '../../db/paginate.ts';
import { notFound } from '../../plugins/errors.ts';
import { companies, sites } from '../companies/companies.table.ts';

// Client Map (spec 2 §2, §7 Sites; decision 0051): the sites that have coordinates, and a travel estimate between two.

const located = and(isNotNull(sites.latitude), isNotNull(sites.longitude));

/** GET /api/companies/sites/map: every located site with its company's name, by company then site, one page. */
export async function listMapSites(db: Db, query: PageQuery): Promise<Page<MapSite>> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: sites.id,
        name: sites.name,
        company_id: sites.companyId,
        company_name: companies.name,
        lat: sites.latitude,
        lng: sites.longitude,
      })
      .from(sites)
      .innerJoin(companies, eq(companies.id, sites.companyId))
      .where(located)
      .orderBy(asc(companies.name), asc(sites.name), asc(sites.id))
      .limit(query.per_page)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(sites).where(located),
  ]);
  return toPage(
    rows.map((row) => ({ ...row, lat: row.lat!, lng: row.lng! })),
    total,
    query,
  );
}

interface OsrmAnswer {
  code?: string;
  routes?: { distance?: number; duration?: number }[];
}

/**
 * The travel estimate between two located sites: the OSRM-compatible routing service's driving route when one is
 * configured and answers, else the straight line at the assumed speed. Sites without coordinates are a 404.
 */
export async function estimateTravel(
  db: Db,
  input: { from: number; to: number },
  routingUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<TravelEstimate> {
  const rows = await db
    .select({ id: sites.id, lat: sites.latitude, lng: sites.longitude })
    .from(sites)
    .where(and(inArray(sites.id, [input.from, input.to]), located));
  const from = rows.find((row) => row.id === input.from);
  const to = rows.find((row) => row.id === input.to);
  if (!from || !to) throw notFound();
  const a = { lat: from.lat!, lng: from.lng! };
  const b = { lat: to.lat!, lng: to.lng! };
  if (routingUrl) {
    const route = await askRouter(routingUrl, a, b, log);
    if (route) return drivingEstimate(route.distance, route.duration);
  }
  return straightLineEstimate(a, b);
}

async function askRouter(
  baseUrl: string,
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
  log: FastifyBaseLogger,
): Promise<{ distance: number; duration: number } | null> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = new URL(`route/v1/driving/${a.lng},${a.lat};${b.lng},${b.lat}`, base);
  url.searchParams.set('overview', 'false');
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`routing service answered ${response.status}`);
    const answer = (await response.json()) as OsrmAnswer;
    const route = answer.code === 'Ok' ? answer.routes?.[0] : undefined;
    const { distance, duration } = route ?? {};
    if (typeof distance !== 'number' || typeof duration !== 'number' || distance < 0 || duration < 0)
      throw new Error(`routing service found no route (${String(answer.code)})`);
    return { distance, duration };
  } catch (error) {
    log.warn({ err: error }, 'routing failed; answering the straight-line estimate');
    return null;
  }
}
