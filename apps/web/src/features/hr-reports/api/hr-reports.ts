import type { EmployeeListItem } from '@switchboard/shared';
import type { HrReport, HrReportName } from '@switchboard/shared/hr/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';

// GET /api/hr/reports/{report}/{from}/{to} (designs/hr.md §7); the CSV is the same call with ?format=csv.

export type HrReportFilters = Record<
  'department_id' | 'region_id' | 'manager_id' | 'enabled' | 'group_by',
  string | undefined
>;

const reportPath = (report: HrReportName, from: string, to: string) =>
  `/api/hr/reports/${report}/${encodeURIComponent(from)}/${encodeURIComponent(to)}`;

const definedQuery = (filters: HrReportFilters) =>
  Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));

export function useHrReport(report: HrReportName, from: string, to: string, filters: HrReportFilters) {
  return useQuery({
    queryKey: ['hr', 'reports', report, from, to, filters] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: HrReport }>(reportPath(report, from, to), { signal, query: definedQuery(filters) })).data,
    placeholderData: keepPreviousData,
  });
}

export async function downloadHrReportCsv(
  report: HrReportName,
  from: string,
  to: string,
  filters: HrReportFilters,
): Promise<void> {
  const blob = await api.get<Blob>(reportPath(report, from, to), {
    query: { ...definedQuery(filters), format: 'csv' },
    responseType: 'blob',
  });
  saveBlob(blob, `hr-${report}-${from}-${to}.csv`);
}

/** The managers a report can be filtered by: every employee. */
export function useEmployeeChoices() {
  return useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    staleTime: 60_000,
  });
}
