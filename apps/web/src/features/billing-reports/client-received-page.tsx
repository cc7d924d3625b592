import {
  receivedMethodLabels,
  receivedMethods,
  type ClientReceivedResponse,
  type ClientReceivedRow,
} from '@switchboard/shared/billing/reports-sales';
import { CompanyFilter } from './components/company-filter.tsx';
import { DateFilter, SelectFilter, SwitchFilter } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';
import { SalesReportFrame, useSalesReportPage } from './components/sales-report-frame.tsx';
import { money } from './format.ts';

// /billing/reports/clientreceived (designs/billing.md §5; decision 0107): payments received per company, a column per
// method, optional monthly columns; date range, method, company.

export function clientReceivedColumns(report: ClientReceivedResponse | undefined): Column<ClientReceivedRow>[] {
  const months = report?.months ?? [];
  return [
    { key: 'company', label: 'Company', render: (row) => row.company_name },
    { key: 'count', label: 'Payments', numeric: true, render: (row) => row.count },
    ...receivedMethods.map((method): Column<ClientReceivedRow> => ({
      key: method,
      label: receivedMethodLabels[method],
      numeric: true,
      render: (row) => money(row.methods[method]),
    })),
    ...months.map((month, index): Column<ClientReceivedRow> => ({
      key: month,
      label: month,
      numeric: true,
      render: (row) => money(row.months?.[index] ?? 0),
    })),
    { key: 'total', label: 'Total', numeric: true, render: (row) => money(row.total) },
  ];
}

export function ClientReceivedPage() {
  const page = useSalesReportPage('clientreceived');
  const columns = clientReceivedColumns(page.data);
  return (
    <SalesReportFrame
      page={page}
      title="Client Received Totals"
      filterBar={
        <>
          <DateFilter page={page} field="from" label="From" fallback={page.data?.from} />
          <DateFilter page={page} field="to" label="To" fallback={page.data?.to} />
          <SelectFilter
            page={page}
            field="method"
            label="Method"
            placeholder="All methods"
            data={receivedMethods.map((method) => ({ value: method, label: receivedMethodLabels[method] }))}
            w={150}
          />
          <CompanyFilter
            value={page.filters.company_id}
            name={page.data?.data[0]?.company_name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
          <SwitchFilter page={page} field="monthly" label="Monthly columns" />
        </>
      }
      label="Client received totals"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.company_id}
      empty="No payments received in the range."
      totals={({ totals }) =>
        columns.map((column) =>
          column.key === 'company' ? 'Total' : column.render({ company_id: 0, company_name: 'Total', ...totals }),
        )
      }
    />
  );
}
