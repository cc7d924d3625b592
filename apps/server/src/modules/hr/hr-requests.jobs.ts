import { NOTIFICATION_HR_REQUEST } from '@switchboard/shared';
import { workHoursSchema } from '@switchboard/shared/hr/base';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrApproverIds, readHrSettings } from './hr-requests.data.ts';
import { runRequestEffects } from './hr-requests.effects.ts';
import { logEvent, newEffects, queueMail } from './hr-requests.service.ts';
import { hrRequestEvents, hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// Daily jobs of HR requests (designs/hr.md §2.2, §2.4): the escalation reminder, and the schedule changes applied on
// their effective date and reverted after their end date. Both are safe to run twice on a day.

export const requestRemindersJob = 'hr-request-reminders';
export const scheduleChangesJob = 'hr-schedule-changes';

/** Working days (Monday to Friday) after `since` up to and including `today`. */
export function workingDaysBetween(since: string, today: string): number {
  let count = 0;
  for (let time = Date.parse(`${since}T00:00:00Z`) + 86_400_000; time <= Date.parse(`${today}T00:00:00Z`);) {
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) count += 1;
    time += 86_400_000;
  }
  return count;
}

/**
 * Pending more than escalate_after_days working days at its stage: the approver is reminded (an e-mail each
 * morning); after twice that, HR approvers are notified once per stage.
 */
export async function runRequestReminders(
  app: AppInstance,
  now = new Date(),
): Promise<{ reminded: number; escalated: number }> {
  const settings = await readHrSettings(app.db);
  const today = now.toISOString().slice(0, 10);
  const manager = sql<number | null>`(
    select e.manager_id from ${employees} e join ${users} m on m.id = e.manager_id
    where e.user_id = ${hrRequests.userId} and m.deleted_at is null
  )`;
  const pending = await app.db
    .select({
      id: hrRequests.id,
      userId: hrRequests.userId,
      stage: hrRequests.stage,
      since: hrRequests.stageSince,
      managerId: manager,
    })
    .from(hrRequests)
    .where(eq(hrRequests.status, 'pending'))
    .orderBy(asc(hrRequests.id));
  const effects = newEffects();
  let reminded = 0;
  let escalated = 0;
  const hr = await hrApproverIds(app.db);
  for (const request of pending) {
    const waited = workingDaysBetween(request.since.toISOString().slice(0, 10), today);
    if (waited < settings.escalate_after_days) continue;
    await app.db.transaction(async (tx) => {
      const approvers = (request.stage === 'manager' && request.managerId !== null ? [request.managerId] : hr).filter(
        (id) => id !== request.userId,
      );
      await queueMail(tx, effects, request.id, approvers, 'reminder', null);
      reminded += 1;
      if (waited < settings.escalate_after_days * 2) return;
      const [already] = await tx
        .select({ id: hrRequestEvents.id })
        .from(hrRequestEvents)
        .where(
          and(
            eq(hrRequestEvents.requestId, request.id),
            eq(hrRequestEvents.action, 'escalated'),
            sql`${hrRequestEvents.createdAt} >= ${request.since.toISOString()}::timestamptz`,
          ),
        )
        .limit(1);
      if (already) return;
      const eventId = await logEvent(tx, request.id, null, 'escalated', null, `Pending ${waited} working days`);
      for (const userId of hr.filter((id) => id !== request.userId)) {
        const notification = await createNotification(tx, userId, {
          type: NOTIFICATION_HR_REQUEST,
          number_details: request.id,
          data: { action: 'escalated' },
        });
        effects.notifications.push({ userId, notification });
      }
      await queueMail(tx, effects, request.id, hr, 'escalated', eventId, request.userId);
      effects.requestIds.add(request.id);
      escalated += 1;
    });
  }
  await runRequestEffects(app, effects);
  return { reminded, escalated };
}

/** Approved schedule changes: the new week from the effective date, the old one back after the end date. */
export async function applyScheduleChanges(
  app: AppInstance,
  today = new Date().toISOString().slice(0, 10),
): Promise<number> {
  const rows = await app.db
    .select({ request: hrRequests })
    .from(hrRequests)
    .innerJoin(hrCategories, eq(hrCategories.id, hrRequests.categoryId))
    .where(and(eq(hrRequests.status, 'approved'), eq(hrCategories.kind, 'schedule_change')))
    .orderBy(asc(hrRequests.id));
  let changed = 0;
  for (const { request } of rows) {
    const details = (request.details ?? {}) as Record<string, unknown>;
    const week = workHoursSchema.safeParse(details.work_hours);
    if (!week.success) continue;
    const effective = String(details.effective_date ?? '');
    const end = details.end_date ? String(details.end_date) : null;
    const apply = !details.applied_at && effective <= today && (end === null || end >= today);
    const revert = Boolean(details.applied_at) && !details.reverted_at && end !== null && end < today;
    if (!apply && !revert) continue;
    await app.db.transaction(async (tx) => {
      const [employee] = await tx
        .select({ workHours: employees.workHours })
        .from(employees)
        .where(eq(employees.userId, request.userId))
        .for('update');
      if (!employee) return;
      if (apply) {
        await tx.update(employees).set({ workHours: week.data }).where(eq(employees.userId, request.userId));
        const next = { ...details, applied_at: today, previous_work_hours: employee.workHours ?? null };
        await tx.update(hrRequests).set({ details: next }).where(eq(hrRequests.id, request.id));
        await logEvent(tx, request.id, null, 'applied', null, `New work hours applied from ${effective}`);
        changed += 1;
      } else {
        const previous = (details.previous_work_hours ?? null) as Record<string, number> | null;
        await tx.update(employees).set({ workHours: previous }).where(eq(employees.userId, request.userId));
        await tx
          .update(hrRequests)
          .set({ details: { ...details, reverted_at: today } })
          .where(eq(hrRequests.id, request.id));
        await logEvent(tx, request.id, null, 'applied', null, `Work hours restored after ${end}`);
        changed += 1;
      }
    });
  }
  return changed;
}

export function registerRequestJobs(app: AppInstance): void {
  // Mornings on working days (UTC: the company has no time zone setting yet).
  registerJob(app, requestRemindersJob, '0 8 * * 1-5', async (jobApp) => {
    await runRequestReminders(jobApp);
  });
  registerJob(app, scheduleChangesJob, '15 0 * * *', async (jobApp) => {
    await applyScheduleChanges(jobApp);
  });
}
