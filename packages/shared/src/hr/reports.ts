import { z } from 'zod';
import { csvCell } from '../csv.ts';

// HR reports (designs/hr.md §7): /hr/reports/{report?}/{param1?}/{param2?}, param1 and param2 the start and end dates.
// Every report answers one table (columns and rows, a totals row where sums mean something), so the page draws any
// of them the same way and the CSV is that table (`?format=csv`), cell for cell.

export const hrReportNames = ['pto', 'headcount', 'requests', 'forms', 'hiring', 'anonymous'] as const;
export type HrReportName = (typeof hrReportNames)[number];

export const hrReportLabels: Record<HrReportName, string> = {
  pto: 'PTO',
  headcount: 'Headcount',
  requests: 'Requests',
  forms: 'Forms',
  hiring: 'Hiring',
  anonymous: 'Anonymous reports',
};

/**
 * Reports only some people may open beyond 'view hr reports': the anonymous reports' counts are for the readers of
 * anonymous e-mail (designs/hr.md §4, §7), who see counts by category and quarter and never anything else.
 */
export const hrReportExtraPermission: Partial<Record<HrReportName, string>> = {
  anonymous: 'read anonymous email',
};

/** The ways a report can be grouped (`?group_by=`), the first the default. */
export const hrReportGroupings: Partial<Record<HrReportName, readonly { value: string; label: string }[]>> = {
  headcount: [
    { value: 'month', label: 'Month' },
    { value: 'department', label: 'Department' },
    { value: 'region', label: 'Region' },
    { value: 'tenure', label: 'Tenure' },
  ],
  requests: [
    { value: 'category', label: 'Category' },
    { value: 'approver', label: 'Approver' },
    { value: 'month', label: 'Month' },
  ],
};

/** The grouping asked, or the report's default; null when the report has no such grouping. */
export function hrReportGrouping(report: HrReportName, groupBy: string | undefined): string | null {
  const choices = hrReportGroupings[report];
  if (!choices) return groupBy === undefined ? '' : null;
  if (groupBy === undefined) return choices[0]!.value;
  return choices.some((choice) => choice.value === groupBy) ? groupBy : null;
}

export const hrReportGroupingMessage = (report: HrReportName): string => {
  const choices = hrReportGroupings[report];
  return choices
    ? `Group by one of: ${choices.map((choice) => choice.label).join(', ')}.`
    : 'This report cannot be grouped.';
};

export const isHrReportName = (name: string): name is HrReportName =>
  (hrReportNames as readonly string[]).includes(name);

export const hrReportMessages = {
  range: 'The end date must not be before the start date.',
  tooLong: 'A report covers at most 5 years.',
} as const;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.');
const optionalId = z.coerce.number().int().positive().max(2_147_483_647).optional();

/** The path's dates and the query's filters; the dates default to 1 January to today. */
export const hrReportQuerySchema = z.object({
  from: isoDate,
  to: isoDate,
  department_id: optionalId,
  region_id: optionalId,
  manager_id: optionalId,
  /** Which employees: enabled only (the default), disabled only, or both. */
  enabled: z.enum(['enabled', 'disabled', 'all']).default('enabled'),
  /** One of the report's `hrReportGroupings` (checked per report by the route). */
  group_by: z.string().max(30).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type HrReportQuery = z.infer<typeof hrReportQuerySchema>;

export type HrReportCell = string | number | null;

export const hrReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Numbers align right and sum in the totals row when `total` is set. */
  kind: z.enum(['text', 'number', 'date']),
});
export type HrReportColumn = z.infer<typeof hrReportColumnSchema>;

const cellSchema = z.union([z.string(), z.number(), z.null()]);

export const hrReportSchema = z.object({
  report: z.enum(hrReportNames),
  from: z.string(),
  to: z.string(),
  columns: z.array(hrReportColumnSchema),
  rows: z.array(z.record(z.string(), cellSchema)),
  totals: z.record(z.string(), cellSchema).nullable(),
  /** One series per key over the rows' `label` column, for reports with a chart (headcount). */
  chart: z.object({ label_key: z.string(), series: z.array(z.string()) }).nullable(),
});
export type HrReport = z.infer<typeof hrReportSchema>;
export const hrReportResponseSchema = z.object({ data: hrReportSchema });

/** The table as CSV: a header of the labels, the rows, then the totals row. */
export function hrReportCsv(report: HrReport): string {
  const line = (cells: HrReportCell[]) => cells.map(csvCell).join(',');
  const lines = [line(report.columns.map((column) => column.label))];
  for (const row of report.rows) lines.push(line(report.columns.map((column) => row[column.key] ?? null)));
  if (report.totals) lines.push(line(report.columns.map((column) => report.totals?.[column.key] ?? null)));
  return `${lines.join('\r\n')}\r\n`;
}
