import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userSearchDocument } from '../../db/search-documents.ts';

/** Everyone who signs in: staff (type Employee) and client-company accounts (type Client). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: ['Employee', 'Client'] }).notNull(),
    // Users-admin role of spec 1 §3.8: 'admin' may open /users and shadow administrators.
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    name: text('name').notNull(),
    shortname: text('shortname').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    photo: text('photo'),
    twofactorEnabled: boolean('twofactor_enabled').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Disabled accounts keep their history; a set deleted_at means disabled (spec 1 §4).
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_type_idx').on(t.type),
    // Global search (modules/search).
    index('users_search_idx').using('gin', userSearchDocument(t.name, t.email)),
  ],
);
