import { formatPhoneNumber, noRegionLabel, type EmployeeIndexRow } from '@switchboard/shared';

/** One CSV field: quoted when needed; a leading = + - @ is neutralised so spreadsheets never run it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The export of what the filters show: the table's columns (Agent Phone only for agents), dates as ISO text. */
export function buildEmployeesCsv(rows: readonly EmployeeIndexRow[], options: { agents: boolean }): string {
  const header = [
    'Name',
    'Email',
    'Title',
    'Region',
    'Phone',
    ...(options.agents ? ['Agent Phone'] : []),
    'Last Active',
    'Status',
  ];
  const lines = rows.map((row) => [
    row.user.name,
    row.user.email,
    row.title ?? '',
    row.region?.name ?? noRegionLabel,
    formatPhoneNumber(row.phone_number),
    ...(options.agents ? [formatPhoneNumber(row.agent_phone)] : []),
    row.latest_session?.last_activity ?? '',
    row.status,
  ]);
  // CRLF line ends (RFC 4180); the byte-order mark lets spreadsheet programs read the names as UTF-8.
  return `\uFEFF${[header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The file name of an export, e.g. agents-2026-11-22.csv. */
export function employeesCsvFileName(title: string, today = new Date()): string {
  return `${title.toLowerCase()}-${today.toISOString().slice(0, 10)}.csv`;
}
