import type { ClientBalanceRow } from '@switchboard/shared/billing/reports';
import { CompanyFilter } from './components/company-filter.tsx';
import { DateFilter, ReportPage, SwitchFilter, useReportPage } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';
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
  const page = useReportPage('clientbalances');
  return (
    <ReportPage
      page={page}
      title="Client Balances"
      filterBar={
        <>
          <DateFilter page={page} field="as_of" label="As of" fallback={page.data?.as_of} />
          <CompanyFilter
            value={page.filters.company_id}
            name={page.data?.data[0]?.company_name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
          <SwitchFilter page={page} field="hide_zero" label="Hide zero" />
          <SwitchFilter page={page} field="overdue_only" label="Overdue only" />
        </>
      }
      label="Client balances"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.company_id}
      empty="No companies."
      totals={({ totals }) => [
        'Total',
        money(totals.invoiced),
        money(totals.credited),
        money(totals.received),
        money(totals.open),
        money(totals.overdue),
        money(totals.unapplied_credit),
        money(totals.balance),
        '',
      ]}
    />
  );
}
