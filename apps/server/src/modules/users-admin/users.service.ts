import {
  accountChangeForbiddenMessage,
  canChangeAccountField,
  cannotDeleteSelfMessage,
  cannotDemoteSelfMessage,
  type CredentialChangeField,
  type CreateUserInput,
  type UpdateUserInput,
  type UserAdminRow,
} from '@switchboard/shared';
import type { SeparationInput } from '@switchboard/shared/hr/employment';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { paginate, type Page, type PageQuery } from '../../db/paginate.ts';
import { afterCommitQueue, emitDomainEvent } from '../../plugins/domain-events.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { employees } from '../users/employees.table.ts';
import { closeOpenTimeclockEntry } from '../timeclock/timeclock.service.ts';
import { assertCurrentPassword } from '../auth/current-password.ts';
import { users } from '../users/users.table.ts';
import { assertEmailFree, shortnameOf, withEmailUniqueness } from '../users/user-email.ts';
import { revokeUserSessions } from '../auth/session-revocation.ts';
import type { RequestActor } from '../users/account-actor.ts';
import {
  isRecordedCredentialChange,
  recordCredentialChange,
  type CredentialChange,
} from '../users/credential-changes.service.ts';

// Users admin (spec 1 §2.6, §3.8, §7.4). It manages staff sign-ins (user type Employee): the row's `type` is
// the users-admin role, admin or user. Client accounts have their own screen (/accounts) and are not listed
// here, so this page can never make a client account an administrator. Disabled users are not listed.

/** Who acts: the signed-in administrator. */
export interface UsersAdminActor {
  id: number;
}

const managed = (...conditions: SQL[]) => and(eq(users.type, 'Employee'), isNull(users.deletedAt), ...conditions);

/** GET /api/user: enabled staff users by id, one page. */
export async function listUsers(db: DbOrTransaction, query: PageQuery): Promise<Page<UserAdminRow>> {
  return paginate(
    query,
    () => db.$count(users, managed()),
    async (limit, offset) => {
      const rows = await db
        .select({
          id: users.id,
          role: users.role,
          name: users.name,
          email: users.email,
          emailVerifiedAt: users.emailVerifiedAt,
          createdAt: users.createdAt,
        })
        .from(users)
        .where(managed())
        .orderBy(asc(users.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => ({
        id: row.id,
        type: row.role,
        name: row.name,
        email: row.email,
        email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
        created_at: row.createdAt.toISOString(),
      }));
    },
  );
}

/**
 * POST /api/user: a staff user (type Employee, with an employees row) whose role is `type`. No permissions
 * are granted: those are set on the employee's Permissions tab. The address is not marked verified.
 */
export async function createUserAccount(db: Db, input: CreateUserInput): Promise<{ id: number }> {
  await assertEmailFree(db, input.email);
  const passwordHash = await hashPassword(input.password);
  return withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          type: 'Employee',
          role: input.type,
          name: input.name,
          shortname: shortnameOf(input.name),
          email: input.email,
          passwordHash,
        })
        .returning({ id: users.id });
      await tx.insert(employees).values({ userId: created.id });
      // HR records the hire (today: this form has no start date).
      await emitDomainEvent(db, 'employeeCreated', { tx, userId: created.id, actorId: null, startDate: null });
      return { id: created.id };
    }),
  );
}

/** The enabled staff user with this id, or a 404. */
async function findManagedUser(db: DbOrTransaction, id: number) {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(managed(eq(users.id, id)))
    .limit(1);
  if (!user) throw notFound();
  return user;
}

export interface UpdateUserResult {
  /** Sessions revoked because the password changed (the actor's own current session is kept). */
  revokedSessionIds: string[];
  /** Another user's e-mail, password or role changed: recorded; the route mails the owner (decision 0025). */
  credentialChange: CredentialChange | null;
}

/**
 * PUT /api/user/{id}. An absent or empty password keeps the current one; a new password signs the user out
 * everywhere (except the administrator's own current session when editing themself). A changed e-mail is no
 * longer verified. Administrators cannot take away their own admin role, so one always remains.
 */
export async function updateUserAccount(
  db: Db,
  id: number,
  input: UpdateUserInput & { current_password?: string | undefined },
  actor: RequestActor,
): Promise<UpdateUserResult> {
  const current = await findManagedUser(db, id);
  if (id === actor.id && input.type !== 'admin') throw unprocessable({ type: [cannotDemoteSelfMessage] });
  await assertEmailFree(db, input.email, id);
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const emailChanged = current.email.toLowerCase() !== input.email.toLowerCase();
  const fields: CredentialChangeField[] = [];
  if (passwordHash !== undefined) fields.push('password');
  if (input.email !== current.email) fields.push('email');
  if (input.type !== current.role) fields.push('role');
  // Only a shadow session is refused here: the route already requires the administrator type.
  if (fields.length > 0 && !canChangeAccountField(actor, { id, type: 'Employee', role: current.role }, 'credentials')) {
    throw forbidden(accountChangeForbiddenMessage(fields));
  }
  // An administrator's own password or e-mail: the current password first (decision 0057).
  if (id === actor.id && fields.length > 0)
    await assertCurrentPassword(db, id, input.current_password, actor.ipAddress);
  const change: CredentialChange = {
    actor,
    target: { id, name: current.name, email: current.email },
    fields,
    newEmail: fields.includes('email') ? input.email : undefined,
    ipAddress: actor.ipAddress,
  };
  const credentialChange = isRecordedCredentialChange(change) ? change : null;

  return withEmailUniqueness(() =>
    db.transaction(async (tx) => {
      const updated = await tx
        .update(users)
        .set({
          name: input.name,
          shortname: shortnameOf(input.name),
          email: input.email,
          role: input.type,
          ...(passwordHash === undefined ? {} : { passwordHash }),
          ...(emailChanged ? { emailVerifiedAt: null } : {}),
          updatedAt: sql`now()`,
        })
        .where(managed(eq(users.id, id)))
        .returning({ id: users.id });
      // Disabled between the lookup and now.
      if (updated.length === 0) throw notFound();
      if (credentialChange) await recordCredentialChange(tx, credentialChange);
      const revokedSessionIds = passwordHash === undefined ? [] : await revokeUserSessions(tx, id, actor.sessionId);
      return { revokedSessionIds, credentialChange };
    }),
  );
}

/**
 * DELETE /api/user/{id}: disables the user rather than erasing them, since tickets, notes, timeclock entries
 * and sessions keep pointing at them (spec 1 §4: disabled equals a set deletion timestamp). Every session is
 * revoked and the open timeclock entry ends. Re-enabling is done on the employee's edit screen. Refuses the
 * administrator's own account.
 */
export async function disableUserAccount(
  db: Db,
  id: number,
  actor: UsersAdminActor,
  separation: SeparationInput = {},
): Promise<void> {
  if (id === actor.id) throw conflict(cannotDeleteSelfMessage);
  const queue = afterCommitQueue();
  await db.transaction(async (tx) => {
    const disabled = await tx
      .update(users)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(managed(eq(users.id, id)))
      .returning({ id: users.id });
    if (disabled.length === 0) throw notFound();
    await revokeUserSessions(tx, id);
    await closeOpenTimeclockEntry(tx, id);
    // HR withdraws the person's pending requests, moves approvals waiting on them and records the separation (its
    // date, type and reason; today and voluntary when not sent), in this transaction.
    await emitDomainEvent(db, 'employeeDisabled', {
      tx,
      userId: id,
      actorId: actor.id,
      afterCommit: queue.afterCommit,
      separation: {
        date: separation.separation_date,
        type: separation.separation_type,
        reason: separation.separation_reason,
      },
    });
  });
  await queue.run();
}
