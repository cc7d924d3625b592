import {
  PROJECT_COUNT_CAP,
  PROJECT_STEP_COUNT,
  projectFieldMessages,
  projectSteps,
  readStepFilter,
  STEP_CLOSED,
  STEP_OPEN,
  stepStatusLabels,
  TICKET_STATUS_CLOSED,
  TICKET_STATUS_OPEN,
  TICKET_TYPE_REMOTE,
  TRIAGE_MEDIUM,
  type ProjectInput,
  type ProjectListQuery,
} from '@switchboard/shared';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { isoText, jsonNamed, jsonString, jsonTime } from '../../db/json-sql.ts';
import { CappedCounts, pageOffset } from '../../db/paginate.ts';
import { pageWindow, preparedStatement, rawStatement, runRawStatement, type PageWindow } from '../../db/prepared.ts';
import { forbidden, notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { recordRevision } from '../documents/documents.service.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { ticketEvents, tickets } from '../tickets/tickets.table.ts';
import { ticketThreadsSql } from '../tickets/ticket-threads.service.ts';
import { users } from '../users/users.table.ts';
import { projectPanelsSql } from './project-panels.service.ts';
import { projects } from './projects.table.ts';

// Projects (spec 3 §2, §3, §7; decision 0044): a project and its twelve step tickets, written in one transaction.

import type { ProjectActor } from './project-types.ts';

export type { ProjectActor };

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
/** Who lost sight of a project that moved to another company, and the step tickets it took along (decision 0055). */
export interface ProjectCompanyMove {
  /** The former company's client accounts. */
  formerClientIds: number[];
  /** The project's step tickets, which moved with it. */
  ticketIds: number[];
}

export async function updateProject(
  db: Db,
  dataDir: string,
  id: number,
  input: ProjectInput,
  actor: ProjectActor,
): Promise<ProjectCompanyMove> {
  if (actor.type !== 'Employee') throw forbidden();
  const [existing] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  if (!existing) throw notFound();
  await assertProjectReferences(db, input);
  const move = await db.transaction(async (tx) => {
    // Locked, so the company it moves from is the one the last save left (two saves at once queue).
    const [before] = await tx
      .select({ companyId: projects.companyId })
      .from(projects)
      .where(eq(projects.id, id))
      .for('update');
    if (!before) throw notFound();
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
    if (before.companyId === input.company_id) return { formerClientIds: [], ticketIds: [] };
    const formerClients = await tx
      .select({ userId: clientAccounts.userId })
      .from(clientAccounts)
      .where(eq(clientAccounts.companyId, before.companyId));
    const stepTickets = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.projectId, id));
    return {
      formerClientIds: formerClients.map((account) => account.userId),
      ticketIds: stepTickets.map((ticket) => ticket.id),
    };
  });
  await recordRevision(db, dataDir, 'Project_Overview', id, actor.id);
  return move;
}

/** The company a client account may see projects of (404 for an account without one); null for staff. */
async function companyScope(db: DbOrTransaction, actor: ProjectActor): Promise<number | null> {
  if (actor.type === 'Employee') return null;
  const companyId = await clientCompanyOf(db, actor.id);
  if (companyId === null) throw notFound();
  return companyId;
}

/**
 * GET /api/projects/projects.list.{companyId} (spec 1 §7.2): the company's projects as { id, title, completed_at },
 * by title. A client account reads only its own company's (403 otherwise, as the sites loader).
 */
export async function listProjectOptions(
  db: DbOrTransaction,
  companyId: number,
  actor: ProjectActor,
): Promise<{ id: number; title: string; completed_at: string | null }[]> {
  if (actor.type !== 'Employee' && (await clientCompanyOf(db, actor.id)) !== companyId) throw forbidden();
  const rows = await db
    .select({ id: projects.id, title: projects.title, completedAt: projects.completedAt })
    .from(projects)
    .where(eq(projects.companyId, companyId))
    .orderBy(sql`lower(${projects.title})`, projects.id);
  return rows.map((row) => ({ id: row.id, title: row.title, completed_at: row.completedAt?.toISOString() ?? null }));
}

/** One page of the project list as PostgreSQL wrote it: the rows' JSON text, their count and the filter's count. */
export interface ProjectListPage {
  rowsJson: string;
  rowCount: number;
  total: number;
}

/**
 * GET /api/project: newest first, filtered as spec 3 §2 lists; client accounts see their own company's only. One
 * prepared statement per filter shape and page window writes the page as the API's JSON (pageSchema(projectRowSchema)),
 * as the ticket queue's (decision 0023), with the filter's count when more rows follow.
 */
export async function listProjects(db: Db, query: ProjectListQuery, actor: ProjectActor): Promise<ProjectListPage> {
  const scope = await companyScope(db, actor);
  const staff = scope === null;
  const step = query.step_id === null ? null : readStepFilter(query.step_id);
  const offset = pageOffset(query);
  const values: Record<string, unknown> = { limit: query.per_page + 1, offset };
  // A client account's shapes carry 'scope', so staff and client statements never share a name.
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
  const window = pageWindow(query, 1);
  const page = preparedStatement(db, `projects_page_${shape.join('_')}_${window.key}`, (_db, name) => ({
    name,
    raw: rawStatement(projectPageSql(shape, staff, window)),
  }));
  const { limit: _limit, offset: _offset, ...filters } = values;
  const countKey = `${shape.join('_')}:${JSON.stringify(filters)}`;
  values.capped = cappedProjectCounts.reachedLately(countKey);
  const [written] = await runRawStatement<{ rows: string; fetched: number; total: number | null }>(
    db,
    page.raw,
    values,
    page.name,
  );
  const fetched = written?.fetched ?? 0;
  const rowCount = Math.min(fetched, query.per_page);
  const counted = written?.total ?? null;
  if (counted !== null) cappedProjectCounts.note(countKey, counted);
  // When nothing follows the page, its end is the total; else the count (the cap when it was skipped).
  let total = offset + rowCount;
  if (fetched > query.per_page) total = Math.max(counted ?? PROJECT_COUNT_CAP, offset + fetched);
  else if (rowCount === 0 && counted !== null) total = counted;
  return { rowsJson: written?.rows ?? '[]', rowCount, total };
}

// Filters whose count reached the cap lately, keyed by filter shape and values.
const cappedProjectCounts = new CappedCounts(PROJECT_COUNT_CAP);

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
 * One page window of one filter shape (decision 0023): the page's projects with their step ticket (the one their kept
 * current_step names, by tickets_project_order_idx), names and billed hours, each row written as the API's JSON by
 * concatenation, and how many rows were read (the page's and the one more that tells whether anything follows).
 * Company, the step's technician and the Tech column are staff's.
 */
function projectPageSql(shape: string[], staff: boolean, window: PageWindow): SQL {
  const staffOnly = (value: SQL) => (staff ? value : sql`'null'`);
  const nameOf = (table: string, id: SQL) => sql`(select x.name from ${sql.raw(table)} x where x.id = ${id})`;
  const row = sql`'{"id":' || p.id || ',"title":' || ${jsonString(sql`p.title`)}
    || ',"company":' || ${staffOnly(jsonNamed(sql`p.company_id`, nameOf('companies', sql`p.company_id`)))}
    || ',"site":' || coalesce(${jsonNamed(sql`p.site_id`, nameOf('sites', sql`p.site_id`))}, 'null')
    || ',"latest_ticket":' || coalesce('{"id":' || step.id || ',"subject":' || ${jsonString(sql`step.subject`)}
      || ',"project_order":' || step.project_order
      || ',"employee_id":' || ${staffOnly(sql`coalesce(step.employee_id::text, 'null')`)} || '}', 'null')
    || ',"technician":' || ${staffOnly(
      sql`coalesce(${jsonNamed(sql`step.employee_id`, sql`coalesce(tech.name, '')`)}, 'null')`,
    )}
    || ',"billed":{"billing_date":' || ${jsonTime(sql`p.billed_last_end`)}
      || ',"billed_time":' || round(p.billed_seconds / 3600, 2) || '}'
    || ',"created_at":' || ${jsonTime(sql`p.created_at`)} || ',"completed_at":' || ${jsonTime(sql`p.completed_at`)}
    || '}'`;
  return sql`
    select count(*)::int as fetched,
      '[' || coalesce(string_agg(r.row, ',' order by r.id desc) filter (where r.position <= ${window.limit} - 1), '')
        || ']' as rows,
      case when (count(*) >= ${window.limit} and not ${param('capped')}::boolean) or count(*) = 0
        then ${cappedCountSql(shape)} end as total
    from (select p.id, row_number() over (order by p.id desc) as position, ${row} as row
      from (select p.* from projects p where ${projectWhere(shape)}
        order by p.id desc limit ${window.limit} offset ${window.offset}) p
      left join tickets step on step.project_id = p.id and step.project_order = p.current_step
      -- Joined, not a subquery: on a small users table a subquery's plan scans the whole table for each row.
      left join users tech on tech.id = step.employee_id) r`;
}

/**
 * The filter's count, stopping at the cap as the ticket queue's does (the list then says to narrow the filters); the
 * page's statement runs it when the page is empty, and when more rows follow unless `capped` says it reached the cap
 * lately.
 */
const cappedCountSql = (shape: string[]) =>
  sql`(select count(*)::int from (select 1 from projects p where ${projectWhere(shape)}
    limit ${sql.raw(String(PROJECT_COUNT_CAP))}) capped)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * GET /api/project/{id}: the project with its names, step tickets, flags, check-ins, billed hours, contact thread and
 * panels written as the API's JSON by one prepared statement (decision 0023); the answer's `data` as JSON text.
 */
export async function getProjectDetail(db: Db, id: number, actor: ProjectActor): Promise<string> {
  const scope = await companyScope(db, actor);
  const staff = scope === null;
  const statement = preparedStatement(db, 'project_detail', (_db, name) => ({
    name,
    raw: rawStatement(projectDetailSql),
  }));
  const [row] = await runRawStatement<{ detail: string; panels: string }>(
    db,
    statement.raw,
    { id, scope, staff },
    statement.name,
  );
  if (!row) throw notFound();
  // Two JSON objects written as one (projectDetailSchema): the project's and its panels'.
  return `${row.detail.slice(0, -1)},${row.panels.slice(1)}`;
}

const person = (column: SQL) =>
  sql`(select json_build_object('id', u.id, 'name', u.name) from users u where u.id = ${column})`;
const staffOnly = (value: SQL, otherwise: SQL) =>
  sql`case when ${param('staff')}::boolean then ${value} else ${otherwise} end`;

/** The detail's project part; `staff` hides internal notes, flags and check-ins from client accounts. */
const projectDetailSql = sql`
  select json_build_object(
    'id', p.id, 'title', p.title, 'company_id', p.company_id, 'site_id', p.site_id,
    'client_user_id', p.client_user_id, 'coordinator_id', p.coordinator_id, 'planner_id', p.planner_id,
    'researcher_id', p.researcher_id, 'quoter_id', p.quoter_id, 'labor_required', p.labor_required,
    'procurement_required', p.procurement_required, 'verbally_approved', p.verbally_approved,
    'notes', ${staffOnly(sql`p.notes`, sql`''`)}, 'goals', p.goals,
    'latest_notes', ${staffOnly(sql`p.notes`, sql`''`)}, 'latest_goals', p.goals,
    'company', json_build_object('id', co.id, 'name', co.name),
    'site', case when s.id is null then null else json_build_object('id', s.id, 'name', s.name) end,
    'client_user', ${person(sql`p.client_user_id`)}, 'coordinator', ${person(sql`p.coordinator_id`)},
    'planner', ${person(sql`p.planner_id`)}, 'researcher', ${person(sql`p.researcher_id`)},
    'quoter', ${person(sql`p.quoter_id`)},
    'latest_ticket', (select json_build_object('id', t.id, 'subject', t.subject, 'project_order', t.project_order,
        'employee_id', ${staffOnly(sql`t.employee_id`, sql`null`)})
      from tickets t where t.project_id = p.id and t.status <> ${TICKET_STATUS_CLOSED} order by t.project_order limit 1),
    'billed', json_build_object('billing_date', ${isoText(sql`p.billed_last_end`)},
      'billed_time', round(p.billed_seconds / 3600, 2)),
    'created_at', ${isoText(sql`p.created_at`)}, 'completed_at', ${isoText(sql`p.completed_at`)},
    'completed_by', ${person(sql`p.completed_by`)},
    'threads', ${ticketThreadsSql(sql`(select t.id from tickets t where t.project_id = p.id and t.project_order = 0)`)},
    'flags', ${staffOnly(
      sql`coalesce((select json_agg(json_build_object('id', f.id, 'flag', f.flag, 'company_id', f.company_id,
          'created_at', ${isoText(sql`f.created_at`)}, 'created_by', cu.name, 'deleted_at', null, 'deleted_by', null)
          order by f.created_at desc, f.id desc)
        from company_flags f left join users cu on cu.id = f.created_by
        where f.company_id = p.company_id and f.deleted_at is null), '[]')`,
      sql`'[]'`,
    )},
    'tickets', (select json_agg(json_build_object('id', t.id,
        'status', case when t.status = ${TICKET_STATUS_CLOSED} then ${sql.raw(String(STEP_CLOSED))} else ${sql.raw(String(STEP_OPEN))} end,
        'project_order', t.project_order, 'subject', t.subject,
        'notes', json_build_object('notes', ${staffOnly(sql`t.notes`, sql`''`)}),
        'employee', case when ${param('staff')}::boolean and t.employee_id is not null
          then json_build_object('id', t.employee_id, 'name', coalesce(e.name, '')) end,
        'updated_at', ${isoText(sql`t.updated_at`)},
        'closed_by', case when ${param('staff')}::boolean and t.status = ${TICKET_STATUS_CLOSED} then (
          select json_build_object('name', coalesce(cu.name, ''), 'at', ${isoText(sql`ev.created_at`)})
          from ticket_events ev left join users cu on cu.id = ev.add_by
          where ev.ticket_id = t.id and ev.change = 'status' and ev.new_data = ${stepStatusLabels[STEP_CLOSED]}
          order by ev.created_at desc, ev.id desc limit 1) end) order by t.project_order)
      from tickets t left join users e on e.id = t.employee_id where t.project_id = p.id),
    'check_ins', ${staffOnly(
      sql`coalesce((select json_agg(c.row order by c.start_time desc, c.id desc) from (
        select c.id, c.start_time, json_build_object('id', c.id, 'user_id', c.user_id, 'ticket_id', c.ticket_id,
          'project_step_id', c.project_step_id, 'start_time', ${isoText(sql`c.start_time`)},
          'end_time', ${isoText(sql`c.end_time`)}, 'billable', c.billable,
          'user', json_build_object('name', u.name, 'shortname', u.shortname, 'photo', u.photo),
          'ticket', case when t.id is null then null else json_build_object('id', t.id, 'subject', t.subject) end) as row
        from check_ins c join users u on u.id = c.user_id left join tickets t on t.id = c.ticket_id
        where c.project_id = p.id order by c.start_time desc, c.id desc limit 500) c), '[]')`,
      sql`'[]'`,
    )}
  )::text as detail,
  ${projectPanelsSql}::text as panels
  from projects p
  join companies co on co.id = p.company_id
  left join sites s on s.id = p.site_id
  where p.id = ${param('id')} and (${param('scope')}::int is null or p.company_id = ${param('scope')}::int)`;
