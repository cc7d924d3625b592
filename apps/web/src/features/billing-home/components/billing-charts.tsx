import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { AgingChart, MonthlyTotals } from '@switchboard/shared/billing/home';
import { runMonthLabel } from '@switchboard/shared/billing/home';
import { usd } from '../format.ts';

// The two charts of /billing (designs/billing.md §5): invoiced vs collected over 12 months, and AR aging. This module
// is loaded lazily by the page, so @mantine/charts and recharts travel with /billing only, never with the shell.

const shortMonth = (month: string) => `${runMonthLabel(month).slice(0, 3)} ${month.slice(2, 4)}`;

export function BillingCharts({ monthly, aging }: { monthly: MonthlyTotals[]; aging: AgingChart }) {
  const months = monthly.map((entry) => ({ ...entry, label: shortMonth(entry.month) }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          Invoiced vs collected
        </Title>
        <BarChart
          h={240}
          data={months}
          dataKey="label"
          valueFormatter={usd}
          withLegend
          series={[
            { name: 'invoiced', label: 'Invoiced', color: 'blue.6' },
            { name: 'collected', label: 'Collected', color: 'teal.6' },
          ]}
        />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={4} mb="sm">
          AR aging
        </Title>
        <BarChart
          h={200}
          data={aging.buckets}
          dataKey="label"
          valueFormatter={usd}
          series={[{ name: 'amount', label: 'Owed', color: 'orange.6' }]}
        />
        <Group gap="lg" mt="sm" aria-label="AR aging amounts">
          {aging.buckets.map((bucket) => (
            <Text key={bucket.label} size="sm">
              {bucket.label}: <b>{usd(bucket.amount)}</b>
            </Text>
          ))}
          <Text size="sm">
            Credits: <b>{usd(aging.credits)}</b>
          </Text>
          <Text size="sm">
            Total: <b>{usd(aging.total)}</b>
          </Text>
        </Group>
      </Paper>
    </SimpleGrid>
  );
}
