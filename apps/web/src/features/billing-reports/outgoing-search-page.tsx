import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  outgoingKindLabels,
  outgoingKinds,
  receivedMethodLabels,
  receivedMethods,
  type OutgoingRow,
} from '@switchboard/shared/billing/reports-sales';
import { useState } from 'react';
import { usePaidFromAccounts } from './api/sales-reports.ts';
import { DateFilter, SelectFilter } from './components/report-page.tsx';
import type { Column } from './components/report-table.tsx';
import { SalesReportFrame, useSalesReportPage } from './components/sales-report-frame.tsx';
import { money } from './format.ts';

// /billing/reports/outgoingsearch (designs/billing.md §5; decision 0107): money out (vendor payments, refunds, checks),
// newest first; payee, amount range, check or reference, account, method, kind, range; voided payments shown, not
// summed; paged, the CSV holding every row.

const columns: Column<OutgoingRow>[] = [
  { key: 'date', label: 'Date', render: (row) => row.date },
  { key: 'kind', label: 'Kind', render: (row) => outgoingKindLabels[row.kind] },
  { key: 'payee', label: 'Payee', render: (row) => row.payee_name },
  { key: 'method', label: 'Method', render: (row) => receivedMethodLabels[row.method] },
  { key: 'reference', label: 'Check or reference', render: (row) => row.reference },
  { key: 'amount', label: 'Amount', numeric: true, render: (row) => money(row.amount) },
  { key: 'account', label: 'Account', render: (row) => `${row.account_number} ${row.account_name}` },
  { key: 'status', label: 'Status', render: (row) => (row.status === 'void' ? 'Void' : 'Posted') },
];

/** A text filter that reaches the URL (and the API) once typing pauses. */
function TextFilter({
  value,
  label,
  w,
  onChange,
}: {
  value?: string;
  label: string;
  w: number;
  onChange: (value: string | null) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const send = useDebouncedCallback((next: string) => onChange(next.trim() || null), 300);
  return (
    <TextInput
      label={label}
      w={w}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        send(event.currentTarget.value);
      }}
    />
  );
}

export function OutgoingSearchPage() {
  const page = useSalesReportPage('outgoingsearch');
  const accounts = usePaidFromAccounts();
  const set = (field: string) => (value: string | null) => page.setFilter(field, value);
  return (
    <SalesReportFrame
      page={page}
      title="Outgoing Search"
      filterBar={
        <>
          <TextFilter label="Payee" w={180} value={page.filters.payee} onChange={set('payee')} />
          <TextFilter label="Min amount" w={110} value={page.filters.min_amount} onChange={set('min_amount')} />
          <TextFilter label="Max amount" w={110} value={page.filters.max_amount} onChange={set('max_amount')} />
          <TextFilter label="Check or reference" w={160} value={page.filters.reference} onChange={set('reference')} />
          <SelectFilter
            page={page}
            field="account_id"
            label="Paid from"
            placeholder="All accounts"
            data={accounts.data ?? []}
            w={200}
          />
          <SelectFilter
            page={page}
            field="method"
            label="Method"
            placeholder="All methods"
            data={receivedMethods.map((method) => ({ value: method, label: receivedMethodLabels[method] }))}
            w={140}
          />
          <SelectFilter
            page={page}
            field="kind"
            label="Kind"
            placeholder="All"
            data={outgoingKinds.map((kind) => ({ value: kind, label: outgoingKindLabels[kind] }))}
            w={160}
          />
          <DateFilter page={page} field="from" label="From" />
          <DateFilter page={page} field="to" label="To" />
        </>
      }
      label="Outgoing payments"
      columns={columns}
      rows={(data) => data.data}
      rowKey={(row) => row.id}
      empty="No money out matches."
      totals={({ totals }) => [`Total (${totals.count})`, '', '', '', '', money(totals.amount), '', '']}
      itemLabel="payments"
    />
  );
}
