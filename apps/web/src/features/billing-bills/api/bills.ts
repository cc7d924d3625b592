import { billingChannel } from '@switchboard/shared';
import type {
  AgedPayablesQuery,
  AgedPayablesResponse,
  BillDetail,
  BillFromPo,
  BillInput,
  BillRow,
  PayableResponse,
  PayBillsInput,
  PaymentMadeRow,
} from '@switchboard/shared/billing/bills';
import type { AccountsResponse } from '@switchboard/shared/billing/ledger';
import type { PaymentMethod, ReceivableResponse } from '@switchboard/shared/billing/payments';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// The Make Payments, bill editor and aged payables calls (designs/billing.md §6 Money): a vendor's payable (open bills
// and credits), payments made, bills, the PO proposal, the writes, and the report. Everything refetches on `billing`.

export const billsQueryKey = ['billing', 'bills'] as const;

export interface Paginated<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

export interface PaymentMadeFilters {
  vendor_id: number | null;
  from: string;
  to: string;
  method: PaymentMethod | '';
  search: string;
  page: number;
}

export const payableQueryOptions = (vendorId: number | null) =>
  queryOptions({
    queryKey: [...billsQueryKey, 'payable', vendorId] as const,
    queryFn: ({ signal }) => api.get<{ data: PayableResponse }>(`/api/billing/vendors/${vendorId}/payable`, { signal }),
    enabled: vendorId !== null,
  });

export const usePayable = (vendorId: number | null) => useQuery(payableQueryOptions(vendorId));

const paymentsMadeQuery = (filters: Omit<PaymentMadeFilters, 'page'>) => ({
  vendor_id: filters.vendor_id ?? undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
  method: filters.method || undefined,
  search: filters.search.trim() || undefined,
});

/** Export CSV: format=csv with the list's filters, every matching payment (the server streams it). */
export async function downloadPaymentsMadeCsv(filters: Omit<PaymentMadeFilters, 'page'>): Promise<void> {
  const blob = await api.get<Blob>('/api/billing/payments/made', {
    query: { ...paymentsMadeQuery(filters), format: 'csv' },
    responseType: 'blob',
  });
  saveBlob(blob, 'Payments-Made.csv');
}

export function usePaymentsMade(filters: PaymentMadeFilters) {
  return useQuery({
    queryKey: [...billsQueryKey, 'payments', filters] as const,
    queryFn: ({ signal }) =>
      api.get<Paginated<PaymentMadeRow>>('/api/billing/payments/made', {
        query: { page: filters.page, per_page: 25, ...paymentsMadeQuery(filters) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBills(query: { vendor_id?: number; page?: number; per_page?: number }) {
  return useQuery({
    queryKey: [...billsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => api.get<Paginated<BillRow>>('/api/billing/bills', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBill(id: number | null) {
  return useQuery({
    queryKey: [...billsQueryKey, 'bill', id] as const,
    queryFn: ({ signal }) => api.get<{ data: BillDetail }>(`/api/billing/bills/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useBillFromPo(poId: number | null) {
  return useQuery({
    queryKey: [...billsQueryKey, 'from-po', poId] as const,
    queryFn: ({ signal }) => api.get<{ data: BillFromPo }>(`/api/billing/bills/from-po/${poId}`, { signal }),
    enabled: poId !== null,
  });
}

/** Accounts for the pickers: bank accounts (pay from) and expense accounts (bill lines). */
export function useAccounts() {
  return useQuery({
    queryKey: ['billing', 'accounts', 'pickers'] as const,
    queryFn: ({ signal }) => api.get<AccountsResponse>('/api/billing/accounts', { signal }),
    select: (response) => response.data.filter((row) => row.active),
    staleTime: 60_000,
  });
}

export function useVendorOptions() {
  return useQuery({
    queryKey: ['billing', 'vendors', 'picker'] as const,
    queryFn: ({ signal }) => api.get<{ data: { id: number; name: string }[] }>('/api/billing/vendors.list', { signal }),
    staleTime: 30_000,
  });
}

/** Companies for the refund picker (GET /api/company, filtered by name). */
export function useCompanyOptions(term: string, enabled: boolean) {
  return useQuery({
    queryKey: [...billsQueryKey, 'companies', term] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string }[] }>('/api/company', {
        query: { page: 1, per_page: 20, company: term.trim() || undefined },
        signal,
      }),
    enabled,
    staleTime: 30_000,
  });
}

export function useReceivable(companyId: number | null) {
  return useQuery({
    queryKey: [...billsQueryKey, 'receivable', companyId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ReceivableResponse }>(`/api/billing/companies/${companyId}/receivable`, { signal }),
    enabled: companyId !== null,
  });
}

export function useAgedPayables(query: Omit<AgedPayablesQuery, 'format'>) {
  return useQuery({
    queryKey: [...billsQueryKey, 'agedpayables', query] as const,
    queryFn: ({ signal }) =>
      api.get<AgedPayablesResponse>('/api/billing/reports/agedpayables', {
        query: { ...query, as_of: query.as_of || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Another window's bill, payment or posting refetches what this page shows. */
export function useLiveBills(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: billsQueryKey });
  useChannel(billingChannel, { BillUpdated: refresh, PaymentUpdated: refresh, LedgerPosted: refresh });
}

function useBillsMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

/**
 * A write answering the bill: the answer is the drawer's at once, so a refetch racing a new bill's first read cannot
 * leave the drawer showing the bill as it was.
 */
function useBillWrite<TInput>(call: (input: TInput) => Promise<{ message: string; data: BillDetail }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      queryClient.setQueryData([...billsQueryKey, 'bill', answer.data.id], { data: answer.data });
      return queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}

export const usePayBills = () =>
  useBillsMutation((input: PayBillsInput) =>
    api.post<{ message: string; data: PaymentMadeRow }>('/api/billing/payments/made', input),
  );

export const useVoidPaymentMade = () =>
  useBillsMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post<{ message: string }>(`/api/billing/payments/made/${id}/void`, { reason }),
  );

export const useSaveBill = () =>
  useBillsMutation(({ id, body }: { id: number | null; body: BillInput }) =>
    id === null
      ? api.post<{ message: string; data: BillDetail }>('/api/billing/bills', body)
      : api.put<{ message: string; data: BillDetail }>(`/api/billing/bills/${id}`, body),
  );

export const usePostBill = () =>
  useBillWrite((id: number) => api.post<{ message: string; data: BillDetail }>(`/api/billing/bills/${id}/post`));

export const useVoidBill = () =>
  useBillWrite((id: number) =>
    api.post<{ message: string; data: BillDetail }>(`/api/billing/bills/${id}/void`, { reason: '' }),
  );

export const useDeleteBill = () =>
  useBillsMutation((id: number) => api.delete<{ message: string }>(`/api/billing/bills/${id}`));

export const useRefund = () =>
  useBillsMutation(
    (input: {
      company_id: number;
      source_type: 'payment' | 'credit_note';
      source_id: number;
      amount: number;
      account_id: number;
      method: PaymentMethod;
      reference: string;
      date: string;
    }) => api.post<{ message: string }>('/api/billing/refunds', input),
  );

/** A vendor credit (POST /billing/bills/{id}/apply) or a prepayment (POST /billing/payments/made/{id}/apply) on a bill. */
export const useApplyVendorCredit = () =>
  useBillsMutation(
    ({ type, id, ...input }: { type: 'payment' | 'vendor_credit'; id: number; bill_id: number; amount: number }) =>
      api.post<{ message: string }>(
        type === 'payment' ? `/api/billing/payments/made/${id}/apply` : `/api/billing/bills/${id}/apply`,
        input,
      ),
  );
