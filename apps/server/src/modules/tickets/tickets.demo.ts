import { DEPARTMENT_TECH, TICKET_STATUS_CLOSED } from '@switchboard/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { sites } from '../companies/companies.table.ts';
import { employeeDepartments } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { ticketEvents, ticketTodos, tickets } from './tickets.table.ts';
import { ticketNoteName } from '../notes/note-kinds.ts';
import { noteRevisions } from '../notes/notes.table.ts';

// Demo tickets (issue 7): about a dozen per demo company over the last three months, with notes, to-dos, events
// and check-ins, so the queue, the company counters and the monthly usage have something real to show. Added
// only while the company has no tickets; fixed values per company, so every run looks the same.

const problems = [
  [
    'Outlook keeps asking for a password',
    'Since this morning Outlook prompts for credentials every few minutes on two laptops.',
  ],
  ['Scanner will not send to e-mail', 'The front desk scanner fails with an SMTP authentication error.'],
  [
    'New hire laptop setup',
    'Please prepare a laptop, accounts and a phone extension for a new employee starting Monday.',
  ],
  ['VPN disconnects every hour', 'Remote staff lose the VPN connection roughly every hour and must reconnect.'],
  ['Printer shows offline', 'The second-floor printer shows offline for everyone.'],
  ['Shared drive is slow', 'Opening files on the S: drive takes over a minute.'],
  ['Password reset for the billing portal', 'The office manager is locked out of the vendor billing portal.'],
  ['Wi-Fi drops in the conference room', 'Laptops lose Wi-Fi during meetings in the large conference room.'],
  ['Backup job failed', 'Last night the server backup reported a failure on the D: volume.'],
  ['Phishing e-mail reported', 'A staff member clicked a link in a suspicious e-mail; please check the account.'],
  ['Teams audio echo', 'Remote participants hear an echo from the conference room speakerphone.'],
  [
    'License renewal for the accounting software',
    'The accounting software warns that the license expires in two weeks.',
  ],
  ['Monitor flickering', 'An external monitor flickers when the laptop is docked.'],
  ['Add a user to the shared mailbox', 'Please give the new receptionist access to the info@ mailbox.'],
] as const;

const day = 86_400_000;

export async function seedDemoTickets(
  tx: Transaction,
  companyId: number,
  companyIndex: number,
  technicianIds: number[],
): Promise<void> {
  const helpdesk = and(eq(tickets.companyId, companyId), isNull(tickets.projectId));
  if (technicianIds.length === 0 || (await tx.$count(tickets, helpdesk)) > 0) return;
  const siteRows = await tx.select({ id: sites.id }).from(sites).where(eq(sites.companyId, companyId));
  const clients = await tx
    .select({ id: clientAccounts.userId })
    .from(clientAccounts)
    .innerJoin(users, eq(users.id, clientAccounts.userId))
    .where(and(eq(clientAccounts.companyId, companyId), isNull(users.deletedAt)));
  const count = 8 + (companyIndex % 7);
  const now = Date.now();
  const values = Array.from({ length: count }, (_, n) => {
    const [subject, body] = problems[(companyIndex * 5 + n) % problems.length]!;
    const created = new Date(now - ((n * 7 + companyIndex * 3) % 90) * day - n * 3_600_000);
    // Older tickets are mostly closed; recent ones open or in progress.
    const age = (now - created.getTime()) / day;
    const client = clients.length ? clients[n % clients.length]!.id : null;
    const status = age > 20 && client !== null && n % 4 !== 0 ? TICKET_STATUS_CLOSED : [2, 3, 4, 6][n % 4]!;
    return {
      subject,
      body,
      companyId,
      siteId: siteRows.length ? siteRows[n % siteRows.length]!.id : null,
      clientId: client,
      employeeId: technicianIds[(companyIndex + n) % technicianIds.length]!,
      location: 1 + (n % 3),
      triageId: 1 + ((n + companyIndex) % 4),
      status,
      escalated: n % 11 === 5,
      escTech: n % 11 === 5 ? technicianIds[(companyIndex + n + 1) % technicianIds.length]! : null,
      notes:
        status === TICKET_STATUS_CLOSED ? 'Worked with the user; confirmed fixed.' : 'Gathering details from the user.',
      resolution: status === TICKET_STATUS_CLOSED ? 'Resolved and confirmed with the client.' : '',
      createdAt: created,
      updatedAt: new Date(Math.min(now, created.getTime() + 2 * day)),
    };
  });
  const inserted = await tx.insert(tickets).values(values).returning({
    id: tickets.id,
    employeeId: tickets.employeeId,
    createdAt: tickets.createdAt,
    status: tickets.status,
  });
  // The notes' history (issue 17 part 5): what the technician first wrote, then the closing notes.
  const hour = 3_600_000;
  const notAfterNow = (time: number) => new Date(Math.min(Date.now(), time));
  await tx.insert(noteRevisions).values(
    inserted.flatMap((ticket) => {
      const first = {
        note: ticketNoteName(ticket.id),
        notes: 'Gathering details from the user.',
        createdBy: ticket.employeeId,
        createdAt: notAfterNow(ticket.createdAt.getTime() + hour),
      };
      if (ticket.status !== TICKET_STATUS_CLOSED) return [first];
      const closing = { ...first, notes: 'Worked with the user; confirmed fixed.' };
      return [first, { ...closing, createdAt: notAfterNow(ticket.createdAt.getTime() + 26 * hour) }];
    }),
  );
  await tx.insert(ticketEvents).values(
    inserted.map((ticket) => ({
      ticketId: ticket.id,
      addBy: ticket.employeeId,
      lingo: 'Ticket created from a client call',
      createdAt: ticket.createdAt,
    })),
  );
  await tx.insert(ticketTodos).values(
    inserted.map((ticket, n) => ({
      ticketId: ticket.id,
      description: n % 2 ? 'Confirm the fix with the user' : 'Check the event logs',
      completed: ticket.status === TICKET_STATUS_CLOSED ? 1 : 0,
      createdBy: ticket.employeeId,
    })),
  );
  // One or two finished check-ins per ticket, on the day after it was opened; every fifth is non-billable.
  const sessions = inserted.flatMap((ticket, n) =>
    Array.from({ length: 1 + (n % 2) }, (_, k) => {
      const start = new Date(ticket.createdAt.getTime() + (k + 1) * 20 * 3_600_000);
      const minutes = 30 + ((n * 17 + k * 23) % 6) * 15;
      return {
        userId: ticket.employeeId!,
        companyId,
        ticketId: ticket.id,
        startTime: start,
        endTime: new Date(Math.min(now - 60_000, start.getTime() + minutes * 60_000)),
        billable: n % 5 === 0 ? 1 : 0,
      };
    }).filter((row) => row.startTime.getTime() < now - 120_000),
  );
  if (sessions.length) await tx.insert(checkIns).values(sessions);
}

/** The demo technicians: employees with one of the given e-mails in the tech department (not sales, HR or billing). */
export async function demoTechnicianIds(tx: Transaction, emails: readonly string[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(employeeDepartments, eq(employeeDepartments.userId, users.id))
    .where(and(eq(employeeDepartments.departmentId, DEPARTMENT_TECH), inArray(users.email, [...emails])))
    .orderBy(users.id);
  return rows.map((row) => row.id);
}
