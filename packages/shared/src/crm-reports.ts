import { z } from 'zod';
import { crmCallStatuses, type CrmCallStatus } from './crm-phone.ts';
import { csvCell } from './csv.ts';

// CRM reports (designs/crm-softphone.md §4.10, §5): GET /api/crm/reports/{report}?start&end&agent, 'view crm
// reports'. Every report answers tables (columns, rows, a totals row where sums mean something) and charts drawn
// from those tables' rows, so the page draws any report the same way and the CSV (`?format=csv`) is its tables, cell
// for cell. Days and hours are counted in UTC (REPORT_TIME_ZONE): no company time zone setting exists yet.

export const crmReportNames = ['appointments', 'calls', 'callbreakdown', 'agents'] as const;
export type CrmReportName = (typeof crmReportNames)[number];

export const crmReportLabels: Record<CrmReportName, string> = {
  appointments: 'Appointments',
  calls: 'Calls',
  callbreakdown: 'Call Breakdown',
  agents: 'Agents',
};

export const isCrmReportName = (name: string): name is CrmReportName =>
  (crmReportNames as readonly string[]).includes(name);

/** The zone days, hours and weekdays are counted in. */
export const REPORT_TIME_ZONE = 'UTC';
/** The longest range one report covers, in days (start and end included). */
export const CRM_REPORT_MAX_DAYS = 366;

export const crmReportMessages = {
  date: 'Enter a date as YYYY-MM-DD.',
  range: 'The end date must not be before the start date.',
  tooLong: 'A report covers at most 366 days.',
  agent: 'The selected agent is invalid.',
} as const;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
};

const calendarDate = z.string().max(10, crmReportMessages.date).refine(isCalendarDate, crmReportMessages.date);

/** Days from start to end, both included (1 for a single day). */
export const reportDays = (start: string, end: string): number =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

/** Every day from start to end, both included. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${start}T00:00:00Z`); time <= Date.parse(`${end}T00:00:00Z`); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** The default range: the first to the last day of the month holding `today` (YYYY-MM-DD). */
export function thisMonth(today: string): { start: string; end: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const prefix = today.slice(0, 7);
  return { start: `${prefix}-01`, end: `${prefix}-${String(last).padStart(2, '0')}` };
}

/** The query: start and end default to this month, agent to all agents. */
export const crmReportQuerySchema = z
  .object({
    start: calendarDate,
    end: calendarDate,
    agent: z.preprocess(
      (value) => (value === '' || value === 'all' ? undefined : value),
      z.coerce
        .number({ error: crmReportMessages.agent })
        .int(crmReportMessages.agent)
        .min(1)
        .max(2_147_483_647)
        .optional(),
    ),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .superRefine((query, context) => {
    if (query.end < query.start) context.addIssue({ code: 'custom', path: ['end'], message: crmReportMessages.range });
    else if (reportDays(query.start, query.end) > CRM_REPORT_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['end'], message: crmReportMessages.tooLong });
    }
  });
export type CrmReportQuery = z.infer<typeof crmReportQuerySchema>;

/** What became of a call, for the reports: statuses grouped the way a sales floor counts them. */
export const callOutcomes = ['connected', 'voicemail', 'no_answer', 'busy', 'missed', 'failed', 'in_progress'] as const;
export type CallOutcome = (typeof callOutcomes)[number];
export const callOutcomeLabels: Record<CallOutcome, string> = {
  connected: 'Connected',
  voicemail: 'Voicemail',
  no_answer: 'No Answer',
  busy: 'Busy',
  missed: 'Missed',
  failed: 'Failed',
  in_progress: 'In Progress',
};
/** A connect is a call a person answered: completed or transferred after an answer. */
export const callOutcomeOfStatus: Record<CrmCallStatus, CallOutcome> = {
  pending: 'in_progress',
  ringing: 'in_progress',
  active: 'in_progress',
  completed: 'connected',
  transferred: 'connected',
  voicemail: 'voicemail',
  no_answer: 'no_answer',
  busy: 'busy',
  ignored: 'missed',
  missed: 'missed',
  failed: 'failed',
};
export const callOutcome = (status: CrmCallStatus): CallOutcome => callOutcomeOfStatus[status];
/** Statuses per outcome, for building SQL from the one mapping. */
export const statusesOfOutcome = (outcome: CallOutcome): CrmCallStatus[] =>
  crmCallStatuses.filter((status) => callOutcomeOfStatus[status] === outcome);

export const weekdayLabels = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Connects as a percentage of calls, one decimal; 0 without calls. */
export const connectRate = (connects: number, calls: number): number =>
  calls > 0 ? Math.round((connects / calls) * 1000) / 10 : 0;

/** Seconds as H:MM:SS (talk time, average call). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export type CrmReportCell = string | number | null;
export type CrmReportRow = Record<string, CrmReportCell>;

export interface CrmReportColumn {
  key: string;
  label: string;
  /** Numbers align right; durations are seconds shown as H:MM:SS; percent one decimal. */
  kind: 'text' | 'number' | 'percent' | 'duration';
}

export interface CrmReportTable {
  key: string;
  title: string;
  columns: CrmReportColumn[];
  rows: CrmReportRow[];
  totals: CrmReportRow | null;
}

export interface CrmReportChart {
  title: string;
  type: 'line' | 'bar';
  stacked: boolean;
  /** The table whose rows the chart draws, over `index_key`, one series per key. */
  table: string;
  index_key: string;
  series: { key: string; label: string }[];
}

export interface CrmReport {
  report: CrmReportName;
  start: string;
  end: string;
  agent_id: number | null;
  time_zone: string;
  note: string | null;
  tables: CrmReportTable[];
  charts: CrmReportChart[];
}

/** A cell as the page and the CSV show it. */
export function formatReportCell(value: CrmReportCell | undefined, kind: CrmReportColumn['kind']): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (kind === 'duration') return formatDuration(value);
    if (kind === 'percent') return value.toFixed(1);
    return Number.isInteger(value) ? String(value) : value.toFixed(2);
  }
  return value;
}

/** The report as CSV: per table its title, a header of the labels, the rows and the totals row; a blank line between. */
export function crmReportCsv(report: CrmReport): string {
  const line = (cells: CrmReportCell[]) => cells.map(csvCell).join(',');
  const lines: string[] = [];
  report.tables.forEach((table, index) => {
    if (index > 0) lines.push('');
    if (report.tables.length > 1) lines.push(line([table.title]));
    lines.push(line(table.columns.map((column) => column.label)));
    const cells = (row: CrmReportRow) => table.columns.map((column) => formatReportCell(row[column.key], column.kind));
    for (const row of table.rows) lines.push(line(cells(row)));
    if (table.totals) lines.push(line(cells(table.totals)));
  });
  return `${lines.join('\r\n')}\r\n`;
}
