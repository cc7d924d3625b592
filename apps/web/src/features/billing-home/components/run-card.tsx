import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { runMonthLabel, shiftRunMonth } from '@switchboard/shared/billing/home';
import { runCompanyStatuses, type RunCompanyStatus } from '@switchboard/shared/billing/runs';
import { useApproveRun, usePostRun, useRunCard, useStartRun } from '../api/billing-home.ts';
import { notifyDone, notifyFailed } from '../notify.ts';

// The run card of /billing (designs/billing.md §4-§5): the month's companies by status, Run now ('view billing'),
// Review, Approve all without warnings and Post approved ('approve billing'), and the companies that failed.

export const runStatusLabels: Record<RunCompanyStatus, string> = {
  pending: 'Pending',
  drafted: 'Drafted',
  skipped: 'Skipped',
  failed: 'Failed',
  approved: 'Approved',
  posted: 'Posted',
  sent: 'Sent',
};

export const runStatusColors: Record<RunCompanyStatus, string> = {
  pending: 'gray',
  drafted: 'blue',
  skipped: 'gray',
  failed: 'red',
  approved: 'violet',
  posted: 'green',
  sent: 'teal',
};

/** The months the picker offers: this month (the month whose 1st has passed) and the 23 before it. */
export function runMonthOptions(thisMonth: string): { value: string; label: string }[] {
  return Array.from({ length: 24 }, (_, index) => {
    const month = shiftRunMonth(thisMonth, -index);
    return { value: month, label: index === 0 ? `This month (${runMonthLabel(month)})` : runMonthLabel(month) };
  });
}

interface RunCardProps {
  month: string;
  thisMonth: string;
  onMonthChange: (month: string) => void;
  onReview: () => void;
  canApprove: boolean;
}

export function RunCard({ month, thisMonth, onMonthChange, onReview, canApprove }: RunCardProps) {
  const card = useRunCard(month);
  const start = useStartRun();
  const approve = useApproveRun();
  const post = usePostRun();
  const run = card.data?.run ?? null;
  const failures = card.data?.data ?? [];
  const options = runMonthOptions(thisMonth);
  if (!options.some((option) => option.value === month)) options.push({ value: month, label: runMonthLabel(month) });

  return (
    <Paper withBorder p="md" radius="md" aria-label="Billing run">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={3}>Billing run</Title>
            <Text size="sm" c="dimmed">
              Bills {runMonthLabel(month)}&apos;s retainer and recurring items and{' '}
              {runMonthLabel(shiftRunMonth(month, -1))}
              &apos;s overage.
            </Text>
          </div>
          <Select
            label="Month"
            data={options}
            value={month}
            onChange={(value) => value && onMonthChange(value)}
            allowDeselect={false}
            w={240}
          />
        </Group>

        {card.isError ? (
          <Alert color="red">The run could not be loaded.</Alert>
        ) : run === null ? (
          <Text size="sm" aria-label="Run status">
            {card.isPending ? 'Loading...' : `${runMonthLabel(month)} has not been run yet.`}
          </Text>
        ) : (
          <Group gap="xs" aria-label="Companies by status">
            {runCompanyStatuses.map((status) => (
              <Badge key={status} color={runStatusColors[status]} variant={run.counts[status] ? 'filled' : 'light'}>
                {runStatusLabels[status]}{' '}
                <span aria-label={`${runStatusLabels[status]} companies`}>{run.counts[status] ?? 0}</span>
              </Badge>
            ))}
            <Text size="sm" c="dimmed">
              {run.clean_drafts} without warnings
            </Text>
          </Group>
        )}

        <Group gap="sm">
          <Button
            loading={start.isPending}
            onClick={() =>
              start.mutate(month, {
                onSuccess: (answer) => notifyDone(answer, `The run of ${runMonthLabel(month)} started.`),
                onError: notifyFailed,
              })
            }
          >
            Run now
          </Button>
          <Button variant="default" onClick={onReview} disabled={run === null}>
            Review
          </Button>
          {canApprove && (
            <>
              <Button
                variant="light"
                color="violet"
                disabled={!run || run.clean_drafts === 0}
                loading={approve.isPending}
                onClick={() =>
                  approve.mutate(
                    { month, companyIds: 'clean' },
                    { onSuccess: (answer) => notifyDone(answer, 'Approved.'), onError: notifyFailed },
                  )
                }
              >
                Approve all without warnings
              </Button>
              <Button
                color="green"
                disabled={!run || (run.counts.approved ?? 0) === 0}
                loading={post.isPending}
                onClick={() =>
                  post.mutate(month, { onSuccess: (answer) => notifyDone(answer, 'Posted.'), onError: notifyFailed })
                }
              >
                Post approved
              </Button>
            </>
          )}
        </Group>

        {failures.length > 0 && (
          <Alert color="red" title="Failures">
            <List size="sm" aria-label="Failures">
              {failures.map((row) => (
                <List.Item key={row.company_id}>
                  {row.company_name}: {row.error || 'failed'}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
