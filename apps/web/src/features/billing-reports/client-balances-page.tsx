import { Group, Stack, Switch, TextInput, Title } from '@mantine/core';
import type { ClientBalanceRow } from '@switchboard/shared/billing/reports';
import { useLiveReports, useReport } from './api/reports.ts';
import { CompanyFilter } from './components/company-filter.tsx';
import { ExportCsvButton, ReportState, ReportTable, useUrlFilters, type Column } from './components/report-table.tsx';
import { money } from './format.ts';

// /billing/reports/clientbalances (designs/billing.md §5): per company invoiced, credited, received, open, overdue,
// unapplied credit, balance and the last payment, as of a date; hide zero, overdue only. Live on the billing channel.

const columns: Column<ClientBalanceRow>[] = [
  { key: 'company', label: 'Company', render: (row) => row.company_name },
  { key: 'invoiced', label: 'Invoiced', numeric: true, render: (row) => money(row.invoiced) },
  { key: 'credited', label: 'Credited', numeric: true, render: (row) => money(row.credited) },
  { key: 'received', label: 'Received', numeric: true, render: (row) => money(row.received) },
  { key: 'open', label: 'Open', numeric: true, render: (row) => money(row.open) },
  { key: 'overdue', label: 'Overdue', numeric: true, render: (row) => money(row.overdue) },
  { key: 'unapplied', label: 'Unapplied credit', numeric: true, render: (row) => money(row.unapplied_credit) },
  { key: 'balance', label: 'Balance', numeric: true, render: (row) => money(row.balance) },
  {
    key: 'last',
    label: 'Last payment',
    render: (row) => (row.last_payment_date ? `${row.last_payment_date} (${money(row.last_payment_amount ?? 0)})` : ''),
  },
];

export function ClientBalancesPage() {
  const [filters, setFilter] = useUrlFilters();
  const report = useReport('clientbalances', filters);
  useLiveReports();
  const data = report.data;
  const toggle = (key: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFilter(key, event.currentTarget.checked ? '1' : null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Client Balances</Title>
        <ExportCsvButton name="clientbalances" filters={filters} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="As of"
          value={filters.as_of ?? data?.as_of ?? ''}
          onChange={(event) => setFilter('as_of', event.currentTarget.value)}
        />
        <CompanyFilter
          value={filters.company_id}
          name={data?.data[0]?.company_name}
          onChange={(id) => setFilter('company_id', id)}
        />
        <Switch label="Hide zero" checked={filters.hide_zero === '1'} onChange={toggle('hide_zero')} />
        <Switch label="Overdue only" checked={filters.overdue_only === '1'} onChange={toggle('overdue_only')} />
      </Group>
      <ReportState pending={report.isPending} error={report.error} />
      {data && (
        <ReportTable
          label="Client balances"
          columns={columns}
          rows={data.data}
          rowKey={(row) => row.company_id}
          empty="No companies."
          totals={[
            'Total',
            money(data.totals.invoiced),
            money(data.totals.credited),
            money(data.totals.received),
            money(data.totals.open),
            money(data.totals.overdue),
            money(data.totals.unapplied_credit),
            money(data.totals.balance),
            '',
          ]}
        />
      )}
    </Stack>
  );
}
