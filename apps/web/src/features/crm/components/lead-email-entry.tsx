import { Badge, Group, Paper, Text } from '@mantine/core';
import type { LeadEmail } from '@switchboard/shared/crm-documents';
import { IconMail, IconPaperclip } from '@tabler/icons-react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';

/** An e-mail sent from the lead's drawer, as the timeline shows it (designs/crm-softphone.md §4.2). */
export function LeadEmailEntry({ email }: { email: LeadEmail }) {
  return (
    <Paper withBorder p="xs" role="listitem" data-email-id={email.id}>
      <Group gap="xs" mb={4} wrap="wrap">
        <IconMail size={16} aria-hidden />
        <Text size="sm" fw={600}>
          Email
        </Text>
        <Text size="sm">to {email.to_name ? `${email.to_name} <${email.to_email}>` : email.to_email}</Text>
        {email.delivered === 'outbox' ? (
          <Badge variant="light" color="yellow" size="sm">
            In the outbox
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {email.user_name ?? ''}
        </Text>
        <RelativeTime value={email.created_at} size="xs" c="dimmed" />
      </Group>
      <Text size="sm" fw={500}>
        {email.subject}
      </Text>
      <SafeHtml html={email.body_html} fz="sm" />
      {email.documents.length > 0 ? (
        <Group gap={4} mt={4}>
          <IconPaperclip size={14} aria-hidden />
          {email.documents.map((document) => (
            <Badge key={document.id} variant="outline" size="sm">
              {document.name}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
}
