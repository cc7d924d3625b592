import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
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
  effectiveHolidays,
  holidayErrorMessage,
  holidayStoreInputSchema,
  type EffectiveHoliday,
  type Holiday,
  adminTimeOffMessage,
} from '@switchboard/shared';
import { IconArrowsExchange, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { useDeleteHoliday, useEmployeeHolidays, useStoreHoliday, useUpdateHoliday } from './api.ts';

export interface EmployeeHolidaysViewProps {
  employeeId: number;
  /** False when the signed-in user may not change this person's time off (an administrator's, decision 0025). */
  canChangeOwn?: boolean;
}

/** Who may change holidays, company-wide or per person (server: the same permission guards the calls). */
export const holidayManagePermission = 'view human resources';

const kindLabel: Record<EffectiveHoliday['kind'], string> = {
  company: 'Company',
  moved: 'Moved',
  individual: 'Individual',
};

// Spec 1 §8: every holiday failure says 'An Error Occured' (field errors stay on the form).
const failed = (error: unknown) => {
  if (!(isApiError(error) && error.status === 422)) notifications.show({ color: 'red', message: holidayErrorMessage });
};
const saved = (answer: { message: string }) => notifications.show({ color: 'green', message: answer.message });

type Dialog =
  { kind: 'individual' } | { kind: 'company' } | { kind: 'move'; company: Holiday; move: EffectiveHoliday | null };

/**
 * Spec 1 §3.11 Employee Holidays: the company holidays as they apply to this person (moves applied), their own
 * days off, and the company-wide list, managed here by HR (see docs/decisions/draft-pto-holidays.md).
 */
export function EmployeeHolidaysView({ employeeId, canChangeOwn = true }: EmployeeHolidaysViewProps) {
  const holidays = useEmployeeHolidays(employeeId);
  const canManage = usePermissions().includes(holidayManagePermission);
  const canManageOwn = canManage && canChangeOwn;
  const remove = useDeleteHoliday();
  const thisYear = String(new Date().getFullYear());
  const [year, setYear] = useState<string>(thisYear);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const years = useMemo(() => {
    const all = new Set([thisYear]);
    for (const holiday of [...(holidays.data?.company ?? []), ...(holidays.data?.individual ?? [])]) {
      all.add(holiday.date.slice(0, 4));
      if (holiday.new_date) all.add(holiday.new_date.slice(0, 4));
    }
    return [...all].sort().reverse();
  }, [holidays.data, thisYear]);

  if (holidays.isPending) return <Loader aria-label="Loading holidays" m="xl" />;
  if (holidays.isError) return <Alert color="red" title={holidayErrorMessage} />;

  const days = effectiveHolidays(holidays.data).filter(
    (day) => day.date.startsWith(year) || day.from?.startsWith(year),
  );
  const company = holidays.data.company.filter((holiday) => holiday.date.startsWith(year));
  const companyById = new Map(holidays.data.company.map((holiday) => [holiday.id, holiday]));
  const moveOf = new Map(holidays.data.individual.filter((own) => own.new_date).map((own) => [own.date, own]));

  const confirmDelete = (title: string, body: string, id: number) =>
    modals.openConfirmModal({
      title: <Text fw={600}>{title}</Text>,
      centered: true,
      children: <Text>{body}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(id, { onSuccess: saved, onError: failed }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Select
          label="Year"
          w={120}
          allowDeselect={false}
          data={years}
          value={year}
          onChange={(value) => setYear(value ?? thisYear)}
        />
      </Group>

      <Card withBorder padding={0}>
        <Group justify="space-between" p="md">
          <Title order={2} size="h4">
            Employee Holidays
          </Title>
          {canManage && !canChangeOwn ? (
            <Text size="sm" c="dimmed">
              {adminTimeOffMessage}
            </Text>
          ) : null}
          {canManageOwn ? (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setDialog({ kind: 'individual' })}
            >
              Add Holiday
            </Button>
          ) : null}
        </Group>
        <Table striped verticalSpacing="sm" aria-label="Employee Holidays">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Holiday</Table.Th>
              <Table.Th>Type</Table.Th>
              {canManageOwn ? <Table.Th aria-label="Action" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.length === 0 ? <EmptyTableRow colSpan={canManageOwn ? 4 : 3} message="No Holidays Found" /> : null}
            {days.map((day) => (
              <Table.Tr key={`${day.kind}-${day.holiday_id}`}>
                <Table.Td>{day.date}</Table.Td>
                <Table.Td>{day.name ?? ''}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Badge
                      size="sm"
                      variant="light"
                      color={day.kind === 'company' ? 'blue' : day.kind === 'moved' ? 'orange' : 'grape'}
                    >
                      {kindLabel[day.kind]}
                    </Badge>
                    {day.from ? (
                      <Text size="xs" c="dimmed">
                        from {day.from}
                      </Text>
                    ) : null}
                  </Group>
                </Table.Td>
                {canManageOwn ? (
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {day.kind === 'company' ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconArrowsExchange size={14} aria-hidden />}
                          onClick={() =>
                            setDialog({ kind: 'move', company: companyById.get(day.holiday_id)!, move: null })
                          }
                          aria-label={`Move ${day.date}`}
                        >
                          Move
                        </Button>
                      ) : null}
                      {day.kind === 'moved' ? (
                        <>
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => {
                              const original = holidays.data.company.find((holiday) => holiday.date === day.from);
                              if (original) setDialog({ kind: 'move', company: original, move: day });
                            }}
                            aria-label={`Change move of ${day.from}`}
                          >
                            Change
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() =>
                              confirmDelete(
                                'Undo Move',
                                `Keep the company date ${day.from} for this employee?`,
                                moveOf.get(day.from!)!.id,
                              )
                            }
                            aria-label={`Undo move of ${day.from}`}
                          >
                            Undo Move
                          </Button>
                        </>
                      ) : null}
                      {day.kind === 'individual' ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() =>
                            confirmDelete(
                              'Delete Holiday',
                              `Delete the holiday of ${day.date} for this employee?`,
                              day.holiday_id,
                            )
                          }
                          aria-label={`Delete holiday ${day.date}`}
                        >
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      <Card withBorder padding={0}>
        <Group justify="space-between" p="md">
          <Stack gap={0}>
            <Title order={2} size="h4">
              Company Holidays
            </Title>
            <Text size="xs" c="dimmed">
              Apply to every employee; changes here affect everyone.
            </Text>
          </Stack>
          {canManage ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setDialog({ kind: 'company' })}
            >
              Add Company Holiday
            </Button>
          ) : null}
        </Group>
        <Table striped verticalSpacing="sm" aria-label="Company Holidays">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Holiday</Table.Th>
              <Table.Th>Added By</Table.Th>
              {canManage ? <Table.Th aria-label="Action" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {company.length === 0 ? (
              <EmptyTableRow colSpan={canManage ? 4 : 3} message="No Company Holidays Found" />
            ) : null}
            {company.map((holiday) => (
              <Table.Tr key={holiday.id}>
                <Table.Td>{holiday.date}</Table.Td>
                <Table.Td>{holiday.name ?? ''}</Table.Td>
                <Table.Td>{holiday.add_by?.name ?? ''}</Table.Td>
                {canManage ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() =>
                        confirmDelete(
                          'Delete Company Holiday',
                          `Delete ${holiday.name ?? holiday.date} for every employee?`,
                          holiday.id,
                        )
                      }
                      aria-label={`Delete company holiday ${holiday.date}`}
                    >
                      Delete
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>

      {dialog?.kind === 'individual' ? (
        <HolidayModal title="Add Holiday" userId={employeeId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'company' ? (
        <HolidayModal title="Add Company Holiday" userId={null} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'move' ? (
        <MoveHolidayModal
          employeeId={employeeId}
          company={dialog.company}
          move={dialog.move}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}

const fieldErrors = (error: unknown): Record<string, string> =>
  isApiError(error) && error.status === 422 && error.errors
    ? Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field, messages[0]]))
    : {};

function HolidayModal({ title, userId, onClose }: { title: string; userId: number | null; onClose: () => void }) {
  const store = useStoreHoliday();
  const resolver = schemaResolver(holidayStoreInputSchema, { sync: true });
  const form = useForm({
    mode: 'controlled',
    initialValues: { date: '', name: '' },
    validate: (values) => resolver({ ...values, user_id: userId }) as Record<string, string>,
  });
  const submit = form.onSubmit((values) =>
    store.mutate(
      { ...values, new_date: '', user_id: userId },
      {
        onSuccess: (answer) => {
          saved(answer);
          onClose();
        },
        onError: (error) => {
          form.setErrors(fieldErrors(error));
          failed(error);
        },
      },
    ),
  );
  return (
    <Modal opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput type="date" label="Date" withAsterisk {...form.getInputProps('date')} />
          <TextInput label="Name" {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={store.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Moves a company holiday for this employee: stores (or updates) their row with date = the company date and new_date. */
function MoveHolidayModal({
  employeeId,
  company,
  move,
  onClose,
}: {
  employeeId: number;
  company: Holiday;
  move: EffectiveHoliday | null;
  onClose: () => void;
}) {
  const store = useStoreHoliday();
  const update = useUpdateHoliday();
  const resolver = schemaResolver(holidayStoreInputSchema, { sync: true });
  const form = useForm({
    mode: 'controlled',
    initialValues: { new_date: move?.date ?? '' },
    validate: (values) => {
      const errors = resolver({ date: company.date, new_date: values.new_date, user_id: employeeId }) as Record<
        string,
        string
      >;
      if (!values.new_date) errors.new_date = 'The new date field is required.';
      return errors;
    },
  });
  const options = {
    onSuccess: (answer: { message: string }) => {
      saved(answer);
      onClose();
    },
    onError: (error: unknown) => {
      const fields = fieldErrors(error);
      form.setErrors({ new_date: fields.new_date ?? fields.date });
      failed(error);
    },
  };
  const submit = form.onSubmit((values) =>
    move
      ? update.mutate(
          { id: move.holiday_id, date: company.date, new_date: values.new_date, name: company.name },
          options,
        )
      : store.mutate(
          { date: company.date, new_date: values.new_date, user_id: employeeId, name: company.name },
          options,
        ),
  );
  return (
    <Modal opened onClose={onClose} title="Move Holiday">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {company.name ?? 'Company holiday'} on {company.date}, for this employee only.
          </Text>
          <TextInput type="date" label="New Date" withAsterisk {...form.getInputProps('new_date')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={store.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
