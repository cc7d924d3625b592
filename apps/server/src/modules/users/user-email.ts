import { emailTakenMessage } from '@switchboard/shared';
import { and, ne, sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { users } from './users.table.ts';

/** Any user holding this address, enabled or disabled, staff or client: e-mail addresses are unique. */
export async function assertEmailFree(db: DbOrTransaction, email: string, exceptUserId?: number): Promise<void> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  if (taken) throw unprocessable({ email: [emailTakenMessage] });
}

function isEmailUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 3; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'users_email_lower_unique') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A concurrent insert of the same address loses on the unique index: same answer as the check. */
export async function withEmailUniqueness<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw unprocessable({ email: [emailTakenMessage] });
    throw error;
  }
}

/** The short name shown in stamps and menus: the first word of the name. */
export const shortnameOf = (name: string) => name.split(/\s+/)[0]!.slice(0, 50);
