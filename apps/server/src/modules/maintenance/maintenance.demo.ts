import {
  ANSWER_NA,
  ANSWER_NO,
  ANSWER_YES,
  MAINTENANCE_LOCATION,
  MAINTENANCE_TRIAGE_ID,
  TICKET_STATUS_CLOSED,
  TICKET_STATUS_OPEN,
  analysisQuestions,
  baselineQuestionIds,
  maintenanceTicketSubject,
} from '@switchboard/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { companies } from '../companies/companies.table.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { ticketDevices, tickets } from '../tickets/tickets.table.ts';
import {
  analysisAnswers,
  baselineAnswers,
  baselineChecklists,
  exchangeAnalyses,
  maintenanceNotes,
  maintenanceTickets,
  serverAnalyses,
} from './maintenance.table.ts';

/** The twelve months up to this one, oldest first. */
function lastTwelveMonths(now: Date) {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return Array.from({ length: 12 }, (_, index) => {
    const value = current - 11 + index;
    return { month: (value % 12) + 1, year: Math.floor(value / 12), current: index === 11 };
  });
}

/**
 * Issue 19 part 10: a year of monthly maintenance for the demo companies' scheduled servers. Past months are done
 * (ticket closed, baseline and analysis saved, an exchange analysis every third month) except the previous month of
 * every third server, left open; this month is pending (open ticket, the baseline on every other server). Idempotent:
 * a server's month that has its ticket is left as it is.
 */
export async function seedMaintenanceDemo(
  tx: Transaction,
  companyNames: string[],
  technicianIds: number[],
  now = new Date(),
): Promise<void> {
  if (companyNames.length === 0) return;
  const servers = await tx
    .select({ id: devices.id, companyId: devices.companyId, siteId: devices.siteId, name: devices.name })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(and(eq(devices.type, 'servers'), eq(devices.scheduledMaintenance, 1), inArray(companies.name, companyNames)))
    .orderBy(asc(devices.id));
  if (servers.length === 0) return;
  const serverIds = servers.map((server) => server.id);
  const existing = new Set(
    (
      await tx
        .select({
          serverId: maintenanceTickets.serverId,
          month: maintenanceTickets.month,
          year: maintenanceTickets.year,
        })
        .from(maintenanceTickets)
        .where(inArray(maintenanceTickets.serverId, serverIds))
    ).map((row) => `${row.serverId}:${row.year}:${row.month}`),
  );
  const drives = await tx
    .select({
      id: serverDrives.id,
      deviceId: serverDrives.deviceId,
      letter: serverDrives.letter,
      size: serverDrives.size,
    })
    .from(serverDrives)
    .where(inArray(serverDrives.deviceId, serverIds))
    .orderBy(asc(serverDrives.letter));

  const due = servers.flatMap((server, serverIndex) =>
    lastTwelveMonths(now)
      .filter(({ month, year }) => !existing.has(`${server.id}:${year}:${month}`))
      .map((when, monthIndex) => {
        const lateLastMonth = monthIndex === 10 && serverIndex % 3 === 0;
        const done = !when.current && !lateLastMonth;
        return {
          server,
          serverIndex,
          ...when,
          done,
          baseline: done || lateLastMonth || serverIndex % 2 === 0,
          analysis: done || lateLastMonth,
          exchange: done && when.month % 3 === 0,
        };
      }),
  );
  if (due.length === 0) return;

  const technician = (index: number) => (technicianIds.length ? technicianIds[index % technicianIds.length]! : null);
  const createdAtOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 14));
  const opened = await tx
    .insert(tickets)
    .values(
      due.map((item) => ({
        subject: maintenanceTicketSubject(item.server.name, item.month, item.year),
        body: '',
        companyId: item.server.companyId,
        siteId: item.server.siteId,
        serverId: item.server.id,
        employeeId: technician(item.serverIndex),
        location: MAINTENANCE_LOCATION,
        triageId: MAINTENANCE_TRIAGE_ID,
        status: item.done ? TICKET_STATUS_CLOSED : TICKET_STATUS_OPEN,
        createdAt: createdAtOf(item.year, item.month, 1),
        updatedAt: createdAtOf(item.year, item.month, item.done ? 8 : 1),
      })),
    )
    .returning({ id: tickets.id });
  const withTickets = due.map((item, index) => ({ ...item, ticketId: opened[index]!.id }));
  await tx.insert(maintenanceTickets).values(
    withTickets.map((item) => ({
      serverId: item.server.id,
      month: item.month,
      year: item.year,
      ticketId: item.ticketId,
    })),
  );
  await tx
    .insert(ticketDevices)
    .values(withTickets.map((item) => ({ ticketId: item.ticketId, deviceId: item.server.id })));

  const header = (item: (typeof withTickets)[number]) => ({
    companyId: item.server.companyId,
    siteId: item.server.siteId,
    serverId: item.server.id,
    month: item.month,
    year: item.year,
    ticketId: item.ticketId,
    createdBy: technician(item.serverIndex),
    createdAt: createdAtOf(item.year, item.month, 5),
  });

  const baselineDue = withTickets.filter((item) => item.baseline);
  if (baselineDue.length) {
    const checklists = await tx
      .insert(baselineChecklists)
      .values(baselineDue.map(header))
      .returning({ id: baselineChecklists.id });
    await tx.insert(baselineAnswers).values(
      checklists.flatMap(({ id }, index) =>
        baselineQuestionIds.map((questionId) => {
          // Event Log Review (12-17): Yes means a finding; one a quarter, the rest clean.
          const finding = questionId >= 12 && questionId <= 17 && (index + questionId) % 17 === 0;
          const answer =
            questionId === 7 && index % 4 === 0
              ? ANSWER_NA
              : questionId >= 12 && questionId <= 17
                ? finding
                  ? ANSWER_YES
                  : ANSWER_NO
                : ANSWER_YES;
          return {
            checklistId: id,
            questionId,
            answer,
            notes: answer === ANSWER_NA ? 'N/A' : finding ? 'Finding ticketed separately.' : 'Checked, no issues.',
          };
        }),
      ),
    );
  }

  const analysisDue = withTickets.filter((item) => item.analysis);
  if (analysisDue.length) {
    const analyses = await tx
      .insert(serverAnalyses)
      .values(analysisDue.map(header))
      .returning({ id: serverAnalyses.id });
    await tx.insert(analysisAnswers).values(
      analyses.flatMap(({ id }, index) => {
        const item = analysisDue[index]!;
        const backupDay = Math.floor(Date.UTC(item.year, item.month - 1, 4) / 1000);
        const answers = analysisQuestions.map((question) => ({
          analysisId: id,
          questionId: question.id,
          answer: question.kind === 'days' ? 3 + (index % 27) : question.kind === 'date' ? backupDay : ANSWER_YES,
          notes: question.kind === 'date' ? 'Backup job succeeded.' : 'Checked.',
        }));
        const rows = drives
          .filter((drive) => drive.deviceId === item.server.id)
          .map((drive, driveIndex) => ({
            analysisId: id,
            questionId: 20 + driveIndex,
            answer: Math.round(drive.size * (0.35 + ((index + driveIndex) % 5) * 0.08)),
            notes: 'Within limits.',
            driveId: drive.id,
            letter: drive.letter,
            size: drive.size,
          }));
        return [...answers, ...rows];
      }),
    );
  }

  const exchangeDue = withTickets.filter((item) => item.exchange);
  if (exchangeDue.length)
    await tx.insert(exchangeAnalyses).values(
      exchangeDue.map((item) => ({
        ...header(item),
        resolution: '<p>Mail queues empty, databases mounted, certificates valid for more than 60 days.</p>',
        notes: '<p>Checked message tracking for delivery failures: none.</p>',
      })),
    );

  // The notes flow (decision 0062): every other finished month left a note for the next technician.
  const notesDue = withTickets.filter((item) => item.done && item.month % 2 === 0);
  if (notesDue.length)
    await tx.insert(maintenanceNotes).values(
      notesDue.map((item, index) => ({
        ...header(item),
        notes: demoNotes[(item.serverIndex + index) % demoNotes.length]!,
        updatedBy: technician(item.serverIndex),
        updatedAt: createdAtOf(item.year, item.month, 8),
      })),
    );
}

const demoNotes = [
  '<p>UPS self-test passed; battery at 84%. Check again next month.</p>',
  '<p>Fan 2 louder than usual. Ordered a replacement, see the ticket.</p>',
  '<p>Windows updates needed two reboots. Schedule the next window after 20:00.</p>',
  '<p>Event log: repeated logon failures from one workstation; user had an old password saved.</p>',
];
