import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DialSession } from '@switchboard/shared/crm-dialer';
import { useState } from 'react';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useCurrentDialSession, useDialAction, useLiveDialSession } from './api/dialer.ts';
import { RunningSession, useAdvance } from './running-session.tsx';
import { QueueList, SessionHeader, SessionStats } from './session-parts.tsx';
import { SetupForm } from './setup-form.tsx';

// /crm/phoneburner (designs/crm-softphone.md §4.4; decision 0127): setup, the queue's preview, Start; then the running
// session. The open session is read on mount, so a reload finds it again; DialerUpdated keeps it live.

export function DialerPage() {
  const session = useCurrentDialSession();
  const [finished, setFinished] = useState<DialSession | null>(null);
  const open = session.data ?? null;
  // A session stopped elsewhere (another tab) shows its summary; a discarded preview does not.
  useLiveDialSession((ended) => {
    if (open !== null && open.status !== 'ready') setFinished(ended);
  });

  return (
    <Stack gap="md">
      <Title order={2}>Power Dialer</Title>
      {session.isPending ? (
        <Loader aria-label="Loading the dial session" />
      ) : session.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : open === null ? (
        <>
          {finished ? <FinishedSummary session={finished} onClose={() => setFinished(null)} /> : null}
          <SetupForm />
        </>
      ) : open.status === 'ready' ? (
        <QueuePreview session={open} onFinished={setFinished} />
      ) : (
        <RunningSession session={open} onFinished={setFinished} />
      )}
    </Stack>
  );
}

/** A 'ready' session: how many leads the queue holds and the first of them; Start claims and dials the first. */
function QueuePreview({ session, onFinished }: { session: DialSession; onFinished: (session: DialSession) => void }) {
  const action = useDialAction();
  const { advance, pending } = useAdvance(onFinished);
  const fail = (error: unknown) => notifications.show({ color: 'red', message: getFormErrors(error).message });
  const start = () => advance(session, true);
  // Changing the setup drops this queue (the session never started).
  const discard = () => action.mutate({ id: session.id, action: 'stop' }, { onError: fail });
  return (
    <Paper withBorder p="md" component="section" aria-label="Queue preview">
      <Stack gap="sm">
        <SessionHeader session={session} />
        <Text data-testid="dialer-queue-size">
          {session.counts.total} lead{session.counts.total === 1 ? '' : 's'} in the queue
        </Text>
        <QueueList items={session.upcoming} label="Queue" />
        <Group justify="flex-end">
          <Button variant="default" onClick={discard} disabled={action.isPending || pending}>
            Change setup
          </Button>
          <Button onClick={start} loading={action.isPending || pending}>
            Start
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function FinishedSummary({ session, onClose }: { session: DialSession; onClose: () => void }) {
  return (
    <Stack gap="xs" component="section" aria-label="Finished session">
      <Group justify="space-between">
        <SessionHeader session={session} />
        <Button variant="subtle" size="xs" onClick={onClose}>
          Dismiss
        </Button>
      </Group>
      <SessionStats session={session} />
    </Stack>
  );
}
