import { slotsBetween, type TechTask } from '@switchboard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { companies } from '../companies/companies.table.ts';
import { projectSlots } from '../projects/project-steps.table.ts';
import { techEvents } from './tech-resources.table.ts';

// Demo tech resources (issue 19 part 10): today's board (UTC day) for the demo technicians: a frontline morning or
// afternoon and on-site project work at a client, leaving free the half hours their projects already reserve.
// Idempotent: a slot a technician already holds that day is left as it is.

const shifts: { from: string; to: string; task: TechTask; withCompany: boolean }[][] = [
  [
    { from: '08:00', to: '12:00', task: 'Frontline', withCompany: false },
    { from: '13:00', to: '16:00', task: 'Projects', withCompany: true },
  ],
  [
    { from: '09:00', to: '11:30', task: 'Projects', withCompany: true },
    { from: '12:30', to: '17:00', task: 'Frontline', withCompany: false },
  ],
  [
    { from: '07:30', to: '10:00', task: 'Frontline', withCompany: true },
    { from: '14:00', to: '18:00', task: 'Frontline', withCompany: false },
  ],
];

export async function seedTechResourcesDemo(tx: Transaction, companyNames: string[], technicianIds: number[]) {
  if (technicianIds.length === 0) return;
  const day = new Date().toISOString().slice(0, 10);
  const companyRows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.name, companyNames))
    .orderBy(asc(companies.id));
  const reserved = await tx
    .select({ userId: projectSlots.employeeId, start: projectSlots.startTime, end: projectSlots.endTime })
    .from(projectSlots)
    .where(and(inArray(projectSlots.employeeId, technicianIds), eq(projectSlots.startDate, day)));
  const rows = technicianIds.flatMap((userId, index) => {
    const taken = new Set(
      reserved.filter((slot) => slot.userId === userId).flatMap((slot) => slotsBetween(slot.start, slot.end)),
    );
    const company = companyRows.length > 0 ? companyRows[index % companyRows.length]!.id : null;
    return shifts[index % shifts.length]!.flatMap((shift) =>
      slotsBetween(shift.from, shift.to)
        .filter((slot) => !taken.has(slot))
        .map((slot) => ({ userId, day, slot, task: shift.task, companyId: shift.withCompany ? company : null })),
    );
  });
  if (rows.length > 0) await tx.insert(techEvents).values(rows).onConflictDoNothing();
}
