import type { Flag } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { companyFlags } from './flags.table.ts';

describe('ticket flags API (spec 2 §7 Flags)', () => {
  let ctx: TestContext;
  let staff: string;
  let staffName: string;
  let companyId: number;
  let otherId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const employee = await createUser(ctx.db, { name: 'Dana Whitfield' });
    staffName = employee.name;
    staff = (await login(ctx.app, employee.email, employee.password)).access_token;
    [{ id: companyId }, { id: otherId }] = await ctx.db
      .insert(companies)
      .values([{ name: 'Flagged Co' }, { name: 'Other Co' }])
      .returning({ id: companies.id });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (id: number, token = staff) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/flags.list.${id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Flag[] }>().data;
  };

  it('adds a flag, deletes it keeping who and when, and restores it', async () => {
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/flags/',
      headers: bearer(staff),
      payload: { id: '', flag: 'VIP: call the office manager before any onsite visit', company_id: companyId },
    });
    expect(added.statusCode).toBe(200);
    const id = added.json<{ data: { id: number } }>().data.id;
    expect((await list(companyId))[0]).toMatchObject({
      id,
      flag: 'VIP: call the office manager before any onsite visit',
      created_by: staffName,
      deleted_at: null,
      deleted_by: null,
    });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/companies/flags/${id}`,
      headers: bearer(staff),
    });
    expect(removed.json().message).toBe('Flag has been removed.');
    const [deleted] = await list(companyId);
    expect(deleted!.deleted_at).not.toBeNull();
    expect(deleted!.deleted_by).toBe(staffName);

    const restored = await ctx.app.inject({ method: 'PUT', url: `/api/companies/flags/${id}`, headers: bearer(staff) });
    expect(restored.json().message).toBe('Flag has been restored.');
    expect((await list(companyId))[0]).toMatchObject({ deleted_at: null, deleted_by: null });
  });

  it('edits the text when an id is given, only within the company', async () => {
    const [row] = await ctx.db
      .insert(companyFlags)
      .values({ companyId, flag: 'Old text' })
      .returning({ id: companyFlags.id });
    const edited = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/flags/',
      headers: bearer(staff),
      payload: { id: row!.id, flag: 'New text', company_id: companyId },
    });
    expect(edited.statusCode).toBe(200);
    const [stored] = await ctx.db.select().from(companyFlags).where(eq(companyFlags.id, row!.id));
    expect(stored!.flag).toBe('New text');
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/flags/',
      headers: bearer(staff),
      payload: { id: row!.id, flag: 'Hijack', company_id: otherId },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers 422 for an empty flag and 404 for unknown flags and companies', async () => {
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/flags/',
      headers: bearer(staff),
      payload: { flag: '  ', company_id: companyId },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.flag).toEqual(['The flag field is required.']);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/companies/flags/999999', headers: bearer(staff) }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/companies/flags/',
          headers: bearer(staff),
          payload: { flag: 'x', company_id: 999999 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("keeps flags from client accounts, even their own company's (decision 0032)", async () => {
    await ctx.db.insert(companyFlags).values([{ companyId, flag: 'VIP client: call back within 30 minutes' }]);
    const client = await createUser(ctx.db, { type: 'Client', companyId });
    const token = (await login(ctx.app, client.email, client.password)).access_token;
    const own = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/flags.list.${companyId}`,
      headers: bearer(token),
    });
    expect(own.statusCode).toBe(403);
    expect(own.body).not.toContain('VIP client');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/companies/flags.list.${otherId}`, headers: bearer(token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/companies/flags/',
          headers: bearer(token),
          payload: { flag: 'x', company_id: companyId },
        })
      ).statusCode,
    ).toBe(403);
  });
});
