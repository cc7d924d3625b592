import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { BillingSummaryCards } from '@switchboard/shared/billing/home';
import { usd } from '../format.ts';

// The cards of /billing (designs/billing.md §5 first row). AP due in 14 days: posted bills' balances due within 14 days
// or overdue (decision 0087 addendum 2).

const cardLabels: [keyof BillingSummaryCards, string][] = [
  ['ar_open', 'AR open'],
  ['ar_overdue', 'AR overdue'],
  ['unapplied_credits', 'Unapplied credits'],
  ['ap_due_14_days', 'AP due in 14 days'],
  ['mrr', 'MRR'],
  ['invoiced_this_month', 'Invoiced this month'],
  ['collected_this_month', 'Collected this month'],
];

export function SummaryCards({ cards }: { cards: BillingSummaryCards | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
      {cardLabels.map(([key, label]) => {
        const value = cards?.[key];
        return (
          <Paper key={key} withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            {cards ? (
              <Text fz="lg" fw={700} aria-label={label} c={key === 'ar_overdue' && value ? 'red' : undefined}>
                {value === null || value === undefined ? '-' : usd(value)}
              </Text>
            ) : (
              <Skeleton height={24} mt={4} />
            )}
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
