import type { MarkPrintedResult } from '@switchboard/shared/billing/invoice-delivery';
import type { SourceLinesResponse, UnbilledTimeRow } from '@switchboard/shared/billing/invoices';
import type { QuoteDetail, QuoteListResponse, QuoteRow } from '@switchboard/shared/billing/quotes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { invoicesQueryKey } from './invoices.ts';
import { listQuery, type InvoiceFilters } from '../invoice-filters.ts';

// The new invoice's sources (designs/billing.md §5 "New invoice"): unbilled check-ins, the governing contract's
// recurring items, a quote to convert; and the list's To print batch (decision 0090) and CSV export.

export interface UnbilledTimePage {
  data: UnbilledTimeRow[];
  total: number;
  current_page: number;
  per_page: number;
  last_page: number;
}

export const unbilledPerPage = 25;

/** GET /api/billing/unbilled-time?company_id=: the company's closed billable check-ins not yet billed, paged. */
export function useUnbilledTime(companyId: number | null, page: number) {
  return useQuery({
    queryKey: [...invoicesQueryKey, 'unbilled', companyId, page] as const,
    queryFn: ({ signal }) =>
      api.get<UnbilledTimePage>('/api/billing/unbilled-time', {
        query: { company_id: companyId ?? undefined, page, per_page: unbilledPerPage },
        signal,
      }),
    enabled: companyId !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/billing/companies/{id}/checkin-lines: labor lines for the chosen check-ins, as the run computes them. */
export const fetchCheckInLines = async (companyId: number, ids: number[]) =>
  (
    await api.post<{ data: SourceLinesResponse }>(`/api/billing/companies/${companyId}/checkin-lines`, {
      checkin_ids: ids,
    })
  ).data;

/** GET /api/billing/companies/{id}/recurring-lines?month=YYYY-MM */
export const fetchRecurringLines = async (companyId: number, month: string) =>
  (
    await api.get<{ data: SourceLinesResponse }>(`/api/billing/companies/${companyId}/recurring-lines`, {
      query: { month },
    })
  ).data;

/** The company's quotes that can become an invoice: accepted ones convert; sent ones are shown to be accepted first. */
export function useConvertibleQuotes(companyId: number | null) {
  return useQuery({
    queryKey: ['billing', 'quotes', 'convertible', companyId] as const,
    queryFn: async ({ signal }): Promise<QuoteRow[]> => {
      const page = (status: string) =>
        api.get<QuoteListResponse>('/api/billing/quotes', {
          query: { company_id: companyId ?? undefined, status, page: 1, per_page: 100 },
          signal,
        });
      const [accepted, sent] = await Promise.all([page('accepted'), page('sent')]);
      return [...accepted.data, ...sent.data];
    },
    enabled: companyId !== null,
  });
}

/** POST /api/billing/quotes/{id}/convert {mode: 'full'}: the draft invoice's id is in the answer. */
export function useConvertQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (quoteId: number) =>
      (
        await api.post<{ message: string; data: QuoteDetail & { invoice_id: number } }>(
          `/api/billing/quotes/${quoteId}/convert`,
          { mode: 'full' },
        )
      ).data.invoice_id,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['billing', 'quotes'] });
    },
  });
}

/** POST /api/billing/invoices/to-print/mark: the answer's message says how many were marked. */
export function useMarkPrinted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      api.post<{ message: string; data: MarkPrintedResult }>('/api/billing/invoices/to-print/mark', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
  });
}

/**
 * The To print batch as one merged PDF, fetched through the API client (the bearer token goes with it) and opened
 * in a new tab. The tab is opened before the fetch so the browser counts it as the click's own window.
 */
export async function openToPrintPdf(): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const blob = await api.get<Blob>('/api/billing/invoices/to-print.pdf', { responseType: 'blob' });
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

/** The list's CSV with the page's filters (GET /api/billing/invoices?...&format=csv): the Export CSV link. */
export function invoicesCsvUrl(filters: InvoiceFilters): string {
  const query = new URLSearchParams(Object.entries(listQuery(filters)).map(([key, value]) => [key, String(value)]));
  query.delete('page');
  query.delete('per_page');
  query.set('format', 'csv');
  return `/api/billing/invoices?${query.toString()}`;
}

export async function downloadInvoicesCsv(filters: InvoiceFilters): Promise<void> {
  saveBlob(await api.get<Blob>(invoicesCsvUrl(filters), { responseType: 'blob' }), 'invoices.csv');
}
