import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** Spec 1 §3.6: permission_type null means the general group. */
export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  permissionType: text('permission_type', {
    enum: ['admin', 'calendar', 'hr', 'crm', 'reports', 'billing'],
  }),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.permissionId] }),
    index('user_permissions_permission_idx').on(t.permissionId),
  ],
);
