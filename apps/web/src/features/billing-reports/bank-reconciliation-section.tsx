import { Badge, Button, Card, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useBankAccountStatuses, useLiveBankReconciliations } from './api/bank-reconciliation.ts';
import { BankReconciliationDrawer } from './bank-reconciliation-drawer.tsx';

// Verify Transactions' bank reconciliation row (designs/billing.md §5): each bank account's last reconciled statement
// date and its posted lines not cleared yet; Reconcile drills down to the reconciliation screen.

export function BankReconciliationSection() {
  const statuses = useBankAccountStatuses();
  useLiveBankReconciliations();
  const [accountId, setAccountId] = useState<number | null>(null);
  const rows = statuses.data?.data ?? [];
  const allReconciled = rows.length > 0 && rows.every((row) => row.last_reconciled_date !== null);
  return (
    <Card withBorder padding="sm" aria-label="Bank reconciliation" role="region">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>Bank reconciliation</Text>
        {statuses.data && (
          <Badge color={allReconciled ? 'green' : 'yellow'}>{allReconciled ? 'Reconciled' : 'Not reconciled'}</Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Statement balances matched against cleared bank lines, per bank account.
      </Text>
      {statuses.error && (
        <Text size="sm" c="red">
          The bank accounts could not be loaded.
        </Text>
      )}
      {statuses.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No bank accounts in the chart of accounts.
        </Text>
      )}
      {rows.length > 0 && (
        <Table aria-label="Bank accounts" mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th>Last reconciled</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Uncleared lines</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.account.id}>
                <Table.Td>
                  {row.account.number} {row.account.name}
                </Table.Td>
                <Table.Td>{row.last_reconciled_date ?? 'Never'}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{row.uncleared_count}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Reconcile ${row.account.number} ${row.account.name}`}
                    onClick={() => setAccountId(row.account.id)}
                  >
                    {row.draft_id === null ? 'Reconcile' : 'Continue'}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <BankReconciliationDrawer
        accounts={rows}
        accountId={accountId}
        onAccountChange={setAccountId}
        onClose={() => setAccountId(null)}
      />
    </Card>
  );
}
