import { Alert, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { PayablesAgingBasis } from '@switchboard/shared/billing/bills';
import { formatCents } from '@switchboard/shared/billing/money';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { useAgedPayables, useLiveBills } from './api/bills.ts';

// /billing/reports/agedpayables (designs/billing.md §5): per vendor Current, 1-30, 31-60, 61-90, 91+ days past due (or
// since the bill date), unapplied vendor credits and prepayments, total; as of a date; the total's tie to account
// 2000 as of the date; Export CSV with the filters applied. Filters live in the URL; the page follows `billing`.

const money = (dollars: number): string => formatCents(Math.round(dollars * 100));

export function AgedPayablesPage() {
  const [params, setParams] = useSearchParams();
  useLiveBills();
  const asOf = params.get('as_of') ?? '';
  const basis = (params.get('basis') === 'bill_date' ? 'bill_date' : 'due_date') as PayablesAgingBasis;
  const hideZero = params.get('hide_zero') === '1';
  const report = useAgedPayables({ as_of: asOf || undefined, basis, hide_zero: hideZero ? '1' : undefined });
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const data = report.data;

  const exportCsv = () => {
    const query = new URLSearchParams({ basis, format: 'csv' });
    if (asOf) query.set('as_of', asOf);
    if (hideZero) query.set('hide_zero', '1');
    setBusy(true);
    setFailed(false);
    api
      .get<Blob>(`/api/billing/reports/agedpayables?${query.toString()}`, { responseType: 'blob' })
      .then((blob) => saveBlob(blob, `aged-payables-${data?.as_of ?? 'today'}.csv`))
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  };

  return (
    <Stack>
      <Title order={2}>Aged Payables</Title>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="As of"
          value={asOf || data?.as_of || ''}
          onChange={(event) => set('as_of', event.currentTarget.value)}
        />
        <Select
          label="Age by"
          data={[
            { value: 'due_date', label: 'Due date' },
            { value: 'bill_date', label: 'Bill date' },
          ]}
          value={basis}
          allowDeselect={false}
          onChange={(value) => set('basis', value === 'bill_date' ? 'bill_date' : null)}
        />
        <Checkbox
          label="Hide zero"
          checked={hideZero}
          onChange={(event) => set('hide_zero', event.currentTarget.checked ? '1' : null)}
        />
        <Button variant="default" onClick={exportCsv} loading={busy}>
          Export CSV
        </Button>
        {failed && (
          <Text c="red" size="sm">
            An error occured.
          </Text>
        )}
      </Group>
      {report.isError && <Alert color="red">An error occured.</Alert>}
      {data && (
        <Table aria-label="Aged payables" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vendor</Table.Th>
              {data.buckets.map((bucket) => (
                <Table.Th key={bucket.label}>{bucket.label}</Table.Th>
              ))}
              <Table.Th>Unapplied credits</Table.Th>
              <Table.Th>Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((row) => (
              <Table.Tr key={row.vendor_id}>
                <Table.Td>
                  <Link to={`/billing/vendors?id=${row.vendor_id}`}>{row.vendor_name}</Link>
                </Table.Td>
                {row.buckets.map((amount, index) => (
                  <Table.Td key={data.buckets[index]!.label}>{money(amount)}</Table.Td>
                ))}
                <Table.Td>{money(row.credits)}</Table.Td>
                <Table.Td>{money(row.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              {data.totals.buckets.map((amount, index) => (
                <Table.Th key={data.buckets[index]!.label}>{money(amount)}</Table.Th>
              ))}
              <Table.Th>{money(data.totals.credits)}</Table.Th>
              <Table.Th aria-label="Aged payables total">{money(data.totals.total)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
      {data && (
        <Text aria-label="Tie to the ledger" c={data.tie.difference === 0 ? undefined : 'red'}>
          Accounts Payable ({data.tie.account_number}) as of {data.as_of}: {money(data.tie.ledger_balance)}, difference{' '}
          {money(data.tie.difference)}
        </Text>
      )}
    </Stack>
  );
}
