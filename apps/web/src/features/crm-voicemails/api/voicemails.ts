import { storeChannel } from '@switchboard/shared';
import type { VoicemailRow, VoicemailUpdateInput } from '@switchboard/shared/crm-voicemails';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// The voicemail drops' calls (designs/crm-softphone.md §4.5, §5) and VoicemailUpdated on `store`, which reloads the
// list in every open browser (the shell reloads the static data's list on the same event).

export const voicemailsQueryKey = ['crm', 'voicemails'] as const;

export function useVoicemails() {
  return useQuery({
    queryKey: voicemailsQueryKey,
    queryFn: ({ signal }) => api.get<{ data: VoicemailRow[] }>('/api/crm/voicemails', { signal }),
    select: (response) => response.data,
  });
}

export function useLiveVoicemails(): void {
  const queryClient = useQueryClient();
  useChannel(storeChannel, {
    VoicemailUpdated: () => void queryClient.invalidateQueries({ queryKey: voicemailsQueryKey }),
  });
}

function useVoicemailMutation<I>(send: (input: I) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: voicemailsQueryKey }),
  });
}

export const useUploadVoicemail = () =>
  useVoicemailMutation((input: { name: string; file: Blob; fileName: string }) => {
    const form = new FormData();
    form.append('name', input.name);
    form.append('file', input.file, input.fileName);
    return api.post<{ message: string; data: VoicemailRow }>('/api/crm/voicemails', form);
  });

export const useUpdateVoicemail = () =>
  useVoicemailMutation(({ id, ...input }: VoicemailUpdateInput & { id: number }) =>
    api.put<{ message: string; data: VoicemailRow }>(`/api/crm/voicemails/${id}`, input),
  );

export const useDeleteVoicemail = () =>
  useVoicemailMutation(({ id, newDefaultId }: { id: number; newDefaultId: number | null }) =>
    api.delete<{ message: string }>(`/api/crm/voicemails/${id}`, {
      query: newDefaultId === null ? {} : { new_default_id: newDefaultId },
    }),
  );

/** The recording as a blob, fetched with the bearer token (an <audio> element cannot send it). */
export const fetchVoicemailAudio = (id: number, signal?: AbortSignal) =>
  api.get<Blob>(`/api/crm/voicemails/${id}/audio`, { responseType: 'blob', signal });
