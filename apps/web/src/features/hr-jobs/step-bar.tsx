import { Progress, Text, Tooltip } from '@mantine/core';
import type { HrStep } from '@switchboard/shared/hr/base';

/** "Applied 3, Phone Screen 1": the applicants per step in the steps' order, the steps without any left out. */
export function stepCountsText(counts: { step_id: number; count: number }[], steps: HrStep[]): string {
  const byStep = new Map(counts.map((row) => [row.step_id, row.count]));
  const parts = steps.flatMap((step) => {
    const count = byStep.get(step.id) ?? 0;
    return count > 0 ? [`${step.name} ${count}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : 'No applicants';
}

/** The openings list's small bar: one coloured section per step, as wide as its share of the applicants. */
export function StepBar({ counts, steps }: { counts: { step_id: number; count: number }[]; steps: HrStep[] }) {
  const byStep = new Map(counts.map((row) => [row.step_id, row.count]));
  const total = counts.reduce((sum, row) => sum + row.count, 0);
  const label = stepCountsText(counts, steps);
  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        No applicants
      </Text>
    );
  return (
    <Tooltip label={label} withArrow>
      <Progress.Root size="lg" w={160} aria-label={label} role="img">
        {steps.map((step) => {
          const count = byStep.get(step.id) ?? 0;
          return count > 0 ? (
            <Progress.Section key={step.id} value={(count / total) * 100} color={step.color}>
              <Progress.Label>{count}</Progress.Label>
            </Progress.Section>
          ) : null;
        })}
      </Progress.Root>
    </Tooltip>
  );
}
