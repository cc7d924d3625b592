import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { SalesReportName } from '@switchboard/shared/billing/reports-sales';
import { useState, type ReactNode } from 'react';
import { Pagination, type PaginationMeta } from '../../../components/pagination.tsx';
import {
  downloadSalesReportCsv,
  salesReportCsvUrl,
  useLiveSalesReports,
  useSalesReport,
  type SalesAnswers,
  type SalesReportFilters,
} from '../api/sales-reports.ts';
import { ReportState, ReportTable, useUrlFilters, type Column } from './report-table.tsx';

// The frame of the sales report pages (designs/billing.md §5), as report-page.tsx is for part 1's: title and Export
// CSV, the filter bar, the loading and error state, the table with its totals, the paginator of a paged report, and
// what a page adds (a tie line, a chart, a second table). Its own file because report-page.tsx types part 1's names.

export function useSalesReportPage<N extends SalesReportName>(name: N) {
  const [filters, setFilter] = useUrlFilters();
  const report = useSalesReport(name, filters);
  useLiveSalesReports();
  return { name, filters, setFilter, report, data: report.data };
}

export type SalesReportPageState<N extends SalesReportName> = ReturnType<typeof useSalesReportPage<N>>;

function ExportSalesCsvButton({ name, filters }: { name: SalesReportName; filters: SalesReportFilters }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={salesReportCsvUrl(name, filters)}
        variant="default"
        loading={busy}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          setBusy(true);
          setFailed(false);
          downloadSalesReportCsv(name, filters)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        Export CSV
      </Button>
      {failed && (
        <Text c="red" size="sm">
          An error occured.
        </Text>
      )}
    </Group>
  );
}

interface SalesReportFrameProps<N extends SalesReportName, T> {
  page: SalesReportPageState<N>;
  title: string;
  filterBar: ReactNode;
  label: string;
  columns: Column<T>[];
  rows: (data: SalesAnswers[N]) => T[];
  rowKey: (row: T) => string | number;
  totals?: (data: SalesAnswers[N]) => ReactNode[];
  empty?: string;
  itemLabel?: string;
  /** Shown above the table (a chart). */
  before?: (data: SalesAnswers[N]) => ReactNode;
  /** Shown below the table (a tie line, the licences). */
  children?: (data: SalesAnswers[N]) => ReactNode;
}

export function SalesReportFrame<N extends SalesReportName, T>({
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
  before,
  children,
}: SalesReportFrameProps<N, T>) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <ExportSalesCsvButton name={name} filters={filters} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        {filterBar}
      </Group>
      <ReportState pending={report.isPending} error={report.error} />
      {data && (
        <>
          {before?.(data)}
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
              meta={data as unknown as PaginationMeta}
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
