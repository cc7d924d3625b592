import { billingChannel } from '@switchboard/shared';
import type { AccountsResponse, BillingSettings } from '@switchboard/shared/billing/ledger';
import type {
  AllocationInput,
  DepositInput,
  PaymentMethod,
  PaymentRow,
  ReceivableResponse,
  ReceivePaymentInput,
} from '@switchboard/shared/billing/payments';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// The Receive Payments calls (designs/billing.md §6 Money): a company's receivable (open invoices and credits), the
// payments received list, and the writes: receive, apply a credit, void, make deposit.

export const paymentsQueryKey = ['billing', 'payments'] as const;

export interface PaymentFilters {
  company_id: number | null;
  from: string;
  to: string;
  method: PaymentMethod | '';
  unapplied: boolean;
  undeposited: boolean;
  page: number;
}

export interface PaymentPage {
  data: PaymentRow[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

export const receivableQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'receivable', companyId] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ReceivableResponse }>(`/api/billing/companies/${companyId}/receivable`, { signal }),
    enabled: companyId !== null,
  });

export function useReceivable(companyId: number | null) {
  return useQuery(receivableQueryOptions(companyId));
}

export const paymentListQueryOptions = (filters: PaymentFilters) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      api.get<PaymentPage>('/api/billing/payments/received', {
        query: {
          page: filters.page,
          per_page: 25,
          company_id: filters.company_id ?? undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          method: filters.method || undefined,
          unapplied: filters.unapplied ? '1' : undefined,
          undeposited: filters.undeposited ? '1' : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function usePaymentList(filters: PaymentFilters) {
  return useQuery(paymentListQueryOptions(filters));
}

/** Deposit-to choices: Undeposited Funds and the bank accounts (GET /api/billing/accounts). */
export function useDepositAccounts() {
  return useQuery({
    queryKey: [...paymentsQueryKey, 'accounts'] as const,
    queryFn: ({ signal }) => api.get<AccountsResponse>('/api/billing/accounts', { signal }),
    select: (response) =>
      response.data.filter((row) => row.active && (row.subtype === 'bank' || row.subtype === 'undeposited')),
    staleTime: 60_000,
  });
}

export function useBillingTimeZone() {
  return useQuery({
    queryKey: ['billing', 'settings'] as const,
    queryFn: ({ signal }) => api.get<{ data: BillingSettings }>('/api/billing/settings', { signal }),
    select: (response) => response.data.time_zone,
  });
}

/** Companies for the picker (GET /api/company, filtered by name). */
export function useCompanyOptions(term: string) {
  return useQuery({
    queryKey: [...paymentsQueryKey, 'companies', term] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string }[] }>('/api/company', {
        query: { page: 1, per_page: 20, company: term.trim() || undefined },
        signal,
      }),
    staleTime: 30_000,
  });
}

/** The page follows `billing`: another window's payment or invoice change refetches the receivable and the list. */
export function useLivePayments(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: paymentsQueryKey });
  useChannel(billingChannel, { PaymentUpdated: refresh, InvoiceUpdated: refresh });
}

function usePaymentMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
  });
}

export const useReceivePayment = () =>
  usePaymentMutation((input: ReceivePaymentInput) =>
    api.post<{ message: string; data: PaymentRow }>('/api/billing/payments/received', input),
  );

export const useApplyCredit = () =>
  usePaymentMutation((input: AllocationInput) => api.post<{ message: string }>('/api/billing/allocations', input));

export const useVoidPayment = () =>
  usePaymentMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post<{ message: string }>(`/api/billing/payments/${id}/void`, { reason }),
  );

export const useMakeDeposit = () =>
  usePaymentMutation((input: DepositInput) => api.post<{ message: string }>('/api/billing/deposits', input));
