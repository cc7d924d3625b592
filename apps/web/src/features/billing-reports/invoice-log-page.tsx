import { Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { invoiceLogEventLabels, invoiceLogEvents, type InvoiceLogRow } from '@switchboard/shared/billing/reports';
import { Pagination } from '../../components/pagination.tsx';
import { useLiveReports, useReport } from './api/reports.ts';
import { CompanyFilter } from './components/company-filter.tsx';
import { ExportCsvButton, ReportState, ReportTable, useUrlFilters, type Column } from './components/report-table.tsx';

// /billing/reports/invoicelog (designs/billing.md §5): the events of invoices (created, edited, approved, posted,
// mailed to whom and the result, paid, credited, voided), who and when; filters range, company, event, user.

const eventLabel = (event: string): string =>
  (invoiceLogEventLabels as Record<string, string | undefined>)[event] ?? event;

const when = (at: string): string =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const columns: Column<InvoiceLogRow>[] = [
  { key: 'at', label: 'When', render: (row) => when(row.at) },
  { key: 'event', label: 'Event', render: (row) => eventLabel(row.event) },
  { key: 'invoice', label: 'Invoice', render: (row) => row.invoice_label },
  { key: 'company', label: 'Company', render: (row) => row.company_name ?? '' },
  { key: 'user', label: 'User', render: (row) => row.user_name ?? 'System' },
  { key: 'detail', label: 'Detail', render: (row) => row.detail },
];

export function InvoiceLogPage() {
  const [filters, setFilter] = useUrlFilters();
  const report = useReport('invoicelog', filters);
  useLiveReports();
  const data = report.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Invoice Log</Title>
        <ExportCsvButton name="invoicelog" filters={filters} />
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
        <CompanyFilter value={filters.company_id} onChange={(id) => setFilter('company_id', id)} />
        <Select
          label="Event"
          placeholder="All events"
          clearable
          data={invoiceLogEvents.map((event) => ({ value: event, label: invoiceLogEventLabels[event] }))}
          value={filters.event ?? null}
          onChange={(value) => setFilter('event', value)}
          w={170}
        />
        <Select
          label="User"
          placeholder="Anyone"
          clearable
          data={userOptions(data?.data ?? [], filters.user_id)}
          value={filters.user_id ?? null}
          onChange={(value) => setFilter('user_id', value)}
          w={170}
        />
      </Group>
      <ReportState pending={report.isPending} error={report.error} />
      {data && (
        <>
          <ReportTable
            label="Invoice log"
            columns={columns}
            rows={data.data}
            rowKey={(row) => row.id}
            empty="No events."
          />
          <Pagination
            meta={data}
            itemLabel="events"
            onPageChange={(page) => setFilter('page', String(page))}
            onPerPageChange={(perPage) => setFilter('per_page', String(perPage))}
          />
        </>
      )}
    </Stack>
  );
}

/** The users seen on the page (and the chosen one), for the user filter. */
function userOptions(rows: InvoiceLogRow[], chosen: string | undefined) {
  const users = new Map<string, string>();
  for (const row of rows) if (row.user_id !== null) users.set(String(row.user_id), row.user_name ?? `#${row.user_id}`);
  if (chosen && !users.has(chosen)) users.set(chosen, `#${chosen}`);
  return [...users].map(([value, label]) => ({ value, label }));
}
