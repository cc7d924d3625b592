import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { VoicemailRow } from '@switchboard/shared/crm-voicemails';
import { IconMicrophone, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useLiveVoicemails, useUpdateVoicemail, useVoicemails } from './api/voicemails.ts';
import { DeleteModal, RecordModal, RenameModal, UploadModal } from './components/voicemail-dialogs.tsx';
import { VoicemailPlayer } from './components/voicemail-player.tsx';
import { VoicemailsTable } from './components/voicemails-table.tsx';

// /crm/voicemails (designs/crm-softphone.md §4.5): the recordings an agent's call leaves on an answering machine.
// Everyone with 'view crm' lists and plays them; 'manage crm' uploads, records, renames, sets the default, deletes.
// Live on VoicemailUpdated.

export function VoicemailsPage() {
  const manage = usePermissions().includes('manage crm');
  const list = useVoicemails();
  useLiveVoicemails();
  const update = useUpdateVoicemail();
  const [playing, setPlaying] = useState<VoicemailRow | null>(null);
  const [renaming, setRenaming] = useState<VoicemailRow | null>(null);
  const [deleting, setDeleting] = useState<VoicemailRow | null>(null);
  const [dialog, setDialog] = useState<'upload' | 'record' | null>(null);
  const rows = list.data ?? [];

  const makeDefault = (row: VoicemailRow) =>
    update.mutate(
      { id: row.id, is_default: true },
      {
        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
        onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
      },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Voicemails</Title>
        {manage && (
          <Group>
            <Button leftSection={<IconUpload size={16} />} onClick={() => setDialog('upload')}>
              Upload
            </Button>
            <Button variant="light" leftSection={<IconMicrophone size={16} />} onClick={() => setDialog('record')}>
              Record
            </Button>
          </Group>
        )}
      </Group>
      {playing && <VoicemailPlayer voicemail={playing} onClose={() => setPlaying(null)} />}
      {list.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : list.isPending ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No voicemails yet.</Text>
      ) : (
        <VoicemailsTable
          rows={rows}
          manage={manage}
          busyId={update.isPending ? (update.variables?.id ?? null) : null}
          actions={{ onPlay: setPlaying, onRename: setRenaming, onMakeDefault: makeDefault, onDelete: setDeleting }}
        />
      )}
      {manage && (
        <>
          <UploadModal opened={dialog === 'upload'} onClose={() => setDialog(null)} />
          <RecordModal opened={dialog === 'record'} onClose={() => setDialog(null)} />
          <RenameModal voicemail={renaming} onClose={() => setRenaming(null)} />
          <DeleteModal
            voicemail={deleting}
            others={rows.filter((row) => row.id !== deleting?.id)}
            onClose={() => setDeleting(null)}
          />
        </>
      )}
    </Stack>
  );
}
