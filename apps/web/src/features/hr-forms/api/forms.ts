import { userChannel, type EmployeeListItem } from '@switchboard/shared';
import { hrFormAssignedEvent } from '@switchboard/shared/hr/events';
import type {
  HrFormAssignInput,
  HrFormDetail,
  HrFormInput,
  HrFormListResponse,
  HrFormMineListResponse,
  HrFormPublishInput,
  HrFormSubmission,
  HrFormSubmissionsResponse,
  HrFormSubmitInput,
} from '@switchboard/shared/hr/forms';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { useChannel } from '../../../lib/socket.ts';

// HR forms' calls (designs/hr.md §3, §8): my forms, HR's list with completion, one form (draft, versions, my
// version), publish, assign, remind, submit, the submissions with their CSV, and the PDF upload of a form's body.

export const hrFormsKey = ['hr', 'forms'] as const;
type Saved<T> = { message: string; data: T };
type Count = { message: string; data: { count: number } };
type SubmissionStatus = 'all' | 'done' | 'outstanding';
export type UploadedFile = { id: number; name: string; size: number };

export const myFormsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...hrFormsKey, 'mine', page] as const,
    queryFn: ({ signal }) =>
      api.get<HrFormMineListResponse>('/api/hr/forms', { query: { scope: 'mine', page, per_page: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

/** The forms still to sign, counted by the page's total (one row asked: the count is the server's, not the page's). */
export const formsToSignQueryOptions = () =>
  queryOptions({
    queryKey: [...hrFormsKey, 'mine', 'to-sign'] as const,
    queryFn: ({ signal }) =>
      api.get<HrFormMineListResponse>('/api/hr/forms', {
        query: { scope: 'mine', status: 'outstanding', page: 1, per_page: 1 },
        signal,
      }),
  });
export const useFormsToSign = () => useQuery(formsToSignQueryOptions());

export const allFormsQueryOptions = (query: { page: number; search: string; archived: boolean }) =>
  queryOptions({
    queryKey: [...hrFormsKey, 'all', query] as const,
    queryFn: ({ signal }) =>
      api.get<HrFormListResponse>('/api/hr/forms', {
        query: { scope: 'all', page: query.page, search: query.search, archived: query.archived ? '1' : '0' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const formQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...hrFormsKey, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<{ data: HrFormDetail }>(`/api/hr/forms/${id}`, { signal }),
    select: (response) => response.data,
    retry: false,
  });

export const submissionsQueryOptions = (id: number, status: SubmissionStatus, page: number, perPage = 50) =>
  queryOptions({
    queryKey: [...hrFormsKey, 'submissions', id, status, page, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<HrFormSubmissionsResponse>(`/api/hr/forms/${id}/submissions`, {
        query: { status, page, per_page: perPage },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useMyForms = (page: number) => useQuery(myFormsQueryOptions(page));
export const useAllForms = (query: { page: number; search: string; archived: boolean }, enabled: boolean) =>
  useQuery({ ...allFormsQueryOptions(query), enabled });
export const useHrForm = (id: number | null) => useQuery({ ...formQueryOptions(id ?? 0), enabled: id !== null });
export const useSubmissions = (id: number, status: SubmissionStatus, page: number, perPage = 50) =>
  useQuery(submissionsQueryOptions(id, status, page, perPage));

/** HrFormAssigned on the viewer's user.{id}: a form was (re)assigned to them, so their lists load again. */
export function useFormAssignments() {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  useChannel(me ? userChannel(me.id) : null, {
    [hrFormAssignedEvent]: () => void queryClient.invalidateQueries({ queryKey: hrFormsKey }),
  });
}

function useFormsMutation<TVariables, TResult>(call: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: hrFormsKey }),
  });
}

export const useSaveForm = () =>
  useFormsMutation(({ id, input }: { id: number | null; input: HrFormInput }) =>
    id === null
      ? api.post<Saved<HrFormDetail>>('/api/hr/forms', input)
      : api.put<Saved<HrFormDetail>>(`/api/hr/forms/${id}`, input),
  );

export const usePublishForm = () =>
  useFormsMutation(({ id, input }: { id: number; input: HrFormPublishInput }) =>
    api.post<Saved<HrFormDetail>>(`/api/hr/forms/${id}/publish`, input),
  );

export const useAssignForm = () =>
  useFormsMutation(({ id, input }: { id: number; input: HrFormAssignInput }) =>
    api.post<Count>(`/api/hr/forms/${id}/assign`, input),
  );

export const useRemindForm = () => useFormsMutation((id: number) => api.post<Count>(`/api/hr/forms/${id}/remind`, {}));

export const useSubmitForm = () =>
  useFormsMutation(({ id, input }: { id: number; input: HrFormSubmitInput }) =>
    api.post<Saved<HrFormSubmission>>(`/api/hr/forms/${id}/submit`, input),
  );

/** POST /api/hr/forms/files (multipart `file`): a PDF for a form's body, or a file answer. */
export async function uploadFormFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  return (await api.post<{ data: UploadedFile }>('/api/hr/forms/files', form)).data;
}

/** The answers of a form as CSV text (GET /api/hr/forms/{id}/submissions?format=csv). */
export const fetchSubmissionsCsv = (id: number, status: SubmissionStatus) =>
  api.get<string>(`/api/hr/forms/${id}/submissions`, { query: { status, format: 'csv' }, responseType: 'text' });

/** GET /api/users/employee.list: the people an assignment may name (same cache as the other screens that read it). */
export const useEmployeeOptions = () =>
  useQuery({
    queryKey: ['users', 'employee.list'] as const,
    queryFn: async () => (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list')).data,
    staleTime: 5 * 60_000,
  });
