import { api } from '../../lib/api-client.ts';
import type { EmployeeFormValues } from './employee-form-fields.tsx';

// A hire (designs/hr.md §5): the jobs drawer's Create employee opens /hr/employees/create with the applicant's name,
// e-mail, phone, title, department, region, start date and id in the query; once the employee is saved the page links
// them to the applicant (POST /api/hr/applicants/{id}/hire { employee_user_id }).

export interface HirePrefill {
  /** The applicant to link once the employee exists, or null when the page was not opened from a hire. */
  applicantId: number | null;
  values: Partial<EmployeeFormValues>;
}

const id = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? value : null);
const text = (value: string | null, max: number) => (value ? value.trim().slice(0, max) : '');
const date = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The prefill in a create page's query; anything malformed is left out, so the form starts blank there. */
export function hirePrefillOf(params: URLSearchParams): HirePrefill {
  const applicant = id(params.get('applicant'));
  const values: Partial<EmployeeFormValues> = {};
  const name = text(params.get('name'), 255);
  const email = text(params.get('email'), 255);
  const phone = text(params.get('phone'), 40);
  const title = text(params.get('title'), 255);
  const department = id(params.get('department'));
  const region = id(params.get('region'));
  const start = date(params.get('start_date'));
  if (name) values.name = name;
  if (email) values.email = email;
  if (phone) values.phone_number = phone;
  if (title) values.title = title;
  if (department) values.departments = [department];
  if (region) values.region_id = region;
  if (start) values.start_date = start;
  return { applicantId: applicant ? Number(applicant) : null, values };
}

/** Links the new employee to the applicant they were hired as. */
export const linkHiredApplicant = (applicantId: number, employeeUserId: number) =>
  api.post<{ message: string }>(`/api/hr/applicants/${applicantId}/hire`, { employee_user_id: employeeUserId });
