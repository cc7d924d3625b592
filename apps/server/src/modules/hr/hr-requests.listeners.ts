import { hrRequestMessages as messages } from '@switchboard/shared/hr/requests';
import { roundHours } from '@switchboard/shared/pto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DomainEvents } from '../../plugins/domain-events.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { effectiveHolidaysOf, hrApproverIds } from './hr-requests.data.ts';
import { runRequestEffects } from './hr-requests.effects.ts';
import { logEvent, newEffects, queueMail, type RequestEffects } from './hr-requests.service.ts';
import { hrRequestDays, hrRequests } from './hr-requests.table.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { NOTIFICATION_HR_REQUEST, hrCalendarChangedEvent, hrCalendarChannel } from '@switchboard/shared';

// What HR requests do when lower modules change (decision 0084's domain events, inside the emitter's transaction):
// a holiday added or moved onto requested days gives their hours back (designs/hr.md §2.5); disabling an employee
// withdraws their pending requests and moves approvals waiting on them to HR (§2.6).

type Tx = DomainEvents['employeeDisabled']['tx'];

async function tell(tx: Tx, effects: RequestEffects, userId: number, requestId: number, action: string) {
  const notification = await createNotification(tx, userId, {
    type: NOTIFICATION_HR_REQUEST,
    number_details: requestId,
    data: { action },
  });
  effects.notifications.push({ userId, notification });
}

export async function onHolidaysChanged(app: AppInstance, payload: DomainEvents['holidaysChanged']): Promise<void> {
  const { tx, dates } = payload;
  if (dates.length === 0) return;
  // The HR calendar draws holidays too: it reads those days again once the change is committed.
  const sorted = [...dates].sort();
  const range = { from: sorted[0]!, to: sorted.at(-1)! };
  payload.afterCommit(() => app.realtime.emitToStaff(hrCalendarChannel, hrCalendarChangedEvent, range));
  const days = await tx
    .select({
      requestId: hrRequestDays.requestId,
      userId: hrRequestDays.userId,
      date: hrRequestDays.date,
      hours: hrRequestDays.hours,
    })
    .from(hrRequestDays)
    .innerJoin(hrRequests, eq(hrRequests.id, hrRequestDays.requestId))
    .where(
      and(
        inArray(hrRequestDays.date, dates),
        gt(hrRequestDays.hours, '0'),
        inArray(hrRequests.status, ['pending', 'approved']),
        payload.userId === null ? undefined : eq(hrRequestDays.userId, payload.userId),
      ),
    );
  if (days.length === 0) return;
  const holidays = await effectiveHolidaysOf(tx, [...new Set(days.map((day) => day.userId))]);
  const returned = new Map<number, { userId: number; hours: number; dates: string[] }>();
  for (const day of days) {
    const holiday = holidays.get(day.userId)?.find((entry) => entry.date === day.date);
    if (!holiday) continue;
    await tx
      .update(hrRequestDays)
      .set({ hours: '0.00', scheduledHours: '0.00', holiday: holiday.name ?? 'Holiday' })
      .where(and(eq(hrRequestDays.requestId, day.requestId), eq(hrRequestDays.date, day.date)));
    await tx
      .delete(ptoUsedHours)
      .where(and(eq(ptoUsedHours.requestId, day.requestId), eq(ptoUsedHours.date, day.date)));
    const entry = returned.get(day.requestId) ?? { userId: day.userId, hours: 0, dates: [] };
    entry.hours = roundHours(entry.hours + Number(day.hours));
    entry.dates.push(day.date);
    returned.set(day.requestId, entry);
  }
  if (returned.size === 0) return;
  const effects = newEffects();
  for (const [requestId, entry] of returned) {
    const [request] = await tx
      .update(hrRequests)
      .set({
        totalHours: sql`greatest(0, ${hrRequests.totalHours} - ${entry.hours.toFixed(2)}::numeric)`,
        updatedAt: new Date(),
        version: sql`${hrRequests.version} + 1`,
      })
      .where(eq(hrRequests.id, requestId))
      .returning();
    await logEvent(
      tx,
      requestId,
      payload.actorId,
      'holiday_returned',
      null,
      messages.holidayReturned(entry.hours.toFixed(2)),
    );
    await tell(tx, effects, entry.userId, requestId, 'holiday_returned');
    effects.requestIds.add(requestId);
    if (request.status === 'approved' && request.bank !== 'unpaid') effects.ptoUsers.add(entry.userId);
    for (const date of entry.dates) effects.calendar.push({ from: date, to: date });
  }
  payload.afterCommit(() => runRequestEffects(app, effects));
}

export async function onEmployeeDisabled(app: AppInstance, payload: DomainEvents['employeeDisabled']): Promise<void> {
  const { tx, userId, actorId } = payload;
  const effects = newEffects();
  const withdrawn = await tx
    .update(hrRequests)
    .set({ status: 'cancelled', updatedAt: new Date(), version: sql`${hrRequests.version} + 1` })
    .where(and(eq(hrRequests.userId, userId), eq(hrRequests.status, 'pending')))
    .returning({ id: hrRequests.id, startDate: hrRequests.startDate, endDate: hrRequests.endDate });
  for (const request of withdrawn) {
    await logEvent(tx, request.id, actorId, 'withdrawn', null, messages.employeeDisabled);
    effects.requestIds.add(request.id);
    if (request.startDate && request.endDate) effects.calendar.push({ from: request.startDate, to: request.endDate });
  }
  // Approvals waiting on the disabled manager move to HR.
  const moved = await tx
    .update(hrRequests)
    .set({ stage: 'hr', stageSince: new Date(), updatedAt: new Date(), version: sql`${hrRequests.version} + 1` })
    .where(
      and(
        eq(hrRequests.status, 'pending'),
        eq(hrRequests.stage, 'manager'),
        sql`${hrRequests.userId} in (select ${employees.userId} from ${employees} where ${employees.managerId} = ${userId})`,
      ),
    )
    .returning({ id: hrRequests.id });
  if (moved.length > 0) {
    const hr = await hrApproverIds(tx);
    for (const request of moved) {
      const eventId = await logEvent(tx, request.id, actorId, 'reassigned', null, messages.managerDisabled);
      effects.requestIds.add(request.id);
      for (const approver of hr) await tell(tx, effects, approver, request.id, 'submitted');
      await queueMail(tx, effects, request.id, hr, 'submitted', eventId);
    }
  }
  if (effects.requestIds.size > 0) payload.afterCommit(() => runRequestEffects(app, effects));
}
