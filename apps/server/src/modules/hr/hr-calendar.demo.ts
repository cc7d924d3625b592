import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';

// HR calendar demo data (designs/hr.md issue part 9): the demo staff have start dates (anniversaries) but no
// birthdays, so the Birthdays toggle would show nothing. Each staff member without one gets an invented birthday
// derived from their id; run again, it changes nothing. Feed tokens are never seeded (they are personal secrets).
export async function seedHrCalendarDemo(tx: Transaction): Promise<void> {
  await tx
    .update(employees)
    .set({
      birthday: sql`make_date(1975 + (${employees.userId} * 7) % 25, 1 + (${employees.userId} * 5) % 12,
        1 + (${employees.userId} * 11) % 28)`,
    })
    .where(
      and(
        isNull(employees.birthday),
        sql`${employees.userId} in (select ${users.id} from ${users} where ${eq(users.type, 'Employee')})`,
      ),
    );
}
