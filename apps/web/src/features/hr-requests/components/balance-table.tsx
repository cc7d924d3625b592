import { List, Table, Text } from '@mantine/core';
import type { HrOutEntry, HrRequestBalance } from '@switchboard/shared/hr/requests';
import { formatHours, isNegative, partLabel } from '../request-rules.ts';

// What a time-off request does to each bank in each PTO period it touches (designs/hr.md §2.3), red below zero;
// and who else is out over its dates (names and days only, never reasons).

export function BalanceTable({ balances }: { balances: readonly HrRequestBalance[] }) {
  if (balances.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Unpaid time off leaves the PTO balances alone.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table aria-label="Balance impact" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Bank</Table.Th>
            <Table.Th>Period</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th ta="right">Pending elsewhere</Table.Th>
            <Table.Th ta="right">This request</Table.Th>
            <Table.Th ta="right">After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.map((balance) => {
            const negative = isNegative(balance);
            return (
              <Table.Tr key={`${balance.bank} ${balance.period_start}`} data-negative={negative || undefined}>
                <Table.Td>{balance.bank}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {balance.period_start} – {balance.period_end}
                </Table.Td>
                <Table.Td ta="right">{formatHours(balance.available)}</Table.Td>
                <Table.Td ta="right">{formatHours(balance.pending_elsewhere)}</Table.Td>
                <Table.Td ta="right">{formatHours(balance.this_request)}</Table.Td>
                <Table.Td ta="right" data-column="after" c={negative ? 'red' : undefined} fw={600}>
                  {formatHours(balance.after)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function WhoIsOut({ entries, excludeUserId }: { entries: readonly HrOutEntry[]; excludeUserId?: number }) {
  const byPerson = new Map<number, { name: string; days: HrOutEntry[] }>();
  for (const entry of entries) {
    if (entry.user.id === excludeUserId) continue;
    const person = byPerson.get(entry.user.id) ?? { name: entry.user.name, days: [] };
    person.days.push(entry);
    byPerson.set(entry.user.id, person);
  }
  if (byPerson.size === 0)
    return (
      <Text size="sm" c="dimmed">
        Nobody else is out then.
      </Text>
    );
  return (
    <List size="sm" aria-label="Who else is out">
      {[...byPerson.values()].map((person) => (
        <List.Item key={person.name}>
          <Text span fw={500} size="sm">
            {person.name}
          </Text>
          {': '}
          {person.days
            .map(
              (day) => `${day.date}${day.part === 'full' ? '' : ` (${partLabel({ ...day, start: null, end: null })})`}`,
            )
            .join(', ')}
          {person.days.some((day) => day.status === 'pending') ? ' (pending)' : ''}
        </List.Item>
      ))}
    </List>
  );
}
