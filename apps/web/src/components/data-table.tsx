import { Alert, Card, LoadingOverlay, Table, Text, type TableProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyTableRow } from './empty-table-row.tsx';

/** A column's heading and, for a fixed layout, its width in pixels (columns without one share what is left). */
export interface DataTableColumn {
  label: string;
  width?: number;
}

interface DataTableProps {
  /** Accessible name of the table. */
  label: string;
  /** Headings; with a width on any column the table's layout is fixed, so long text cannot widen its column. */
  columns: readonly (string | DataTableColumn)[];
  minWidth: number;
  /** The list query's state: first load, a refetch in progress, a failure. */
  query: { isLoading: boolean; isFetching: boolean; isError: boolean };
  errorMessage: ReactNode;
  loadingText: ReactNode;
  emptyMessage: string;
  rowCount: number;
  /** The rows, rendered only when there are some. */
  children: ReactNode;
  /** A header row of its own (sortable headers, a filter row) instead of the plain column names. */
  header?: ReactNode;
  /** Overrides of the table's own props (a dense one-line layout, say). */
  tableProps?: Partial<TableProps>;
}

/** A paged list's table with its error banner, loading row, refetch overlay and empty row (spec 1 §2.4). */
export function DataTable(props: DataTableProps) {
  const { label, columns, minWidth, query, errorMessage, loadingText } = props;
  const { emptyMessage, rowCount, children, header } = props;
  const headings = columns.map((column) => (typeof column === 'string' ? { label: column } : column));
  const fixed = headings.some((column) => column.width !== undefined);
  return (
    <>
      {query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {errorMessage}
        </Alert>
      ) : null}
      <Card withBorder padding={0} pos="relative">
        <LoadingOverlay
          visible={query.isFetching && !query.isLoading}
          overlayProps={{ blur: 0, backgroundOpacity: 0.3 }}
          loaderProps={{ size: 'sm' }}
        />
        <Table.ScrollContainer minWidth={minWidth}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            aria-label={label}
            layout={fixed ? 'fixed' : undefined}
            {...props.tableProps}
          >
            <Table.Thead>
              {header ?? (
                <Table.Tr>
                  {headings.map((column) => (
                    <Table.Th key={column.label} w={column.width}>
                      {column.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              )}
            </Table.Thead>
            <Table.Tbody>
              {query.isLoading ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text c="dimmed" ta="center" py="md">
                      {loadingText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : rowCount === 0 ? (
                <EmptyTableRow colSpan={columns.length} message={emptyMessage} />
              ) : (
                children
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  );
}
