import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  mapConfigSchema,
  mapSiteSchema,
  straightLineEstimate,
  travelEstimateResponseSchema,
} from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { pageSchema } from '../../db/paginate.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { tileImageSource } from '../../plugins/security-headers.ts';
import { loadConfig } from '../../config.ts';

// Issue 19 part 8 (spec 2 §2 Client Map, §7 Sites, §9): the located sites in one call, the tile layer the server
// allows, and the travel estimate through the routing proxy (a local fake OSRM) or the straight-line fallback.

let fake: Server;
let fakeUrl: string;
let routed: TestContext;
let plain: TestContext;
let lastPath: string | null = null;
let answer: { status: number; body: unknown } = { status: 200, body: {} };

const empireState = { lat: 40.748433, lng: -73.985656 };
const prudential = { lat: 42.347097, lng: -71.082495 };

interface Seeded {
  token: string;
  clientToken: string;
  nyId: number;
  bostonId: number;
  unlocatedId: number;
}

async function seed(ctx: TestContext): Promise<Seeded> {
  const [acme] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning();
  const [zen] = await ctx.db.insert(companies).values({ name: 'Zenith Law' }).returning();
  const [ny, boston, unlocated] = await ctx.db
    .insert(sites)
    .values([
      { companyId: zen.id, name: 'Midtown', latitude: empireState.lat, longitude: empireState.lng },
      { companyId: acme.id, name: 'Back Bay', latitude: prudential.lat, longitude: prudential.lng },
      { companyId: acme.id, name: 'Warehouse', latitude: null, longitude: null },
    ])
    .returning();
  const employee = await createUser(ctx.db);
  const client = await createUser(ctx.db, { type: 'Client', companyId: acme.id });
  return {
    token: (await login(ctx.app, employee.email, employee.password)).access_token,
    clientToken: (await login(ctx.app, client.email, client.password)).access_token,
    nyId: ny.id,
    bostonId: boston.id,
    unlocatedId: unlocated.id,
  };
}

let onRouted: Seeded;
let onPlain: Seeded;

beforeAll(async () => {
  fake = createServer((request, response) => {
    lastPath = request.url ?? null;
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  [routed, plain] = await Promise.all([
    createTestContext({
      config: { routingUrl: fakeUrl, mapTileUrl: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png' },
    }),
    createTestContext(),
  ]);
  [onRouted, onPlain] = await Promise.all([seed(routed), seed(plain)]);
});
afterAll(async () => {
  await Promise.all([routed?.close(), plain?.close()]);
  await new Promise((resolve) => fake.close(resolve));
});

const get = (ctx: TestContext, url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/companies/sites/map', () => {
  it('answers every located site, with its company, on one page (data.data)', async () => {
    const response = await get(plain, '/api/companies/sites/map', onPlain.token);
    expect(response.statusCode).toBe(200);
    const page = expectExactShape(pageSchema(mapSiteSchema), response.json());
    expect(page.data).toEqual([
      {
        id: onPlain.bostonId,
        name: 'Back Bay',
        company_id: expect.any(Number),
        company_name: 'Acme Dental',
        ...prudential,
      },
      { id: onPlain.nyId, name: 'Midtown', company_id: expect.any(Number), company_name: 'Zenith Law', ...empireState },
    ]);
    expect(page).toMatchObject({ total: 2, current_page: 1, last_page: 1, from: 1, to: 2 });
  });

  it('is for staff: a client account is refused, no token is a 401', async () => {
    expect((await get(plain, '/api/companies/sites/map', onPlain.clientToken)).statusCode).toBe(403);
    expect((await plain.app.inject({ method: 'GET', url: '/api/companies/sites/map' })).statusCode).toBe(401);
    expect((await get(plain, '/api/map/config', onPlain.clientToken)).statusCode).toBe(403);
    const travel = `/api/companies/sites/map/travel?from=${onPlain.nyId}&to=${onPlain.bostonId}`;
    expect((await get(plain, travel, onPlain.clientToken)).statusCode).toBe(403);
  });
});

describe('GET /api/map/config', () => {
  it('gives OpenStreetMap by default and says no routing service is configured', async () => {
    const response = await get(plain, '/api/map/config', onPlain.token);
    expect(expectExactShape(mapConfigSchema, response.json())).toEqual({
      data: {
        tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '&copy; OpenStreetMap contributors',
        routing: false,
      },
    });
  });

  it('gives the configured tiles, whose host the CSP allows for images', async () => {
    const response = await get(routed, '/api/map/config', onRouted.token);
    expect(response.json().data).toMatchObject({
      tile_url: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png',
      routing: true,
    });
    const imgSrc = /img-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1].split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', 'blob:', 'https://*.tiles.example.test']);
  });

  it('reads the tile host from the template, and nothing from a template it cannot trust', () => {
    expect(tileImageSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileImageSource('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
    expect(tileImageSource("https://a.test;script-src 'unsafe-inline'/{z}/{x}/{y}")).toBeNull();
  });
});

describe('GET /api/companies/sites/map/travel', () => {
  const travelUrl = (s: Seeded, from = s.nyId, to = s.bostonId) =>
    `/api/companies/sites/map/travel?from=${from}&to=${to}`;

  it('asks the routing service for the driving route and answers miles and minutes', async () => {
    answer = { status: 200, body: { code: 'Ok', routes: [{ distance: 346_410.3, duration: 13_290.4 }] } };
    const response = await get(routed, travelUrl(onRouted), onRouted.token);
    expect(response.statusCode).toBe(200);
    expect(expectExactShape(travelEstimateResponseSchema, response.json())).toEqual({
      data: { method: 'driving', distance_miles: 215.2, duration_minutes: 222 },
    });
    expect(lastPath).toBe(
      `/route/v1/driving/${empireState.lng},${empireState.lat};${prudential.lng},${prudential.lat}?overview=false`,
    );
  });

  it('falls back to the straight line when the routing service fails or finds no route', async () => {
    const expected = { data: straightLineEstimate(empireState, prudential) };
    expect(expected.data.method).toBe('straight_line');
    answer = { status: 500, body: { message: 'down' } };
    expect((await get(routed, travelUrl(onRouted), onRouted.token)).json()).toEqual(expected);
    answer = { status: 200, body: { code: 'NoRoute', routes: [] } };
    expect((await get(routed, travelUrl(onRouted), onRouted.token)).json()).toEqual(expected);
  });

  it('answers the straight line when no routing service is configured', async () => {
    lastPath = null;
    const response = await get(plain, travelUrl(onPlain), onPlain.token);
    expect(response.json()).toEqual({ data: straightLineEstimate(empireState, prudential) });
    expect(lastPath).toBeNull();
  });

  it('routes only between stored, located sites', async () => {
    expect((await get(plain, travelUrl(onPlain, onPlain.nyId, onPlain.unlocatedId), onPlain.token)).statusCode).toBe(
      404,
    );
    expect((await get(plain, travelUrl(onPlain, onPlain.nyId, 999_999), onPlain.token)).statusCode).toBe(404);
    const bad = await get(plain, '/api/companies/sites/map/travel?from=abc&to=1', onPlain.token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('from');
  });
});

describe('MAP_TILE_URL and ROUTING_URL', () => {
  it('take a tile template with {z}, {x} and {y} and a routing URL, and refuse anything else', () => {
    const config = loadConfig({ MAP_TILE_URL: 'https://tiles.example.test/{z}/{x}/{y}.png', ROUTING_URL: fakeUrl });
    expect(config.mapTileUrl).toBe('https://tiles.example.test/{z}/{x}/{y}.png');
    expect(config.routingUrl).toBe(fakeUrl);
    expect(loadConfig({}).routingUrl).toBeUndefined();
    expect(() => loadConfig({ MAP_TILE_URL: 'https://tiles.example.test/tile.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => loadConfig({ ROUTING_URL: 'not a url' })).toThrow(/ROUTING_URL/);
  });
});
