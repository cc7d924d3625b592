import { z } from 'zod';

// Employees index (spec 1 §2.6 Employees table, §4 employee account status, §7.6 GET /api/users/employee).

/** Status filter codes of spec 1 §4 / §9: 0 All, 1 Enabled (the default), 2 Disabled (deleted_at set). */
export const EMPLOYEE_STATUS_ALL = 0;
export const EMPLOYEE_STATUS_ENABLED = 1;
export const EMPLOYEE_STATUS_DISABLED = 2;
export const employeeStatusFilterCodes = [
  EMPLOYEE_STATUS_ALL,
  EMPLOYEE_STATUS_ENABLED,
  EMPLOYEE_STATUS_DISABLED,
] as const;
export type EmployeeStatusFilterCode = (typeof employeeStatusFilterCodes)[number];
export const employeeStatusFilterLabels: Record<EmployeeStatusFilterCode, string> = {
  0: 'All',
  1: 'Enabled',
  2: 'Disabled',
};

/** The area the list is opened from: /employees, /hr/employees or /crm/agents. 'crm' lists the sales department only. */
export const employeeListRoutes = ['employees', 'hr', 'crm'] as const;
export type EmployeeListRoute = (typeof employeeListRoutes)[number];

export const employeeAccountStatuses = ['Enabled', 'Disabled'] as const;
export type EmployeeAccountStatus = (typeof employeeAccountStatuses)[number];

// Query strings carry empty values for cleared filters: those mean "no filter".
const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const optionalText = z.preprocess(emptyToUndefined, z.string().trim().max(255).optional());

/** Filters of GET /api/users/employee (paging is added by the server's page query). */
export const employeeIndexFiltersSchema = z.object({
  route: z.preprocess(emptyToUndefined, z.enum(employeeListRoutes).default('employees')),
  name: optionalText,
  email: optionalText,
  region_id: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(2_147_483_647).optional()),
  /** Matched on digits only: '(555) 123' finds 5551234567. */
  phone_number: z.preprocess(emptyToUndefined, z.string().trim().max(50).optional()),
  status: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine(
        (code): code is EmployeeStatusFilterCode => (employeeStatusFilterCodes as readonly number[]).includes(code),
        {
          message: 'The status must be 0, 1 or 2.',
        },
      )
      .default(EMPLOYEE_STATUS_ENABLED),
  ),
});
export type EmployeeIndexFilters = z.infer<typeof employeeIndexFiltersSchema>;

/** One row of the employees index. */
export const employeeIndexRowSchema = z.object({
  user_id: z.number().int(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), photo: z.string().nullable() }),
  title: z.string().nullable(),
  region: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  phone_number: z.string().nullable(),
  /** The employee's CRM agent number, when one is assigned. */
  agent_phone: z.string().nullable(),
  latest_session: z.object({ last_activity: z.string() }).nullable(),
  deleted_at: z.string().nullable(),
  status: z.enum(employeeAccountStatuses),
});
export type EmployeeIndexRow = z.infer<typeof employeeIndexRowSchema>;

/** Spec 1 §2.6: the Region cell when the employee has none. */
export const noRegionLabel = 'No Region';
