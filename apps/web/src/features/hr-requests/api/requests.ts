import { userChannel } from '@switchboard/shared';
import { hrRequestUpdatedEvent } from '@switchboard/shared/hr/events';
import type {
  HrOutEntry,
  HrRequestActionInput,
  HrRequestApproveInput,
  HrRequestBankOption,
  HrRequestBulkApproveInput,
  HrRequestDenyInput,
  HrRequestDetail,
  HrRequestInput,
  HrRequestListQuery,
  HrRequestListResponse,
  HrRequestPreview,
  HrRequestPreviewInput,
  HrRequesterSchedule,
  HrRequestShortenInput,
  HrRequestUpdatedPayload,
} from '@switchboard/shared/hr/requests';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// HR requests' calls (designs/hr.md §2, §8): the lists, a request's detail, the time-off preview, who is out, the
// decisions, and HrRequestUpdated on the viewer's own user.{id} channel refreshing what is shown.

export const hrRequestsQueryKey = ['hr', 'requests'] as const;
const detailKey = (id: number) => [...hrRequestsQueryKey, 'detail', id] as const;

const queryOf = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );

export function useHrRequestList(query: HrRequestListQuery, enabled = true) {
  return useQuery({
    queryKey: [...hrRequestsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => api.get<HrRequestListResponse>('/api/hr/requests', { query: queryOf(query), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useHrRequest(id: number | null) {
  return useQuery({
    queryKey: detailKey(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: HrRequestDetail }>(`/api/hr/requests/${id}`, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** The bank select's options before any date is chosen (the preview answers them again for the dates). */
export function useRequestBanks(userId: number | null) {
  return useQuery({
    queryKey: [...hrRequestsQueryKey, 'banks', userId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: HrRequestBankOption[] }>('/api/hr/requests/banks', {
        query: userId === null ? {} : { user_id: userId },
        signal,
      }),
    select: (response) => response.data,
  });
}

/** The requester's week now (own work_hours or the company week): a schedule change starts from it. */
export function useRequesterSchedule(userId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: [...hrRequestsQueryKey, 'schedule', userId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: HrRequesterSchedule }>('/api/hr/requests/schedule', {
        query: userId === null ? {} : { user_id: userId },
        signal,
      }),
    select: (response) => response.data,
    enabled,
  });
}

/** POST /api/hr/requests/preview for complete time-off fields (the caller debounces); null asks nothing. */
export function useRequestPreview(input: HrRequestPreviewInput | null) {
  return useQuery({
    queryKey: [...hrRequestsQueryKey, 'preview', input] as const,
    queryFn: ({ signal }) => api.post<{ data: HrRequestPreview }>('/api/hr/requests/preview', input, { signal }),
    select: (response) => response.data,
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/hr/out: who is out in the range (no reasons). */
export function useWhoIsOut(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...hrRequestsQueryKey, 'out', range] as const,
    queryFn: ({ signal }) => api.get<{ data: HrOutEntry[] }>('/api/hr/out', { query: range ?? {}, signal }),
    select: (response) => response.data,
    enabled: range !== null,
  });
}

type Written = { data: HrRequestDetail; message?: string };

function useWrite<TVariables>(call: (variables: TVariables) => Promise<Written>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => queryClient.setQueryData(detailKey(answer.data.id), { data: answer.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hrRequestsQueryKey }),
  });
}

/**
 * POST /api/hr/requests, or PUT /api/hr/requests/{id} when editing a pending one. A new request with an attachment
 * goes as multipart: the request as JSON in `payload`, the file in `attachment` (HR-only, designs/hr.md §2.3).
 */
export const useSaveRequest = () =>
  useWrite(({ id, input, attachment }: { id: number | null; input: HrRequestInput; attachment?: File | null }) => {
    if (id !== null) return api.put<Written>(`/api/hr/requests/${id}`, input);
    if (!attachment) return api.post<Written>('/api/hr/requests', input);
    const form = new FormData();
    form.append('payload', JSON.stringify(input));
    form.append('attachment', attachment, attachment.name);
    return api.post<Written>('/api/hr/requests', form);
  });

/** The request's HR-only attachment, saved under its name (the server answers it to the requester and HR only). */
export async function downloadRequestAttachment(id: number, name: string): Promise<void> {
  const blob = await api.get<Blob>(`/api/hr/requests/${id}/attachment`, { responseType: 'blob' });
  saveBlob(blob, name);
}

/**
 * After filing, while pending: POST /api/hr/requests/{id}/attachment (multipart, the file alone) adds or replaces the
 * HR-only attachment; DELETE removes it. The requester and HR approvers only.
 */
export const useChangeAttachment = (id: number) =>
  useWrite((file: File | null) => {
    if (file === null) return api.delete<Written>(`/api/hr/requests/${id}/attachment`);
    const form = new FormData();
    form.append('attachment', file, file.name);
    return api.post<Written>(`/api/hr/requests/${id}/attachment`, form);
  });

export type HrRequestDecision =
  | { action: 'approve'; input: HrRequestApproveInput }
  | { action: 'deny'; input: HrRequestDenyInput }
  | { action: 'cancel'; input: HrRequestActionInput }
  | { action: 'complete'; input: HrRequestActionInput }
  | { action: 'shorten'; input: HrRequestShortenInput }
  | { action: 'comments'; input: { comment: string } };

export const useRequestDecision = (id: number) =>
  useWrite((decision: HrRequestDecision) =>
    api.post<Written>(`/api/hr/requests/${id}/${decision.action}`, decision.input),
  );

export interface BulkApproveAnswer {
  data: { id: number; ok: boolean; status: number; message: string }[];
  message: string;
}

export function useBulkApprove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HrRequestBulkApproveInput) => api.post<BulkApproveAnswer>('/api/hr/requests/approve', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: hrRequestsQueryKey }),
  });
}

/**
 * HrRequestUpdated on the viewer's user.{id}: a request they filed or approve changed, so the lists and that
 * request's open detail read again (the manager sees a new request arrive, the employee sees the decision).
 */
export function useLiveHrRequests() {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  useChannel(me ? userChannel(me.id) : null, {
    [hrRequestUpdatedEvent]: (payload: HrRequestUpdatedPayload) => {
      void queryClient.invalidateQueries({ queryKey: [...hrRequestsQueryKey, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...hrRequestsQueryKey, 'out'] });
      if (payload?.request?.id) void queryClient.invalidateQueries({ queryKey: detailKey(payload.request.id) });
    },
  });
}
