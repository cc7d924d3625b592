import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';

// Demo appointments (designs/crm-softphone.md §2.4, §4.11): past ones set on leads' last calls (by the owner, two
// to nine days later at 10:00 or 14:00 UTC; held, a few no shows and cancellations once past), and one coming up in the next three weeks for every Appointment Set
// lead without one, so /crm/calendar, the drawer and the appointments report show data at once. Runs once.

export async function seedCrmAppointmentsDemo(db: DbOrTransaction): Promise<number> {
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from crm_appointments`);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return 0;
  // The leads' calls hold no Appointment Set disposition today (crm.demo.ts's pick never lands on it), so the
  // past appointments are set on the last call of every seventh called lead instead.
  const past = await db.execute(sql`
    insert into crm_appointments (lead_id, set_by, assigned_to, starts_at, ends_at, kind, location, notes, status,
      created_at, updated_at)
    select l.id, l.manager_id, l.manager_id, s.starts, s.starts + interval '1 hour',
      (array['onsite', 'phone', 'video'])[1 + l.id % 3],
      case when l.id % 3 = 0 then coalesce(l.address || ', ' || l.city, '') else '' end,
      'Set on the call of ' || to_char(l.last_call_at, 'YYYY-MM-DD') || '.',
      case when s.starts > now() then case when l.id % 11 = 0 then 'cancelled' else 'scheduled' end
        when l.id % 5 = 0 then 'no_show' when l.id % 11 = 0 then 'cancelled' else 'held' end,
      l.last_call_at, l.last_call_at
    from crm_leads l
    cross join lateral (select date_trunc('day', l.last_call_at) + ((2 + l.id % 8) || ' days')::interval
      + (case when l.id % 2 = 0 then interval '10 hours' else interval '14 hours' end) as starts) s
    where l.id % 7 = 0 and l.last_call_at is not null and l.manager_id is not null and l.deleted_at is null
    order by l.id`);
  const upcoming = await db.execute(sql`
    insert into crm_appointments (lead_id, set_by, assigned_to, starts_at, ends_at, kind, location, notes, status)
    select l.id, l.manager_id, l.manager_id, s.starts, s.starts + interval '1 hour',
      (array['onsite', 'phone', 'video'])[1 + l.id % 3], coalesce(l.address || ', ' || l.city, ''), '', 'scheduled'
    from crm_leads l
    cross join lateral (select date_trunc('day', now()) + ((1 + l.id % 21) || ' days')::interval
      + ((9 + l.id % 8) || ' hours')::interval as starts) s
    where l.status = 3 and l.deleted_at is null and l.manager_id is not null
      and not exists (select 1 from crm_appointments a where a.lead_id = l.id and a.starts_at > now())
    order by l.id`);
  return (past.rowCount ?? 0) + (upcoming.rowCount ?? 0);
}
