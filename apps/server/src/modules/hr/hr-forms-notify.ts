import { userChannel } from '@switchboard/shared';
import { NOTIFICATION_HR_FORM } from '@switchboard/shared/notification-types';
import { hrFormAssignedEvent, type HrFormAssigned } from '@switchboard/shared/hr/forms';
import type { AppInstance } from '../../app-instance.ts';
import type { Transaction } from '../../db/db-types.ts';
import { sendMailInBackground } from '../../plugins/mail.ts';
import { emitNotificationCreated, presentNotification } from '../notifications/notifications.service.ts';
import { notifications } from '../notifications/notifications.table.ts';
import type { AssignedNotice, RemindTarget } from './hr-forms.service.ts';

// Telling people about their forms, after the commit: one insert of bell notifications (number_details = form id),
// NotificationCreated and HrFormAssigned on each `user.{id}`; reminders also go by mail (or to the outbox).

async function notify(app: AppInstance, rows: { userId: number; formId: number; data: Record<string, unknown> }[]) {
  if (rows.length === 0) return;
  const inserted = await app.db
    .insert(notifications)
    .values(
      rows.map((row) => ({
        userId: row.userId,
        type: NOTIFICATION_HR_FORM,
        numberDetails: String(row.formId),
        data: row.data,
      })),
    )
    .returning();
  for (const row of inserted) emitNotificationCreated(app.realtime, row.userId, presentNotification(row));
}

/**
 * A new hire's forms, told in the creating transaction: the bell notifications only. Nobody is signed in as someone
 * who does not exist yet, so there is no socket to push to; they find them at their first sign-in.
 */
export async function notifyNewHireInTransaction(tx: Transaction, notices: AssignedNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await tx.insert(notifications).values(
    notices.map((notice) => ({
      userId: notice.userId,
      type: NOTIFICATION_HR_FORM,
      numberDetails: String(notice.formId),
      data: { title: notice.title, due_on: notice.dueOn, reason: 'assigned' },
    })),
  );
}

export async function announceAssigned(app: AppInstance, notices: AssignedNotice[]): Promise<void> {
  await notify(
    app,
    notices.map((notice) => ({
      userId: notice.userId,
      formId: notice.formId,
      data: { title: notice.title, due_on: notice.dueOn, reason: 'assigned' },
    })),
  );
  for (const notice of notices) {
    const payload: HrFormAssigned = {
      form_id: notice.formId,
      assignment_id: notice.assignmentId,
      title: notice.title,
      due_on: notice.dueOn,
    };
    // HrFormAssigned is not in the shared userChannelEvents list, so it goes through emitToChannel.
    app.realtime.emitToChannel(userChannel(notice.userId), hrFormAssignedEvent, payload);
  }
}

export async function sendReminders(app: AppInstance, targets: RemindTarget[]): Promise<void> {
  await notify(
    app,
    targets.map((target) => ({
      userId: target.userId,
      formId: target.formId,
      data: { title: target.title, due_on: target.dueOn, reason: 'reminder' },
    })),
  );
  for (const target of targets) {
    const due = target.dueOn ? ` It is due on ${target.dueOn}.` : '';
    sendMailInBackground(app, {
      to: target.email,
      subject: `Reminder: ${target.title}`,
      text:
        `Hello ${target.name},\n\nPlease read and sign ${target.title}.${due}\n\n` +
        `${app.config.appUrl}/hr/forms?form=${target.formId}\n`,
    });
  }
}
