import { Alert, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { defaultRunMonth } from '@switchboard/shared/billing/home';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../../lib/auth-store.ts';
import { useBillingSummary, useLiveBillingHome } from './api/billing-home.ts';
import { ReportLinks } from './components/report-links.tsx';
import { RunCard } from './components/run-card.tsx';
import { RunReview } from './components/run-review.tsx';
import { SummaryCards } from './components/summary-cards.tsx';
import { WorkQueues } from './components/work-queues.tsx';

// /billing (designs/billing.md §5 first row; issue 27 part 11): the cards, the run card of a chosen month (?month=)
// with its review panel, the work queues, the charts and the reports. Live on the `billing` channel.

// recharts is large: the charts load after the page, in their own chunk (the shell never carries them).
const BillingCharts = lazy(() =>
  import('./components/billing-charts.tsx').then((module) => ({ default: module.BillingCharts })),
);

export function BillingHomePage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const summary = useBillingSummary(asked);
  useLiveBillingHome();
  const canApprove = usePermissions().includes('approve billing');
  const [reviewing, setReviewing] = useState(false);
  const data = summary.data?.data;
  const thisMonth = data ? defaultRunMonth(data.today) : null;
  const month = asked ?? thisMonth;

  const chooseMonth = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === thisMonth) updated.delete('month');
        else updated.set('month', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Billing</Title>
      </Group>
      {summary.isError && <Alert color="red">The billing summary could not be loaded.</Alert>}
      <SummaryCards cards={data?.cards} />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {month && thisMonth ? (
            <RunCard
              month={month}
              thisMonth={thisMonth}
              onMonthChange={chooseMonth}
              onReview={() => setReviewing(true)}
              canApprove={canApprove}
            />
          ) : (
            <Skeleton height={160} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <WorkQueues queues={data?.queues} month={month ?? ''} />
        </Grid.Col>
      </Grid>
      {data ? (
        <Suspense fallback={<Skeleton height={280} />}>
          <BillingCharts monthly={data.monthly} aging={data.aging} />
        </Suspense>
      ) : (
        <Skeleton height={280} />
      )}
      <ReportLinks />
      {month && (
        <RunReview month={month} opened={reviewing} onClose={() => setReviewing(false)} canApprove={canApprove} />
      )}
    </Stack>
  );
}
