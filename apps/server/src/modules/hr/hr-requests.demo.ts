import { defaultHrSettings } from '@switchboard/shared/hr/base';
import { expandTimeOffDays, totalDayHours } from '@switchboard/shared/hr/request-days';
import { ptoBankOfRequestBank, type HrRequestBank } from '@switchboard/shared/hr/requests';
import type { TimeOffReason } from '@switchboard/shared/pto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { grantPermissions } from '../permissions/permissions.service.ts';
import { ptoUsedHours } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { hrRequestDays, hrRequestEvents, hrRequests } from './hr-requests.table.ts';
import { hrCategories } from './hr.table.ts';

// HR requests demo data (designs/hr.md §9): managers for the demo staff (the service coordinator leads the technicians,
// the sales manager the sales people, the HR manager both leads), Olivia Park approves as HR, and requests of every
// kind in every state over the last year and the weeks ahead, with the used rows approved time off writes.
// Idempotent: nothing is added once any request exists.

const email = (local: string) => `${local}@switchboard.example`;
const teams: Record<string, string[]> = {
  'olivia.park': ['dana.whitaker', 'tasha.greene'],
  'dana.whitaker': ['marcus.bell', 'priya.natarajan', 'kevin.obrien', 'ryan.kowalski', 'luis.hernandez', 'megan.tran'],
  'tasha.greene': ['jordan.ellis', 'brandon.reyes', 'aisha.johnson'],
};

const dayMs = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The Monday of the week `weeks` from today's (negative: past). */
function mondayOf(today: Date, weeks: number): string {
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const weekday = new Date(base).getUTCDay() || 7;
  return iso(base - (weekday - 1) * dayMs + weeks * 7 * dayMs);
}
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * dayMs);

type Status = 'pending' | 'approved' | 'denied' | 'cancelled' | 'completed';
interface Plan {
  who: string;
  category: string;
  status: Status;
  stage?: 'manager' | 'hr';
  reason?: TimeOffReason;
  bank?: HrRequestBank;
  start?: string;
  end?: string;
  morningEnd?: boolean;
  details?: Record<string, unknown>;
  comment?: string;
  note?: string;
}

function plans(today: Date): Plan[] {
  const week = (weeks: number) => mondayOf(today, weeks);
  const timeOff = (who: string, status: Status, weeks: number, days: number, extra: Partial<Plan> = {}): Plan => ({
    who,
    category: 'Time Off',
    status,
    reason: 'Vacation',
    bank: 'lump_sum',
    start: plus(week(weeks), 1),
    end: plus(week(weeks), days),
    ...extra,
  });
  return [
    timeOff('marcus.bell', 'approved', -44, 3, { note: 'Family visit.' }),
    timeOff('marcus.bell', 'approved', -12, 1, { reason: 'Sick', bank: 'accrual' }),
    timeOff('marcus.bell', 'pending', 3, 2, { morningEnd: true, note: 'Long weekend.' }),
    timeOff('priya.natarajan', 'approved', -30, 4, { note: 'Conference and a day off.' }),
    timeOff('priya.natarajan', 'denied', -6, 2, { comment: 'Migration cut-over that week; please pick another.' }),
    timeOff('priya.natarajan', 'pending', 6, 3, { stage: 'hr' }),
    timeOff('kevin.obrien', 'approved', -20, 1, { reason: 'Appointment', bank: 'accrual', morningEnd: true }),
    timeOff('kevin.obrien', 'cancelled', -3, 2, { comment: 'Plans changed.' }),
    timeOff('kevin.obrien', 'approved', 5, 3),
    timeOff('ryan.kowalski', 'approved', -36, 2, { reason: 'Personal Time', bank: 'unpaid' }),
    timeOff('ryan.kowalski', 'pending', 2, 1, { reason: 'Appointment', bank: 'accrual' }),
    timeOff('luis.hernandez', 'approved', -50, 3),
    timeOff('luis.hernandez', 'approved', -2, 1, { reason: 'Sick', bank: 'accrual' }),
    timeOff('megan.tran', 'approved', -16, 2),
    timeOff('megan.tran', 'pending', 8, 4, { note: 'Honeymoon.' }),
    timeOff('jordan.ellis', 'approved', -26, 3),
    timeOff('jordan.ellis', 'pending', 4, 1),
    timeOff('brandon.reyes', 'approved', -8, 2, { reason: 'Personal Time' }),
    timeOff('aisha.johnson', 'denied', 1, 3, { comment: 'Quarter-end push; let us find a date in January.' }),
    timeOff('aisha.johnson', 'approved', -40, 2),
    timeOff('dana.whitaker', 'approved', -22, 3),
    timeOff('dana.whitaker', 'pending', 7, 2),
    timeOff('tasha.greene', 'approved', -33, 2),
    {
      who: 'megan.tran',
      category: 'Equipment',
      status: 'completed',
      details: {
        item: 'Dell U2723QE monitor',
        type: 'Monitor',
        quantity: 2,
        needed_by: plus(week(-10), 0),
        estimated_cost: 1160,
        link: '',
        justification: 'Dual screens for NOC work.',
      },
      comment: 'Ordered and delivered.',
    },
    {
      who: 'kevin.obrien',
      category: 'Equipment',
      status: 'pending',
      stage: 'hr',
      details: {
        item: 'Rugged laptop',
        type: 'Laptop',
        quantity: 1,
        needed_by: plus(week(4), 0),
        estimated_cost: 1850,
        link: '',
        justification: 'Field laptop screen cracked on a site visit.',
      },
    },
    {
      who: 'brandon.reyes',
      category: 'Equipment',
      status: 'pending',
      details: {
        item: 'Headset',
        type: 'Peripheral',
        quantity: 1,
        estimated_cost: 120,
        link: '',
        justification: 'The softphone needs a noise-cancelling headset.',
      },
    },
    {
      who: 'luis.hernandez',
      category: 'Schedule Change',
      status: 'approved',
      details: {
        effective_date: plus(week(3), 0),
        end_date: null,
        work_hours: { '1': 10, '2': 10, '3': 10, '4': 10, '5': 0, '6': 0, '7': 0 },
        reason: 'Four ten-hour days for the night maintenance rota.',
      },
    },
    {
      who: 'aisha.johnson',
      category: 'Other',
      status: 'pending',
      stage: 'hr',
      details: { subject: 'Tuition reimbursement', details: 'I would like to take the CompTIA Network+ course.' },
    },
  ];
}

export async function seedHrRequestsDemo(tx: Transaction, today = new Date()): Promise<void> {
  const [existing] = await tx.select({ id: hrRequests.id }).from(hrRequests).limit(1);
  if (existing) return;
  const locals = [...new Set([...Object.keys(teams), ...Object.values(teams).flat()])];
  const people = await tx
    .select({ id: users.id, email: users.email, workHours: employees.workHours })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(
      inArray(
        sql`lower(${users.email})`,
        locals.map((local) => email(local)),
      ),
    );
  const idOf = new Map(
    people.map((person) => [person.email.toLowerCase().replace('@switchboard.example', ''), person.id]),
  );
  const hrId = idOf.get('olivia.park');
  if (hrId === undefined) return;
  await grantPermissions(tx, hrId, ['approve hr requests']);
  for (const [manager, reports] of Object.entries(teams)) {
    const managerId = idOf.get(manager);
    const reportIds = reports.map((local) => idOf.get(local)).filter((id): id is number => id !== undefined);
    if (managerId === undefined || reportIds.length === 0) continue;
    await tx
      .update(employees)
      .set({ managerId })
      .where(and(inArray(employees.userId, reportIds), isNull(employees.managerId)));
  }

  const categoryRows = await tx
    .select({ id: hrCategories.id, name: hrCategories.name, approval: hrCategories.approval })
    .from(hrCategories);
  const category = new Map(categoryRows.map((row) => [row.name, row]));
  const company = await tx
    .select({ date: holidays.date, name: holidays.name })
    .from(holidays)
    .where(isNull(holidays.userId));

  for (const [index, plan] of plans(today).entries()) {
    const userId = idOf.get(plan.who);
    const kind = category.get(plan.category);
    if (userId === undefined || !kind) continue;
    const managerLocal = Object.entries(teams).find(([, reports]) => reports.includes(plan.who))?.[0];
    const managerId = managerLocal ? (idOf.get(managerLocal) ?? hrId) : hrId;
    const decidedBy =
      plan.stage === 'hr' || kind.approval !== 'manager' || plan.who === 'dana.whitaker' ? hrId : managerId;
    const created = new Date(Date.parse(`${plan.start ?? mondayOf(today, -index)}T00:00:00Z`) - 14 * dayMs);
    const createdAt = created > today ? today : created;
    const days =
      plan.start && plan.end
        ? expandTimeOffDays({
            start: plan.start,
            end: plan.end,
            parts: plan.morningEnd ? [{ date: plan.end, part: 'morning' }] : [],
            schedule: defaultHrSettings.work_week,
            holidays: company,
          })
        : [];
    const decided = plan.status !== 'pending';
    const [request] = await tx
      .insert(hrRequests)
      .values({
        userId,
        categoryId: kind.id,
        status: plan.status,
        stage: plan.stage ?? (kind.approval === 'hr' ? 'hr' : 'manager'),
        reason: plan.reason ?? null,
        bank: plan.bank ?? null,
        startDate: plan.start ?? (plan.details?.effective_date as string | undefined) ?? null,
        endDate: plan.end ?? (plan.details?.effective_date as string | undefined) ?? null,
        totalHours: totalDayHours(days).toFixed(2),
        details: plan.details ?? null,
        note: plan.note ?? '',
        createdBy: userId,
        createdAt,
        updatedAt: createdAt,
        stageSince: createdAt,
        decidedBy: decided && plan.status !== 'cancelled' ? decidedBy : null,
        decidedAt: decided ? new Date(createdAt.getTime() + 2 * dayMs) : null,
        version: decided ? 2 : 1,
      })
      .returning();
    if (days.length > 0) {
      await tx.insert(hrRequestDays).values(
        days.map((day) => ({
          requestId: request.id,
          userId,
          date: day.date,
          hours: day.hours.toFixed(2),
          bank: plan.bank ?? 'lump_sum',
          part: day.part,
          scheduledHours: day.scheduled_hours.toFixed(2),
          holiday: day.holiday,
        })),
      );
    }
    const events: (typeof hrRequestEvents.$inferInsert)[] = [
      { requestId: request.id, actorId: userId, action: 'submitted', createdAt },
    ];
    const at = new Date(createdAt.getTime() + 2 * dayMs);
    if (plan.status === 'approved' || plan.status === 'completed') {
      events.push({ requestId: request.id, actorId: decidedBy, action: 'approved', createdAt: at });
    }
    if (plan.status === 'completed') {
      events.push({
        requestId: request.id,
        actorId: decidedBy,
        action: 'completed',
        comment: plan.comment,
        createdAt: at,
      });
    }
    if (plan.status === 'denied') {
      events.push({
        requestId: request.id,
        actorId: decidedBy,
        action: 'denied',
        comment: plan.comment,
        createdAt: at,
      });
    }
    if (plan.status === 'cancelled') {
      events.push({ requestId: request.id, actorId: decidedBy, action: 'approved', createdAt: at });
      events.push({
        requestId: request.id,
        actorId: userId,
        action: 'cancelled',
        comment: plan.comment,
        createdAt: at,
      });
    }
    if (plan.status === 'pending' && plan.stage === 'hr' && kind.approval === 'manager_then_hr') {
      events.push({ requestId: request.id, actorId: managerId, action: 'approved', createdAt: at });
    }
    await tx.insert(hrRequestEvents).values(events);
    const bank = plan.bank ? ptoBankOfRequestBank(plan.bank) : null;
    if (plan.status === 'approved' && bank) {
      const worked = days.filter((day) => day.hours > 0);
      if (worked.length > 0) {
        await tx.insert(ptoUsedHours).values(
          worked.map((day) => ({
            userId,
            date: day.date,
            hours: day.hours.toFixed(2),
            bank,
            note: `HR request #${request.id}`,
            requestId: request.id,
            createdBy: decidedBy,
          })),
        );
      }
    }
  }
}
