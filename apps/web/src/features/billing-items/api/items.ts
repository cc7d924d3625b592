import type {
  BillingItemInput,
  BillingItemListQuery,
  CatalogueItem,
  CatalogueItemPage,
  ItemDeleteResult,
} from '@switchboard/shared/billing/items';
import type { AccountsResponse } from '@switchboard/shared/billing/ledger';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// The catalogue /billing/items (designs/billing.md §5, §6): list, save, archive or delete, and the income accounts.

export const itemsQueryKey = ['billing', 'items'] as const;

export function useCatalogue(query: BillingItemListQuery) {
  return useQuery({
    queryKey: [...itemsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<CatalogueItemPage>('/api/billing/items', {
        query: Object.fromEntries(
          Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
        ),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Active income accounts for the item's Income account picker (GET /api/billing/accounts). */
export function useIncomeAccounts() {
  return useQuery({
    queryKey: ['billing', 'items', 'income-accounts'] as const,
    queryFn: ({ signal }) => api.get<AccountsResponse>('/api/billing/accounts', { signal }),
    select: (response) => response.data.filter((row) => row.type === 'income' && row.active),
  });
}

/** Active vendors for the item's Preferred vendor picker (GET /api/billing/vendors without a page: the picker). */
export function useVendorChoices() {
  return useQuery({
    queryKey: ['billing', 'items', 'vendors'] as const,
    queryFn: ({ signal }) => api.get<{ data: { id: number; name: string }[] }>('/api/billing/vendors', { signal }),
    select: (response) => response.data.map((vendor) => ({ value: String(vendor.id), label: vendor.name })),
  });
}

type Saved = { message: string; data: CatalogueItem };

export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: BillingItemInput }) =>
      id === null ? api.post<Saved>('/api/billing/items', input) : api.put<Saved>(`/api/billing/items/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsQueryKey }),
  });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<ItemDeleteResult>(`/api/billing/items/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemsQueryKey }),
  });
}
