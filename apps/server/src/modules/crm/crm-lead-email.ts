import {
  CRM_DOCUMENT_MAX_BYTES,
  crmTemplateMessages,
  leadEmailMessages,
  leadMergeValues,
  renderMergeFields,
  type LeadEmail,
} from '@switchboard/shared/crm-documents';
import type { Lead } from '@switchboard/shared/crm-leads';
import { sanitizeHtml } from '@switchboard/shared/html-policy';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { HttpError, unprocessable } from '../../plugins/errors.ts';
import { sendMail, type MailContext } from '../../plugins/mail.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { users } from '../users/users.table.ts';
import { findDocumentFiles } from './crm-documents.service.ts';
import { crmEmailTemplates, crmLeadEmails } from './crm-documents.table.ts';
import { agentToday } from './crm-leads-read.ts';
import { crmLeadContacts } from './crm.table.ts';

// E-mail from a lead's drawer (designs/crm-softphone.md §4.2): to the lead's own address or one of its contacts,
// subject and body (a template's, edited or not) with the merge fields filled here again, the body sanitised,
// library documents attached from disk; sent through the mail module (SMTP, or the outbox when it cannot deliver)
// and kept in crm_lead_emails for the timeline. The route checks the lead is visible first.

export interface LeadEmailValues {
  contact_id: number | null;
  template_id: number | null;
  subject: string;
  body_html: string;
  document_ids: number[];
}

type EmailRecord = typeof crmLeadEmails.$inferSelect;

function presentEmail(row: EmailRecord, userName: string | null): LeadEmail {
  return {
    id: row.id,
    lead_id: row.leadId,
    user_id: row.userId,
    user_name: userName,
    contact_id: row.contactId,
    to_email: row.toEmail,
    to_name: row.toName,
    subject: row.subject,
    body_html: row.bodyHtml,
    template_id: row.templateId,
    documents: row.documents,
    delivered: row.delivered === 'smtp' ? 'smtp' : 'outbox',
    created_at: row.createdAt.toISOString(),
  };
}

/** A lead's e-mails, newest first (at most 200, as the drawer's notes). */
export async function listLeadEmails(db: DbOrTransaction, leadId: number): Promise<LeadEmail[]> {
  const rows = await db
    .select({ email: crmLeadEmails, userName: users.name })
    .from(crmLeadEmails)
    .leftJoin(users, eq(users.id, crmLeadEmails.userId))
    .where(eq(crmLeadEmails.leadId, leadId))
    .orderBy(desc(crmLeadEmails.createdAt), desc(crmLeadEmails.id))
    .limit(200);
  return rows.map((row) => presentEmail(row.email, row.userName));
}

/** The text part of the message: the HTML's text, paragraphs and line breaks kept as lines. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/\s*(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Sends the e-mail and records it; answers the timeline entry. */
export async function sendLeadEmail(
  context: MailContext & { db: Db; dataDir: string },
  lead: Lead,
  input: LeadEmailValues,
  auth: AuthContext,
): Promise<LeadEmail> {
  const { db } = context;
  let contact: typeof crmLeadContacts.$inferSelect | null = null;
  if (input.contact_id !== null) {
    const [row] = await db
      .select()
      .from(crmLeadContacts)
      .where(and(eq(crmLeadContacts.id, input.contact_id), eq(crmLeadContacts.leadId, lead.id)));
    if (!row) throw unprocessable({ contact_id: [leadEmailMessages.contactInvalid] });
    contact = row;
  }
  const person = contact
    ? { first_name: contact.firstName, last_name: contact.lastName, title: contact.title, email: contact.email }
    : null;
  const toEmail = (person ? person.email : lead.email)?.trim() ?? '';
  if (toEmail === '') throw unprocessable({ contact_id: [leadEmailMessages.recipientNoEmail] });
  const toName =
    [(person ?? lead).first_name, (person ?? lead).last_name].filter((part) => part && part.trim()).join(' ') || null;

  if (input.template_id !== null) {
    const [template] = await db
      .select({ id: crmEmailTemplates.id })
      .from(crmEmailTemplates)
      .where(and(eq(crmEmailTemplates.id, input.template_id), isNull(crmEmailTemplates.deletedAt)));
    if (!template) throw unprocessable({ template_id: [leadEmailMessages.templateInvalid] });
  }
  const files = await findDocumentFiles(db, context.dataDir, input.document_ids, () =>
    unprocessable({ document_ids: [crmTemplateMessages.documentsInvalid] }),
  );
  if (files.reduce((sum, file) => sum + file.bytes, 0) > CRM_DOCUMENT_MAX_BYTES)
    throw unprocessable({ document_ids: [leadEmailMessages.documentsTooLarge] });

  const values = leadMergeValues({
    lead,
    contact: person,
    agent: { name: auth.user.name, email: auth.user.email },
    today: await agentToday(db, auth.user.id),
  });
  const subject = renderMergeFields(input.subject, values, { html: false });
  const bodyHtml = sanitizeHtml(renderMergeFields(input.body_html, values, { html: true }));
  if (htmlToText(bodyHtml) === '') throw unprocessable({ body_html: [crmTemplateMessages.bodyRequired] });

  const result = await sendMail(context, {
    to: toName ? `"${toName.replace(/["\\]/g, '')}" <${toEmail}>` : toEmail,
    replyTo: auth.user.email,
    subject,
    text: htmlToText(bodyHtml),
    html: bodyHtml,
    attachments: files.map((file) => ({ filename: file.downloadName, path: file.path, contentType: file.mime })),
  });
  const [row] = await db
    .insert(crmLeadEmails)
    .values({
      leadId: lead.id,
      userId: auth.user.id,
      contactId: contact?.id ?? null,
      toEmail,
      toName,
      subject,
      bodyHtml,
      templateId: input.template_id,
      documents: files.map((file) => ({ id: file.id, name: file.name })),
      delivered: result.delivered,
    })
    .returning();
  if (!row) throw new HttpError(500, 'An error occured.');
  return presentEmail(row, auth.user.name);
}
