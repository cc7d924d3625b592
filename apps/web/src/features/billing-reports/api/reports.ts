import { billingChannel } from '@switchboard/shared';
import type {
  AgedReceivablesResponse,
  BillingReportName,
  ClientBalancesResponse,
  InvoiceLogResponse,
  InvoiceRegisterResponse,
} from '@switchboard/shared/billing/reports';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// GET /api/billing/reports/{name} (designs/billing.md §5, §6): the page's URL filters go to the API as they are, and
// Export CSV asks the same call with format=csv.

export const reportsQueryKey = ['billing', 'reports'] as const;

/** The filters of a report: its URL's query without empty values. */
export type ReportFilters = Record<string, string>;

/** Each report's JSON answer. */
export interface Answers {
  agedreceivables: AgedReceivablesResponse;
  clientbalances: ClientBalancesResponse;
  invoiceregister: InvoiceRegisterResponse;
  invoicelog: InvoiceLogResponse;
}

export const reportQueryOptions = <N extends BillingReportName>(name: N, filters: ReportFilters) =>
  queryOptions({
    queryKey: [...reportsQueryKey, name, filters] as const,
    queryFn: ({ signal }) => api.get<Answers[N]>(`/api/billing/reports/${name}`, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

export function useReport<N extends BillingReportName>(name: N, filters: ReportFilters) {
  return useQuery(reportQueryOptions(name, filters));
}

/** The URL of a report's CSV with the filters applied (the link the Export button follows). */
export function reportCsvUrl(name: BillingReportName, filters: ReportFilters): string {
  const query = new URLSearchParams({ ...filters, format: 'csv' });
  query.delete('page');
  query.delete('per_page');
  return `/api/billing/reports/${name}?${query.toString()}`;
}

/** Downloads the CSV through the API client (the bearer token goes with it; a plain link would not carry it). */
export async function downloadReportCsv(name: BillingReportName, filters: ReportFilters): Promise<void> {
  const blob = await api.get<Blob>(reportCsvUrl(name, filters), { responseType: 'blob' });
  saveBlob(blob, `${name}.csv`);
}

/**
 * Reports follow the `billing` channel: an invoice, payment, bill, receipt or stock that changed, or any journal entry
 * posted, makes every open report read again, so a second window sees a payment recorded in the first without a
 * reload.
 */
export function useLiveReports(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: reportsQueryKey });
  useChannel(billingChannel, {
    InvoiceUpdated: refetch,
    PaymentUpdated: refetch,
    LedgerPosted: refetch,
    // Aged payables, stock valuation and receiving reports read bills, receipts and stock.
    BillUpdated: refetch,
    ReceiptPosted: refetch,
    StockUpdated: refetch,
  });
}

/** Companies for the company filter (GET /api/company, by name). */
export function useCompanyOptions(term: string) {
  return useQuery({
    queryKey: ['billing', 'reports-companies', term] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string }[] }>('/api/company', {
        query: { page: 1, per_page: 20, company: term.trim() || undefined },
        signal,
      }),
    staleTime: 30_000,
  });
}
