import { credentialChangeLabels, type CredentialChangeField } from '@switchboard/shared';
import type { DbOrTransaction } from '../../db/client.ts';
import { escapeHtml, sendMailInBackground, type MailContext, type MailMessage } from '../../plugins/mail.ts';
import { credentialChanges } from './credential-changes.table.ts';

// Decisions 0025 and 0057: a credential change, by someone else or by the owner (with their current password), is
// recorded with the change and told to the owner at the address the account had before it.

export interface CredentialChange {
  actor: { id: number; name: string };
  target: { id: number; name: string; email: string };
  fields: CredentialChangeField[];
  /** The new address when the e-mail changed: the notice goes to the old one and names the new one. */
  newEmail?: string | undefined;
  ipAddress: string | null;
}

/** Whether a change must be recorded and mailed: credentials changed, whoever changed them. */
export const isRecordedCredentialChange = (change: Pick<CredentialChange, 'fields'>) => change.fields.length > 0;

/** The audit row; call it in the transaction that makes the change, so neither exists without the other. */
export async function recordCredentialChange(db: DbOrTransaction, change: CredentialChange): Promise<void> {
  await db.insert(credentialChanges).values({
    actorUserId: change.actor.id,
    targetUserId: change.target.id,
    fields: change.fields,
    ipAddress: change.ipAddress,
  });
}

/** The notice to the account's owner. It names what changed and who changed it, never a new password. */
export function credentialChangeMail(change: CredentialChange, at: Date): MailMessage {
  const what = change.fields.map((field) => credentialChangeLabels[field]).join(', ');
  const own = change.actor.id === change.target.id;
  const lines = [
    `Hello ${change.target.name},`,
    own
      ? `The following was changed on your account on ${at.toUTCString()}, from a session signed in as you: ${what}.`
      : `${change.actor.name} changed the following on your account on ${at.toUTCString()}: ${what}.`,
    ...(change.newEmail ? [`Your account's e-mail address is now ${change.newEmail}.`] : []),
    own
      ? 'If you did not make this change, reset your password at once and contact your administrator.'
      : 'If you did not expect this change, contact your administrator at once.',
  ];
  return {
    to: change.target.email,
    subject: 'Your account was changed',
    text: lines.join('\n\n'),
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

/** Sends the notice after the answer; a mail failure is logged and never undoes the change. */
export function mailCredentialChange(context: MailContext, change: CredentialChange): void {
  sendMailInBackground(context, credentialChangeMail(change, new Date()));
}
