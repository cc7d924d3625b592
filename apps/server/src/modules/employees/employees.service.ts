import {
  DEPARTMENT_SALES,
  EMPLOYEE_STATUS_DISABLED,
  EMPLOYEE_STATUS_ENABLED,
  type EmployeeIndexFilters,
  type EmployeeIndexRow,
  type EmployeeListItem,
} from '@switchboard/shared';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { sessions } from '../auth/auth.table.ts';
import { regions } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';

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

// ---- GET /api/users/employee: the employees index (spec 1 §2.6, §4, §7.6) ----

/** Escapes LIKE wildcards so that a typed '%' or '_' matches itself. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The WHERE of the index, shared by the rows and the count query. */
function employeeIndexWhere(filters: EmployeeIndexFilters): SQL | undefined {
  const conditions: SQL[] = [eq(users.type, 'Employee')];
  // /crm/agents lists the sales department (3) only: the agents the CRM works with (spec 1 §3.3).
  if (filters.route === 'crm') {
    conditions.push(
      sql`exists (select 1 from ${employeeDepartments} where ${employeeDepartments.userId} = ${users.id} and ${employeeDepartments.departmentId} = ${DEPARTMENT_SALES})`,
    );
  }
  if (filters.name) conditions.push(ilike(users.name, likeContains(filters.name)));
  if (filters.email) conditions.push(ilike(users.email, likeContains(filters.email)));
  if (filters.region_id !== undefined) conditions.push(eq(employees.regionId, filters.region_id));
  const phoneDigits = (filters.phone_number ?? '').replace(/\D/g, '');
  if (phoneDigits)
    conditions.push(
      sql`regexp_replace(coalesce(${employees.phoneNumber}, ''), '\\D', '', 'g') like ${likeContains(phoneDigits)}`,
    );
  if (filters.status === EMPLOYEE_STATUS_ENABLED) conditions.push(isNull(users.deletedAt));
  if (filters.status === EMPLOYEE_STATUS_DISABLED) conditions.push(isNotNull(users.deletedAt));
  return and(...conditions);
}

/**
 * One page of employees by name: one query joining the employee details, the region and the latest session (a
 * lateral join served by the sessions (user_id, last_activity) index), plus one count. Client accounts never show.
 */
export async function listEmployeeIndex(
  db: DbOrTransaction,
  query: EmployeeIndexFilters & PageQuery,
): Promise<Page<EmployeeIndexRow>> {
  const where = employeeIndexWhere(query);
  const latestSession = db
    .select({ lastActivity: sessions.lastActivity })
    .from(sessions)
    .where(eq(sessions.userId, users.id))
    .orderBy(desc(sessions.lastActivity))
    .limit(1)
    .as('latest_session');
  return paginate(
    query,
    async () => {
      const [row] = await db
        .select({ total: count() })
        .from(users)
        .leftJoin(employees, eq(employees.userId, users.id))
        .where(where);
      return row?.total ?? 0;
    },
    async (limit, offset) => {
      const rows = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          photo: users.photo,
          deletedAt: users.deletedAt,
          title: employees.title,
          phoneNumber: employees.phoneNumber,
          regionId: regions.id,
          regionName: regions.name,
          lastActivity: latestSession.lastActivity,
          agentPhone: agentPhoneNumbers.phoneNumber,
        })
        .from(users)
        .leftJoin(employees, eq(employees.userId, users.id))
        .leftJoin(regions, eq(regions.id, employees.regionId))
        .leftJoinLateral(latestSession, sql`true`)
        .leftJoin(agentSettings, eq(agentSettings.userId, users.id))
        .leftJoin(agentPhoneNumbers, eq(agentPhoneNumbers.id, agentSettings.phoneNumberId))
        .where(where)
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        user_id: row.id,
        user: { id: row.id, name: row.name, email: row.email, photo: row.photo },
        title: row.title ?? null,
        region: row.regionId !== null && row.regionName !== null ? { id: row.regionId, name: row.regionName } : null,
        phone_number: row.phoneNumber ?? null,
        agent_phone: row.agentPhone ?? null,
        latest_session: row.lastActivity ? { last_activity: new Date(row.lastActivity).toISOString() } : null,
        deleted_at: row.deletedAt?.toISOString() ?? null,
        status: row.deletedAt ? 'Disabled' : 'Enabled',
      }));
    },
  );
}
