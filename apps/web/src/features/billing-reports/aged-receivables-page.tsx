import { Anchor, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { AgedItem, AgedReceivablesRow } from '@switchboard/shared/billing/reports';
import { invoiceTypeLabels, type InvoiceType } from '@switchboard/shared/billing/invoices';
import { useReport, useLiveReports } from './api/reports.ts';
import { CompanyFilter } from './components/company-filter.tsx';
import { ExportCsvButton, ReportState, ReportTable, useUrlFilters, type Column } from './components/report-table.tsx';
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
  const [filters, setFilter] = useUrlFilters();
  const report = useReport('agedreceivables', filters);
  useLiveReports();
  const data = report.data;
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

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Aged Receivables</Title>
        <ExportCsvButton name="agedreceivables" filters={filters} />
      </Group>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="As of"
          value={filters.as_of ?? data?.as_of ?? ''}
          onChange={(event) => setFilter('as_of', event.currentTarget.value)}
        />
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
          onChange={(event) =>
            setFilter('width', event.currentTarget.value === '30' ? null : event.currentTarget.value)
          }
          w={110}
        />
        <TextInput
          type="number"
          label="Buckets"
          min={1}
          max={12}
          value={filters.count ?? '3'}
          onChange={(event) => setFilter('count', event.currentTarget.value === '3' ? null : event.currentTarget.value)}
          w={90}
        />
        <CompanyFilter
          value={filters.company_id}
          name={chosen?.company_name}
          onChange={(id) => setFilter('company_id', id)}
        />
        <Switch
          label="Hide zero"
          checked={filters.hide_zero === '1'}
          onChange={(event) => setFilter('hide_zero', event.currentTarget.checked ? '1' : null)}
        />
      </Group>
      <ReportState pending={report.isPending} error={report.error} />
      {data && (
        <>
          <ReportTable
            label="Aged receivables"
            columns={columns}
            rows={data.data}
            rowKey={(row) => row.company_id}
            totals={['Total', ...data.totals.buckets.map(money), money(data.totals.credits), money(data.totals.total)]}
            empty="No receivables."
          />
          <Text aria-label="Tie to Accounts Receivable" c={data.tie.difference === 0 ? undefined : 'red'} fw={500}>
            {tieLine(data.tie.ledger_balance, data.tie.difference)}
          </Text>
          {data.items && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Title order={3}>{chosen?.company_name ?? 'Company'}: open items</Title>
                <Button variant="subtle" onClick={() => setFilter('company_id', null)}>
                  All companies
                </Button>
              </Group>
              <ReportTable<AgedItem>
                label="Open items"
                rows={data.items}
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
                    render: (item) => (item.bucket === null ? 'Unapplied credit' : data.buckets[item.bucket]?.label),
                  },
                  { key: 'amount', label: 'Amount', numeric: true, render: (item) => money(item.amount) },
                ]}
              />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
