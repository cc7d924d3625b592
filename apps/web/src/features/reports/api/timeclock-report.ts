import type { TimeclockReport } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';

// Spec 3 §7 GET /api/reports/{report}/{start}/{end}/ (dates YYYY-MM-DD); the CSV is the same call with ?format=csv.

const reportPath = (start: string, end: string) =>
  `/api/reports/timeclock/${encodeURIComponent(start)}/${encodeURIComponent(end)}/`;

export const timeclockReportQueryOptions = (start: string, end: string) =>
  queryOptions({
    queryKey: ['reports', 'timeclock', start, end] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: TimeclockReport }>(reportPath(start, end), { signal })).data,
    // Checked-in time keeps running while the page is open: read again every minute.
    refetchInterval: 60_000,
  });

export function useTimeclockReport(start: string, end: string) {
  return useQuery({ ...timeclockReportQueryOptions(start, end), placeholderData: keepPreviousData });
}

/** Downloads the report as CSV, under the server's file name. */
export async function downloadTimeclockCsv(start: string, end: string): Promise<void> {
  const blob = await api.get<Blob>(reportPath(start, end), { query: { format: 'csv' }, responseType: 'blob' });
  saveBlob(blob, `timeclock-${start}-${end}.csv`);
}
