import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  daySlots,
  isoToUsDate,
  slotsBetween,
  techSlotMinutes,
  techTasks,
  timeToMinutes,
  type TechResource,
  type TechTask,
} from '@switchboard/shared';
import { useMemo, useState } from 'react';
import { useCompanyOptions } from '../../../lib/company-options.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useSaveTechResources } from '../api/tech-resources.ts';

// A technician's day (decision 0051): add a block of half hours with a task and company, remove events, then Save,
// which replaces the technician's own events of the day. Project reservations are shown, not edited here.

interface Draft {
  slot: string;
  task: TechTask;
  company_id: number | null;
}

const endTimes = daySlots.map((slot) => {
  const end = timeToMinutes(slot) + techSlotMinutes;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
});

export function TechnicianEditor({ row, day, onClose }: { row: TechResource; day: string; onClose: () => void }) {
  const companies = useCompanyOptions();
  const save = useSaveTechResources();
  const reserved = useMemo(() => row.tech_events.filter((event) => event.project !== null), [row]);
  const reservedSlots = useMemo(() => new Set(reserved.map((event) => event.slot)), [reserved]);
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    row.tech_events
      .filter((event) => event.project === null)
      .map((event) => ({ slot: event.slot, task: event.task, company_id: event.company?.id ?? null })),
  );
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [task, setTask] = useState<string | null>('Frontline');
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const companyName = new Map((companies.data ?? []).map((company) => [company.id, company.name]));

  const block = from && to ? slotsBetween(from, to).filter((slot) => !reservedSlots.has(slot)) : [];
  const add = () => {
    if (block.length === 0 || !task) return;
    const company = companyId === null ? null : Number(companyId);
    setDrafts((current) =>
      [
        ...current.filter((draft) => !block.includes(draft.slot)),
        ...block.map((slot) => ({ slot, task: task as TechTask, company_id: company })),
      ].sort((a, b) => a.slot.localeCompare(b.slot)),
    );
  };

  const submit = () => {
    setErrors([]);
    save.mutate(
      { date: isoToUsDate(day), user_id: row.user_id, events: drafts },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (error) => {
          const problems = getFormErrors(error);
          const lines = Object.entries(problems.fields).map(([field, message]) => {
            const index = /^events\.(\d+)\./.exec(field)?.[1];
            return index === undefined ? message : `${drafts[Number(index)]?.slot ?? ''}: ${message}`;
          });
          setErrors(lines.length > 0 ? lines : [problems.message]);
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`${row.user.name}: ${isoToUsDate(day)}`} size="lg">
      <Stack>
        <Group align="flex-end" gap="xs">
          <Select label="From" data={[...daySlots]} value={from} onChange={setFrom} w={90} searchable />
          <Select
            label="To"
            data={endTimes.filter((end) => !from || timeToMinutes(end) > timeToMinutes(from))}
            value={to}
            onChange={setTo}
            w={90}
            searchable
          />
          <Select label="Task" data={[...techTasks]} value={task} onChange={setTask} w={120} allowDeselect={false} />
          <Select
            label="Company"
            data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
            value={companyId}
            onChange={setCompanyId}
            searchable
            clearable
            w={200}
          />
          <Button variant="light" onClick={add} disabled={block.length === 0}>
            Add
          </Button>
        </Group>
        {reserved.length > 0 && (
          <Text size="sm" c="dimmed">
            Reserved on projects: {[...new Set(reserved.map((event) => event.project!.title))].join(', ')} (
            {reserved.map((event) => event.slot).join(', ')})
          </Text>
        )}
        {drafts.length === 0 ? (
          <Text size="sm">No events on this day.</Text>
        ) : (
          <Table aria-label="Events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Slot</Table.Th>
                <Table.Th>Task</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {drafts.map((draft) => (
                <Table.Tr key={draft.slot}>
                  <Table.Td>{draft.slot}</Table.Td>
                  <Table.Td>{draft.task}</Table.Td>
                  <Table.Td>{draft.company_id === null ? '' : (companyName.get(draft.company_id) ?? '')}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${draft.slot}`}
                      onClick={() => setDrafts((current) => current.filter((other) => other.slot !== draft.slot))}
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {errors.length > 0 && (
          <Alert color="red" title="The day was not saved">
            {errors.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
