import {
  invalidResetTokenMessage,
  passwordResetDoneMessage,
  passwordResetSentMessage,
  RESET_TOKEN_TTL_MINUTES,
  type ForgotPasswordInput,
} from '@switchboard/shared';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { escapeHtml, sendMailInBackground, type MailContext, type MailMessage } from '../../plugins/mail.ts';
import { hashPassword } from '../auth/password.ts';
import { reserveAttempt, settleAttempt, type AttemptReservation } from '../auth/rate-limit.ts';
import { generateToken, hashToken } from '../auth/tokens.ts';
import { users } from '../users/users.table.ts';
import { passwordResets } from './password-reset.table.ts';
import { revokeUserSessions } from '../auth/session-revocation.ts';

export interface ForgotPasswordContext extends MailContext {
  db: Db;
  config: MailContext['config'] & Pick<Config, 'appUrl'>;
}

/** The link a reset mail carries; the web app's /reset-password/{token} route opens the reset screen. */
export function resetLink(appUrl: string, token: string): string {
  return `${appUrl}/reset-password/${token}`;
}

export function resetPasswordMail(to: string, name: string, link: string): MailMessage {
  const lines = [
    `Hello ${name},`,
    'You are receiving this email because we received a password reset request for your account.',
    `Reset your password: ${link}`,
    `This password reset link will expire in ${RESET_TOKEN_TTL_MINUTES} minutes and works once.`,
    'If you did not request a password reset, no further action is required.',
  ];
  return {
    to,
    subject: 'Reset Password Notification',
    text: lines.join('\n\n'),
    html: [
      `<p>${escapeHtml(lines[0])}</p>`,
      `<p>${escapeHtml(lines[1])}</p>`,
      `<p><a href="${escapeHtml(link)}">Reset Password</a></p>`,
      `<p>${escapeHtml(lines[3])}</p>`,
      `<p>${escapeHtml(lines[4])}</p>`,
    ].join('\n'),
  };
}

/** Reset mails to one account in a window, whoever asks: past it the newest link already sent stays valid. */
export const maxResetMailsPerAccount = 5;

/** A forgot-password request that was answered: the work left to do after the answer has gone. */
export type PendingPasswordReset = () => Promise<void>;

/**
 * POST /api/forgotpassword, before the answer: only the rate limit (429), which depends on the address and the
 * e-mail as typed, never on whether an account has it. Everything that does (the lookup, the token, the mail) is
 * returned as work to run after the answer, so a known and an unknown address get the same answer in the same time
 * (decision 0057). A disabled account gets no mail. Limited per e-mail and address and per address (429); per
 * e-mail across addresses it answers the same but sends no more mail, so nobody can bomb an inbox nor stop the
 * owner asking. Only the newest link of a user works.
 */
export async function requestPasswordReset(
  context: ForgotPasswordContext,
  input: ForgotPasswordInput,
  ip: string | null,
): Promise<{ message: string; pending: PendingPasswordReset }> {
  const email = input.email.toLowerCase();
  const reservation = await reserveAttempt(context.db, 'forgot_password', { ip, account: email });
  return { message: passwordResetSentMessage, pending: () => sendPasswordReset(context, email, reservation) };
}

/** The work of a forgot-password request: find the account, store a fresh token, mail the link. */
async function sendPasswordReset(
  context: ForgotPasswordContext,
  email: string,
  reservation: AttemptReservation,
): Promise<void> {
  const { db } = context;
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)))
    .limit(1);
  await settleAttempt(db, reservation, user !== undefined);
  if (!user || reservation.accountAttempts > maxResetMailsPerAccount) return;

  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx.delete(passwordResets).where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(mins => ${RESET_TOKEN_TTL_MINUTES})`,
    });
  });
  sendMailInBackground(context, resetPasswordMail(user.email, user.name, resetLink(context.config.appUrl, token)));
}

// A live link of an enabled account: unused, not expired.
const liveResetToken = (token: string) =>
  and(
    eq(passwordResets.tokenHash, hashToken(token)),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
    sql`exists (select 1 from ${users} where ${users.id} = ${passwordResets.userId} and ${users.deletedAt} is null)`,
  );

/**
 * POST /api/resetpassword: spends the token (unknown, used, expired, or of a disabled account: 422 on token),
 * sets the new password and revokes every session of the user, in one transaction. The token is checked before
 * the password is hashed, so a wrong one costs no argon2; wrong tokens are limited per address (429).
 */
export async function resetPassword(
  db: Db,
  input: { password: string; token: string },
  ip: string | null,
): Promise<{ message: string; revokedSessionIds: string[] }> {
  const reservation = await reserveAttempt(db, 'reset_password', { ip, account: null });
  const invalidToken = async (): Promise<never> => {
    await settleAttempt(db, reservation, false);
    throw unprocessable({ token: [invalidResetTokenMessage] });
  };
  const [live] = await db.select({ id: passwordResets.id }).from(passwordResets).where(liveResetToken(input.token));
  if (!live) return invalidToken();

  // Hashed before the transaction so no row stays locked while argon2 works.
  const passwordHash = await hashPassword(input.password);
  const spent = await db.transaction(async (tx) => {
    // Spending the token is the first write: of two concurrent resets with one token, only one gets the row.
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(liveResetToken(input.token))
      .returning({ userId: passwordResets.userId });
    if (!row) return null;
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    return revokeUserSessions(tx, row.userId);
  });
  if (!spent) return invalidToken();
  await settleAttempt(db, reservation, true);
  return { message: passwordResetDoneMessage, revokedSessionIds: spent };
}
