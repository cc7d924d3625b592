import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { journalDifferenceCents, type AccountRow } from '@switchboard/shared/billing/ledger';
import { formatAmount } from '@switchboard/shared/billing/money';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useCompanyOptions, usePostJournalEntry, useVendorOptions } from './api/ledgers.ts';

// New journal entry (designs/billing.md §5): a lines editor that shows debits, credits and the difference, and keeps
// Post disabled until the entry balances; receivable lines ask for the company.

interface LineDraft {
  key: number;
  account_id: string | null;
  /** NumberInput's value: a number, or its text while being typed ('250.'). */
  debit: number | string;
  credit: number | string;
  company_id: string | null;
  vendor_id: string | null;
  memo: string;
}

let nextKey = 1;
const blankLine = (): LineDraft => ({
  key: nextKey++,
  account_id: null,
  debit: '',
  credit: '',
  company_id: null,
  vendor_id: null,
  memo: '',
});

const amount = (value: number | string): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
};

/** True when an editor's lines can be posted: two or more, each with an account and one side, balanced. */
export function canPost(
  lines: readonly { account_id: string | null; debit: number | string; credit: number | string }[],
): boolean {
  if (lines.length < 2) return false;
  const complete = lines.every(
    (line) => line.account_id !== null && amount(line.debit) > 0 !== amount(line.credit) > 0,
  );
  const total = lines.reduce((sum, line) => sum + amount(line.debit), 0);
  return (
    complete &&
    total > 0 &&
    journalDifferenceCents(lines.map((line) => ({ debit: amount(line.debit), credit: amount(line.credit) }))) === 0
  );
}

export function JournalEntryModal({
  opened,
  onClose,
  accounts,
  defaultDate,
}: {
  opened: boolean;
  onClose: () => void;
  accounts: AccountRow[];
  defaultDate: string;
}) {
  const post = usePostJournalEntry();
  const [date, setDate] = useState('');
  const [memo, setMemo] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine(), blankLine()]);
  const [companyTerm, setCompanyTerm] = useState('');
  const companies = useCompanyOptions(companyTerm);
  const byIdForVendors = new Map(accounts.map((row) => [String(row.id), row.subtype]));
  const vendors = useVendorOptions(lines.some((line) => byIdForVendors.get(line.account_id ?? '') === 'payable'));
  const errors = isApiError(post.error) ? (post.error.errors ?? {}) : {};
  const byId = new Map(accounts.map((row) => [String(row.id), row]));

  const update = (key: number, change: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const debits = lines.map((line) => amount(line.debit));
  const credits = lines.map((line) => amount(line.credit));
  const difference = journalDifferenceCents(lines.map((line, i) => ({ debit: debits[i], credit: credits[i] })));
  const totalOf = (values: number[]) => journalDifferenceCents(values.map((debit) => ({ debit, credit: 0 })));

  const close = () => {
    setDate('');
    setMemo('');
    setLines([blankLine(), blankLine()]);
    post.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canPost(lines)) return;
    post.mutate(
      {
        date: date || defaultDate,
        memo,
        lines: lines.map((line) => ({
          account_id: Number(line.account_id),
          debit: amount(line.debit),
          credit: amount(line.credit),
          company_id: line.company_id ? Number(line.company_id) : null,
          vendor_id: line.vendor_id ? Number(line.vendor_id) : null,
          memo: line.memo,
        })),
      },
      { onSuccess: close },
    );
  };

  const accountOptions = accounts.map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }));
  const companyOptions = (companies.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));

  return (
    <Modal opened={opened} onClose={close} title="New journal entry" size="xl">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group grow>
            <TextInput
              type="date"
              label="Date"
              value={date || defaultDate}
              onChange={(event) => setDate(event.currentTarget.value)}
              error={errors.date?.[0]}
            />
            <TextInput
              label="Memo"
              value={memo}
              onChange={(event) => setMemo(event.currentTarget.value)}
              error={errors.memo?.[0]}
            />
          </Group>
          <Table aria-label="Journal lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th>Debit</Table.Th>
                <Table.Th>Credit</Table.Th>
                <Table.Th>Party</Table.Th>
                <Table.Th>Memo</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, index) => {
                const account = line.account_id ? byId.get(line.account_id) : undefined;
                const needsCompany = account?.subtype === 'receivable';
                const needsVendor = account?.subtype === 'payable';
                const field = (name: string) => errors[`lines.${index}.${name}`]?.[0];
                return (
                  <Table.Tr key={line.key}>
                    <Table.Td miw={220}>
                      <Select
                        aria-label={`Line ${index + 1} account`}
                        placeholder="Account"
                        searchable
                        data={accountOptions}
                        value={line.account_id}
                        onChange={(value) => update(line.key, { account_id: value, company_id: null, vendor_id: null })}
                        error={field('account_id')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Line ${index + 1} debit`}
                        min={0}
                        decimalScale={2}
                        hideControls
                        value={line.debit}
                        onChange={(value) => update(line.key, { debit: value })}
                        error={field('debit')}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Line ${index + 1} credit`}
                        min={0}
                        decimalScale={2}
                        hideControls
                        value={line.credit}
                        onChange={(value) => update(line.key, { credit: value })}
                        error={field('credit')}
                      />
                    </Table.Td>
                    <Table.Td miw={180}>
                      {needsCompany ? (
                        <Select
                          aria-label={`Line ${index + 1} company`}
                          placeholder="Company"
                          searchable
                          onSearchChange={setCompanyTerm}
                          data={companyOptions}
                          value={line.company_id}
                          onChange={(value) => update(line.key, { company_id: value })}
                          error={field('company_id')}
                        />
                      ) : needsVendor ? (
                        <Select
                          aria-label={`Line ${index + 1} vendor`}
                          placeholder="Vendor"
                          searchable
                          data={(vendors.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
                          value={line.vendor_id}
                          onChange={(value) => update(line.key, { vendor_id: value })}
                          error={field('vendor_id')}
                        />
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`Line ${index + 1} memo`}
                        value={line.memo}
                        onChange={(event) => update(line.key, { memo: event.currentTarget.value })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove line ${index + 1}`}
                        disabled={lines.length <= 2}
                        onClick={() => setLines((current) => current.filter((row) => row.key !== line.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>Total</Table.Th>
                <Table.Th aria-label="Total debit">{formatAmount(totalOf(debits))}</Table.Th>
                <Table.Th aria-label="Total credit">{formatAmount(totalOf(credits))}</Table.Th>
                <Table.Th colSpan={3}>
                  <Text span fw={700} c={difference === 0 ? undefined : 'red'} aria-label="Difference">
                    Difference {formatAmount(difference)}
                  </Text>
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setLines((current) => [...current, blankLine()])}
            >
              Add line
            </Button>
          </Group>
          {errors.lines && <Alert color="red">{errors.lines.join(' ')}</Alert>}
          {post.error && !(isApiError(post.error) && post.error.errors) && (
            <Alert color="red">
              {isApiError(post.error) && post.error.hasServerMessage ? post.error.message : 'An error occured.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canPost(lines)} loading={post.isPending}>
              Post
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
