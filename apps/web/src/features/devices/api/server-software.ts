import type { ServerSoftware } from '@switchboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const softwareKey = (deviceId: number) => ['devices', 'software', deviceId] as const;

/** GET /api/devices/{id}/software: the server's software list, by name. */
export function useServerSoftware(deviceId: number) {
  return useQuery({
    queryKey: softwareKey(deviceId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ServerSoftware[] }>(`/api/devices/${deviceId}/software`, { signal })).data,
  });
}

/** PUT /api/devices/{id}/software: the whole list; kept rows carry their ids. */
export function useSaveServerSoftware(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { software: { id?: number; name: string }[] }) =>
      api.put<{ message: string; data: ServerSoftware[] }>(`/api/devices/${deviceId}/software`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(softwareKey(deviceId), answer.data);
      // Backup strategies pick from and name this list; their queries live under 'strategies' (no import).
      void queryClient.invalidateQueries({ queryKey: ['strategies'] });
    },
  });
}
