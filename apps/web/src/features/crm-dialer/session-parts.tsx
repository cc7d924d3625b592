import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { DialItem, DialSession } from '@switchboard/shared/crm-dialer';
import { formatPhoneNumber } from '@switchboard/shared/phone';
import { formatCallTimer } from '@switchboard/shared/softphone';
import type { ReactNode } from 'react';

// Pieces of the dialer page shared by the preview, the running session and the finished summary.

const statLabels = [
  ['dials', 'Dials'],
  ['connects', 'Connects'],
  ['voicemails', 'Voicemails'],
  ['appointments', 'Appointments'],
] as const;

/** Talk time as m:ss, h:mm:ss past an hour (the softphone timer's format). */
export const talkTime = (seconds: number): string => formatCallTimer(seconds);

/** Dials, connects, voicemails, appointments, talk time and dials per hour, read from the session's calls. */
export function SessionStats({ session }: { session: DialSession }) {
  const { stats, counts } = session;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Session stats">
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
        {statLabels.map(([key, label]) => (
          <Stat key={key} label={label} value={String(stats[key])} />
        ))}
        <Stat label="Talk time" value={talkTime(stats.talk_seconds)} />
        <Stat label="Dials/hour" value={String(stats.dials_per_hour)} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="xs" data-testid="dialer-counts">
        {counts.done} done · {counts.skipped} skipped · {counts.queued} queued of {counts.total}
      </Text>
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div data-stat={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/** The next leads in the queue (the session's upcoming items). */
export function QueueList({ items, label }: { items: readonly DialItem[]; label: string }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No more leads in the queue.
      </Text>
    );
  }
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>#</Table.Th>
          <Table.Th>Company</Table.Th>
          <Table.Th>Contact</Table.Th>
          <Table.Th>Phone</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th>Next touch</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.position}>
            <Table.Td>{item.position}</Table.Td>
            <Table.Td>{item.company_name}</Table.Td>
            <Table.Td>{item.contact_name || '—'}</Table.Td>
            <Table.Td>{item.phone ? formatPhoneNumber(item.phone) || item.phone : '—'}</Table.Td>
            <Table.Td>{item.lead_state ?? '—'}</Table.Td>
            <Table.Td>{item.next_touch ? item.next_touch.slice(0, 10) : 'None'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export const sessionStatusLabels: Record<DialSession['status'], string> = {
  ready: 'Ready',
  active: 'Running',
  paused: 'Paused',
  finished: 'Finished',
};

export function SessionHeader({ session }: { session: DialSession }) {
  return (
    <Group gap="xs">
      <Text fw={600}>Dial session #{session.id}</Text>
      <Badge variant="light" color={session.status === 'paused' ? 'yellow' : 'blue'} data-testid="dialer-status">
        {sessionStatusLabels[session.status]}
      </Badge>
      <Text size="sm" c="dimmed">
        Wrap-up {session.wrap_up_seconds} s
      </Text>
    </Group>
  );
}

export function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={label}>
      {children}
    </Stack>
  );
}
