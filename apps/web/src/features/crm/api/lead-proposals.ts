import type { ProposalRow } from '@switchboard/shared/crm-proposals';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// A lead's proposals for its drawer. The key sits under the proposals page's list key (['crm', 'proposals', 'list']),
// so that page's writes refresh it too.
export function useLeadProposals(leadId: number) {
  const query = { lead_id: leadId, per_page: 20 };
  return useQuery({
    queryKey: ['crm', 'proposals', 'list', query] as const,
    queryFn: ({ signal }) => api.get<{ data: ProposalRow[] }>('/api/crm/proposals', { query, signal }),
    select: (answer) => answer.data,
  });
}
