import { Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { projectSaveFailedMessage } from '@switchboard/shared';
import dayjs from 'dayjs';
import { api } from '../../../../lib/api-client.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';

/**
 * Spec 3 §2 Completion Verification: a switch confirming with the client that every objective is done; once marked,
 * who marked the project complete and when (spec 3 §9 timestamp format).
 */
export function CompletionPanel({ project, staff }: StepPanelProps) {
  const complete = project.completed_at !== null;
  const save = useProjectAction(project.id, (status: number) =>
    api.post<{ message: string }>('/api/project/project_step', {
      step: 'Completion Verification',
      project_id: project.id,
      status,
    }),
  );
  const toggle = (checked: boolean) =>
    save.mutate(checked ? 1 : 0, {
      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
      onError: () => notifications.show({ color: 'red', message: projectSaveFailedMessage }),
    });
  // While the save is on its way the switch shows what was asked; the saved state follows the refresh.
  const shown = save.isPending && save.variables !== undefined ? save.variables === 1 : complete;

  return (
    <Stack gap={6}>
      <Switch
        label="All objectives are done (confirmed with the client)"
        checked={shown}
        disabled={!staff || save.isPending}
        onChange={(event) => toggle(event.currentTarget.checked)}
      />
      {project.completed_by && project.completed_at ? (
        <Text size="sm" c="dimmed" data-testid="completed-by">
          Marked complete by {project.completed_by.name} on {dayjs(project.completed_at).format('MM/DD/YYYY hh:mm A')}
        </Text>
      ) : null}
    </Stack>
  );
}
