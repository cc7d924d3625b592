import { Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { invoiceTypeLabels, invoiceTypes } from '@switchboard/shared/billing/invoices';
import {
  registerStatusFilters,
  registerStatusLabels,
  type InvoiceRegisterRow,
} from '@switchboard/shared/billing/reports';
import { Pagination } from '../../components/pagination.tsx';
import { useLiveReports, useReport } from './api/reports.ts';
import { CompanyFilter } from './components/company-filter.tsx';
import { ExportCsvButton, ReportState, ReportTable, useUrlFilters, type Column } from './components/report-table.tsx';
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
  const [filters, setFilter] = useUrlFilters();
  const report = useReport('invoiceregister', filters);
  useLiveReports();
  const data = report.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Invoice Register</Title>
        <ExportCsvButton name="invoiceregister" filters={filters} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="From"
          value={filters.from ?? ''}
          onChange={(e) => setFilter('from', e.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={(e) => setFilter('to', e.currentTarget.value)}
        />
        <Select
          label="Type"
          placeholder="All types"
          clearable
          data={invoiceTypes.map((type) => ({ value: type, label: invoiceTypeLabels[type] }))}
          value={filters.type ?? null}
          onChange={(value) => setFilter('type', value)}
          w={160}
        />
        <CompanyFilter
          value={filters.company_id}
          name={data?.data[0]?.company_name}
          onChange={(id) => setFilter('company_id', id)}
        />
        <Select
          label="Status"
          placeholder="All"
          clearable
          data={registerStatusFilters.map((status) => ({ value: status, label: registerStatusLabels[status] }))}
          value={filters.status ?? null}
          onChange={(value) => setFilter('status', value)}
          w={150}
        />
      </Group>
      <ReportState pending={report.isPending} error={report.error} />
      {data && (
        <>
          <ReportTable
            label="Invoice register"
            columns={columns}
            rows={data.data}
            rowKey={(row) => row.id}
            empty="No invoices."
            totals={[
              `Total (${data.totals.count})`,
              '',
              '',
              '',
              money(data.totals.subtotal),
              money(data.totals.tax_total),
              money(data.totals.total),
              money(data.totals.paid),
              money(data.totals.balance),
              '',
              '',
            ]}
          />
          <Pagination
            meta={data}
            itemLabel="documents"
            onPageChange={(page) => setFilter('page', String(page))}
            onPerPageChange={(perPage) => setFilter('per_page', String(perPage))}
          />
        </>
      )}
    </Stack>
  );
}
