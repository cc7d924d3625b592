import { Alert, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { VoicemailRow } from '@switchboard/shared/crm-voicemails';
import { useEffect, useState } from 'react';
import { fetchVoicemailAudio } from '../api/voicemails.ts';
import { BlobPlayer } from './blob-player.tsx';

// Plays one voicemail: GET /api/crm/voicemails/{id}/audio fetched with the bearer token, played from the blob.

export function VoicemailPlayer({ voicemail, onClose }: { voicemail: VoicemailRow; onClose(): void }) {
  const [blob, setBlob] = useState<Blob | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setBlob(null);
    setFailed(false);
    fetchVoicemailAudio(voicemail.id, controller.signal)
      .then(setBlob)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [voicemail.id]);

  return (
    <Paper withBorder p="sm" aria-label="Player">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={500}>{voicemail.name}</Text>
          <CloseButton aria-label="Close player" onClick={onClose} />
        </Group>
        {failed ? (
          <Alert color="red">An error occured.</Alert>
        ) : blob ? (
          <BlobPlayer blob={blob} autoPlay />
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    </Paper>
  );
}
