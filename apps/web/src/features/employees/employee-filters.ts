import {
  EMPLOYEE_STATUS_ENABLED,
  employeeStatusFilterCodes,
  type EmployeeListRoute,
  type EmployeeStatusFilterCode,
} from '@switchboard/shared';

/** The three places the employees index lives (spec 1 §2.1, §2.6). */
export interface EmployeeArea {
  /** Path of the index, the prefix of the edit links. */
  base: '/employees' | '/hr/employees' | '/crm/agents';
  /** The `route` value sent to GET /api/users/employee. */
  route: EmployeeListRoute;
  title: 'Employees' | 'Agents';
  /** Only the agents list shows the Agent Phone column. */
  agents: boolean;
}

export const employeeAreas: Record<EmployeeListRoute, EmployeeArea> = {
  employees: { base: '/employees', route: 'employees', title: 'Employees', agents: false },
  hr: { base: '/hr/employees', route: 'hr', title: 'Employees', agents: false },
  crm: { base: '/crm/agents', route: 'crm', title: 'Agents', agents: true },
};

/** The area of a path under /employees, /hr/employees or /crm/agents. */
export function employeeAreaOf(pathname: string): EmployeeArea {
  if (pathname.startsWith('/crm/')) return employeeAreas.crm;
  if (pathname.startsWith('/hr/')) return employeeAreas.hr;
  return employeeAreas.employees;
}

/** The filter row as typed (text inputs), kept in the URL query. */
export interface EmployeeFilterValues {
  name: string;
  email: string;
  /** A region id as text, '' for any region. */
  region_id: string;
  phone_number: string;
  status: EmployeeStatusFilterCode;
}

export const defaultEmployeeFilters: EmployeeFilterValues = {
  name: '',
  email: '',
  region_id: '',
  phone_number: '',
  status: EMPLOYEE_STATUS_ENABLED,
};

const textKeys = ['name', 'email', 'phone_number'] as const;

function parseStatus(value: string | null): EmployeeStatusFilterCode {
  const code = Number(value);
  return value !== null && value !== '' && (employeeStatusFilterCodes as readonly number[]).includes(code)
    ? (code as EmployeeStatusFilterCode)
    : EMPLOYEE_STATUS_ENABLED;
}

/** The filters and page of the URL query; anything unknown or malformed falls back to the default. */
export function employeeFiltersFromSearch(search: URLSearchParams): { filters: EmployeeFilterValues; page: number } {
  const filters: EmployeeFilterValues = { ...defaultEmployeeFilters, status: parseStatus(search.get('status')) };
  for (const key of textKeys) filters[key] = (search.get(key) ?? '').slice(0, 255);
  const region = search.get('region_id') ?? '';
  filters.region_id = /^[1-9]\d{0,9}$/.test(region) ? region : '';
  const page = Number(search.get('page'));
  return { filters, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

/** The URL query for the filters and page: only what differs from the defaults, so a clean list has a clean URL. */
export function employeeFiltersToSearch(filters: EmployeeFilterValues, page = 1): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of textKeys) if (filters[key].trim()) search.set(key, filters[key]);
  if (filters.region_id) search.set('region_id', filters.region_id);
  if (filters.status !== EMPLOYEE_STATUS_ENABLED) search.set('status', String(filters.status));
  if (page > 1) search.set('page', String(page));
  return search;
}

export type EmployeeApiQuery = Record<string, string | number>;

/** The query of GET /api/users/employee for the filters: trimmed text, blank filters left out, status always sent. */
export function employeeFiltersToApiQuery(
  filters: EmployeeFilterValues,
  route: EmployeeListRoute,
  page: number,
  perPage: number,
): EmployeeApiQuery {
  const query: EmployeeApiQuery = { route, page, per_page: perPage, status: filters.status };
  for (const key of textKeys) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  if (filters.region_id) query.region_id = Number(filters.region_id);
  return query;
}
