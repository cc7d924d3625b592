import { currentPasswordInvalidMessage, currentPasswordRequiredMessage } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { users } from '../users/users.table.ts';
import { verifyPassword } from './password.ts';
import { reserveAttempt, settleAttempt } from './rate-limit.ts';

/**
 * Decision 0057: changing one's own password, e-mail or two-factor (turning it on included) asks for the current
 * password, so an access token alone (a stolen one, an unlocked screen) does not take the account over. 422 on
 * `field` when it is missing or wrong; wrong guesses are limited like sign-in attempts (429), per account and address.
 * Kept in auth beside the password and the limiter it uses; users/own-credentials.ts answers it to its callers.
 */
export async function assertCurrentPassword(
  db: DbOrTransaction,
  userId: number,
  currentPassword: string | undefined,
  ipAddress: string | null,
  field = 'current_password',
): Promise<void> {
  if (!currentPassword) throw unprocessable({ [field]: [currentPasswordRequiredMessage] });
  const reservation = await reserveAttempt(db, 'current_password', { ip: ipAddress, account: userId });
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  const valid = row !== undefined && (await verifyPassword(row.passwordHash, currentPassword));
  await settleAttempt(db, reservation, valid);
  if (!valid) throw unprocessable({ [field]: [currentPasswordInvalidMessage] });
}
