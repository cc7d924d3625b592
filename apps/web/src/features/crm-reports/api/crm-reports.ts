import type { CrmReport, CrmReportName } from '@switchboard/shared/crm-reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';

// GET /api/crm/reports/{report}?start&end&agent (designs/crm-softphone.md §4.10); the CSV is the same call with
// ?format=csv.

export interface CrmReportRange {
  start: string;
  end: string;
  /** An agent's user id, or undefined for all agents. */
  agent: string | undefined;
}

const reportQuery = ({ start, end, agent }: CrmReportRange): Record<string, string> =>
  agent ? { start, end, agent } : { start, end };

export function useCrmReport(report: CrmReportName, range: CrmReportRange) {
  return useQuery({
    queryKey: ['crm', 'reports', report, range.start, range.end, range.agent ?? 'all'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CrmReport }>(`/api/crm/reports/${report}`, { signal, query: reportQuery(range) })).data,
    placeholderData: keepPreviousData,
  });
}

export async function downloadCrmReportCsv(report: CrmReportName, range: CrmReportRange): Promise<void> {
  const blob = await api.get<Blob>(`/api/crm/reports/${report}`, {
    query: { ...reportQuery(range), format: 'csv' },
    responseType: 'blob',
  });
  const agent = range.agent ? `-agent-${range.agent}` : '';
  saveBlob(blob, `crm-${report}-${range.start}-${range.end}${agent}.csv`);
}
