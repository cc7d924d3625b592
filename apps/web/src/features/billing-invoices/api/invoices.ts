import { billingChannel, type InvoiceUpdatedPayload, type PaymentUpdatedPayload } from '@switchboard/shared';
import type {
  BulkInvoiceResult,
  InvoiceDetail,
  InvoiceInput,
  InvoiceListResponse,
  bulkActions,
} from '@switchboard/shared/billing/invoices';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';
import { listQuery, type InvoiceFilters } from '../invoice-filters.ts';

// The invoice calls of designs/billing.md §6 (contract: packages/shared/src/billing/invoices.ts): the list with
// its filters, one invoice's detail for the drawer, drafts, the state actions and the bulk call.

export const invoicesQueryKey = ['billing', 'invoices'] as const;

export const invoiceListQueryOptions = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api.get<InvoiceListResponse & { from?: number | null; to?: number | null }>('/api/billing/invoices', {
        query: listQuery(filters),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useInvoiceList(filters: InvoiceFilters) {
  return useQuery(invoiceListQueryOptions(filters));
}

export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...invoicesQueryKey, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: InvoiceDetail }>(`/api/billing/invoices/${id}`, { signal })).data,
  });

export function useInvoice(id: number | null) {
  return useQuery({ ...invoiceQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * The list follows the `billing` channel (decision 0083): InvoiceUpdated and PaymentUpdated (a payment or credit
 * changed balances) read the list again, at every filter.
 */
export function useLiveInvoiceList(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...invoicesQueryKey, 'list'] });
  useChannel(billingChannel, { InvoiceUpdated: refresh, PaymentUpdated: refresh });
}

/**
 * The drawer follows it too, wherever it is open (the list, the /billing home's run review): its invoice reads again
 * when an event names it, or when a payment of its company moved (a payment does not name the invoices it pays).
 */
export function useLiveInvoice(openId: number | null, companyId: number | null): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    if (openId !== null) void queryClient.invalidateQueries({ queryKey: [...invoicesQueryKey, 'detail', openId] });
  };
  useChannel(openId === null ? null : billingChannel, {
    InvoiceUpdated: (payload: Partial<InvoiceUpdatedPayload> | undefined) => {
      if (payload?.id === undefined || payload.id === openId) refresh();
    },
    PaymentUpdated: (payload: Partial<PaymentUpdatedPayload> | undefined) => {
      if (payload?.company_id === undefined || payload.company_id === null || payload.company_id === companyId)
        refresh();
    },
  });
}

export interface ProjectOption {
  id: number;
  title: string;
}

/** GET /api/project filtered by company: the project picker of a project invoice. */
export function useCompanyProjects(companyId: number | null) {
  return useQuery({
    queryKey: ['billing', 'invoices', 'projects', companyId] as const,
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

/** GET /api/billing/search/items/{term} (the existing item search; at least ITEM_SEARCH_MIN_LENGTH characters). */

export interface SavedAnswer {
  message?: string;
  data?: { id: number } | InvoiceDetail;
}

function useInvoiceMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}

export const useCreateInvoice = () =>
  useInvoiceMutation((input: InvoiceInput) => api.post<SavedAnswer>('/api/billing/invoices', input));

export const useUpdateInvoice = (id: number) =>
  useInvoiceMutation((input: InvoiceInput) => api.put<SavedAnswer>(`/api/billing/invoices/${id}`, input));

export const useDeleteInvoice = () =>
  useInvoiceMutation((id: number) => api.delete<{ message?: string }>(`/api/billing/invoices/${id}`));

export type InvoiceAction = 'approve' | 'unapprove' | 'post' | 'duplicate';

export const useInvoiceAction = () =>
  useInvoiceMutation(({ id, action }: { id: number; action: InvoiceAction }) =>
    api.post<SavedAnswer>(`/api/billing/invoices/${id}/${action}`, {}),
  );

export const useVoidInvoice = () =>
  useInvoiceMutation(({ id, body }: { id: number; body: { reason: string; date?: string } }) =>
    api.post<SavedAnswer>(`/api/billing/invoices/${id}/void`, body),
  );

export interface CreditNoteBody {
  reason: string;
  date?: string;
  /** A line's quantity: units of a tracked product returned to stock (none: a money-only credit). */
  lines?: { invoice_line_id: number; amount: number; quantity?: number }[];
}

export const useCreditNote = () =>
  useInvoiceMutation(({ id, body }: { id: number; body: CreditNoteBody }) =>
    api.post<SavedAnswer>(`/api/billing/invoices/${id}/credit-note`, body),
  );

export interface WriteOffBody {
  invoice_id: number;
  amount: number;
  reason: string;
  date?: string;
}

/** Money calls from the drawer move payments and credits too: every billing query reads again. */
function useBillingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

/** POST /api/billing/write-offs ('approve billing'): 6100 Bad Debt against the invoice's balance. */
export const useWriteOff = () =>
  useBillingMutation((body: WriteOffBody) => api.post<{ message?: string }>('/api/billing/write-offs', body));

/** POST /api/billing/allocations/{id}/unapply ('approve billing'): the allocation stays in history as unapplied. */
export const useUnapplyAllocation = () =>
  useBillingMutation((id: number) => api.post<{ message?: string }>(`/api/billing/allocations/${id}/unapply`, {}));

/** The bulk answer, with or without the `data` envelope. */
export const bulkResult = (answer: BulkInvoiceResult | { data: BulkInvoiceResult }): BulkInvoiceResult =>
  'data' in answer ? answer.data : answer;

export const useBulkInvoices = () =>
  useInvoiceMutation(async ({ action, ids }: { action: (typeof bulkActions)[number]; ids: number[] }) =>
    bulkResult(
      await api.post<BulkInvoiceResult | { data: BulkInvoiceResult }>('/api/billing/invoices/bulk', { action, ids }),
    ),
  );

/** The id of a created or copied invoice, whichever envelope the answer has. */
export const savedId = (answer: SavedAnswer): number | null => answer.data?.id ?? null;
