import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Anchor, Button, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ClientOverviewMonth, ClientOverviewRow } from '@switchboard/shared/billing/reports-ledger';
import { Pagination, type PaginationMeta } from '../../components/pagination.tsx';
import { CompanyFilter } from './components/company-filter.tsx';
import { LedgerReportFrame, useLedgerReportPage } from './components/ledger-report-parts.tsx';
import { DateFilter } from './components/report-page.tsx';
import { ReportTable, type Column } from './components/report-table.tsx';
import { dollars, money } from './format.ts';

// /billing/reports/clientoverview (designs/billing.md §5): per company the governing contract, MRR, revenue over the
// twelve months to a date, billable hours, effective hourly rate (revenue ÷ billable hours), average days to pay and
// the balance; choosing a company shows its page with charts of hours used vs retainer and revenue by month.

const hours = (value: number | null) => (value === null ? '' : value.toFixed(2));

function columns(open: (id: number) => void): Column<ClientOverviewRow>[] {
  return [
    {
      key: 'company',
      label: 'Company',
      render: (row) => (
        <Anchor component="button" type="button" onClick={() => open(row.company_id)}>
          {row.company_name}
        </Anchor>
      ),
    },
    {
      key: 'contract',
      label: 'Contract',
      render: (row) =>
        row.contract
          ? `${row.contract.retainer_item}, ${row.contract.start_date} to ${row.contract.end_date}`
          : 'No contract',
    },
    { key: 'mrr', label: 'MRR', numeric: true, render: (row) => money(row.mrr) },
    { key: 'revenue', label: 'Revenue T12M', numeric: true, render: (row) => money(row.revenue_t12m) },
    { key: 'hours', label: 'Billable hours', numeric: true, render: (row) => hours(row.billable_hours_t12m) },
    {
      key: 'rate',
      label: 'Effective rate',
      numeric: true,
      render: (row) => (row.effective_rate === null ? '' : money(row.effective_rate)),
    },
    {
      key: 'days',
      label: 'Avg days to pay',
      numeric: true,
      render: (row) => (row.average_days_to_pay === null ? '' : String(row.average_days_to_pay)),
    },
    { key: 'balance', label: 'Balance', numeric: true, render: (row) => money(row.balance) },
  ];
}

function CompanyCharts({ months }: { months: ClientOverviewMonth[] }) {
  const data = months.map((m) => ({ ...m, retainer: m.retainer ?? 0, used: m.used ?? 0 }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Hours used vs retainer
          </Title>
          <BarChart
            h={240}
            data={data}
            dataKey="month"
            withLegend
            series={[
              { name: 'retainer', label: 'Retainer', color: 'gray.5' },
              { name: 'used', label: 'Used', color: 'blue.6' },
            ]}
          />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Revenue
          </Title>
          <BarChart
            h={240}
            data={data}
            dataKey="month"
            valueFormatter={dollars}
            series={[{ name: 'revenue', label: 'Revenue', color: 'teal.6' }]}
          />
        </Paper>
      </SimpleGrid>
      <Table aria-label="Months" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Retainer hours</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Hours used</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Revenue</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td>{m.month}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{hours(m.retainer)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{hours(m.used)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{money(m.revenue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

export function ClientOverviewPage() {
  const page = useLedgerReportPage('clientoverview');
  const data = page.data;
  const chosen = page.filters.company_id;
  return (
    <LedgerReportFrame
      name="clientoverview"
      filters={page.filters}
      title="Client Overview"
      pending={page.report.isPending}
      error={page.report.error}
      filterBar={
        <>
          <DateFilter page={page} field="to" label="Twelve months to" fallback={data?.period_to} />
          <CompanyFilter
            value={chosen}
            name={data?.data[0]?.company_name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
          {chosen && (
            <Button variant="default" onClick={() => page.setFilter('company_id', null)}>
              All companies
            </Button>
          )}
        </>
      }
    >
      {data && (
        <>
          <Text size="sm" c="dimmed">
            Revenue, hours and days to pay from {data.period_from} to {data.period_to}.
          </Text>
          <ReportTable
            label="Client overview"
            columns={columns((id) => page.setFilter('company_id', String(id)))}
            rows={data.data}
            rowKey={(row) => row.company_id}
            empty="No companies."
          />
          {!chosen && (
            <Pagination
              meta={data as PaginationMeta}
              itemLabel="companies"
              onPageChange={(value) => page.setFilter('page', String(value))}
              onPerPageChange={(perPage) => page.setFilter('per_page', String(perPage))}
            />
          )}
          {chosen && data.months && (
            <Group grow align="flex-start">
              <div>
                <CompanyCharts months={data.months} />
              </div>
            </Group>
          )}
        </>
      )}
    </LedgerReportFrame>
  );
}
