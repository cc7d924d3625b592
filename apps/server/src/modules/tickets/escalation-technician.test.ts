import type { TicketDetail } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { tickets } from './tickets.table.ts';

// Decision 0078 (tightening decision 0058): the escalation technician is a technician, an enabled employee of
// department Tech (spec 1 §7.2: department 1 = tech), by the rule every technician picker lists by. Sales, HR and an
// administrator outside Tech are refused with the field's message, and nothing changes.
describe('the escalation technician is a technician (decision 0078)', () => {
  let ctx: TestContext;
  let companyId: number;
  let tech: TestUser;
  let techToken: string;
  let senior: TestUser;
  let sales: TestUser;
  let hr: TestUser;
  let admin: TestUser;
  let adminToken: string;
  const refusal = { esc_tech: ['Choose an escalation technician from the list.'] };

  beforeAll(async () => {
    ctx = await createTestContext();
    tech = await createUser(ctx.db, { name: 'Tess Tech', departments: [1] });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    // A technician who also sells is a technician.
    senior = await createUser(ctx.db, { name: 'Sid Senior', departments: [3, 1] });
    sales = await createUser(ctx.db, { name: 'Sam Sales', departments: [3] });
    hr = await createUser(ctx.db, { name: 'Hana HR', departments: [5] });
    admin = await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' });
    adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
    [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Escalation Co' }).returning();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const create = async () => {
    const [row] = await ctx.db
      .insert(tickets)
      .values({
        subject: 'VPN drops',
        body: 'Body.',
        companyId,
        location: 1,
        triageId: 3,
        status: 2,
        employeeId: tech.id,
      })
      .returning({ id: tickets.id });
    return row!.id;
  };
  const escalate = (id: number, token: string, payload: Record<string, unknown> = {}) =>
    ctx.app.inject({ method: 'POST', url: `/api/ticket/escalate/${id}`, headers: bearer(token), payload });
  const detail = async (id: number) =>
    (await ctx.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(adminToken) })).json<{
      data: TicketDetail;
    }>().data;

  it('refuses sales, HR and an administrator outside Tech as escalation technician', async () => {
    const id = await create();
    for (const person of [sales, hr, admin]) {
      const refused = await escalate(id, techToken, { esc_tech: person.id, reason: 'Needs a specialist' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual(refusal);
    }
    // An administrator outside Tech escalating to themselves (the default) is refused the same way.
    const self = await escalate(id, adminToken);
    expect(self.json().errors).toEqual(refusal);
    expect(await detail(id)).toMatchObject({ escalated: false, esc_tech: null });
  });

  it('takes an enabled technician, one who is also in another department included', async () => {
    const id = await create();
    expect((await escalate(id, techToken, { esc_tech: senior.id })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ escalated: true, esc_tech: senior.id });
    // Handed on by the administrator: to a technician only.
    expect((await escalate(id, adminToken, { esc_tech: hr.id })).json().errors).toEqual(refusal);
    expect((await escalate(id, adminToken, { esc_tech: tech.id })).statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ esc_tech: tech.id });
  });

  it('refuses a non-technician as the new escalation technician on PUT, and keeps one already set', async () => {
    const id = await create();
    expect((await escalate(id, techToken)).statusCode).toBe(200);
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: `/api/ticket/${id}`, headers: bearer(techToken), payload });
    const refused = await put({ esc_tech: sales.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual(refusal);
    expect(await detail(id)).toMatchObject({ esc_tech: tech.id });
    // An escalation set before the rule (to someone outside Tech) does not block other changes.
    await ctx.db.update(tickets).set({ escTech: sales.id }).where(eq(tickets.id, id));
    const salesToken = (await login(ctx.app, sales.email, sales.password)).access_token;
    const kept = await ctx.app.inject({
      method: 'PUT',
      url: `/api/ticket/${id}`,
      headers: bearer(salesToken),
      payload: { esc_tech: sales.id, triage_id: 2 },
    });
    expect(kept.statusCode).toBe(200);
  });
});
