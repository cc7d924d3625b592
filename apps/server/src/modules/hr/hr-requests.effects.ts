import { hrCalendarChangedEvent, hrCalendarChannel, userChannel } from '@switchboard/shared';
import { hrRequestUpdatedEvent } from '@switchboard/shared/hr/requests';
import { inArray } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { emitNotificationCreated } from '../notifications/notifications.service.ts';
import { publishPtoPeriods } from '../pto/pto-access.ts';
import type { CheckedInHoursSource } from '../pto/pto.service.ts';
import { employees } from '../users/employees.table.ts';
import { withCheckedInHours } from './hr-requests-checked-in.ts';
import { hrApproverIds } from './hr-requests.data.ts';
import { kickRequestMail } from './hr-requests.mail.ts';
import { findRequestRows, presentRow } from './hr-requests.present.ts';
import type { RequestEffects } from './hr-requests.service.ts';
import { hrRequestEvents, hrRequests } from './hr-requests.table.ts';

// After a request's transaction commits: HrRequestUpdated to the requester and the current and past approvers,
// NotificationCreated, PeriodsUpdated on Pto_Periods_{id}, HrCalendarChanged on hr_calendar, and the mail job.

export async function runRequestEffects(app: AppInstance, effects: RequestEffects): Promise<void> {
  try {
    const ids = [...effects.requestIds];
    if (ids.length > 0) {
      const rows = await findRequestRows(app.db, inArray(hrRequests.id, ids));
      const actors = await app.db
        .selectDistinct({ requestId: hrRequestEvents.requestId, actorId: hrRequestEvents.actorId })
        .from(hrRequestEvents)
        .where(inArray(hrRequestEvents.requestId, ids));
      const managers = await app.db
        .select({ userId: employees.userId, managerId: employees.managerId })
        .from(employees)
        .where(
          inArray(
            employees.userId,
            rows.map((row) => row.request.userId),
          ),
        );
      const hr = await hrApproverIds(app.db);
      for (const row of rows) {
        const recipients = new Set<number>([row.request.userId, ...hr]);
        const manager = managers.find((entry) => entry.userId === row.request.userId)?.managerId;
        if (manager) recipients.add(manager);
        for (const entry of actors)
          if (entry.requestId === row.request.id && entry.actorId) recipients.add(entry.actorId);
        const payload = { request: presentRow(row) };
        for (const userId of recipients)
          app.realtime.emitToChannel(userChannel(userId), hrRequestUpdatedEvent, payload);
      }
    }
    for (const { userId, notification } of effects.notifications) {
      emitNotificationCreated(app.realtime, userId, notification);
    }
    if (effects.calendar.length > 0) {
      const from = effects.calendar.reduce((min, range) => (range.from < min ? range.from : min), '9999-12-31');
      const to = effects.calendar.reduce((max, range) => (range.to > max ? range.to : max), '0000-01-01');
      app.realtime.emitToStaff(hrCalendarChannel, hrCalendarChangedEvent, { from, to });
    }
  } catch (error) {
    // The change is committed; a failed push only delays viewers until their next load.
    app.log.error({ err: error }, 'HR request push failed');
  }
  for (const userId of effects.ptoUsers) await publishPtoPeriods(app, userId, keptCheckedInHours(app));
  if (effects.mail) kickRequestMail(app);
}

/** HR's kept checked-in sums (decision 0131) for the PTO view pushed after a decision. */
const keptCheckedInHours =
  (app: AppInstance): CheckedInHoursSource =>
  (person, compute) =>
    withCheckedInHours(app.db, [person], (hoursOf) => compute(hoursOf(person.userId)), { keep: true });
