import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  ptoBanks,
  ptoChannelEvents,
  ptoEndLabel,
  ptoErrorMessage,
  ptoHourlyHint,
  ptoNotApplicable,
  ptoPeriodsChannel,
  ptoSettingInputSchema,
  ptoSettingTypes,
  ptoUsedInputSchema,
  type EmployeePto,
  type PtoPeriod,
  type PtoSetting,
  type PtoSettingType,
  type PtoUsed,
  adminTimeOffMessage,
} from '@switchboard/shared';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { useChannel } from '../../../lib/socket.ts';
import {
  employeePtoQueryKey,
  useDeletePtoSetting,
  useDeletePtoUsed,
  useEmployeePto,
  useRecordPtoUsed,
  useSavePtoSetting,
} from './api.ts';

export interface EmployeePtoViewProps {
  employeeId: number;
  /** False when the signed-in user may not change this person's time off (an administrator's, decision 0025). */
  canChangeOwn?: boolean;
}

/** Who may change PTO (server: the same permission guards the PTO calls). */
export const ptoManagePermission = 'view human resources';

const formatHours = (hours: number | null) => (hours === null ? '' : hours.toFixed(2));

/** The HR request an approved time-off day was written by (designs/hr.md §2.5), or null for a manual row. */
export const requestIdOfUsed = (entry: PtoUsed): number | null => entry.request_id;

/** What a setting grants, in words, for the settings table. */
export function describePtoSetting(setting: PtoSetting): string {
  if (setting.type === 'Hourly')
    return `${formatHours(setting.accrued_hours)} accrual hours for every ${formatHours(setting.payroll_hours)} payroll hours`;
  if (setting.type === 'Flat Rate') return `${formatHours(setting.initial_hours)} hours per period`;
  const hours = setting.adjustment_hours ?? 0;
  return `${hours < 0 ? 'Retraction' : 'Bonus'} of ${formatHours(Math.abs(hours))} hours to ${setting.deposits_to ?? ''}`;
}

const failed = (error: unknown) => {
  // Field errors stay on the form; anything else is the spec's toast.
  if (!(isApiError(error) && error.status === 422)) notifications.show({ color: 'red', message: ptoErrorMessage });
};

/** Spec 1 §3.11, §4: the employee's PTO settings, periods (live on Pto_Periods_{employeeId}) and time off taken. */
export function EmployeePtoView({ employeeId, canChangeOwn = true }: EmployeePtoViewProps) {
  const queryClient = useQueryClient();
  const pto = useEmployeePto(employeeId);
  const hasPermission = usePermissions().includes(ptoManagePermission);
  const canManage = hasPermission && canChangeOwn;
  const [editing, setEditing] = useState<PtoSetting | 'new' | null>(null);
  const [recording, setRecording] = useState(false);

  useChannel(ptoPeriodsChannel(employeeId), {
    [ptoChannelEvents[0]]: (payload: EmployeePto) => {
      if (payload?.user_id === employeeId) queryClient.setQueryData(employeePtoQueryKey(employeeId), payload);
    },
  });

  if (pto.isPending) return <Loader aria-label="Loading PTO" m="xl" />;
  if (pto.isError) {
    const forbidden = isApiError(pto.error) && pto.error.status === 403;
    return (
      <Alert color="red" title={ptoErrorMessage}>
        {forbidden ? 'You do not have permission to view this employee’s PTO.' : 'The PTO could not be loaded.'}
      </Alert>
    );
  }
  const data = pto.data;

  return (
    <Stack gap="md">
      {hasPermission && !canChangeOwn ? (
        <Text size="sm" c="dimmed">
          {adminTimeOffMessage}
        </Text>
      ) : null}
      <SettingsCard
        employeeId={employeeId}
        settings={data.settings}
        canManage={canManage}
        onAdd={() => setEditing('new')}
        onEdit={setEditing}
      />
      <PeriodsCard data={data} />
      <UsedCard employeeId={employeeId} data={data} canManage={canManage} onRecord={() => setRecording(true)} />
      {editing ? (
        <PtoSettingModal
          employeeId={employeeId}
          setting={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {recording ? (
        <RecordTimeOffModal employeeId={employeeId} today={data.today} onClose={() => setRecording(false)} />
      ) : null}
    </Stack>
  );
}

function SettingsCard(props: {
  employeeId: number;
  settings: PtoSetting[];
  canManage: boolean;
  onAdd: () => void;
  onEdit: (setting: PtoSetting) => void;
}) {
  const remove = useDeletePtoSetting(props.employeeId);
  const confirmDelete = (setting: PtoSetting) =>
    modals.openConfirmModal({
      title: <Text fw={600}>Delete PTO Setting</Text>,
      centered: true,
      children: <Text>Delete the PTO setting “{setting.name}”? The periods are computed again without it.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(setting.id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
          onError: failed,
        }),
    });

  return (
    <Card withBorder padding={0}>
      <Group justify="space-between" p="md">
        <Title order={2} size="h4">
          PTO Settings
        </Title>
        {props.canManage ? (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={props.onAdd}>
            Add PTO Setting
          </Button>
        ) : null}
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" aria-label="PTO Settings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Start Date</Table.Th>
              <Table.Th>End Date</Table.Th>
              <Table.Th>Details</Table.Th>
              {props.canManage ? <Table.Th aria-label="Action" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.settings.length === 0 ? (
              <EmptyTableRow colSpan={props.canManage ? 6 : 5} message="No PTO Settings Found" />
            ) : null}
            {props.settings.map((setting) => (
              <Table.Tr key={setting.id}>
                <Table.Td>{setting.name}</Table.Td>
                <Table.Td>{setting.type}</Table.Td>
                <Table.Td>{setting.start_date}</Table.Td>
                <Table.Td>{ptoEndLabel(setting)}</Table.Td>
                <Table.Td>{describePtoSetting(setting)}</Table.Td>
                {props.canManage ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconEdit size={14} aria-hidden />}
                        onClick={() => props.onEdit(setting)}
                        aria-label={`Edit ${setting.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => confirmDelete(setting)}
                        aria-label={`Delete ${setting.name}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

const periodColumns: [keyof PtoPeriod, string][] = [
  ['accrued_hours', 'Accrued Hours'],
  ['accrued_rollover', 'Accrued Rollover'],
  ['accrued_used', 'Accrued Used'],
  ['accrued_balance', 'Accrued Balance'],
  ['lump_sum_hours', 'Lump Sum Hours'],
  ['lump_sum_rollover', 'Lump Sum Rollover'],
  ['lump_sum_used', 'Lump Sum Used'],
  ['lump_sum_balance', 'Lump Sum Balance'],
];

const periodStartLabel: Record<EmployeePto['period_start_source'], string> = {
  pto_start_date: 'the PTO start date',
  start_date: 'the start date (no PTO start date set)',
  created_at: 'the day the account was created (no PTO start or start date set)',
};

function PeriodsCard({ data }: { data: EmployeePto }) {
  // Newest first: the current period leads.
  const periods = [...data.periods].reverse();
  return (
    <Card withBorder padding={0}>
      <Stack gap={4} p="md">
        <Title order={2} size="h4">
          PTO Periods
        </Title>
        <Text size="sm" c="dimmed">
          {`Yearly from ${periodStartLabel[data.period_start_source]} ${data.period_start_date}. Rollover limits: Accrual ${formatHours(data.accrual_rollover_limit)} hours, Lump Sum ${formatHours(data.lump_sum_rollover_limit)} hours.`}
        </Text>
      </Stack>
      <Table.ScrollContainer minWidth={960}>
        <Table striped verticalSpacing="sm" aria-label="PTO Periods">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Period</Table.Th>
              {periodColumns.map(([key, label]) => (
                <Table.Th key={key} ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {periods.length === 0 ? (
              <EmptyTableRow colSpan={periodColumns.length + 1} message="No PTO Periods Found" />
            ) : null}
            {periods.map((period) => (
              <Table.Tr key={period.start_date} data-current={period.current || undefined}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {period.start_date} – {period.end_date}
                    </Text>
                    {period.current ? (
                      <Badge size="sm" color="green" style={{ flexShrink: 0 }}>
                        Current
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                {periodColumns.map(([key, label]) => (
                  <Table.Td key={key} ta="right" data-column={label} fw={key.endsWith('balance') ? 600 : undefined}>
                    {formatHours(period[key] as number)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function UsedCard({
  employeeId,
  data,
  canManage,
  onRecord,
}: {
  employeeId: number;
  data: EmployeePto;
  canManage: boolean;
  onRecord: () => void;
}) {
  const remove = useDeletePtoUsed(employeeId);
  const used = [...data.used].reverse();
  return (
    <Card withBorder padding={0}>
      <Group justify="space-between" p="md">
        <Title order={2} size="h4">
          Time Off Taken
        </Title>
        {canManage ? (
          <Group gap="xs">
            {/* Time off goes through a request filed on the employee's behalf (designs/hr.md §2.5), so it shows on
                the calendar and in the reports; the direct entry stays for corrections. */}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              component={Link}
              to={`/hr/requests?new=1&for=${employeeId}`}
            >
              Record Time Off
            </Button>
            <Button size="xs" variant="subtle" onClick={onRecord}>
              Record a correction
            </Button>
          </Group>
        ) : null}
      </Group>
      <Table striped verticalSpacing="sm" aria-label="Time Off Taken">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Bank</Table.Th>
            <Table.Th>Note</Table.Th>
            {canManage ? <Table.Th aria-label="Action" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {used.length === 0 ? <EmptyTableRow colSpan={canManage ? 5 : 4} message="No Time Off Recorded" /> : null}
          {used.map((entry) => {
            const requestId = requestIdOfUsed(entry);
            return (
              <Table.Tr key={entry.id} data-request-id={requestId ?? undefined}>
                <Table.Td>{entry.date}</Table.Td>
                <Table.Td ta="right">{formatHours(entry.hours)}</Table.Td>
                <Table.Td>{entry.bank}</Table.Td>
                <Table.Td>
                  {requestId === null ? (
                    entry.note
                  ) : (
                    // Written by an approved request: changed through the request (cancel, return early), not here.
                    <Anchor component={Link} to={`/hr/requests?request=${requestId}`} size="sm">
                      {`Request #${requestId}`}
                    </Anchor>
                  )}
                </Table.Td>
                {canManage ? (
                  <Table.Td>
                    {requestId === null ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete time off of ${entry.date}`}
                        loading={remove.isPending && remove.variables === entry.id}
                        onClick={() =>
                          remove.mutate(entry.id, {
                            onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
                            onError: failed,
                          })
                        }
                      >
                        Delete
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

interface SettingFormValues {
  name: string;
  type: PtoSettingType;
  start_date: string;
  end_date: string;
  payroll_hours: string;
  accrued_hours: string;
  initial_hours: string;
  adjustment_hours: string;
  deposits_to: string | null;
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const settingFields = [
  'name',
  'type',
  'start_date',
  'end_date',
  'payroll_hours',
  'accrued_hours',
  'initial_hours',
  'adjustment_hours',
  'deposits_to',
] as const;

function PtoSettingModal({
  employeeId,
  setting,
  onClose,
}: {
  employeeId: number;
  setting: PtoSetting | null;
  onClose: () => void;
}) {
  const save = useSavePtoSetting(employeeId);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SettingFormValues>({
    mode: 'controlled',
    initialValues: {
      name: setting?.name ?? '',
      type: setting?.type ?? 'Hourly',
      start_date: setting?.start_date ?? '',
      end_date: setting?.end_date ?? '',
      payroll_hours: text(setting?.payroll_hours),
      accrued_hours: text(setting?.accrued_hours),
      initial_hours: text(setting?.initial_hours),
      adjustment_hours: text(setting?.adjustment_hours),
      deposits_to: setting?.deposits_to ?? null,
    },
    validate: schemaResolver(ptoSettingInputSchema, { sync: true }),
  });
  const type = form.values.type;

  const submit = form.onSubmit((values) => {
    setBanner(null);
    save.mutate(
      { id: setting?.id ?? null, values: { ...values, end_date: values.type === 'Adjustment' ? '' : values.end_date } },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422 && error.errors) {
            const fields = Object.fromEntries(
              Object.entries(error.errors).map(([field, messages]) => [field, messages[0]]),
            );
            form.setErrors(fields);
            const unknown = Object.keys(fields).filter(
              (field) => !(settingFields as readonly string[]).includes(field),
            );
            if (unknown.length > 0) setBanner(fields[unknown[0]]);
          }
          failed(error);
        },
      },
    );
  });

  const hoursProps = { type: 'number', step: '0.01', inputMode: 'decimal' as const };
  return (
    <Modal opened onClose={onClose} title={setting ? 'Edit PTO Setting' : 'Add PTO Setting'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {banner ? <Alert color="red">{banner}</Alert> : null}
          <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
          <Select
            label="Type"
            withAsterisk
            allowDeselect={false}
            data={[...ptoSettingTypes]}
            {...form.getInputProps('type')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="date"
              label={type === 'Adjustment' ? 'Date' : 'Start Date'}
              withAsterisk
              {...form.getInputProps('start_date')}
            />
            {type === 'Adjustment' ? (
              <TextInput label="End Date" value={ptoNotApplicable} disabled readOnly />
            ) : (
              <TextInput
                type="date"
                label="End Date"
                description="Leave empty for Endless"
                {...form.getInputProps('end_date')}
              />
            )}
          </SimpleGrid>
          {type === 'Hourly' ? (
            <>
              <Text size="sm" c="dimmed">
                {ptoHourlyHint}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  {...hoursProps}
                  label="Payroll Hours (X)"
                  withAsterisk
                  {...form.getInputProps('payroll_hours')}
                />
                <TextInput
                  {...hoursProps}
                  label="Accrued Hours (Y)"
                  withAsterisk
                  {...form.getInputProps('accrued_hours')}
                />
              </SimpleGrid>
            </>
          ) : null}
          {type === 'Flat Rate' ? (
            <TextInput
              {...hoursProps}
              label="Hours per Period"
              description="Deposited to Lump Sum in every period"
              withAsterisk
              {...form.getInputProps('initial_hours')}
            />
          ) : null}
          {type === 'Adjustment' ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...hoursProps}
                label="Adjustment Hours"
                description="Positive for a bonus, negative for a retraction"
                withAsterisk
                {...form.getInputProps('adjustment_hours')}
              />
              <Select label="Deposits To" withAsterisk data={[...ptoBanks]} {...form.getInputProps('deposits_to')} />
            </SimpleGrid>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface UsedFormValues {
  date: string;
  hours: string;
  bank: string | null;
  note: string;
}

function RecordTimeOffModal({
  employeeId,
  today,
  onClose,
}: {
  employeeId: number;
  today: string;
  onClose: () => void;
}) {
  const record = useRecordPtoUsed(employeeId);
  const resolver = schemaResolver(ptoUsedInputSchema, { sync: true });
  const form = useForm<UsedFormValues>({
    mode: 'controlled',
    initialValues: { date: today, hours: '', bank: 'Accrual', note: '' },
    // user_id is the employee's; the form checks the rest.
    validate: (values) => resolver({ ...values, user_id: employeeId }) as Record<string, string>,
  });
  const submit = form.onSubmit((values) =>
    record.mutate(
      { ...values, bank: values.bank as (typeof ptoBanks)[number] },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422 && error.errors) {
            form.setErrors(
              Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]])),
            );
          }
          failed(error);
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title="Record Time Off">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={2}>
            <TextInput type="date" label="Date" withAsterisk {...form.getInputProps('date')} />
            <TextInput
              type="number"
              step="0.01"
              inputMode="decimal"
              label="Hours"
              withAsterisk
              {...form.getInputProps('hours')}
            />
          </SimpleGrid>
          <Select
            label="Bank"
            withAsterisk
            allowDeselect={false}
            data={[...ptoBanks]}
            {...form.getInputProps('bank')}
          />
          <TextInput label="Note" {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
