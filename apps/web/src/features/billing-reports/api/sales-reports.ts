import { billingChannel } from '@switchboard/shared';
import type {
  ClientReceivedResponse,
  DorInvoicesResponse,
  DorTaxesResponse,
  InvoiceTotalsResponse,
  OutgoingSearchResponse,
  SalesReportName,
  ServicesResponse,
} from '@switchboard/shared/billing/reports-sales';
import type { AccountsResponse } from '@switchboard/shared/billing/ledger';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// GET /api/billing/reports/{name} for the sales reports of billing part 2 (designs/billing.md §5): the page's URL
// filters go to the API as they are; Export CSV asks the same call with format=csv. Keys sit under the reports' key
// (['billing', 'reports']) so whatever refreshes the reports refreshes these too.

export type SalesReportFilters = Record<string, string>;

/** Each sales report's JSON answer. */
export interface SalesAnswers {
  dortaxes: DorTaxesResponse;
  dorinvoices: DorInvoicesResponse;
  invoicetotals: InvoiceTotalsResponse;
  clientreceived: ClientReceivedResponse;
  outgoingsearch: OutgoingSearchResponse;
  services: ServicesResponse;
}

export const salesReportsQueryKey = ['billing', 'reports', 'sales'] as const;

export const salesReportQueryOptions = <N extends SalesReportName>(name: N, filters: SalesReportFilters) =>
  queryOptions({
    queryKey: [...salesReportsQueryKey, name, filters] as const,
    queryFn: ({ signal }) => api.get<SalesAnswers[N]>(`/api/billing/reports/${name}`, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

export function useSalesReport<N extends SalesReportName>(name: N, filters: SalesReportFilters) {
  return useQuery(salesReportQueryOptions(name, filters));
}

/** The URL of a report's CSV with the filters applied (every row: no page). */
export function salesReportCsvUrl(name: SalesReportName, filters: SalesReportFilters): string {
  const query = new URLSearchParams({ ...filters, format: 'csv' });
  query.delete('page');
  query.delete('per_page');
  return `/api/billing/reports/${name}?${query.toString()}`;
}

/** Downloads the CSV through the API client (the bearer token goes with it; a plain link would not carry it). */
export async function downloadSalesReportCsv(name: SalesReportName, filters: SalesReportFilters): Promise<void> {
  const blob = await api.get<Blob>(salesReportCsvUrl(name, filters), { responseType: 'blob' });
  saveBlob(blob, `${name}.csv`);
}

/**
 * The sales reports follow the `billing` channel: an invoice, payment or bill that changed, or any journal entry
 * posted, makes every open sales report read again.
 */
export function useLiveSalesReports(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: salesReportsQueryKey });
  useChannel(billingChannel, {
    InvoiceUpdated: refetch,
    PaymentUpdated: refetch,
    BillUpdated: refetch,
    LedgerPosted: refetch,
  });
}

/** Paid-from choices of Outgoing Search: the bank accounts (GET /api/billing/accounts). */
export function usePaidFromAccounts() {
  return useQuery({
    queryKey: [...salesReportsQueryKey, 'accounts'] as const,
    queryFn: ({ signal }) => api.get<AccountsResponse>('/api/billing/accounts', { signal }),
    select: (response) =>
      response.data
        .filter((row) => row.subtype === 'bank')
        .map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` })),
    staleTime: 60_000,
  });
}

/** Items for the Services filter (GET /api/billing/items.list). */
export function useItemOptions() {
  return useQuery({
    queryKey: [...salesReportsQueryKey, 'items'] as const,
    queryFn: ({ signal }) => api.get<{ data: { id: number; name: string }[] }>('/api/billing/items.list', { signal }),
    select: (response) => response.data.map((item) => ({ value: String(item.id), label: item.name })),
    staleTime: 60_000,
  });
}
