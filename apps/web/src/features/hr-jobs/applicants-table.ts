import {
  hrApplicantSourceLabels,
  type HrApplicantSource,
  type HrBoard,
  type HrBoardCard,
} from '@switchboard/shared/hr/jobs';
import { csvField } from '../employees/employees-csv.ts';

// details/{id}'s applicant table (designs/hr.md §5): the board's cards filtered in the browser, and the CSV of what
// the filters show (the table's columns).

export interface ApplicantFilters {
  search: string;
  step_id: number | null;
  source: HrApplicantSource | null;
  min_rating: number | null;
  tag: string | null;
}

export const noApplicantFilters: ApplicantFilters = {
  search: '',
  step_id: null,
  source: null,
  min_rating: null,
  tag: null,
};

export interface ApplicantRow extends HrBoardCard {
  step_name: string;
}

/** Every card with its step's name, in the board's order (steps, then positions). */
export function applicantRows(board: HrBoard): ApplicantRow[] {
  return board.columns.flatMap((column) => column.cards.map((card) => ({ ...card, step_name: column.step.name })));
}

export function filterApplicants(rows: readonly ApplicantRow[], filters: ApplicantFilters): ApplicantRow[] {
  const needle = filters.search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (needle === '' || row.name.toLowerCase().includes(needle) || row.email.toLowerCase().includes(needle)) &&
      (filters.step_id === null || row.step_id === filters.step_id) &&
      (filters.source === null || row.source === filters.source) &&
      (filters.min_rating === null || (row.rating ?? 0) >= filters.min_rating) &&
      (filters.tag === null || row.tags.includes(filters.tag)),
  );
}

export const applicantColumns = ['Name', 'Email', 'Step', 'Rating', 'Source', 'Tags', 'Days in step', 'Applied'];

/** The CSV of the shown rows: the table's columns, dates as ISO text, CRLF line ends and a byte-order mark. */
export function buildApplicantsCsv(rows: readonly ApplicantRow[]): string {
  const lines = rows.map((row) => [
    row.name,
    row.email,
    row.step_name,
    row.rating === null ? '' : String(row.rating),
    hrApplicantSourceLabels[row.source],
    row.tags.join('; '),
    String(row.days_in_step),
    row.created_at.slice(0, 10),
  ]);
  return `\uFEFF${[applicantColumns, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** "applicants-senior-technician-2026-11-28.csv". */
export function applicantsCsvFileName(title: string, today = new Date()): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `applicants-${slug || 'job'}-${today.toISOString().slice(0, 10)}.csv`;
}
