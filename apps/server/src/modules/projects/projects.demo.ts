import {
  projectSteps,
  STEP_CLOSED,
  STEP_OPEN,
  stepStatusLabels,
  TICKET_STATUS_CLOSED,
  TICKET_STATUS_OPEN,
  TICKET_TYPE_REMOTE,
  TRIAGE_MEDIUM,
} from '@switchboard/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../db/client.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { ticketEvents, tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import {
  laborSteps,
  laborSubSteps,
  projectDates,
  projectSlots,
  projectTemplates,
  templateSteps,
  templateTasks,
} from './project-steps.table.ts';
import { projects } from './projects.table.ts';
import { stepOwner } from './projects.service.ts';

// Demo projects (issue 18 part 14): thirty over the demo companies, spread over every step (the first k steps closed,
// the last ones complete), with labor estimates, dates, slots and project time, so the list, its step filter and the
// detail's panels have something real to show. Runs once: nothing is added when a project exists.

const titles = [
  'Office move to the new suite',
  'Server room refresh',
  'Firewall replacement',
  'Wi-Fi survey and new access points',
  'Microsoft 365 migration',
  'Laptop refresh for the front office',
  'Phone system cut-over',
  'Backup appliance install',
  'Conference room AV upgrade',
  'Network cabling for the new wing',
] as const;

const estimate = [
  { title: 'Site survey', min: '1.00', max: '2.00', tasks: ['Walk the site', 'Photograph the closets'] },
  { title: 'Install and configure', min: '4.00', max: '6.50', tasks: ['Rack and power', 'Configure', 'Label'] },
  { title: 'Test and hand over', min: '1.00', max: '1.50', tasks: ['Test with staff', 'Walk-through'] },
];

// Goals and notes are plain text (a textarea, shown as text; decision 0060): an earlier seed wrote them as HTML.
const demoGoals = 'Staff work as usual the next morning, with nothing left to finish.';
const demoNotes = 'Parking is behind the building; the office manager has the closet keys.';

// Labor templates a coordinator imports into an estimate (spec 3 §2 Labor Estimate, §3 Template).
const demoTemplates = [
  {
    name: 'Office move',
    steps: [
      {
        title: 'Pre-move survey',
        min: '1.00',
        max: '2.00',
        tasks: ['Inventory workstations, printers and phones', 'Photograph the network closet', 'Confirm the ISP date'],
      },
      {
        title: 'Disconnect and pack',
        min: '2.00',
        max: '4.00',
        tasks: ['Label every device and cable', 'Shut down and pack the server rack', 'Back up the server'],
      },
      {
        title: 'Reconnect at the new site',
        min: '4.00',
        max: '8.00',
        tasks: ['Rack and power the network gear', 'Patch the desks', 'Set up workstations and phones'],
      },
      {
        title: 'Post-move testing',
        min: '1.00',
        max: '2.00',
        tasks: ['Test every desk with its user', 'Print a test page on each printer', 'Walk through with the manager'],
      },
    ],
  },
  {
    name: 'Firewall replacement',
    steps: [
      {
        title: 'Plan the cut-over',
        min: '1.00',
        max: '1.50',
        tasks: ['Export the old rules and VPNs', 'Agree the maintenance window with the client'],
      },
      {
        title: 'Stage and configure',
        min: '2.00',
        max: '3.00',
        tasks: ['Update the firmware', 'Rebuild rules, NAT and VPNs', 'Register the licences'],
      },
      {
        title: 'Cut-over',
        min: '1.00',
        max: '2.00',
        tasks: ['Swap the units', 'Bring up the VPN tunnels', 'Check inbound services'],
      },
      { title: 'Verify and document', min: '0.50', max: '1.00', tasks: ['Update the network diagram'] },
    ],
  },
  {
    name: 'Workstation refresh (10 PCs)',
    steps: [
      {
        title: 'Image and stage',
        min: '3.00',
        max: '5.00',
        tasks: ['Apply the standard image', 'Install line-of-business software', 'Join the domain and enrol'],
      },
      {
        title: 'Migrate user data',
        min: '2.00',
        max: '4.00',
        tasks: ['Copy profiles and browser bookmarks', 'Reconnect mapped drives and printers'],
      },
      {
        title: 'Deploy and test',
        min: '2.00',
        max: '3.00',
        tasks: ['Swap the machines at the desks', 'Sign in with each user'],
      },
      {
        title: 'Retire the old machines',
        min: '0.50',
        max: '1.00',
        tasks: ['Wipe the drives', 'Record the serial numbers for disposal'],
      },
    ],
  },
] as const;

/** The demo's labor templates, once: nothing is added when a template exists. */
async function seedDemoTemplates(tx: Transaction, createdBy: number | null) {
  if ((await tx.$count(projectTemplates)) > 0) return;
  for (const template of demoTemplates) {
    const [row] = await tx
      .insert(projectTemplates)
      .values({ templateName: template.name, createdBy })
      .returning({ id: projectTemplates.id });
    const steps = await tx
      .insert(templateSteps)
      .values(
        template.steps.map((step, position) => ({
          templateId: row!.id,
          position,
          title: step.title,
          minHours: step.min,
          maxHours: step.max,
        })),
      )
      .returning({ id: templateSteps.id, position: templateSteps.position });
    await tx
      .insert(templateTasks)
      .values(
        steps.flatMap((step) =>
          template.steps[step.position]!.tasks.map((title, position) => ({ templateStepId: step.id, position, title })),
        ),
      );
  }
}

const day = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function seedDemoProjects(tx: Transaction, companyNames: string[], technicianIds: number[]) {
  await seedDemoTemplates(tx, technicianIds[0] ?? null);
  // Projects an earlier seed made hold their goals and notes as HTML, which the pages show as text.
  await tx
    .update(projects)
    .set({ goals: demoGoals })
    .where(eq(projects.goals, `<p>${demoGoals}</p>`));
  await tx
    .update(projects)
    .set({ notes: demoNotes })
    .where(eq(projects.notes, `<p>${demoNotes}</p>`));
  if (technicianIds.length === 0 || (await tx.$count(projects)) > 0) return;
  const staffNames = new Map(
    (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, technicianIds))).map(
      (user) => [user.id, user.name],
    ),
  );
  const companyRows = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(inArray(companies.name, companyNames.slice(0, 10)))
    .orderBy(asc(companies.id));
  if (companyRows.length === 0) return;
  const now = Date.now();
  for (let index = 0; index < 30; index += 1) {
    const companyId = companyRows[index % companyRows.length]!.id;
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.companyId, companyId)).limit(1);
    const [contact] = await tx
      .select({ id: clientAccounts.userId })
      .from(clientAccounts)
      .where(eq(clientAccounts.companyId, companyId))
      .limit(1);
    const staff = (offset: number) => technicianIds[(index + offset) % technicianIds.length]!;
    const people = {
      coordinator_id: staff(0),
      planner_id: index % 5 === 4 ? null : staff(1),
      researcher_id: index % 3 === 0 ? null : staff(2),
      quoter_id: index % 3 === 0 ? null : staff(3),
    };
    // Steps before `reached` are closed; 12 means every step is (a completed project).
    const reached = index % 13;
    const createdAt = new Date(now - (60 - index) * day);
    const [project] = await tx
      .insert(projects)
      .values({
        title: titles[index % titles.length]!,
        companyId,
        siteId: site?.id ?? null,
        clientUserId: contact?.id ?? null,
        coordinatorId: people.coordinator_id,
        plannerId: people.planner_id,
        researcherId: people.researcher_id,
        quoterId: people.quoter_id,
        laborRequired: people.planner_id === null ? 1 : 0,
        procurementRequired: people.researcher_id === null ? 1 : 0,
        verballyApproved: index % 4 === 0 ? 1 : 0,
        goals: demoGoals,
        notes: demoNotes,
        createdAt,
        completedAt: reached === 12 ? new Date(now - index * day) : null,
        completedBy: reached === 12 ? people.coordinator_id : null,
      })
      .returning({ id: projects.id });
    const projectId = project!.id;
    const steps = await tx
      .insert(tickets)
      .values(
        projectSteps.map((subject, order) => ({
          subject,
          body: '',
          companyId,
          siteId: site?.id ?? null,
          clientId: contact?.id ?? null,
          employeeId: stepOwner(order, people),
          location: TICKET_TYPE_REMOTE,
          triageId: TRIAGE_MEDIUM,
          status: order < reached ? TICKET_STATUS_CLOSED : TICKET_STATUS_OPEN,
          projectId,
          projectOrder: order,
          createdAt,
        })),
      )
      .returning({ id: tickets.id, order: tickets.projectOrder, employeeId: tickets.employeeId });
    // An hour and a half of project time on each closed step.
    const closed = steps.filter((step) => (step.order ?? 0) < reached);
    // Each closed step was closed by its owner (or the coordinator) the day after its work: the card names them.
    if (closed.length > 0)
      await tx.insert(ticketEvents).values(
        closed.map((step) => {
          const by = step.employeeId ?? people.coordinator_id;
          return {
            ticketId: step.id,
            addBy: by,
            lingo: `${staffNames.get(by) ?? 'Staff'} closed the step`,
            change: 'status',
            previousData: stepStatusLabels[STEP_OPEN],
            newData: stepStatusLabels[STEP_CLOSED],
            createdAt: new Date(createdAt.getTime() + ((step.order ?? 0) * 2 + 1) * day),
          };
        }),
      );
    if (closed.length > 0)
      await tx.insert(checkIns).values(
        closed.map((step) => {
          const start = createdAt.getTime() + (step.order ?? 0) * 2 * day + 9 * 3_600_000;
          return {
            userId: step.employeeId ?? people.coordinator_id,
            companyId,
            ticketId: step.id,
            projectId,
            startTime: new Date(start),
            endTime: new Date(start + 1.5 * 3_600_000),
          };
        }),
      );
    if (reached > 1)
      await tx.insert(projectDates).values({ projectId, kind: 'placeholder', startDate: isoDay(now + 90 * day) });
    if (reached > 3)
      await tx.insert(projectDates).values({ projectId, kind: 'pending', startDate: isoDay(now + 60 * day) });
    if (reached > 2) {
      for (const [position, step] of estimate.entries()) {
        const [labor] = await tx
          .insert(laborSteps)
          .values({
            projectId,
            position,
            title: step.title,
            minHours: step.min,
            maxHours: step.max,
            status: reached > 10 ? 1 : 0,
          })
          .returning({ id: laborSteps.id });
        await tx
          .insert(laborSubSteps)
          .values(step.tasks.map((title, order) => ({ laborStepId: labor!.id, position: order, title })));
      }
    }
    if (reached > 9)
      await tx.insert(projectSlots).values([
        {
          projectId,
          startDate: isoDay(now + (index + 3) * day),
          startTime: '08:00',
          endTime: '12:00',
          employeeId: staff(0),
        },
        {
          projectId,
          startDate: isoDay(now + (index + 3) * day),
          startTime: '13:00',
          endTime: '17:00',
          employeeId: staff(1),
        },
      ]);
  }
}
