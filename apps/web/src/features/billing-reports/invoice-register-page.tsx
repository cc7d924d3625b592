import { invoiceTypeLabels, invoiceTypes } from '@switchboard/shared/billing/invoices';
import {
  registerStatusFilters,
  registerStatusLabels,
  type InvoiceRegisterRow,
} from '@switchboard/shared/billing/reports';
import { CompanyFilter } from './components/company-filter.tsx';
import { DateFilter, ReportPage, SelectFilter, useReportPage } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';
import { money } from './format.ts';

// /billing/reports/invoiceregister (designs/billing.md §5): every posted invoice and credit note with its paid part,
// balance and state; totals of every page; filters range, type, company, status; the spec's paginator; the CSV holds
// every row. Live on the billing channel.

const columns: Column<InvoiceRegisterRow>[] = [
  { key: 'number', label: 'Number', render: (row) => row.number },
  { key: 'date', label: 'Date', render: (row) => row.invoice_date },
  { key: 'company', label: 'Company', render: (row) => row.company_name },
  { key: 'type', label: 'Type', render: (row) => invoiceTypeLabels[row.type] },
  { key: 'subtotal', label: 'Subtotal', numeric: true, render: (row) => money(row.subtotal) },
  { key: 'tax', label: 'Tax', numeric: true, render: (row) => money(row.tax_total) },
  { key: 'total', label: 'Total', numeric: true, render: (row) => money(row.total) },
  { key: 'paid', label: 'Paid', numeric: true, render: (row) => money(row.paid) },
  { key: 'balance', label: 'Balance', numeric: true, render: (row) => money(row.balance) },
  { key: 'due', label: 'Due', render: (row) => row.due_date ?? '' },
  { key: 'status', label: 'Status', render: (row) => row.status },
];

export function InvoiceRegisterPage() {
  const page = useReportPage('invoiceregister');
  return (
    <ReportPage
      page={page}
      title="Invoice Register"
      filterBar={
        <>
          <DateFilter page={page} field="from" label="From" />
          <DateFilter page={page} field="to" label="To" />
          <SelectFilter
            page={page}
            field="type"
            label="Type"
            placeholder="All types"
            data={invoiceTypes.map((type) => ({ value: type, label: invoiceTypeLabels[type] }))}
            w={160}
          />
          <CompanyFilter
            value={page.filters.company_id}
            name={page.data?.data[0]?.company_name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
          <SelectFilter
            page={page}
            field="status"
            label="Status"
            placeholder="All"
            data={registerStatusFilters.map((status) => ({ value: status, label: registerStatusLabels[status] }))}
            w={150}
          />
        </>
      }
      label="Invoice register"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.id}
      empty="No invoices."
      totals={({ totals }) => [
        `Total (${totals.count})`,
        '',
        '',
        '',
        money(totals.subtotal),
        money(totals.tax_total),
        money(totals.total),
        money(totals.paid),
        money(totals.balance),
        '',
        '',
      ]}
      itemLabel="documents"
    />
  );
}
