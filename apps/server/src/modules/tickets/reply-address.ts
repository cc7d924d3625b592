import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DbOrTransaction } from '../../db/client.ts';
import { getAppSecret } from '../secrets/secrets.service.ts';

// The reply address of a ticket's mail (decision 0028): MAIL_FROM's mailbox tagged `+ticket-{id}-{signature}`, the
// signature an HMAC of the ticket id with a server secret. Only someone who received the ticket's mail knows it.

const secretName = 'ticket-reply-address';
// 96 bits in lower-case hex: mail systems may lower-case the local part, and guessing stays out of reach.
const signatureLength = 24;
const tagPattern = /\+ticket-(\d{1,9})(?:-([0-9a-z]+))?@/;

const signatureFor = (secret: Buffer, ticketId: number) =>
  createHmac('sha256', secret).update(`ticket:${ticketId}`).digest('hex').slice(0, signatureLength);

/** The address a ticket's replies come back to, e.g. no-reply+ticket-42-5f0c…@switchboard.local. */
export async function replyAddress(db: DbOrTransaction, mailFrom: string, ticketId: number): Promise<string> {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const at = address.lastIndexOf('@');
  const signature = signatureFor(await getAppSecret(db, secretName), ticketId);
  return `${address.slice(0, at)}+ticket-${ticketId}-${signature}@${address.slice(at + 1)}`;
}

/** A ticket named by a recipient's tag: `signed` when the tag carries this server's signature for that ticket. */
export interface TaggedTicket {
  ticketId: number;
  signed: boolean;
}

/** The ticket the recipients' tags point at: a correctly signed tag first, else an unsigned (or wrongly signed) one. */
export async function ticketFromReplyTags(db: DbOrTransaction, recipients: string[]): Promise<TaggedTicket | null> {
  const tags = recipients.map((address) => tagPattern.exec(address.toLowerCase())).filter((match) => match !== null);
  if (tags.length === 0) return null;
  const secret = await getAppSecret(db, secretName);
  const read = tags.map(([, id, signature]) => ({
    ticketId: Number(id),
    signed: signature !== undefined && signatureMatches(signatureFor(secret, Number(id)), signature),
  }));
  return read.find((tag) => tag.signed) ?? read[0]!;
}

/** Compares in constant time, so the answer time tells nothing about how much of a guess was right. */
function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
