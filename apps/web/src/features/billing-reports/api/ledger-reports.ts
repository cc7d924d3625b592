import { billingChannel } from '@switchboard/shared';
import type {
  BalanceSheetResponse,
  ClientOverviewResponse,
  IncomeStatementResponse,
  VerifyTransactionsResponse,
} from '@switchboard/shared/billing/reports-ledger';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';
import { reportsQueryKey, type ReportFilters } from './reports.ts';

// The ledger reports (designs/billing.md §5; issue 28 part 6): GET /api/billing/reports/{balancesheet |
// incomestatement | clientoverview | verifytransactions} with the page's URL filters; Export CSV asks the same call with format=csv.
// They share the reports' query key, so whatever refetches the other reports refetches these too.

export interface LedgerAnswers {
  balancesheet: BalanceSheetResponse;
  clientoverview: ClientOverviewResponse;
  incomestatement: IncomeStatementResponse;
  verifytransactions: VerifyTransactionsResponse;
}
export type LedgerReportName = keyof LedgerAnswers;

export const ledgerReportQueryOptions = <N extends LedgerReportName>(name: N, filters: ReportFilters) =>
  queryOptions({
    queryKey: [...reportsQueryKey, name, filters] as const,
    queryFn: ({ signal }) => api.get<LedgerAnswers[N]>(`/api/billing/reports/${name}`, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });

export function useLedgerReport<N extends LedgerReportName>(name: N, filters: ReportFilters) {
  return useQuery(ledgerReportQueryOptions(name, filters));
}

export function ledgerReportCsvUrl(name: LedgerReportName, filters: ReportFilters): string {
  const query = new URLSearchParams({ ...filters, format: 'csv' });
  // The file holds every row: the list's page is not part of it.
  query.delete('page');
  query.delete('per_page');
  return `/api/billing/reports/${name}?${query.toString()}`;
}

/** Downloads the CSV through the API client (the bearer token goes with it). */
export async function downloadLedgerReportCsv(name: LedgerReportName, filters: ReportFilters): Promise<void> {
  const blob = await api.get<Blob>(ledgerReportCsvUrl(name, filters), { responseType: 'blob' });
  saveBlob(blob, `${name}.csv`);
}

/** Any posting (journal entries, documents, payments, stock) makes an open statement read again. */
export function useLiveLedgerReports(): void {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: reportsQueryKey });
  useChannel(billingChannel, {
    LedgerPosted: refetch,
    InvoiceUpdated: refetch,
    PaymentUpdated: refetch,
    BillUpdated: refetch,
    ReceiptPosted: refetch,
    StockUpdated: refetch,
  });
}
