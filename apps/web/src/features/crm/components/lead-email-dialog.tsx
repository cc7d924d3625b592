import { Alert, Button, Group, Input, Loader, Modal, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  leadEmailInputSchema,
  leadMergeValues,
  renderMergeFields,
  type CrmEmailTemplateRow,
} from '@switchboard/shared/crm-documents';
import type { LeadDetail } from '@switchboard/shared/crm-leads';
import { IconMail } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useCrmDocuments, useEmailTemplates, useSendLeadEmail } from '../api/documents.ts';
import { localToday } from '../lead-filters.ts';

// The lead drawer's Email (designs/crm-softphone.md §4.2): to the lead or one of its contacts with an e-mail, a
// template whose subject, body and documents fill the form (the merge fields filled for the chosen person, still
// editable), library documents attached. The server fills any merge field left and records the e-mail on the
// timeline (LeadEmailSent).

const RichTextEditor = lazy(() =>
  import('../../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextEditor })),
);

const LEAD_ITSELF = 'lead';

export function LeadEmailDialog({ lead, onClose }: { lead: LeadDetail; onClose(): void }) {
  const user = useCurrentUser();
  const templates = useEmailTemplates();
  const documents = useCrmDocuments();
  const send = useSendLeadEmail(lead.id);
  const recipients = [
    ...(lead.email ? [{ value: LEAD_ITSELF, label: `${lead.contact_name || lead.company_name} <${lead.email}>` }] : []),
    ...lead.contacts
      .filter((contact) => contact.email)
      .map((contact) => ({
        value: String(contact.id),
        label: `${[contact.first_name, contact.last_name].filter(Boolean).join(' ') || 'Contact'} <${contact.email}>`,
      })),
  ];
  const [recipient, setRecipient] = useState<string | null>(recipients[0]?.value ?? null);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);

  const valuesFor = (chosen: string | null) => {
    const contact = chosen && chosen !== LEAD_ITSELF ? lead.contacts.find((c) => String(c.id) === chosen) : null;
    return leadMergeValues({
      lead,
      contact: contact ?? null,
      agent: { name: user?.name ?? '', email: user?.email ?? null },
      today: localToday(),
    });
  };
  const applyTemplate = (value: string | null) => {
    setTemplateId(value);
    const template = (templates.data ?? []).find((row: CrmEmailTemplateRow) => String(row.id) === value);
    if (!template) return;
    const values = valuesFor(recipient);
    setSubject(renderMergeFields(template.subject, values, { html: false }));
    setBody(renderMergeFields(template.body_html, values, { html: true }));
    setDocumentIds(template.document_ids.map(String));
  };

  const submit = () => {
    const input = {
      contact_id: recipient && recipient !== LEAD_ITSELF ? Number(recipient) : null,
      template_id: templateId ? Number(templateId) : null,
      subject,
      body_html: body,
      document_ids: documentIds.map(Number),
    };
    const found: Record<string, string> = {};
    if (!recipient) found.contact_id = 'Choose who receives the e-mail.';
    const checked = leadEmailInputSchema.safeParse(input);
    if (!checked.success) for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBanner(null);
    send.mutate(input, {
      onSuccess: (answer) => {
        notifications.show({ color: answer.data.delivered === 'smtp' ? 'green' : 'yellow', message: answer.message });
        onClose();
      },
      onError: (error) => {
        const problems = getFormErrors(error);
        setErrors(problems.fields);
        setBanner(problems.message);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Email ${lead.company_name}`} size="xl">
      <Stack>
        {banner ? <Alert color="red">{banner}</Alert> : null}
        {recipients.length === 0 ? (
          <Alert color="yellow">Neither this lead nor its contacts have an e-mail address.</Alert>
        ) : null}
        <Select
          label="To"
          data={recipients}
          value={recipient}
          onChange={setRecipient}
          allowDeselect={false}
          error={errors.contact_id}
        />
        <Select
          label="Template"
          placeholder={templates.isPending ? 'Loading…' : 'None'}
          clearable
          data={(templates.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={templateId}
          onChange={applyTemplate}
          error={errors.template_id}
        />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={errors.subject}
        />
        <Input.Wrapper label="Message" error={errors.body_html}>
          <Suspense fallback={<Loader size="sm" aria-label="Loading the editor" />}>
            <RichTextEditor value={body} onChange={setBody} label="Message" />
          </Suspense>
        </Input.Wrapper>
        <MultiSelect
          label="Documents"
          placeholder="Attach library documents"
          data={(documents.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={documentIds}
          onChange={setDocumentIds}
          searchable
          error={errors.document_ids}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={send.isPending} disabled={recipients.length === 0}>
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The drawer's Email button and its dialog. */
export function LeadEmailButton({ lead }: { lead: LeadDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconMail size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Email
      </Button>
      {open ? <LeadEmailDialog lead={lead} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
