import { Alert, CloseButton, Group, Loader, Paper, Text } from '@mantine/core';
import type { VoicemailRow } from '@switchboard/shared/crm-voicemails';
import { useEffect, useState } from 'react';
import { fetchVoicemailAudio } from '../api/voicemails.ts';

// Plays one recording: fetched with the bearer token as a blob, shown as a blob URL (revoked when it goes).

export function VoicemailPlayer({ voicemail, onClose }: { voicemail: VoicemailRow; onClose(): void }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let created: string | null = null;
    setUrl(null);
    setFailed(false);
    fetchVoicemailAudio(voicemail.id, controller.signal)
      .then((blob) => {
        created = URL.createObjectURL(blob);
        setUrl(created);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [voicemail.id]);

  return (
    <Paper withBorder p="sm" aria-label="Player">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={500}>{voicemail.name}</Text>
        <CloseButton aria-label="Close player" onClick={onClose} />
      </Group>
      {failed ? (
        <Alert color="red" mt="xs">
          An error occured.
        </Alert>
      ) : url ? (
        <audio controls autoPlay src={url} style={{ width: '100%' }} data-testid="voicemail-audio" />
      ) : (
        <Loader size="sm" mt="xs" />
      )}
    </Paper>
  );
}
