import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  accountSubtypeLabels,
  accountSubtypes,
  accountTypeLabels,
  accountTypes,
  type AccountRow,
  type AccountType,
} from '@switchboard/shared/billing/ledger';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { formatAmount } from '@switchboard/shared/billing/money';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { useAccounts, useBillingSettings, useCreateAccount, useLiveLedger } from './api/ledgers.ts';
import { cents, money } from './format.ts';
import { JournalEntryModal } from './journal-entry-modal.tsx';

// /billing/ledgers (designs/billing.md §5): the chart of accounts as a tree by type with balances as of a date, a
// trial-balance view whose difference must be 0.00, an inactive filter; New account and New journal entry for holders
// of 'manage accounting'.

interface TreeRow {
  account: AccountRow;
  depth: number;
}

/** Accounts of one type in tree order: each parent followed by its sub-accounts, by number. */
export function accountTree(rows: readonly AccountRow[], type: AccountType): TreeRow[] {
  const ofType = rows.filter((row) => row.type === type);
  const ids = new Set(ofType.map((row) => row.id));
  const children = new Map<number | null, AccountRow[]>();
  for (const row of ofType) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: TreeRow[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const account of (children.get(parent) ?? []).sort((a, b) => a.number.localeCompare(b.number))) {
      out.push({ account, depth });
      walk(account.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function LedgersPage() {
  const [params, setParams] = useSearchParams();
  const settings = useBillingSettings();
  const today = billingDate(new Date(), settings.data?.data.time_zone ?? 'UTC').date;
  const asOf = params.get('as_of') ?? today;
  const trial = params.get('view') === 'trial';
  const showInactive = params.get('inactive') === '1';
  const accounts = useAccounts(asOf);
  useLiveLedger();
  const canManage = usePermissions().includes('manage accounting');
  const [accountOpen, setAccountOpen] = useState(false);
  const [entryOpen, setEntryOpen] = useState(false);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const rows = useMemo(
    () => (accounts.data?.data ?? []).filter((row) => showInactive || row.active),
    [accounts.data, showInactive],
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Ledgers</Title>
        {canManage && (
          <Group>
            <Button variant="default" onClick={() => setAccountOpen(true)}>
              New account
            </Button>
            <Button onClick={() => setEntryOpen(true)}>New journal entry</Button>
          </Group>
        )}
      </Group>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="As of"
          value={asOf}
          onChange={(event) => setParam('as_of', event.currentTarget.value)}
        />
        <Switch
          label="Trial balance"
          checked={trial}
          onChange={(event) => setParam('view', event.currentTarget.checked ? 'trial' : null)}
        />
        <Switch
          label="Show inactive"
          checked={showInactive}
          onChange={(event) => setParam('inactive', event.currentTarget.checked ? '1' : null)}
        />
      </Group>
      {accounts.isPending && <Loader />}
      {accounts.isError && <Alert color="red">An error occured.</Alert>}
      {accounts.data &&
        (trial ? (
          <TrialBalance rows={rows} difference={accounts.data.trial_balance_difference} />
        ) : (
          <Table aria-label="Chart of accounts" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Subtype</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accountTypes.map((type) => {
                const tree = accountTree(rows, type);
                const total = tree.reduce((sum, row) => sum + cents(row.account.balance), 0);
                return [
                  <Table.Tr key={type}>
                    <Table.Th colSpan={3}>{accountTypeLabels[type]}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }} aria-label={`${accountTypeLabels[type]} total`}>
                      {formatAmount(total)}
                    </Table.Th>
                  </Table.Tr>,
                  ...tree.map(({ account, depth }) => (
                    <Table.Tr key={account.id} data-inactive={account.active ? undefined : true}>
                      <Table.Td>{account.number}</Table.Td>
                      <Table.Td style={{ paddingLeft: 12 + depth * 20 }}>
                        <Anchor component={Link} to={`/billing/ledgers/${account.id}`}>
                          {account.name}
                        </Anchor>
                        {!account.active && (
                          <Text span c="dimmed" size="sm">
                            {' '}
                            (inactive)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{accountSubtypeLabels[account.subtype]}</Table.Td>
                      <Table.Td style={{ textAlign: 'right' }}>{money(account.balance)}</Table.Td>
                    </Table.Tr>
                  )),
                ];
              })}
            </Table.Tbody>
          </Table>
        ))}
      {canManage && (
        <>
          <NewAccountModal
            opened={accountOpen}
            onClose={() => setAccountOpen(false)}
            accounts={accounts.data?.data ?? []}
          />
          <JournalEntryModal
            opened={entryOpen}
            onClose={() => setEntryOpen(false)}
            accounts={(accounts.data?.data ?? []).filter((row) => row.active)}
            defaultDate={today}
          />
        </>
      )}
    </Stack>
  );
}

function TrialBalance({ rows, difference }: { rows: AccountRow[]; difference: number }) {
  let debits = 0;
  let credits = 0;
  const lines = rows
    .map((row) => {
      const net = cents(row.debit) - cents(row.credit);
      if (net > 0) debits += net;
      else credits -= net;
      return { row, net };
    })
    .filter(({ net }) => net !== 0);
  return (
    <Table aria-label="Trial balance" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Number</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Debit</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Credit</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map(({ row, net }) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.number}</Table.Td>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{net > 0 ? formatAmount(net) : ''}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{net < 0 ? formatAmount(-net) : ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>Total</Table.Th>
          <Table.Th style={{ textAlign: 'right' }} aria-label="Total debits">
            {formatAmount(debits)}
          </Table.Th>
          <Table.Th style={{ textAlign: 'right' }} aria-label="Total credits">
            {formatAmount(credits)}
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          <Table.Th colSpan={3}>Difference</Table.Th>
          <Table.Th
            style={{ textAlign: 'right' }}
            aria-label="Trial balance difference"
            c={difference === 0 ? undefined : 'red'}
          >
            {money(difference)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

function NewAccountModal({
  opened,
  onClose,
  accounts,
}: {
  opened: boolean;
  onClose: () => void;
  accounts: AccountRow[];
}) {
  const create = useCreateAccount();
  const [values, setValues] = useState({
    number: '',
    name: '',
    type: 'expense',
    subtype: 'other',
    parent_id: '',
    description: '',
  });
  const errors = isApiError(create.error) ? (create.error.errors ?? {}) : {};
  const set = (key: keyof typeof values) => (value: string | null) =>
    setValues((current) => ({ ...current, [key]: value ?? '' }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        number: values.number,
        name: values.name,
        type: values.type as AccountType,
        subtype: values.subtype as AccountRow['subtype'],
        parent_id: values.parent_id ? Number(values.parent_id) : null,
        description: values.description,
      },
      {
        onSuccess: () => {
          setValues({ number: '', name: '', type: 'expense', subtype: 'other', parent_id: '', description: '' });
          create.reset();
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New account">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Number"
            required
            value={values.number}
            onChange={(e) => set('number')(e.currentTarget.value)}
            error={errors.number?.[0]}
          />
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name?.[0]}
          />
          <Select
            label="Type"
            data={accountTypes.map((type) => ({ value: type, label: accountTypeLabels[type] }))}
            value={values.type}
            onChange={set('type')}
            allowDeselect={false}
            error={errors.type?.[0]}
          />
          <Select
            label="Subtype"
            data={accountSubtypes.map((subtype) => ({ value: subtype, label: accountSubtypeLabels[subtype] }))}
            value={values.subtype}
            onChange={set('subtype')}
            allowDeselect={false}
            error={errors.subtype?.[0]}
          />
          <Select
            label="Parent account"
            clearable
            data={accounts
              .filter((row) => row.type === values.type)
              .map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }))}
            value={values.parent_id || null}
            onChange={set('parent_id')}
            error={errors.parent_id?.[0]}
          />
          <TextInput
            label="Description"
            value={values.description}
            onChange={(e) => set('description')(e.currentTarget.value)}
            error={errors.description?.[0]}
          />
          {create.error && !isApiError(create.error) && <Alert color="red">An error occured.</Alert>}
          {isApiError(create.error) && !create.error.errors && <Alert color="red">{create.error.message}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
