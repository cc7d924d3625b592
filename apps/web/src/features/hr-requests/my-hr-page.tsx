import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { ptoChannelEvents, ptoPeriodsChannel, type EmployeePto } from '@switchboard/shared';
import { hrRequestStatusLabels } from '@switchboard/shared/hr/requests';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../components/empty-table-row.tsx';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useChannel } from '../../lib/socket.ts';
import { employeePtoQueryKey, useEmployeePto } from '../employees/pto/api.ts';
import { useHrRequestList, useLiveHrRequests } from './api/requests.ts';
import { statusColors } from './components/request-drawer.tsx';
import { formatHours } from './request-rules.ts';

// /profile/hr (designs/hr.md §8, the gate change): the employee's own HR corner for those without the HR button:
// the current PTO balances (live on Pto_Periods_{id}), their latest requests (live on HrRequestUpdated), and the
// ways to the forms and the anonymous report.

const recentRequests = { scope: 'mine', per_page: 10, page: 1 } as const;

export function MyHrPage() {
  const me = useCurrentUser();
  if (!me) return <Loader />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>My HR</Title>
        <Button component={Link} to="/hr/requests?new=1" leftSection={<IconPlus size={16} aria-hidden />}>
          New request
        </Button>
      </Group>
      <Balances userId={me.id} />
      <MyRequests />
      <Card withBorder>
        <Stack gap="xs">
          <Title order={3} size="h4">
            Forms and reports
          </Title>
          <Anchor component={Link} to="/hr/forms">
            My forms
          </Anchor>
          <Text size="sm" c="dimmed">
            Policies and forms HR asked you to read, fill or sign.
          </Text>
          <Anchor component={Link} to="/hr/anonemail">
            Report a problem anonymously
          </Anchor>
          <Text size="sm" c="dimmed">
            HR reads it without knowing who wrote it; you follow the answers with the code you get.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

function Balances({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const pto = useEmployeePto(userId);
  useChannel(ptoPeriodsChannel(userId), {
    [ptoChannelEvents[0]]: (payload: EmployeePto) => {
      if (payload?.user_id === userId) queryClient.setQueryData(employeePtoQueryKey(userId), payload);
    },
  });
  const current = pto.data?.periods.find((period) => period.current) ?? null;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3} size="h4">
          My balances
        </Title>
        {pto.isPending ? <Loader size="sm" aria-label="Loading balances" /> : null}
        {pto.isError ? <Alert color="red">The balances could not be loaded.</Alert> : null}
        {pto.data && !current ? (
          <Text size="sm" c="dimmed">
            No PTO policy applies to you yet.
          </Text>
        ) : null}
        {current ? (
          <>
            <Text size="sm" c="dimmed">
              Current period {current.start_date} – {current.end_date}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <BalanceFigure label="Accrual balance" hours={current.accrued_balance} used={current.accrued_used} />
              <BalanceFigure label="Lump Sum balance" hours={current.lump_sum_balance} used={current.lump_sum_used} />
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function BalanceFigure({ label, hours, used }: { label: string; hours: number; used: number }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} c={hours < 0 ? 'red' : undefined} data-testid={label}>
        {formatHours(hours)} h
      </Text>
      <Text size="xs" c="dimmed">
        {formatHours(used)} h used this period
      </Text>
    </Paper>
  );
}

function MyRequests() {
  const list = useHrRequestList(recentRequests);
  useLiveHrRequests();
  const rows = list.data?.data ?? [];
  return (
    <Card withBorder padding={0}>
      <Group justify="space-between" p="md">
        <Title order={3} size="h4">
          My requests
        </Title>
        <Anchor component={Link} to="/hr/requests" size="sm">
          All my requests
        </Anchor>
      </Group>
      {list.isPending ? <Loader size="sm" m="md" aria-label="Loading requests" /> : null}
      {list.isError ? <Alert color="red">An error occured.</Alert> : null}
      {list.data ? (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="My requests" verticalSpacing="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Request</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyTableRow colSpan={4} message="No requests yet" /> : null}
              {rows.map((row) => (
                <Table.Tr key={row.id} data-request-id={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/hr/requests?request=${row.id}`}>
                      #{row.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.category.name}</Table.Td>
                  <Table.Td>{row.summary}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColors[row.status]} data-column="status">
                      {hrRequestStatusLabels[row.status]}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
