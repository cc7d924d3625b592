import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Group,
  NumberInput,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import {
  bankReconciliationInputSchema,
  bankReconciliationUpdateSchema,
  differenceNotZeroMessage,
  type BankAccountReconciliationStatus,
  type BankReconciliation,
} from '@switchboard/shared/billing/bank-reconciliation';
import { useState, type FormEvent } from 'react';
import { usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import {
  downloadReconciliationCsv,
  useAccountReconciliations,
  useDeleteReconciliation,
  useFinishReconciliation,
  useReconciliationLines,
  useStartReconciliation,
  useTickLines,
  useUndoReconciliation,
  useUpdateReconciliation,
  type LineFilter,
} from './api/bank-reconciliation.ts';
import { money } from './format.ts';

// The reconciliation screen (designs/billing.md §5): pick a bank account, enter the statement date and ending
// balance, tick the lines the statement shows (paged), watch the difference, Finish at 0.00. 'manage accounting'
// writes; 'view billing' sees the same screen read-only.

interface StatementFields {
  statement_date: string;
  statement_balance: number | string;
}

/** Statement date and ending balance, checked by the shared contract before they are sent. */
function StatementForm({
  initial,
  submitLabel,
  pending,
  serverError,
  onSubmit,
}: {
  initial: StatementFields;
  submitLabel: string;
  pending: boolean;
  serverError: unknown;
  onSubmit: (values: { statement_date: string; statement_balance: number }) => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = serverError ? getFormErrors(serverError) : null;
  const shown = { ...server?.fields, ...errors };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bankReconciliationUpdateSchema.safeParse({
      statement_date: values.statement_date,
      statement_balance: values.statement_balance === '' ? undefined : Number(values.statement_balance),
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end">
        <TextInput
          type="date"
          label="Statement date"
          value={values.statement_date}
          onChange={(event) => setValues({ ...values, statement_date: event.currentTarget.value })}
          error={shown.statement_date}
        />
        <NumberInput
          label="Statement ending balance"
          decimalScale={2}
          value={values.statement_balance}
          onChange={(value) => setValues({ ...values, statement_balance: value })}
          error={shown.statement_balance}
        />
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
      {server && Object.keys(server.fields).length === 0 && (
        <Text c="red" size="sm" mt="xs">
          {server.message}
        </Text>
      )}
      {shown.account_id && (
        <Text c="red" size="sm" mt="xs">
          {shown.account_id}
        </Text>
      )}
    </form>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {money(value)}
      </Text>
    </div>
  );
}

function ReconciliationWorkspace({
  reconciliation,
  canManage,
}: {
  reconciliation: BankReconciliation;
  canManage: boolean;
}) {
  const [page, setPage] = useState(1);
  const [show, setShow] = useState<LineFilter>('all');
  const lines = useReconciliationLines(reconciliation.id, page, show);
  const tick = useTickLines(reconciliation.id);
  const update = useUpdateReconciliation(reconciliation.id);
  const finish = useFinishReconciliation(reconciliation.id);
  const remove = useDeleteReconciliation(reconciliation.id);
  const editable = canManage && reconciliation.status === 'draft';
  const rows = lines.data?.data ?? [];
  const allTicked = rows.length > 0 && rows.every((line) => line.cleared);
  const error = tick.error ?? finish.error ?? remove.error;
  return (
    <Stack gap="sm">
      {editable ? (
        <StatementForm
          key={`${reconciliation.id}-${reconciliation.statement_date}-${reconciliation.statement_balance}`}
          initial={reconciliation}
          submitLabel="Save statement"
          pending={update.isPending}
          serverError={update.error}
          onSubmit={(values) => update.mutate(values)}
        />
      ) : (
        <Group justify="space-between">
          <Text>
            Statement of {reconciliation.statement_date}, finished {reconciliation.finished_at?.slice(0, 10)}
            {reconciliation.finished_by ? ` by ${reconciliation.finished_by.name}` : ''}.
          </Text>
          {reconciliation.status === 'finished' && <ExportCsvButton reconciliation={reconciliation} />}
        </Group>
      )}
      <SimpleGrid cols={4}>
        <Figure label="Opening balance" value={reconciliation.opening_balance} />
        <Figure label="Cleared" value={reconciliation.cleared_balance} />
        <Figure label="Statement ending balance" value={reconciliation.statement_balance} />
        <div>
          <Text size="xs" c="dimmed">
            Difference
          </Text>
          <Text fw={700} c={reconciliation.difference === 0 ? 'green' : 'red'} aria-label="Difference">
            {money(reconciliation.difference)}
          </Text>
        </div>
      </SimpleGrid>
      {error && <Alert color="red">{getFormErrors(error).fields.difference ?? getFormErrors(error).message}</Alert>}
      {reconciliation.status === 'draft' && (
        <SegmentedControl
          value={show}
          onChange={(value) => {
            setShow(value as LineFilter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: 'All' },
            { value: 'uncleared', label: 'Uncleared' },
            { value: 'cleared', label: 'Cleared' },
          ]}
        />
      )}
      <Table aria-label="Statement lines" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {editable && (
                <Checkbox
                  aria-label="Tick every line on this page"
                  checked={allTicked}
                  disabled={rows.length === 0 || tick.isPending}
                  onChange={(event) =>
                    tick.mutate({
                      journal_line_ids: rows.map((line) => line.id),
                      cleared: event.currentTarget.checked,
                    })
                  }
                />
              )}
            </Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Entry</Table.Th>
            <Table.Th>Memo</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Deposit</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Payment</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Cleared ${line.entry_number}`}
                  checked={line.cleared}
                  disabled={!editable || tick.isPending}
                  onChange={(event) =>
                    tick.mutate({ journal_line_ids: [line.id], cleared: event.currentTarget.checked })
                  }
                />
              </Table.Td>
              <Table.Td>{line.entry_date}</Table.Td>
              <Table.Td>{line.entry_number}</Table.Td>
              <Table.Td>{line.memo}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{line.deposit ? money(line.deposit) : ''}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{line.payment ? money(line.payment) : ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lines.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No lines to show.
        </Text>
      )}
      {lines.data && lines.data.last_page > 1 && (
        <Pagination value={page} onChange={setPage} total={lines.data.last_page} />
      )}
      {editable && (
        <Group justify="space-between">
          <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined)}>
            Delete reconciliation
          </Button>
          <Group gap="xs">
            {reconciliation.difference !== 0 && (
              <Text size="sm" c="dimmed">
                {differenceNotZeroMessage}
              </Text>
            )}
            <Button
              disabled={reconciliation.difference !== 0}
              loading={finish.isPending}
              onClick={() => finish.mutate(undefined)}
            >
              Finish
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}

function AccountReconciliation({ accountId, canManage }: { accountId: number; canManage: boolean }) {
  const list = useAccountReconciliations(accountId);
  const start = useStartReconciliation();
  const undo = useUndoReconciliation();
  if (!list.data) return <Text size="sm">Loading…</Text>;
  const draft = list.data.data.find((row) => row.status === 'draft');
  if (draft) return <ReconciliationWorkspace key={draft.id} reconciliation={draft} canManage={canManage} />;
  const last = list.data.data.find((row) => row.is_last_finished);
  return (
    <Stack gap="sm">
      <Text>
        {last
          ? `Last reconciled to the statement of ${last.statement_date}, ` +
            `ending balance ${money(last.statement_balance)}.`
          : 'This account has not been reconciled yet.'}
      </Text>
      {canManage && (
        <StatementForm
          initial={{ statement_date: '', statement_balance: '' }}
          submitLabel="Start reconciliation"
          pending={start.isPending}
          serverError={start.error}
          onSubmit={(values) => {
            const input = bankReconciliationInputSchema.parse({ ...values, account_id: accountId });
            start.mutate(input);
          }}
        />
      )}
      {canManage && last && (
        <Group>
          <Button variant="default" loading={undo.isPending} onClick={() => undo.mutate(last.id)}>
            Undo last reconciliation
          </Button>
          {undo.error ? <Text c="red">{getFormErrors(undo.error).message}</Text> : null}
        </Group>
      )}
      {last && (
        <>
          <Text fw={600}>Statement of {last.statement_date}</Text>
          <ReconciliationWorkspace reconciliation={last} canManage={canManage} />
        </>
      )}
    </Stack>
  );
}

function ExportCsvButton({ reconciliation }: { reconciliation: BankReconciliation }) {
  const [state, setState] = useState<'busy' | 'failed' | null>(null);
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="default"
        loading={state === 'busy'}
        onClick={() => {
          setState('busy');
          downloadReconciliationCsv(reconciliation).then(
            () => setState(null),
            () => setState('failed'),
          );
        }}
      >
        Export CSV
      </Button>
      {state === 'failed' && (
        <Text c="red" size="sm">
          An error occured.
        </Text>
      )}
    </Group>
  );
}

export function BankReconciliationDrawer({
  accounts,
  accountId,
  onAccountChange,
  onClose,
}: {
  accounts: readonly BankAccountReconciliationStatus[];
  accountId: number | null;
  onAccountChange: (id: number) => void;
  onClose: () => void;
}) {
  const canManage = usePermissions().includes('manage accounting');
  return (
    <Drawer opened={accountId !== null} onClose={onClose} title="Bank reconciliation" position="right" size="xl">
      <Stack gap="md">
        <Select
          label="Bank account"
          allowDeselect={false}
          value={accountId === null ? null : String(accountId)}
          data={accounts.map((row) => ({
            value: String(row.account.id),
            label: `${row.account.number} ${row.account.name}`,
          }))}
          onChange={(value) => value && onAccountChange(Number(value))}
        />
        {accountId !== null && <AccountReconciliation key={accountId} accountId={accountId} canManage={canManage} />}
      </Stack>
    </Drawer>
  );
}
