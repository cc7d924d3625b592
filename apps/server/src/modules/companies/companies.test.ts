import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompanyListItem, CompanyRow } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { industries } from '../reference/reference.table.ts';
import { companies, sites } from './companies.table.ts';

describe('GET /api/company.list', () => {
  let ctx: TestContext;
  let ids: Record<string, number>;
  beforeAll(async () => {
    ctx = await createTestContext();
    const rows = await ctx.db
      .insert(companies)
      .values([{ name: 'Zephyr Dental' }, { name: 'acme Legal' }, { name: 'Meridian Bank', active: 1 }])
      .returning({ id: companies.id, name: companies.name });
    ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function list(email: string, password: string) {
    const { access_token } = await login(ctx.app, email, password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company.list', headers: bearer(access_token) });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: CompanyListItem[] }>().data;
  }

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/company.list' });
    expect(response.statusCode).toBe(401);
  });

  it('gives an employee every company as id and name, ordered by name', async () => {
    const employee = await createUser(ctx.db);
    const data = await list(employee.email, employee.password);
    expect(data).toEqual([
      { id: ids['acme Legal'], name: 'acme Legal' },
      { id: ids['Meridian Bank'], name: 'Meridian Bank' },
      { id: ids['Zephyr Dental'], name: 'Zephyr Dental' },
    ]);
  });

  it('gives a client account only its own company', async () => {
    const client = await createUser(ctx.db, { type: 'Client', companyId: ids['Meridian Bank'] });
    expect(await list(client.email, client.password)).toEqual([{ id: ids['Meridian Bank'], name: 'Meridian Bank' }]);
  });
});

// ---- Spec 2: GET /api/company, POST /api/company, GET /api/company/logo/{file} ----

const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

async function multipart(fields: Record<string, string | Blob>, filename = 'logo.png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value, filename);
    else form.append(key, value);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

describe('companies workspace API (spec 2)', () => {
  let ctx: TestContext;
  let token: string;
  let industry: { id: number; name: string };
  beforeAll(async () => {
    ctx = await createTestContext();
    const employee = await createUser(ctx.db);
    token = (await login(ctx.app, employee.email, employee.password)).access_token;
    [industry] = await ctx.db.select({ id: industries.id, name: industries.name }).from(industries).limit(1);
    if (!industry)
      [industry] = await ctx.db
        .insert(industries)
        .values({ name: 'Healthcare' })
        .returning({ id: industries.id, name: industries.name });
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function create(fields: Record<string, string | Blob>, filename?: string) {
    const { payload, headers } = await multipart(fields, filename);
    return ctx.app.inject({ method: 'POST', url: '/api/company', headers: { ...headers, ...bearer(token) }, payload });
  }

  async function list(query = '') {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/company${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return response.json<{
      data: CompanyRow[];
      total: number;
      current_page: number;
      per_page: number;
      last_page: number;
      from: number | null;
      to: number | null;
    }>();
  }

  describe('POST /api/company', () => {
    it('answers 401 without a token and 403 for a client account', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/company', payload: { name: 'X' } })).statusCode).toBe(
        401,
      );
      const [company] = await ctx.db.insert(companies).values({ name: 'Client Co' }).returning({ id: companies.id });
      const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id });
      const { access_token } = await login(ctx.app, client.email, client.password);
      const { payload, headers } = await multipart({ name: 'Sneaky', industry_id: String(industry.id) });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/company',
        headers: { ...headers, ...bearer(access_token) },
        payload,
      });
      expect(response.statusCode).toBe(403);
    });

    it('creates a company with a logo, stores the file, serves it publicly and emits CompanyUpdated', async () => {
      const emit = vi.spyOn(ctx.app.realtime, 'emitToChannel');
      const response = await create({
        name: '  Northwind Clinic ',
        industry_id: String(industry.id),
        website: 'northwind.example.com',
        logo: new Blob([png], { type: 'image/png' }),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ message: string; data: { id: number } }>();
      expect(body.message).toBe('Company created.');
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, body.data.id));
      expect(row).toMatchObject({
        name: 'Northwind Clinic',
        industryId: industry.id,
        website: 'https://northwind.example.com',
        active: 0,
      });
      expect(row!.logo).toMatch(/^uploads\/company-logos\/[a-f0-9]{32}\.png$/);
      expect(await readFile(join(ctx.config.dataDir, row!.logo!))).toEqual(png);
      expect(emit).toHaveBeenCalledWith('store', 'CompanyUpdated', { id: body.data.id });
      emit.mockRestore();

      const { data } = await list('?company=northwind');
      expect(data).toHaveLength(1);
      const logo = await ctx.app.inject({ method: 'GET', url: data[0]!.logo_url! });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload).toEqual(png);
    });

    it('creates a company without a logo or website', async () => {
      const response = await create({ name: 'Plain Co', industry_id: String(industry.id), website: '' });
      expect(response.statusCode).toBe(200);
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, response.json().data.id));
      expect(row).toMatchObject({ website: null, logo: null });
    });

    it('keeps a website that has a scheme', async () => {
      const response = await create({
        name: 'Scheme Co',
        industry_id: String(industry.id),
        website: 'http://scheme.example.org/home',
      });
      const [row] = await ctx.db.select().from(companies).where(eq(companies.id, response.json().data.id));
      expect(row!.website).toBe('http://scheme.example.org/home');
    });

    it('requires name and industry_id', async () => {
      const response = await create({ website: '' });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The given data was invalid.',
        errors: { name: ['The name field is required.'], industry_id: ['The industry id field is required.'] },
      });
    });

    it('limits name to 255 characters', async () => {
      const response = await create({ name: 'x'.repeat(256), industry_id: String(industry.id) });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ name: ['The name may not be greater than 255 characters.'] });
    });

    it('reports an unknown industry together with the other fields (issue 16)', async () => {
      const response = await create({ name: '', industry_id: '999999', website: 'not a url' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        name: ['The name field is required.'],
        industry_id: ['The selected industry id is invalid.'],
        website: ['The website must be a valid URL.'],
      });
    });

    it('rejects an industry that does not exist or is not a number', async () => {
      for (const value of ['999999', 'abc', '-1']) {
        const response = await create({ name: 'Bad Industry', industry_id: value });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ industry_id: ['The selected industry id is invalid.'] });
      }
    });

    it('rejects a website that is not a URL', async () => {
      for (const value of ['not a url', 'ftp://files.example.com', 'localhostx']) {
        const response = await create({ name: 'Bad Site', industry_id: String(industry.id), website: value });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ website: ['The website must be a valid URL.'] });
      }
    });

    it('rejects a logo that is not a png, jpeg, gif or webp image', async () => {
      const response = await create(
        { name: 'Bad Logo', industry_id: String(industry.id), logo: new Blob(['<svg/>'], { type: 'image/svg+xml' }) },
        'logo.svg',
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ logo: ['The logo must be a file of type: png, jpeg, gif, webp.'] });
    });

    it('rejects a logo over 2 MB, together with the other field errors', async () => {
      const response = await create({
        name: '',
        industry_id: String(industry.id),
        logo: new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }),
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        name: ['The name field is required.'],
        logo: ['The logo may not be greater than 2048 kilobytes.'],
      });
    });

    it('rejects a logo sent as text', async () => {
      const response = await create({ name: 'Text Logo', industry_id: String(industry.id), logo: 'hello' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ logo: ['The logo must be a file.'] });
    });
  });

  describe('GET /api/company', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const rows = await ctx.db
        .insert(companies)
        .values([
          { name: 'Zulu Pharma_1', industryId: industry.id },
          { name: 'alpha 100% Labs' },
          { name: 'Bravo Bakery', industryId: industry.id },
        ])
        .returning({ id: companies.id, name: companies.name });
      ids = Object.fromEntries(rows.map((row) => [row.name, row.id]));
      const [site] = await ctx.db
        .insert(sites)
        .values([
          { companyId: ids['Bravo Bakery']!, name: 'HQ' },
          { companyId: ids['Bravo Bakery']!, name: 'Warehouse' },
        ])
        .returning({ id: sites.id });
      expect(site).toBeDefined();
      await createUser(ctx.db, { type: 'Client', companyId: ids['Bravo Bakery'] });
      await createUser(ctx.db, { type: 'Client', companyId: ids['Bravo Bakery'] });
      await createUser(ctx.db, { type: 'Client', companyId: ids['Bravo Bakery'], deletedAt: new Date() });
    });

    it('answers 401 without a token and 403 for a client account', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
      const client = await createUser(ctx.db, { type: 'Client', companyId: ids['Bravo Bakery'] });
      const { access_token } = await login(ctx.app, client.email, client.password);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/company', headers: bearer(access_token) })).statusCode,
      ).toBe(403);
    });

    it('answers a paginator ordered by name, with industry, sites and enabled accounts counted', async () => {
      const page = await list('?company=bravo');
      expect(page).toMatchObject({ total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 });
      expect(page.data[0]).toEqual({
        id: ids['Bravo Bakery'],
        name: 'Bravo Bakery',
        logo_url: null,
        industry: industry,
        sites_count: 2,
        accounts_count: 3, // two enabled ones plus the client created by the 403 test; the disabled one is left out
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const all = await list();
      const names = all.data.map((row) => row.name);
      expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(all.data.find((row) => row.name === 'alpha 100% Labs')).toMatchObject({
        industry: null,
        sites_count: 0,
        accounts_count: 0,
      });
    });

    it('filters by company name, case-insensitive, with % and _ taken literally', async () => {
      expect((await list('?company=ZULU')).data.map((row) => row.name)).toEqual(['Zulu Pharma_1']);
      expect((await list('?company=100%25')).data.map((row) => row.name)).toEqual(['alpha 100% Labs']);
      expect((await list('?company=a_1')).data.map((row) => row.name)).toEqual(['Zulu Pharma_1']);
      expect((await list('?company=nothing-like-this')).data).toEqual([]);
    });

    it('pages with page and per_page', async () => {
      const first = await list('?per_page=2&page=1');
      const second = await list('?per_page=2&page=2');
      expect(first.data).toHaveLength(2);
      expect(first.last_page).toBe(Math.ceil(first.total / 2));
      expect(second.from).toBe(3);
      expect(second.data[0]!.id).not.toBe(first.data[1]!.id);
    });

    it('answers 422 for a bad page size', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/company?per_page=501',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(422);
    });
  });

  describe('GET /api/company/logo/{file}', () => {
    it('answers 404 for an unknown or malformed name', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: `/api/company/logo/${'a'.repeat(32)}.png` })).statusCode).toBe(
        404,
      );
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/company/logo/..%2F..%2Fpostgres-password' })).statusCode,
      ).toBe(404);
    });
  });
});
