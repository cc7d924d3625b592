import {
  MAINTENANCE_LOCATION,
  MAINTENANCE_TRIAGE_ID,
  TICKET_STATUS_OPEN,
  maintenanceMonthOf,
  maintenanceTicketSubject,
  ticketFieldMessages,
  type AnalysisInput,
  type AnalysisRecord,
  type BaselineInput,
  type BaselineRecord,
  type ExchangeInput,
  type ExchangeRecord,
  type ExchangeUpdateInput,
  type MaintenanceTicketCheckIns,
  type MaintenanceTicketInput,
} from '@switchboard/shared';
import { sanitizeStoredText } from '@switchboard/shared/html-policy';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { isoText } from '../../db/json-sql.ts';
import type { PageQuery } from '../../db/paginate.ts';
import { pageOffset } from '../../db/paginate.ts';
import {
  pageWindow,
  preparedStatement,
  rawStatement,
  runRawStatement,
  type PageWindow,
  type RawStatement,
} from '../../db/prepared.ts';
import { notFound, unprocessable } from '../../plugins/errors.ts';
import { devices, serverDrives } from '../devices/devices.table.ts';
import { assertTicketReferences } from '../tickets/tickets.service.ts';
import { recordEvent, type StoredTicketFile, type TicketActor } from '../tickets/ticket-access.ts';
import { ticketAttachments, ticketDevices, tickets } from '../tickets/tickets.table.ts';
import {
  analysisAnswers,
  baselineAnswers,
  baselineChecklists,
  exchangeAnalyses,
  exchangeAttachments,
  maintenanceTickets,
  serverAnalyses,
} from './maintenance.table.ts';

// Scheduled Maintenance (spec 2 §2, §3, §7; decision 0049).

const iso = (column: string) => isoText(sql.raw(column));

/** The server (a scheduled or not, but a server) of the company; 422 on the field otherwise. */
async function serverOf(db: DbOrTransaction, serverId: number, companyId: number, field = 'server_id') {
  const [server] = await db
    .select({ id: devices.id, name: devices.name, siteId: devices.siteId, companyId: devices.companyId })
    .from(devices)
    .where(and(eq(devices.id, serverId), eq(devices.type, 'servers')))
    .limit(1);
  if (!server || server.companyId !== companyId) throw unprocessable({ [field]: [ticketFieldMessages.server] });
  return server;
}

/**
 * POST /api/ticket with the month page's payload: subject, company, site, server, triage 3, location 1, no body.
 * The ticket is linked to its server and becomes the server's maintenance ticket of the month (one per month).
 */
export async function createMaintenanceTicket(db: Db, input: MaintenanceTicketInput, actor: TicketActor) {
  const { month, year } = maintenanceMonthOf(input.month, input.year);
  const server = await serverOf(db, input.server, input.company, 'server');
  const siteId = input.site ?? server.siteId;
  await assertTicketReferences(db, {
    companyId: input.company,
    siteId,
    clientId: null,
    employeeId: null,
    location: input.location,
    triageId: input.triage_id,
    status: TICKET_STATUS_OPEN,
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tickets)
      .values({
        subject: input.subject,
        body: '',
        companyId: input.company,
        siteId,
        serverId: server.id,
        location: input.location,
        triageId: input.triage_id,
        status: TICKET_STATUS_OPEN,
        createdBy: actor.id,
      })
      .returning({ id: tickets.id });
    const ticketId = row!.id;
    const claimed = await tx
      .insert(maintenanceTickets)
      .values({ serverId: server.id, month, year, ticketId })
      .onConflictDoNothing()
      .returning({ ticketId: maintenanceTickets.ticketId });
    // Rolls the ticket back: the month page offers the existing one instead.
    if (claimed.length === 0) throw unprocessable({ server: [ticketFieldMessages.serverMonth] });
    await tx.insert(ticketDevices).values({ ticketId, deviceId: server.id });
    await recordEvent(tx, ticketId, actor.id, `${actor.name} created the ticket from Scheduled Maintenance`);
    return { id: ticketId };
  });
}

/**
 * The monthly job: opens the month's ticket of every scheduled server that has none yet. Idempotent (one ticket per
 * server and month, the primary key of maintenance_tickets); two runs at once queue on an advisory lock.
 */
export async function openMonthTickets(db: Db, when: { month: number; year: number }): Promise<number> {
  const { month, year } = when;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('switchboard:maintenance-month'))`);
    const result = await tx.execute<{ opened: number }>(sql`
      with due as (
        select d.id as server_id, d.company_id, d.site_id, d.name
        from devices d
        where d.type = 'servers' and d.scheduled_maintenance = 1
          and not exists (select 1 from maintenance_tickets mt
                          where mt.server_id = d.id and mt.year = ${year} and mt.month = ${month})
      ), opened as (
        insert into tickets (subject, body, company_id, site_id, server_id, location, triage_id, status)
        select ${maintenanceTicketSubject('', month, year)} || due.name, '', due.company_id, due.site_id, due.server_id,
               ${MAINTENANCE_LOCATION}, ${MAINTENANCE_TRIAGE_ID}, ${TICKET_STATUS_OPEN}
        from due
        returning id, server_id
      ), claimed as (
        insert into maintenance_tickets (server_id, year, month, ticket_id)
        select server_id, ${year}, ${month}, id from opened
      ), linked as (
        insert into ticket_devices (ticket_id, device_id) select id, server_id from opened
      ), events as (
        insert into ticket_events (ticket_id, lingo)
        select id, 'Scheduled Maintenance opened the ticket for the month' from opened
      )
      select count(*)::int as opened from opened`);
    return result.rows[0]?.opened ?? 0;
  });
}

/** A record of the month (baseline, analysis or exchange) with its ticket, joined to the server `d`. */
const recordJoin = (table: string, alias: string) =>
  sql`left join ${sql.raw(table)} ${sql.raw(alias)} on ${sql.raw(alias)}.server_id = d.id
    and ${sql.raw(alias)}.year = ${sql.placeholder('year')} and ${sql.raw(alias)}.month = ${sql.placeholder('month')}
    left join tickets ${sql.raw(alias)}t on ${sql.raw(alias)}t.id = ${sql.raw(alias)}.ticket_id`;
const recordJson = (alias: string) =>
  sql.raw(`case when ${alias}.id is null then null
    else json_build_object('id', ${alias}.id, 'ticket_id', ${alias}.ticket_id, 'status', ${alias}t.status) end`);

/** The companies listed: those with a server on the schedule, by name (companies_name_idx). */
const listedCompanies = (limit: unknown, offset: unknown) => sql`
    select c.id, c.name from companies c
    where exists (select 1 from devices d
                  where d.company_id = c.id and d.type = 'servers' and d.scheduled_maintenance = 1)
    order by c.name, c.id
    limit ${limit} offset ${offset}`;

/**
 * One company's part of the month (`sites`: its sites, each with its scheduled servers, their roles, the month's
 * ticket and the three records), for the companies of `companies` (a relation of ids). The servers join their month's
 * ticket and records through the (server, year, month) keys; PostgreSQL writes the JSON.
 */
const companySitesSql = (companies: SQL) => sql`
  servers as (
    select d.company_id, d.site_id, d.name, d.id, json_build_object(
      'id', d.id, 'name', d.name, 'sched_maint', d.scheduled_maintenance, 'av', d.antivirus_id,
      'roles', coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by dr.position, r.name)
                 from device_server_roles dr join server_roles r on r.id = dr.role_id where dr.device_id = d.id), '[]'),
      'ticket', case when mt.ticket_id is null then null
                else json_build_object('id', mt.ticket_id, 'status', mtt.status) end,
      'baseline', ${recordJson('b')}, 'analysis', ${recordJson('a')}, 'exchange', ${recordJson('x')}) as server
    from ${companies} p
    join devices d on d.company_id = p.id and d.type = 'servers' and d.scheduled_maintenance = 1
    left join maintenance_tickets mt on mt.server_id = d.id
      and mt.year = ${sql.placeholder('year')} and mt.month = ${sql.placeholder('month')}
    left join tickets mtt on mtt.id = mt.ticket_id
    ${recordJoin('baseline_checklists', 'b')}
    ${recordJoin('server_analyses', 'a')}
    ${recordJoin('exchange_analyses', 'x')}
  ), by_site as (
    select sv.company_id, s.id, s.name, json_agg(sv.server order by lower(sv.name), sv.id) as servers
    from servers sv join sites s on s.id = sv.site_id
    group by sv.company_id, s.id, s.name
  ), company_sites as (
    select p.id as company_id,
      (select json_agg(json_build_object('id', bs.id, 'name', bs.name, 'servers', bs.servers) order by lower(bs.name), bs.id)
       from by_site bs where bs.company_id = p.id)::text as sites
    from ${companies} p
  )`;

const totalSql = sql`(select count(distinct d.company_id) from devices d
      where d.type = 'servers' and d.scheduled_maintenance = 1)::int`;

/**
 * The month page computed from the tables alone, nothing kept (decision 0049's statement): what the kept answer
 * must equal, and what bench/maintenance-month.ts times as "computed anew".
 */
export const maintenanceMonthSql = rawStatement(sql`
  with page as (${listedCompanies(sql.placeholder('limit'), sql.placeholder('offset'))}),
  ${companySitesSql(sql`page`)}
  select ${totalSql} as total, (select count(*) from page)::int as row_count,
    coalesce((select json_agg(json_build_object('id', p.id, 'name', p.name, 'sites', cs.sites::json)
      order by p.name, p.id) from page p join company_sites cs on cs.company_id = p.id where cs.sites is not null),
      '[]')::text as rows_json`);

/**
 * The month page from what is kept (decision 0076): the listed companies (live), each company's kept part of the
 * month and the kept total, and how many of those are missing. The company objects are written as text around the
 * kept JSON.
 */
const keptMonthPageSql = (window: PageWindow) =>
  rawStatement(sql`
  with page as (${listedCompanies(window.limit, window.offset)}),
  kept as (
    select p.id, p.name, k.sites, k.company_id is null as missing from page p
    left join maintenance_month_sites k
      on k.company_id = p.id and k.year = ${sql.placeholder('year')} and k.month = ${sql.placeholder('month')}
  )
  select coalesce((select t.total from maintenance_month_total t where t.id = 1), -1) as total,
    (select count(*) from page)::int as row_count,
    (select count(*) from kept where missing)::int + (not exists (select 1 from maintenance_month_total))::int
      as missing,
    coalesce('[' || (select string_agg('{"id":' || id || ',"name":' || to_json(name)::text || ',"sites":' || sites || '}',
      ',' order by name, id) from kept where sites is not null) || ']', '[]') as rows_json`);

/** Keeps the month's part of the page's companies that have none kept, and the total (run under the fill lock). */
const fillMonthPageSql = (window: PageWindow) =>
  rawStatement(sql`
  with page as (${listedCompanies(window.limit, window.offset)}),
  missing as (
    select p.id from page p where not exists (select 1 from maintenance_month_sites k
      where k.company_id = p.id and k.year = ${sql.placeholder('year')} and k.month = ${sql.placeholder('month')})
  ),
  ${companySitesSql(sql`missing`)}
  , kept_parts as (
    insert into maintenance_month_sites (company_id, year, month, sites)
    select company_id, ${sql.placeholder('year')}, ${sql.placeholder('month')}, sites from company_sites
    on conflict (company_id, year, month) do update set sites = excluded.sites
  )
  insert into maintenance_month_total (id, total) select 1, ${totalSql}
  on conflict (id) do update set total = excluded.total`);

/** The advisory lock the month's triggers take before they delete kept parts (migration 0030). */
const MONTH_FILL_LOCK = 49065;

/** The month page statement's values. */
export const maintenanceMonthValues = (when: { month: number; year: number }, query: PageQuery) => ({
  month: Math.trunc(when.month),
  year: Math.trunc(when.year),
  limit: query.per_page,
  offset: pageOffset(query),
});

type MonthPage = { rows_json: string; row_count: number; total: number; missing: number };
type KeptPage = { rows_json: string; row_count: number; total: number };

/** A whole page as kept (maintenance_month_pages), for the page length the UI uses and its first 100 pages. */
const keptWholePageSql = rawStatement(sql`
  select p.total, p.row_count, p.rows_json from maintenance_month_pages p
  where p.year = ${sql.placeholder('year')} and p.month = ${sql.placeholder('month')}
    and p.per_page = ${sql.placeholder('perPage')} and p.page = ${sql.placeholder('page')}`);
const keepWholePageSql = rawStatement(sql`
  insert into maintenance_month_pages (year, month, per_page, page, total, row_count, rows_json)
  values (${sql.placeholder('year')}, ${sql.placeholder('month')}, ${sql.placeholder('perPage')},
    ${sql.placeholder('page')}, ${sql.placeholder('total')}, ${sql.placeholder('rowCount')}, ${sql.placeholder('rowsJson')})
  on conflict (year, month, per_page, page) do update
    set total = excluded.total, row_count = excluded.row_count, rows_json = excluded.rows_json`);
const keepsWholePage = (query: PageQuery) => query.per_page === 50 && query.page <= 100;

/**
 * GET /api/companies/servers/{month}/{year}: a page of the companies that have servers on the schedule, each with
 * its sites and servers, their roles, the month's ticket and the three records (decisions 0049, 0076). The page is
 * read whole from maintenance_month_pages when kept; else it is made from each company's kept part of the month
 * (maintenance_month_sites), the missing parts kept first, under the lock the triggers take and in one transaction
 * with the read, and kept. A write deletes what it reaches, so every process answers what the database holds.
 */
export async function listMaintenanceMonth(
  db: Db,
  when: { month: number; year: number },
  query: PageQuery,
): Promise<{ rowsJson: string; rowCount: number; total: number }> {
  const values = maintenanceMonthValues(when, query);
  const whole = { year: values.year, month: values.month, perPage: query.per_page, page: query.page };
  const keepWhole = keepsWholePage(query);
  const answer = (page: KeptPage) => ({ rowsJson: page.rows_json, rowCount: page.row_count, total: page.total });
  if (keepWhole) {
    const [kept] = await runRawStatement<KeptPage>(db, keptWholePageSql, whole, 'maintenance_month_whole');
    if (kept) return answer(kept);
  }
  const window = pageWindow(query);
  const read = preparedStatement(db, `maintenance_month_${window.key}`, (_db, name) => ({
    name,
    raw: keptMonthPageSql(window),
  }));
  if (!keepWhole) {
    const [page] = await runRawStatement<MonthPage>(db, read.raw, values, read.name);
    if (page!.missing === 0) return answer(page!);
  }
  const fill = preparedStatement(db, `maintenance_month_fill_${window.key}`, (_db, name) => ({
    name,
    raw: fillMonthPageSql(window),
  }));
  // Every Db is made by drizzle() over the pool (createDatabase), which it exposes as $client.
  const client = await (db as Db & { $client: pg.Pool }).$client.connect();
  const run = <Row extends Record<string, unknown>>(name: string, raw: RawStatement, args: Record<string, unknown>) =>
    client.query<Row>({ name, text: raw.text, values: raw.values(args) });
  try {
    await client.query('begin');
    // After the lock, a write that deleted kept rows has committed, or waits for this fill and deletes after it.
    await client.query('select pg_advisory_xact_lock($1)', [MONTH_FILL_LOCK]);
    // A request that waited for the lock may find the page kept by the one before it.
    let [page] = keepWhole ? (await run<MonthPage>('maintenance_month_whole', keptWholePageSql, whole)).rows : [];
    if (!page) {
      [page] = (await run<MonthPage>(read.name, read.raw, values)).rows;
      if (page!.missing > 0) {
        await run(fill.name, fill.raw, values);
        [page] = (await run<MonthPage>(read.name, read.raw, values)).rows;
      }
      if (keepWhole)
        await run('maintenance_month_keep_whole', keepWholePageSql, {
          ...whole,
          total: page!.total,
          rowCount: page!.row_count,
          rowsJson: page!.rows_json,
        });
    }
    await client.query('commit');
    return answer(page!);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** GET /api/schedule/main/ticket/{ticket_id}: the ticket with its check-ins, newest first (spec 2 §2). */
export async function getTicketCheckIns(db: DbOrTransaction, ticketId: number): Promise<MaintenanceTicketCheckIns> {
  const result = await db.execute<{ ticket: MaintenanceTicketCheckIns | null }>(sql`
    select json_build_object('id', t.id, 'subject', t.subject, 'status', t.status, 'company_id', t.company_id,
      'check_ins', coalesce((select json_agg(json_build_object('id', c.id, 'user_id', c.user_id,
          'start_time', ${iso('c.start_time')}, 'end_time', ${iso('c.end_time')},
          'user', json_build_object('name', u.name)) order by c.start_time desc, c.id desc)
        from (select * from check_ins where ticket_id = t.id order by start_time desc, id desc limit 200) c
        join users u on u.id = c.user_id), '[]')) as ticket
    from tickets t where t.id = ${ticketId} and t.project_id is null`);
  const ticket = result.rows[0]?.ticket;
  if (!ticket) throw notFound();
  return ticket;
}

/** The header every checklist is submitted with: company, server, site and ticket fit together; 422 otherwise. */
export async function assertRecordTarget(
  db: DbOrTransaction,
  input: { company_id: number; site_id: number | null; server_id: number; ticket_id: number },
) {
  const server = await serverOf(db, input.server_id, input.company_id);
  if (input.site_id !== null && input.site_id !== server.siteId)
    throw unprocessable({ site_id: ['The site is not the server\u2019s site.'] });
  const [ticket] = await db
    .select({ companyId: tickets.companyId, serverId: tickets.serverId, projectId: tickets.projectId })
    .from(tickets)
    .where(eq(tickets.id, input.ticket_id))
    .limit(1);
  const fits =
    ticket &&
    ticket.projectId === null &&
    ticket.companyId === input.company_id &&
    (ticket.serverId === null || ticket.serverId === input.server_id);
  if (!fits) throw unprocessable({ ticket_id: ['The selected ticket is not this server\u2019s ticket.'] });
  return { siteId: input.site_id ?? server.siteId };
}

const alreadyThere = (what: string) =>
  unprocessable({ server_id: [`This server already has a ${what} for that month.`] });

/** Postgres unique violation on the server's month: someone saved the same record first. */
export const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'cause' in error
    ? (error.cause as { code?: string } | undefined)?.code === '23505'
    : (error as { code?: string } | null)?.code === '23505';

async function insertOnce<T>(what: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyThere(what);
    throw error;
  }
}

/**
 * POST /api/maintenance/baseline: creates the server's checklist of the month, or with id updates that one
 * (spec 2 §7: edit mode reuses the POST). Creating a second one for the same month is refused (nothing is overwritten).
 */
export async function saveBaseline(db: Db, input: BaselineInput, actor: TicketActor) {
  const { siteId } = await assertRecordTarget(db, input);
  const header = {
    companyId: input.company_id,
    siteId,
    serverId: input.server_id,
    month: input.month,
    year: input.year,
    ticketId: input.ticket_id,
  };
  return insertOnce('Baseline Security checklist', () =>
    db.transaction(async (tx) => {
      let id = input.id;
      if (id === null) {
        const [row] = await tx
          .insert(baselineChecklists)
          .values({ ...header, createdBy: actor.id })
          .returning({ id: baselineChecklists.id });
        id = row!.id;
      } else {
        const [row] = await tx
          .update(baselineChecklists)
          .set({ ...header, updatedAt: new Date() })
          .where(eq(baselineChecklists.id, id))
          .returning({ id: baselineChecklists.id });
        if (!row) throw notFound();
        await tx.delete(baselineAnswers).where(eq(baselineAnswers.checklistId, id));
      }
      const checklistId = id;
      await tx.insert(baselineAnswers).values(
        input.answers.map((answer) => ({
          checklistId,
          questionId: answer.question_id,
          answer: answer.answer,
          notes: answer.notes,
        })),
      );
      await recordEvent(tx, input.ticket_id, actor.id, `${actor.name} saved the Baseline Security checklist`);
      return { id: checklistId, created: input.id === null };
    }),
  );
}

/** GET /api/maintenance/baseline/{id}. */
export async function getBaseline(db: DbOrTransaction, id: number): Promise<BaselineRecord> {
  const [record] = await db.select().from(baselineChecklists).where(eq(baselineChecklists.id, id)).limit(1);
  if (!record) throw notFound();
  const answers = await db
    .select({ question_id: baselineAnswers.questionId, answer: baselineAnswers.answer, notes: baselineAnswers.notes })
    .from(baselineAnswers)
    .where(eq(baselineAnswers.checklistId, id))
    .orderBy(asc(baselineAnswers.questionId));
  return { ...headerOf(record), answers };
}

const headerOf = (record: typeof baselineChecklists.$inferSelect) => ({
  id: record.id,
  company_id: record.companyId,
  site_id: record.siteId,
  server_id: record.serverId,
  month: record.month,
  year: record.year,
  ticket_id: record.ticketId,
});

/** The drive rows must be the server's drives, each once. */
async function assertServerDrives(db: DbOrTransaction, serverId: number, drives: AnalysisInput['drives']) {
  if (drives.length === 0) return;
  const own = await db.select({ id: serverDrives.id }).from(serverDrives).where(eq(serverDrives.deviceId, serverId));
  const ids = new Set(own.map((drive) => drive.id));
  const questionIds = new Set(drives.map((drive) => drive.question_id));
  const driveIds = new Set(drives.map((drive) => drive.drive_id));
  if (
    drives.some((drive) => !ids.has(drive.drive_id)) ||
    questionIds.size !== drives.length ||
    driveIds.size !== drives.length
  )
    throw unprocessable({ drives: ['Answer each of the server\u2019s drives once.'] });
}

const analysisRows = (analysisId: number, input: AnalysisInput) => [
  ...input.answers.map((answer) => ({
    analysisId,
    questionId: answer.question_id,
    answer: answer.answer,
    notes: answer.notes,
  })),
  ...input.drives.map((drive) => ({
    analysisId,
    questionId: drive.question_id,
    answer: drive.answer,
    notes: drive.notes,
    driveId: drive.drive_id,
    letter: drive.letter,
    size: drive.size,
  })),
];

/** POST /api/maintenance/analysis (create) and PUT /api/maintenance/analysis/{analysis} (update, id given). */
export async function saveAnalysis(db: Db, input: AnalysisInput, actor: TicketActor, id: number | null) {
  const { siteId } = await assertRecordTarget(db, input);
  await assertServerDrives(db, input.server_id, input.drives);
  const header = {
    companyId: input.company_id,
    siteId,
    serverId: input.server_id,
    month: input.month,
    year: input.year,
    ticketId: input.ticket_id,
  };
  return insertOnce('Server Analysis', () =>
    db.transaction(async (tx) => {
      let analysisId = id;
      if (analysisId === null) {
        const [row] = await tx
          .insert(serverAnalyses)
          .values({ ...header, createdBy: actor.id })
          .returning({ id: serverAnalyses.id });
        analysisId = row!.id;
      } else {
        const [row] = await tx
          .update(serverAnalyses)
          .set({ ...header, updatedAt: new Date() })
          .where(eq(serverAnalyses.id, analysisId))
          .returning({ id: serverAnalyses.id });
        if (!row) throw notFound();
        await tx.delete(analysisAnswers).where(eq(analysisAnswers.analysisId, analysisId));
      }
      await tx.insert(analysisAnswers).values(analysisRows(analysisId, input));
      await recordEvent(tx, input.ticket_id, actor.id, `${actor.name} saved the Server Analysis`);
      return { id: analysisId };
    }),
  );
}

/** GET /api/maintenance/analysis/{analysis}: answers 1-17 and the drive rows. */
export async function getAnalysis(db: DbOrTransaction, id: number): Promise<AnalysisRecord> {
  const [record] = await db.select().from(serverAnalyses).where(eq(serverAnalyses.id, id)).limit(1);
  if (!record) throw notFound();
  const rows = await db
    .select()
    .from(analysisAnswers)
    .where(eq(analysisAnswers.analysisId, id))
    .orderBy(asc(analysisAnswers.questionId));
  return {
    ...headerOf(record),
    answers: rows
      .filter((row) => row.letter === null)
      .map((row) => ({ question_id: row.questionId, answer: row.answer, notes: row.notes })),
    drives: rows
      .filter((row) => row.letter !== null)
      .map((row) => ({
        question_id: row.questionId,
        drive_id: row.driveId,
        letter: row.letter!,
        size: row.size ?? 0,
        answer: row.answer,
        notes: row.notes,
      })),
  };
}

export interface ExchangeFiles {
  resolution: StoredTicketFile[];
  notes: StoredTicketFile[];
}

/**
 * POST /api/maintenance/exchange (create) and its update (id given): the texts, plus more attachments, which are
 * ticket attachments of the exchange's ticket listed in exchange_attachments.
 */
export async function saveExchange(db: Db, input: ExchangeInput, files: ExchangeFiles, actor: TicketActor) {
  const { siteId } = await assertRecordTarget(db, input);
  return insertOnce('Exchange Analysis', () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(exchangeAnalyses)
        .values({
          companyId: input.company_id,
          siteId,
          serverId: input.server_id,
          month: input.month,
          year: input.year,
          ticketId: input.ticket_id,
          resolution: sanitizeStoredText(input.resolution),
          notes: sanitizeStoredText(input.notes),
          createdBy: actor.id,
        })
        .returning({ id: exchangeAnalyses.id });
      await addExchangeFiles(tx, row!.id, input.ticket_id, files, actor);
      return { id: row!.id, ticketId: input.ticket_id };
    }),
  );
}

/**
 * PUT /api/maintenance/exchange/{exchange_id} with spec 2 §3's fields: the resolution and notes change and files are
 * added; the record keeps its server and month. The ticket sent must be the record's (422 on ticket_id otherwise).
 */
export async function updateExchange(
  db: Db,
  exchangeId: number,
  input: ExchangeUpdateInput,
  files: ExchangeFiles,
  actor: TicketActor,
) {
  if (input.exchange_id !== null && input.exchange_id !== exchangeId)
    throw unprocessable({ exchange_id: ['The exchange id does not match the address.'] });
  return db.transaction(async (tx) => {
    const [record] = await tx
      .select({ ticketId: exchangeAnalyses.ticketId })
      .from(exchangeAnalyses)
      .where(eq(exchangeAnalyses.id, exchangeId))
      .for('update');
    if (!record) throw notFound();
    if (record.ticketId !== input.ticket_id)
      throw unprocessable({ ticket_id: ['The ticket is not this Exchange Analysis\u2019s ticket.'] });
    await tx
      .update(exchangeAnalyses)
      .set({
        resolution: sanitizeStoredText(input.resolution),
        notes: sanitizeStoredText(input.notes),
        updatedAt: new Date(),
      })
      .where(eq(exchangeAnalyses.id, exchangeId));
    await addExchangeFiles(tx, exchangeId, record.ticketId, files, actor);
    return { id: exchangeId, ticketId: record.ticketId };
  });
}

/** The files of an exchange save become attachments of its ticket, listed as the record's (not the ticket's own). */
async function addExchangeFiles(
  tx: DbOrTransaction,
  exchangeId: number,
  ticketId: number,
  files: ExchangeFiles,
  actor: TicketActor,
) {
  const all = [
    ...files.resolution.map((file) => ({ ...file, kind: 'resolution' })),
    ...files.notes.map((file) => ({ ...file, kind: 'notes' })),
  ];
  if (all.length) {
    const inserted = await tx
      .insert(ticketAttachments)
      .values(all.map((file) => ({ ...file, ticketId, userId: actor.id })))
      .returning({ id: ticketAttachments.id });
    await tx.insert(exchangeAttachments).values(inserted.map((row) => ({ attachmentId: row.id, exchangeId })));
  }
  await recordEvent(tx, ticketId, actor.id, `${actor.name} saved the Exchange Analysis`);
}

/** GET /api/maintenance/exchange/{ticket_id}: the ticket's exchange analysis, or null (create mode). */
export async function getExchangeByTicket(db: DbOrTransaction, ticketId: number): Promise<ExchangeRecord | null> {
  const [record] = await db
    .select()
    .from(exchangeAnalyses)
    .where(eq(exchangeAnalyses.ticketId, ticketId))
    .orderBy(asc(exchangeAnalyses.id))
    .limit(1);
  if (!record) return null;
  const files = await db.execute<{
    kind: string;
    id: number;
    file: string;
    file_name: string;
    extension: string;
    created_at: string;
    user: { name: string } | null;
  }>(sql`
    select a.kind, a.id, a.path as file, a.file_name, a.extension, ${iso('a.created_at')} as created_at,
      case when u.name is null then null else json_build_object('name', u.name) end as "user"
    from exchange_attachments ea
    join ticket_attachments a on a.id = ea.attachment_id
    left join users u on u.id = a.user_id
    where ea.exchange_id = ${record.id}
    order by a.id`);
  const of = (kind: string) => files.rows.filter((row) => row.kind === kind).map(({ kind: _kind, ...file }) => file);
  return {
    id: record.id,
    exchange_id: record.id,
    company_id: record.companyId,
    site_id: record.siteId,
    server_id: record.serverId,
    month: record.month,
    year: record.year,
    ticket_id: record.ticketId,
    resolution: record.resolution,
    notes: record.notes,
    resolution_attachments: of('resolution'),
    notes_attachments: of('notes'),
  };
}

/** The exchange analysis an attachment belongs to, if it is one (the ticket attachment routes tell them apart). */
export async function exchangeOfAttachment(db: DbOrTransaction, attachmentId: number): Promise<number | null> {
  const [row] = await db
    .select({ exchangeId: exchangeAttachments.exchangeId })
    .from(exchangeAttachments)
    .where(eq(exchangeAttachments.attachmentId, attachmentId))
    .limit(1);
  return row?.exchangeId ?? null;
}
