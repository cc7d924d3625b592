import type { EmployeeListItem } from '@switchboard/shared';

/** Employees as select options, by user id (hiring manager, referrer, interviewers). */
export const employeeChoices = (rows: EmployeeListItem[] | undefined) =>
  (rows ?? []).map((row) => ({ value: String(row.user_id), label: row.user.name }));
