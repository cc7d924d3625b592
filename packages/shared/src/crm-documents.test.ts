import { describe, expect, it } from 'vitest';
import {
  CRM_DOCUMENT_MAX_BYTES,
  crmDocumentFileProblem,
  crmDocumentMessages,
  crmDocumentUpdateSchema,
  crmDocumentUploadFieldsSchema,
  crmEmailTemplateInputSchema,
  fileExtension,
  formatFileSize,
  leadEmailInputSchema,
  leadMergeValues,
  mergeFields,
  renderMergeFields,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from './crm-documents.ts';

const lead = {
  company_name: 'Acme & Sons',
  phone: '(512) 555-0123',
  city: 'Austin',
  state: 'TX',
  website: null,
  first_name: 'Lee',
  last_name: 'Lead',
  title: 'Owner',
  email: 'lee@acme.test',
};
const agent = { name: 'Alice Agent', email: 'alice@example.test' };

describe('merge fields', () => {
  it('fills known fields, with or without spaces inside the braces', () => {
    const values = leadMergeValues({ lead, contact: null, agent, today: '2026-11-28' });
    expect(renderMergeFields('Hi {{contact_first_name}}, {{ agent_name }} on {{today}}', values, { html: false })).toBe(
      'Hi Lee, Alice Agent on 2026-11-28',
    );
    expect(values.contact_name).toBe('Lee Lead');
  });

  it('uses the chosen contact instead of the lead person', () => {
    const contact = { first_name: 'Carla', last_name: null, title: null, email: 'c@acme.test' };
    const values = leadMergeValues({ lead, contact, agent, today: '2026-11-28' });
    expect(renderMergeFields('{{contact_name}} <{{contact_email}}> {{contact_title}}.', values, { html: false })).toBe(
      'Carla <c@acme.test> .',
    );
  });

  it('escapes values in HTML but not in a subject', () => {
    const values = leadMergeValues({ lead, contact: null, agent, today: '2026-11-28' });
    expect(renderMergeFields('<p>{{company_name}}</p>', values, { html: true })).toBe('<p>Acme &amp; Sons</p>');
    expect(renderMergeFields('{{company_name}}', values, { html: false })).toBe('Acme & Sons');
    const evil = leadMergeValues({
      lead: { ...lead, company_name: '<img src=x onerror=alert(1)>' },
      contact: null,
      agent,
      today: '2026-11-28',
    });
    expect(renderMergeFields('{{company_name}}', evil, { html: true })).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('leaves unknown fields visible and lists each once; empty values render empty', () => {
    expect(renderMergeFields('{{nope}} {{company_website}}!', {}, { html: false })).toBe('{{nope}} !');
    expect(unknownMergeFields('{{a}} {{contact_first_name}} {{ a }} {{b_2}}')).toEqual(['a', 'b_2']);
    expect(unknownMergeFields('{ {x} } {{ }} {{has space}}')).toEqual([]);
    expect(unknownMergeFieldsMessage(['a'])).toBe('Unknown merge field: {{a}}.');
    expect(unknownMergeFieldsMessage(['a', 'b'])).toBe('Unknown merge fields: {{a}}, {{b}}.');
  });

  it('names contact_first_name and agent_name among the fields (design §4.9)', () => {
    const keys = mergeFields.map((field) => field.key);
    expect(keys).toContain('contact_first_name');
    expect(keys).toContain('agent_name');
  });
});

describe('contracts', () => {
  it('refuses unknown merge fields, blank bodies, multi-line subjects and too many documents', () => {
    const template = crmEmailTemplateInputSchema.safeParse({
      name: 'T',
      subject: 'Hi {{frist_name}}',
      body_html: '<p>&nbsp;</p>',
      document_ids: [1, 2, 3, 4, 5, 6],
    });
    expect(template.success).toBe(false);
    const paths = template.error!.issues.map((issue) => issue.path.join('.')).sort();
    // The merge fields are looked at once the fields themselves are valid.
    expect(paths).toEqual(['body_html', 'document_ids']);
    const typo = crmEmailTemplateInputSchema.safeParse({
      name: 'T',
      subject: 'Hi {{frist_name}}',
      body_html: '<p>x</p>',
    });
    expect(typo.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['subject', 'Unknown merge field: {{frist_name}}.'],
    ]);
    const email = leadEmailInputSchema.safeParse({ subject: 'a\nb', body_html: '<p>x</p>' });
    expect(email.error?.issues[0]?.message).toBe('The subject must be one line.');
    expect(leadEmailInputSchema.parse({ subject: 's', body_html: '<p>b</p>', document_ids: [3, 3] })).toEqual({
      contact_id: null,
      template_id: null,
      subject: 's',
      body_html: '<p>b</p>',
      document_ids: [3],
    });
  });

  it('takes an upload without a name, clears a category with an empty string, asks for something to change', () => {
    expect(crmDocumentUploadFieldsSchema.parse({ name: '', category: ' Pricing ' })).toEqual({ category: 'Pricing' });
    expect(crmDocumentUpdateSchema.parse({ category: '' })).toEqual({ category: null });
    expect(crmDocumentUpdateSchema.safeParse({}).success).toBe(false);
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('.bashrc')).toBe('');
    expect(fileExtension('README')).toBe('');
  });
});

describe('browser checks', () => {
  it('refuses empty, oversized and unknown kinds of file by name and size; formats sizes', () => {
    expect(crmDocumentFileProblem({ name: 'a.pdf', size: 10 })).toBeNull();
    expect(crmDocumentFileProblem({ name: 'photo.JPEG', size: 10 })).toBeNull();
    expect(crmDocumentFileProblem({ name: 'a.pdf', size: 0 })).toBe(crmDocumentMessages.fileEmpty);
    expect(crmDocumentFileProblem({ name: 'a.pdf', size: CRM_DOCUMENT_MAX_BYTES + 1 })).toBe(
      crmDocumentMessages.fileTooLarge,
    );
    expect(crmDocumentFileProblem({ name: 'a.pdf', size: CRM_DOCUMENT_MAX_BYTES })).toBeNull();
    expect(crmDocumentFileProblem({ name: 'setup.exe', size: 10 })).toBe(crmDocumentMessages.fileType);
    expect(crmDocumentFileProblem({ name: 'logo.svg', size: 10 })).toBe(crmDocumentMessages.fileType);
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(2048)).toBe('2.0 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
