import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { companyDetailSchema, type CompanyDetail, type Site } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  multipartBody,
  createUser,
  login,
  type TestContext,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { clientAccounts } from './client-accounts.table.ts';
import { industries, regions } from '../reference/reference.table.ts';
import { companies, sites } from './companies.table.ts';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

describe('company detail API (spec 2 §2, §7)', () => {
  let ctx: TestContext;
  let staff: string;
  let industryId: number;
  let otherIndustryId: number;
  let regionId: number;
  let companyId: number;
  let otherCompanyId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const employee = await createUser(ctx.db);
    staff = (await login(ctx.app, employee.email, employee.password)).access_token;
    const inds = await ctx.db.select({ id: industries.id }).from(industries).limit(2);
    industryId = inds[0]!.id;
    otherIndustryId = inds[1]!.id;
    regionId = (await ctx.db.select({ id: regions.id }).from(regions).limit(1))[0]!.id;
    [{ id: companyId }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Harbor Logistics', industryId, website: 'https://harbor.example' })
      .returning({ id: companies.id })) as [{ id: number }];
    [{ id: otherCompanyId }] = (await ctx.db
      .insert(companies)
      .values({ name: 'Other Co' })
      .returning({ id: companies.id })) as [{ id: number }];
  });
  afterAll(async () => {
    await ctx.close();
  });

  const get = (id: number, token = staff) =>
    ctx.app.inject({ method: 'GET', url: `/api/company/${id}`, headers: bearer(token) });
  const putSites = (id: number, body: unknown, token = staff) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/companies/sites/${id}`,
      headers: bearer(token),
      payload: body as object,
    });

  describe('GET /api/company/{id}', () => {
    it('answers 401 without a token and 404 for an unknown company', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/company/${companyId}` })).statusCode).toBe(401);
      expect((await get(999999)).statusCode).toBe(404);
      expect((await get(0)).statusCode).toBe(404);
    });

    it('answers the company with counters and the empty contract fields', async () => {
      const client = await createUser(ctx.db, { type: 'Client', companyId });
      const response = await get(companyId);
      expect(response.statusCode).toBe(200);
      const data = response.json<{ data: CompanyDetail }>().data;
      expect(data).toMatchObject({
        id: companyId,
        name: 'Harbor Logistics',
        website: 'https://harbor.example',
        industry_id: industryId,
        active: 0,
        sites: [],
        sites_count: 0,
        open_tickets_count: 0,
        active_contract: null,
        latest_contract: null,
        site_tech_info: { notes: null, attachments: [] },
      });
      expect(data.accounts_count).toBe(1);
      expect(client.id).toBeGreaterThan(0);
    });

    it("carries spec 2 §3's logo, accounts, flags and grades; a client account none of them", async () => {
      const [company] = await ctx.db
        .insert(companies)
        .values({ name: 'Spec Three Co' })
        .returning({ id: companies.id });
      const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id, name: 'Carla Client' });
      const flag = { company_id: company!.id, flag: 'Call before visiting' };
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/companies/flags/', headers: bearer(staff), payload: flag }))
          .statusCode,
      ).toBe(200);

      const response = await get(company!.id);
      expect(response.statusCode).toBe(200);
      const data = expectExactShape(companyDetailSchema, response.json<{ data: CompanyDetail }>().data);
      expect(data.logo).toBeNull();
      expect(data.accounts).toEqual([{ user_id: client.id, user: { name: 'Carla Client', email: client.email } }]);
      expect(data.flags.map((row) => row.flag)).toEqual(['Call before visiting']);
      expect(data.grades).toEqual(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/companies/netgrade.list.${company!.id}`,
            headers: bearer(staff),
          })
        ).json().data,
      );

      const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
      const seen = expectExactShape(
        companyDetailSchema,
        (await get(company!.id, clientToken)).json<{ data: CompanyDetail }>().data,
      );
      expect(seen.flags).toEqual([]);
      expect(seen).not.toHaveProperty('accounts');
      expect(seen).not.toHaveProperty('grades');
      expect(seen).not.toHaveProperty('strat_list');
    });

    it("carries spec 2 §3's strat_list: the company's refresh strategies, newest first, staff only", async () => {
      const [company] = await ctx.db.insert(companies).values({ name: 'Strategy Co' }).returning({ id: companies.id });
      expect((await get(company!.id)).json<{ data: CompanyDetail }>().data.strat_list).toEqual([]);
      const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id, name: 'Sam Strat' });
      for (const date of ['2026-01-15', '2026-03-01']) {
        const saved = await ctx.app.inject({
          method: 'POST',
          url: '/api/strategies/refresh',
          headers: bearer(staff),
          payload: { company_id: company!.id, date, emails: [client.id], overview: `<p>${date}</p>` },
        });
        expect(saved.statusCode).toBe(200);
      }
      const data = expectExactShape(companyDetailSchema, (await get(company!.id)).json<{ data: CompanyDetail }>().data);
      expect(data.strat_list!.map((row) => row.date)).toEqual(['2026-03-01', '2026-01-15']);
      expect(data.strat_list![0]!.emails).toEqual([{ user_id: client.id, name: 'Sam Strat', email: client.email }]);
      expect(data.strat_list![0]!.user?.id).toBeGreaterThan(0);
    });

    it('shows a client account its own company only', async () => {
      const client = await createUser(ctx.db, { type: 'Client', companyId: otherCompanyId });
      const token = (await login(ctx.app, client.email, client.password)).access_token;
      expect((await get(otherCompanyId, token)).statusCode).toBe(200);
      expect((await get(companyId, token)).statusCode).toBe(404);
    });
  });

  describe('PUT /api/company/{id}', () => {
    it('updates name, industry, website and active, and a client account may not', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/company/${companyId}`,
        headers: bearer(staff),
        payload: { name: 'Harbor Logistics LLC', industry: otherIndustryId, website: 'harbor.example.com', active: 1 },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        name: 'Harbor Logistics LLC',
        industry_id: otherIndustryId,
        website: 'https://harbor.example.com',
        active: 1,
      });

      const client = await createUser(ctx.db, { type: 'Client', companyId });
      const token = (await login(ctx.app, client.email, client.password)).access_token;
      const refused = await ctx.app.inject({
        method: 'PUT',
        url: `/api/company/${companyId}`,
        headers: bearer(token),
        payload: { name: 'X', industry: industryId },
      });
      expect(refused.statusCode).toBe(403);
    });

    it('answers 422 per field and changes nothing', async () => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/company/${companyId}`,
        headers: bearer(staff),
        payload: { name: '', industry: 987654, website: 'not a url', active: 7 },
      });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(errors.name).toEqual(['The name field is required.']);
      expect(errors.website).toEqual(['The website must be a valid URL.']);
      expect(errors.active).toEqual(['The active field must be 0 or 1.']);
      // The unknown industry is reported at once, not after the other fields pass (issue 16).
      expect(errors.industry_id).toEqual(['The selected industry id is invalid.']);
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
      expect(row!.name).toBe('Harbor Logistics LLC');
    });

    it('replaces the logo through the multipart POST with _method PUT', async () => {
      const form = await multipartBody({
        _method: 'PUT',
        name: 'Harbor Logistics',
        industry_id: String(industryId),
        website: '',
        logo: { blob: new Blob([png], { type: 'image/png' }), name: 'logo.png' },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/company/${companyId}`,
        headers: { ...bearer(staff), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(200);
      const data = response.json<{ data: CompanyDetail }>().data;
      expect(data.name).toBe('Harbor Logistics');
      expect(data.website).toBeNull();
      expect(data.logo_url).toMatch(/^\/api\/company\/logo\/[a-f0-9]{32}\.png$/);
      const logo = await ctx.app.inject({ method: 'GET', url: data.logo_url! });
      expect(logo.statusCode).toBe(200);

      const bad = await multipartBody({
        _method: 'PUT',
        name: 'Harbor',
        industry_id: String(industryId),
        logo: { blob: new Blob(['text'], { type: 'text/plain' }), name: 'x.txt' },
      });
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/company/${companyId}`,
        headers: { ...bearer(staff), ...bad.headers },
        payload: bad.payload,
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.logo).toEqual(['The logo must be a file of type: png, jpeg, gif, webp.']);
    });

    it('refuses a POST without _method PUT', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/company/${companyId}`,
        headers: bearer(staff),
        payload: { name: 'X', industry_id: industryId },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('PUT /api/companies/sites/{companyId}', () => {
    const site = (overrides: Record<string, unknown> = {}) => ({
      name: 'Main Office',
      region_id: regionId,
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      lat: 30.2,
      lng: -97.7,
      ...overrides,
    });

    it('answers the spec messages per site and writes nothing', async () => {
      const response = await putSites(companyId, { sites: [site(), site({ name: '', region_id: '', city: '' })] });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(errors['sites.1.name']).toEqual(['Name Required']);
      expect(errors['sites.1.region_id']).toEqual(['Region Required']);
      expect(errors['sites.1.city']).toEqual(['City Required']);
      expect(await ctx.db.$count(sites, eq(sites.companyId, companyId))).toBe(0);
    });

    it('refuses an unknown region and a site of another company', async () => {
      const [foreign] = await ctx.db
        .insert(sites)
        .values({ companyId: otherCompanyId, name: 'Foreign', city: 'Dallas' })
        .returning({ id: sites.id });
      const response = await putSites(companyId, { sites: [site({ region_id: 99999 }), site({ id: foreign!.id })] });
      expect(response.statusCode).toBe(422);
      const { errors } = response.json<{ errors: Record<string, string[]> }>();
      expect(errors['sites.0.region_id']).toEqual(['The selected region is invalid.']);
      expect(errors['sites.1.id']).toEqual(['This site does not belong to the company.']);
    });

    it('adds, updates and removes sites in one call; the counter follows', async () => {
      const first = await putSites(companyId, {
        sites: [site(), site({ id: 'new', name: 'Warehouse', city: 'Round Rock' })],
      });
      expect(first.statusCode).toBe(200);
      expect(first.json().message).toBe('Sites updated.');
      const added = first.json<{ data: Site[] }>().data;
      expect(added.map((s) => s.name)).toEqual(['Main Office', 'Warehouse']);
      expect(added[0]).toMatchObject({ state: 'TX', zip: '78701', lat: 30.2, lng: -97.7 });

      const main = added[0]!;
      const warehouse = added[1]!;
      // A client account of the removed site keeps its account, without the site.
      const client = await createUser(ctx.db, { type: 'Client', companyId });
      await ctx.db.update(clientAccounts).set({ siteId: warehouse.id }).where(eq(clientAccounts.userId, client.id));

      const second = await putSites(companyId, { sites: [site({ id: main.id, name: 'Head Office' })] });
      expect(second.statusCode).toBe(200);
      expect(second.json<{ data: Site[] }>().data).toMatchObject([{ id: main.id, name: 'Head Office' }]);
      const [account] = await ctx.db
        .select({ siteId: clientAccounts.siteId })
        .from(clientAccounts)
        .where(eq(clientAccounts.userId, client.id));
      expect(account!.siteId).toBeNull();
      expect((await get(companyId)).json<{ data: CompanyDetail }>().data.sites_count).toBe(1);
    });

    it('is for staff only', async () => {
      const client = await createUser(ctx.db, { type: 'Client', companyId });
      const token = (await login(ctx.app, client.email, client.password)).access_token;
      expect((await putSites(companyId, { sites: [] }, token)).statusCode).toBe(403);
    });
  });

  describe('POST /api/companies/sites.info', () => {
    it('saves parking information and external connectivity, not the name', async () => {
      const [row] = await ctx.db
        .insert(sites)
        .values({ companyId, name: 'Annex', city: 'Austin' })
        .returning({ id: sites.id });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/companies/sites.info',
        headers: bearer(staff),
        payload: {
          id: row!.id,
          name: 'Renamed',
          parking_info: 'Visitor lot, badge at desk',
          external: 'Fiber 1 Gbps, Comcast',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        name: 'Annex',
        info: { parking_info: 'Visitor lot, badge at desk', external: 'Fiber 1 Gbps, Comcast' },
      });
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/companies/sites.info',
        headers: bearer(staff),
        payload: { id: 999999 },
      });
      expect(missing.statusCode).toBe(404);
      const invalid = await ctx.app.inject({
        method: 'POST',
        url: '/api/companies/sites.info',
        headers: bearer(staff),
        payload: {},
      });
      expect(invalid.statusCode).toBe(422);
    });
  });

  describe('POST /api/companies/sites/tech.info and POST /api/download', () => {
    it('saves notes and attachments, which download for staff only: a client account, even the company’s own, gets 404', async () => {
      const form = await multipartBody({
        company_id: String(companyId),
        notes: 'Core switch in closet B',
        'attachments[]': { blob: new Blob(['rack diagram'], { type: 'application/pdf' }), name: 'rack.pdf' },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/companies/sites/tech.info',
        headers: { ...bearer(staff), ...form.headers },
        payload: form.payload,
      });
      expect(response.statusCode).toBe(200);
      const data = response.json<{ data: NonNullable<CompanyDetail['site_tech_info']> }>().data;
      expect(data.notes).toBe('Core switch in closet B');
      expect(data.attachments).toMatchObject([{ file_name: 'rack.pdf', size: 12, extension: 'pdf' }]);
      const path = data.attachments[0]!.path;

      const download = await ctx.app.inject({
        method: 'POST',
        url: '/api/download',
        headers: bearer(staff),
        payload: { file: path, name: 'rack.pdf' },
      });
      expect(download.statusCode).toBe(200);
      expect(download.body).toBe('rack diagram');
      expect(download.headers['content-disposition']).toContain('rack.pdf');

      const outsider = await createUser(ctx.db, { type: 'Client', companyId: otherCompanyId });
      const outsiderToken = (await login(ctx.app, outsider.email, outsider.password)).access_token;
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/download',
            headers: bearer(outsiderToken),
            payload: { file: path },
          })
        ).statusCode,
      ).toBe(404);
      // Technician notes and attachments often hold credentials: the company's own client accounts do not get them.
      const insider = await createUser(ctx.db, { type: 'Client', companyId });
      const insiderToken = (await login(ctx.app, insider.email, insider.password)).access_token;
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/download',
        headers: bearer(insiderToken),
        payload: { file: path, name: 'rack.pdf' },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('rack diagram');

      // The company detail carries the tech information for staff only.
      const staffView = (await get(companyId)).json<{ data: CompanyDetail }>().data;
      expect(staffView.site_tech_info).toMatchObject({
        notes: 'Core switch in closet B',
        attachments: [{ file_name: 'rack.pdf' }],
      });
      const clientView = await get(companyId, insiderToken);
      expect(clientView.statusCode).toBe(200);
      expect(clientView.json<{ data: CompanyDetail }>().data).toMatchObject({
        id: companyId,
        name: expect.any(String),
      });
      expect(clientView.json<{ data: CompanyDetail }>().data).not.toHaveProperty('site_tech_info');
      expect(clientView.body).not.toContain('closet B');
      expect(clientView.body).not.toContain('rack.pdf');
      const traversal = await ctx.app.inject({
        method: 'POST',
        url: '/api/download',
        headers: bearer(staff),
        payload: { file: '../../etc/passwd' },
      });
      expect(traversal.statusCode).toBe(404);

      // 'No Notes' is a blank note.
      const blank = await multipartBody({ company_id: String(companyId), notes: 'No Notes' });
      const cleared = await ctx.app.inject({
        method: 'POST',
        url: '/api/companies/sites/tech.info',
        headers: { ...bearer(staff), ...blank.headers },
        payload: blank.payload,
      });
      expect(cleared.json().data.notes).toBeNull();
      expect(cleared.json().data.attachments).toHaveLength(1);
    });

    it('answers 422 without a company and 404 for an unknown one', async () => {
      const missing = await multipartBody({ notes: 'x' });
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/companies/sites/tech.info',
            headers: { ...bearer(staff), ...missing.headers },
            payload: missing.payload,
          })
        ).statusCode,
      ).toBe(422);
      const unknown = await multipartBody({ company_id: '999999', notes: 'x' });
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/companies/sites/tech.info',
            headers: { ...bearer(staff), ...unknown.headers },
            payload: unknown.payload,
          })
        ).statusCode,
      ).toBe(404);
    });
  });
});

describe('GET /api/geocode', () => {
  let fake: Server;
  let lastQuery: URLSearchParams | undefined;
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    // A small local stand-in for a Nominatim server.
    fake = createServer((request, response) => {
      lastQuery = new URL(request.url ?? '/', 'http://localhost').searchParams;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify([
          {
            display_name: '1600 Congress Avenue, Austin, Texas, 78701, United States',
            lat: '30.2747',
            lon: '-97.7404',
            address: {
              house_number: '1600',
              road: 'Congress Avenue',
              city: 'Austin',
              state: 'Texas',
              'ISO3166-2-lvl4': 'US-TX',
              postcode: '78701',
            },
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    ctx = await createTestContext({ config: { geocoderUrl: `http://127.0.0.1:${port}` } });
    const employee = await createUser(ctx.db);
    token = (await login(ctx.app, employee.email, employee.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('answers US suggestions with street, city, state code, zip and coordinates', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/geocode?q=1600%20Congress',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enabled: true,
      data: [
        {
          label: '1600 Congress Avenue, Austin, Texas, 78701, United States',
          address: '1600 Congress Avenue',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          lat: 30.2747,
          lng: -97.7404,
        },
      ],
    });
    expect(lastQuery?.get('countrycodes')).toBe('us');
    expect(lastQuery?.get('q')).toBe('1600 Congress');
  });

  it('says it is disabled when no geocoder is configured', async () => {
    const plain = await createTestContext();
    try {
      const employee = await createUser(plain.db);
      const plainToken = (await login(plain.app, employee.email, employee.password)).access_token;
      const response = await plain.app.inject({
        method: 'GET',
        url: '/api/geocode?q=1600%20Congress',
        headers: bearer(plainToken),
      });
      expect(response.json()).toEqual({ enabled: false, data: [] });
    } finally {
      await plain.close();
    }
  });
});
