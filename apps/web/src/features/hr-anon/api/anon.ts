import { hrAnonChannel } from '@switchboard/shared';
import {
  anonReportsReleasedEvent,
  type AnonLookup,
  type AnonReportDetail,
  type AnonReportInput,
  type AnonReportRow,
  type AnonCategory,
  type AnonStatus,
  type AnonReportUpdateInput,
} from '@switchboard/shared/hr/anon';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, type FieldErrors } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';
import type { PaginationMeta } from '../../../components/pagination.tsx';

// Anonymous e-mail's calls (designs/hr.md §4, §8; decision 0105). The reporter's three calls go out as a plain fetch
// with no Authorization header, no cookies and no referrer, so the server never learns who sent them; the readers'
// calls use the signed-in client and follow `hr_anon`.

const noIdentity: RequestInit = {
  method: 'POST',
  credentials: 'omit',
  cache: 'no-store',
  referrerPolicy: 'no-referrer',
  headers: { 'content-type': 'application/json', accept: 'application/json' },
};

/** POSTs JSON without any identity; a failure is an ApiError like the signed-in client's, 422 fields included. */
export async function postAnonymously<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...noIdentity, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(0, 'The server could not be reached.');
  }
  const parsed = (await response.json().catch(() => null)) as { message?: string; errors?: FieldErrors } | null;
  if (!response.ok) {
    const message = typeof parsed?.message === 'string' ? parsed.message : 'An error occured.';
    throw new ApiError(response.status, message, {
      errors: parsed?.errors,
      hasServerMessage: typeof parsed?.message === 'string',
      body: parsed,
    });
  }
  return parsed as T;
}

export const useSubmitAnonReport = () =>
  useMutation({
    mutationFn: (input: AnonReportInput) =>
      postAnonymously<{ message: string; reply_code: string | null }>('/api/hr/anonemail', input),
  });

export const useLookupAnonReport = () =>
  useMutation({
    mutationFn: (code: string) => postAnonymously<{ data: AnonLookup }>('/api/hr/anonemail/lookup', { code }),
  });

export const useAnswerAsReporter = () =>
  useMutation({
    mutationFn: (input: { code: string; body: string }) =>
      postAnonymously<{ message: string; data: AnonLookup }>('/api/hr/anonemail/reply', input),
  });

// ---------------------------------------------------------------------------------------------------------------
// Readers.

const anonKey = ['hr', 'anon'] as const;
type ReportsPage = PaginationMeta & { data: AnonReportRow[] };
export interface AnonReportsFilter {
  page: number;
  per_page: number;
  status?: AnonStatus;
  category?: AnonCategory;
}

export const anonReportsQuery = (query: AnonReportsFilter) =>
  queryOptions({
    queryKey: [...anonKey, 'list', query],
    queryFn: ({ signal }) => api.get<ReportsPage>('/api/hr/anonemail/reports', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export const anonReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...anonKey, 'report', id],
    queryFn: ({ signal }) => api.get<{ data: AnonReportDetail }>(`/api/hr/anonemail/reports/${id}`, { signal }),
    select: (response) => response.data,
  });

/** Releases and other readers' changes refetch the open list and report (the event carries nothing). */
export function useAnonChannel(enabled: boolean) {
  const queryClient = useQueryClient();
  useChannel(enabled ? hrAnonChannel : null, {
    [anonReportsReleasedEvent]: () => void queryClient.invalidateQueries({ queryKey: anonKey }),
  });
}

export const useAnonReports = (query: AnonReportsFilter) => useQuery(anonReportsQuery(query));
export const useAnonReport = (id: string | null) => useQuery({ ...anonReportQuery(id ?? ''), enabled: id !== null });

function useReaderMutation<TVariables>(
  call: (variables: TVariables) => Promise<{ message: string; data: AnonReportDetail }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: anonKey }),
  });
}

type Saved = { message: string; data: AnonReportDetail };

export const useUpdateAnonReport = () =>
  useReaderMutation(({ id, input }: { id: string; input: AnonReportUpdateInput }) =>
    api.put<Saved>(`/api/hr/anonemail/reports/${id}`, input),
  );
export const useReplyToReporter = () =>
  useReaderMutation(({ id, body }: { id: string; body: string }) =>
    api.post<Saved>(`/api/hr/anonemail/reports/${id}/messages`, { body }),
  );
export const useAddAnonNote = () =>
  useReaderMutation(({ id, body }: { id: string; body: string }) =>
    api.post<Saved>(`/api/hr/anonemail/reports/${id}/notes`, { body }),
  );
