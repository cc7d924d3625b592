import { verifyFailedNotificationType } from '@switchboard/shared/billing/reports-ledger';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { verifyTransactions } from './billing-verify.ts';
import { billingToday, getBillingSettings } from './ledger.service.ts';

// The nightly Verify Transactions (designs/billing.md §5): pg-boss runs every check as of today at 02:15 UTC and, when
// one fails, notifies each active staff member holding 'manage accounting' (the bell's 'NotificationCreated'), naming
// the failed checks. A clean night notifies nobody.

/** One run: answers the keys of the failed checks and the users notified. */
export async function billingVerifyTick(
  app: AppInstance,
  now = new Date(),
): Promise<{ failed: string[]; notified: number[] }> {
  const today = await billingToday(app.db, now);
  const { time_zone: timeZone } = await getBillingSettings(app.db);
  const report = await verifyTransactions(app.db, today, today, now, timeZone);
  const failed = report.checks.filter((c) => !c.passed).map((c) => c.key);
  if (failed.length === 0) return { failed, notified: [] };
  const holders = await app.db.execute<{ id: number }>(sql`
    select distinct u.id from users u
    join user_permissions up on up.user_id = u.id
    join permissions p on p.id = up.permission_id
    where p.name = 'manage accounting' and u.type = 'Employee' and u.deleted_at is null
    order by u.id`);
  const notified: number[] = [];
  for (const row of holders.rows) {
    const userId = Number(row.id);
    await createNotification(
      app.db,
      userId,
      { type: verifyFailedNotificationType, number_details: today, data: { failed } },
      app.realtime,
    );
    notified.push(userId);
  }
  return { failed, notified };
}

export const billingVerifyJobName = 'billing-verify';

export function registerBillingVerifyJob(app: AppInstance): void {
  registerJob(app, billingVerifyJobName, '15 2 * * *', async (jobApp) => {
    const { failed, notified } = await billingVerifyTick(jobApp);
    if (failed.length > 0) jobApp.log.warn({ failed, notified: notified.length }, 'billing verification failed');
  });
}
