import { Alert, Badge, Button, Group, Paper, Rating, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrFeedbackInputSchema,
  hrInterviewKindLabels,
  hrRecommendationLabels,
  hrRecommendations,
  type HrApplicantDetail,
  type HrInterview,
  type HrRecommendation,
} from '@switchboard/shared/hr/jobs';
import { useState } from 'react';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { contractMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useCancelInterview, useSaveFeedback } from './api/jobs.ts';
import { InterviewDialog } from './interview-dialog.tsx';

const timeRange = (interview: HrInterview) => {
  const starts = new Date(interview.starts_at);
  const ends = new Date(interview.ends_at);
  const day = starts.toLocaleDateString('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' });
  const time = (date: Date) => date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${day}, ${time(starts)}-${time(ends)}`;
};

/** The drawer's Interviews: schedule, reschedule, cancel; each interviewer's scorecard, one's own to file. */
export function ApplicantInterviews({
  applicant,
  initialDate = null,
}: {
  applicant: HrApplicantDetail;
  /** A day chosen on the HR calendar: a new interview's dialog opens at once on it. */
  initialDate?: string | null;
}) {
  const manage = applicant.access === 'manage';
  const [editing, setEditing] = useState<HrInterview | 'new' | null>(manage && initialDate ? 'new' : null);
  const interviews = [...applicant.interviews].sort((a, b) => b.starts_at.localeCompare(a.starts_at));
  return (
    <Stack gap="sm">
      {manage && (
        <Group justify="flex-end">
          <Button size="xs" onClick={() => setEditing('new')}>
            Schedule interview
          </Button>
        </Group>
      )}
      {interviews.length === 0 && (
        <Text c="dimmed" size="sm">
          No interviews yet.
        </Text>
      )}
      {interviews.map((interview) => (
        <InterviewCard
          key={interview.id}
          applicantId={applicant.id}
          interview={interview}
          manage={manage}
          onEdit={() => setEditing(interview)}
        />
      ))}
      {editing && (
        <InterviewDialog
          applicantId={applicant.id}
          applicantName={applicant.name}
          interview={editing === 'new' ? null : editing}
          initialDate={editing === 'new' ? initialDate : null}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function InterviewCard({
  applicantId,
  interview,
  manage,
  onEdit,
}: {
  applicantId: number;
  interview: HrInterview;
  manage: boolean;
  onEdit: () => void;
}) {
  const user = useCurrentUser();
  const cancel = useCancelInterview(applicantId);
  const cancelled = interview.status === 'cancelled';
  const mine = interview.interviewers.find((person) => person.user_id === user?.id);
  const drop = async () => {
    try {
      const answer = await cancel.mutateAsync(interview.id);
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    }
  };
  return (
    <Paper withBorder p="sm" radius="md" aria-label={`Interview ${timeRange(interview)}`} component="section">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500} size="sm" td={cancelled ? 'line-through' : undefined}>
              {timeRange(interview)}
            </Text>
            <Badge size="sm" variant="light">
              {hrInterviewKindLabels[interview.kind]}
            </Badge>
            {cancelled && (
              <Badge size="sm" color="gray">
                Cancelled
              </Badge>
            )}
          </Group>
          {interview.location && (
            <Text size="sm" c="dimmed">
              {interview.location}
            </Text>
          )}
        </Stack>
        {manage && !cancelled && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit}>
              Reschedule
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                confirmDelete({
                  title: 'Cancel interview?',
                  text: 'The applicant and the interviewers get the cancellation by e-mail.',
                  confirm: 'Cancel interview',
                  onConfirm: () => void drop(),
                })
              }
            >
              Cancel
            </Button>
          </Group>
        )}
      </Group>
      <Stack gap={6} mt="xs">
        {interview.interviewers.map((person) => (
          <Group key={person.user_id} gap="xs" align="flex-start" wrap="nowrap">
            <Text size="sm" w={160}>
              {person.name}
            </Text>
            {person.submitted && person.rating !== null ? (
              <Stack gap={2} style={{ flex: 1 }}>
                <Group gap="xs">
                  <Rating value={person.rating} readOnly size="xs" aria-label={`Rated ${person.rating} of 5`} />
                  {person.recommendation && <Badge size="sm">{hrRecommendationLabels[person.recommendation]}</Badge>}
                </Group>
                {person.feedback && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {person.feedback}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {person.submitted ? 'Scorecard filed (shown once you file yours)' : 'No scorecard yet'}
              </Text>
            )}
          </Group>
        ))}
      </Stack>
      {mine && !mine.submitted && !cancelled && <ScorecardForm applicantId={applicantId} interviewId={interview.id} />}
    </Paper>
  );
}

function ScorecardForm({ applicantId, interviewId }: { applicantId: number; interviewId: number }) {
  const save = useSaveFeedback(applicantId);
  const [rating, setRating] = useState(0);
  const [recommendation, setRecommendation] = useState<HrRecommendation | ''>('');
  const [notes, setNotes] = useState('');
  const [messages, setMessages] = useState<FieldMessages>({});
  const submit = async () => {
    const parsed = hrFeedbackInputSchema.safeParse({ rating, recommendation: recommendation || undefined, notes });
    setMessages(contractMessages(parsed) ?? {});
    if (!parsed.success) return;
    try {
      const answer = await save.mutateAsync({ id: interviewId, input: parsed.data });
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      setMessages(
        isApiError(error) && error.errors ? error.errors : { _: [error instanceof Error ? error.message : ''] },
      );
    }
  };
  return (
    <Stack gap={6} mt="sm" component="section" aria-label="Your scorecard">
      <Text fw={500} size="sm">
        Your scorecard
      </Text>
      <Rating value={rating} onChange={setRating} aria-label="Your rating" />
      {messages.rating?.[0] && (
        <Text c="red" size="sm">
          {messages.rating[0]}
        </Text>
      )}
      <SegmentedControl
        aria-label="Recommendation"
        value={recommendation}
        onChange={(value) => setRecommendation(value as HrRecommendation)}
        data={hrRecommendations.map((value) => ({ value, label: hrRecommendationLabels[value] }))}
      />
      {messages.recommendation?.[0] && (
        <Text c="red" size="sm">
          {messages.recommendation[0]}
        </Text>
      )}
      <Textarea
        label="Notes"
        autosize
        minRows={2}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
        error={messages.notes?.[0]}
      />
      {messages._?.[0] && <Alert color="red">{messages._[0]}</Alert>}
      <Group justify="flex-end">
        <Button size="xs" loading={save.isPending} onClick={() => void submit()}>
          File scorecard
        </Button>
      </Group>
    </Stack>
  );
}
