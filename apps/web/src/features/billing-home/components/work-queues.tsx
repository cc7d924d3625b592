import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { runMonthLabel, type BillingSummaryQueues } from '@switchboard/shared/billing/home';
import { Link } from 'react-router';

// Work queues of /billing (design §5): each a count and a link to the invoices list filtered to it. POs awaiting
// receipt, items below reorder point and bills due arrive with purchasing (billing part 2).

interface QueueProps {
  label: string;
  count: number | undefined;
  to: string;
}

function Queue({ label, count, to }: QueueProps) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Anchor component={Link} to={to} size="sm">
        {label}
      </Anchor>
      <Badge variant={count ? 'filled' : 'light'} color={count ? 'blue' : 'gray'} aria-label={`${label} count`}>
        {count ?? '…'}
      </Badge>
    </Group>
  );
}

export function WorkQueues({ queues, month }: { queues: BillingSummaryQueues | undefined; month: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={4} mb="sm">
        Work queues
      </Title>
      <Stack gap="xs">
        <Queue label="Drafts to review" count={queues?.drafts} to="/billing/invoices?status=draft" />
        {month && (
          <Queue
            label={`Drafts of the ${runMonthLabel(month)} run`}
            count={queues?.run_drafts}
            to={`/billing/invoices?status=draft&run_month=${month}`}
          />
        )}
        <Queue label="Failed deliveries" count={queues?.failed_deliveries} to="/billing/invoices?delivery=failed" />
        <Text size="xs" c="dimmed">
          Purchase orders, stock and bills arrive with purchasing.
        </Text>
      </Stack>
    </Paper>
  );
}
