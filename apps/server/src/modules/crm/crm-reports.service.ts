import { DISPOSITIONS } from '@switchboard/shared/crm';
import type { CrmCallStatus } from '@switchboard/shared/crm-phone';
import {
  callOutcome,
  callOutcomeLabels,
  callOutcomes,
  connectRate,
  daysBetween,
  REPORT_TIME_ZONE,
  weekdayLabels,
  type CallOutcome,
  type CrmReport,
  type CrmReportColumn,
  type CrmReportName,
  type CrmReportQuery,
  type CrmReportRow,
  type CrmReportTable,
} from '@switchboard/shared/crm-reports';
import { sql } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';

// CRM reports (designs/crm-softphone.md §4.10, §6): each report counts its calls per key, direction and status in
// a few grouped queries and sums its tables from those few rows with the shared status -> outcome mapping. The counts
// come from the rollups of crm_calls kept by a trigger (crm-reports.table.ts, decision 0147): a month is some
// thousands of rollup rows where it was 300,000 calls. Never a query per row (the agents' names are one more query).
// Days, hours and weekdays are counted in UTC (REPORT_TIME_ZONE): there is no company time zone setting yet.

type Range = Pick<CrmReportQuery, 'start' | 'end' | 'agent'>;

/**
 * The keys a report groups its calls by (constant SQL). In UTC a day and an hour of the week are integer steps of
 * the epoch, far cheaper per call than a zone conversion: day = days since 1970-01-01, week_hour = hours since
 * Thursday 00:00 (1970-01-01 was a Thursday) modulo 168. A company time zone would group by local values instead.
 */
const factKeys = {
  day: `floor(date_part('epoch', c.created_at) / 86400)::int`,
  week_hour: `(floor(date_part('epoch', c.created_at) / 3600)::bigint % 168)::int`,
  user_id: 'c.user_id',
  disposition: 'c.disposition',
} as const;
type FactKey = keyof typeof factKeys;

interface Fact {
  /** The values of the keys the query grouped by. */
  key: Partial<Record<FactKey, string | number | null>>;
  direction: 'outgoing' | 'incoming';
  outcome: CallOutcome;
  calls: number;
  talk_seconds: number;
}

/** The range as timestamps: from its first day's midnight (UTC) to the midnight after its last day. */
function bounds({ start, end }: Range) {
  return { from: `${start}T00:00:00Z`, to: new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString() };
}

/**
 * The range's calls (and agent's) counted per the keys, direction and status straight from crm_calls: one scan of
 * the range, one plain GROUP BY. The rollups give the same rows (crm-reports-rollup.test.ts); this reads an agent's
 * hours (crm_calls_user_idx) and serves as the reference.
 */
async function callFacts(db: DbOrTransaction, range: Range, keys: FactKey[]): Promise<Fact[]> {
  const { from, to } = bounds(range);
  const { agent } = range;
  const byAgent = agent ? sql`and c.user_id = ${agent}` : sql``;
  const columns = sql.raw(keys.map((key) => `${factKeys[key]} as ${key}`).join(', '));
  const groups = sql.raw(keys.map((key) => factKeys[key]).join(', '));
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select ${columns}, c.direction, c.status, count(*)::int as calls,
      coalesce(sum(c.duration_seconds) filter (where c.answered_at is not null), 0)::int as talk_seconds
    from crm_calls c
    where c.created_at >= ${from}::timestamptz and c.created_at < ${to}::timestamptz ${byAgent}
    group by ${groups}, c.direction, c.status`);
  return result.rows.map((row) => toFact(row, keys));
}

function toFact(row: Record<string, string | number | null>, keys: FactKey[]): Fact {
  return {
    key: Object.fromEntries(keys.map((key) => [key, row[key] ?? null])),
    direction: row.direction as Fact['direction'],
    outcome: callOutcome(row.status as CrmCallStatus),
    calls: num(row.calls),
    talk_seconds: num(row.talk_seconds),
  };
}

/** The keys as crm_call_day_stats holds them (no agent is 0 there, no disposition ''). */
const dayStatKeys = {
  day: `(s.day - date '1970-01-01')`,
  user_id: 'nullif(s.user_id, 0)',
  disposition: `nullif(s.disposition, '')`,
} as const;
type DayStatKey = keyof typeof dayStatKeys;

/** callFacts' rows for day, agent or disposition keys, summed from the day rollup (a month: some thousand rows). */
async function dayStatFacts(db: DbOrTransaction, range: Range, keys: DayStatKey[]): Promise<Fact[]> {
  const byAgent = range.agent ? sql`and s.user_id = ${range.agent}` : sql``;
  const columns = sql.raw(keys.map((key) => `${dayStatKeys[key]} as ${key}`).join(', '));
  const groups = sql.raw(keys.map((key) => dayStatKeys[key]).join(', '));
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select ${columns}, s.direction, s.status, sum(s.calls)::int as calls, sum(s.talk_seconds)::bigint as talk_seconds
    from crm_call_day_stats s
    where s.day >= ${range.start}::date and s.day <= ${range.end}::date ${byAgent}
    group by ${groups}, s.direction, s.status
    having sum(s.calls) <> 0`);
  return result.rows.map((row) => toFact(row, keys));
}

/**
 * callFacts' rows per hour of the week: all agents from the hour rollup, one agent from their calls (the rollup of
 * hours has no agent: a few thousand calls a month by crm_calls_user_idx).
 */
async function weekHourFacts(db: DbOrTransaction, range: Range): Promise<Fact[]> {
  if (range.agent) return callFacts(db, range, ['week_hour']);
  const { from, to } = bounds(range);
  const hour = (at: string) => Math.floor(Date.parse(at) / 3_600_000);
  const result = await db.execute<Record<string, string | number | null>>(sql`
    select s.epoch_hour % 168 as week_hour, s.direction, s.status, sum(s.calls)::int as calls, 0 as talk_seconds
    from crm_call_hour_stats s
    where s.epoch_hour >= ${hour(from)} and s.epoch_hour < ${hour(to)}
    group by s.epoch_hour % 168, s.direction, s.status
    having sum(s.calls) <> 0`);
  return result.rows.map((row) => toFact(row, ['week_hour']));
}

/** Where a report's counts come from: the rollups, or (the tests' reference) the calls themselves. */
export type ReportSource = 'rollups' | 'calls';

function factsOf(db: DbOrTransaction, range: Range, source: ReportSource) {
  return {
    byDay: (keys: DayStatKey[]) => (source === 'calls' ? callFacts(db, range, keys) : dayStatFacts(db, range, keys)),
    byWeekHour: () => (source === 'calls' ? callFacts(db, range, ['week_hour']) : weekHourFacts(db, range)),
  };
}

/** The agents' names: one query for the ids the facts name. */
async function agentNames(db: DbOrTransaction, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<{ id: number; name: string }>(
    sql`select id, name from users where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(result.rows.map((row) => [num(row.id), row.name]));
}

const num = (value: unknown) => Number(value ?? 0);
const textColumn = (key: string, label: string): CrmReportColumn => ({ key, label, kind: 'text' });
const numberColumn = (key: string, label: string): CrmReportColumn => ({ key, label, kind: 'number' });
const isConnect = (fact: Fact) => fact.outcome === 'connected';

/** A totals row: the first column says Total, number and duration columns are summed. */
function totalsOf(columns: CrmReportColumn[], rows: CrmReportRow[]): CrmReportRow {
  const totals: CrmReportRow = {};
  columns.forEach((column, index) => {
    if (index === 0) totals[column.key] = 'Total';
    else if (column.kind === 'number' || column.kind === 'duration') {
      totals[column.key] = rows.reduce((sum, row) => sum + num(row[column.key]), 0);
    } else totals[column.key] = null;
  });
  return totals;
}

const outcomeColumns = callOutcomes.map((outcome) => numberColumn(outcome, callOutcomeLabels[outcome]));

/** Calls per day by direction and outcome: every day of the range, zero where nothing happened. */
function callsPerDay(facts: Fact[], range: Range): CrmReportTable {
  const columns = [
    textColumn('day', 'Date'),
    numberColumn('total', 'Total'),
    numberColumn('outgoing', 'Outgoing'),
    numberColumn('incoming', 'Incoming'),
    ...outcomeColumns,
  ];
  const byDay = new Map<string, CrmReportRow>();
  for (const day of daysBetween(range.start, range.end)) {
    byDay.set(day, Object.fromEntries(columns.map((column) => [column.key, column.key === 'day' ? day : 0])));
  }
  for (const fact of facts) {
    const row = byDay.get(new Date(num(fact.key.day) * 86_400_000).toISOString().slice(0, 10));
    if (!row) continue;
    row.total = num(row.total) + fact.calls;
    row[fact.direction] = num(row[fact.direction]) + fact.calls;
    row[fact.outcome] = num(row[fact.outcome]) + fact.calls;
  }
  const rows = [...byDay.values()];
  return { key: 'days', title: 'Calls per day', columns, rows, totals: totalsOf(columns, rows) };
}

interface AgentFigures {
  user_id: number | null;
  name: string;
  outgoing: number;
  incoming: number;
  /** Calls per outcome, both directions. */
  outcomes: Record<CallOutcome, number>;
  outgoing_connects: number;
  talk_seconds: number;
}

const noOutcomes = () => Object.fromEntries(callOutcomes.map((outcome) => [outcome, 0])) as Record<CallOutcome, number>;

/**
 * The agents a report lists with zeros when they made no call: staff who may use the phone ('phone access', account
 * enabled), or the one agent the report is filtered to.
 */
async function everyAgent(db: DbOrTransaction, agent: number | undefined): Promise<number[]> {
  const result = agent
    ? { rows: [{ id: agent }] }
    : await db.execute<{ id: number }>(sql`
        select u.id from users u
        where u.type = 'Employee' and u.deleted_at is null and exists (
          select 1 from user_permissions up join permissions p on p.id = up.permission_id
          where up.user_id = u.id and p.name = 'phone access')`);
  return result.rows.map((row) => num(row.id));
}

/**
 * Each agent's figures from the facts grouped by user_id; the names in one more query. Given `everyAgentOf`, the
 * agents without calls in it are listed too, with zeros (the agents report).
 */
async function agentFigures(db: DbOrTransaction, facts: Fact[], everyAgentOf?: Range): Promise<AgentFigures[]> {
  const byAgent = new Map<number | null, AgentFigures>();
  const figuresOf = (id: number | null) => {
    let agent = byAgent.get(id);
    if (!agent) {
      agent = {
        user_id: id,
        name: '',
        outgoing: 0,
        incoming: 0,
        outcomes: noOutcomes(),
        outgoing_connects: 0,
        talk_seconds: 0,
      };
      byAgent.set(id, agent);
    }
    return agent;
  };
  if (everyAgentOf) for (const id of await everyAgent(db, everyAgentOf.agent)) figuresOf(id);
  for (const fact of facts) {
    const agent = figuresOf(fact.key.user_id === null || fact.key.user_id === undefined ? null : num(fact.key.user_id));
    agent[fact.direction] += fact.calls;
    agent.outcomes[fact.outcome] += fact.calls;
    if (fact.direction === 'outgoing' && isConnect(fact)) agent.outgoing_connects += fact.calls;
    agent.talk_seconds += fact.talk_seconds;
  }
  const ids = [...byAgent.keys()].filter((id): id is number => id !== null);
  const names = await agentNames(db, ids);
  const agents = [...byAgent.values()];
  for (const agent of agents) {
    agent.name = (agent.user_id === null ? null : names.get(agent.user_id)) ?? 'No agent';
  }
  // By name, the calls without an agent last.
  return agents.sort((a, b) =>
    a.user_id === null ? 1 : b.user_id === null ? -1 : a.name.localeCompare(b.name) || a.user_id - b.user_id,
  );
}

function callsPerAgent(figures: AgentFigures[]): CrmReportTable {
  const columns: CrmReportColumn[] = [
    textColumn('agent', 'Agent'),
    numberColumn('outgoing', 'Outgoing'),
    numberColumn('incoming', 'Incoming'),
    ...outcomeColumns,
    { key: 'talk_seconds', label: 'Talk Time', kind: 'duration' },
  ];
  const rows = figures.map((agent) => ({
    agent: agent.name,
    agent_id: agent.user_id,
    outgoing: agent.outgoing,
    incoming: agent.incoming,
    ...agent.outcomes,
    talk_seconds: agent.talk_seconds,
  }));
  return { key: 'agents', title: 'Calls per agent', columns, rows, totals: totalsOf(columns, rows) };
}

function agentsTable(figures: AgentFigures[], appointmentsSet: Map<number, number>): CrmReportTable {
  const columns: CrmReportColumn[] = [
    textColumn('agent', 'Agent'),
    numberColumn('dials', 'Dials'),
    numberColumn('connects', 'Connects'),
    { key: 'connect_rate', label: 'Connect %', kind: 'percent' },
    numberColumn('voicemails', 'Voicemails'),
    numberColumn('appointments', 'Appointments'),
    { key: 'talk_seconds', label: 'Talk Time', kind: 'duration' },
    { key: 'average_seconds', label: 'Average Call', kind: 'duration' },
  ];
  type Figures = Pick<AgentFigures, 'outgoing' | 'outgoing_connects' | 'talk_seconds'> & {
    voicemails: number;
    connected: number;
    appointments: number;
  };
  const row = (name: string, agentId: number | null, figures: Figures): CrmReportRow => ({
    agent: name,
    agent_id: agentId,
    dials: figures.outgoing,
    connects: figures.outgoing_connects,
    connect_rate: connectRate(figures.outgoing_connects, figures.outgoing),
    voicemails: figures.voicemails,
    appointments: figures.appointments,
    talk_seconds: figures.talk_seconds,
    // Talk time over the answered calls of both directions.
    average_seconds: figures.connected > 0 ? Math.round(figures.talk_seconds / figures.connected) : 0,
  });
  const figuresOf = (agent: AgentFigures): Figures => ({
    outgoing: agent.outgoing,
    outgoing_connects: agent.outgoing_connects,
    talk_seconds: agent.talk_seconds,
    voicemails: agent.outcomes.voicemail,
    connected: agent.outcomes.connected,
    appointments: agent.user_id === null ? 0 : (appointmentsSet.get(agent.user_id) ?? 0),
  });
  const rows = figures.map((agent) => row(agent.name, agent.user_id, figuresOf(agent)));
  const all = figures.map(figuresOf);
  const sum = (key: keyof Figures) => all.reduce((total, entry) => total + entry[key], 0);
  const totals = row('Total', null, {
    outgoing: sum('outgoing'),
    outgoing_connects: sum('outgoing_connects'),
    talk_seconds: sum('talk_seconds'),
    voicemails: sum('voicemails'),
    connected: sum('connected'),
    appointments: sum('appointments'),
  });
  return { key: 'agents', title: 'Agents', columns, rows, totals };
}

const directionColumns = (first: CrmReportColumn): CrmReportColumn[] => [
  first,
  numberColumn('outgoing', 'Outgoing'),
  numberColumn('incoming', 'Incoming'),
  numberColumn('total', 'Total'),
];

/** Outgoing, incoming and total calls of the facts that match. */
function byDirection(facts: Fact[], matches: (fact: Fact) => boolean) {
  let outgoing = 0;
  let incoming = 0;
  for (const fact of facts) {
    if (!matches(fact)) continue;
    if (fact.direction === 'outgoing') outgoing += fact.calls;
    else incoming += fact.calls;
  }
  return { outgoing, incoming, total: outgoing + incoming };
}

function outcomesTable(facts: Fact[]): CrmReportTable {
  const rows: CrmReportRow[] = callOutcomes.map((outcome) => ({
    outcome: callOutcomeLabels[outcome],
    ...byDirection(facts, (fact) => fact.outcome === outcome),
  }));
  const columns = directionColumns(textColumn('outcome', 'Outcome'));
  return { key: 'outcomes', title: 'Outcomes', columns, rows, totals: totalsOf(columns, rows) };
}

function dispositionsTable(facts: Fact[]): CrmReportTable {
  const codes: (string | null)[] = [...DISPOSITIONS.map((disposition) => disposition.code)];
  const codeOf = (fact: Fact) => (fact.key.disposition == null ? null : String(fact.key.disposition));
  for (const fact of facts) {
    const code = codeOf(fact);
    if (!codes.includes(code)) codes.push(code);
  }
  if (!codes.includes(null)) codes.push(null);
  const label = (code: string | null) =>
    code === null ? 'None' : (DISPOSITIONS.find((disposition) => disposition.code === code)?.label ?? code);
  const rows: CrmReportRow[] = codes.map((code) => ({
    disposition: label(code),
    ...byDirection(facts, (fact) => codeOf(fact) === code),
  }));
  const columns = directionColumns(textColumn('disposition', 'Disposition'));
  return { key: 'dispositions', title: 'Dispositions', columns, rows, totals: totalsOf(columns, rows) };
}

const rateColumns = (first: CrmReportColumn): CrmReportColumn[] => [
  first,
  numberColumn('dials', 'Dials'),
  numberColumn('connects', 'Connects'),
  { key: 'connect_rate', label: 'Connect %', kind: 'percent' },
];

/** Dials (outgoing calls) and their connects in one slot of an hour or weekday set. */
/** The UTC hour (0-23) and weekday (0 Sunday - 6 Saturday) of an hour of the week counted from Thursday 00:00. */
export const hourOfWeek = (weekHour: number) => ({
  hour: weekHour % 24,
  dow: (4 + Math.floor(weekHour / 24)) % 7,
});

function connectsIn(facts: Fact[], set: 'hour' | 'dow', slot: number) {
  let dials = 0;
  let connects = 0;
  for (const fact of facts) {
    if (hourOfWeek(num(fact.key.week_hour))[set] !== slot || fact.direction !== 'outgoing') continue;
    dials += fact.calls;
    if (isConnect(fact)) connects += fact.calls;
  }
  return { dials, connects, connect_rate: connectRate(connects, dials) };
}

function withRate(columns: CrmReportColumn[], rows: CrmReportRow[]): CrmReportRow {
  const totals = totalsOf(columns, rows);
  totals.connect_rate = connectRate(num(totals.connects), num(totals.dials));
  return totals;
}

function hoursTable(facts: Fact[]): CrmReportTable {
  const rows = Array.from({ length: 24 }, (_, hour) => ({
    hour: `${String(hour).padStart(2, '0')}:00`,
    ...connectsIn(facts, 'hour', hour),
  }));
  const columns = rateColumns(textColumn('hour', `Hour (${REPORT_TIME_ZONE})`));
  return { key: 'hours', title: 'Connect rate by hour', columns, rows, totals: withRate(columns, rows) };
}

function weekdaysTable(facts: Fact[]): CrmReportTable {
  // Monday first, as a working week reads.
  const rows = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ weekday: weekdayLabels[day]!, ...connectsIn(facts, 'dow', day) }));
  const columns = rateColumns(textColumn('weekday', `Weekday (${REPORT_TIME_ZONE})`));
  return { key: 'weekdays', title: 'Connect rate by weekday', columns, rows, totals: withRate(columns, rows) };
}

interface AppointmentFact {
  day: string;
  user_id: number;
  set: number;
  held: number;
}

/**
 * Appointments per agent and UTC day in ONE grouped query: set counts those an agent set (created_at, set_by),
 * held those an agent held (starts_at, assigned_to, status held). The agent filter narrows each side to its column.
 */
async function appointmentFacts(db: DbOrTransaction, { start, end, agent }: Range): Promise<AppointmentFact[]> {
  const from = `${start}T00:00:00Z`;
  const to = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString();
  const setBy = agent ? sql`and a.set_by = ${agent}` : sql``;
  const heldBy = agent ? sql`and a.assigned_to = ${agent}` : sql``;
  const result = await db.execute<{ day: number; user_id: number; set: number; held: number }>(sql`
    select f.day, f.user_id, sum(f.set)::int as set, sum(f.held)::int as held
    from (
      select floor(date_part('epoch', a.created_at) / 86400)::int as day, a.set_by as user_id, 1 as set, 0 as held
      from crm_appointments a
      where a.created_at >= ${from} and a.created_at < ${to} and a.set_by is not null ${setBy}
      union all
      select floor(date_part('epoch', a.starts_at) / 86400)::int, a.assigned_to, 0, 1
      from crm_appointments a
      where a.status = 'held' and a.starts_at >= ${from} and a.starts_at < ${to} ${heldBy}
    ) f
    group by f.day, f.user_id`);
  return result.rows.map((row) => ({
    day: new Date(num(row.day) * 86_400_000).toISOString().slice(0, 10),
    user_id: num(row.user_id),
    set: num(row.set),
    held: num(row.held),
  }));
}

/** Appointments set per agent over the range (the agents report's column). */
async function appointmentsSetPerAgent(db: DbOrTransaction, range: Range): Promise<Map<number, number>> {
  const sets = new Map<number, number>();
  for (const fact of await appointmentFacts(db, range))
    sets.set(fact.user_id, (sets.get(fact.user_id) ?? 0) + fact.set);
  return sets;
}

/** Every day of the range with its set and held (the chart), and one row per day and agent with any. */
async function appointmentsTables(db: DbOrTransaction, range: Range): Promise<CrmReportTable[]> {
  const facts = await appointmentFacts(db, range);
  const names = await agentNames(db, [...new Set(facts.map((fact) => fact.user_id))]);
  const perDay = new Map<string, { set: number; held: number }>();
  for (const fact of facts) {
    const day = perDay.get(fact.day) ?? { set: 0, held: 0 };
    day.set += fact.set;
    day.held += fact.held;
    perDay.set(fact.day, day);
  }
  const counts = [numberColumn('set', 'Set'), numberColumn('held', 'Held')];
  const dayColumns = [textColumn('day', 'Date'), ...counts];
  const dayRows = daysBetween(range.start, range.end).map((day) => ({
    day,
    ...(perDay.get(day) ?? { set: 0, held: 0 }),
  }));
  const agentColumns = [textColumn('day', 'Date'), textColumn('agent', 'Agent'), ...counts];
  const agentRows = facts
    .map((fact) => ({
      day: fact.day,
      agent: names.get(fact.user_id) ?? 'No agent',
      agent_id: fact.user_id,
      set: fact.set,
      held: fact.held,
    }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.agent.localeCompare(b.agent) || a.agent_id - b.agent_id);
  return [
    {
      key: 'days',
      title: 'Appointments per day',
      columns: dayColumns,
      rows: dayRows,
      totals: totalsOf(dayColumns, dayRows),
    },
    {
      key: 'appointments',
      title: 'Appointments',
      columns: agentColumns,
      rows: agentRows,
      totals: totalsOf(agentColumns, agentRows),
    },
  ];
}

/** Whether the agent filter names an employee account. */
export async function isReportAgent(db: DbOrTransaction, userId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from users where id = ${userId} and type = 'Employee'`);
  return result.rows.length > 0;
}

/** One report over the range (and agent): tables from grouped queries, charts drawn from those tables. */
export async function crmReport(
  db: DbOrTransaction,
  report: CrmReportName,
  range: Range,
  source: ReportSource = 'rollups',
): Promise<CrmReport> {
  const facts = factsOf(db, range, source);
  const base = {
    report,
    start: range.start,
    end: range.end,
    agent_id: range.agent ?? null,
    time_zone: REPORT_TIME_ZONE,
    note: null,
  };
  const series = (keys: string[], labels: Record<string, string>) => keys.map((key) => ({ key, label: labels[key]! }));
  const direction = { outgoing: 'Outgoing', incoming: 'Incoming' };
  switch (report) {
    case 'appointments':
      return {
        ...base,
        tables: await appointmentsTables(db, range),
        charts: [
          {
            title: 'Appointments per day',
            type: 'bar',
            stacked: false,
            table: 'days',
            index_key: 'day',
            series: series(['set', 'held'], { set: 'Set', held: 'Held' }),
          },
        ],
      };
    case 'calls': {
      const dayFacts = await facts.byDay(['day', 'user_id']);
      const days = callsPerDay(dayFacts, range);
      const agents = callsPerAgent(await agentFigures(db, dayFacts));
      return {
        ...base,
        tables: [days, agents],
        charts: [
          {
            title: 'Calls per day',
            type: 'line',
            stacked: false,
            table: 'days',
            index_key: 'day',
            series: series(['outgoing', 'incoming', 'connected', 'voicemail'], {
              ...direction,
              connected: 'Connected',
              voicemail: 'Voicemail',
            }),
          },
        ],
      };
    }
    case 'callbreakdown': {
      const byDisposition = await facts.byDay(['disposition']);
      const byHour = await facts.byWeekHour();
      const tables = [
        outcomesTable(byDisposition),
        dispositionsTable(byDisposition),
        hoursTable(byHour),
        weekdaysTable(byHour),
      ];
      const stackedByDirection = (table: string, title: string, indexKey: string) => ({
        title,
        type: 'bar' as const,
        stacked: true,
        table,
        index_key: indexKey,
        series: series(['outgoing', 'incoming'], direction),
      });
      const rate = (table: string, title: string, indexKey: string) => ({
        title,
        type: 'bar' as const,
        stacked: false,
        table,
        index_key: indexKey,
        series: [{ key: 'connect_rate', label: 'Connect %' }],
      });
      return {
        ...base,
        tables,
        charts: [
          stackedByDirection('outcomes', 'Outcomes', 'outcome'),
          stackedByDirection('dispositions', 'Dispositions', 'disposition'),
          rate('hours', `Connect rate by hour (${REPORT_TIME_ZONE})`, 'hour'),
          rate('weekdays', `Connect rate by weekday (${REPORT_TIME_ZONE})`, 'weekday'),
        ],
      };
    }
    case 'agents': {
      const figures = await agentFigures(db, await facts.byDay(['user_id']), range);
      const table = agentsTable(figures, await appointmentsSetPerAgent(db, range));
      return {
        ...base,
        tables: [table],
        charts: [
          {
            title: 'Dials and connects per agent',
            type: 'bar',
            stacked: false,
            table: 'agents',
            index_key: 'agent',
            series: series(['dials', 'connects'], { dials: 'Dials', connects: 'Connects' }),
          },
        ],
      };
    }
  }
}
