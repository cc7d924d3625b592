import { ActionIcon, Alert, Anchor, Button, Card, Checkbox, FileInput, Group, SegmentedControl, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { downloadFailedMessage, ticketSaveFailedMessage, type TicketAttachment, type TicketDetail } from '@switchboard/shared';
import { IconClock, IconPaperclip, IconRestore, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { downloadStoredFile } from '../../../lib/download.ts';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';

const labels = { notes: 'Private Notes', resolution: 'Resolution' } as const;

/**
 * Spec 3 §2: the private notes (staff only) or the public resolution, each with attachments. The notes have the
 * timestamp stamp (MM/DD/YYYY hh:mm A and the user's short name), the auto / 250px height toggle and the
 * notes-saved banner that clears after 10 seconds. Attachments toggle deleted and show only when asked.
 */
export function TextWithAttachmentsCard({ ticket, kind, disabled }: { ticket: TicketDetail; kind: 'notes' | 'resolution'; disabled: boolean }) {
  const me = useCurrentUser();
  const staff = me?.type === 'Employee';
  const saved = kind === 'notes' ? ticket.notes : ticket.resolution;
  const [text, setText] = useState(saved);
  const [base, setBase] = useState(saved);
  const [file, setFile] = useState<File | null>(null);
  const [height, setHeight] = useState<'auto' | '250px'>('auto');
  const [banner, setBanner] = useState<string | null>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const save = useTicketAction(ticket.id, ticketCalls.saveText(ticket.id, kind));
  const toggle = useTicketAction(ticket.id, ticketCalls.toggleAttachment(kind));
  const attachments = kind === 'notes' ? ticket.all_notes_attachments : ticket.all_resolution_attachments;

  // Someone else saved: take their text unless we are editing ours.
  if (saved !== base) {
    setBase(saved);
    if (text === base) setText(saved);
  }
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), 10_000);
    return () => clearTimeout(timer);
  }, [banner]);

  const stamp = () => {
    const line = `${dayjs().format('MM/DD/YYYY hh:mm A')} ${me?.shortname ?? me?.name ?? ''}: `;
    setText((current) => (current ? `${current}\n${line}` : line));
  };

  const submit = () =>
    save.mutate(
      { text, attachment: file },
      {
        onSuccess: (answer) => {
          setBase(text);
          setFile(null);
          setBanner(answer.message);
        },
        onError: () => notifications.show({ color: 'red', message: ticketSaveFailedMessage }),
      },
    );

  const visible = attachments.filter((attachment) => showDeleted || attachment.deleted_at === null);
  return (
    <Card withBorder padding="md" role="group" aria-label={labels[kind]}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {labels[kind]}
        </Title>
        {kind === 'notes' && staff ? (
          <Group gap="xs">
            <Tooltip label="Insert a timestamp">
              <ActionIcon variant="default" aria-label="Insert timestamp" onClick={stamp} disabled={disabled}>
                <IconClock size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <SegmentedControl size="xs" aria-label="Editor height" data={[{ value: 'auto', label: 'Auto' }, { value: '250px', label: '250px' }]} value={height} onChange={(value) => setHeight(value as 'auto' | '250px')} />
          </Group>
        ) : null}
      </Group>
      <Stack gap="xs">
        {banner ? (
          <Alert color="green" variant="light" role="status">
            {banner}
          </Alert>
        ) : null}
        {staff ? (
          <Textarea
            aria-label={labels[kind]}
            autosize={height === 'auto'}
            minRows={4}
            styles={height === '250px' ? { input: { height: 250 } } : undefined}
            value={text}
            disabled={disabled}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        ) : (
          <Text style={{ whiteSpace: 'pre-wrap' }}>{saved || 'No resolution yet.'}</Text>
        )}
        {visible.map((attachment) => (
          <AttachmentRow key={attachment.id} attachment={attachment} canToggle={staff && !disabled} onToggle={() => toggle.mutate(attachment.id, { onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }) })} />
        ))}
        {staff ? (
          <>
            <Checkbox size="xs" label="Show Deleted Attachments" checked={showDeleted} onChange={(event) => setShowDeleted(event.currentTarget.checked)} />
            <Group align="flex-end" wrap="nowrap">
              <FileInput style={{ flex: 1 }} aria-label={`${labels[kind]} attachment`} placeholder="Attach a file" clearable value={file} onChange={setFile} leftSection={<IconPaperclip size={14} aria-hidden />} disabled={disabled} />
              <Button onClick={submit} loading={save.isPending} disabled={disabled}>
                {kind === 'notes' ? 'Save Notes' : 'Save Resolution'}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function AttachmentRow({ attachment, canToggle, onToggle }: { attachment: TicketAttachment; canToggle: boolean; onToggle: () => void }) {
  const deleted = attachment.deleted_at !== null;
  const download = () => downloadStoredFile(attachment.path, attachment.file_name).catch(() => notifications.show({ color: 'red', message: downloadFailedMessage }));
  return (
    <Group gap={6} wrap="nowrap" data-attachment-id={attachment.id}>
      <IconPaperclip size={14} aria-hidden />
      <Anchor component="button" type="button" size="sm" td={deleted ? 'line-through' : undefined} onClick={() => void download()}>
        {attachment.file_name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {attachment.user?.name ?? ''}
      </Text>
      {canToggle ? (
        <ActionIcon size="sm" variant="subtle" color={deleted ? 'green' : 'red'} aria-label={`${deleted ? 'Restore' : 'Delete'} ${attachment.file_name}`} onClick={onToggle}>
          {deleted ? <IconRestore size={14} aria-hidden /> : <IconTrash size={14} aria-hidden />}
        </ActionIcon>
      ) : null}
    </Group>
  );
}
