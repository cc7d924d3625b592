import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  laborTotals,
  noSlotsMessage,
  projectSaveFailedMessage,
  requiredSlots,
  scheduleProjectDateInputSchema,
  technicianChoices,
  type ScheduleSlot,
} from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { withYou } from '../../../../components/you-badge.tsx';
import { api } from '../../../../lib/api-client.ts';
import { useCurrentUser } from '../../../../lib/auth-store.ts';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useEmployeeOptions, useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';
import { useSaveAndClose } from './save-and-close.tsx';

/** Spec 3 §2: how a technician who is no longer active is shown. */
const inactiveLabel = 'Inactive Employee';

interface SlotRow {
  /** React's key: the saved id, or a local one for a new row. */
  key: string;
  id: number | null;
  start_date: string;
  start_time: string;
  end_time: string;
  employee_id: string;
}

const rowsOf = (slots: ScheduleSlot[]): SlotRow[] =>
  slots.map((slot) => ({
    key: `saved-${slot.id}`,
    id: slot.id,
    start_date: slot.start_date,
    start_time: slot.start_time,
    end_time: slot.end_time,
    employee_id: String(slot.employee_id),
  }));

let newRows = 0;
const emptyRow = (): SlotRow => {
  newRows += 1;
  return { key: `new-${newRows}`, id: null, start_date: '', start_time: '', end_time: '', employee_id: '' };
};

const payloadOf = (rows: SlotRow[]) =>
  rows.map((row) => ({
    id: row.id,
    start_date: row.start_date,
    start_time: row.start_time,
    end_time: row.end_time,
    employee_id: row.employee_id === '' ? null : Number(row.employee_id),
  }));

/**
 * Spec 3 §2 Schedule Project Date: the project's slots (day, start and end time, technician), saved as a whole with
 * Create Slots or Update Slots. The server refuses a technician booked twice at once and says so on the row.
 */
export function SchedulePanel({ project, step, staff }: StepPanelProps) {
  const saved = project.schedule_dates;
  const savedKey = JSON.stringify(saved);
  const [rows, setRows] = useState<SlotRow[]>(() => rowsOf(saved));
  const [seen, setSeen] = useState(savedKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A save of ours or another viewer's: start again from the saved slots.
  if (seen !== savedKey) {
    setSeen(savedKey);
    setRows(rowsOf(saved));
    setErrors({});
  }
  const me = useCurrentUser();
  const employees = useEmployeeOptions(staff);
  const save = useProjectAction(project.id, (change: { dates: ReturnType<typeof payloadOf>; close: boolean }) =>
    api.post<{ message: string }>('/api/project/project_step', {
      step: 'Schedule Project Date',
      project_id: project.id,
      company_id: project.company_id,
      site_id: project.site_id,
      dates: change.dates,
      close: change.close ? 1 : 0,
    }),
  );
  const saveAndClose = useSaveAndClose(
    step,
    saved.length === 0 ? 'Create Slots' : 'Update Slots',
    (close) => submit(close),
    () => valid(),
  );
  const needed = requiredSlots(laborTotals(project.labor_steps).max_hours);

  if (!staff) return <SlotTable slots={saved} needed={needed} />;

  // Technicians (decision 0078), and whoever is still on a saved slot (they may stay there, not be booked anew).
  const options = technicianChoices(employees.data ?? []).map((employee) => ({
    value: String(employee.user_id),
    label: withYou(employee.user.name, employee.user_id === me?.id),
  }));
  for (const slot of saved) {
    if (!options.some((option) => option.value === String(slot.employee_id))) {
      const label = slot.employee.active ? slot.employee.name : `${slot.employee.name} (${inactiveLabel})`;
      options.push({ value: String(slot.employee_id), label });
    }
  }

  const change = (key: string, field: keyof Omit<SlotRow, 'key' | 'id'>, value: string) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  // A save the server refused: its field messages and spec 3 §8's failure toast.
  const fail = (fields: Record<string, string>) => {
    setErrors(fields);
    notifications.show({ color: 'red', message: projectSaveFailedMessage });
  };
  // The same contract as the server's, so a row's mistake shows on the row before any call. Nothing was saved or
  // refused yet, so only the field messages show, without the save's failure toast (issue 26 §2.9).
  const valid = () => {
    const dates = payloadOf(rows);
    const checked = scheduleProjectDateInputSchema.safeParse({ project_id: project.id, dates });
    if (checked.success) return true;
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
    setErrors(fields);
    return false;
  };
  const submit = (close: boolean) => {
    if (!valid()) return;
    const dates = payloadOf(rows);
    save.mutate(
      { dates, close },
      {
        onSuccess: (answer) => {
          setErrors({});
          notifications.show({ color: 'green', message: answer.message });
        },
        onError: (failure) => fail(getFormErrors(failure).fields),
      },
    );
  };

  return (
    <Stack gap="xs">
      {saved.length === 0 ? (
        <Text size="sm" c="dimmed">
          {noSlotsMessage(needed)}
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const error = (field: string) => errors[`dates.${index}.${field}`] ?? null;
        const slot = `Slot ${index + 1}`;
        return (
          <Paper key={row.key} withBorder p="xs" role="group" aria-label={slot}>
            <Group justify="space-between" mb={4}>
              <Text size="xs" fw={600}>
                {slot}
              </Text>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${slot.toLowerCase()}`}
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
              <TextInput
                type="date"
                label="Date"
                size="xs"
                value={row.start_date}
                onChange={(event) => change(row.key, 'start_date', event.currentTarget.value)}
                error={error('start_date')}
              />
              <Select
                label="Technician"
                size="xs"
                searchable
                data={options}
                value={row.employee_id || null}
                onChange={(value) => change(row.key, 'employee_id', value ?? '')}
                error={error('employee_id')}
              />
              <TextInput
                type="time"
                label="Start time"
                size="xs"
                value={row.start_time}
                onChange={(event) => change(row.key, 'start_time', event.currentTarget.value)}
                error={error('start_time')}
              />
              <TextInput
                type="time"
                label="End time"
                size="xs"
                // Spec 3 §5: the end time's minimum is the start time.
                min={row.start_time || undefined}
                value={row.end_time}
                onChange={(event) => change(row.key, 'end_time', event.currentTarget.value)}
                error={error('end_time')}
              />
            </SimpleGrid>
          </Paper>
        );
      })}
      {errors.dates ? (
        <Text size="xs" c="red">
          {errors.dates}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setRows((current) => [...current, emptyRow()])}
        >
          Add Slot
        </Button>
        <Button size="xs" onClick={saveAndClose.request} loading={save.isPending}>
          {saved.length === 0 ? 'Create Slots' : 'Update Slots'}
        </Button>
      </Group>
      {saveAndClose.dialog}
    </Stack>
  );
}

/** The slots as a client account reads them. */
function SlotTable({ slots, needed }: { slots: ScheduleSlot[]; needed: number }) {
  if (slots.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {noSlotsMessage(needed)}
      </Text>
    );
  }
  return (
    <Table withTableBorder aria-label="Reserved slots">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Start</Table.Th>
          <Table.Th>End</Table.Th>
          <Table.Th>Technician</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {slots.map((slot) => (
          <Table.Tr key={slot.id}>
            <Table.Td>{slot.start_date}</Table.Td>
            <Table.Td>{slot.start_time}</Table.Td>
            <Table.Td>{slot.end_time}</Table.Td>
            <Table.Td>{slot.employee.active ? slot.employee.name : inactiveLabel}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
