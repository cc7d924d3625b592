import { invoiceLogEventLabels, invoiceLogEvents, type InvoiceLogRow } from '@switchboard/shared/billing/reports';
import { CompanyFilter } from './components/company-filter.tsx';
import { DateFilter, ReportPage, SelectFilter, useReportPage } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';

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
  const page = useReportPage('invoicelog');
  return (
    <ReportPage
      page={page}
      title="Invoice Log"
      filterBar={
        <>
          <DateFilter page={page} field="from" label="From" />
          <DateFilter page={page} field="to" label="To" />
          <CompanyFilter value={page.filters.company_id} onChange={(id) => page.setFilter('company_id', id)} />
          <SelectFilter
            page={page}
            field="event"
            label="Event"
            placeholder="All events"
            data={invoiceLogEvents.map((event) => ({ value: event, label: invoiceLogEventLabels[event] }))}
            w={170}
          />
          <SelectFilter
            page={page}
            field="user_id"
            label="User"
            placeholder="Anyone"
            data={userOptions(page.data?.data ?? [], page.filters.user_id)}
            w={170}
          />
        </>
      }
      label="Invoice log"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.id}
      empty="No events."
      itemLabel="events"
    />
  );
}

/** The users seen on the page (and the chosen one), for the user filter. */
function userOptions(rows: InvoiceLogRow[], chosen: string | undefined) {
  const users = new Map<string, string>();
  for (const row of rows) if (row.user_id !== null) users.set(String(row.user_id), row.user_name ?? `#${row.user_id}`);
  if (chosen && !users.has(chosen)) users.set(chosen, `#${chosen}`);
  return [...users].map(([value, label]) => ({ value, label }));
}
