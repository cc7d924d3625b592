import { DEPARTMENT_SALES, DEPARTMENT_TECH, TICKET_STATUS_CLOSED, type StaticData } from '@switchboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { seedReference } from '../../db/seed/reference.ts';
import { regions, timezones, voicemails } from './reference.table.ts';

describe('GET /api/misc/staticdata', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    const user = await createUser(ctx.db);
    token = (await login(ctx.app, user.email, user.password)).access_token;
  });
  afterAll(async () => {
    await ctx.close();
  });

  async function staticData(accessToken = token): Promise<StaticData> {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/misc/staticdata', headers: bearer(accessToken) });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: StaticData }>().data;
  }

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/misc/staticdata' });
    expect(response.statusCode).toBe(401);
  });

  it('answers every list of spec 1 §3.3, none empty', async () => {
    const data = await staticData();
    expect(Object.keys(data).sort()).toEqual(
      [
        'campaigns',
        'departments',
        'industries',
        'regions',
        'server_antiviruses',
        'server_operating_systems',
        'states',
        'ticket_statuses',
        'ticket_type',
        'timezones',
        'triage',
        'voicemails',
        'workstation_antiviruses',
        'workstation_operating_systems',
      ].sort(),
    );
    for (const [name, list] of Object.entries(data)) expect(list.length, name).toBeGreaterThan(0);
  });

  it('has Closed as ticket status 1, and departments 1 Tech and 3 Sales', async () => {
    const data = await staticData();
    expect(data.ticket_statuses.find((status) => status.id === TICKET_STATUS_CLOSED)?.name).toBe('Closed');
    expect(data.departments!.find((department) => department.id === DEPARTMENT_TECH)?.name).toBe('Tech');
    expect(data.departments!.find((department) => department.id === DEPARTMENT_SALES)?.name).toBe('Sales');
  });

  it('marks parent industries with parent_id 0 and points every child at a parent', async () => {
    const industries = (await staticData()).industries!;
    const parentIds = new Set(industries.filter((industry) => industry.parent_id === 0).map((industry) => industry.id));
    expect(parentIds.size).toBeGreaterThan(5);
    const children = industries.filter((industry) => industry.parent_id !== 0);
    expect(children.length).toBeGreaterThan(5);
    for (const child of children) expect(parentIds.has(child.parent_id), child.name).toBe(true);
    const healthcare = industries.find((industry) => industry.name === 'Healthcare');
    expect(industries.find((industry) => industry.name === 'Dental')?.parent_id).toBe(healthcare?.id);
  });

  it('lists the 50 states and DC by USPS code, and labelled IANA time zones', async () => {
    const data = await staticData();
    expect(data.states).toHaveLength(51);
    expect(data.states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(data.states).toContainEqual({ code: 'NY', name: 'New York' });
    expect(data.timezones).toContainEqual(
      expect.objectContaining({ name: 'America/New_York', label: '(UTC-05:00) America/New_York' }),
    );
    expect(data.timezones).toContainEqual(
      expect.objectContaining({ name: 'Asia/Tokyo', label: '(UTC+09:00) Asia/Tokyo' }),
    );
    // Standard time in the southern hemisphere too, though January is its summer.
    expect(data.timezones).toContainEqual(
      expect.objectContaining({ name: 'Australia/Sydney', label: '(UTC+10:00) Australia/Sydney' }),
    );
  });

  it('splits operating systems and antiviruses by device kind', async () => {
    const data = await staticData();
    expect(data.server_operating_systems!.map((os) => os.name)).toContain('Windows Server 2022');
    expect(data.workstation_operating_systems!.map((os) => os.name)).toContain('Windows 11 Pro');
    expect(data.workstation_operating_systems!.map((os) => os.name)).not.toContain('Windows Server 2022');
    // Spec 2: server antivirus 2 reads as AVG.
    expect(data.server_antiviruses!.find((av) => av.id === 2)?.name).toMatch(/AVG/);
  });

  it('leaves removed voicemails out and marks the default one', async () => {
    await ctx.db.insert(voicemails).values({ name: 'Retired Greeting', deletedAt: new Date() });
    const data = await staticData();
    expect(data.voicemails!.map((voicemail) => voicemail.name)).not.toContain('Retired Greeting');
    expect(data.voicemails!.filter((voicemail) => voicemail.is_default)).toHaveLength(1);
    for (const voicemail of data.voicemails!) expect(voicemail.deleted_at).toBeNull();
    expect(data.campaigns![0]).toEqual({
      id: expect.any(Number),
      campaign_name: expect.any(String),
      status: expect.any(Number),
    });
  });

  it('answers a client account only the lists its screens use: no campaigns, voicemails, departments or staff lists', async () => {
    const client = await createUser(ctx.db, { type: 'Client' });
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    const data = await staticData(clientToken);
    expect(Object.keys(data).sort()).toEqual(['states', 'ticket_statuses', 'ticket_type', 'timezones', 'triage']);
    expect(data.states).toHaveLength(51);
    expect(data.ticket_statuses.find((status) => status.id === TICKET_STATUS_CLOSED)?.name).toBe('Closed');
    // Staff still get the whole boot data.
    expect(Object.keys(await staticData())).toEqual(
      expect.arrayContaining(['campaigns', 'voicemails', 'departments', 'regions', 'industries']),
    );
  });
});

describe('seedReference', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const tables = [
    'timezones',
    'states',
    'triage',
    'ticket_types',
    'ticket_statuses',
    'regions',
    'industries',
    'operating_systems',
    'antiviruses',
    'departments',
    'campaigns',
    'voicemails',
  ];

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of tables) {
      const rows = await ctx.db.execute<{ count: number }>(
        sql`select count(*)::int as count from ${sql.identifier(table)}`,
      );
      result[table] = rows.rows[0].count;
    }
    return result;
  }

  it('changes no counts when run again, keeps edits to admin-owned lists, and leaves sequences past the seeded ids', async () => {
    const before = await counts();
    // An admin renames a region; the next start must not undo it.
    await ctx.db
      .update(regions)
      .set({ name: 'NYC & North Jersey' })
      .where(sql`${regions.id} = 1`);
    await seedReference(ctx.db);
    await seedReference(ctx.db);
    expect(await counts()).toEqual(before);
    const [region] = await ctx.db
      .select()
      .from(regions)
      .where(sql`${regions.id} = 1`);
    expect(region.name).toBe('NYC & North Jersey');
    const [added] = await ctx.db.insert(regions).values({ name: 'Miami' }).returning({ id: regions.id });
    expect(added.id).toBeGreaterThan(before.regions);
    // Code-owned lists are corrected on the next start.
    await ctx.db
      .update(timezones)
      .set({ label: 'stale' })
      .where(sql`${timezones.name} = 'America/New_York'`);
    await seedReference(ctx.db);
    const [newYork] = await ctx.db
      .select()
      .from(timezones)
      .where(sql`${timezones.name} = 'America/New_York'`);
    expect(newYork.label).toBe('(UTC-05:00) America/New_York');
    const timezoneSequence = await ctx.db.execute<{ last: number }>(
      sql`select last_value::int as last from timezones_id_seq`,
    );
    expect(timezoneSequence.rows[0].last).toBe(before.timezones);
  });
});
