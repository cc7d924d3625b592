import { DISPOSITIONS } from '@switchboard/shared/crm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { seedAgentPhoneNumbers } from '../phone-numbers/phone-numbers.service.ts';
import { DEMO_CONNECTION_ID, DEMO_LEAD_COUNT, demoCrmAgentEmails, seedCrmDemo } from './crm.demo.ts';

// The CRM demo (designs/crm-softphone.md §2.4): 2,000 leads at 555-01XX numbers covering every scripted outcome,
// owned by the sales staff, with contacts, notes, calls and two softphone agents; once only.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const email of demoCrmAgentEmails) await createUser(ctx.db, { email, permissions: ['view crm'] });
  await seedAgentPhoneNumbers(ctx.db);
});
afterAll(async () => ctx?.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows[0] as T;

describe('seedCrmDemo', () => {
  it('fills leads, contacts, notes, calls and the softphone agents, and runs once', async () => {
    const result = await seedCrmDemo(ctx.db);
    expect(result).toMatchObject({ leads: DEMO_LEAD_COUNT });
    expect(result!.contacts).toBeGreaterThan(600);
    expect(result!.notes).toBe(500);
    expect(result!.calls).toBeGreaterThan(1500);
    expect(await seedCrmDemo(ctx.db)).toBeNull();

    const facts = await one<Record<string, number>>(sql`select
      count(distinct right(phone_digits, 2))::int as endings,
      count(distinct phone_digits)::int as numbers,
      count(*) filter (where phone not like '(___) 555-01__')::int as outside_range,
      count(distinct campaign_id)::int as campaigns,
      count(distinct manager_id)::int as owners,
      count(distinct state)::int as states,
      count(distinct status)::int as statuses,
      count(*) filter (where next_touch < current_date)::int as overdue,
      count(*) filter (where next_touch = current_date)::int as due_today,
      count(*) filter (where calls_count > 0 and last_call_at is not null)::int as called
      from crm_leads`);
    expect(facts).toMatchObject({ endings: 100, numbers: DEMO_LEAD_COUNT, outside_range: 0, campaigns: 5, owners: 4 });
    expect(facts.states).toBeGreaterThan(8);
    expect(facts.statuses).toBe(5);
    expect(facts.overdue).toBeGreaterThan(0);
    expect(facts.due_today).toBeGreaterThan(0);
    expect(facts.called).toBe(1000);
    // Every disposition occurs on the demo's calls (the reports and timelines show each), and a Do Not Call one
    // flags its lead and lists its numbers.
    const codes = (
      await ctx.db.execute<{ disposition: string }>(sql`select distinct disposition from crm_calls
      where disposition is not null order by disposition`)
    ).rows.map((row) => row.disposition);
    expect(codes).toEqual(DISPOSITIONS.map((disposition) => disposition.code).sort());
    const doNotCall = await one<Record<string, number>>(sql`select
      count(*)::int as leads,
      count(*) filter (where l.do_not_call)::int as flagged,
      count(*) filter (where exists (select 1 from crm_do_not_call d where d.phone_digits = l.phone_digits))::int
        as listed
      from crm_leads l where exists (select 1 from crm_calls c where c.lead_id = l.id and c.disposition = 'do_not_call')`);
    expect(doNotCall.leads).toBeGreaterThan(0);
    expect(doNotCall).toEqual({ leads: doNotCall.leads, flagged: doNotCall.leads, listed: doNotCall.leads });
    expect(await one(sql`select count(*)::int as n from crm_leads where do_not_call`)).toEqual({ n: doNotCall.leads });
    // The counts trigger saw every insert.
    expect(await one(sql`select sum(n)::int as n from crm_lead_counts`)).toEqual({ n: DEMO_LEAD_COUNT });
    const agents = (
      await ctx.db.execute(sql`select s.sip_username, s.connection_id, s.telephony_credential_id, p.phone_number
        from agent_settings s join agent_phone_numbers p on p.id = s.phone_number_id order by s.sip_username`)
    ).rows;
    expect(agents).toEqual([
      {
        sip_username: 'aisha.johnson',
        connection_id: DEMO_CONNECTION_ID,
        telephony_credential_id: 'aisha.johnson',
        phone_number: '(512) 555-0141',
      },
      {
        sip_username: 'brandon.reyes',
        connection_id: DEMO_CONNECTION_ID,
        telephony_credential_id: 'brandon.reyes',
        phone_number: '(512) 555-0140',
      },
    ]);
  });
});
