import { asc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { calendarEvents } from './calendar.table.ts';

// The general calendar's demo data (designs/hr.md issue part 9): a few events this week for the first demo staff, so
// /calendar opens on something. Only for people with no events yet: a second run adds nothing.

const plan = [
  { title: 'Team standup', startTime: '09:00', endTime: '09:30', color: '#228be6', dayOffset: 0 },
  { title: 'Client review call', startTime: '13:00', endTime: '14:00', color: '#40c057', dayOffset: 1 },
  { title: 'Lab maintenance window', startTime: '16:00', endTime: '18:00', color: '#fd7e14', dayOffset: 3 },
];

export async function seedCalendarDemo(tx: Transaction): Promise<void> {
  const staff = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${eq(users.type, 'Employee')} and ${users.deletedAt} is null
        and not exists (select 1 from ${calendarEvents} where ${calendarEvents.userId} = ${users.id})`,
    )
    .orderBy(asc(users.id))
    .limit(6);
  if (staff.length === 0) return;
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const day = (offset: number) => {
    const date = new Date(monday.getTime());
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  await tx.insert(calendarEvents).values(
    staff.flatMap((person, index) =>
      plan.map(({ dayOffset, ...event }) => ({
        ...event,
        userId: person.id,
        date: day((dayOffset + index) % 5),
        description: 'Demo event',
      })),
    ),
  );
}
