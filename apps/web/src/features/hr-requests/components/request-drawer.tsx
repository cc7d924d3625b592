import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Drawer,
  FileInput,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrRequestAttachmentAccept,
  hrRequestAttachmentMaxBytes,
  hrRequestBankLabels,
  hrRequestDenyInputSchema,
  hrRequestMessages,
  hrRequestStatusLabels,
  type HrRequestAction,
  type HrRequestDetail,
  type HrRequestStatus,
} from '@switchboard/shared/hr/requests';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { useHrBase } from '../../hr/api/hr-base.ts';
import {
  downloadRequestAttachment,
  useChangeAttachment,
  useHrRequest,
  useRequestDecision,
  useWhoIsOut,
  type HrRequestDecision,
} from '../api/requests.ts';
import { formatHours } from '../request-rules.ts';
import { BalanceTable, WhoIsOut } from './balance-table.tsx';
import { DayTable } from './day-table.tsx';
import { DetailsList, RequestForm } from './request-form.tsx';

// A request's drawer (?request={id}; designs/hr.md §2.2-§2.6): what was asked, the day table and balance impact (red
// to approvers below zero), who else is out, the timeline of events and comments, and the buttons the detail's can_*
// flags allow. A decision someone else made first answers 409 with their name, shown here; the detail reads again.

export const statusColors: Record<HrRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  denied: 'red',
  cancelled: 'gray',
  completed: 'teal',
};

const actionLabels: Record<HrRequestAction, string> = {
  submitted: 'submitted the request',
  updated: 'changed the request',
  approved: 'approved',
  denied: 'denied',
  withdrawn: 'withdrew the request',
  cancelled: 'cancelled',
  shortened: 'recorded a return',
  completed: 'completed',
  commented: 'commented',
  holiday_returned: 'holiday',
  reassigned: 'reassigned',
  reminded: 'reminded',
  escalated: 'escalated',
  applied: 'applied the schedule',
};

export function RequestDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useHrRequest(id);
  return (
    <Drawer opened onClose={onClose} title={`Request #${id}`} position="right" size="xl">
      {detail.isPending ? (
        <Loader aria-label="Loading the request" />
      ) : detail.isError ? (
        <Alert color="red">
          {isApiError(detail.error) && detail.error.status === 404
            ? 'This request does not exist or is not yours to see.'
            : isApiError(detail.error)
              ? detail.error.message
              : 'An error occured.'}
        </Alert>
      ) : (
        <RequestDetailView request={detail.data} />
      )}
    </Drawer>
  );
}

/**
 * The HR-only attachment (designs/hr.md §2.3): the detail names it only to the requester and HR. While the request is
 * pending the requester and HR approvers add, replace or remove it (the server checks the file's bytes and size).
 */
function AttachmentSection({ request, canChange }: { request: HrRequestDetail; canChange: boolean }) {
  const attachment = request.attachment;
  const change = useChangeAttachment(request.id);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async () => {
    if (!attachment) return;
    setFailed(null);
    try {
      await downloadRequestAttachment(request.id, attachment.name);
    } catch (error) {
      setFailed(isApiError(error) ? error.message : 'An error occured.');
    }
  };
  const send = (file: File | null) => {
    setFailed(null);
    if (file && file.size > hrRequestAttachmentMaxBytes) {
      setFailed(`The attachment may not be greater than ${hrRequestAttachmentMaxBytes / 1024 / 1024} MB.`);
      return;
    }
    change.mutate(file, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: file ? 'Attachment saved.' : 'Attachment removed.' }),
      onError: (error) =>
        setFailed(isApiError(error) ? (error.errors?.attachment?.[0] ?? error.message) : 'An error occured.'),
    });
  };
  if (!attachment && !canChange) return null;
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        Attachment (HR only)
      </Text>
      {attachment ? (
        <Group gap="xs">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => void download()}
            aria-label={`Download ${attachment.name}`}
          >
            {attachment.name}
          </Button>
          <Text size="xs" c="dimmed">
            {formatBytes(attachment.bytes)}
          </Text>
          {canChange ? (
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              loading={change.isPending && change.variables === null}
              onClick={() => send(null)}
            >
              Remove attachment
            </Button>
          ) : null}
        </Group>
      ) : null}
      {canChange ? (
        <FileInput
          mt="xs"
          size="xs"
          label={attachment ? 'Replace attachment' : 'Add attachment'}
          description="Read by the requester and HR, not by the manager. PDF, image or Word, up to 10 MB."
          placeholder="Choose a file"
          accept={hrRequestAttachmentAccept}
          value={null}
          disabled={change.isPending}
          onChange={(file) => (file ? send(file) : undefined)}
        />
      ) : null}
      {failed ? (
        <Text size="xs" c="red" role="alert">
          {failed}
        </Text>
      ) : null}
    </Paper>
  );
}

const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function RequestDetailView({ request }: { request: HrRequestDetail }) {
  const [editing, setEditing] = useState(false);
  const base = useHrBase();
  const category = base.data?.categories.find((entry) => entry.id === request.category.id);
  const timeOff = request.category.kind === 'time_off';
  const permissions = usePermissions();
  // The server's rule: the requester (can_edit) or an HR approver, while the request is pending.
  const canChangeAttachment =
    request.status === 'pending' && (request.can_edit || permissions.includes('approve hr requests'));
  const out = useWhoIsOut(
    timeOff && request.start_date && request.end_date && request.status === 'pending'
      ? { from: request.start_date, to: minDate(request.end_date, addDays(request.start_date, 92)) }
      : null,
  );

  if (editing && category)
    return (
      <RequestForm
        category={category}
        request={request}
        onSaved={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge color={statusColors[request.status]} size="lg" data-testid="request-status">
          {hrRequestStatusLabels[request.status]}
        </Badge>
        <Badge variant="dot" color={request.category.color}>
          {request.category.name}
        </Badge>
        {request.status === 'pending' ? (
          <Text size="sm" c="dimmed">
            Waiting for {request.stage === 'manager' ? 'the manager' : 'HR'}
            {request.approvers.length > 0 ? `: ${request.approvers.map((person) => person.name).join(', ')}` : ''}
          </Text>
        ) : null}
      </Group>
      <Stack gap={4}>
        <Text fw={600}>{request.summary}</Text>
        <Text size="sm" c="dimmed">
          {request.requester.name}
          {request.created_by && request.created_by.id !== request.requester.id
            ? ` (filed by ${request.created_by.name})`
            : ''}
          {' · submitted '}
          <RelativeTime value={request.created_at} span inherit />
        </Text>
        {timeOff ? (
          <Text size="sm">
            {request.reason} · {request.start_date}
            {request.end_date !== request.start_date ? ` to ${request.end_date}` : ''} ·{' '}
            {formatHours(request.total_hours)} h {request.bank ? hrRequestBankLabels[request.bank] : ''}
          </Text>
        ) : null}
      </Stack>
      <DetailsList kind={request.category.kind} details={request.details} />
      <AttachmentSection request={request} canChange={canChangeAttachment} />
      {request.note ? (
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Note
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {request.note}
          </Text>
        </Paper>
      ) : null}
      {timeOff ? (
        <>
          <DayTable days={request.days} total={request.total_hours} />
          <Title order={3} size="h5">
            Balance impact
          </Title>
          <BalanceTable balances={request.balances} />
          {request.negative && request.status === 'pending' ? (
            <Alert color={request.can_approve ? 'red' : 'yellow'}>{hrRequestMessages.negativeWarning}</Alert>
          ) : null}
          {out.data ? (
            <>
              <Title order={3} size="h5">
                Who else is out
              </Title>
              <WhoIsOut entries={out.data} excludeUserId={request.requester.id} />
            </>
          ) : null}
        </>
      ) : null}
      <RequestActions request={request} onEdit={category ? () => setEditing(true) : undefined} />
      <Divider />
      <Title order={3} size="h5">
        Timeline
      </Title>
      <Timeline bulletSize={14} lineWidth={2} aria-label="Timeline">
        {request.events.map((event) => (
          <Timeline.Item
            key={event.id}
            title={
              <Text size="sm" fw={500}>
                {event.actor?.name ?? 'Switchboard'} {actionLabels[event.action]}
              </Text>
            }
          >
            {event.detail ? (
              <Text size="sm" c="dimmed">
                {event.detail}
              </Text>
            ) : null}
            {event.comment ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {event.comment}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              <RelativeTime value={event.created_at} span inherit />
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {request.can_comment ? <CommentBox request={request} /> : null}
    </Stack>
  );
}

type Mode = 'approve' | 'deny' | 'cancel' | 'withdraw' | 'shorten' | 'complete';

const confirmLabels: Record<Mode, string> = {
  approve: 'Approve request',
  deny: 'Deny request',
  cancel: 'Cancel request',
  withdraw: 'Withdraw request',
  shorten: 'Record return',
  complete: 'Mark completed',
};

function RequestActions({ request, onEdit }: { request: HrRequestDetail; onEdit?: () => void }) {
  const decide = useRequestDecision(request.id);
  const [mode, setMode] = useState<Mode | null>(null);
  const [comment, setComment] = useState('');
  const [despite, setDespite] = useState(false);
  const [lastDay, setLastDay] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  const buttons: [Mode, string, boolean, string?][] = [
    ['approve', 'Approve', request.can_approve, 'green'],
    ['deny', 'Deny', request.can_deny, 'red'],
    ['withdraw', 'Withdraw', request.can_withdraw],
    ['cancel', 'Cancel', request.can_cancel, 'red'],
    ['shorten', 'Return early', request.can_shorten],
    ['complete', 'Complete', request.can_complete, 'teal'],
  ];
  const shown = buttons.filter(([, , allowed]) => allowed);
  if (shown.length === 0 && !request.can_edit) return null;

  const open = (next: Mode) => {
    decide.reset();
    setLocalError(null);
    setComment('');
    setDespite(false);
    setLastDay('');
    setMode(next === mode ? null : next);
  };

  const decision = (current: Mode): HrRequestDecision | null => {
    const version = request.version;
    if (current === 'approve')
      return { action: 'approve', input: { comment, approve_despite_negative: despite, version } };
    if (current === 'deny') {
      const parsed = hrRequestDenyInputSchema.safeParse({ comment, version });
      if (!parsed.success) {
        setLocalError(parsed.error.issues[0]?.message ?? hrRequestMessages.commentRequiredToDeny);
        return null;
      }
      return { action: 'deny', input: { comment, version } };
    }
    if (current === 'shorten') return { action: 'shorten', input: { last_day: lastDay, comment, version } };
    if (current === 'complete') return { action: 'complete', input: { comment, version } };
    return { action: 'cancel', input: { comment, version } };
  };

  const confirm = () => {
    if (!mode) return;
    setLocalError(null);
    const chosen = decision(mode);
    if (!chosen) return;
    decide.mutate(chosen, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message ?? 'Saved.' });
        setMode(null);
      },
    });
  };

  const serverFields = isApiError(decide.error) ? (decide.error.errors ?? {}) : {};
  const fieldError = (field: string) => serverFields[field]?.[0];
  const otherError =
    decide.error && !(isApiError(decide.error) && decide.error.errors)
      ? isApiError(decide.error)
        ? decide.error.message
        : 'An error occured.'
      : (Object.entries(serverFields).find(([field]) => !['comment', 'last_day'].includes(field))?.[1]?.[0] ?? null);

  return (
    <Stack gap="sm">
      <Group gap="xs">
        {shown.map(([key, label, , color]) => (
          <Button
            key={key}
            size="sm"
            color={color}
            variant={mode === key ? 'filled' : 'light'}
            onClick={() => open(key)}
          >
            {label}
          </Button>
        ))}
        {request.can_edit && onEdit ? (
          <Button size="sm" variant="default" onClick={onEdit}>
            Edit
          </Button>
        ) : null}
      </Group>
      {mode ? (
        <Paper withBorder p="sm">
          <Stack gap="sm">
            {mode === 'shorten' ? (
              <TextInput
                type="date"
                label="Last day off"
                description="The days after it are given back"
                withAsterisk
                min={request.start_date ?? undefined}
                max={request.end_date ?? undefined}
                value={lastDay}
                onChange={(event) => setLastDay(event.currentTarget.value)}
                error={fieldError('last_day')}
              />
            ) : null}
            <Textarea
              label="Comment"
              withAsterisk={mode === 'deny'}
              autosize
              minRows={2}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              error={localError ?? fieldError('comment')}
            />
            {mode === 'approve' && request.negative ? (
              <Checkbox
                color="red"
                label="Approve despite negative balance"
                checked={despite}
                onChange={(event) => setDespite(event.currentTarget.checked)}
              />
            ) : null}
            {otherError ? <Alert color="red">{otherError}</Alert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setMode(null)}>
                Back
              </Button>
              <Button
                color={mode === 'deny' || mode === 'cancel' ? 'red' : undefined}
                loading={decide.isPending}
                onClick={confirm}
              >
                {confirmLabels[mode]}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

function CommentBox({ request }: { request: HrRequestDetail }) {
  const decide = useRequestDecision(request.id);
  const [comment, setComment] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const send = () => {
    setLocalError(null);
    if (comment.trim() === '') {
      setLocalError(hrRequestMessages.commentRequired);
      return;
    }
    decide.mutate(
      { action: 'comments', input: { comment } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message ?? hrRequestMessages.commented });
          setComment('');
        },
      },
    );
  };
  const error =
    localError ??
    (isApiError(decide.error)
      ? (decide.error.errors?.comment?.[0] ?? decide.error.message)
      : decide.error
        ? 'An error occured.'
        : null);
  return (
    <Stack gap="xs">
      <Textarea
        label="Add a comment"
        autosize
        minRows={2}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button variant="light" loading={decide.isPending} onClick={send}>
          Comment
        </Button>
      </Group>
    </Stack>
  );
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

const minDate = (a: string, b: string) => (a < b ? a : b);
