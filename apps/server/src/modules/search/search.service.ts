import { SEARCH_LIMIT, type UserType } from '@switchboard/shared';
import { and, asc, desc, eq, isNull, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement, rawStatement, runRawStatement, type RawStatement } from '../../db/prepared.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { clientAccounts } from '../companies/client-accounts.table.ts';
import { companies } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { whiteboardArticles } from '../whiteboard/whiteboard.table.ts';
import { companySearchDocument, deviceSearchDocument, userSearchDocument } from '../../db/search-documents.ts';

// Global search (issue 4 part 5, issue 15 part 4): one query per kind, each answering at most SEARCH_LIMIT rows
// through a GIN index, all in one statement. Whiteboard articles are one (staff only); projects add a query here and a key in SearchResults.
//
// Matching: every word of the query must begin a word of the document (PostgreSQL full text, prefix
// `:*`), so 'acm leg' finds 'Acme Legal' and 'gmail' finds 'jo@gmail.com'. No substring fallback: a
// fragment from inside a word ('cme') is not how people look things up, and a `%q%` scan could not use an index.

/**
 * The query's words as a prefix tsquery ('Jane O'Neil' → 'jane:* & o:* & neil:*'), or null when no word is
 * left. Only letters and digits survive, so nothing the user types reaches the tsquery syntax.
 */
export function toPrefixQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

// The statements' values are placeholders (searchValues), so each statement is written once and PostgreSQL can keep
// its plan: `words` the prefix tsquery, `lowered` and `prefix` the text for the order by closeness, `number` a ticket
// number, `company` a client account's company.
const param = sql.placeholder;

/**
 * The words as a tsquery computed once per statement (an InitPlan): PostgreSQL cannot see the words when it plans, so
 * its estimates, and with them the plan's cost, are the same for every query. A prepared statement then keeps one
 * generic plan after its first five calls; were the words visible, a rare word's cheaper custom plans would keep it
 * planning on every call. The statements are shaped to be fast whatever the words match (ticketsMatching).
 */
function matches(document: SQL | AnyColumn): SQL {
  return sql`${document} @@ (select to_tsquery('simple'::regconfig, ${param('words')}))`;
}

/** Names equal to the query first, then names starting with it, then by name. */
function byCloseness(name: AnyColumn, id: AnyColumn): SQL[] {
  return [
    desc(sql`lower(${name}) = ${param('lowered')}`),
    desc(sql`lower(${name}) like ${param('prefix')}`),
    asc(sql`lower(${name})`),
    asc(id),
  ];
}

// Each kind's query as a builder, embedded in the staff statement. Joined names carry aliases, so the embedded rows
// have one column per name.

function companiesFound(db: Db) {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(matches(companySearchDocument(companies.name)))
    .orderBy(...byCloseness(companies.name, companies.id))
    .limit(SEARCH_LIMIT);
}

function accountsFound(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      companyId: sql<number>`${companies.id}`.as('company_id'),
      companyName: sql<string>`${companies.name}`.as('company_name'),
    })
    .from(users)
    .innerJoin(clientAccounts, eq(clientAccounts.userId, users.id))
    .innerJoin(companies, eq(companies.id, clientAccounts.companyId))
    .where(and(matches(userSearchDocument(users.name, users.email)), eq(users.type, 'Client'), isNull(users.deletedAt)))
    .orderBy(...byCloseness(users.name, users.id))
    .limit(SEARCH_LIMIT);
}

function employeesFound(db: Db) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, title: employees.title })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(
      and(matches(userSearchDocument(users.name, users.email)), eq(users.type, 'Employee'), isNull(users.deletedAt)),
    )
    .orderBy(...byCloseness(users.name, users.id))
    .limit(SEARCH_LIMIT);
}

function devicesFound(db: Db) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      type: devices.type,
      assetTag: devices.assetTag,
      companyId: sql<number>`${companies.id}`.as('company_id'),
      companyName: sql<string>`${companies.name}`.as('company_name'),
    })
    .from(devices)
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .where(matches(deviceSearchDocument(devices.name, devices.assetTag, devices.serialNumber)))
    .orderBy(...byCloseness(devices.name, devices.id))
    .limit(SEARCH_LIMIT);
}

/**
 * Whiteboard articles (decision 0053): the same prefix words against the article's weighted document (title A, text
 * B, English stemming, its GIN index), best ranked first. Staff only.
 */
function articlesFound(db: Db) {
  const words = sql`(select to_tsquery('english'::regconfig, ${param('words')}))`;
  return db
    .select({ id: whiteboardArticles.id, title: whiteboardArticles.title, categoryId: whiteboardArticles.categoryId })
    .from(whiteboardArticles)
    .where(sql`${whiteboardArticles.search} @@ ${words}`)
    .orderBy(desc(sql`ts_rank(${whiteboardArticles.search}, ${words})`), asc(whiteboardArticles.id))
    .limit(SEARCH_LIMIT);
}

/** The ticket number a query names ('252' or '#252'), or null when it is not one. */
export function ticketNumberOf(text: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(text.trim());
  const number = match ? Number(match[1]) : NaN;
  return number >= 1 && number <= 2_147_483_647 ? number : null;
}

/** Newest tickets the ordered walk reads before it hands the words to the GIN index (decision 0034, "Speed"). */
const TICKET_WALK_ROWS = 2_000;

/**
 * How the ticket part looks for subjects (decisions 0034 and 0042, "Speed"). `words`: no number, the walk down the
 * newest tickets then the GIN index. `digit`: a number of one digit ('7'), which begins many words of subjects: the
 * ticket of that number, then the same walk. `number`: a number of two digits or more, which begins few: the ticket
 * of that number, then the GIN index alone (the walk would read its 2,000 rows to find almost nothing).
 */
type TicketShape = 'words' | 'digit' | 'number';

function ticketShapeOf(number: number | null): TicketShape {
  return number === null ? 'words' : number < 10 ? 'digit' : 'number';
}

/**
 * Ticket ids matching the words (the CTE `by_words`), the last changed first, in one statement fast for any word. The
 * walk: down tickets_updated_idx over the newest TICKET_WALK_ROWS tickets, testing each stored `subject_search`; it
 * stops at the SEARCH_LIMIT-th hit, so a common word costs a few hundred rows (the GIN index would read and sort every
 * match: 2,500 for 'outlook' in the benchmark). Only when the walk finds fewer does the GIN branch run (a one-time
 * filter on the walk's count), which is cheap then, as the word is rare among the newest tickets. That branch is
 * ordered by an expression no index holds, so PostgreSQL reads the GIN index rather than walking every ticket.
 */
function ticketsMatching(shape: TicketShape, scope: SQL): SQL {
  // The ticket of the number is found by its number, not again by its subject.
  const notTheNumbered = shape === 'words' ? sql`true` : sql`id <> ${param('number')}`;
  const matching = sql`${matches(sql`subject_search`)} and ${notTheNumbered}`;
  const limit = sql.raw(String(SEARCH_LIMIT));
  const byIndex = (condition: SQL) => {
    const where = sql`${matching} and ${scope} and ${condition}`;
    return sql`select id, updated_at from tickets where ${where}
      order by updated_at + interval '0 s' desc, id desc limit ${limit}`;
  };
  if (shape === 'number') return sql`by_words as (${byIndex(sql`true`)})`;
  return sql`walked as materialized (
      select id, updated_at from (
        select id, updated_at, subject_search from tickets where ${scope}
        order by updated_at desc, id desc limit ${sql.raw(String(TICKET_WALK_ROWS))}
      ) newest
      where ${matching}
      order by updated_at desc, id desc limit ${limit}
    ), by_words as (
      select id, updated_at from walked where (select count(*) from walked) = ${limit}
      union all
      (${byIndex(sql`(select count(*) from walked) < ${limit}`)})
    )`;
}

/**
 * Tickets by number (an exact match first) and by the words of the subject, the last changed first: `id`, `subject`,
 * `company_id`, `company_name`, `status`. `scope` keeps helpdesk tickets (no project step tickets), of a client account's company for a client.
 */
function ticketsFound(shape: TicketShape, scope: SQL): SQL {
  const byNumber =
    shape === 'words'
      ? sql``
      : sql`select 0 as rank, id, updated_at from tickets where id = ${param('number')} and ${scope} union all `;
  return sql`
    with ${ticketsMatching(shape, scope)},
    found as (${byNumber}select 1 as rank, id, updated_at from by_words)
    select t.id, t.subject, c.id as company_id, c.name as company_name, coalesce(s.name, '') as status
    from found
    join tickets t on t.id = found.id
    join companies c on c.id = t.company_id
    left join ticket_statuses s on s.id = t.status
    order by found.rank, found.updated_at desc, found.id desc
    limit ${sql.raw(String(SEARCH_LIMIT))}`;
}

/**
 * The rows of `found` (a query whose columns are named) as the text of a JSON array, `[]` when none, in their order:
 * one object a row with `fields`, and `company` from its columns company_id and company_name. Written by concatenation,
 * as the queue's rows are: json_build_object costs PostgreSQL several times more (bench/README.md).
 */
function jsonRows(found: SQLWrapper, fields: string[], company = false): SQL {
  const parts = fields.map(
    (field, index) => `'${index === 0 ? '{' : ','}"${field}":' || coalesce(to_json(found.${field})::text, 'null')`,
  );
  if (company)
    parts.push(`',"company":{"id":' || found.company_id || ',"name":' || to_json(found.company_name)::text || '}'`);
  const row = sql.raw(`${parts.join(' || ')} || '}'`);
  return sql`(select '[' || coalesce(string_agg(${row}, ','), '') || ']' from (${found}) found)`;
}

const TICKET_FIELDS = ['id', 'subject', 'status'];

/** Staff's search: every kind in one statement, its one row the API's SearchResults as JSON text (`body`). */
function staffStatement(db: Db, shape: TicketShape): SQL {
  return sql`select '{"tickets":' || ${jsonRows(ticketsFound(shape, sql`project_id is null`), TICKET_FIELDS, true)}
    || ',"devices":' || ${jsonRows(devicesFound(db), ['id', 'name', 'type', 'asset_tag'], true)}
    || ',"companies":' || ${jsonRows(companiesFound(db), ['id', 'name'])}
    || ',"accounts":' || ${jsonRows(accountsFound(db), ['id', 'name', 'email'], true)}
    || ',"employees":' || ${jsonRows(employeesFound(db), ['id', 'name', 'email', 'title'])}
    || ',"articles":' || ${jsonRows(articlesFound(db), ['id', 'title', 'category_id'])} || '}' as body`;
}

/** A client account's search: its company's tickets but the Scheduled Maintenance ones (decision 0064). */
function clientStatement(shape: TicketShape): SQL {
  const tickets = ticketsFound(
    shape,
    sql`project_id is null and server_id is null and company_id = ${param('company')}`,
  );
  return sql`select '{"tickets":' || ${jsonRows(tickets, TICKET_FIELDS, true)}
    || ',"devices":[],"companies":[],"accounts":[],"employees":[],"articles":[]}' as body`;
}

/** Who searches: staff see every kind; a client account only its own company's tickets. */
export interface SearchActor {
  id: number;
  type: UserType;
}

/** One search as a statement: its text, its values, and the name it is prepared under (none: planned per call). */
export interface SearchStatement {
  statement: RawStatement;
  values: Record<string, unknown>;
  name?: string;
}

/**
 * The statement of a search for `text`, or null when the text has no word. Staff's is a named prepared statement, one
 * per ticket shape, so PostgreSQL plans it once per connection (decision 0042). A client account's (`companyId`) is
 * planned for every call: its company's size decides whether walking the newest tickets or reading the company's
 * pays, and a plan kept for all companies would be wrong for some.
 */
export function searchStatement(db: Db, text: string, companyId?: number): SearchStatement | null {
  const words = toPrefixQuery(text);
  if (words === null) return null;
  const number = ticketNumberOf(text);
  const shape = ticketShapeOf(number);
  const lowered = text.toLowerCase();
  const values = {
    words,
    lowered,
    prefix: `${lowered.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    number,
    company: companyId,
  };
  if (companyId !== undefined) {
    const built = preparedStatement(db, `search_client_${shape}`, () => rawStatement(clientStatement(shape)));
    return { statement: built, values };
  }
  const prepared = preparedStatement(db, `search_staff_${shape}`, (pool, name) => ({
    statement: rawStatement(staffStatement(pool, shape)),
    name,
  }));
  return { ...prepared, values };
}

const NOTHING_FOUND = '{"tickets":[],"devices":[],"companies":[],"accounts":[],"employees":[],"articles":[]}';

/**
 * GET /api/search: every kind the actor may see, as the JSON text of SearchResults written by PostgreSQL and sent as
 * is (decision 0042). Staff's five kinds are one statement: one round trip and one connection per search.
 */
export async function searchEverything(db: Db, text: string, actor: SearchActor): Promise<string> {
  let companyId: number | undefined;
  if (actor.type !== 'Employee') {
    const company = await clientCompanyOf(db, actor.id);
    if (company === null) return NOTHING_FOUND;
    companyId = company;
  }
  const search = searchStatement(db, text, companyId);
  if (search === null) return NOTHING_FOUND;
  const [row] = await runRawStatement<{ body: string }>(db, search.statement, search.values, search.name);
  return row!.body;
}
