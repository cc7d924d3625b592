import { isTechnician } from '@switchboard/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { employeeDepartments } from '../users/employees.table.ts';

/**
 * The technician `userId` names, or null: an enabled employee of department Tech, by the shared rule every technician
 * picker lists by (isTechnician, decision 0078). Read with the person's departments in one grouped query.
 */
export async function findTechnician(
  db: DbOrTransaction,
  userId: number,
): Promise<{ id: number; name: string } | null> {
  const [person] = await db
    .select({
      id: users.id,
      name: users.name,
      // The left join yields one null row for an employee without departments; the filter drops it.
      departments: sql<{ id: number }[]>`coalesce(
        json_agg(json_build_object('id', ${employeeDepartments.departmentId}))
          filter (where ${employeeDepartments.departmentId} is not null),
        '[]'::json)`,
    })
    .from(users)
    .leftJoin(employeeDepartments, eq(employeeDepartments.userId, users.id))
    .where(and(eq(users.id, userId), eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .groupBy(users.id);
  return person && isTechnician(person) ? { id: person.id, name: person.name } : null;
}
