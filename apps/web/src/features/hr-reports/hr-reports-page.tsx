import { LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Alert, Button, Card, Group, LoadingOverlay, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrReportExtraPermission,
  hrReportGroupings,
  hrReportLabels,
  hrReportNames,
  isHrReportName,
  type HrReport,
  type HrReportCell,
  type HrReportName,
} from '@switchboard/shared/hr/reports';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { downloadHrReportCsv, useEmployeeChoices, useHrReport, type HrReportFilters } from './api/hr-reports.ts';

export const hrReportFailedMessage = 'The report could not be loaded.';

function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const filterKeys = ['department_id', 'region_id', 'manager_id', 'enabled', 'group_by'] as const;
/** The table shows this many rows a page unless the address says otherwise (`per_page`, 1 to 500). */
const defaultPerPage = 50;
const pageNumber = (value: string | null, fallback: number, max: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
};

function formatCell(value: HrReportCell | undefined, kind: HrReport['columns'][number]['kind']): string {
  if (value === null || value === undefined) return '';
  if (kind === 'number' && typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  return String(value);
}

/**
 * /hr/reports/{report?}/{param1?}/{param2?} (designs/hr.md §7): a picker of the five reports, start and end dates
 * (1 January to today by default), filters in the address, one table with its totals row, its CSV, and a chart for
 * headcount.
 */
export function HrReportsPage() {
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const today = localToday();
  const permissions = usePermissions();
  const available = hrReportNames.filter((name) => {
    const extra = hrReportExtraPermission[name];
    return !extra || permissions.includes(extra);
  });
  const report: HrReportName = params.report && isHrReportName(params.report) ? params.report : 'pto';
  const groupings = hrReportGroupings[report];
  const from = params.param1 ?? `${today.slice(0, 4)}-01-01`;
  const to = params.param2 ?? today;
  const filters = Object.fromEntries(filterKeys.map((key) => [key, search.get(key) ?? undefined])) as HrReportFilters;
  // A grouping belongs to its report: another report opens with its own default.
  if (!groupings?.some((choice) => choice.value === filters.group_by)) filters.group_by = undefined;
  const [draft, setDraft] = useState({ from, to });
  const [exporting, setExporting] = useState(false);
  const query = useHrReport(report, from, to, filters);
  const staticData = useStaticData().data;
  const employees = useEmployeeChoices().data ?? [];

  useEffect(() => setDraft({ from, to }), [from, to]);

  const go = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ pathname: `/hr/reports/${report}/${draft.from}/${draft.to}`, search: search.toString() });
  };
  const pick = (name: string | null) => {
    if (name && isHrReportName(name)) {
      const next = new URLSearchParams(search);
      next.delete('group_by');
      next.delete('page');
      void navigate({ pathname: `/hr/reports/${name}/${from}/${to}`, search: next.toString() });
    }
  };
  const setFilter = (key: (typeof filterKeys)[number], value: string | null) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setSearch(next);
  };
  const setPage = (page: number, perPage?: number) => {
    const next = new URLSearchParams(search);
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    if (perPage !== undefined) {
      if (perPage === defaultPerPage) next.delete('per_page');
      else next.set('per_page', String(perPage));
    }
    setSearch(next);
  };
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadHrReportCsv(report, from, to, filters);
    } catch {
      notifications.show({ color: 'red', message: hrReportFailedMessage });
    } finally {
      setExporting(false);
    }
  };

  const errors = query.isError ? getFormErrors(query.error) : null;
  const data = query.data?.report === report ? query.data : undefined;
  const columns = data?.columns ?? [];
  const rows = data?.rows ?? [];
  const perPage = pageNumber(search.get('per_page'), defaultPerPage, 500);
  const lastPage = Math.max(1, Math.ceil(rows.length / perPage));
  const page = pageNumber(search.get('page'), 1, lastPage);
  const pageRows = rows.slice((page - 1) * perPage, page * perPage);
  // People filters mean nothing to the anonymous counts, which never tie a report to anyone.
  const peopleFilters = report !== 'anonymous';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          HR Reports
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
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Report"
            value={report}
            allowDeselect={false}
            data={available.map((name) => ({ value: name, label: hrReportLabels[name] }))}
            onChange={pick}
            w={160}
          />
          <TextInput
            type="date"
            label="Start"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })}
            error={errors?.fields.from}
          />
          <TextInput
            type="date"
            label="End"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })}
            error={errors?.fields.to}
          />
          <Button type="submit" mt={25}>
            Go
          </Button>
        </Group>
      </form>

      <Group gap="sm" wrap="wrap">
        {groupings ? (
          <Select
            label="Group by"
            allowDeselect={false}
            value={filters.group_by ?? groupings[0]!.value}
            data={groupings.map((choice) => ({ value: choice.value, label: choice.label }))}
            onChange={(value) => setFilter('group_by', value === groupings[0]!.value ? null : value)}
            w={160}
          />
        ) : null}
      </Group>
      {peopleFilters ? (
        <Group gap="sm" wrap="wrap">
          <Select
            label="Department"
            placeholder="All"
            clearable
            value={filters.department_id ?? null}
            data={(staticData?.departments ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
            onChange={(value) => setFilter('department_id', value)}
            w={200}
          />
          <Select
            label="Region"
            placeholder="All"
            clearable
            value={filters.region_id ?? null}
            data={(staticData?.regions ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
            onChange={(value) => setFilter('region_id', value)}
            w={200}
          />
          <Select
            label="Manager"
            placeholder="Anyone"
            clearable
            searchable
            value={filters.manager_id ?? null}
            data={employees.map((row) => ({ value: String(row.user_id), label: row.user.name }))}
            onChange={(value) => setFilter('manager_id', value)}
            w={220}
          />
          <Select
            label="Employees"
            allowDeselect={false}
            value={filters.enabled ?? 'enabled'}
            data={[
              { value: 'enabled', label: 'Enabled' },
              { value: 'disabled', label: 'Disabled' },
              { value: 'all', label: 'All' },
            ]}
            onChange={(value) => setFilter('enabled', value === 'enabled' ? null : value)}
            w={140}
          />
        </Group>
      ) : null}

      {errors && Object.keys(errors.fields).length === 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {hrReportFailedMessage}
        </Alert>
      ) : null}

      {data?.chart && data.rows.length > 0 ? (
        <Card withBorder>
          <LineChart
            h={240}
            data={data.rows}
            dataKey={data.chart.label_key}
            series={data.chart.series.map((key, index) => ({
              name: key,
              label: columns.find((column) => column.key === key)?.label ?? key,
              color: ['blue.6', 'teal.6', 'red.6'][index % 3]!,
            }))}
            withLegend
          />
        </Card>
      ) : null}

      <Card withBorder padding={0} pos="relative">
        <LoadingOverlay visible={query.isFetching} overlayProps={{ blur: 0, backgroundOpacity: 0.3 }} />
        <Table.ScrollContainer minWidth={Math.max(700, columns.length * 110)}>
          <Table
            striped
            highlightOnHover
            withColumnBorders
            verticalSpacing="xs"
            aria-label={`${hrReportLabels[report]} report`}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} ta={column.kind === 'number' ? 'right' : undefined}>
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data && data.rows.length === 0 ? (
                <EmptyTableRow colSpan={Math.max(1, columns.length)} message="Nothing in this range." />
              ) : null}
              {pageRows.map((row, index) => (
                <Table.Tr key={index}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.kind === 'number' ? 'right' : undefined}>
                      {formatCell(row[column.key], column.kind)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            {data?.totals && data.rows.length > 0 ? (
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.kind === 'number' ? 'right' : undefined}>
                      {formatCell(data.totals?.[column.key], column.kind)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            ) : null}
          </Table>
        </Table.ScrollContainer>
      </Card>
      {rows.length > defaultPerPage || perPage !== defaultPerPage ? (
        <Pagination
          meta={{
            total: rows.length,
            current_page: page,
            per_page: perPage,
            from: rows.length ? (page - 1) * perPage + 1 : null,
            to: rows.length ? Math.min(page * perPage, rows.length) : null,
            last_page: lastPage,
          }}
          onPageChange={(next) => setPage(next)}
          onPerPageChange={(next) => setPage(1, next)}
        />
      ) : null}
    </Stack>
  );
}
