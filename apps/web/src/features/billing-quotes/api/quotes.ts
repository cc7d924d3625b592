import { billingChannel } from '@switchboard/shared';
import type {
  BillingQuoteInput,
  QuoteConvertInput,
  QuoteDetail,
  QuoteListResponse,
  QuoteStatus,
} from '@switchboard/shared/billing/quotes';
import type { QuotePurchaseOrdersResult } from '@switchboard/shared/purchase-orders';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// The quote calls of designs/billing.md §6 (contract: packages/shared/src/billing/quotes.ts): the list with its
// filters, one quote for the drawer, drafts, send, the client's answer recorded by staff and conversion.

export const quotesQueryKey = ['billing', 'quotes'] as const;

export interface QuoteFilters {
  status?: QuoteStatus;
  company_id?: number;
  project_id?: number;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
}

export const quoteListQueryOptions = (filters: QuoteFilters) =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api.get<QuoteListResponse>('/api/billing/quotes', {
        query: { ...filters },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useQuoteList = (filters: QuoteFilters) => useQuery(quoteListQueryOptions(filters));

export const quoteQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...quotesQueryKey, 'detail', id] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: QuoteDetail }>(`/api/billing/quotes/${id}`, { signal })).data,
  });

export function useQuote(id: number | null) {
  return useQuery({ ...quoteQueryOptions(id ?? 0), enabled: id !== null });
}

/** The list and an open quote follow the billing channel's QuoteUpdated (decision 0083). */
export function useLiveQuotes(): void {
  const queryClient = useQueryClient();
  useChannel(billingChannel, {
    QuoteUpdated: () => void queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

export interface ProjectOption {
  id: number;
  title: string;
}

/** GET /api/project filtered by company: the quote's project picker. */
export function useCompanyProjects(companyId: number | null) {
  return useQuery({
    queryKey: ['billing', 'quotes', 'projects', companyId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ProjectOption[] }>('/api/project', {
          query: { company_id: companyId ?? undefined, page: 1, per_page: 100 },
          signal,
        })
      ).data,
    enabled: companyId !== null,
    staleTime: 30_000,
  });
}

/** GET /api/billing/search/items/{term} (the existing item search). */

export interface QuoteAnswer {
  message?: string;
  data: QuoteDetail & { invoice_id?: number };
}

function useQuoteMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotesQueryKey }),
  });
}

export const useSaveQuote = () =>
  useQuoteMutation(({ id, body }: { id: number | null; body: BillingQuoteInput }) =>
    id === null
      ? api.post<QuoteAnswer>('/api/billing/quotes', body)
      : api.put<QuoteAnswer>(`/api/billing/quotes/${id}`, body),
  );

export const useDeleteQuote = () =>
  useQuoteMutation((id: number) => api.delete<{ message?: string }>(`/api/billing/quotes/${id}`));

export const useQuoteAction = () =>
  useQuoteMutation(({ id, action, to }: { id: number; action: 'send' | 'accept' | 'decline'; to?: string[] }) =>
    api.post<QuoteAnswer>(`/api/billing/quotes/${id}/${action}`, to && to.length > 0 ? { to } : {}),
  );

/** "Create purchase orders": one draft PO per preferred vendor of the quote's product lines, the rest answered back. */
export function useQuotePurchaseOrders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<QuotePurchaseOrdersResult>(`/api/billing/quotes/${id}/purchase-orders`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing', 'purchaseorders'] }),
  });
}

export const useConvertQuote = () =>
  useQuoteMutation(({ id, body }: { id: number; body: QuoteConvertInput }) =>
    api.post<QuoteAnswer>(`/api/billing/quotes/${id}/convert`, body),
  );
