import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { StatementAccountRow } from '@switchboard/shared/billing/reports-ledger';
import { Fragment, useState, type ReactNode } from 'react';
import {
  downloadLedgerReportCsv,
  ledgerReportCsvUrl,
  useLedgerReport,
  useLiveLedgerReports,
  type LedgerReportName,
} from '../api/ledger-reports.ts';
import { money } from '../format.ts';
import { ReportState, useUrlFilters } from './report-table.tsx';

// The frame of the ledger reports (Balance Sheet, Income Statement, Verify Transactions): title and Export CSV, the
// filter bar, loading and error, and a statement table (sections of account rows with their totals, optional
// monthly and comparison columns). Kept beside report-page.tsx, whose frame is typed to part 1's reports.

/** A ledger report's URL filters, its answer (read again on the billing channel) and the setter of a filter. */
export function useLedgerReportPage<N extends LedgerReportName>(name: N) {
  const [filters, setFilter] = useUrlFilters();
  const report = useLedgerReport(name, filters);
  useLiveLedgerReports();
  return { name, filters, setFilter, report, data: report.data };
}

export function LedgerReportFrame({
  name,
  filters,
  title,
  filterBar,
  pending,
  error,
  children,
}: {
  name: LedgerReportName;
  filters: Record<string, string>;
  title: string;
  filterBar: ReactNode;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <Group gap="xs">
          <Button
            component="a"
            href={ledgerReportCsvUrl(name, filters)}
            variant="default"
            loading={busy}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              setBusy(true);
              setFailed(false);
              downloadLedgerReportCsv(name, filters)
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
      </Group>
      <Group align="flex-end" wrap="wrap">
        {filterBar}
      </Group>
      <ReportState pending={pending} error={error} />
      {children}
    </Stack>
  );
}

export interface StatementBlock {
  key: string;
  label: string;
  rows: (StatementAccountRow & { monthly?: number[] })[];
  total: number;
  compare_total: number | null;
  monthly_totals?: number[];
}

/** A line under the sections (Gross margin, Net income, Total liabilities and equity). */
export interface StatementFigure {
  key: string;
  label: string;
  amount: number;
  compare: number | null;
  monthly?: number[];
  /** Printed after the section of this key. */
  after: string;
}

const right = { textAlign: 'right' } as const;

/** Sections of accounts with totals; `columns` heads the amount columns (months, the period, the comparison). */
export function StatementTable({
  label,
  columns,
  sections,
  figures = [],
}: {
  label: string;
  columns: string[];
  sections: StatementBlock[];
  figures?: StatementFigure[];
}) {
  const cells = (monthly: number[] | undefined, amount: number, compare: number | null) => [
    ...(monthly ?? []).map(money),
    money(amount),
    ...(compare === null ? [] : [money(compare)]),
  ];
  const line = (key: string, name: ReactNode, values: string[], strong = false) => (
    <Table.Tr key={key} fw={strong ? 700 : undefined}>
      <Table.Td>{name}</Table.Td>
      {values.map((value, index) => (
        <Table.Td key={index} style={right}>
          {value}
        </Table.Td>
      ))}
    </Table.Tr>
  );
  return (
    <Table aria-label={label} striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Account</Table.Th>
          {columns.map((column) => (
            <Table.Th key={column} style={right}>
              {column}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sections.map((section) => (
          <Fragment key={section.key}>
            <Table.Tr>
              <Table.Th colSpan={columns.length + 1}>{section.label}</Table.Th>
            </Table.Tr>
            {section.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 1}>
                  <Text c="dimmed" size="sm">
                    No postings.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {section.rows.map((row) =>
              line(
                `${section.key}-${row.account_id ?? row.name}`,
                row.computed ? <Text fs="italic">{row.name}</Text> : `${row.number} ${row.name}`,
                cells(row.monthly, row.amount, row.compare),
              ),
            )}
            {line(
              `${section.key}-total`,
              `Total ${section.label}`,
              cells(section.monthly_totals, section.total, section.compare_total),
              true,
            )}
            {figures
              .filter((figure) => figure.after === section.key)
              .map((figure) =>
                line(figure.key, figure.label, cells(figure.monthly, figure.amount, figure.compare), true),
              )}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}
