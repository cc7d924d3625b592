import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useOutboxMessage } from './api/outbox.ts';
import { MessageBody } from './components/message-body.tsx';
import { notSentLabel, OutboxStatusBadge } from './components/outbox-status-badge.tsx';
import { outboxPath, readOutboxLinkState } from './outbox-paths.ts';

const maxId = 2_147_483_647;

/** /admin/outbox/{id} (issue 3 part 3): one kept message, its delivery error if any, and its body. */
export function OutboxMessagePage() {
  const { id } = useParams();
  const messageId = Number(id);
  // The route map lets digits only through; ids the server cannot hold do not exist either.
  const valid = Number.isSafeInteger(messageId) && messageId >= 1 && messageId <= maxId;
  return valid ? <OutboxMessage id={messageId} /> : <NotFoundPage />;
}

function OutboxMessage({ id }: { id: number }) {
  const location = useLocation();
  const message = useOutboxMessage(id);
  usePageTitle(message.data?.subject || undefined);

  // Back to the page of the list the message was opened from.
  const backTo = `${outboxPath}${readOutboxLinkState(location.state)?.listSearch ?? ''}`;
  const backLink = (
    <Anchor component={Link} to={backTo} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        Back to Outbox
      </Group>
    </Anchor>
  );

  if (message.isError && isApiError(message.error) && message.error.status === 404) return <NotFoundPage />;

  if (message.isError) {
    return (
      <Stack gap="md">
        {backLink}
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          <Group justify="space-between">
            <Text size="sm">An error occured.</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => void message.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      </Stack>
    );
  }

  if (!message.data) {
    return (
      <Stack gap="md">
        {backLink}
        <Group gap="xs">
          <Loader size="sm" />
          <Text c="dimmed">Loading the message…</Text>
        </Group>
      </Stack>
    );
  }

  const mail = message.data;
  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
          {mail.subject || '(no subject)'}
        </Title>
        <OutboxStatusBadge error={mail.error} />
      </Group>
      {mail.error !== null ? (
        <Alert color="red" variant="light" title={notSentLabel} icon={<IconAlertTriangle aria-hidden />}>
          <Text size="sm" style={{ wordBreak: 'break-word' }} data-testid="outbox-error">
            {mail.error}
          </Text>
        </Alert>
      ) : null}
      <Card withBorder padding={0}>
        <Table variant="vertical" layout="fixed" verticalSpacing="xs" aria-label="Message details">
          <Table.Tbody>
            <Field label="To">{mail.to}</Field>
            <Field label="Cc">
              {mail.cc ?? (
                <Text span c="dimmed" size="sm">
                  None
                </Text>
              )}
            </Field>
            <Field label="Subject">{mail.subject}</Field>
            <Field label="Attachments">
              {mail.attachment_names.length > 0 ? (
                mail.attachment_names.join(', ')
              ) : (
                <Text span c="dimmed" size="sm">
                  None
                </Text>
              )}
            </Field>
            <Field label="Created">
              <Group gap="xs" component="span">
                <RelativeTime value={mail.created_at} size="sm" />
                <Text span c="dimmed" size="sm">
                  ({new Date(mail.created_at).toLocaleString()})
                </Text>
              </Group>
            </Field>
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder>
        <MessageBody html={mail.html} text={mail.text} subject={mail.subject} />
      </Card>
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={120} scope="row">
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
