import type { ClientAccount } from '@switchboard/shared';

/** One CSV field: quoted when needed; a leading = + - @ is neutralised so spreadsheets never run it as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The export of the current filter: the table's columns (Company only when not scoped to one company). */
export function buildAccountsCsv(rows: readonly ClientAccount[], options: { withCompany: boolean }): string {
  const header = [
    'Name',
    'Email',
    ...(options.withCompany ? ['Company'] : []),
    'Site',
    'Title',
    'Office Number',
    'Cell Number',
  ];
  const lines = rows.map((row) => [
    row.user.name,
    row.user.email,
    ...(options.withCompany ? [row.company.name] : []),
    row.site?.name ?? '',
    row.title ?? '',
    row.office_number ?? '',
    row.phone_number ?? '',
  ]);
  // CRLF line ends (RFC 4180); the byte-order mark lets spreadsheet programs read the names as UTF-8.
  return `\uFEFF${[header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** accounts-2026-11-22.csv */
export function accountsCsvFileName(today = new Date()): string {
  return `accounts-${today.toISOString().slice(0, 10)}.csv`;
}
