import { isoToUsDate, storeChannel, type SaveTechResourcesInput, type TechResource } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// GET /api/tech/resources?date=MM/DD/YYYY (spec 2 §7) and the technician's day saved with PUT (decision 0051).

export const techResourcesKey = ['tech-resources'] as const;

export const techResourcesQueryOptions = (day: string) =>
  queryOptions({
    queryKey: [...techResourcesKey, day] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TechResource[] }>('/api/tech/resources', { query: { date: isoToUsDate(day) }, signal }))
        .data,
  });

/** The day's rows ('YYYY-MM-DD'). */
export function useTechResources(day: string) {
  return useQuery(techResourcesQueryOptions(day));
}

export function useSaveTechResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTechResourcesInput) =>
      api.put<{ message: string; data: TechResource }>('/api/tech/resources', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: techResourcesKey }),
  });
}

/** Another dispatcher's save (store channel 'TechResourcesUpdated') reads the board again. */
export function useLiveTechResources(): void {
  const queryClient = useQueryClient();
  useChannel(storeChannel, {
    TechResourcesUpdated: () => void queryClient.invalidateQueries({ queryKey: techResourcesKey }),
  });
}
