import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { runMonthLabel } from '@switchboard/shared/billing/home';
import { Link } from 'react-router';
import type { BillingSummaryQueues } from '../api/billing-home.ts';

// Work queues of /billing (design §5): each a count and a link to the list filtered to it. POs awaiting receipt count
// ordered and partly received orders (the list filters one status at a time, so the partial ones have their own
// link), items below reorder point link to the inventory filter, bills due (within 14 days or overdue) to Make
// Payments.

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
        <Queue
          label="POs awaiting receipt"
          count={queues?.pos_awaiting_receipt}
          to="/billing/purchaseorders?status=ordered"
        />
        {!!queues?.pos_partly_received && (
          <Text size="xs" c="dimmed" pl="sm">
            of which{' '}
            <Anchor component={Link} to="/billing/purchaseorders?status=partial" size="xs">
              {queues.pos_partly_received} partly received
            </Anchor>
          </Text>
        )}
        <Queue
          label="Items below reorder point"
          count={queues?.below_reorder}
          to="/billing/inventory?below_reorder=1"
        />
        <Queue label="Bills due" count={queues?.bills_due} to="/billing/payments/make" />
      </Stack>
    </Paper>
  );
}
