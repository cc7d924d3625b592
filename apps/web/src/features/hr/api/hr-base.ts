import { storeChannel } from '@switchboard/shared';
import {
  hrBaseUpdatedEvent,
  type HrBase,
  type HrCategory,
  type HrCategoryInput,
  type HrSettings,
  type HrStep,
  type HrStepInput,
} from '@switchboard/shared/hr/base';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// HR base data (spec 1 §3.3, §7.2: loaded on entering hr, refreshed when older than 120 seconds; designs/hr.md §2.1)
// and /hr/admin's calls. HrBaseUpdated on `store` refetches it on every open HR page.

export const hrBaseQueryKey = ['hr', 'base'] as const;
const settingsQueryKey = ['hr', 'settings'] as const;

export function useHrBase() {
  const queryClient = useQueryClient();
  useChannel(storeChannel, {
    [hrBaseUpdatedEvent]: () => void queryClient.invalidateQueries({ queryKey: hrBaseQueryKey }),
  });
  return useQuery({
    queryKey: hrBaseQueryKey,
    queryFn: ({ signal }) => api.get<{ data: HrBase }>('/api/hr/base', { signal }),
    select: (response) => response.data,
    staleTime: 120_000,
  });
}

type Kind = 'categories' | 'steps';
type Saved<T> = { message: string; data: T };

function useBaseMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: hrBaseQueryKey }),
  });
}

export const useSaveCategory = () =>
  useBaseMutation(({ id, input }: { id: number | null; input: HrCategoryInput }) =>
    id === null
      ? api.post<Saved<HrCategory>>('/api/hr/categories', input)
      : api.put<Saved<HrCategory>>(`/api/hr/categories/${id}`, input),
  );

export const useSaveStep = () =>
  useBaseMutation(({ id, input }: { id: number | null; input: HrStepInput }) =>
    id === null
      ? api.post<Saved<HrStep>>('/api/hr/steps', input)
      : api.put<Saved<HrStep>>(`/api/hr/steps/${id}`, input),
  );

export const useDeleteBaseEntry = () =>
  useBaseMutation(({ kind, id }: { kind: Kind; id: number }) =>
    api.delete<{ message: string }>(`/api/hr/${kind}/${id}`),
  );

export function useReorder(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<{ message: string }>(`/api/hr/${kind}/order`, { ids }),
    // Shown in the new order at once; the answer (or a refusal) settles it.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: hrBaseQueryKey });
      queryClient.setQueryData<{ data: HrBase }>(hrBaseQueryKey, (previous) => {
        if (!previous) return previous;
        const rows = previous.data[kind] as { id: number; sort_order: number }[];
        const byId = new Map(rows.map((row) => [row.id, row]));
        const ordered = ids.flatMap((id, index) => {
          const row = byId.get(id);
          return row ? [{ ...row, sort_order: index + 1 }] : [];
        });
        return { data: { ...previous.data, [kind]: ordered } };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: hrBaseQueryKey }),
  });
}

export function useHrSettings() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => api.get<{ data: HrSettings }>('/api/hr/settings', { signal }),
    select: (response) => response.data,
  });
}

export function useSaveHrSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HrSettings) => api.put<Saved<HrSettings>>('/api/hr/settings', input),
    onSuccess: (saved) => queryClient.setQueryData(settingsQueryKey, { data: saved.data }),
  });
}
