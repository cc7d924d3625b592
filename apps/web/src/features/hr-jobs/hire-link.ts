import type { HrHirePrefill } from '@switchboard/shared/hr/jobs';

/**
 * Create employee (designs/hr.md §5): /hr/employees/create with the hire's prefill in the query, read by the employee
 * create page (features/employees/hire-prefill.ts), which links the new employee to `applicant` once saved.
 */
export function hireLink(prefill: HrHirePrefill): string {
  const query = new URLSearchParams();
  query.set('applicant', String(prefill.applicant_id));
  query.set('name', `${prefill.first_name} ${prefill.last_name}`.trim());
  query.set('email', prefill.email);
  if (prefill.phone) query.set('phone', prefill.phone);
  if (prefill.title) query.set('title', prefill.title);
  if (prefill.department_id !== null) query.set('department', String(prefill.department_id));
  if (prefill.region_id !== null) query.set('region', String(prefill.region_id));
  if (prefill.start_date) query.set('start_date', prefill.start_date);
  return `/hr/employees/create?${query.toString()}`;
}
