import type { CreateUserInput, UpdateUserInput, UserAdminRow } from '@switchboard/shared';
import type { SeparationForm } from '@switchboard/shared/hr/employment';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api, apiFetch } from '../../../lib/api-client.ts';

export interface UsersPage extends PaginationMeta {
  data: UserAdminRow[];
}

export const usersQueryKey = ['users-admin'] as const;

/** GET /api/user?page=&per_page= (spec 1 §7.4): one page of users (a paginator). */
export const usersQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: [...usersQueryKey, { page, perPage }] as const,
    queryFn: ({ signal }) => api.get<UsersPage>('/api/user', { query: { page, per_page: perPage }, signal }),
  });

export function useUsers(page: number, perPage: number) {
  return useQuery({ ...usersQueryOptions(page, perPage), placeholderData: keepPreviousData });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersQueryKey });
}

/** POST /api/user: answers message and data.id. */
export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: CreateUserInput) => api.post<{ message: string; data: { id: number } }>('/api/user', input),
    onSuccess: invalidate,
  });
}

/** PUT /api/user/{id}: an empty password keeps the current one. */
export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput & { current_password?: string } }) =>
      api.put<{ message: string }>(`/api/user/${id}`, input),
    onSuccess: invalidate,
  });
}

/**
 * DELETE /api/user/{id} with the separation asked (designs/hr.md §7), recorded in the same transaction: answers
 * { message: 'Deleted!' } or an error message.
 */
export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, separation }: { id: number; separation: SeparationForm }) =>
      apiFetch<{ message: string }>(`/api/user/${id}`, { method: 'DELETE', body: separation }),
    onSettled: invalidate,
  });
}
