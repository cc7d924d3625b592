import { hrCalendarChangedEvent, hrCalendarChannel, userChannel } from '@switchboard/shared';
import { hrRequestUpdatedEvent } from '@switchboard/shared/hr/requests';
import { inArray, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { emitNotificationCreated } from '../notifications/notifications.service.ts';
import { publishPtoPeriods } from '../pto/pto-access.ts';
import type { CheckedInHoursSource } from '../pto/pto.service.ts';
import { employees } from '../users/employees.table.ts';
import { withCheckedInHours } from './hr-requests-checked-in.ts';
import { permissions, userPermissions } from '../permissions/permissions.table.ts';
import { users } from '../users/users.table.ts';
import { approvePermission } from './hr-requests.data.ts';
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
      const recipients = await recipientsOf(app, ids);
      for (const row of rows) {
        const payload = { request: presentRow(row) };
        for (const userId of recipients.get(row.request.id) ?? [row.request.userId])
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

/**
 * Who hears of each request, in one statement: the requester, their manager, everyone who acted on it and the HR
 * approvers (enabled employees holding the permission).
 */
async function recipientsOf(app: AppInstance, ids: number[]): Promise<Map<number, number[]>> {
  const { rows } = await app.db.execute<{ id: number; users: number[] }>(sql`
    select r.id, array(
      select distinct x from unnest(
        array[r.user_id, e.manager_id]
        || array(select ev.actor_id from ${hrRequestEvents} ev where ev.request_id = r.id)
        || array(select u.id from ${userPermissions} up join ${permissions} p on p.id = up.permission_id
                 join ${users} u on u.id = up.user_id
                 where p.name = ${approvePermission} and u.deleted_at is null and u.type = 'Employee')
      ) as x where x is not null) as users
    from ${hrRequests} r left join ${employees} e on e.user_id = r.user_id
    where r.id = any(${sql.param(ids)}::int[])`);
  return new Map(rows.map((row) => [Number(row.id), row.users.map(Number)]));
}

/** HR's kept checked-in sums (decision 0131) for the PTO view pushed after a decision. */
const keptCheckedInHours =
  (app: AppInstance): CheckedInHoursSource =>
  (person, compute) =>
    withCheckedInHours(app.db, [person], (hoursOf) => compute(hoursOf(person.userId)), { keep: true });
