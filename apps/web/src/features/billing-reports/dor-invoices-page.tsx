import { invoiceTypeLabels } from '@switchboard/shared/billing/invoices';
import {
  dorEventLabels,
  taxBases,
  taxBasisLabels,
  type DorInvoiceRow,
} from '@switchboard/shared/billing/reports-sales';
import { CompanyFilter } from './components/company-filter.tsx';
import { SelectFilter } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';
import { SalesReportFrame, useSalesReportPage } from './components/sales-report-frame.tsx';
import { StateFilter, taxPeriodOptions } from './dor-taxes-page.tsx';
import { money } from './format.ts';

// /billing/reports/dorinvoices (designs/billing.md §5; decision 0107): every invoice and credit note behind DOR Taxes,
// one row per event (posted, voided; paid, unapplied on cash basis) with company, state, taxable, non-taxable, exempt
// with its certificate, and tax; the same filters plus a company; paged, the CSV holding every row.

const columns: Column<DorInvoiceRow>[] = [
  { key: 'date', label: 'Date', render: (row) => row.date },
  { key: 'event', label: 'Event', render: (row) => dorEventLabels[row.event] },
  { key: 'number', label: 'Number', render: (row) => `${row.number} (${invoiceTypeLabels[row.type]})` },
  { key: 'company', label: 'Company', render: (row) => row.company_name },
  { key: 'state', label: 'State', render: (row) => (row.jurisdiction ? `${row.jurisdiction} ${row.dor_code}` : '—') },
  {
    key: 'share',
    label: 'Share',
    numeric: true,
    render: (row) => (row.share === 1 ? '' : `${(row.share * 100).toFixed(2)}%`),
  },
  { key: 'taxable', label: 'Taxable', numeric: true, render: (row) => money(row.taxable) },
  { key: 'non_taxable', label: 'Non-taxable', numeric: true, render: (row) => money(row.non_taxable) },
  { key: 'exempt', label: 'Exempt', numeric: true, render: (row) => money(row.exempt) },
  { key: 'certificate', label: 'Certificate', render: (row) => row.certificate },
  { key: 'tax', label: 'Tax', numeric: true, render: (row) => money(row.tax) },
];

export function DorInvoicesPage() {
  const page = useSalesReportPage('dorinvoices');
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SalesReportFrame
      page={page}
      title="DOR Invoices"
      filterBar={
        <>
          <SelectFilter
            page={page}
            field="period"
            label="Period"
            placeholder={page.data?.period ?? 'This quarter'}
            data={taxPeriodOptions(today)}
            w={150}
          />
          <SelectFilter
            page={page}
            field="basis"
            label="Basis"
            placeholder={taxBasisLabels.accrual}
            data={taxBases.map((basis) => ({ value: basis, label: taxBasisLabels[basis] }))}
            w={200}
          />
          <StateFilter value={page.filters.state} onChange={(state) => page.setFilter('state', state)} />
          <CompanyFilter
            value={page.filters.company_id}
            name={page.data?.data[0]?.company_name}
            onChange={(id) => page.setFilter('company_id', id)}
          />
        </>
      }
      label="DOR invoices"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.key}
      empty="No documents in the period."
      totals={({ totals, total }) => [
        `Total (${total})`,
        '',
        '',
        '',
        '',
        '',
        money(totals.taxable),
        money(totals.non_taxable),
        money(totals.exempt),
        '',
        money(totals.tax),
      ]}
      itemLabel="rows"
    />
  );
}
