import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  carriers,
  procurementInputSchema,
  projectSaveFailedMessage,
  shipmentStatuses,
  shipmentStatusLabel,
  type Procurement,
  type ShipmentHistory,
} from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../../../lib/api-client.ts';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';
import { useSaveAndClose } from './save-and-close.tsx';
import { groupHistoryByDate, historyTime } from './shipment-history.ts';

// Spec 3 §2 Procurement (order 8; decision 0048): shipments with carrier (fixed list), tracking number, status, status
// details and history grouped by date. A shipment the tracker API follows shows its status and history read-only;
// without a tracker they are typed by hand. Create Requirements for a new list, Update Requirements afterwards.

interface EventRow {
  key: string;
  /** datetime-local text, in the viewer's time zone. */
  time: string;
  city: string;
  state: string;
  status_details: string;
}

interface ShipmentRow {
  key: string;
  id: number | null;
  carrier: string;
  tracking_number: string;
  status: string;
  status_details: string;
  /** The saved tracked shipment's history (read-only), or the hand-entered events being edited. */
  tracked: boolean;
  history: ShipmentHistory[];
  events: EventRow[];
}

let counter = 0;
const nextKey = (prefix: string) => `${prefix}-${(counter += 1)}`;
const localTime = (time: string) => dayjs(time).format('YYYY-MM-DDTHH:mm');

const rowsOf = (shipments: Procurement[]): ShipmentRow[] =>
  shipments.map((shipment) => ({
    key: `saved-${shipment.id}`,
    id: shipment.id,
    carrier: shipment.carrier,
    tracking_number: shipment.tracking_number,
    status: shipment.status,
    status_details: shipment.status_details,
    tracked: shipment.tracked,
    history: shipment.history,
    events: shipment.tracked
      ? []
      : shipment.history.map((event) => ({
          key: `event-${event.id}`,
          time: localTime(event.time),
          city: event.city,
          state: event.state,
          status_details: event.status_details,
        })),
  }));

const emptyRow = (): ShipmentRow => ({
  key: nextKey('new'),
  id: null,
  carrier: '',
  tracking_number: '',
  status: 'unknown',
  status_details: '',
  tracked: false,
  history: [],
  events: [],
});

const payloadOf = (rows: ShipmentRow[]) =>
  rows.map((row) => ({
    id: row.id,
    carrier: row.carrier,
    tracking_number: row.tracking_number,
    status: row.status,
    status_details: row.status_details,
    history: row.events.map((event) => ({
      time: event.time && dayjs(event.time).isValid() ? dayjs(event.time).toISOString() : event.time,
      city: event.city,
      state: event.state,
      status_details: event.status_details,
    })),
  }));

const carrierOptions = carriers.map((carrier) => ({ value: carrier, label: carrier }));
const statusOptions = shipmentStatuses.map((status) => ({ value: status.value, label: status.label }));

export function ProcurementPanel({ project, step, staff }: StepPanelProps) {
  const saved = project.procurements;
  const savedKey = JSON.stringify(saved);
  const [rows, setRows] = useState<ShipmentRow[]>(() => rowsOf(saved));
  const [seen, setSeen] = useState(savedKey);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A save of ours, another viewer's or the tracker's: start again from the saved list.
  if (seen !== savedKey) {
    setSeen(savedKey);
    setRows(rowsOf(saved));
    setErrors({});
  }
  const save = useProjectAction(project.id, (change: { procurements: ReturnType<typeof payloadOf>; close: boolean }) =>
    api.post<{ message: string }>('/api/project/project_step', {
      step: 'Procurement',
      project_id: project.id,
      procurements: change.procurements,
      close: change.close ? 1 : 0,
    }),
  );
  const saveAndClose = useSaveAndClose(
    step,
    saved.length === 0 ? 'Create Requirements' : 'Update Requirements',
    (close) => submit(close),
    () => valid(),
  );

  if (!staff) return <ShipmentList shipments={saved} />;

  const change = (key: string, values: Partial<ShipmentRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...values } : row)));
  const changeEvent = (rowKey: string, eventKey: string, values: Partial<EventRow>) =>
    setRows((current) =>
      current.map((row) =>
        row.key === rowKey
          ? { ...row, events: row.events.map((event) => (event.key === eventKey ? { ...event, ...values } : event)) }
          : row,
      ),
    );
  const fail = (fields: Record<string, string>) => {
    setErrors(fields);
    notifications.show({ color: 'red', message: projectSaveFailedMessage });
  };
  const valid = () => {
    const procurements = payloadOf(rows);
    const checked = procurementInputSchema.safeParse({ project_id: project.id, procurements });
    if (checked.success) return true;
    const fields: Record<string, string> = {};
    for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
    fail(fields);
    return false;
  };
  const submit = (close: boolean) => {
    const procurements = payloadOf(rows);
    // The server's own contract, so a row's mistake shows before the call.
    const checked = procurementInputSchema.safeParse({ project_id: project.id, procurements });
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message;
      fail(fields);
      return;
    }
    save.mutate(
      { procurements, close },
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
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No shipments yet.
        </Text>
      ) : null}
      {rows.map((row, index) => {
        const error = (field: string) => errors[`procurements.${index}.${field}`] ?? null;
        const label = `Shipment ${index + 1}`;
        return (
          <Paper key={row.key} withBorder p="xs" role="group" aria-label={label}>
            <Group justify="space-between" mb={4}>
              <Group gap={6}>
                <Text size="xs" fw={600}>
                  {label}
                </Text>
                {row.tracked ? (
                  <Badge size="xs" variant="light">
                    Tracked
                  </Badge>
                ) : null}
              </Group>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              >
                <IconTrash size={14} aria-hidden />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
              <Select
                label="Carrier"
                size="xs"
                data={carrierOptions}
                value={row.carrier || null}
                onChange={(value) => change(row.key, { carrier: value ?? '' })}
                error={error('carrier')}
                allowDeselect={false}
              />
              <TextInput
                label="Tracking Number"
                size="xs"
                value={row.tracking_number}
                onChange={(event) => change(row.key, { tracking_number: event.currentTarget.value })}
                error={error('tracking_number')}
              />
              <Select
                label="Status"
                size="xs"
                data={statusOptions}
                value={row.status}
                disabled={row.tracked}
                onChange={(value) => change(row.key, { status: value ?? 'unknown' })}
                error={error('status')}
                allowDeselect={false}
              />
              <TextInput
                label="Status Details"
                size="xs"
                value={row.status_details}
                disabled={row.tracked}
                onChange={(event) => change(row.key, { status_details: event.currentTarget.value })}
                error={error('status_details')}
              />
            </SimpleGrid>
            {row.tracked ? (
              <HistoryTable history={row.history} label={`History of ${row.tracking_number}`} />
            ) : (
              <Stack gap={4} mt="xs">
                {row.events.map((event, eventIndex) => {
                  const eventError = (field: string) =>
                    errors[`procurements.${index}.history.${eventIndex}.${field}`] ?? null;
                  return (
                    <Group key={event.key} gap="xs" align="flex-start" wrap="nowrap">
                      <TextInput
                        type="datetime-local"
                        aria-label="Time"
                        size="xs"
                        value={event.time}
                        onChange={(change) => changeEvent(row.key, event.key, { time: change.currentTarget.value })}
                        error={eventError('time')}
                      />
                      <TextInput
                        aria-label="City"
                        placeholder="City"
                        size="xs"
                        value={event.city}
                        onChange={(change) => changeEvent(row.key, event.key, { city: change.currentTarget.value })}
                      />
                      <TextInput
                        aria-label="State"
                        placeholder="State"
                        size="xs"
                        w={70}
                        value={event.state}
                        onChange={(change) => changeEvent(row.key, event.key, { state: change.currentTarget.value })}
                      />
                      <TextInput
                        aria-label="Details"
                        placeholder="Details"
                        size="xs"
                        style={{ flex: 1 }}
                        value={event.status_details}
                        onChange={(change) =>
                          changeEvent(row.key, event.key, { status_details: change.currentTarget.value })
                        }
                      />
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label="Remove event"
                        onClick={() =>
                          change(row.key, { events: row.events.filter((other) => other.key !== event.key) })
                        }
                      >
                        <IconTrash size={14} aria-hidden />
                      </ActionIcon>
                    </Group>
                  );
                })}
                <Group>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconPlus size={12} aria-hidden />}
                    onClick={() =>
                      change(row.key, {
                        events: [
                          ...row.events,
                          {
                            key: nextKey('event'),
                            time: dayjs().format('YYYY-MM-DDTHH:mm'),
                            city: '',
                            state: '',
                            status_details: '',
                          },
                        ],
                      })
                    }
                  >
                    Add Event
                  </Button>
                </Group>
              </Stack>
            )}
          </Paper>
        );
      })}
      {errors.procurements ? (
        <Text size="xs" c="red">
          {errors.procurements}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => setRows((current) => [...current, emptyRow()])}
        >
          Add Shipment
        </Button>
        <Button size="xs" onClick={saveAndClose.request} loading={save.isPending}>
          {saved.length === 0 ? 'Create Requirements' : 'Update Requirements'}
        </Button>
      </Group>
      {saveAndClose.dialog}
    </Stack>
  );
}

/** A shipment's history grouped by date (MM/DD/YYYY): time, city, state and details of each event. */
function HistoryTable({ history, label }: { history: ShipmentHistory[]; label: string }) {
  if (history.length === 0) {
    return (
      <Text size="xs" c="dimmed" mt="xs">
        No tracking history yet.
      </Text>
    );
  }
  return (
    <Table withTableBorder mt="xs" aria-label={label} verticalSpacing={4} fz="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>City</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {groupHistoryByDate(history).map((day) => (
        <Table.Tbody key={day.date}>
          <Table.Tr>
            <Table.Th colSpan={4} scope="rowgroup">
              {day.date}
            </Table.Th>
          </Table.Tr>
          {day.events.map((event) => (
            <Table.Tr key={event.id}>
              <Table.Td>{historyTime(event.time)}</Table.Td>
              <Table.Td>{event.city}</Table.Td>
              <Table.Td>{event.state}</Table.Td>
              <Table.Td>{event.status_details}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      ))}
    </Table>
  );
}

/** The shipments as a client account reads them. */
function ShipmentList({ shipments }: { shipments: Procurement[] }) {
  if (shipments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No shipments yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {shipments.map((shipment) => (
        <Paper key={shipment.id} withBorder p="xs">
          <Text size="sm" fw={600}>
            {shipment.carrier} {shipment.tracking_number}
          </Text>
          <Text size="sm">
            {shipmentStatusLabel(shipment.status)}
            {shipment.status_details ? `: ${shipment.status_details}` : ''}
          </Text>
          <HistoryTable history={shipment.history} label={`History of ${shipment.tracking_number}`} />
        </Paper>
      ))}
    </Stack>
  );
}
