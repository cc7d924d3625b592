import { describe, expect, it } from 'vitest';
import {
  defaultEmployeeFilters,
  employeeAreaOf,
  employeeFiltersFromSearch,
  employeeFiltersToApiQuery,
  employeeFiltersToSearch,
} from './employee-filters.ts';

describe('employee areas', () => {
  it('titles /crm/agents Agents with the Agent Phone column, the others Employees', () => {
    expect(employeeAreaOf('/crm/agents')).toEqual({ base: '/crm/agents', route: 'crm', title: 'Agents', agents: true });
    expect(employeeAreaOf('/hr/employees')).toEqual({
      base: '/hr/employees',
      route: 'hr',
      title: 'Employees',
      agents: false,
    });
    expect(employeeAreaOf('/employees')).toEqual({
      base: '/employees',
      route: 'employees',
      title: 'Employees',
      agents: false,
    });
  });
});

describe('employee filters in the URL', () => {
  it('defaults to status Enabled and page 1 with an empty query', () => {
    expect(employeeFiltersFromSearch(new URLSearchParams())).toEqual({ filters: defaultEmployeeFilters, page: 1 });
    expect(defaultEmployeeFilters.status).toBe(1);
  });

  it('reads every filter and the page back from what it wrote', () => {
    const filters = { name: 'ada', email: 'example.com', region_id: '4', phone_number: '555', status: 2 as const };
    const search = employeeFiltersToSearch(filters, 3);
    expect(search.toString()).toBe('name=ada&email=example.com&phone_number=555&region_id=4&status=2&page=3');
    expect(employeeFiltersFromSearch(search)).toEqual({ filters, page: 3 });
  });

  it('leaves the defaults out of the URL, but keeps status 0 (All)', () => {
    expect(employeeFiltersToSearch(defaultEmployeeFilters).toString()).toBe('');
    expect(employeeFiltersToSearch({ ...defaultEmployeeFilters, name: '   ', status: 0 }).toString()).toBe('status=0');
  });

  it('falls back to the defaults for malformed values', () => {
    const { filters, page } = employeeFiltersFromSearch(new URLSearchParams('status=7&region_id=abc&page=-2'));
    expect(filters.status).toBe(1);
    expect(filters.region_id).toBe('');
    expect(page).toBe(1);
    expect(employeeFiltersFromSearch(new URLSearchParams('status=')).filters.status).toBe(1);
    expect(employeeFiltersFromSearch(new URLSearchParams('region_id=0')).filters.region_id).toBe('');
  });
});

describe('employee filters to the API query', () => {
  it('always sends route, page, per_page and status; trims text; leaves out blank filters', () => {
    expect(employeeFiltersToApiQuery(defaultEmployeeFilters, 'employees', 1, 50)).toEqual({
      route: 'employees',
      page: 1,
      per_page: 50,
      status: 1,
    });
    expect(
      employeeFiltersToApiQuery(
        { name: ' Ada ', email: '', region_id: '12', phone_number: '(555) 1', status: 0 },
        'crm',
        2,
        500,
      ),
    ).toEqual({ route: 'crm', page: 2, per_page: 500, status: 0, name: 'Ada', region_id: 12, phone_number: '(555) 1' });
  });
});
