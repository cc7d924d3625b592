// Imports nothing: the pickers of /tickets load this file, and reference.ts (which re-exports its department id)
// brings zod with it; an employee of the list (reference.ts, EmployeeListItem) fits the shapes below.

// Who is a technician (spec 1 §7.2: department 1 = tech; decision 0078): an enabled employee of department Tech.
// Every technician picker lists these (the enabled employees of GET /api/users/employee.list that pass
// isTechnician), and the server takes only these as a ticket's escalation technician. Coordinators, planners,
// researchers and quoters are chosen from every enabled employee.

/** The department whose members are technicians. */
export const TECHNICIAN_DEPARTMENT_ID = 1;

/** An employee (enabled, as GET /api/users/employee.list lists them) of department Tech. */
export const isTechnician = (employee: { departments: readonly { id: number }[] }): boolean =>
  employee.departments.some((department) => department.id === TECHNICIAN_DEPARTMENT_ID);

/**
 * What a technician picker offers: the technicians of the employee list, plus whoever `keep` names that the list
 * holds (the person already chosen, so a saved choice still shows by name until it is changed).
 */
export function technicianChoices<T extends { user_id: number; departments: readonly { id: number }[] }>(
  employees: readonly T[],
  keep: readonly (number | null | undefined)[] = [],
): T[] {
  return employees.filter((employee) => isTechnician(employee) || keep.includes(employee.user_id));
}
