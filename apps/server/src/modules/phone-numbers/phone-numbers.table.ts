import { customType, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** The company's agent phone lines (spec 1 §3.10 Agent phone number); the CRM issue will manage them. */
export const agentPhoneNumbers = pgTable('agent_phone_numbers', {
  id: serial('id').primaryKey(),
  phoneNumber: text('phone_number').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** An employee's agent settings (spec 1 §3.10): one line per agent at most, one agent per line. */
export const agentSettings = pgTable('agent_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumberId: integer('phone_number_id')
    .unique()
    .references(() => agentPhoneNumbers.id, { onDelete: 'set null' }),
  reminderEmails: integer('reminder_emails').notNull().default(0),
  callbackNumber: text('callback_number'),
  // The agent's telephony login (designs/crm-softphone.md §2.2): the SIP password is sealed with AES-256-GCM under a
  // key from APP_SECRET and never returned; the browser gets a short-lived login token minted from the credential.
  sipUsername: text('sip_username').unique(),
  sipPasswordEnc: bytea('sip_password_enc'),
  telephonyCredentialId: text('telephony_credential_id'),
  connectionId: text('connection_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
