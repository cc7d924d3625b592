import {
  Alert,
  Button,
  Card,
  Group,
  LoadingOverlay,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  defaultTimeclockRange,
  formatReportMinutes,
  reportRangeSchema,
  timeclockReportColumnLabels,
  timeclockReportColumns,
  type TimeclockReportColumn,
  type TimeclockValues,
} from '@switchboard/shared/timeclock-report';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { YouBadge } from '../../components/you-badge.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { downloadTimeclockCsv, useTimeclockReport } from './api/timeclock-report.ts';

export const reportFailedMessage = 'An error occured.';

/** Today in the browser's time zone, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The range the route asks for (spec 3 §2, §9): none is the current week (Monday to today), a start alone runs to
 * today, and an end after today is capped at today. Dates are left as typed otherwise: the server says what is wrong.
 */
export function routeRange(params: { start?: string; end?: string }, today: string): { start: string; end: string } {
  if (!params.start) return defaultTimeclockRange(today);
  const end = params.end ?? today;
  return { start: params.start, end: /^\d{4}-\d{2}-\d{2}$/.test(end) && end > today ? today : end };
}

/** A date column's header: weekday and month/day, e.g. "Mon 11/16". */
export function dateHeader(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  const weekday = parsed.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });
  return `${weekday} ${date.slice(5, 7)}/${date.slice(8, 10)}`;
}

const sumValues = (list: readonly TimeclockValues[]): TimeclockValues => {
  const sum = { checked_in: 0, break: 0, lunch: 0, traveling: 0, pto: 0, uto: 0, payable: 0 };
  for (const values of list) for (const column of timeclockReportColumns) sum[column] += values[column];
  return sum;
};

/** Spec 3 §2: /reports/timeclock/{start}/{end}, a row per user with per-day values and totals in hours and minutes. */
export function TimeclockReportPage() {
  const params = useParams();
  const navigate = useNavigate();
  const currentUser = useCurrentUser();
  const today = localToday();
  const { start, end } = routeRange({ start: params.start, end: params.end }, today);
  const [draft, setDraft] = useState({ start, end });
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const [perDay, setPerDay] = useState<TimeclockReportColumn>('payable');
  const [exporting, setExporting] = useState(false);
  const report = useTimeclockReport(start, end);

  // The route is the source of truth: back/forward and links move the inputs along.
  useEffect(() => {
    setDraft({ start, end });
    setDraftErrors({});
  }, [start, end]);

  // An end after today in the address is replaced by today (spec 3 §9).
  useEffect(() => {
    if (params.end && params.end !== end) void navigate(`/reports/timeclock/${start}/${end}`, { replace: true });
  }, [params.end, start, end, navigate]);

  const go = (event: FormEvent) => {
    event.preventDefault();
    const capped = { start: draft.start, end: draft.end > today ? today : draft.end };
    const checked = reportRangeSchema.safeParse(capped);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
      setDraftErrors(errors);
      return;
    }
    setDraftErrors({});
    void navigate(`/reports/timeclock/${capped.start}/${capped.end}`);
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadTimeclockCsv(start, end);
    } catch {
      notifications.show({ color: 'red', message: reportFailedMessage });
    } finally {
      setExporting(false);
    }
  };

  const serverErrors = report.isError ? getFormErrors(report.error) : null;
  const fieldError = (field: 'start' | 'end') => draftErrors[field] ?? serverErrors?.fields[field];
  const data = report.data;
  const dates = data?.dates ?? [];
  const rows = data?.rows ?? [];
  const columnCount = 1 + dates.length + timeclockReportColumns.length;
  const allUsers = sumValues(rows.map((row) => row.totals));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Timeclock Report
        </Title>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          disabled={!data}
          onClick={() => void exportCsv()}
        >
          Download CSV
        </Button>
      </Group>

      <form onSubmit={go} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            type="date"
            label="Start"
            value={draft.start}
            max={today}
            onChange={(event) => setDraft({ ...draft, start: event.currentTarget.value })}
            error={fieldError('start')}
          />
          <TextInput
            type="date"
            label="End"
            value={draft.end}
            max={today}
            onChange={(event) => setDraft({ ...draft, end: event.currentTarget.value })}
            error={fieldError('end')}
          />
          <Button type="submit" mt={25}>
            Go
          </Button>
        </Group>
      </form>

      {serverErrors && Object.keys(serverErrors.fields).length === 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {reportFailedMessage}
        </Alert>
      ) : null}

      <Group gap="sm" align="center">
        <Text size="sm" c="dimmed">
          Per day:
        </Text>
        <SegmentedControl
          size="xs"
          aria-label="Per day"
          value={perDay}
          onChange={(value) => setPerDay(value as TimeclockReportColumn)}
          data={timeclockReportColumns.map((column) => ({ value: column, label: timeclockReportColumnLabels[column] }))}
        />
      </Group>

      <Card withBorder padding={0} pos="relative">
        <LoadingOverlay
          visible={report.isFetching && !report.isLoading}
          overlayProps={{ blur: 0, backgroundOpacity: 0.3 }}
          loaderProps={{ size: 'sm' }}
        />
        <Table.ScrollContainer minWidth={Math.max(900, 220 + dates.length * 80 + 7 * 90)}>
          <Table striped highlightOnHover withColumnBorders verticalSpacing="xs" aria-label="Timeclock Report">
            <Table.Thead>
              <Table.Tr>
                <Table.Th rowSpan={2}>User</Table.Th>
                {dates.length > 0 ? (
                  <Table.Th colSpan={dates.length} ta="center">
                    {timeclockReportColumnLabels[perDay]} per day
                  </Table.Th>
                ) : null}
                <Table.Th colSpan={timeclockReportColumns.length} ta="center">
                  Totals
                </Table.Th>
              </Table.Tr>
              <Table.Tr>
                {dates.map((date) => (
                  <Table.Th key={date} ta="right">
                    {dateHeader(date)}
                  </Table.Th>
                ))}
                {timeclockReportColumns.map((column) => (
                  <Table.Th key={column} ta="right">
                    {timeclockReportColumnLabels[column]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.isLoading ? (
                <Table.Tr>
                  <Table.Td colSpan={columnCount}>
                    <Text c="dimmed" size="sm">
                      Loading…
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : rows.length === 0 ? (
                <EmptyTableRow colSpan={columnCount} message="No timeclock time in this range." />
              ) : (
                rows.map((row) => (
                  <Table.Tr key={row.user_id} data-user-id={row.user_id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {row.name}
                        {row.user_id === currentUser?.id ? <YouBadge /> : null}
                      </Group>
                    </Table.Td>
                    {row.days.map((day) => (
                      <Table.Td key={day.date} ta="right" c={day[perDay] === 0 ? 'dimmed' : undefined}>
                        {formatReportMinutes(day[perDay])}
                      </Table.Td>
                    ))}
                    {timeclockReportColumns.map((column) => (
                      <Table.Td key={column} ta="right" fw={column === 'payable' ? 600 : undefined}>
                        {formatReportMinutes(row.totals[column])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            {rows.length > 1 ? (
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th>All users</Table.Th>
                  {dates.map((date, index) => (
                    <Table.Th key={date} ta="right">
                      {formatReportMinutes(rows.reduce((sum, row) => sum + row.days[index]![perDay], 0))}
                    </Table.Th>
                  ))}
                  {timeclockReportColumns.map((column) => (
                    <Table.Th key={column} ta="right">
                      {formatReportMinutes(allUsers[column])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Text size="xs" c="dimmed">
        Hours and minutes. Each person&apos;s days are counted in their own time zone; a status still open counts until
        now. Payable is Checked In, Break, Traveling and PTO; Lunch and UTO (unpaid time off) are not paid.
      </Text>
    </Stack>
  );
}
