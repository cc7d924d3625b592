import { Title } from '@mantine/core';
import { billingItemTypes } from '@switchboard/shared/contracts';
import type { LicenseRow, ServiceRow } from '@switchboard/shared/billing/reports-sales';
import { useItemOptions } from './api/sales-reports.ts';
import { CompanyFilter } from './components/company-filter.tsx';
import { DateFilter, SelectFilter } from './components/report-page.tsx';
import { ReportTable, type Column } from './components/report-table.tsx';
import { SalesReportFrame, useSalesReportPage } from './components/sales-report-frame.tsx';
import { money } from './format.ts';

// /billing/reports/services (designs/billing.md §5; decision 0107): per item, quantity and revenue billed by company
// and month; below, for licensed items (type cloud), seats billed against seats bought on posted vendor bills, the
// unbilled seats priced as lost revenue. Period, item type, item, company.

const quantity = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

const columns: Column<ServiceRow>[] = [
  { key: 'item', label: 'Item', render: (row) => row.item_name },
  { key: 'type', label: 'Type', render: (row) => row.item_type },
  { key: 'company', label: 'Company', render: (row) => row.company_name },
  { key: 'month', label: 'Month', render: (row) => row.month },
  { key: 'quantity', label: 'Quantity', numeric: true, render: (row) => quantity(row.quantity) },
  { key: 'revenue', label: 'Revenue', numeric: true, render: (row) => money(row.revenue) },
];

const licenseColumns: Column<LicenseRow>[] = [
  { key: 'item', label: 'Item', render: (row) => row.item_name },
  { key: 'billed', label: 'Seats billed', numeric: true, render: (row) => quantity(row.seats_billed) },
  { key: 'bought', label: 'Seats bought', numeric: true, render: (row) => quantity(row.seats_bought) },
  { key: 'unbilled', label: 'Unbilled seats', numeric: true, render: (row) => quantity(row.unbilled_seats) },
  { key: 'lost', label: 'Lost revenue', numeric: true, render: (row) => money(row.lost_revenue) },
  { key: 'revenue', label: 'Revenue', numeric: true, render: (row) => money(row.revenue) },
  { key: 'cost', label: 'Cost', numeric: true, render: (row) => money(row.cost) },
];

export function ServicesPage() {
  const page = useSalesReportPage('services');
  const items = useItemOptions();
  return (
    <SalesReportFrame
      page={page}
      title="Services"
      filterBar={
        <>
          <DateFilter page={page} field="from" label="From" fallback={page.data?.range.from} />
          <DateFilter page={page} field="to" label="To" fallback={page.data?.range.to} />
          <SelectFilter
            page={page}
            field="item_type"
            label="Item type"
            placeholder="All types"
            data={billingItemTypes.map((type) => ({ value: type, label: type }))}
            w={140}
          />
          <SelectFilter
            page={page}
            field="item_id"
            label="Item"
            placeholder="All items"
            data={items.data ?? []}
            w={220}
          />
          <CompanyFilter
            value={page.filters.company_id}
            name={page.data?.data[0]?.company_name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
        </>
      }
      label="Services billed"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => `${row.item_id}-${row.company_id}-${row.month}`}
      empty="Nothing billed in the period."
      totals={({ totals, total }) => [`Total (${total})`, '', '', '', quantity(totals.quantity), money(totals.revenue)]}
      itemLabel="rows"
    >
      {(data) => (
        <>
          <Title order={3}>Licences: seats billed vs bought</Title>
          <ReportTable
            label="Licences"
            columns={licenseColumns}
            rows={data.licenses}
            rowKey={(row) => row.item_id}
            empty="No licensed items billed or bought in the period."
          />
        </>
      )}
    </SalesReportFrame>
  );
}
