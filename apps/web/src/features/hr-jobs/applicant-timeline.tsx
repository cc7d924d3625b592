import { Button, Group, Stack, Text, Textarea, Timeline } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { hrApplicantNoteSchema, type HrApplicantDetail, type HrApplicantEvent } from '@switchboard/shared/hr/jobs';
import { useState } from 'react';
import { RelativeTime } from '../../components/relative-time.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAddNote } from './api/jobs.ts';

/** One line of the timeline: what happened, in words (moves name their steps). */
export function describeEvent(event: HrApplicantEvent, stepName: (id: number | null) => string): string {
  switch (event.type) {
    case 'created':
      return 'Applied';
    case 'moved':
      return `Moved from ${stepName(event.from_step_id)} to ${stepName(event.to_step_id)}`;
    case 'note':
      return 'Note';
    case 'email':
      return 'E-mail';
    case 'file':
      return 'File added';
    case 'interview':
      return 'Interview scheduled';
    case 'interview_cancelled':
      return 'Interview cancelled';
    case 'feedback':
      return 'Scorecard filed';
    case 'hired':
      return 'Hired';
    default:
      return 'Updated';
  }
}

/** The drawer's Timeline: moves, notes, e-mails (sent and received), files and interviews, newest first; a note. */
export function ApplicantTimeline({
  applicant,
  stepName,
}: {
  applicant: HrApplicantDetail;
  stepName: (id: number | null) => string;
}) {
  const add = useAddNote(applicant.id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const parsed = hrApplicantNoteSchema.safeParse({ body: note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'An error occured.');
      return;
    }
    setError(null);
    try {
      const answer = await add.mutateAsync(parsed.data.body);
      notifications.show({ color: 'green', message: answer.message });
      setNote('');
    } catch (failure) {
      setError(isApiError(failure) ? (failure.errors?.body?.[0] ?? failure.message) : 'An error occured.');
    }
  };
  const events = [...applicant.timeline].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Stack gap="md">
      {applicant.access === 'manage' && (
        <Stack gap={6}>
          <Textarea
            label="Add a note"
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button size="xs" loading={add.isPending} onClick={() => void submit()}>
              Add note
            </Button>
          </Group>
        </Stack>
      )}
      {events.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing yet.
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} aria-label="Timeline">
          {events.map((event) => (
            <Timeline.Item key={event.id} title={describeEvent(event, stepName)}>
              {event.body && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {event.body}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                {event.actor ? `${event.actor.name} · ` : ''}
                <RelativeTime value={event.created_at} span size="xs" />
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
