import { Badge, Button, Checkbox, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  laborMessages,
  projectSaveFailedMessage,
  STEP_CLOSED,
  STEP_OPEN,
  stepsClockReason,
  type LaborStep,
  type ProjectDetail,
} from '@switchboard/shared';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { isApiError } from '../../../../lib/api-client.ts';
import { useCurrentUser } from '../../../../lib/auth-store.ts';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useProjectAction } from '../../api/projects.ts';
import { laborCalls } from '../../api/project-labor.ts';
import type { StepCardRules, StepPanelProps } from './panel-types.ts';

/**
 * Spec 3 §2, §4 Project Day's card: its own check-in is disabled with the reason Use Steps (time is clocked per labor
 * step), and while a labor step is open the close control gives way to All Substeps Must Be Closed.
 */
export function projectDayCardRules(project: ProjectDetail): StepCardRules {
  const open = project.labor_steps.some((step) => step.status === STEP_OPEN);
  return { checkInDisabledReason: stepsClockReason, closeBlockedBy: open ? laborMessages.subStepsOpen : null };
}

// A refusal the server explains (a field's rule, a conflict) is shown as it says; anything else as the spec's text.
const failure = (error: unknown) => {
  const fieldMessage = Object.values(getFormErrors(error).fields)[0];
  const serverMessage = isApiError(error) && error.hasServerMessage ? error.message : null;
  notifications.show({ color: 'red', message: fieldMessage ?? serverMessage ?? projectSaveFailedMessage });
};
const success = (answer: { message: string }) => notifications.show({ color: 'green', message: answer.message });

/**
 * Spec 3 §2 Project Day (project_order 10): the estimate's labor steps, each closed by its checkbox and clocked by its
 * own Check In / Check Out, which a closed labor step disables (checking out of it stays possible: no time is lost).
 */
export function ProjectDayPanel({ project, step, staff }: StepPanelProps) {
  const me = useCurrentUser();
  const toggle = useProjectAction(project.id, laborCalls.setSubStep());
  const clock = useProjectAction(project.id, laborCalls.checkInOut(project.id, project.company_id, step.id));
  const dayClosed = step.status === STEP_CLOSED;

  if (project.labor_steps.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No labor steps: add them in the Labor Estimate.
      </Text>
    );
  }
  const checkedIn = (laborStep: LaborStep) =>
    project.check_ins.some(
      (row) => row.project_step_id === laborStep.id && row.user_id === me?.id && row.end_time === null,
    );

  return (
    <Stack gap="xs" role="list" aria-label="Substeps">
      {project.labor_steps.map((laborStep) => {
        const closed = laborStep.status === STEP_CLOSED;
        const mine = checkedIn(laborStep);
        const pending = toggle.isPending && toggle.variables?.laborStepId === laborStep.id;
        const clocking = clock.isPending && clock.variables?.laborStepId === laborStep.id;
        return (
          <Paper
            key={laborStep.id}
            withBorder
            p="xs"
            role="listitem"
            aria-label={laborStep.title}
            data-status={closed ? 'closed' : 'open'}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Checkbox
                  label={laborStep.title}
                  checked={closed}
                  // Under a closed Project Day every labor step is closed and stays so until the step reopens.
                  disabled={!staff || dayClosed || pending}
                  onChange={(event) =>
                    toggle.mutate(
                      { laborStepId: laborStep.id, status: event.currentTarget.checked ? STEP_CLOSED : STEP_OPEN },
                      { onSuccess: success, onError: failure },
                    )
                  }
                />
                <Text size="xs" c="dimmed" pl={30}>
                  {laborStep.min_hours.toFixed(2)}–{laborStep.max_hours.toFixed(2)} hours
                  {laborStep.sub_steps.length > 0
                    ? ` · ${laborStep.sub_steps.map((subStep) => subStep.title).join(' · ')}`
                    : ''}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Badge size="sm" variant="light" color={closed ? 'gray' : 'blue'}>
                  {closed ? 'Closed' : 'Open'}
                </Badge>
                {staff ? (
                  <Tooltip label="Closed" disabled={!closed || mine}>
                    <span data-disabled-reason={closed && !mine ? 'Closed' : undefined}>
                      <Button
                        size="xs"
                        color={mine ? 'orange' : 'green'}
                        aria-label={`${mine ? 'Check Out of' : 'Check In to'} ${laborStep.title}`}
                        leftSection={mine ? <IconLogout size={14} aria-hidden /> : <IconLogin size={14} aria-hidden />}
                        disabled={closed && !mine}
                        loading={clocking}
                        onClick={() =>
                          clock.mutate(
                            { laborStepId: laborStep.id, direction: mine ? 'out' : 'in' },
                            { onSuccess: success, onError: failure },
                          )
                        }
                      >
                        {mine ? 'Check Out' : 'Check In'}
                      </Button>
                    </span>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
