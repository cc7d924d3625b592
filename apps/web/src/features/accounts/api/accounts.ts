import type { ClientAccount, CreateClientAccountInput, UpdateClientAccountInput } from '@switchboard/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaginationMeta } from '../../../components/pagination.tsx';
import { api } from '../../../lib/api-client.ts';

export interface AccountsPage extends PaginationMeta {
  data: ClientAccount[];
}

export interface AccountsFilter {
  companyId: number | null;
  search: string;
}

export const accountsQueryKey = ['client-accounts'] as const;

const filterQuery = (filter: AccountsFilter) => ({
  company_id: filter.companyId ?? undefined,
  search: filter.search.trim() || undefined,
});

/** GET /api/users/client?page=&per_page=&company_id=&search= (spec 1 §7.5): one page of accounts. */
export const accountsQueryOptions = (page: number, perPage: number, filter: AccountsFilter) =>
  queryOptions({
    queryKey: [...accountsQueryKey, 'list', { page, perPage, ...filter }] as const,
    queryFn: ({ signal }) =>
      api.get<AccountsPage>('/api/users/client', {
        query: { page, per_page: perPage, ...filterQuery(filter) },
        signal,
      }),
  });

export function useAccounts(page: number, perPage: number, filter: AccountsFilter) {
  return useQuery({ ...accountsQueryOptions(page, perPage, filter), placeholderData: keepPreviousData });
}

/** Every account of the filter for the export: pages of 500 until the last one. */
export async function fetchAllAccounts(filter: AccountsFilter): Promise<ClientAccount[]> {
  const rows: ClientAccount[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api.get<AccountsPage>('/api/users/client', {
      query: { page, per_page: 500, ...filterQuery(filter) },
    });
    rows.push(...answer.data);
    if (page >= answer.last_page) return rows;
  }
}

/** GET /api/users/client/{id}: data is the account. */
export const accountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...accountsQueryKey, 'one', id] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ClientAccount }>(`/api/users/client/${id}`, { signal }).then((answer) => answer.data),
  });

export function useAccount(id: number | null) {
  return useQuery({ ...accountQueryOptions(id ?? 0), enabled: id !== null });
}

export { useCompanyOptions, useSiteOptions } from '../../../lib/company-options.ts';

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountsQueryKey });
}

/** POST /api/users/client: answers message and data.id. */
export function useCreateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (input: CreateClientAccountInput) =>
      api.post<{ message: string; data: { id: number } }>('/api/users/client', input),
    onSuccess: invalidate,
  });
}

/** PUT /api/users/client/{user_id}: an empty password keeps the current one. */
export function useUpdateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateClientAccountInput }) =>
      api.put<{ message: string }>(`/api/users/client/${id}`, input),
    onSuccess: invalidate,
  });
}

/** DELETE /api/users/client/{user_id} (needs 'delete client accounts'): answers message. */
export function useDeleteAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/users/client/${id}`),
    onSettled: invalidate,
  });
}

/** POST /api/users/client/import, form-encoded: company_id, accounts (JSON text), file. All rows or none. */
export function useImportAccounts() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ companyId, accounts, file }: { companyId: number; accounts: unknown[]; file: File }) => {
      const form = new FormData();
      form.append('company_id', String(companyId));
      form.append('accounts', JSON.stringify(accounts));
      form.append('file', file, file.name);
      return api.post<{ message: string; data: { created: { user_id: number; name: string; email: string }[] } }>(
        '/api/users/client/import',
        form,
      );
    },
    onSuccess: () => void invalidate(),
  });
}
