import { storeChannel } from '@switchboard/shared';
import type {
  CampaignInput,
  CampaignRow,
  RegionInput,
  RegionRow,
  VerticalInput,
  VerticalRow,
} from '@switchboard/shared/crm-admin';
import type { CrmTelephonyAnswer } from '@switchboard/shared/crm-phone';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { useChannel } from '../../lib/socket.ts';

// The CRM admin lists' calls (designs/crm-softphone.md §4.9, §5). Each list reloads in every open browser on its
// store event (CampaignUpdated, RegionUpdated, VerticalUpdated); a save also refreshes the static data here.

export interface AdminLists {
  campaigns: { row: CampaignRow; input: CampaignInput; event: 'CampaignUpdated' };
  regions: { row: RegionRow; input: RegionInput; event: 'RegionUpdated' };
  verticals: { row: VerticalRow; input: VerticalInput; event: 'VerticalUpdated' };
}
export type AdminList = keyof AdminLists;

const events: { [K in AdminList]: AdminLists[K]['event'] } = {
  campaigns: 'CampaignUpdated',
  regions: 'RegionUpdated',
  verticals: 'VerticalUpdated',
};

export const adminListQueryKey = (list: AdminList) => ['crm', 'admin', list] as const;

export function useAdminList<K extends AdminList>(list: K) {
  const queryClient = useQueryClient();
  useChannel(storeChannel, {
    [events[list]]: () => void queryClient.invalidateQueries({ queryKey: adminListQueryKey(list) }),
  });
  return useQuery({
    queryKey: adminListQueryKey(list),
    queryFn: ({ signal }) => api.get<{ data: AdminLists[K]['row'][] }>(`/api/crm/${list}`, { signal }),
    select: (response) => response.data,
  });
}

function useAdminMutation<I, A>(list: AdminList, send: (input: I) => Promise<A>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminListQueryKey(list) });
      await queryClient.invalidateQueries({ queryKey: ['misc', 'staticdata'] });
    },
  });
}

/** Creates (id null) or updates a row. */
export const useSaveAdminRow = <K extends AdminList>(list: K) =>
  useAdminMutation(list, ({ id, input }: { id: number | null; input: AdminLists[K]['input'] }) =>
    id === null
      ? api.post<{ message: string; data: AdminLists[K]['row'] }>(`/api/crm/${list}`, input)
      : api.put<{ message: string; data: AdminLists[K]['row'] }>(`/api/crm/${list}/${id}`, input),
  );

export const useDeleteAdminRow = (list: AdminList) =>
  useAdminMutation(list, (id: number) => api.delete<{ message: string }>(`/api/crm/${list}/${id}`));

/** The telephony mode ('manage crm'); in local mode the simulated handset's page. */
export function useCrmTelephony() {
  return useQuery({
    queryKey: ['crm', 'telephony'] as const,
    queryFn: ({ signal }) => api.get<{ data: CrmTelephonyAnswer }>('/api/crm/telephony', { signal }),
    select: (response) => response.data,
    staleTime: Infinity,
  });
}
