import {
  DEPARTMENT_ADMINISTRATION,
  DEPARTMENT_BILLING,
  DEPARTMENT_HUMAN_RESOURCES,
  DEPARTMENT_SALES,
  DEPARTMENT_TECH,
} from '@switchboard/shared';

/** Departments; 1 (Tech) and 3 (Sales) are fixed by the spec. */
export const departmentSeeds = [
  { id: DEPARTMENT_TECH, name: 'Tech' },
  { id: DEPARTMENT_ADMINISTRATION, name: 'Administration' },
  { id: DEPARTMENT_SALES, name: 'Sales' },
  { id: DEPARTMENT_BILLING, name: 'Billing' },
  { id: DEPARTMENT_HUMAN_RESOURCES, name: 'Human Resources' },
  { id: 6, name: 'Management' },
];
