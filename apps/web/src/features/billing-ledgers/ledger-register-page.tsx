import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  accountTypeLabels,
  journalSourceTypes,
  type JournalSourceType,
  type RegisterRow,
} from '@switchboard/shared/billing/ledger';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import {
  useCompanyOptions,
  useLiveLedger,
  useRegister,
  useReverseJournalEntry,
  type RegisterFilters,
} from './api/ledgers.ts';
import { money } from './format.ts';

// /billing/ledgers/{id} (designs/billing.md §5): the account's register with the running balance from an
// opening-balance row, filters by date range and source, keyset "Load more", Reverse on manual entries.

const sourceLabel = (type: JournalSourceType) => type.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

export function LedgerRegisterPage() {
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const filters: RegisterFilters = {
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    source_type: (params.get('source_type') as JournalSourceType | null) ?? '',
    company_id: params.get('company_id') ? Number(params.get('company_id')) : null,
  };
  const register = useRegister(id, filters);
  useLiveLedger();
  const canManage = usePermissions().includes('manage accounting');
  const [reversing, setReversing] = useState<RegisterRow | null>(null);
  const [companyTerm, setCompanyTerm] = useState('');
  const companies = useCompanyOptions(companyTerm);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const first = register.data?.pages[0];
  const rows = register.data?.pages.flatMap((page) => page.data) ?? [];

  if (register.isError && isApiError(register.error) && register.error.status === 404) {
    return <Alert color="red">This account does not exist.</Alert>;
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/billing/ledgers" size="sm">
        Ledgers
      </Anchor>
      <Title order={2}>{first ? `${first.account.number} ${first.account.name}` : 'Ledger'}</Title>
      {first && (
        <Text c="dimmed" size="sm">
          {accountTypeLabels[first.account.type]}
          {first.account.active ? '' : ' · inactive'}
        </Text>
      )}
      <Group align="flex-end">
        <TextInput
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => setParam('from', e.currentTarget.value)}
        />
        <TextInput type="date" label="To" value={filters.to} onChange={(e) => setParam('to', e.currentTarget.value)} />
        <Select
          label="Source"
          placeholder="All sources"
          clearable
          data={journalSourceTypes.map((type) => ({ value: type, label: sourceLabel(type) }))}
          value={filters.source_type || null}
          onChange={(value) => setParam('source_type', value)}
        />
        <Select
          label="Company"
          placeholder="All parties"
          clearable
          searchable
          onSearchChange={setCompanyTerm}
          data={(companies.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={filters.company_id === null ? null : String(filters.company_id)}
          onChange={(value) => setParam('company_id', value)}
        />
      </Group>
      {register.isPending && <Loader />}
      {register.isError && !(isApiError(register.error) && register.error.status === 404) && (
        <Alert color="red">An error occured.</Alert>
      )}
      {first && (
        <Table aria-label="Register" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Entry</Table.Th>
              <Table.Th>Source</Table.Th>
              <Table.Th>Party</Table.Th>
              <Table.Th>Memo</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Debit</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Credit</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text fw={600} size="sm">
                  Opening balance
                </Text>
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }} aria-label="Opening balance">
                {money(first.opening_balance ?? 0)}
              </Table.Td>
              <Table.Td />
            </Table.Tr>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.entry_date}</Table.Td>
                <Table.Td>{row.entry_number}</Table.Td>
                <Table.Td>{sourceLabel(row.source_type)}</Table.Td>
                <Table.Td>{row.company_name ?? ''}</Table.Td>
                <Table.Td>{row.memo}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{row.debit ? money(row.debit) : ''}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{row.credit ? money(row.credit) : ''}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{money(row.balance)}</Table.Td>
                <Table.Td>
                  {canManage && row.source_type === 'manual' && !row.reversed && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setReversing(row)}>
                      Reverse
                    </Button>
                  )}
                  {row.source_type === 'manual' && row.reversed && (
                    <Text size="xs" c="dimmed">
                      Reversed
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text c="dimmed">No lines in this range.</Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
      {register.hasNextPage && (
        <Group>
          <Button variant="default" onClick={() => void register.fetchNextPage()} loading={register.isFetchingNextPage}>
            Load more
          </Button>
        </Group>
      )}
      <ReverseModal row={reversing} onClose={() => setReversing(null)} />
    </Stack>
  );
}

function ReverseModal({ row, onClose }: { row: RegisterRow | null; onClose: () => void }) {
  const reverse = useReverseJournalEntry();
  const close = () => {
    reverse.reset();
    onClose();
  };
  return (
    <Modal opened={row !== null} onClose={close} title="Reverse journal entry">
      {row && (
        <Stack>
          <Text>Post the mirror entry of {row.entry_number}, dated today? The original stays as it was.</Text>
          {reverse.error && (
            <Alert color="red">
              {isApiError(reverse.error)
                ? (Object.values(reverse.error.errors ?? {})[0]?.[0] ?? reverse.error.message)
                : 'An error occured.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={reverse.isPending}
              onClick={() =>
                reverse.mutate(row.entry_id, {
                  onSuccess: (result) => {
                    notifications.show({ message: `Posted ${result.data.number}.` });
                    close();
                  },
                })
              }
            >
              Reverse
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
