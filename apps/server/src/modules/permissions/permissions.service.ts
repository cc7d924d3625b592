import {
  permissionDefinitions,
  permissionsBeyondOwn,
  permissionsBeyondOwnMessage,
  type AccountActor,
  type AccountRights,
  type Permission,
} from '@switchboard/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { forbidden } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { permissions, userPermissions } from './permissions.table.ts';

/** Makes the permissions table match the catalogue in packages/shared (upsert by name). */
export async function seedPermissions(db: DbOrTransaction): Promise<void> {
  await db
    .insert(permissions)
    .values(
      permissionDefinitions.map((p) => ({
        name: p.name,
        description: p.description,
        permissionType: p.permissionType,
      })),
    )
    .onConflictDoUpdate({
      target: permissions.name,
      set: { description: sql`excluded.description`, permissionType: sql`excluded.permission_type` },
    });
}

/**
 * Grants the named permissions to a user; names not in the table are ignored, held ones kept. Unguarded: for the
 * bootstrap and seeds, which act for nobody; a request goes through setUserPermissions.
 */
export async function grantPermissions(db: DbOrTransaction, userId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  if (rows.length === 0) return;
  await db
    .insert(userPermissions)
    .values(rows.map((row) => ({ userId, permissionId: row.id })))
    .onConflictDoNothing();
}

export async function listPermissionNames(db: DbOrTransaction, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId))
    .orderBy(permissions.name);
  return rows.map((row) => row.name);
}

/** GET /api/permissions: the whole catalogue, grouped by type then named. */
export async function listPermissions(db: DbOrTransaction): Promise<Permission[]> {
  const rows = await db
    .select({
      id: permissions.id,
      name: permissions.name,
      description: permissions.description,
      permission_type: permissions.permissionType,
    })
    .from(permissions)
    .orderBy(sql`${permissions.permissionType} nulls first`, permissions.name);
  return rows;
}

/** True when the id names a user of type Employee (disabled ones included: their permissions stay editable). */
export async function isEmployeeUser(db: DbOrTransaction, userId: number): Promise<boolean> {
  return (await employeeRoleOf(db, userId)) !== null;
}

/** The users-admin role of an employee, or null when `userId` names no employee. */
export async function employeeRoleOf(db: DbOrTransaction, userId: number): Promise<'admin' | 'user' | null> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'Employee')))
    .limit(1);
  return row?.role ?? null;
}

/** Who writes a user's permissions: the signed-in user, and in a shadow session who is shadowing (decision 0057). */
export interface PermissionGranter extends AccountActor {
  shadowedByUserId?: number | null | undefined;
}

/** The rights of the person behind a shadow session, read now (they may have changed since it started). */
async function rightsOf(db: DbOrTransaction, userId: number | null | undefined): Promise<AccountRights | undefined> {
  if (userId === null || userId === undefined) return undefined;
  const [row] = await db.select({ type: users.type, role: users.role }).from(users).where(eq(users.id, userId));
  return row ? { ...row, permissions: await listPermissionNames(db, userId) } : undefined;
}

/**
 * The one way a request writes a user's permissions (the Permissions view, and the employee form on create and
 * on update): the user ends up holding exactly `names` (all known; the caller validated them), unless the change
 * grants or removes a permission the granter does not hold (403, nothing written; `permissionsBeyondOwn`). One
 * transaction (a savepoint inside a caller's), the user's row locked, so a reader never sees the list half-replaced
 * and two concurrent changes are each judged against what the other left. Returns the new list.
 */
export async function setUserPermissions(
  db: DbOrTransaction,
  userId: number,
  names: readonly string[],
  granter: PermissionGranter,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const current = await listPermissionNames(tx, userId);
    const shadowedBy = granter.shadowing ? await rightsOf(tx, granter.shadowedByUserId) : undefined;
    const beyond = permissionsBeyondOwn({ ...granter, shadowedBy }, current, names);
    if (beyond.length > 0) throw forbidden(permissionsBeyondOwnMessage(beyond));
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    await grantPermissions(tx, userId, [...new Set(names)]);
    return listPermissionNames(tx, userId);
  });
}
