import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadFailedMessage, type TicketThread } from '@switchboard/shared';
import { downloadStoredFile } from '../lib/download.ts';
import { FileTypeIcon } from './file-type-icon.tsx';
import { MailAuthBadge } from './mail-auth-badge.tsx';
import { RelativeTime } from './relative-time.tsx';
import { SafeHtml } from './safe-html.tsx';

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
