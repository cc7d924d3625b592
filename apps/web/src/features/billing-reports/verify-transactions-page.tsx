import { Alert, Badge, Card, Group, Stack, Table, Text } from '@mantine/core';
import type { VerifyCheck } from '@switchboard/shared/billing/reports-ledger';
import { BankReconciliationSection } from './bank-reconciliation-section.tsx';
import { LedgerReportFrame, useLedgerReportPage } from './components/ledger-report-parts.tsx';
import { DateFilter } from './components/report-page.tsx';
import { money } from './format.ts';

// /billing/reports/verifytransactions (designs/billing.md §5): every check with Pass or Fail and, for a failed one,
// its findings (the drill-down): trial balance, entries balanced, AR/AP/inventory/2050 against their sub-ledgers,
// invoice totals, allocations, rollups. The same checks run nightly and notify 'manage accounting' on failure.

const amount = (value: number | null) => (value === null ? '' : money(value));

function CheckCard({ check }: { check: VerifyCheck }) {
  return (
    <Card withBorder padding="sm" aria-label={check.label} role="region">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{check.label}</Text>
        <Badge color={check.passed ? 'green' : 'red'}>{check.passed ? 'Pass' : 'Fail'}</Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {check.detail}
      </Text>
      {!check.passed && check.problems.length > 0 && (
        <Table aria-label={`${check.label}: findings`} mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Finding</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Expected</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Actual</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {check.problems.map((problem, index) => (
              <Table.Tr key={`${problem.kind}-${problem.id}-${index}`}>
                <Table.Td>{problem.label}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{amount(problem.expected)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{amount(problem.actual)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{amount(problem.difference)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {check.problem_count > check.problems.length && (
        <Text size="sm" c="dimmed">
          {check.problems.length} of {check.problem_count} findings shown; Export CSV for the list.
        </Text>
      )}
    </Card>
  );
}

export function VerifyTransactionsPage() {
  const page = useLedgerReportPage('verifytransactions');
  const data = page.data;
  const failed = data?.checks.filter((check) => !check.passed).length ?? 0;
  return (
    <LedgerReportFrame
      name="verifytransactions"
      filters={page.filters}
      title="Verify Transactions"
      pending={page.report.isPending}
      error={page.report.error}
      filterBar={<DateFilter page={page} field="as_of" label="As of" fallback={data?.as_of} />}
    >
      {data && (
        <Stack gap="sm">
          <Alert color={data.passed ? 'green' : 'red'}>
            {data.passed
              ? `All ${data.checks.length} checks passed as of ${data.as_of}.`
              : `${failed} of ${data.checks.length} checks failed as of ${data.as_of}.`}
          </Alert>
          {data.checks.map((check) => (
            <CheckCard key={check.key} check={check} />
          ))}
          <BankReconciliationSection />
        </Stack>
      )}
    </LedgerReportFrame>
  );
}
