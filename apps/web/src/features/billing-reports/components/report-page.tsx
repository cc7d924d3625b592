import { Group, Select, Stack, Switch, TextInput, Title, type ComboboxData } from '@mantine/core';
import type { BillingReportName } from '@switchboard/shared/billing/reports';
import type { ReactNode } from 'react';
import { Pagination, type PaginationMeta } from '../../../components/pagination.tsx';
import { useLiveReports, useReport, type Answers, type ReportFilters } from '../api/reports.ts';
import { ExportCsvButton, ReportState, ReportTable, useUrlFilters, type Column } from './report-table.tsx';

// The frame every report page shares (designs/billing.md §5): title and Export CSV, the filter bar, the loading and
// error state, the table with its totals, the paginator of a paged report, and what a page adds below. A page says
// only its filters and columns.

/** A report's URL filters, its answer (read again on the billing channel) and the setter of a filter. */
export function useReportPage<N extends BillingReportName>(name: N) {
  const [filters, setFilter] = useUrlFilters();
  const report = useReport(name, filters);
  useLiveReports();
  return { name, filters, setFilter, report, data: report.data };
}

export type ReportPageState<N extends BillingReportName> = ReturnType<typeof useReportPage<N>>;

interface ReportPageProps<N extends BillingReportName, T> {
  page: ReportPageState<N>;
  title: string;
  /** The filter bar's inputs (DateFilter, SelectFilter, SwitchFilter, CompanyFilter...). */
  filterBar: ReactNode;
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: (data: Answers[N]) => T[];
  rowKey: (row: T) => string | number;
  /** The totals row, one cell per column. */
  totals?: (data: Answers[N]) => ReactNode[];
  empty?: string;
  /** A paged report: the paginator under the table, naming its rows ("documents"). */
  itemLabel?: string;
  /** What the page shows below the table (a tie line, a drill-down). */
  children?: (data: Answers[N]) => ReactNode;
}

export function ReportPage<N extends BillingReportName, T>({
  page: { name, filters, setFilter, report, data },
  title,
  filterBar,
  label,
  columns,
  rows,
  rowKey,
  totals,
  empty,
  itemLabel,
  children,
}: ReportPageProps<N, T>) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <ExportCsvButton name={name} filters={filters} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        {filterBar}
      </Group>
      <ReportState pending={report.isPending} error={report.error} />
      {data && (
        <>
          <ReportTable
            label={label}
            columns={columns}
            rows={rows(data)}
            rowKey={rowKey}
            totals={totals?.(data)}
            empty={empty}
          />
          {itemLabel && (
            <Pagination
              meta={data as PaginationMeta}
              itemLabel={itemLabel}
              onPageChange={(value) => setFilter('page', String(value))}
              onPerPageChange={(perPage) => setFilter('per_page', String(perPage))}
            />
          )}
          {children?.(data)}
        </>
      )}
    </Stack>
  );
}

interface FilterProps {
  page: { filters: ReportFilters; setFilter: (key: string, value: string | null) => void };
  /** The URL query key. */
  field: string;
  label: string;
}

/** A day filter; `fallback` shows the day the report used when the URL names none (as of today). */
export function DateFilter({ page, field, label, fallback }: FilterProps & { fallback?: string }) {
  return (
    <TextInput
      type="date"
      label={label}
      value={page.filters[field] ?? fallback ?? ''}
      onChange={(event) => page.setFilter(field, event.currentTarget.value)}
    />
  );
}

/** A clearable choice; cleared, the filter leaves the URL. */
export function SelectFilter({
  page,
  field,
  label,
  placeholder,
  data,
  w,
}: FilterProps & { placeholder: string; data: ComboboxData; w: number }) {
  return (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      data={data}
      value={page.filters[field] ?? null}
      onChange={(value) => page.setFilter(field, value)}
      w={w}
    />
  );
}

/** An on/off filter: '1' in the URL when on. */
export function SwitchFilter({ page, field, label }: FilterProps) {
  return (
    <Switch
      label={label}
      checked={page.filters[field] === '1'}
      onChange={(event) => page.setFilter(field, event.currentTarget.checked ? '1' : null)}
    />
  );
}
