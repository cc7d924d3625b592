import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  downloadFailedMessage,
  notesMismatchMessage,
  ticketSaveFailedMessage,
  type PresenceUser,
  type TicketAttachment,
  type TicketDetail,
} from '@switchboard/shared';
import { IconClock, IconPaperclip, IconRestore, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { lazy, Suspense, useEffect, useState } from 'react';
import { insertLine } from '../../../components/editor-commands.ts';
import type { EditorControl } from '../../../components/rich-text-editor.tsx';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { downloadStoredFile } from '../../../lib/download.ts';
import { storedTextToHtml } from '../../../lib/safe-html.ts';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';
import { EditingWarning, useTicketSectionEditing } from './editing-warning.tsx';
import { FileTypeIcon } from '../../../components/file-type-icon.tsx';

const labels = { notes: 'Private Notes', resolution: 'Resolution' } as const;

// Tiptap and ProseMirror are most of the ticket page's code: loaded only where someone can edit (staff), after the
// page itself has shown; until then the saved text is shown as it will look.
const RichTextEditor = lazy(() =>
  import('../../../components/rich-text-editor.tsx').then((module) => ({ default: module.RichTextEditor })),
);
const NoteRevisionsDrawer = lazy(() =>
  import('../../../components/notes-editor/note-revisions.tsx').then((module) => ({
    default: module.NoteRevisionsDrawer,
  })),
);
// The private notes are co-edited live (yjs and Hocuspocus load with them, only here).
const CollaborativeNotesEditor = lazy(() =>
  import('../../../components/notes-editor/collaborative-notes-editor.tsx').then((module) => ({
    default: module.CollaborativeNotesEditor,
  })),
);

/** The notes' stamp (spec 3 §2): MM/DD/YYYY hh:mm A and the user's short name. */
const timestampStamp = (now: Date, shortname: string) => `${dayjs(now).format('MM/DD/YYYY hh:mm A')} ${shortname}: `;

/**
 * Spec 3 §2: the private notes (staff only) or the public resolution, each in the rich-text editor with
 * attachments. The notes have the timestamp stamp, the auto / 250px height toggle and the notes-saved banner that
 * clears after 10 seconds. Someone else saving under unsaved edits shows the spec's mismatch message with a
 * restore; someone else editing the same section shows a warning. Attachments toggle deleted and show only when asked.
 */
export function TextWithAttachmentsCard({
  ticket,
  kind,
  disabled,
  present,
}: {
  ticket: TicketDetail;
  kind: 'notes' | 'resolution';
  disabled: boolean;
  present: PresenceUser[];
}) {
  const me = useCurrentUser();
  const staff = me?.type === 'Employee';
  const saved = kind === 'notes' ? ticket.notes : ticket.resolution;
  const [text, setText] = useState(saved);
  const [base, setBase] = useState(saved);
  const [mismatch, setMismatch] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [height, setHeight] = useState<'auto' | '250px'>('auto');
  const [banner, setBanner] = useState<string | null>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const [restoring, setRestoring] = useState({ key: 0, text: '' });
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  // The private notes are one shared document for everyone editing them; the resolution is edited alone.
  const shared = kind === 'notes' && staff;
  const save = useTicketAction(ticket.id, ticketCalls.saveText(ticket.id, kind));
  const toggle = useTicketAction(ticket.id, ticketCalls.toggleAttachment(kind));
  const attachments = kind === 'notes' ? ticket.all_notes_attachments : ticket.all_resolution_attachments;
  // Spec 3 §8: the server's message on success; a failed delete or restore shows the error toast.
  const toggleAttachment = (id: number) =>
    toggle.mutate(id, {
      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
      onError: () => notifications.show({ color: 'red', message: ticketSaveFailedMessage }),
    });
  const dirty = text !== base;
  const { others, sectionRef } = useTicketSectionEditing(ticket.id, kind, present, dirty);

  // Someone else saved: take their text, unless we are editing ours (then say so and offer the restore).
  if (saved !== base) {
    setBase(saved);
    // Shared notes already show everyone's text: a save elsewhere only tells whether ours is now the stored one.
    if (shared) setMismatch(saved !== text);
    else if (!dirty) setText(saved);
    else if (saved !== text) setMismatch(true);
  }
  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), 10_000);
    return () => clearTimeout(timer);
  }, [banner]);

  const stamp: EditorControl = {
    label: 'Insert timestamp',
    icon: <IconClock size={16} aria-hidden />,
    onClick: (editor) => insertLine(editor, timestampStamp(new Date(), me?.shortname ?? me?.name ?? '')),
  };

  const restoreText = (next: string) => {
    if (shared) setRestoring((current) => ({ key: current.key + 1, text: next }));
    else setText(next);
  };
  const restore = () => {
    restoreText(saved);
    setMismatch(false);
  };

  const submit = () =>
    save.mutate(
      { text, attachment: file },
      {
        onSuccess: (answer) => {
          setBase(text);
          setMismatch(false);
          setFile(null);
          setBanner(answer.message);
        },
        onError: () => notifications.show({ color: 'red', message: ticketSaveFailedMessage }),
      },
    );

  const visible = attachments.filter((attachment) => showDeleted || attachment.deleted_at === null);
  return (
    <Card withBorder padding="md" role="group" aria-label={labels[kind]} ref={sectionRef}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {labels[kind]}
        </Title>
        {kind === 'notes' && staff ? (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={() => setRevisionsOpen(true)}>
              Revisions
            </Button>
            <SegmentedControl
              size="xs"
              aria-label="Editor height"
              data={[
                { value: 'auto', label: 'Auto' },
                { value: '250px', label: '250px' },
              ]}
              value={height}
              onChange={(value) => setHeight(value as 'auto' | '250px')}
            />
          </Group>
        ) : null}
      </Group>
      <Stack gap="xs">
        {banner ? (
          <Alert color="green" variant="light" role="status">
            {banner}
          </Alert>
        ) : null}
        <EditingWarning others={others} />
        {mismatch ? (
          <Alert color="orange" variant="light" role="alert">
            <Group justify="space-between" gap="xs">
              <Text size="sm">{notesMismatchMessage}</Text>
              <Group gap={6}>
                <Button size="compact-sm" variant="light" color="orange" onClick={submit} disabled={disabled}>
                  Save
                </Button>
                <Button size="compact-sm" variant="light" color="orange" onClick={restore} disabled={disabled}>
                  Restore from database
                </Button>
              </Group>
            </Group>
          </Alert>
        ) : null}
        {staff ? (
          <Suspense
            fallback={
              <Paper withBorder p="sm" mih={160} aria-busy="true">
                <SafeHtml html={storedTextToHtml(text)} />
              </Paper>
            }
          >
            {shared && me ? (
              <CollaborativeNotesEditor
                note={`ticket:${ticket.id}`}
                stored={saved}
                user={{ id: me.id, name: me.name }}
                onSyncedDiffers={setMismatch}
                restore={restoring}
                label={labels[kind]}
                value={text}
                onChange={setText}
                disabled={disabled}
                height={height}
                controls={[stamp]}
              />
            ) : (
              <RichTextEditor
                label={labels[kind]}
                value={text}
                onChange={setText}
                disabled={disabled}
                height={kind === 'notes' ? height : 'auto'}
                controls={kind === 'notes' ? [stamp] : []}
              />
            )}
          </Suspense>
        ) : saved ? (
          <SafeHtml html={storedTextToHtml(saved)} />
        ) : (
          <Text c="dimmed">No resolution yet.</Text>
        )}
        {visible.map((attachment) => (
          <AttachmentRow
            key={attachment.id}
            attachment={attachment}
            canToggle={staff && !disabled}
            onToggle={() => toggleAttachment(attachment.id)}
          />
        ))}
        {staff ? (
          <>
            <Checkbox
              size="xs"
              label="Show Deleted Attachments"
              checked={showDeleted}
              onChange={(event) => setShowDeleted(event.currentTarget.checked)}
            />
            <Group align="flex-end" wrap="nowrap">
              <FileInput
                style={{ flex: 1 }}
                aria-label={`${labels[kind]} attachment`}
                placeholder="Attach a file"
                clearable
                value={file}
                onChange={setFile}
                leftSection={<IconPaperclip size={14} aria-hidden />}
                disabled={disabled}
              />
              <Button onClick={submit} loading={save.isPending} disabled={disabled}>
                {kind === 'notes' ? 'Save Notes' : 'Save Resolution'}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
      {shared && revisionsOpen ? (
        <Suspense fallback={null}>
          <NoteRevisionsDrawer
            note={`ticket:${ticket.id}`}
            current={text}
            opened
            onClose={() => setRevisionsOpen(false)}
            onRestore={(notes) => {
              restoreText(notes);
              setRevisionsOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

function AttachmentRow({
  attachment,
  canToggle,
  onToggle,
}: {
  attachment: TicketAttachment;
  canToggle: boolean;
  onToggle: () => void;
}) {
  const deleted = attachment.deleted_at !== null;
  const download = () =>
    downloadStoredFile(attachment.path, attachment.file_name).catch(() =>
      notifications.show({ color: 'red', message: downloadFailedMessage }),
    );
  return (
    <Group gap={6} wrap="nowrap" data-attachment-id={attachment.id}>
      <FileTypeIcon fileName={attachment.file_name} />
      <Anchor
        component="button"
        type="button"
        size="sm"
        td={deleted ? 'line-through' : undefined}
        onClick={() => void download()}
      >
        {attachment.file_name}
      </Anchor>
      <Text size="xs" c="dimmed">
        {attachment.user?.name ?? ''}
      </Text>
      {canToggle ? (
        <ActionIcon
          size="sm"
          variant="subtle"
          color={deleted ? 'green' : 'red'}
          aria-label={`${deleted ? 'Restore' : 'Delete'} ${attachment.file_name}`}
          onClick={onToggle}
        >
          {deleted ? <IconRestore size={14} aria-hidden /> : <IconTrash size={14} aria-hidden />}
        </ActionIcon>
      ) : null}
    </Group>
  );
}
