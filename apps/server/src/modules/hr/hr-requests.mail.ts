import { hrRequestStatusLabels, type HrRequestBank } from '@switchboard/shared/hr/requests';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { Config } from '../../config.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { runInBackground, sendMail, type MailMessage } from '../../plugins/mail.ts';
import { users } from '../users/users.table.ts';
import { projectRequestBalances } from './hr-requests.data.ts';
import { findRequestRow, requestDays, summaryOf } from './hr-requests.present.ts';
import { listOut } from './hr-requests.queries.ts';
import { hrRequestEvents, hrRequestMails } from './hr-requests.table.ts';

// E-mails of HR requests (designs/hr.md §2.7; decision record): rows owed are written in the decision's transaction,
// and the hr-request-mail job builds each message when sending (so it reads the request as it is then) and calls
// sendMail. Queued after commit through pg-boss when jobs run in this process, else in the background; the job also
// runs every five minutes to catch up. A row is sent under its row lock, at most five tries.

export const requestMailJob = 'hr-request-mail';
const maxAttempts = 5;

type OwedMail = typeof hrRequestMails.$inferSelect;

/** A calendar file of the requested days: all-day, the end exclusive (RFC 5545 DATE values). */
export function requestIcs(request: { id: number; startDate: string; endDate: string; summary: string }): string {
  const compact = (date: string) => date.replaceAll('-', '');
  const next = new Date(Date.parse(`${request.endDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const escape = (text: string) => text.replace(/([\\;,])/g, '\\$1').replace(/\n/g, '\\n');
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Switchboard//HR requests//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:hr-request-${request.id}@switchboard`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(request.startDate)}`,
    `DTEND;VALUE=DATE:${compact(next)}`,
    `SUMMARY:${escape(request.summary)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const subjects: Record<string, (name: string, summary: string) => string> = {
  submitted: (name, summary) => `Time off or request to approve: ${name} (${summary})`,
  decided: (name, summary) => `Your HR request: ${summary}`,
  hr_decided: (name, summary) => `HR decided ${name}'s request (${summary})`,
  commented: (name, summary) => `New comment on your HR request (${summary})`,
  cancelled: (name, summary) => `HR request cancelled: ${name} (${summary})`,
  reminder: (name, summary) => `Reminder: ${name}'s request is waiting for you (${summary})`,
  escalated: (name, summary) => `Waiting too long: ${name}'s request (${summary})`,
};

/** The message for one owed row, as the request is now; null when there is nobody to send it to. */
async function buildMessage(db: DbOrTransaction, owed: OwedMail, config: Pick<Config, 'appUrl'>) {
  const [recipient] = await db
    .select({ email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, owed.recipientId));
  const row = await findRequestRow(db, owed.requestId);
  if (!recipient || recipient.deletedAt !== null || !row) return null;
  const request = row.request;
  const summary = summaryOf(request, row.categoryKind);
  const [event] =
    owed.eventId === null
      ? []
      : await db
          .select({ action: hrRequestEvents.action, comment: hrRequestEvents.comment, actor: users.name })
          .from(hrRequestEvents)
          .leftJoin(users, eq(users.id, hrRequestEvents.actorId))
          .where(eq(hrRequestEvents.id, owed.eventId));
  const lines = [
    `${row.categoryName}: ${summary}`,
    `Employee: ${row.requesterName}`,
    `Status: ${hrRequestStatusLabels[request.status as keyof typeof hrRequestStatusLabels] ?? request.status}`,
  ];
  if (request.startDate && request.endDate) lines.push(`Dates: ${request.startDate} to ${request.endDate}`);
  let attachments: MailMessage['attachments'];
  if (row.categoryKind === 'time_off' && request.bank) {
    const days = await requestDays(db, request.id);
    const worked = days.filter((day) => day.hours > 0);
    lines.push(
      `Hours: ${Number(request.totalHours).toFixed(2)} h (${worked.length} day${worked.length === 1 ? '' : 's'})`,
    );
    if (owed.kind === 'submitted' || owed.kind === 'reminder' || owed.kind === 'escalated') {
      const projection = await projectRequestBalances(
        db,
        request.userId,
        request.bank as HrRequestBank,
        days,
        request.id,
      );
      for (const balance of projection.balances) {
        lines.push(
          `${balance.bank} ${balance.period_start} to ${balance.period_end}: ${balance.after.toFixed(2)} h after this request`,
        );
      }
      if (request.startDate && request.endDate) {
        const out = await listOut(
          db,
          { from: request.startDate, to: request.endDate },
          { id: owed.recipientId, permissions: [] },
          request.userId,
        );
        const names = [
          ...new Set(out.filter((entry) => entry.user.id !== request.userId).map((entry) => entry.user.name)),
        ];
        lines.push(`Also out then: ${names.length > 0 ? names.join(', ') : 'nobody'}`);
      }
      if (request.startDate && request.endDate) {
        attachments = [
          {
            filename: 'time-off.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: Buffer.from(
              requestIcs({
                id: request.id,
                startDate: request.startDate,
                endDate: request.endDate,
                summary: `${row.requesterName}: out`,
              }),
            ),
          },
        ];
      }
    }
  }
  if (event?.comment) lines.push('', `${event.actor ?? 'Someone'} wrote: ${event.comment}`);
  lines.push('', `Open it in Switchboard: ${config.appUrl}/hr/requests?request=${request.id}`);
  const subject = (subjects[owed.kind] ?? subjects.decided)(row.requesterName, summary);
  return { to: recipient.email, subject, text: lines.join('\n'), attachments } satisfies MailMessage;
}

/** Sends what is owed, one row at a time under its row lock; answers how many rows were handled. */
export async function sendOwedRequestMail(app: AppInstance, limit = 200): Promise<number> {
  let handled = 0;
  while (handled < limit) {
    const more = await app.db.transaction(async (tx) => {
      const [owed] = await tx
        .select()
        .from(hrRequestMails)
        .where(and(isNull(hrRequestMails.sentAt), lt(hrRequestMails.attempts, maxAttempts)))
        .orderBy(asc(hrRequestMails.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!owed) return false;
      try {
        const message = await tx.transaction((inner) => buildMessage(inner, owed, app.config));
        if (message) await sendMail({ db: tx, config: app.config, log: app.log }, message);
        await tx
          .update(hrRequestMails)
          .set({ sentAt: new Date(), attempts: sql`${hrRequestMails.attempts} + 1` })
          .where(eq(hrRequestMails.id, owed.id));
      } catch (error) {
        app.log.warn({ mailId: owed.id, message: (error as Error).message }, 'HR request mail failed');
        await tx
          .update(hrRequestMails)
          .set({ attempts: sql`${hrRequestMails.attempts} + 1` })
          .where(eq(hrRequestMails.id, owed.id));
      }
      return true;
    });
    if (!more) break;
    handled += 1;
  }
  return handled;
}

/** After a commit that owes mail: through pg-boss when it runs here, else in this process's background. */
export function kickRequestMail(app: AppInstance): void {
  const boss = app.jobs.boss;
  if (boss) {
    boss.send(requestMailJob, {}, { singletonKey: requestMailJob, singletonSeconds: 5 }).catch((error: Error) => {
      app.log.warn({ message: error.message }, 'HR request mail queue failed');
    });
    return;
  }
  runInBackground(app, 'HR request mail', () => sendOwedRequestMail(app));
}

export function registerRequestMailJob(app: AppInstance): void {
  registerJob(app, requestMailJob, '*/5 * * * *', async (jobApp) => {
    await sendOwedRequestMail(jobApp);
  });
}
