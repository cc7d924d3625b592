import { and, eq, ne, or } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';
import { sessions } from './auth.table.ts';

/**
 * Revokes every live session of a user and the shadow sessions they opened as someone else (a changed password,
 * a disabled account, "sign out everywhere"). `exceptSessionId` keeps the caller's own tab signed in.
 * Answers the revoked ids so the caller can drop their sockets after commit (app.realtime.disconnectSession closes
 * the Socket.IO ones and, through onSessionsEnded, the notes' /collab ones, in every process).
 */
export async function revokeUserSessions(
  db: DbOrTransaction,
  userId: number,
  exceptSessionId?: string,
): Promise<string[]> {
  const revoked = await db
    .update(sessions)
    .set({ revoked: true })
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.shadowedByUserId, userId)),
        eq(sessions.revoked, false),
        exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.map((session) => session.id);
}
