import { acknowledgementText, formNeedsAcknowledgement, isAnswerField } from '@switchboard/shared/hr/forms';
import { eq } from 'drizzle-orm';
import type { DocumentTypeModule } from '../documents/document-type.ts';
import { htmlToParagraphs } from '../documents/html-text.ts';
import type { PdfPage } from '../documents/pdf-page.ts';
import { answerText } from './hr-forms-submissions.ts';
import { loadSubmission, MANAGE_HR_FORMS } from './hr-forms.service.ts';
import { hrFormFiles, hrFormVersions } from './hr-forms.table.ts';

// The PDFs of HR forms (designs/hr.md §3): hr_form is a signed submission (policy text, answers, signature block),
// hr_form_version a blank version to print. Staff without 'manage hr forms' reach their own through the HR routes,
// which check the signer before calling the documents module (GET /api/pdf/hr_form/{id} is served there).

interface PolicyView {
  title: string;
  version: number;
  body: string[];
  /** A PDF body is named with its hash: the PDF itself is the policy text. */
  file: { name: string; sha256: string } | null;
}

export interface HrFormSubmissionView extends PolicyView {
  acknowledgement: string | null;
  items: { kind: 'heading' | 'paragraph' | 'answer'; label: string; text: string }[];
  signature: { name: string; signedAt: string; timeZone: string; ip: string; sha256: string; id: number };
}

export interface HrFormVersionView extends PolicyView {
  acknowledgement: string | null;
  items: { kind: 'heading' | 'paragraph' | 'answer'; label: string; text: string }[];
  sha256: string;
}

async function fileOf(db: Parameters<DocumentTypeModule['load']>[0], fileId: number | null) {
  if (fileId === null) return null;
  const [file] = await db
    .select({ name: hrFormFiles.name, sha256: hrFormFiles.sha256 })
    .from(hrFormFiles)
    .where(eq(hrFormFiles.id, fileId));
  return file ?? null;
}

/** The signing time in the signer's zone, e.g. 'November 28, 2026 at 9:15:02 AM EST'. */
export function formatSignedAt(signedAt: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long', timeZone }).format(
      new Date(signedAt),
    );
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(
      new Date(signedAt),
    );
  }
}

function drawPolicy(page: PdfPage, view: PolicyView): void {
  page.fields([['Version', String(view.version)]]);
  if (view.file) {
    page.heading('Policy document');
    page.fields([
      ['File', view.file.name],
      ['SHA-256', view.file.sha256],
    ]);
  }
  if (view.body.length > 0) page.heading('Policy');
  for (const block of view.body) page.paragraph(block);
}

function drawItems(page: PdfPage, items: HrFormSubmissionView['items']): void {
  if (items.length === 0) return;
  page.heading('Answers');
  for (const item of items) {
    if (item.kind === 'heading') page.heading(item.label);
    else if (item.kind === 'paragraph') page.paragraph(item.text);
    else page.fields([[item.label, item.text]]);
  }
}

export const hrFormDocument: DocumentTypeModule<HrFormSubmissionView> = {
  type: 'hr_form',
  clientVisible: false,
  staffPermission: MANAGE_HR_FORMS,
  async load(db, id) {
    const submission = await loadSubmission(db, id);
    if (!submission) return null;
    const [version] = await db.select().from(hrFormVersions).where(eq(hrFormVersions.id, submission.version_id));
    if (!version) return null;
    const values = submission.values;
    return {
      companyId: null,
      title: `${submission.title} (version ${submission.version})`,
      fileName: `HR-Form-${submission.id}`,
      view: {
        title: submission.title,
        version: submission.version,
        body: htmlToParagraphs(version.bodyHtml),
        file: await fileOf(db, version.fileId),
        acknowledgement:
          formNeedsAcknowledgement(version.kind) && submission.acknowledged
            ? acknowledgementText(submission.title, submission.version)
            : null,
        items: version.fields.map((field) =>
          field.kind === 'heading' || field.kind === 'paragraph'
            ? { kind: field.kind, label: field.label, text: field.kind === 'paragraph' ? field.text : '' }
            : { kind: 'answer', label: field.label, text: answerText(field, values[field.key]) || '-' },
        ),
        signature: {
          name: submission.signed_name,
          signedAt: submission.signed_at,
          timeZone: submission.time_zone,
          ip: submission.ip_address ?? 'unknown',
          sha256: submission.sha256,
          id: submission.id,
        },
      },
    };
  },
  render(page, view) {
    drawPolicy(page, view);
    drawItems(page, view.items);
    page.heading('Signature');
    if (view.acknowledgement) page.paragraph(`[x] ${view.acknowledgement}`);
    page.fields([
      ['Signed by', view.signature.name],
      ['Signed at', formatSignedAt(view.signature.signedAt, view.signature.timeZone)],
      ['Time zone', view.signature.timeZone],
      ['IP address', view.signature.ip],
      ['Version SHA-256', view.signature.sha256],
      ['Submission', String(view.signature.id)],
    ]);
  },
};

export const hrFormVersionDocument: DocumentTypeModule<HrFormVersionView> = {
  type: 'hr_form_version',
  clientVisible: false,
  staffPermission: MANAGE_HR_FORMS,
  async load(db, id) {
    const [version] = await db.select().from(hrFormVersions).where(eq(hrFormVersions.id, id));
    if (!version) return null;
    return {
      companyId: null,
      title: `${version.title} (version ${version.version})`,
      fileName: `HR-Form-Version-${version.id}`,
      view: {
        title: version.title,
        version: version.version,
        body: htmlToParagraphs(version.bodyHtml),
        file: await fileOf(db, version.fileId),
        acknowledgement: formNeedsAcknowledgement(version.kind)
          ? acknowledgementText(version.title, version.version)
          : null,
        items: version.fields.map((field) =>
          isAnswerField(field)
            ? { kind: 'answer', label: field.label, text: '____________________' }
            : {
                kind: field.kind as 'heading' | 'paragraph',
                label: field.label,
                text: 'text' in field ? field.text : '',
              },
        ),
        sha256: version.contentSha256,
      },
    };
  },
  render(page, view) {
    drawPolicy(page, view);
    drawItems(page, view.items);
    page.heading('Signature');
    if (view.acknowledgement) page.paragraph(`[ ] ${view.acknowledgement}`);
    page.fields([
      ['Signed by', '____________________'],
      ['Date', '____________________'],
      ['Version SHA-256', view.sha256],
    ]);
  },
};
