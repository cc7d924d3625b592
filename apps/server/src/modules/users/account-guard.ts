import { canChangeAccountField, type AccountActor, type AccountFieldGroup } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { forbidden } from '../../plugins/errors.ts';
import type { AuthContext } from './auth-context.ts';
import { users } from './users.table.ts';

/** The signed-in user as the account policy sees them (decision 0025). */
export function accountActorOf(auth: AuthContext): AccountActor {
  return {
    id: auth.user.id,
    type: auth.user.type,
    role: auth.user.role,
    permissions: auth.permissions,
    shadowing: auth.shadow !== null,
  };
}

const employeeOnlyGroups: readonly AccountFieldGroup[] = ['employment', 'permissions', 'agent', 'time_off'];

/**
 * 403 unless the caller may change `group` of user `userId` (nobody but an administrator changes an administrator).
 * A user that does not exist, or a client account for the employee-only parts, passes: the caller's own validation
 * answers for it (404 or 422).
 */
export async function assertMayChangeAccount(
  db: DbOrTransaction,
  auth: AuthContext,
  userId: number,
  group: AccountFieldGroup,
): Promise<void> {
  const [target] = await db
    .select({ id: users.id, type: users.type, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!target || (target.type === 'Client' && employeeOnlyGroups.includes(group))) return;
  if (!canChangeAccountField(accountActorOf(auth), target, group)) throw forbidden();
}
