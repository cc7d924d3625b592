import { scheduledRunMonth } from '@switchboard/shared/billing/runs';
import { eq } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { runSettings } from './billing-run-lines.ts';
import { runMonth, runMonthStart } from './billing-runs.service.ts';
import { billingRuns } from './billing-runs.table.ts';

// The run's schedule (design §4; decision 0088). registerJob schedules in UTC with a fixed cron, while the run day and
// hour are settings in the billing time zone: the pg-boss queue `billing-run` ticks hourly and starts the month's
// run once that moment has passed in the zone, unless the month was already run (then "Run now" resumes it).

export const billingRunJob = 'billing-run';

/** One tick: starts the current month's run when it is due and has never started; answers the month started. */
export async function billingRunTick(app: AppInstance, now = new Date()): Promise<string | null> {
  const settings = await runSettings(app.db);
  const due = scheduledRunMonth(now, settings.timeZone, settings.runDay, settings.runHour);
  if (!due) return null;
  const month = runMonthStart(due);
  const [existing] = await app.db.select({ id: billingRuns.id }).from(billingRuns).where(eq(billingRuns.month, month));
  if (existing) return null;
  await runMonth(app, month, null);
  return due;
}

export function registerBillingRunJob(app: AppInstance): void {
  // Hourly at minute 7: every zone's run hour (half-hour zones included) falls in one tick.
  registerJob(app, billingRunJob, '7 * * * *', async (jobApp) => {
    const started = await billingRunTick(jobApp);
    if (started) jobApp.log.info({ month: started }, 'billing run started by the schedule');
  });
}
