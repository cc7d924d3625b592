import { Button, Card, FileInput, Group, Select, SimpleGrid, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { responseDraft, ticketSaveFailedMessage } from '@switchboard/shared';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState, type ReactNode, type Ref } from 'react';
import { api } from '../lib/api-client.ts';
import { useCurrentUser } from '../lib/auth-store.ts';
import { useCompanyAccountOptions } from '../lib/company-options.ts';
import { getFormErrors } from '../lib/form-errors.ts';

/** The ticket a response goes out on: its e-mail thread (a helpdesk ticket, or a project's contact step ticket). */
export interface ResponseTarget {
  id: number;
  company_id: number;
  client_id: number | null;
  subject: string;
}

/**
 * Spec 3 §2 contact and response form: to an account or a typed e-mail, cc, attachments, a signed draft, sent with
 * POST /api/ticket/createThread. `header` and `cardRef` let a page add its own notices (who else is editing).
 */
export function ResponseForm({
  target,
  disabled,
  onSent,
  header,
  cardRef,
  onDirtyChange,
}: {
  target: ResponseTarget;
  disabled: boolean;
  onSent: () => void;
  header?: ReactNode;
  cardRef?: Ref<HTMLDivElement>;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const me = useCurrentUser();
  const accounts = useCompanyAccountOptions(target.company_id);
  const draft = responseDraft(me?.shortname ?? me?.name ?? '');
  const [toId, setToId] = useState<string | null>(target.client_id ? String(target.client_id) : null);
  const [toEmail, setToEmail] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState(target.subject);
  const [response, setResponseText] = useState(draft);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const setResponse = (text: string) => {
    setResponseText(text);
    onDirtyChange?.(text !== draft);
  };

  const send = async () => {
    const form = new FormData();
    form.append('ticket_id', String(target.id));
    form.append('subject', subject);
    form.append('response', response);
    if (toId) form.append('to_id', toId);
    if (toEmail.trim()) form.append('to_email', toEmail.trim());
    if (cc.trim()) form.append('cc', cc);
    files.forEach((file, index) => form.append(`attachments[${index}]`, file, file.name));
    setSending(true);
    try {
      const answer = await api.post<{ message: string }>('/api/ticket/createThread', form);
      notifications.show({ color: 'green', message: answer.message });
      setErrors({});
      setResponse(draft);
      setFiles([]);
      setCc('');
      onSent();
    } catch (error) {
      const { fields } = getFormErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) notifications.show({ color: 'red', message: ticketSaveFailedMessage });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="md" role="group" aria-label="Contact" ref={cardRef}>
      <Title order={2} size="h4" mb="xs">
        Contact
      </Title>
      <Stack gap="xs">
        {header}
        <SimpleGrid cols={2}>
          <Select
            label="To (account)"
            searchable
            clearable
            data={(accounts.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={toId}
            onChange={(value) => {
              setToId(value);
              if (value) setToEmail('');
            }}
            error={errors.to}
            disabled={disabled}
          />
          <TextInput
            label="Or e-mail"
            placeholder="someone@example.com"
            value={toEmail}
            onChange={(event) => {
              setToEmail(event.currentTarget.value);
              if (event.currentTarget.value) setToId(null);
            }}
            error={errors.to_email}
            disabled={disabled}
          />
        </SimpleGrid>
        <TextInput
          label="Cc"
          placeholder="comma-separated"
          value={cc}
          onChange={(event) => setCc(event.currentTarget.value)}
          error={errors.cc}
          disabled={disabled}
        />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          error={errors.subject}
          disabled={disabled}
        />
        <Textarea
          label="Response"
          autosize
          minRows={5}
          value={response}
          onChange={(event) => setResponse(event.currentTarget.value)}
          error={errors.response}
          disabled={disabled}
        />
        <Group align="flex-end" wrap="nowrap">
          <FileInput
            style={{ flex: 1 }}
            aria-label="Response attachments"
            placeholder="Attach files"
            multiple
            clearable
            value={files}
            onChange={setFiles}
            leftSection={<IconPaperclip size={14} aria-hidden />}
            disabled={disabled}
          />
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={() => void send()}
            loading={sending}
            disabled={disabled}
          >
            Send Response
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
