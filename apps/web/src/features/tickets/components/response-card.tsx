import {
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  downloadFailedMessage,
  responseDraft,
  ticketSaveFailedMessage,
  type PresenceUser,
  type TicketDetail,
  type TicketThread,
} from '@switchboard/shared';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useCompanyAccountOptions } from '../../../lib/company-options.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { downloadStoredFile } from '../../../lib/download.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useRefreshTicket } from '../api/tickets.ts';
import { MailAuthBadge } from '../../../components/mail-auth-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { EditingWarning, useTicketSectionEditing } from './editing-warning.tsx';
import { FileTypeIcon } from '../../../components/file-type-icon.tsx';

/** Spec 3 §2 contact and response form: to an account or a typed e-mail, cc, attachments, a signed draft. */
export function ResponseCard({
  ticket,
  disabled,
  present,
}: {
  ticket: TicketDetail;
  disabled: boolean;
  present: PresenceUser[];
}) {
  const me = useCurrentUser();
  const refresh = useRefreshTicket(ticket.id);
  const accounts = useCompanyAccountOptions(ticket.company_id);
  const draft = responseDraft(me?.shortname ?? me?.name ?? '');
  const [toId, setToId] = useState<string | null>(ticket.client_id ? String(ticket.client_id) : null);
  const [toEmail, setToEmail] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState(ticket.subject);
  const [response, setResponse] = useState(draft);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const { others, sectionRef } = useTicketSectionEditing(ticket.id, 'response', present, response !== draft);

  const send = async () => {
    const form = new FormData();
    form.append('ticket_id', String(ticket.id));
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
      refresh();
    } catch (error) {
      const { fields } = getFormErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) notifications.show({ color: 'red', message: ticketSaveFailedMessage });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card withBorder padding="md" role="group" aria-label="Contact" ref={sectionRef}>
      <Title order={2} size="h4" mb="xs">
        Contact
      </Title>
      <Stack gap="xs">
        <EditingWarning others={others} />
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

/** Spec 3 §2 e-mail thread: subject, date, from, to, cc, the message and its attachments. */
export function ThreadCard({ threads }: { threads: TicketThread[] }) {
  const person = (party: TicketThread['from_user']) =>
    party.user_details ? `${party.user_details.name} <${party.original_email}>` : party.original_email;
  return (
    <Card withBorder padding="md" role="group" aria-label="E-mail Thread">
      <Title order={2} size="h4" mb="xs">
        E-mail Thread
      </Title>
      {threads.length === 0 ? (
        <Text c="dimmed" size="sm">
          No messages yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {threads.map((thread) => (
            <Card key={thread.id} withBorder padding="sm" data-thread-id={thread.id}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} size="sm">
                  {thread.subject}
                </Text>
                <Group gap={6} wrap="nowrap">
                  {thread.mail_auth ? <MailAuthBadge verdict={thread.mail_auth} /> : null}
                  <RelativeTime value={thread.created_at} size="xs" c="dimmed" />
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                From {person(thread.from_user)} to {person(thread.to_user)}
                {thread.cc_user.length ? `, cc ${thread.cc_user.map(person).join(', ')}` : ''}
              </Text>
              {/* The HTML version only after sanitising (lib/safe-html.ts); else the text version. */}
              {thread.html_body ? (
                <SafeHtml html={thread.html_body} mt={6} fz="sm" />
              ) : (
                <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
                  {thread.text_body}
                </Text>
              )}
              {thread.attachments.map((file) => (
                <Group key={file.id} gap={4}>
                  <FileTypeIcon fileName={file.file_name} size={12} />
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    onClick={() =>
                      void downloadStoredFile(file.path, file.file_name).catch(() =>
                        notifications.show({ color: 'red', message: downloadFailedMessage }),
                      )
                    }
                  >
                    {file.file_name}
                  </Anchor>
                </Group>
              ))}
            </Card>
          ))}
        </Stack>
      )}
    </Card>
  );
}
