import { billingChannel } from '@switchboard/shared';
import type { BillingSummary as SummaryContract } from '@switchboard/shared/billing/home';
import type { InvoiceDetail } from '@switchboard/shared/billing/invoices';
import type { BillingRunDetail, RunActionResult, RunCompanyStatus } from '@switchboard/shared/billing/runs';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// /billing home's calls: the summary (GET /api/billing/summary) and the monthly run of designs/billing.md §4
// (GET|POST /api/billing/runs/{month}, its companies' refresh and skip, approve and post). Months are 'YYYY-MM'.

export const billingHomeQueryKey = ['billing', 'home'] as const;

export type BillingSummaryQueues = SummaryContract['queues'];
export type BillingSummary = SummaryContract;

export const billingSummaryQueryOptions = (month: string | null) =>
  queryOptions({
    queryKey: [...billingHomeQueryKey, 'summary', month] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: BillingSummary }>('/api/billing/summary', { query: { month: month ?? undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export function useBillingSummary(month: string | null) {
  return useQuery(billingSummaryQueryOptions(month));
}

export interface RunCompanyFilters {
  page: number;
  status: RunCompanyStatus | '';
  /** '1': with warnings, '0': clean, '': all. */
  warnings: '' | '0' | '1';
  search: string;
}

export const billingRunQueryOptions = (month: string, filters: RunCompanyFilters, perPage = 50) =>
  queryOptions({
    queryKey: [...billingHomeQueryKey, 'run', month, filters, perPage] as const,
    queryFn: ({ signal }) =>
      api.get<BillingRunDetail>(`/api/billing/runs/${month}`, {
        query: {
          page: filters.page,
          per_page: perPage,
          status: filters.status || undefined,
          warnings: filters.warnings || undefined,
          search: filters.search.trim() || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The run card: the run's counts, and its failed companies with their errors. */
export function useRunCard(month: string) {
  return useQuery(billingRunQueryOptions(month, { page: 1, status: 'failed', warnings: '', search: '' }, 20));
}

export function useRunCompanies(month: string, filters: RunCompanyFilters, enabled: boolean) {
  return useQuery({ ...billingRunQueryOptions(month, filters), enabled });
}

export interface RunActionAnswer {
  message?: string;
  /** Approve and post: what happened to each company or invoice. */
  data?: Partial<RunActionResult>;
}

function useRunMutation<TInput>(call: (input: TInput) => Promise<RunActionAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingHomeQueryKey }),
  });
}

export const useStartRun = () =>
  useRunMutation((month: string) => api.post<RunActionAnswer>(`/api/billing/runs/${month}`, {}));

export const useApproveRun = () =>
  useRunMutation(({ month, companyIds }: { month: string; companyIds: number[] | 'clean' }) =>
    api.post<RunActionAnswer>(
      `/api/billing/runs/${month}/approve`,
      companyIds === 'clean' ? { clean: true } : { company_ids: companyIds },
    ),
  );

export const usePostRun = () =>
  useRunMutation((month: string) => api.post<RunActionAnswer>(`/api/billing/runs/${month}/post`, {}));

export const useRunCompanyAction = () =>
  useRunMutation(({ month, companyId, action }: { month: string; companyId: number; action: 'refresh' | 'skip' }) =>
    api.post<RunActionAnswer>(`/api/billing/runs/${month}/companies/${companyId}/${action}`, {}),
  );

/** Events within this many milliseconds read the page again once: a run emits one per company it drafts. */
export const liveRefetchWindowMs = 400;

/**
 * /billing follows the `billing` channel (decision 0071): a run's progress, an invoice, a payment, a bill, a purchase
 * order, a receipt or stock changing reads the summary and the run again, so a second window sees the counts move without a reload. A burst of events (a run
 * drafting hundreds of companies) reads them once per window, after its last event.
 */
export function useLiveBillingHome(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const refetch = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: billingHomeQueryKey });
    }, liveRefetchWindowMs);
  };
  useChannel(billingChannel, {
    BillingRunUpdated: refetch,
    InvoiceUpdated: refetch,
    PaymentUpdated: refetch,
    BillUpdated: refetch,
    PurchaseOrderUpdated: refetch,
    ReceiptPosted: refetch,
    StockUpdated: refetch,
  });
}

/** An invoice's lines for the review panel (GET /api/billing/invoices/{id}, loaded when asked). */
export function useInvoiceDetail(invoiceId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...billingHomeQueryKey, 'invoice', invoiceId] as const,
    queryFn: ({ signal }) => api.get<{ data: InvoiceDetail }>(`/api/billing/invoices/${invoiceId}`, { signal }),
    enabled,
  });
}
