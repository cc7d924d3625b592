import { recordRevision, readRevisionFile } from '../documents/documents.service.ts';
import { refreshStrategyDocument } from './refresh-strategy.document.ts';
import { escapeHtml, sendMailInBackground, type MailContext } from '../../plugins/mail.ts';
import type { Config } from '../../config.ts';

/**
 * After a save: records the strategy's PDF revision (a new one only when what it shows changed) and mails the latest
 * to each recipient on their own (recipients of one company and our staff do not see each other's addresses).
 * Mail goes after the answer; a failure lands in the outbox, never undoes the save.
 */
export async function mailRefreshStrategy(
  context: MailContext & { config: Pick<Config, 'dataDir' | 'smtpUrl' | 'mailFrom'> },
  id: number,
  recipients: { name: string; email: string }[],
  actorId: number,
): Promise<{ revision: number | null }> {
  const recorded = await recordRevision(context.db, context.config.dataDir, refreshStrategyDocument.type, id, actorId);
  if (!recorded || recipients.length === 0) return { revision: recorded?.revision ?? null };
  const latest = await readRevisionFile(context.db, context.config.dataDir, refreshStrategyDocument.type, id);
  const loaded = await refreshStrategyDocument.load(context.db, id);
  if (!latest || !loaded) return { revision: recorded.revision };
  const subject = `${loaded.title}: ${loaded.view.company}`;
  for (const recipient of recipients) {
    const greeting = `Hello ${recipient.name},`;
    const body = `the refresh strategy for ${loaded.view.company} of ${loaded.view.date} is attached.`;
    sendMailInBackground(context, {
      to: recipient.email,
      subject,
      text: `${greeting}\n\n${body}\n`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>`,
      attachments: [{ filename: `${loaded.fileName}.pdf`, content: latest.file, contentType: 'application/pdf' }],
    });
  }
  return { revision: recorded.revision };
}
