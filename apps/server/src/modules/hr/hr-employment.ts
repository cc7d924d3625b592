import { defaultSeparationType, employmentMessages } from '@switchboard/shared/hr/employment';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import type { DbOrTransaction } from '../../db/client.ts';
import { onDomainEvent, type DomainEvents } from '../../plugins/domain-events.ts';
import { unprocessable } from '../../plugins/errors.ts';
import { findPtoEmployee, todayIn } from '../pto/pto.service.ts';
import { hrEmploymentEvents } from './hr-employment.table.ts';

// Employment events (designs/hr.md §7; decision record "HR employment events"): the lower modules say that an
// employee was created, disabled or enabled again, inside their transaction, and HR records the hire, separation or
// rehire in it. A date the rules refuse throws a 422 there, which rolls the whole change back.

/** Today in the employee's zone (the company's day for them), as the PTO engine counts days. */
async function employeeToday(tx: DbOrTransaction, userId: number): Promise<string> {
  const employee = await findPtoEmployee(tx, userId);
  return todayIn(employee?.timezone ?? 'UTC');
}

/** The latest event of these kinds, with the employee's start date as the fallback hire. */
async function latestEvent(tx: DbOrTransaction, userId: number, kinds: string[]) {
  const [row] = await tx
    .select({ date: hrEmploymentEvents.date })
    .from(hrEmploymentEvents)
    .where(and(eq(hrEmploymentEvents.userId, userId), inArray(hrEmploymentEvents.kind, kinds)))
    .orderBy(desc(hrEmploymentEvents.date), desc(hrEmploymentEvents.id))
    .limit(1);
  return row?.date ?? null;
}

export async function recordSeparation(payload: DomainEvents['employeeDisabled']): Promise<void> {
  const { tx, userId, actorId, separation } = payload;
  const employee = await findPtoEmployee(tx, userId);
  const today = todayIn(employee?.timezone ?? 'UTC');
  const date = separation.date ?? today;
  if (date > today) throw unprocessable({ separation_date: [employmentMessages.separationFuture] });
  const hiredOn = (await latestEvent(tx, userId, ['hire', 'rehire'])) ?? employee?.startDate ?? null;
  if (hiredOn !== null && date < hiredOn)
    throw unprocessable({ separation_date: [employmentMessages.separationBeforeStart] });
  await tx.insert(hrEmploymentEvents).values({
    userId,
    kind: 'separation',
    date,
    separationType: separation.type ?? defaultSeparationType,
    reason: separation.reason ?? '',
    createdBy: actorId,
  });
}

export async function recordRehire(payload: DomainEvents['employeeEnabled']): Promise<void> {
  const { tx, userId, actorId } = payload;
  const employee = await findPtoEmployee(tx, userId);
  const zone = employee?.timezone ?? 'UTC';
  const today = todayIn(zone);
  // Separations from before the events fall back to the day the account was disabled.
  const disabledOn = todayIn(zone, payload.disabledAt);
  const date = payload.date ?? today;
  if (date > today) throw unprocessable({ rehire_date: [employmentMessages.rehireFuture] });
  const separatedOn = (await latestEvent(tx, userId, ['separation'])) ?? disabledOn;
  if (separatedOn !== null && date < separatedOn)
    throw unprocessable({ rehire_date: [employmentMessages.rehireBeforeSeparation] });
  await tx.insert(hrEmploymentEvents).values({ userId, kind: 'rehire', date, createdBy: actorId });
}

export async function recordHire(payload: DomainEvents['employeeCreated']): Promise<void> {
  const { tx, userId, actorId } = payload;
  const date = payload.startDate ?? (await employeeToday(tx, userId));
  await tx.insert(hrEmploymentEvents).values({ userId, kind: 'hire', date, createdBy: actorId });
}

/** Subscribes HR to the employee changes that make employment events. */
export function listenForEmploymentEvents(app: AppInstance): void {
  onDomainEvent(app.db, 'employeeDisabled', recordSeparation);
  onDomainEvent(app.db, 'employeeCreated', recordHire);
  onDomainEvent(app.db, 'employeeEnabled', recordRehire);
}
