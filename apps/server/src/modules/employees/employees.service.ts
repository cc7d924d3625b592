import type { EmployeeListItem } from '@switchboard/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { employeeDepartments } from './employees.table.ts';

/** GET /api/users/employee.list: enabled employees with their department ids, in one grouped query. */
export async function listEmployeeOptions(db: DbOrTransaction): Promise<EmployeeListItem[]> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      // The left join yields one null row for an employee without departments; the filter drops it.
      departments: sql<{ id: number }[]>`coalesce(
        json_agg(json_build_object('id', ${employeeDepartments.departmentId}) order by ${employeeDepartments.departmentId})
          filter (where ${employeeDepartments.departmentId} is not null),
        '[]'::json)`,
    })
    .from(users)
    .leftJoin(employeeDepartments, eq(employeeDepartments.userId, users.id))
    .where(and(eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .groupBy(users.id)
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((row) => ({ user_id: row.id, user: { name: row.name }, departments: row.departments }));
}
