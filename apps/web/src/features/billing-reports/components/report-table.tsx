import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BillingReportName } from '@switchboard/shared/billing/reports';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { downloadReportCsv, reportCsvUrl, type ReportFilters } from '../api/reports.ts';

// The pieces the four report pages share: filters kept in the URL, a table that turns into one card per row on a
// phone (decision 0064: no sideways scrolling below 40em), and Export CSV with the filters applied.

export interface Column<T> {
  key: string;
  label: string;
  numeric?: boolean;
  render: (row: T) => ReactNode;
}

/** The URL's query as the report's filters (empty values dropped), and a setter that resets the page. */
export function useUrlFilters(): [ReportFilters, (key: string, value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const filters: ReportFilters = {};
  params.forEach((value, key) => {
    if (value !== '') filters[key] = value;
  });
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

export function ExportCsvButton({ name, filters }: { name: BillingReportName; filters: ReportFilters }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={reportCsvUrl(name, filters)}
        variant="default"
        loading={busy}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          setBusy(true);
          setFailed(false);
          downloadReportCsv(name, filters)
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

export function ReportState({ pending, error }: { pending: boolean; error: unknown }) {
  if (error) return <Alert color="red">An error occured.</Alert>;
  if (pending) return <Loader />;
  return null;
}

interface ReportTableProps<T> {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** The totals row: one cell per column (the first usually 'Total'). */
  totals?: ReactNode[];
  empty?: string;
}

export function ReportTable<T>({
  label,
  columns,
  rows,
  rowKey,
  totals,
  empty = 'Nothing to show.',
}: ReportTableProps<T>) {
  const phone = useMediaQuery('(max-width: 40em)') ?? false;
  if (phone)
    return (
      <Stack gap="xs" aria-label={label} role="list">
        {rows.length === 0 && <Text c="dimmed">{empty}</Text>}
        {[
          ...rows.map((row) => ({ key: rowKey(row), cells: columns.map((c) => c.render(row)) })),
          ...(totals ? [{ key: 'totals', cells: totals }] : []),
        ].map(({ key, cells }) => (
          <Card key={key} withBorder padding="sm" role="listitem" data-totals={key === 'totals' || undefined}>
            <SimpleGrid cols={2} spacing={4}>
              {columns.map((column, index) => (
                <Group key={column.key} justify="space-between" gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {column.label}
                  </Text>
                  <Text size="sm" ta="right" style={{ overflowWrap: 'anywhere' }}>
                    {cells[index]}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  const align = (column: Column<T>) => (column.numeric ? ({ textAlign: 'right' } as const) : undefined);
  return (
    <Table aria-label={label} striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.key} style={align(column)}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={columns.length}>
              <Text c="dimmed">{empty}</Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.key} style={align(column)}>
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {totals && (
        <Table.Tfoot>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column.key} style={align(column)} aria-label={`Total ${column.label}`}>
                {totals[index]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
