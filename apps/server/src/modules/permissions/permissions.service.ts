import { permissionDefinitions } from '@switchboard/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { permissions, userPermissions } from './permissions.table.ts';

/** Makes the permissions table match the catalogue in packages/shared (upsert by name). */
export async function seedPermissions(db: DbOrTransaction): Promise<void> {
  await db
    .insert(permissions)
    .values(permissionDefinitions.map((p) => ({ name: p.name, description: p.description, permissionType: p.permissionType })))
    .onConflictDoUpdate({
      target: permissions.name,
      set: { description: sql`excluded.description`, permissionType: sql`excluded.permission_type` },
    });
}

/** Grants the named permissions to a user; names not in the table are ignored, held ones kept. */
export async function grantPermissions(db: DbOrTransaction, userId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const rows = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, [...names]));
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
