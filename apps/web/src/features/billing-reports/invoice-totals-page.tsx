import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Paper } from '@mantine/core';
import { invoiceTypeLabels, invoiceTypes } from '@switchboard/shared/billing/invoices';
import {
  totalsGroupingLabels,
  totalsGroupings,
  type InvoiceTotalsPeriod,
} from '@switchboard/shared/billing/reports-sales';
import { DateFilter, SelectFilter } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';
import { SalesReportFrame, useSalesReportPage } from './components/sales-report-frame.tsx';
import { dollars, money } from './format.ts';

// /billing/reports/invoicetotals (designs/billing.md §5; decision 0107): count, subtotal, tax, total, credits and net
// of posted invoices by month (or week, quarter), every period of the range with a chart above; range, grouping,
// type. The chart comes with this route's chunk only.

const columns: Column<InvoiceTotalsPeriod>[] = [
  { key: 'period', label: 'Period', render: (row) => row.label },
  { key: 'count', label: 'Invoices', numeric: true, render: (row) => row.count },
  { key: 'subtotal', label: 'Subtotal', numeric: true, render: (row) => money(row.subtotal) },
  { key: 'tax', label: 'Tax', numeric: true, render: (row) => money(row.tax) },
  { key: 'total', label: 'Total', numeric: true, render: (row) => money(row.total) },
  { key: 'credits', label: 'Credits', numeric: true, render: (row) => money(row.credits) },
  { key: 'net', label: 'Net', numeric: true, render: (row) => money(row.net) },
];

export function InvoiceTotalsPage() {
  const page = useSalesReportPage('invoicetotals');
  return (
    <SalesReportFrame
      page={page}
      title="Invoice Totals"
      filterBar={
        <>
          <DateFilter page={page} field="from" label="From" fallback={page.data?.from} />
          <DateFilter page={page} field="to" label="To" fallback={page.data?.to} />
          <SelectFilter
            page={page}
            field="group"
            label="Group by"
            placeholder={totalsGroupingLabels.month}
            data={totalsGroupings.map((group) => ({ value: group, label: totalsGroupingLabels[group] }))}
            w={130}
          />
          <SelectFilter
            page={page}
            field="type"
            label="Type"
            placeholder="All types"
            data={invoiceTypes.map((type) => ({ value: type, label: invoiceTypeLabels[type] }))}
            w={170}
          />
        </>
      }
      label="Invoice totals"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.period}
      empty="No periods in the range."
      totals={({ totals }) => [
        'Total',
        totals.count,
        money(totals.subtotal),
        money(totals.tax),
        money(totals.total),
        money(totals.credits),
        money(totals.net),
      ]}
      before={(data) => (
        <Paper withBorder p="md" radius="md">
          <BarChart
            h={240}
            data={data.data}
            dataKey="label"
            valueFormatter={dollars}
            withLegend
            series={[
              { name: 'total', label: 'Invoiced', color: 'blue.6' },
              { name: 'credits', label: 'Credits', color: 'red.6' },
              { name: 'net', label: 'Net', color: 'teal.6' },
            ]}
          />
        </Paper>
      )}
    />
  );
}
