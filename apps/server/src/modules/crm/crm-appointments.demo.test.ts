import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { seedAgentPhoneNumbers } from '../phone-numbers/phone-numbers.service.ts';
import { seedCrmAppointmentsDemo } from './crm-appointments.demo.ts';
import { demoCrmAgentEmails, seedCrmDemo } from './crm.demo.ts';

// The demo appointments: past ones on called leads in every status, upcoming ones for Appointment Set leads; once.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const email of demoCrmAgentEmails) await createUser(ctx.db, { email, permissions: ['view crm'] });
  await seedAgentPhoneNumbers(ctx.db);
  await seedCrmDemo(ctx.db);
});
afterAll(async () => ctx?.close());

describe('seedCrmAppointmentsDemo', () => {
  it('sets past appointments on called leads and upcoming ones, in every status, once', async () => {
    const made = await seedCrmAppointmentsDemo(ctx.db);
    const [facts] = (
      await ctx.db.execute(sql`select
        count(*)::int as total,
        count(*) filter (where starts_at < now())::int as past,
        count(*) filter (where starts_at > now() and status = 'scheduled')::int as upcoming,
        count(distinct status)::int as statuses,
        count(*) filter (where ends_at <= starts_at)::int as backwards,
        (select count(*)::int from crm_leads l where l.status = 3 and l.manager_id is not null and not exists
          (select 1 from crm_appointments a where a.lead_id = l.id and a.starts_at > now())) as set_leads_without
        from crm_appointments`)
    ).rows as { total: number; past: number; upcoming: number; statuses: number; backwards: number }[];
    expect(made).toBe(facts!.total);
    expect(facts!.past).toBeGreaterThan(50);
    expect(facts!.upcoming).toBeGreaterThan(50);
    expect(facts!.statuses).toBe(4);
    expect(facts!.backwards).toBe(0);
    expect((facts as unknown as { set_leads_without: number }).set_leads_without).toBe(0);
    expect(await seedCrmAppointmentsDemo(ctx.db)).toBe(0);
  });
});
