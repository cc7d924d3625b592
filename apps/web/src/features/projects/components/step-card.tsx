import { Anchor, Badge, Button, Card, Group, Select, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  projectSaveFailedMessage,
  STEP_CLOSED,
  STEP_OPEN,
  stepStatusLabels,
  type ProjectStepTicket,
} from '@switchboard/shared';
import { IconChevronRight, IconLogin, IconLogout } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { projectCalls, useProjectAction } from '../api/projects.ts';
import type { StepCardRules } from './panels/panel-types.ts';

const statusOptions = ([STEP_OPEN, STEP_CLOSED] as const).map((status) => ({
  value: String(status),
  label: stepStatusLabels[status],
}));

interface StepCardProps {
  projectId: number;
  companyId: number;
  step: ProjectStepTicket;
  /** Employees change the status and check in; client accounts read the status. */
  staff: boolean;
  /** The signed-in user has an open check-in on this step ticket. */
  checkedIn: boolean;
  /** The step's panel (components/panels), shown under its title. */
  children?: ReactNode;
  /** What the panel says about the card (components/panels stepCardRules): a close blocker, a check-in reason. */
  rules?: StepCardRules;
  /** The card shows its panel and controls; folded, it is one line (subject, status, who closed it). */
  expanded?: boolean;
  onToggle?: () => void;
  /** The project's current step (its first open one). */
  current?: boolean;
}

// A refusal the server explains (a field's rule, a conflict) is shown as it says; anything else as the spec's text.
const failure = (error: unknown) => {
  const fieldMessage = Object.values(getFormErrors(error).fields)[0];
  const serverMessage = isApiError(error) && error.hasServerMessage ? error.message : null;
  notifications.show({ color: 'red', message: fieldMessage ?? serverMessage ?? projectSaveFailedMessage });
};
const success = (answer: { message: string }) => notifications.show({ color: 'green', message: answer.message });

/**
 * Spec 3 §2, §4: one step ticket. Save keeps the chosen status, Save & Close closes the step; a closed card is greyed
 * and its check-in is disabled with the reason Closed. The panel bodies of each step come with issue 18.
 */
export function StepCard({
  projectId,
  companyId,
  step,
  staff,
  checkedIn,
  children,
  rules,
  expanded = true,
  onToggle,
  current = false,
}: StepCardProps) {
  const [status, setStatus] = useState(String(step.status));
  const [seen, setSeen] = useState(step.status);
  // Another viewer (or our own save) changed the status: show the saved one.
  if (seen !== step.status) {
    setSeen(step.status);
    setStatus(String(step.status));
  }
  const save = useProjectAction(projectId, projectCalls.setStepStatus());
  const clock = useProjectAction(projectId, projectCalls.checkInOut(projectId, companyId));
  const closed = step.status === STEP_CLOSED;
  // Spec 3 §4: a blocking message replaces the close control of an open step.
  const blocker = closed ? null : (rules?.closeBlockedBy ?? null);
  const clockOff = checkedIn ? null : closed ? 'Closed' : (rules?.checkInDisabledReason ?? null);
  const send = (next: number) =>
    save.mutate({ ticketId: step.id, status: next }, { onSuccess: success, onError: failure });

  const bodyId = `step-${step.project_order}-body`;
  const closedBy = closed && step.closed_by ? step.closed_by : null;

  return (
    <Card
      withBorder
      padding={expanded ? 'md' : 'sm'}
      role="group"
      id={`step-${step.project_order}`}
      aria-label={step.subject}
      data-step-order={step.project_order}
      data-status={closed ? 'closed' : 'open'}
      data-expanded={expanded}
      style={{ scrollMarginTop: 72, ...(closed ? { opacity: 0.55 } : {}) }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={expanded ? 'xs' : 0}>
        <Title order={2} size="h4" style={{ flex: 'none', whiteSpace: 'nowrap' }}>
          {/* The disclosure: its name is the step, aria-expanded says whether the panel shows. */}
          <UnstyledButton
            onClick={onToggle}
            aria-expanded={expanded}
            aria-controls={bodyId}
            data-step-toggle
            style={{ display: 'flex', alignItems: 'center', gap: 6, font: 'inherit', maxWidth: '100%' }}
          >
            <IconChevronRight
              size={18}
              aria-hidden
              style={{ flex: 'none', transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 120ms' }}
            />
            <span>{step.subject}</span>
          </UnstyledButton>
        </Title>
        {/* The step's name stays whole on its one line; who closed it gives way first. */}
        <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ minWidth: 0, flex: '1 1 0' }}>
          {closedBy ? (
            <Text size="sm" c="dimmed" truncate data-closed-by>
              Closed by {closedBy.name} on {dayjs(closedBy.at).format('MM/DD/YYYY')}
            </Text>
          ) : null}
          {current ? (
            <Badge color="blue" variant="outline">
              Current
            </Badge>
          ) : null}
          <Badge color={closed ? 'gray' : 'blue'} variant="light" style={{ flex: 'none' }}>
            {stepStatusLabels[closed ? STEP_CLOSED : STEP_OPEN]}
          </Badge>
        </Group>
      </Group>
      {/* Folded, the panel stays mounted (a half-typed edit survives) but is not shown. */}
      <div id={bodyId} hidden={!expanded}>
        {step.employee ? (
          <Text size="sm" c="dimmed" mb="xs">
            {step.employee.name}
          </Text>
        ) : null}
        {children ? <div style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>{children}</div> : null}
        {staff ? (
          <Group justify="space-between" align="flex-end" gap="sm">
            {blocker ? (
              <Text size="sm" c="orange.8" fw={500} role="note" data-blocking-message>
                {blocker}
              </Text>
            ) : (
              <Group gap="xs" align="flex-end">
                <Select
                  label="Status"
                  size="xs"
                  w={110}
                  allowDeselect={false}
                  data={statusOptions}
                  value={status}
                  onChange={(value) => setStatus(value ?? String(step.status))}
                />
                <Button size="xs" loading={save.isPending} onClick={() => send(Number(status))}>
                  Save
                </Button>
                {closed ? null : (
                  <Button size="xs" variant="light" loading={save.isPending} onClick={() => send(STEP_CLOSED)}>
                    Save & Close
                  </Button>
                )}
              </Group>
            )}
            <Group gap="xs" align="center">
              {/* The step's own ticket page: notes with revisions, to-dos, attachments, events, check-ins. */}
              <Anchor component={Link} to={`/ticket/${step.id}`} size="sm">
                Open ticket
              </Anchor>
              <Tooltip label={clockOff} disabled={clockOff === null}>
                <span data-disabled-reason={clockOff ?? undefined}>
                  <Button
                    size="xs"
                    color={checkedIn ? 'orange' : 'green'}
                    leftSection={checkedIn ? <IconLogout size={14} aria-hidden /> : <IconLogin size={14} aria-hidden />}
                    // Checking out stays possible on a step closed meanwhile: the open time is not lost.
                    disabled={clockOff !== null}
                    loading={clock.isPending}
                    onClick={() =>
                      clock.mutate(
                        { ticketId: step.id, direction: checkedIn ? 'out' : 'in' },
                        { onSuccess: success, onError: failure },
                      )
                    }
                  >
                    {checkedIn ? 'Check Out' : 'Check In'}
                  </Button>
                </span>
              </Tooltip>
            </Group>
          </Group>
        ) : null}
      </div>
    </Card>
  );
}
