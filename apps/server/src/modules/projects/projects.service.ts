import {
  PROJECT_STEP_COUNT,
  projectFieldMessages,
  projectSteps,
  readStepFilter,
  stepStatusOf,
  TICKET_STATUS_CLOSED,
  TICKET_STATUS_OPEN,
  TICKET_TYPE_REMOTE,
  TRIAGE_MEDIUM,
  type CheckIn,
  type ProjectDetail,
  type ProjectInput,
  type ProjectListQuery,
  type ProjectRow,
  type UserType,
} from '@switchboard/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { pageOffset, toPage, type Page } from '../../db/paginate.ts';
import { preparedStatement, rawStatement, runRawStatement } from '../../db/prepared.ts';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { recordRevision } from '../documents/documents.service.ts';
import { clientCompanyOf } from '../clients/clients.service.ts';
import { clientAccounts } from '../clients/clients.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { listFlags } from '../flags/flags.service.ts';
import { ticketEvents, tickets } from '../tickets/tickets.table.ts';
import { users } from '../users/users.table.ts';
import { loadProjectPanels } from './project-panels.service.ts';
import { projects } from './projects.table.ts';

// Projects (spec 3 §2, §3, §7; decision 0044): a project and its twelve step tickets, written in one transaction.

export interface ProjectActor {
  id: number;
  type: UserType;
  name: string;
}

const staffRoles = ['coordinator_id', 'planner_id', 'researcher_id', 'quoter_id'] as const;

/** The company, site, point of contact and staff of the form exist and fit together; 422 naming each field else. */
async function assertProjectReferences(db: DbOrTransaction, input: ProjectInput): Promise<void> {
  const staffIds = staffRoles.map((role) => input[role]).filter((id): id is number => id !== null);
  const [company, site, account, staff] = await Promise.all([
    db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id)),
    input.site_id === null
      ? []
      : db.select({ companyId: sites.companyId }).from(sites).where(eq(sites.id, input.site_id)),
    input.client_user_id === null
      ? []
      : db
          .select({ companyId: clientAccounts.companyId })
          .from(clientAccounts)
          .innerJoin(users, eq(users.id, clientAccounts.userId))
          .where(and(eq(clientAccounts.userId, input.client_user_id), isNull(users.deletedAt))),
    staffIds.length === 0
      ? []
      : db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, staffIds), eq(users.type, 'Employee'), isNull(users.deletedAt))),
  ]);
  const errors: FieldErrors = {};
  if (company.length === 0) errors.company_id = [projectFieldMessages.company_id];
  if (input.site_id !== null && site[0]?.companyId !== input.company_id)
    errors.site_id = [projectFieldMessages.site_id];
  if (input.client_user_id !== null && account[0]?.companyId !== input.company_id)
    errors.client_user_id = [projectFieldMessages.client_user_id];
  const employees = new Set(staff.map((person) => person.id));
  for (const role of staffRoles) {
    const id = input[role];
    if (id !== null && !employees.has(id)) errors[role] = [projectFieldMessages[role]];
  }
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
}

/**
 * Who works each step ticket (decision 0044): the planner the labor estimate, the researcher the product
 * requirements, the quoter the quotes, the coordinator every other step (and those when nobody else is named).
 */
export function stepOwner(order: number, input: Pick<ProjectInput, (typeof staffRoles)[number]>): number | null {
  const owner =
    order === 2 ? input.planner_id : order === 4 ? input.researcher_id : order === 5 ? input.quoter_id : null;
  return owner ?? input.coordinator_id;
}

function projectValues(input: ProjectInput) {
  return {
    title: input.title,
    companyId: input.company_id,
    siteId: input.site_id,
    clientUserId: input.client_user_id,
    coordinatorId: input.coordinator_id,
    plannerId: input.planner_id,
    researcherId: input.researcher_id,
    quoterId: input.quoter_id,
    laborRequired: input.labor_required,
    procurementRequired: input.procurement_required,
    verballyApproved: input.verbally_approved,
    notes: input.notes,
    goals: input.goals,
  };
}

/**
 * POST /api/project: the project and its twelve step tickets (project_order 0..11, all open), or nothing; then its
 * overview's revision 00 (a Project_Overview PDF).
 */
export async function createProject(
  db: Db,
  dataDir: string,
  input: ProjectInput,
  actor: ProjectActor,
): Promise<{ id: number }> {
  if (actor.type !== 'Employee') throw forbidden();
  await assertProjectReferences(db, input);
  const created = await db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({ ...projectValues(input), createdBy: actor.id })
      .returning({ id: projects.id });
    const steps = await tx
      .insert(tickets)
      .values(
        projectSteps.map((subject, order) => ({
          subject,
          body: '',
          companyId: input.company_id,
          siteId: input.site_id,
          clientId: input.client_user_id,
          employeeId: stepOwner(order, input),
          location: TICKET_TYPE_REMOTE,
          triageId: TRIAGE_MEDIUM,
          status: TICKET_STATUS_OPEN,
          projectId: project!.id,
          projectOrder: order,
          createdBy: actor.id,
        })),
      )
      .returning({ id: tickets.id });
    await tx
      .insert(ticketEvents)
      .values(
        steps.map((step) => ({ ticketId: step.id, addBy: actor.id, lingo: `${actor.name} created the project` })),
      );
    return { id: project!.id };
  });
  await recordRevision(db, dataDir, 'Project_Overview', created.id, actor.id);
  return created;
}

/**
 * PUT /api/project/{id}: the project's fields. Its step tickets follow the company, site, contact and the staff of
 * their open steps, and so does the time checked in on them (usage follows the project, as it follows a ticket). A
 * change of what the overview shows makes its next revision.
 */
export async function updateProject(
  db: Db,
  dataDir: string,
  id: number,
  input: ProjectInput,
  actor: ProjectActor,
): Promise<void> {
  if (actor.type !== 'Employee') throw forbidden();
  const [existing] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (!existing) throw notFound();
  await assertProjectReferences(db, input);
  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({ ...projectValues(input), updatedAt: new Date() })
      .where(eq(projects.id, id));
    await tx
      .update(tickets)
      .set({ companyId: input.company_id, siteId: input.site_id, clientId: input.client_user_id })
      .where(eq(tickets.projectId, id));
    for (let order = 0; order < PROJECT_STEP_COUNT; order += 1) {
      const open = and(
        eq(tickets.projectId, id),
        eq(tickets.projectOrder, order),
        sql`${tickets.status} <> ${TICKET_STATUS_CLOSED}`,
      );
      await tx
        .update(tickets)
        .set({ employeeId: stepOwner(order, input) })
        .where(open);
    }
    await tx.update(checkIns).set({ companyId: input.company_id }).where(eq(checkIns.projectId, id));
  });
  await recordRevision(db, dataDir, 'Project_Overview', id, actor.id);
}

/** The company a client account may see projects of (404 for an account without one); null for staff. */
async function companyScope(db: DbOrTransaction, actor: ProjectActor): Promise<number | null> {
  if (actor.type === 'Employee') return null;
  const companyId = await clientCompanyOf(db, actor.id);
  if (companyId === null) throw notFound();
  return companyId;
}

const iso = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
// The step the project is on: its open step ticket of the lowest project_order (tickets_project_order_idx).
const currentStepSql = sql`(select t.id, t.subject, t.project_order, t.employee_id from tickets t
  where t.project_id = p.id and t.status <> ${TICKET_STATUS_CLOSED} order by t.project_order limit 1)`;
// Billable time checked in on the project (check_ins_project_start_idx): billed_time in hours, the last check-out.
const billedSql = sql`(select coalesce(sum(extract(epoch from (c.end_time - c.start_time))) / 3600, 0) as hours,
  max(c.end_time) as last_end from check_ins c where c.project_id = p.id and c.end_time is not null and c.billable = 0)`;

interface ProjectListRow extends Record<string, unknown> {
  id: number;
  title: string;
  company_id: number;
  company_name: string;
  site_id: number | null;
  site_name: string | null;
  step_id: number | null;
  step_subject: string | null;
  step_order: number | null;
  step_employee_id: number | null;
  tech_name: string | null;
  billed_hours: string;
  last_end: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * GET /api/project: newest first, filtered as spec 3 §2 lists; client accounts see their own company's only. The page's
 * ids are found first, then only those rows get their names, step and billed hours; the count is a second statement
 * over the same filter.
 */
export async function listProjects(db: Db, query: ProjectListQuery, actor: ProjectActor): Promise<Page<ProjectRow>> {
  const scope = await companyScope(db, actor);
  const staff = scope === null;
  const step = query.step_id === null ? null : readStepFilter(query.step_id);
  const values: Record<string, unknown> = { limit: query.per_page, offset: pageOffset(query) };
  const shape: string[] = [];
  const use = (part: string, value: unknown) => {
    shape.push(part);
    values[part] = value;
  };
  if (scope !== null) use('scope', scope);
  if (query.id !== null) use('id', query.id);
  if (query.title !== null) use('title', `%${escapeLike(query.title)}%`);
  if (query.company_id !== null && staff) use('company_id', query.company_id);
  if (query.site_id !== null) use('site_id', query.site_id);
  if (step?.closed) shape.push('closed');
  else if (step) use('step', step.order);
  if (query.employee_id !== null && staff) use('employee_id', query.employee_id);
  const statement = preparedStatement(db, `projects_page_${shape.join('_')}`, (_db, name) => ({
    name,
    raw: rawStatement(projectPageSql(shape)),
  }));
  const rows = await runRawStatement<ProjectListRow & { total: number }>(db, statement.raw, values, statement.name);
  const total = rows[0]?.total ?? (values.offset === 0 ? 0 : await countProjects(db, shape, values));
  return toPage(
    rows.map((row) => ({
      id: row.id,
      title: row.title,
      company: staff ? { id: row.company_id, name: row.company_name } : null,
      site: row.site_id === null ? null : { id: row.site_id, name: row.site_name ?? '' },
      latest_ticket:
        row.step_id === null
          ? null
          : {
              id: row.step_id,
              subject: row.step_subject ?? '',
              project_order: row.step_order ?? 0,
              employee_id: staff ? row.step_employee_id : null,
            },
      technician:
        staff && row.step_employee_id !== null ? { id: row.step_employee_id, name: row.tech_name ?? '' } : null,
      billed: { billing_date: row.last_end, billed_time: Math.round(Number(row.billed_hours) * 100) / 100 },
      created_at: row.created_at,
      completed_at: row.completed_at,
    })),
    total,
    query,
  );
}

const param = sql.placeholder;

/** The list's filter for one shape, on the values named after its parts. */
function projectWhere(shape: string[]): SQL {
  const has = (part: string) => shape.includes(part);
  const conditions = [
    has('scope') ? sql`p.company_id = ${param('scope')}` : undefined,
    has('id') ? sql`p.id = ${param('id')}` : undefined,
    has('title') ? sql`p.title ilike ${param('title')}` : undefined,
    has('company_id') ? sql`p.company_id = ${param('company_id')}` : undefined,
    has('site_id') ? sql`p.site_id = ${param('site_id')}` : undefined,
    // The step a project is on is kept on the project (projects.current_step), so these filters use an index.
    has('closed') ? sql`p.current_step is null` : undefined,
    has('step') ? sql`p.current_step = ${param('step')}` : undefined,
    has('employee_id')
      ? sql`exists (select 1 from tickets t where t.employee_id = ${param('employee_id')}
          and t.project_id = p.id and t.project_order = p.current_step)`
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  return conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * One page of one filter shape, prepared once per connection (decision 0023): the page's ids first, then only those
 * rows get their names, current step and billed hours; each row carries the filter's count.
 */
function projectPageSql(shape: string[]): SQL {
  return sql`
    with page as (select p.id from projects p where ${projectWhere(shape)}
      order by p.id desc limit ${param('limit')} offset ${param('offset')})
    select p.id, p.title, p.company_id, co.name as company_name, p.site_id, s.name as site_name,
      step.id as step_id, step.subject as step_subject, step.project_order as step_order,
      step.employee_id as step_employee_id, tech.name as tech_name,
      billed.hours::text as billed_hours, ${iso(sql`billed.last_end`)} as last_end,
      ${iso(sql`p.created_at`)} as created_at, ${iso(sql`p.completed_at`)} as completed_at,
      (select count(*)::int from projects p where ${projectWhere(shape)}) as total
    from page join projects p on p.id = page.id
    join companies co on co.id = p.company_id
    left join sites s on s.id = p.site_id
    left join lateral ${currentStepSql} step on true
    left join users tech on tech.id = step.employee_id
    left join lateral ${billedSql} billed on true
    order by p.id desc`;
}

/** A page past the end has no rows to carry the count: count the filter alone. */
async function countProjects(db: Db, shape: string[], values: Record<string, unknown>): Promise<number> {
  const statement = rawStatement(sql`select count(*)::int as total from projects p where ${projectWhere(shape)}`);
  const [row] = await runRawStatement<{ total: number }>(db, statement, values);
  return row?.total ?? 0;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** GET /api/project/{id}: the project, its names, its step tickets in order, the company's flags and its check-ins. */
export async function getProjectDetail(db: Db, id: number, actor: ProjectActor): Promise<ProjectDetail> {
  const scope = await companyScope(db, actor);
  const [project] = await db.select().from(projects).where(eq(projects.id, id));
  if (!project || (scope !== null && project.companyId !== scope)) throw notFound();
  const staff = scope === null;
  const people = [
    project.clientUserId,
    project.coordinatorId,
    project.plannerId,
    project.researcherId,
    project.quoterId,
    project.completedBy,
  ].filter((person): person is number => person !== null);
  const [company, site, named, steps, flags, checkInRows, billed, panels] = await Promise.all([
    db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, project.companyId)),
    project.siteId === null
      ? []
      : db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.id, project.siteId)),
    people.length === 0
      ? []
      : db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, people)),
    db
      .select({
        id: tickets.id,
        status: tickets.status,
        projectOrder: tickets.projectOrder,
        subject: tickets.subject,
        notes: tickets.notes,
        employeeId: tickets.employeeId,
        employeeName: users.name,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.employeeId))
      .where(eq(tickets.projectId, id))
      .orderBy(tickets.projectOrder),
    staff ? listFlags(db, project.companyId, true) : [],
    staff ? projectCheckIns(db, id) : [],
    db.execute<{ hours: string; last_end: string | null }>(sql`select billed.hours::text as hours,
      ${iso(sql`billed.last_end`)} as last_end from projects p, lateral ${billedSql} billed where p.id = ${id}`),
    loadProjectPanels(db, id, staff),
  ]);
  const person = (personId: number | null) => {
    const found = personId === null ? undefined : named.find((entry) => entry.id === personId);
    return found ? { id: found.id, name: found.name } : null;
  };
  const stepTickets = steps.map((step) => ({
    id: step.id,
    status: stepStatusOf(step.status),
    project_order: step.projectOrder ?? 0,
    subject: step.subject,
    // Internal notes are staff-only (decision 0044).
    notes: { notes: staff ? step.notes : '' },
    employee: staff && step.employeeId !== null ? { id: step.employeeId, name: step.employeeName ?? '' } : null,
    updated_at: step.updatedAt.toISOString(),
  }));
  const current = stepTickets.find((step) => step.status === 0) ?? null;
  const billedRow = billed.rows[0];
  return {
    id: project.id,
    title: project.title,
    company_id: project.companyId,
    site_id: project.siteId,
    client_user_id: project.clientUserId,
    coordinator_id: project.coordinatorId,
    planner_id: project.plannerId,
    researcher_id: project.researcherId,
    quoter_id: project.quoterId,
    labor_required: project.laborRequired,
    procurement_required: project.procurementRequired,
    verbally_approved: project.verballyApproved,
    notes: staff ? project.notes : '',
    goals: project.goals,
    latest_notes: staff ? project.notes : '',
    latest_goals: project.goals,
    company: company[0] ?? { id: project.companyId, name: '' },
    site: site[0] ?? null,
    client_user: person(project.clientUserId),
    coordinator: person(project.coordinatorId),
    planner: person(project.plannerId),
    researcher: person(project.researcherId),
    quoter: person(project.quoterId),
    latest_ticket: current
      ? {
          id: current.id,
          subject: current.subject,
          project_order: current.project_order,
          employee_id: current.employee?.id ?? null,
        }
      : null,
    billed: {
      billing_date: billedRow?.last_end ?? null,
      billed_time: Math.round(Number(billedRow?.hours ?? 0) * 100) / 100,
    },
    created_at: project.createdAt.toISOString(),
    completed_at: project.completedAt?.toISOString() ?? null,
    completed_by: person(project.completedBy),
    flags,
    tickets: stepTickets,
    check_ins: checkInRows,
    ...panels,
  };
}

/** The project's latest 500 check-ins, newest first, with the user and the step's subject. */
async function projectCheckIns(db: Db, projectId: number): Promise<CheckIn[]> {
  const rows = await db
    .select({
      id: checkIns.id,
      userId: checkIns.userId,
      ticketId: checkIns.ticketId,
      projectStepId: checkIns.projectStepId,
      startTime: checkIns.startTime,
      endTime: checkIns.endTime,
      billable: checkIns.billable,
      name: users.name,
      shortname: users.shortname,
      photo: users.photo,
      subject: tickets.subject,
    })
    .from(checkIns)
    .innerJoin(users, eq(users.id, checkIns.userId))
    .leftJoin(tickets, eq(tickets.id, checkIns.ticketId))
    .where(eq(checkIns.projectId, projectId))
    .orderBy(sql`${checkIns.startTime} desc`, sql`${checkIns.id} desc`)
    .limit(500);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    ticket_id: row.ticketId,
    project_step_id: row.projectStepId,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    billable: row.billable,
    user: { name: row.name, shortname: row.shortname, photo: row.photo },
    ticket: row.ticketId !== null && row.subject !== null ? { id: row.ticketId, subject: row.subject } : null,
  }));
}
