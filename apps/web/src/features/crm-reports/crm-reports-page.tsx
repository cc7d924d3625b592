import { BarChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import {
  Alert,
  Button,
  Card,
  Group,
  LoadingOverlay,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  crmReportLabels,
  crmReportNames,
  formatReportCell,
  isCrmReportName,
  thisMonth,
  type CrmReport,
  type CrmReportChart,
  type CrmReportName,
  type CrmReportTable,
} from '@switchboard/shared/crm-reports';
import { IconAlertTriangle, IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { downloadCrmReportCsv, useCrmReport, type CrmReportRange } from './api/crm-reports.ts';

export const crmReportFailedMessage = 'The report could not be loaded.';

const colors = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6'];
const numeric = (kind: CrmReportTable['columns'][number]['kind']) => kind !== 'text';

/** The path of a report: /crm/reports/{report}/{start}/{end}/{agent}, the agent left out for all agents. */
export const crmReportPath = (report: CrmReportName, { start, end, agent }: CrmReportRange) =>
  `/crm/reports/${report}/${start}/${end}${agent ? `/${agent}` : ''}`;

function ReportChart({ chart, table }: { chart: CrmReportChart; table: CrmReportTable | undefined }) {
  if (!table || table.rows.length === 0) return null;
  const series = chart.series.map((entry, index) => ({
    name: entry.key,
    label: entry.label,
    color: colors[index % colors.length]!,
  }));
  const props = { h: 240, data: table.rows, dataKey: chart.index_key, series, withLegend: true };
  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        {chart.title}
      </Text>
      <div role="img" aria-label={chart.title}>
        {chart.type === 'line' ? (
          <LineChart {...props} curveType="linear" />
        ) : (
          <BarChart {...props} type={chart.stacked ? 'stacked' : 'default'} />
        )}
      </div>
    </Card>
  );
}

function ReportTable({ table, fetching }: { table: CrmReportTable; fetching: boolean }) {
  const { columns } = table;
  return (
    <Card withBorder padding={0} pos="relative">
      <LoadingOverlay visible={fetching} overlayProps={{ blur: 0, backgroundOpacity: 0.3 }} />
      <Text fw={600} p="sm">
        {table.title}
      </Text>
      <Table.ScrollContainer minWidth={Math.max(600, columns.length * 100)}>
        <Table striped highlightOnHover withColumnBorders verticalSpacing="xs" aria-label={table.title}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} ta={numeric(column.kind) ? 'right' : undefined}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.length === 0 ? (
              <EmptyTableRow colSpan={Math.max(1, columns.length)} message="Nothing in this range." />
            ) : null}
            {table.rows.map((row, index) => (
              <Table.Tr key={index}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={numeric(column.kind) ? 'right' : undefined}>
                    {formatReportCell(row[column.key], column.kind)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {table.totals && table.rows.length > 0 ? (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={numeric(column.kind) ? 'right' : undefined}>
                    {formatReportCell(table.totals?.[column.key], column.kind)}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/**
 * /crm/reports/{report}/{startDate?}/{endDate?}/{agent?} (designs/crm-softphone.md §4.10): report tabs, the date
 * range (this month in UTC by default, the zone the server counts days in) and the agent in the path, the report's
 * charts and tables, and its CSV.
 */
export function CrmReportsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const month = thisMonth(new Date().toISOString().slice(0, 10));
  const known = params.report !== undefined && isCrmReportName(params.report);
  const report: CrmReportName = known ? (params.report as CrmReportName) : 'calls';
  const range: CrmReportRange = {
    start: params.startDate ?? month.start,
    end: params.endDate ?? month.end,
    agent: params.agent && params.agent !== 'all' ? params.agent : undefined,
  };
  const [draft, setDraft] = useState({ start: range.start, end: range.end });
  const [exporting, setExporting] = useState(false);
  const query = useCrmReport(report, range);
  const employees = useEmployeeOptions();

  useEffect(() => setDraft({ start: range.start, end: range.end }), [range.start, range.end]);

  if (!known) return <Navigate to={crmReportPath('calls', range)} replace />;

  const go = (next: Partial<CrmReportRange> & { report?: CrmReportName }) =>
    void navigate(crmReportPath(next.report ?? report, { ...range, ...next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(draft);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCrmReportCsv(report, range);
    } catch {
      notifications.show({ color: 'red', message: crmReportFailedMessage });
    } finally {
      setExporting(false);
    }
  };

  const errors = query.isError ? getFormErrors(query.error) : null;
  const data: CrmReport | undefined = query.data?.report === report ? query.data : undefined;
  const agentOptions = (employees.data ?? []).map((entry) => ({
    value: String(entry.user_id),
    label: entry.user.name,
  }));
  if (range.agent && !agentOptions.some((option) => option.value === range.agent)) {
    agentOptions.push({ value: range.agent, label: `Agent ${range.agent}` });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          CRM Reports
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

      <Tabs value={report} onChange={(name) => name && isCrmReportName(name) && go({ report: name })}>
        <Tabs.List>
          {crmReportNames.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {crmReportLabels[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="Start"
            value={draft.start}
            onChange={(event) => setDraft({ ...draft, start: event.currentTarget.value })}
            error={errors?.fields.start}
          />
          <TextInput
            type="date"
            label="End"
            value={draft.end}
            onChange={(event) => setDraft({ ...draft, end: event.currentTarget.value })}
            error={errors?.fields.end}
          />
          <Button type="submit" mt={25}>
            Go
          </Button>
          <Select
            label="Agent"
            placeholder="All agents"
            clearable
            searchable
            value={range.agent ?? null}
            data={agentOptions}
            onChange={(value) => go({ agent: value ?? undefined })}
            error={errors?.fields.agent}
            w={240}
          />
        </Group>
      </form>
      <Text size="xs" c="dimmed">
        Days, hours and weekdays are counted in {data?.time_zone ?? 'UTC'}.
      </Text>

      {errors && Object.keys(errors.fields).length === 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {crmReportFailedMessage}
        </Alert>
      ) : null}
      {data?.note ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          {data.note}
        </Alert>
      ) : null}

      {data && data.charts.length > 0 ? (
        <SimpleGrid cols={{ base: 1, lg: data.charts.length > 1 ? 2 : 1 }}>
          {data.charts.map((chart) => (
            <ReportChart
              key={chart.title}
              chart={chart}
              table={data.tables.find((table) => table.key === chart.table)}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {data?.tables.map((table) => (
        <ReportTable key={table.key} table={table} fetching={query.isFetching} />
      ))}
    </Stack>
  );
}
