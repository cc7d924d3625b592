import { DISPOSITIONS } from '@switchboard/shared/crm';
import {
  callOutcomeLabels,
  callOutcomes,
  connectRate,
  crmReportMessages,
  daysBetween,
  REPORT_TIME_ZONE,
  statusesOfOutcome,
  weekdayLabels,
  type CallOutcome,
  type CrmReport,
  type CrmReportColumn,
  type CrmReportName,
  type CrmReportQuery,
  type CrmReportRow,
  type CrmReportTable,
} from '@switchboard/shared/crm-reports';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTransaction } from '../../db/client.ts';

// CRM reports (designs/crm-softphone.md §4.10, §6): one grouped query per table over crm_calls, its range on
// created_at so crm_calls_created_idx (created_at, user_id) answers a month of calls; never a query per row.
// Days, hours and weekdays are counted in UTC (REPORT_TIME_ZONE): there is no company time zone setting yet.

type Range = Pick<CrmReportQuery, 'start' | 'end' | 'agent'>;

const zone = sql.raw(`'${REPORT_TIME_ZONE}'`);

/** The status -> outcome mapping of shared/crm-reports.ts as one SQL case (constants only). */
const outcomeSql = sql.raw(
  `case ${callOutcomes
    .map(
      (outcome) => `when c.status in (${statusesOfOutcome(outcome).map((status) => `'${status}'`)}) then '${outcome}'`,
    )
    .join(' ')} end`,
);

/** The calls of the range (and agent) with their outcome, as a subquery named c. */
function rangeCalls({ start, end, agent }: Range): SQL {
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000);
  const byAgent = agent ? sql`and c.user_id = ${agent}` : sql``;
  return sql`(select c.*, ${outcomeSql} as outcome from crm_calls c
    where c.created_at >= ${from.toISOString()}::timestamptz and c.created_at < ${to.toISOString()}::timestamptz
    ${byAgent}) c`;
}

const num = (value: unknown) => Number(value ?? 0);
const textColumn = (key: string, label: string): CrmReportColumn => ({ key, label, kind: 'text' });
const numberColumn = (key: string, label: string): CrmReportColumn => ({ key, label, kind: 'number' });

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
async function callsPerDay(db: DbOrTransaction, range: Range): Promise<CrmReportTable> {
  const result = await db.execute<{ day: string; direction: string; outcome: CallOutcome; calls: number }>(sql`
    select to_char(c.created_at at time zone ${zone}, 'YYYY-MM-DD') as day, c.direction, c.outcome,
      count(*)::int as calls
    from ${rangeCalls(range)}
    group by 1, 2, 3`);
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
  for (const { day, direction, outcome, calls } of result.rows) {
    const row = byDay.get(day);
    if (!row) continue;
    row.total = num(row.total) + num(calls);
    row[direction] = num(row[direction]) + num(calls);
    row[outcome] = num(row[outcome]) + num(calls);
  }
  const rows = [...byDay.values()];
  return { key: 'days', title: 'Calls per day', columns, rows, totals: totalsOf(columns, rows) };
}

interface AgentFigures {
  user_id: number | null;
  name: string | null;
  outgoing: number;
  incoming: number;
  connected: number;
  outgoing_connects: number;
  voicemails: number;
  no_answer: number;
  busy: number;
  missed: number;
  failed: number;
  in_progress: number;
  talk_seconds: number;
}

/** Each agent's figures over the range: one grouped query. */
async function agentFigures(db: DbOrTransaction, range: Range): Promise<AgentFigures[]> {
  const result = await db.execute<Record<keyof AgentFigures, string | number | null>>(sql`
    select c.user_id, u.name,
      count(*) filter (where c.direction = 'outgoing')::int as outgoing,
      count(*) filter (where c.direction = 'incoming')::int as incoming,
      count(*) filter (where c.outcome = 'connected')::int as connected,
      count(*) filter (where c.direction = 'outgoing' and c.outcome = 'connected')::int as outgoing_connects,
      count(*) filter (where c.outcome = 'voicemail')::int as voicemails,
      count(*) filter (where c.outcome = 'no_answer')::int as no_answer,
      count(*) filter (where c.outcome = 'busy')::int as busy,
      count(*) filter (where c.outcome = 'missed')::int as missed,
      count(*) filter (where c.outcome = 'failed')::int as failed,
      count(*) filter (where c.outcome = 'in_progress')::int as in_progress,
      coalesce(sum(c.duration_seconds) filter (where c.answered_at is not null), 0)::int as talk_seconds
    from ${rangeCalls(range)}
    left join users u on u.id = c.user_id
    group by c.user_id, u.name
    order by u.name nulls last, c.user_id`);
  return result.rows.map((row) => ({
    user_id: row.user_id === null ? null : num(row.user_id),
    name: row.name === null ? null : String(row.name),
    outgoing: num(row.outgoing),
    incoming: num(row.incoming),
    connected: num(row.connected),
    outgoing_connects: num(row.outgoing_connects),
    voicemails: num(row.voicemails),
    no_answer: num(row.no_answer),
    busy: num(row.busy),
    missed: num(row.missed),
    failed: num(row.failed),
    in_progress: num(row.in_progress),
    talk_seconds: num(row.talk_seconds),
  }));
}

const agentName = (figures: AgentFigures) => figures.name ?? 'No agent';

function callsPerAgent(figures: AgentFigures[]): CrmReportTable {
  const columns: CrmReportColumn[] = [
    textColumn('agent', 'Agent'),
    numberColumn('outgoing', 'Outgoing'),
    numberColumn('incoming', 'Incoming'),
    ...outcomeColumns,
    { key: 'talk_seconds', label: 'Talk Time', kind: 'duration' },
  ];
  const rows = figures.map((agent) => ({
    agent: agentName(agent),
    agent_id: agent.user_id,
    outgoing: agent.outgoing,
    incoming: agent.incoming,
    connected: agent.connected,
    voicemail: agent.voicemails,
    no_answer: agent.no_answer,
    busy: agent.busy,
    missed: agent.missed,
    failed: agent.failed,
    in_progress: agent.in_progress,
    talk_seconds: agent.talk_seconds,
  }));
  return { key: 'agents', title: 'Calls per agent', columns, rows, totals: totalsOf(columns, rows) };
}

function agentsTable(figures: AgentFigures[]): CrmReportTable {
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
  const row = (name: string, agentId: number | null, figures: Omit<AgentFigures, 'user_id' | 'name'>) => ({
    agent: name,
    agent_id: agentId,
    dials: figures.outgoing,
    connects: figures.outgoing_connects,
    connect_rate: connectRate(figures.outgoing_connects, figures.outgoing),
    voicemails: figures.voicemails,
    // Appointments arrive with the CRM calendar (designs/crm-softphone.md §4.11); none can be counted yet.
    appointments: 0,
    talk_seconds: figures.talk_seconds,
    average_seconds: figures.connected > 0 ? Math.round(figures.talk_seconds / figures.connected) : 0,
  });
  const rows = figures.map((agent) => row(agentName(agent), agent.user_id, agent));
  const sum = (key: keyof Omit<AgentFigures, 'user_id' | 'name'>) =>
    figures.reduce((total, agent) => total + agent[key], 0);
  const totals = row('Total', null, {
    outgoing: sum('outgoing'),
    incoming: sum('incoming'),
    connected: sum('connected'),
    outgoing_connects: sum('outgoing_connects'),
    voicemails: sum('voicemails'),
    no_answer: sum('no_answer'),
    busy: sum('busy'),
    missed: sum('missed'),
    failed: sum('failed'),
    in_progress: sum('in_progress'),
    talk_seconds: sum('talk_seconds'),
  });
  return { key: 'agents', title: 'Agents', columns, rows, totals: { ...totals, agent_id: null } };
}

const directionColumns = (first: CrmReportColumn): CrmReportColumn[] => [
  first,
  numberColumn('outgoing', 'Outgoing'),
  numberColumn('incoming', 'Incoming'),
  numberColumn('total', 'Total'),
];

async function outcomesTable(db: DbOrTransaction, range: Range): Promise<CrmReportTable> {
  const result = await db.execute<{ outcome: CallOutcome; direction: string; calls: number }>(sql`
    select c.outcome, c.direction, count(*)::int as calls from ${rangeCalls(range)} group by 1, 2`);
  const rows: CrmReportRow[] = callOutcomes.map((outcome) => {
    const count = (direction: string) =>
      num(result.rows.find((row) => row.outcome === outcome && row.direction === direction)?.calls);
    return {
      outcome: callOutcomeLabels[outcome],
      outgoing: count('outgoing'),
      incoming: count('incoming'),
      total: count('outgoing') + count('incoming'),
    };
  });
  const columns = directionColumns(textColumn('outcome', 'Outcome'));
  return { key: 'outcomes', title: 'Outcomes', columns, rows, totals: totalsOf(columns, rows) };
}

async function dispositionsTable(db: DbOrTransaction, range: Range): Promise<CrmReportTable> {
  const result = await db.execute<{ disposition: string | null; direction: string; calls: number }>(sql`
    select c.disposition, c.direction, count(*)::int as calls from ${rangeCalls(range)} group by 1, 2`);
  const codes: (string | null)[] = [...DISPOSITIONS.map((disposition) => disposition.code)];
  for (const row of result.rows) if (!codes.includes(row.disposition)) codes.push(row.disposition);
  if (!codes.includes(null)) codes.push(null);
  const label = (code: string | null) =>
    code === null ? 'None' : (DISPOSITIONS.find((disposition) => disposition.code === code)?.label ?? code);
  const rows: CrmReportRow[] = codes.map((code) => {
    const count = (direction: string) =>
      num(result.rows.find((row) => row.disposition === code && row.direction === direction)?.calls);
    return {
      disposition: label(code),
      outgoing: count('outgoing'),
      incoming: count('incoming'),
      total: count('outgoing') + count('incoming'),
    };
  });
  const columns = directionColumns(textColumn('disposition', 'Disposition'));
  return { key: 'dispositions', title: 'Dispositions', columns, rows, totals: totalsOf(columns, rows) };
}

const rateColumns = (first: CrmReportColumn): CrmReportColumn[] => [
  first,
  numberColumn('dials', 'Dials'),
  numberColumn('connects', 'Connects'),
  { key: 'connect_rate', label: 'Connect %', kind: 'percent' },
];

/** Dials and connects grouped by a part of the call's time in the report's zone (hour 0-23, weekday 0-6). */
async function connectsBy(db: DbOrTransaction, range: Range, part: 'hour' | 'dow') {
  const result = await db.execute<{ slot: number; dials: number; connects: number }>(sql`
    select extract(${sql.raw(part)} from c.created_at at time zone ${zone})::int as slot, count(*)::int as dials,
      count(*) filter (where c.outcome = 'connected')::int as connects
    from ${rangeCalls(range)}
    where c.direction = 'outgoing'
    group by 1`);
  return (slot: number) => {
    const row = result.rows.find((entry) => num(entry.slot) === slot);
    const dials = num(row?.dials);
    const connects = num(row?.connects);
    return { dials, connects, connect_rate: connectRate(connects, dials) };
  };
}

function withRate(columns: CrmReportColumn[], rows: CrmReportRow[]): CrmReportRow {
  const totals = totalsOf(columns, rows);
  totals.connect_rate = connectRate(num(totals.connects), num(totals.dials));
  return totals;
}

async function hoursTable(db: DbOrTransaction, range: Range): Promise<CrmReportTable> {
  const figures = await connectsBy(db, range, 'hour');
  const rows = Array.from({ length: 24 }, (_, hour) => ({
    hour: `${String(hour).padStart(2, '0')}:00`,
    ...figures(hour),
  }));
  const columns = rateColumns(textColumn('hour', `Hour (${REPORT_TIME_ZONE})`));
  return { key: 'hours', title: 'Connect rate by hour', columns, rows, totals: withRate(columns, rows) };
}

async function weekdaysTable(db: DbOrTransaction, range: Range): Promise<CrmReportTable> {
  const figures = await connectsBy(db, range, 'dow');
  // Monday first, as a working week reads.
  const rows = [1, 2, 3, 4, 5, 6, 0].map((day) => ({ weekday: weekdayLabels[day]!, ...figures(day) }));
  const columns = rateColumns(textColumn('weekday', `Weekday (${REPORT_TIME_ZONE})`));
  return { key: 'weekdays', title: 'Connect rate by weekday', columns, rows, totals: withRate(columns, rows) };
}

function appointmentsTable(): CrmReportTable {
  const columns = [
    textColumn('day', 'Date'),
    textColumn('agent', 'Agent'),
    numberColumn('set', 'Set'),
    numberColumn('held', 'Held'),
  ];
  return { key: 'appointments', title: 'Appointments', columns, rows: [], totals: null };
}

/** Whether the agent filter names an employee account. */
export async function isReportAgent(db: DbOrTransaction, userId: number): Promise<boolean> {
  const result = await db.execute(sql`select 1 from users where id = ${userId} and type = 'Employee'`);
  return result.rows.length > 0;
}

/** One report over the range (and agent): tables from grouped queries, charts drawn from those tables. */
export async function crmReport(db: DbOrTransaction, report: CrmReportName, range: Range): Promise<CrmReport> {
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
        note: crmReportMessages.appointmentsNote,
        tables: [appointmentsTable()],
        charts: [
          {
            title: 'Appointments per day',
            type: 'bar',
            stacked: false,
            table: 'appointments',
            index_key: 'day',
            series: series(['set', 'held'], { set: 'Set', held: 'Held' }),
          },
        ],
      };
    case 'calls': {
      const days = await callsPerDay(db, range);
      const agents = callsPerAgent(await agentFigures(db, range));
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
      const tables = [
        await outcomesTable(db, range),
        await dispositionsTable(db, range),
        await hoursTable(db, range),
        await weekdaysTable(db, range),
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
      const table = agentsTable(await agentFigures(db, range));
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
