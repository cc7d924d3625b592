import { mergeUserSettings, type UpdateUserSettingsInput, type UserSettings } from '@switchboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { userSettings } from './settings.table.ts';

/** A user's settings with the defaults merged in (spec 1 §3.2). Also used by the login answer and GET /api/session. */
export async function getSettings(db: DbOrTransaction, userId: number): Promise<UserSettings> {
  const [row] = await db
    .select({ settings: userSettings.settings })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return mergeUserSettings(row?.settings);
}

/**
 * PUT /api/profile/settings: merges the validated keys into what is stored, in one statement, so two tabs
 * saving different keys at once both keep their change. Returns the full settings.
 */
export async function updateSettings(
  db: DbOrTransaction,
  userId: number,
  changes: UpdateUserSettingsInput,
): Promise<UserSettings> {
  // Only defined keys: JSON has no undefined, and a key left out means "unchanged".
  const patch = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(userSettings)
    .values({ userId, settings: patch })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { settings: sql`${userSettings.settings} || excluded.settings`, updatedAt: sql`now()` },
    })
    .returning({ settings: userSettings.settings });
  return mergeUserSettings(row.settings);
}
