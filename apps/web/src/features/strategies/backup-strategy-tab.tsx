import {
  Alert,
  Button,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  backupDays,
  backupDestinationTypes,
  backupFrequency,
  backupPrograms,
  backupSourceDriveMessage,
  backupSourceNeedsDrive,
  backupSourceTypes,
  backupStrategyInputSchema,
  backupTargetOf,
  backupTypes,
  emptySchedule,
  monthlyTimeFrames,
  nameOf,
  parseBackupSchedule,
  scheduleShapeOfBackupType,
  type BackupDevice,
  type BackupSchedule,
  type BackupStrategyDetail,
} from '@switchboard/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { getFormErrors } from '../../lib/form-errors.ts';
import {
  useBackupDevices,
  useBackupStrategies,
  useBackupStrategy,
  useDeleteBackupStrategy,
  useSaveBackupStrategy,
} from './api/strategies.ts';

interface TabProps {
  companyId: number;
  method: string;
  methodId: string | undefined;
}

const perPage = 10;

/**
 * Spec 2 §2 Backup strategies: /companies/{companyId}/backup-strategy (list), /backup-strategy/create and
 * /backup-strategy/edit/{id}. Saving or closing returns to the list, which reloads (spec 2 §4).
 */
export function BackupStrategyTab({ companyId, method, methodId }: TabProps) {
  if (method === 'create') return <BackupStrategyForm companyId={companyId} strategy={null} />;
  if (method === 'edit' && methodId) return <BackupStrategyEdit companyId={companyId} id={Number(methodId)} />;
  return <BackupStrategyList companyId={companyId} />;
}

function BackupStrategyList({ companyId }: { companyId: number }) {
  const [page, setPage] = useState(1);
  const query = useBackupStrategies(companyId, page, perPage);
  const remove = useDeleteBackupStrategy(companyId);
  const rows = query.data?.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          Backup Strategies
        </Title>
        <Button
          component={Link}
          to={`/companies/${companyId}/backup-strategy/create`}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          New Backup Strategy
        </Button>
      </Group>
      <DataTable
        label="Backup strategies"
        columns={[
          'Device Type',
          'Device',
          'Backup Type',
          'Frequency',
          'Destination Type',
          'Destination',
          'Software',
          'Notes',
          'Actions',
        ]}
        minWidth={1100}
        query={query}
        errorMessage="The backup strategies could not be loaded."
        loadingText="Loading backup strategies…"
        emptyMessage="No Backup Strategies Found"
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <Table.Tr key={row.id} data-strategy-id={row.id}>
            <Table.Td>{nameOf(backupSourceTypes, row.source_type)}</Table.Td>
            <Table.Td>{row.source_names.join(', ')}</Table.Td>
            <Table.Td>{nameOf(backupTypes, row.backup_type)}</Table.Td>
            <Table.Td>{backupFrequency(parseBackupSchedule(row.schedule))}</Table.Td>
            <Table.Td>{nameOf(backupDestinationTypes, row.destination_type)}</Table.Td>
            <Table.Td>{row.destination_names.join(', ')}</Table.Td>
            <Table.Td>{[nameOf(backupPrograms, row.program), row.software].filter(Boolean).join(' - ')}</Table.Td>
            <Table.Td>{row.notes ?? ''}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Button
                  component={Link}
                  to={`/companies/${companyId}/backup-strategy/edit/${row.id}`}
                  size="xs"
                  variant="subtle"
                  aria-label={`Edit backup strategy ${row.id}`}
                >
                  <IconPencil size={14} aria-hidden />
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete backup strategy ${row.id}`}
                  onClick={() =>
                    confirmDelete({
                      title: 'Are you sure?',
                      text: 'This backup strategy will be deleted.',
                      confirm: 'Yes, delete it!',
                      onConfirm: () =>
                        remove.mutate(row.id, {
                          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
                          // Spec 2 §8: backup strategy failures are only logged.
                          onError: (error) => console.error(error),
                        }),
                    })
                  }
                >
                  <IconTrash size={14} aria-hidden />
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {query.data ? (
        <Pagination meta={query.data} onPageChange={setPage} windowSize={3} itemLabel="strategies" />
      ) : null}
    </Stack>
  );
}

function BackupStrategyEdit({ companyId, id }: { companyId: number; id: number }) {
  const query = useBackupStrategy(companyId, id);
  if (query.isPending) return <PageLoader label="Loading backup strategy" />;
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The backup strategy could not be loaded.
      </Alert>
    );
  return <BackupStrategyForm key={id} companyId={companyId} strategy={query.data} />;
}

const options = (list: readonly { id: number; name: string }[]) =>
  list.map((entry) => ({ value: String(entry.id), label: entry.name }));
const weekdays = backupDays.filter((day) => day.id <= 7);

/** The picks a source or destination type offers: drives of servers, software, or devices. */
function pickOptions(typeId: number | null, devices: BackupDevice[] | undefined) {
  if (typeId === null || !devices) return [];
  const pick = backupTargetOf(typeId).pick;
  if (pick === 'drives')
    return devices.flatMap((device) =>
      device.drives.map((drive) => ({
        value: String(drive.id),
        label: `${device.name} ${drive.letter}: (${drive.size} GB)`,
      })),
    );
  if (pick === 'software')
    return devices.flatMap((device) =>
      device.software.map((entry) => ({ value: String(entry.id), label: `${entry.name} (${device.name})` })),
    );
  if (pick === 'devices') return devices.map((device) => ({ value: String(device.id), label: device.name }));
  return [];
}

interface FormState {
  source_type: number | null;
  source: string[];
  backup_type: number | null;
  schedule: BackupSchedule | null;
  program: number | null;
  software: string;
  destination_type: number | null;
  destination: string[];
  offsite_backup_location: string;
  local_backup_location: string;
  notes: string;
}

function BackupStrategyForm({ companyId, strategy }: { companyId: number; strategy: BackupStrategyDetail | null }) {
  const navigate = useNavigate();
  const save = useSaveBackupStrategy(companyId, strategy?.id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<FormState>(() => ({
    source_type: strategy?.source_type ?? null,
    source: (strategy?.source ?? []).map(String),
    backup_type: strategy?.backup_type ?? null,
    schedule: parseBackupSchedule(strategy?.schedule ?? null),
    program: strategy?.program ?? null,
    software: strategy?.software ?? '',
    destination_type: strategy?.destination_type ?? null,
    destination: (strategy?.destination ?? []).map(String),
    offsite_backup_location: strategy?.offsite_backup_location ?? '',
    local_backup_location: strategy?.local_backup_location ?? '',
    notes: strategy?.notes ?? '',
  }));
  const set = <K extends keyof FormState>(field: K, value: FormState[K]) =>
    setState((current) => ({ ...current, [field]: value }));
  const sources = useBackupDevices(state.source_type, companyId);
  const destinations = useBackupDevices(state.destination_type, companyId);
  const list = `/companies/${companyId}/backup-strategy`;

  const chooseBackupType = (value: string | null) => {
    const type = value === null ? null : Number(value);
    const shape = type === null ? null : scheduleShapeOfBackupType(type);
    setState((current) => ({
      ...current,
      backup_type: type,
      schedule: shape === null ? null : current.schedule?.shape === shape ? current.schedule : emptySchedule(shape),
    }));
  };

  const submit = () => {
    const parsed = backupStrategyInputSchema.safeParse({
      ...state,
      company_id: companyId,
      source: state.source.map(Number),
      destination: state.destination.map(Number),
    });
    const fields: Record<string, string> = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    // The server's rule too (issue 26 §2.9): a Server source names at least one of its drives.
    if (backupSourceNeedsDrive(state.source_type, state.source)) fields.source ??= backupSourceDriveMessage;
    if (!parsed.success || Object.keys(fields).length > 0) {
      setErrors(fields);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        void navigate(list);
      },
      onError: (error) => {
        // Spec 2 §8: backup strategy failures are only logged; a 422 still shows beside its fields.
        console.error(error);
        setErrors(getFormErrors(error).fields);
      },
    });
  };

  const sourcePick = state.source_type === null ? 'none' : backupTargetOf(state.source_type).pick;
  const destinationPick = state.destination_type === null ? 'none' : backupTargetOf(state.destination_type).pick;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {strategy ? 'Edit Backup Strategy' : 'New Backup Strategy'}
      </Title>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Source
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Source Type"
            required
            data={options(backupSourceTypes)}
            value={state.source_type === null ? null : String(state.source_type)}
            onChange={(value) =>
              setState((current) => ({ ...current, source_type: value === null ? null : Number(value), source: [] }))
            }
            error={errors.source_type}
          />
          {sourcePick === 'none' ? null : (
            <MultiSelect
              label={sourcePick === 'drives' ? 'Drives' : sourcePick === 'software' ? 'Software' : 'Devices'}
              data={pickOptions(state.source_type, sources.data)}
              value={state.source}
              onChange={(value) => set('source', value)}
              error={errors.source}
              searchable
            />
          )}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Backup
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label="Backup Type"
            required
            data={options(backupTypes)}
            value={state.backup_type === null ? null : String(state.backup_type)}
            onChange={chooseBackupType}
            error={errors.backup_type}
          />
          <Select
            label="Program"
            required
            data={options(backupPrograms)}
            value={state.program === null ? null : String(state.program)}
            onChange={(value) => set('program', value === null ? null : Number(value))}
            error={errors.program}
          />
          <TextInput
            label="Software"
            value={state.software}
            onChange={(event) => set('software', event.currentTarget.value)}
            error={errors.software}
          />
        </SimpleGrid>
        {errors.schedule ? (
          <Text c="red" size="sm" mt="xs">
            {errors.schedule}
          </Text>
        ) : null}
        {state.schedule ? (
          <ScheduleFields
            schedule={state.schedule}
            onChange={(schedule) => set('schedule', schedule)}
            errors={errors}
          />
        ) : null}
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h5" mb="xs">
          Destination
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Destination Type"
            required
            data={options(backupDestinationTypes)}
            value={state.destination_type === null ? null : String(state.destination_type)}
            onChange={(value) =>
              setState((current) => ({
                ...current,
                destination_type: value === null ? null : Number(value),
                destination: [],
              }))
            }
            error={errors.destination_type}
          />
          {destinationPick === 'none' ? null : (
            <MultiSelect
              label={destinationPick === 'drives' ? 'Destination Drives' : 'Destination Devices'}
              data={pickOptions(state.destination_type, destinations.data)}
              value={state.destination}
              onChange={(value) => set('destination', value)}
              error={errors.destination}
              searchable
            />
          )}
          <TextInput
            label="Offsite Backup Location"
            value={state.offsite_backup_location}
            onChange={(event) => set('offsite_backup_location', event.currentTarget.value)}
            error={errors.offsite_backup_location}
          />
          <TextInput
            label="Local Backup Location"
            value={state.local_backup_location}
            onChange={(event) => set('local_backup_location', event.currentTarget.value)}
            error={errors.local_backup_location}
          />
        </SimpleGrid>
      </Paper>
      <Textarea
        label="Notes"
        autosize
        minRows={3}
        value={state.notes}
        onChange={(event) => set('notes', event.currentTarget.value)}
        error={errors.notes}
      />
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          Save
        </Button>
        <Button variant="default" component={Link} to={list}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

type ScheduleRecord = Record<string, unknown>;

function ScheduleFields({
  schedule,
  onChange,
  errors,
}: {
  schedule: BackupSchedule;
  onChange: (schedule: BackupSchedule) => void;
  errors: Record<string, string>;
}) {
  const values = schedule as unknown as ScheduleRecord;
  const update = (field: string, value: unknown) => onChange({ ...schedule, [field]: value } as BackupSchedule);
  const error = (field: string) => errors[`schedule.${field}`];
  const days = (field: string, label: string) => (
    <Stack gap={4} key={field}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Chip.Group
        multiple
        value={(values[field] as number[]).map(String)}
        onChange={(value) => update(field, value.map(Number).sort())}
      >
        <Group gap={4}>
          {weekdays.map((day) => (
            <Chip key={day.id} value={String(day.id)} size="xs">
              {day.name.slice(0, 3)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
  const time = (field: string, label: string) => (
    <TextInput
      key={field}
      type="time"
      label={label}
      value={(values[field] as string | null) ?? ''}
      onChange={(event) => update(field, event.currentTarget.value || null)}
      error={error(field)}
    />
  );
  const count = (field: string, label: string) => (
    <NumberInput
      key={field}
      label={label}
      min={0}
      step={1}
      allowDecimal={false}
      value={values[field] as number}
      onChange={(value) => update(field, value === '' ? 0 : Number(value))}
      error={error(field)}
    />
  );
  const repeats = (field: string) => (
    <NumberInput
      key={field}
      label="Repeat Every (hours)"
      min={0}
      max={48}
      step={0.5}
      decimalScale={1}
      value={values[field] as number}
      onChange={(value) => update(field, value === '' ? 0 : Number(value))}
      error={error(field)}
    />
  );
  const weekly = (
    <Select
      label="Weekly Day"
      clearable
      data={options(weekdays)}
      value={values.weekly_sched === null ? null : String(values.weekly_sched)}
      onChange={(value) => update('weekly_sched', value === null ? null : Number(value))}
    />
  );

  if (schedule.shape === 'Continuous')
    return (
      <Stack mt="md" gap="sm" aria-label="Continuous schedule" role="group">
        {days('sched', 'Days')}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {time('start_time', 'Start Time')}
          {time('end_time', 'End Time')}
          {repeats('repeats')}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {count('intra_daily', 'Intra-daily Retained')}
          {count('daily_image', 'Daily Images Retained')}
          {count('weekly_image', 'Weekly Images Retained')}
          {count('monthly_image', 'Monthly Images Retained')}
        </SimpleGrid>
      </Stack>
    );

  const monthlyMode = schedule.monthly_time !== null ? 'week' : 'day';
  return (
    <Stack mt="md" gap="sm" aria-label={`${schedule.shape} schedule`} role="group">
      {schedule.shape === 'Mixed' ? (
        <>
          {days('inc_sched', 'Incremental Days')}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {time('inc_start_time', 'Incremental Start')}
            {time('inc_end_time', 'Incremental End')}
            {repeats('inc_repeats')}
          </SimpleGrid>
        </>
      ) : null}
      {days('daily_sched', 'Daily Days')}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {time('daily_start_time', 'Daily Start Time')}
        {count('daily_images', 'Daily Images Retained')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {weekly}
        {time('weekly_start_time', 'Weekly Start Time')}
        {count('weekly_images', 'Weekly Images Retained')}
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Monthly
        </Text>
        <SegmentedControl
          aria-label="Monthly by week or day"
          data={[
            { value: 'week', label: 'Week' },
            { value: 'day', label: 'Day' },
          ]}
          value={monthlyMode}
          // Exclusive (spec 2 §4): a week needs a time frame and a weekday, a day First or Last without a frame.
          onChange={(mode) =>
            onChange(
              (mode === 'week'
                ? { ...schedule, monthly_time: 1, monthly_day: 1 }
                : { ...schedule, monthly_time: null, monthly_day: 9 }) as BackupSchedule,
            )
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {monthlyMode === 'week' ? (
            <>
              <Select
                label="Monthly Week"
                data={options(monthlyTimeFrames)}
                value={String(schedule.monthly_time)}
                onChange={(value) => update('monthly_time', Number(value ?? 1))}
              />
              <Select
                label="Monthly Weekday"
                data={options(weekdays)}
                value={schedule.monthly_day === null ? null : String(schedule.monthly_day)}
                onChange={(value) => update('monthly_day', Number(value ?? 1))}
                error={error('monthly_day')}
              />
            </>
          ) : (
            <Select
              label="Monthly Day"
              clearable
              data={options(backupDays.filter((day) => day.id >= 8))}
              value={schedule.monthly_day === null ? null : String(schedule.monthly_day)}
              onChange={(value) => update('monthly_day', value === null ? null : Number(value))}
              error={error('monthly_day')}
            />
          )}
          {schedule.shape === 'Mixed' ? count('monthly_repeats', 'Monthly Repeats') : null}
          {count('monthly_images', 'Monthly Images Retained')}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
