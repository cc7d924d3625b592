import type { AgentPhoneNumber } from '@switchboard/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { agentPhoneNumbers, agentSettings } from './phone-numbers.table.ts';

/** GET /api/crm/phone_numbers: every line with its agent, if any. */
export async function listAgentPhoneNumbers(db: DbOrTransaction): Promise<AgentPhoneNumber[]> {
  const rows = await db
    .select({ id: agentPhoneNumbers.id, phoneNumber: agentPhoneNumbers.phoneNumber, userId: agentSettings.userId })
    .from(agentPhoneNumbers)
    .leftJoin(agentSettings, eq(agentSettings.phoneNumberId, agentPhoneNumbers.id))
    .orderBy(asc(agentPhoneNumbers.phoneNumber));
  return rows.map((row) => ({
    id: row.id,
    phone_number: row.phoneNumber,
    agent_settings_count: row.userId === null ? 0 : 1,
    user_id: row.userId,
  }));
}

/** The fictional demo lines (555-01XX): a few to assign until the CRM issue manages numbers. */
export async function seedAgentPhoneNumbers(db: DbOrTransaction): Promise<void> {
  const numbers = [
    '(512) 555-0140',
    '(512) 555-0141',
    '(512) 555-0142',
    '(512) 555-0143',
    '(737) 555-0150',
    '(737) 555-0151',
  ];
  await db
    .insert(agentPhoneNumbers)
    .values(numbers.map((phoneNumber) => ({ phoneNumber })))
    .onConflictDoNothing();
}

export async function phoneNumberExists(db: DbOrTransaction, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(agentPhoneNumbers)
    .where(eq(agentPhoneNumbers.id, id))
    .limit(1);
  return row !== undefined;
}

/** The user's line as 10 digits (the phone channel's name), or null without a line. */
export async function agentLineDigits(db: DbOrTransaction, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ digits: sql<string | null>`crm_phone_key(${agentPhoneNumbers.phoneNumber})` })
    .from(agentSettings)
    .innerJoin(agentPhoneNumbers, eq(agentPhoneNumbers.id, agentSettings.phoneNumberId))
    .where(eq(agentSettings.userId, userId))
    .limit(1);
  return row?.digits ?? null;
}
