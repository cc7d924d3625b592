import { Anchor, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AgedItem, AgedReceivablesRow } from '@switchboard/shared/billing/reports';
import { invoiceTypeLabels, type InvoiceType } from '@switchboard/shared/billing/invoices';
import { CompanyFilter } from './components/company-filter.tsx';
import { DateFilter, ReportPage, SwitchFilter, useReportPage } from './components/report-page.tsx';
import { ReportTable, type Column } from './components/report-table.tsx';
import { dollars, money } from './format.ts';

// /billing/reports/agedreceivables (designs/billing.md §5, §7): per company Current, 1-30 ... 91+, Unapplied credits
// and Total as of a date, by due date or invoice date, buckets of any width and count; the total's tie to account
// 1100; a company's open items as its drill-down. Live on the billing channel.

const itemTypeLabel = (type: AgedItem['type']): string =>
  type === 'payment'
    ? 'Payment'
    : type === 'refund'
      ? 'Refund'
      : type === 'write_off'
        ? 'Write-off'
        : invoiceTypeLabels[type as InvoiceType];

/** 'Ties to Accounts Receivable (1100): $1,234.50, difference $0.00' */
export const tieLine = (ledger: number, difference: number): string =>
  `Ties to Accounts Receivable (1100): ${dollars(ledger)}, difference ${dollars(difference)}`;

export function AgedReceivablesPage() {
  const page = useReportPage('agedreceivables');
  const { filters, setFilter, data } = page;
  const bucketColumns: Column<AgedReceivablesRow>[] = (data?.buckets ?? []).map((bucket, index) => ({
    key: `bucket-${index}`,
    label: bucket.label,
    numeric: true,
    render: (row) => money(row.buckets[index] ?? 0),
  }));
  const columns: Column<AgedReceivablesRow>[] = [
    {
      key: 'company',
      label: 'Company',
      render: (row) => (
        <Anchor component="button" type="button" onClick={() => setFilter('company_id', String(row.company_id))}>
          {row.company_name}
        </Anchor>
      ),
    },
    ...bucketColumns,
    { key: 'credits', label: 'Unapplied credits', numeric: true, render: (row) => money(row.credits) },
    { key: 'total', label: 'Total', numeric: true, render: (row) => money(row.total) },
  ];
  const chosen = filters.company_id
    ? data?.data.find((row) => String(row.company_id) === filters.company_id)
    : undefined;
  // A number of days or buckets at its default leaves the URL.
  const setCount = (key: string, fallback: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setFilter(key, event.currentTarget.value === fallback ? null : event.currentTarget.value);

  return (
    <ReportPage
      page={page}
      title="Aged Receivables"
      filterBar={
        <>
          <DateFilter page={page} field="as_of" label="As of" fallback={data?.as_of} />
          <Select
            label="Basis"
            data={[
              { value: 'due_date', label: 'Due date' },
              { value: 'invoice_date', label: 'Invoice date' },
            ]}
            value={filters.basis ?? 'due_date'}
            onChange={(value) => setFilter('basis', value === 'due_date' ? null : value)}
            allowDeselect={false}
            w={150}
          />
          <TextInput
            type="number"
            label="Bucket days"
            min={1}
            max={365}
            value={filters.width ?? '30'}
            onChange={setCount('width', '30')}
            w={110}
          />
          <TextInput
            type="number"
            label="Buckets"
            min={1}
            max={12}
            value={filters.count ?? '3'}
            onChange={setCount('count', '3')}
            w={90}
          />
          <CompanyFilter
            value={filters.company_id}
            name={chosen?.company_name}
            onChange={(id) => setFilter('company_id', id)}
          />
          <SwitchFilter page={page} field="hide_zero" label="Hide zero" />
        </>
      }
      label="Aged receivables"
      columns={columns}
      rows={(report) => report.data}
      rowKey={(row) => row.company_id}
      totals={({ totals }) => ['Total', ...totals.buckets.map(money), money(totals.credits), money(totals.total)]}
      empty="No receivables."
    >
      {(report) => (
        <>
          <Text aria-label="Tie to Accounts Receivable" c={report.tie.difference === 0 ? undefined : 'red'} fw={500}>
            {tieLine(report.tie.ledger_balance, report.tie.difference)}
          </Text>
          {report.items && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={3}>{chosen?.company_name ?? 'Company'}: open items</Title>
                <Button variant="subtle" onClick={() => setFilter('company_id', null)}>
                  All companies
                </Button>
              </Group>
              <ReportTable<AgedItem>
                label="Open items"
                rows={report.items}
                rowKey={(item) => `${item.type}-${item.id}`}
                empty="No open items."
                columns={[
                  { key: 'label', label: 'Document', render: (item) => item.label || `#${item.id}` },
                  { key: 'type', label: 'Type', render: (item) => itemTypeLabel(item.type) },
                  { key: 'date', label: 'Date', render: (item) => item.date },
                  { key: 'due', label: 'Due', render: (item) => item.due_date ?? '' },
                  { key: 'days', label: 'Days', numeric: true, render: (item) => item.days ?? '' },
                  {
                    key: 'bucket',
                    label: 'Bucket',
                    render: (item) => (item.bucket === null ? 'Unapplied credit' : report.buckets[item.bucket]?.label),
                  },
                  { key: 'amount', label: 'Amount', numeric: true, render: (item) => money(item.amount) },
                ]}
              />
            </Stack>
          )}
        </>
      )}
    </ReportPage>
  );
}
