import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  addDaysToDate,
  projectDateShortcutDays,
  projectSaveFailedMessage,
  type ProjectDateKind,
} from '@switchboard/shared';
import { useState } from 'react';
import { api } from '../../../../lib/api-client.ts';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';
import { useSaveAndClose } from './save-and-close.tsx';

/** The step name each kind is saved under (spec 3 §7 project_step variants). */
const stepNames: Record<ProjectDateKind, string> = {
  placeholder: 'Scheduled Placeholder',
  pending: 'Schedule Pending',
};

/** Today in the viewer's own calendar, 'YYYY-MM-DD'. */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

interface DateSave {
  start_date: string;
  close: boolean;
}

/**
 * Spec 3 §2 Scheduled Placeholder (order 1, +90 days) and Schedule Pending Projects (order 3, +60 days): one start
 * date, saved with Create until one exists and Update after; an open step asks Save or Save & Close (spec 3 §4).
 */
export function DatePanel({ project, step, staff }: StepPanelProps) {
  const kind: ProjectDateKind = step.project_order === 3 ? 'pending' : 'placeholder';
  const saved = kind === 'placeholder' ? project.scheduled_placeholder : project.pending_project;
  const savedDate = saved?.start_date ?? '';
  const [date, setDate] = useState(savedDate);
  const [seen, setSeen] = useState(savedDate);
  const [error, setError] = useState<string | null>(null);
  // A save of ours or another viewer's: show the saved date.
  if (seen !== savedDate) {
    setSeen(savedDate);
    setDate(savedDate);
  }
  const save = useProjectAction(project.id, (body: DateSave) =>
    api.post<{ message: string }>('/api/project/project_step', {
      step: stepNames[kind],
      id: step.id,
      project_id: project.id,
      company_id: project.company_id,
      site_id: project.site_id,
      start_date: body.start_date,
      close: body.close ? 1 : 0,
    }),
  );
  const saveAndClose = useSaveAndClose(step, saved ? 'Update' : 'Create', (close) => submit(close));

  if (!staff) {
    return (
      <Text size="sm" c={savedDate ? undefined : 'dimmed'}>
        {savedDate ? `Start date: ${savedDate}` : 'No start date yet.'}
      </Text>
    );
  }

  const days = projectDateShortcutDays[kind];
  const submit = (close: boolean) =>
    save.mutate(
      { start_date: date, close },
      {
        onSuccess: (answer) => {
          setError(null);
          notifications.show({ color: 'green', message: answer.message });
        },
        onError: (failure) => {
          setError(getFormErrors(failure).fields.start_date ?? null);
          notifications.show({ color: 'red', message: projectSaveFailedMessage });
        },
      },
    );

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs">
        <TextInput
          type="date"
          label="Start date"
          placeholder="YYYY-MM-DD"
          size="xs"
          w={170}
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={error}
        />
        <Button size="xs" variant="default" onClick={() => setDate(addDaysToDate(today(), days))}>
          +{days} days
        </Button>
        <Button size="xs" onClick={saveAndClose.request} loading={save.isPending}>
          {saved ? 'Update' : 'Create'}
        </Button>
      </Group>
      {saveAndClose.dialog}
    </Stack>
  );
}
