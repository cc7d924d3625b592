import { hrJobChannel } from '@switchboard/shared';
import {
  hrApplicantMovedEvent,
  hrApplicantUpdatedEvent,
  hrInterviewChangedEvent,
  type HrApplicantCreateValues,
  type HrApplicantDetail,
  type HrApplicantEmailInput,
  type HrApplicantFileKind,
  type HrApplicantMovedPayload,
  type HrApplicantMoveInput,
  type HrApplicantUpdatedPayload,
  type HrApplicantUpdateValues,
  type HrBoard,
  type HrBoardCard,
  type HrFeedbackInput,
  type HrHirePrefill,
  type HrInterview,
  type HrInterviewChangedPayload,
  type HrInterviewInput,
  type HrJob,
  type HrJobInput,
  type HrJobListQuery,
  type HrJobRow,
} from '@switchboard/shared/hr/jobs';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';
import { moveCard, placeCard, updateCard } from '../board-state.ts';

// /hr/jobs's calls (designs/hr.md §5, §8): openings, the board, applicants, interviews and scorecards. The board and
// an open drawer follow hr_job_{id}: moves and card changes are applied to the cache, the rest is read again.

export const jobsQueryKey = ['hr', 'jobs'] as const;
const jobKey = (id: number) => [...jobsQueryKey, 'job', id] as const;
export const boardKey = (jobId: number) => [...jobsQueryKey, 'board', jobId] as const;
export const applicantKey = (id: number) => [...jobsQueryKey, 'applicant', id] as const;

type Saved<T> = { message: string; data: T };
type Message = { message: string };
export type JobPage = PaginationMeta & { data: HrJobRow[] };

export function useJobs(query: Partial<HrJobListQuery>) {
  return useQuery({
    queryKey: [...jobsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<JobPage>('/api/hr/jobs', {
        query: Object.fromEntries(Object.entries(query).filter((entry) => entry[1] !== undefined && entry[1] !== '')),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKey(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: HrJob }>(`/api/hr/jobs/${id}`, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: HrJobInput }) =>
      id === null ? api.post<Saved<HrJob>>('/api/hr/jobs', input) : api.put<Saved<HrJob>>(`/api/hr/jobs/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Message>(`/api/hr/jobs/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...jobsQueryKey, 'list'] }),
  });
}

const setBoard = (queryClient: QueryClient, jobId: number, change: (board: HrBoard) => HrBoard) =>
  queryClient.setQueryData<{ data: HrBoard }>(boardKey(jobId), (previous) =>
    previous ? { data: change(previous.data) } : previous,
  );

/**
 * The events of hr_job_{id}: a move or a changed card lands in the board's cache at once; interviews and the open
 * drawer are read again (their answers depend on who reads them, e.g. hidden scorecards).
 */
export function useJobChannel(jobId: number | null) {
  const queryClient = useQueryClient();
  useChannel(jobId === null ? null : hrJobChannel(jobId), {
    [hrApplicantMovedEvent]: (payload: HrApplicantMovedPayload) => {
      setBoard(queryClient, payload.job_id, (board) => placeCard(board, payload.card, payload.position));
      void queryClient.invalidateQueries({ queryKey: applicantKey(payload.applicant_id) });
      void queryClient.invalidateQueries({ queryKey: [...jobsQueryKey, 'list'] });
    },
    [hrApplicantUpdatedEvent]: (payload: HrApplicantUpdatedPayload) => {
      setBoard(queryClient, payload.job_id, (board) => updateCard(board, payload.applicant_id, payload.card));
      void queryClient.invalidateQueries({ queryKey: applicantKey(payload.applicant_id) });
    },
    [hrInterviewChangedEvent]: (payload: HrInterviewChangedPayload) => {
      void queryClient.invalidateQueries({ queryKey: boardKey(payload.job_id) });
      void queryClient.invalidateQueries({ queryKey: applicantKey(payload.applicant_id) });
    },
  });
}

export function useBoard(jobId: number | null) {
  useJobChannel(jobId);
  return useQuery({
    queryKey: boardKey(jobId ?? 0),
    queryFn: ({ signal }) => api.get<{ data: HrBoard }>(`/api/hr/jobs/${jobId}/board`, { signal }),
    select: (response) => response.data,
    enabled: jobId !== null,
  });
}

/**
 * A move, shown at once; on a refusal (409 when someone moved the card first) the board snaps back to what it was
 * and is read again.
 */
export function useMoveApplicant(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, input }: { applicantId: number; input: HrApplicantMoveInput }) =>
      api.post<Saved<HrBoardCard>>(`/api/hr/applicants/${applicantId}/move`, input),
    onMutate: async ({ applicantId, input }) => {
      await queryClient.cancelQueries({ queryKey: boardKey(jobId) });
      const before = queryClient.getQueryData<{ data: HrBoard }>(boardKey(jobId));
      setBoard(queryClient, jobId, (board) => moveCard(board, applicantId, input.step_id, input.position));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(boardKey(jobId), context.before);
      void queryClient.invalidateQueries({ queryKey: boardKey(jobId) });
    },
    // The answer is the card where the server put it; the drawer (timeline, step) is read again.
    onSuccess: (answer) => {
      setBoard(queryClient, jobId, (board) => placeCard(board, answer.data, answer.data.position));
      void queryClient.invalidateQueries({ queryKey: applicantKey(answer.data.id) });
      void queryClient.invalidateQueries({ queryKey: [...jobsQueryKey, 'list'] });
    },
  });
}

/**
 * GET /api/hr/interviews from `from` on: for an interviewer without 'manage jobs' the server answers only the
 * interviews they are on (designs/hr.md §5), the page an Interview notification lands on.
 */
export function useMyInterviews(from: string) {
  return useQuery({
    queryKey: [...jobsQueryKey, 'interviews', 'mine', from] as const,
    queryFn: ({ signal }) => api.get<{ data: HrInterview[] }>('/api/hr/interviews', { query: { from }, signal }),
    select: (response) => response.data,
  });
}

export function useApplicant(id: number | null) {
  return useQuery({
    queryKey: applicantKey(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: HrApplicantDetail }>(`/api/hr/applicants/${id}`, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** After a change to an applicant: their drawer, their job's board and the openings' counts are read again. */
function useApplicantMutation<TVariables, TResult>(
  applicantId: number,
  call: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicantKey(applicantId) }),
        queryClient.invalidateQueries({ queryKey: [...jobsQueryKey, 'board'] }),
      ]),
  });
}

/** The applicant form's text fields and its files as the multipart body of POST /api/hr/jobs/{id}/applicants. */
export function applicantFormData(values: HrApplicantCreateValues, files: { kind: HrApplicantFileKind; file: File }[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    form.append(key, key === 'tags' ? JSON.stringify(value) : String(value));
  }
  for (const { kind, file } of files) form.append(kind, file, file.name);
  return form;
}

export function useCreateApplicant(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.post<Saved<HrApplicantDetail> & { warnings: string[] }>(`/api/hr/jobs/${jobId}/applicants`, form),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsQueryKey }),
  });
}

export const useUpdateApplicant = (id: number) =>
  useApplicantMutation(id, (input: HrApplicantUpdateValues) =>
    api.put<Saved<HrApplicantDetail>>(`/api/hr/applicants/${id}`, input),
  );

export function useDeleteApplicant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Message>(`/api/hr/applicants/${id}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: applicantKey(id) });
      return queryClient.invalidateQueries({ queryKey: jobsQueryKey });
    },
  });
}

export const useAddNote = (id: number) =>
  useApplicantMutation(id, (body: string) => api.post<Message>(`/api/hr/applicants/${id}/notes`, { body }));

export const useSendEmail = (id: number) =>
  useApplicantMutation(id, (input: HrApplicantEmailInput) =>
    api.post<Message>(`/api/hr/applicants/${id}/email`, input),
  );

export const useAddFiles = (id: number) =>
  useApplicantMutation(id, ({ kind, files }: { kind: HrApplicantFileKind; files: File[] }) => {
    const form = new FormData();
    form.append('kind', kind);
    for (const file of files) form.append('file', file, file.name);
    return api.post<Message>(`/api/hr/applicants/${id}/files`, form);
  });

export const useDeleteFile = (id: number) =>
  useApplicantMutation(id, (fileId: number) => api.delete<Message>(`/api/hr/applicants/${id}/files/${fileId}`));

/** A stored file of an applicant, saved under its name (the route checks the same gates as the applicant). */
export async function downloadApplicantFile(file: { download_path: string; name: string }): Promise<void> {
  const blob = await api.get<Blob>(`/api${file.download_path}`, { responseType: 'blob' });
  saveBlob(blob, file.name);
}

/** POST /api/hr/applicants/{id}/hire without a body: the prefill of /hr/employees/create. */
export const fetchHirePrefill = (id: number) => api.post<{ data: HrHirePrefill }>(`/api/hr/applicants/${id}/hire`);

export const useSaveInterview = (applicantId: number) =>
  useApplicantMutation(applicantId, ({ id, input }: { id: number | null; input: HrInterviewInput }) =>
    id === null
      ? api.post<Saved<HrInterview> & { warnings: string[] }>('/api/hr/interviews', input)
      : api.put<Saved<HrInterview> & { warnings: string[] }>(`/api/hr/interviews/${id}`, input),
  );

export const useCancelInterview = (applicantId: number) =>
  useApplicantMutation(applicantId, (id: number) => api.delete<Message>(`/api/hr/interviews/${id}`));

export const useSaveFeedback = (applicantId: number) =>
  useApplicantMutation(applicantId, ({ id, input }: { id: number; input: HrFeedbackInput }) =>
    api.post<Message>(`/api/hr/interviews/${id}/feedback`, input),
  );
