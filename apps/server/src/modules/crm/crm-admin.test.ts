import { campaignRowSchema, crmAdminMessages, regionRowSchema, verticalRowSchema } from '@switchboard/shared/crm-admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';

// The CRM admin lists (designs/crm-softphone.md §4.9, §5): gates ('view crm' reads, 'manage crm' writes, clients
// never), 422s with field messages, unique names, the verticals' two-level tree, delete refusals for rows in use,
// lead counts, store events after the commit, and the static data reflecting each change.

let ctx: TestContext;
let manager: string;
let viewer: string;
let plain: string;
let client: string;
let viewerId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const boss = await createUser(ctx.db, { name: 'Mona Manager', permissions: ['view crm', 'manage crm'] });
  manager = (await login(ctx.app, boss.email, boss.password)).access_token;
  const agent = await createUser(ctx.db, { name: 'Vic Viewer', permissions: ['view crm'] });
  viewerId = agent.id;
  viewer = (await login(ctx.app, agent.email, agent.password)).access_token;
  const other = await createUser(ctx.db, { name: 'Otto Other' });
  plain = (await login(ctx.app, other.email, other.password)).access_token;
  const account = await createUser(ctx.db, { type: 'Client', permissions: ['view crm', 'manage crm'] });
  client = (await login(ctx.app, account.email, account.password)).access_token;
});
afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });

const errorSchema = z.object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) });
const errorsOf = (body: string) => {
  const parsed = errorSchema.parse(JSON.parse(body));
  expect(parsed.message).toBe('The given data was invalid.');
  return parsed.errors;
};

async function created<T>(url: string, payload: object, schema: z.ZodType<T>): Promise<T> {
  const response = await call('POST', url, manager, payload);
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json().data);
}

async function addLead(values: { campaign?: number; region?: number; industry?: number; deleted?: boolean }) {
  await ctx.db.execute(sql`insert into crm_leads (company_name, campaign_id, region_id, industry_id, deleted_at)
    values ('Acme', ${values.campaign ?? null}, ${values.region ?? null}, ${values.industry ?? null},
      ${values.deleted ? new Date() : null})`);
}

async function staticData() {
  const response = await call('GET', '/api/misc/staticdata', viewer);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    campaigns: { id: number; campaign_name: string; status: number }[];
    regions: { id: number; name: string }[];
    industries: { id: number; name: string; parent_id: number }[];
  };
}

describe('gates', () => {
  const lists = ['/api/crm/campaigns', '/api/crm/regions', '/api/crm/verticals'];
  const bodies: Record<string, object> = {
    '/api/crm/campaigns': { campaign_name: 'Gate test', status: 1 },
    '/api/crm/regions': { name: 'Gate test' },
    '/api/crm/verticals': { name: 'Gate test', parent_id: 0 },
  };

  it.each(lists)('%s: 401 without a token, 403 without view crm or for a client, 200 with view crm', async (url) => {
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await call('GET', url, plain)).statusCode).toBe(403);
    expect((await call('GET', url, client)).statusCode).toBe(403);
    expect((await call('GET', url, viewer)).statusCode).toBe(200);
  });

  it.each(lists)('%s: writes need manage crm', async (url) => {
    expect((await call('POST', url, viewer, bodies[url])).statusCode).toBe(403);
    expect((await call('POST', url, client, bodies[url])).statusCode).toBe(403);
    expect((await call('PUT', `${url}/1`, viewer, bodies[url])).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/1`, viewer)).statusCode).toBe(403);
    expect((await call('DELETE', `${url}/1`, plain)).statusCode).toBe(403);
  });

  it.each(lists)('%s: 404 for an unknown or malformed id', async (url) => {
    expect((await call('GET', `${url}/999999`, viewer)).statusCode).toBe(404);
    expect((await call('PUT', `${url}/999999`, manager, bodies[url])).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/999999`, manager)).statusCode).toBe(404);
    expect((await call('DELETE', `${url}/abc`, manager)).statusCode).toBe(404);
  });
});

describe('campaigns', () => {
  it('validates the name and the status with field messages', async () => {
    let response = await call('POST', '/api/crm/campaigns', manager, { campaign_name: '  ', status: 2 });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({
      campaign_name: [crmAdminMessages.campaignNameRequired],
      status: [crmAdminMessages.statusInvalid],
    });
    response = await call('POST', '/api/crm/campaigns', manager, { campaign_name: 'x'.repeat(101), status: 1 });
    expect(errorsOf(response.body).campaign_name).toEqual([crmAdminMessages.campaignNameTooLong]);
    response = await call('POST', '/api/crm/campaigns', manager, {});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response.body)).sort()).toEqual(['campaign_name', 'status']);
  });

  it('creates, renames (case-insensitively unique), archives and reports after the commit', async () => {
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const spring = await created(
      '/api/crm/campaigns',
      { campaign_name: ' Spring Push ', status: 1 },
      campaignRowSchema,
    );
    expect(spring).toMatchObject({ campaign_name: 'Spring Push', status: 1, lead_count: 0 });
    expect(emit).toHaveBeenCalledWith('store', 'CampaignUpdated', { campaign: spring });

    let response = await call('POST', '/api/crm/campaigns', manager, { campaign_name: 'SPRING push', status: 0 });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({ campaign_name: [crmAdminMessages.campaignNameTaken] });

    const fall = await created('/api/crm/campaigns', { campaign_name: 'Fall', status: 1 }, campaignRowSchema);
    response = await call('PUT', `/api/crm/campaigns/${fall.id}`, manager, { campaign_name: 'spring push', status: 1 });
    expect(errorsOf(response.body)).toEqual({ campaign_name: [crmAdminMessages.campaignNameTaken] });
    // Its own name in another case is fine.
    response = await call('PUT', `/api/crm/campaigns/${spring.id}`, manager, {
      campaign_name: 'SPRING PUSH',
      status: 0,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: crmAdminMessages.campaignSaved,
      data: { id: spring.id, campaign_name: 'SPRING PUSH', status: 0 },
    });
    const data = await staticData();
    expect(data.campaigns).toContainEqual({ id: spring.id, campaign_name: 'SPRING PUSH', status: 0 });
    emit.mockRestore();
  });

  it('counts live leads and refuses to delete a campaign leads use', async () => {
    const used = await created('/api/crm/campaigns', { campaign_name: 'Used', status: 1 }, campaignRowSchema);
    await addLead({ campaign: used.id });
    await addLead({ campaign: used.id });
    await addLead({ campaign: used.id, deleted: true });
    const list = z.array(campaignRowSchema).parse((await call('GET', '/api/crm/campaigns', viewer)).json().data);
    expect(list.find((row) => row.id === used.id)?.lead_count).toBe(2);
    expect((await call('GET', `/api/crm/campaigns/${used.id}`, viewer)).json().data.lead_count).toBe(2);

    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const response = await call('DELETE', `/api/crm/campaigns/${used.id}`, manager);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({ campaign: [crmAdminMessages.campaignInUse] });
    expect(emit).not.toHaveBeenCalled();
    expect((await call('GET', `/api/crm/campaigns/${used.id}`, viewer)).statusCode).toBe(200);

    const unused = await created('/api/crm/campaigns', { campaign_name: 'Unused', status: 1 }, campaignRowSchema);
    const deleted = await call('DELETE', `/api/crm/campaigns/${unused.id}`, manager);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: crmAdminMessages.campaignDeleted });
    expect(emit).toHaveBeenCalledWith('store', 'CampaignUpdated', { deleted_id: unused.id });
    expect((await call('GET', `/api/crm/campaigns/${unused.id}`, viewer)).statusCode).toBe(404);
    expect((await staticData()).campaigns.some((row) => row.id === unused.id)).toBe(false);
    emit.mockRestore();
  });

  it('deletes a campaign only deleted leads used, and those leads lose it', async () => {
    const gone = await created('/api/crm/campaigns', { campaign_name: 'Gone', status: 0 }, campaignRowSchema);
    await addLead({ campaign: gone.id, deleted: true });
    const response = await call('DELETE', `/api/crm/campaigns/${gone.id}`, manager);
    expect(response.statusCode, response.body).toBe(200);
    const left = await ctx.db.execute(sql`select 1 from crm_leads where campaign_id = ${gone.id}`);
    expect(left.rows).toHaveLength(0);
  });

  it('accepts POST with _method=PUT', async () => {
    const row = await created('/api/crm/campaigns', { campaign_name: 'Override', status: 1 }, campaignRowSchema);
    const response = await call('POST', `/api/crm/campaigns/${row.id}`, manager, {
      _method: 'PUT',
      campaign_name: 'Overridden',
      status: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.campaign_name).toBe('Overridden');
  });
});

describe('regions', () => {
  it('validates and keeps names unique case-insensitively', async () => {
    let response = await call('POST', '/api/crm/regions', manager, { name: '' });
    expect(errorsOf(response.body)).toEqual({ name: [crmAdminMessages.nameRequired] });
    const west = await created('/api/crm/regions', { name: 'West Coast' }, regionRowSchema);
    expect(west).toMatchObject({ name: 'West Coast', lead_count: 0, employee_count: 0 });
    response = await call('POST', '/api/crm/regions', manager, { name: 'west coast' });
    expect(errorsOf(response.body)).toEqual({ name: [crmAdminMessages.nameTaken] });
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    response = await call('PUT', `/api/crm/regions/${west.id}`, manager, { name: 'Pacific' });
    expect(response.statusCode).toBe(200);
    expect(emit).toHaveBeenCalledWith('store', 'RegionUpdated', { region: { ...west, name: 'Pacific' } });
    expect((await staticData()).regions).toContainEqual({ id: west.id, name: 'Pacific' });
    emit.mockRestore();
  });

  it('refuses to delete a region leads or employees use, naming each use', async () => {
    const north = await created('/api/crm/regions', { name: 'North' }, regionRowSchema);
    await addLead({ region: north.id });
    await ctx.db.execute(sql`update employees set region_id = ${north.id} where user_id = ${viewerId}`);
    const row = regionRowSchema.parse((await call('GET', `/api/crm/regions/${north.id}`, viewer)).json().data);
    expect(row).toMatchObject({ lead_count: 1, employee_count: 1 });
    let response = await call('DELETE', `/api/crm/regions/${north.id}`, manager);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({
      region: [crmAdminMessages.regionInUseLeads, crmAdminMessages.regionInUseEmployees],
    });
    await ctx.db.execute(sql`update crm_leads set region_id = null where region_id = ${north.id}`);
    response = await call('DELETE', `/api/crm/regions/${north.id}`, manager);
    expect(errorsOf(response.body)).toEqual({ region: [crmAdminMessages.regionInUseEmployees] });
    await ctx.db.execute(sql`update employees set region_id = null where user_id = ${viewerId}`);
    const company = await ctx.db.execute<{ id: number }>(sql`insert into companies (name) values ('Site Co')
      returning id`);
    await ctx.db.execute(sql`insert into sites (company_id, name, region_id)
      values (${company.rows[0]!.id}, 'Main', ${north.id})`);
    response = await call('DELETE', `/api/crm/regions/${north.id}`, manager);
    expect(errorsOf(response.body)).toEqual({ region: [crmAdminMessages.regionInUseSites] });
    await ctx.db.execute(sql`update sites set region_id = null where region_id = ${north.id}`);
    response = await call('DELETE', `/api/crm/regions/${north.id}`, manager);
    expect(response.statusCode, response.body).toBe(200);
    expect((await staticData()).regions.some((region) => region.id === north.id)).toBe(false);
  });
});

describe('verticals', () => {
  it('keeps a two-level tree: parent 0 or an existing parent, never itself, no grandchildren', async () => {
    const health = await created('/api/crm/verticals', { name: 'Zeta Health', parent_id: 0 }, verticalRowSchema);
    const dental = await created('/api/crm/verticals', { name: 'Dental', parent_id: health.id }, verticalRowSchema);
    expect(dental.parent_id).toBe(health.id);
    expect((await call('GET', `/api/crm/verticals/${health.id}`, viewer)).json().data.child_count).toBe(1);

    let response = await call('POST', '/api/crm/verticals', manager, { name: 'Ortho', parent_id: dental.id });
    expect(errorsOf(response.body)).toEqual({ parent_id: [crmAdminMessages.parentInvalid] });
    response = await call('POST', '/api/crm/verticals', manager, { name: 'Ortho', parent_id: 999999 });
    expect(errorsOf(response.body)).toEqual({ parent_id: [crmAdminMessages.parentInvalid] });
    response = await call('POST', '/api/crm/verticals', manager, { name: 'Ortho', parent_id: -1 });
    expect(errorsOf(response.body)).toEqual({ parent_id: [crmAdminMessages.parentInvalid] });
    response = await call('POST', '/api/crm/verticals', manager, { name: 'Ortho', parent_id: '1' });
    expect(errorsOf(response.body)).toEqual({ parent_id: [crmAdminMessages.parentInvalid] });
    response = await call('PUT', `/api/crm/verticals/${health.id}`, manager, { name: 'Health', parent_id: health.id });
    expect(errorsOf(response.body)).toEqual({ parent_id: [crmAdminMessages.parentSelf] });
    const legal = await created('/api/crm/verticals', { name: 'Zeta Law', parent_id: 0 }, verticalRowSchema);
    response = await call('PUT', `/api/crm/verticals/${health.id}`, manager, { name: 'Health', parent_id: legal.id });
    expect(errorsOf(response.body)).toEqual({ parent_id: [crmAdminMessages.parentHasChildren] });

    response = await call('POST', '/api/crm/verticals', manager, { name: 'DENTAL', parent_id: health.id });
    expect(errorsOf(response.body)).toEqual({ name: [crmAdminMessages.nameTaken] });
    // The same name under another parent is a different vertical.
    await created('/api/crm/verticals', { name: 'Dental', parent_id: legal.id }, verticalRowSchema);

    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    response = await call('PUT', `/api/crm/verticals/${dental.id}`, manager, { name: 'Dentists', parent_id: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(emit).toHaveBeenCalledWith('store', 'VerticalUpdated', {
      vertical: { ...dental, name: 'Dentists', parent_id: 0 },
    });
    expect((await staticData()).industries).toContainEqual({ id: dental.id, name: 'Dentists', parent_id: 0 });
    emit.mockRestore();
  });

  it('refuses to delete a vertical used by leads, companies or as a parent', async () => {
    const retail = await created('/api/crm/verticals', { name: 'Zeta Retail', parent_id: 0 }, verticalRowSchema);
    const shoes = await created('/api/crm/verticals', { name: 'Shoes', parent_id: retail.id }, verticalRowSchema);
    await addLead({ industry: retail.id });
    await ctx.db.execute(sql`insert into companies (name, industry_id) values ('Shoe Co', ${retail.id})`);
    const row = verticalRowSchema.parse((await call('GET', `/api/crm/verticals/${retail.id}`, viewer)).json().data);
    expect(row).toMatchObject({ lead_count: 1, company_count: 1, child_count: 1 });
    let response = await call('DELETE', `/api/crm/verticals/${retail.id}`, manager);
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response.body)).toEqual({
      vertical: [
        crmAdminMessages.verticalInUseLeads,
        crmAdminMessages.verticalInUseCompanies,
        crmAdminMessages.verticalHasChildren,
      ],
    });
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    response = await call('DELETE', `/api/crm/verticals/${shoes.id}`, manager);
    expect(response.statusCode, response.body).toBe(200);
    expect(emit).toHaveBeenCalledWith('store', 'VerticalUpdated', { deleted_id: shoes.id });
    await ctx.db.execute(sql`update crm_leads set industry_id = null where industry_id = ${retail.id}`);
    await ctx.db.execute(sql`update companies set industry_id = null where industry_id = ${retail.id}`);
    response = await call('DELETE', `/api/crm/verticals/${retail.id}`, manager);
    expect(response.statusCode, response.body).toBe(200);
    expect((await staticData()).industries.some((industry) => industry.id === retail.id)).toBe(false);
    emit.mockRestore();
  });
});
