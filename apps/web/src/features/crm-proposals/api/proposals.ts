import type { ProposalDetail, ProposalInput, ProposalRow, ProposalSendInput } from '@switchboard/shared/crm-proposals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The proposals' calls (designs/crm-softphone.md §4.7, §5): the list, one proposal with its lines, the writes and
// Send. Every write reads the list and the proposal again (the server's answer is the truth).

export const proposalsKey = ['crm', 'proposals'] as const;
const listKey = [...proposalsKey, 'list'] as const;
export const proposalKey = (id: number) => [...proposalsKey, 'detail', id] as const;

export interface ProposalsPage {
  data: ProposalRow[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

export function useProposalList(query: Record<string, string | number>) {
  return useQuery({
    queryKey: [...listKey, query] as const,
    queryFn: ({ signal }) => api.get<ProposalsPage>('/api/crm/proposals', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useProposal(id: number | null) {
  return useQuery({
    queryKey: proposalKey(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: ProposalDetail }>(`/api/crm/proposals/${id}`, { signal }),
    select: (answer) => answer.data,
    enabled: id !== null,
    retry: false,
  });
}

type Saved = { message: string; data: ProposalDetail };

function useProposalWrite<V>(call: (variables: V) => Promise<Saved | { message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if ('data' in answer) queryClient.setQueryData(proposalKey(answer.data.id), { data: answer.data });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export const useSaveProposal = (id: number | null) =>
  useProposalWrite((input: ProposalInput) =>
    id === null ? api.post<Saved>('/api/crm/proposals', input) : api.put<Saved>(`/api/crm/proposals/${id}`, input),
  );

export const useSendProposal = (id: number) =>
  useProposalWrite((input: ProposalSendInput) => api.post<Saved>(`/api/crm/proposals/${id}/send`, input));

export const useDeleteProposal = (id: number) =>
  useProposalWrite(() => api.delete<{ message: string }>(`/api/crm/proposals/${id}`));
