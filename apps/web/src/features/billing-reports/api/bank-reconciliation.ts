import type {
  BankAccountReconciliationStatus,
  BankReconciliation,
  BankReconciliationInput,
  BankReconciliationLine,
  BankReconciliationTick,
  BankReconciliationUpdate,
} from '@switchboard/shared/billing/bank-reconciliation';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingChannel } from '@switchboard/shared';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// Bank reconciliation's calls (decision 0126): the bank accounts' status for Verify Transactions, an account's
// reconciliations, one reconciliation with its paged lines, and the writes ('manage accounting').

export const bankReconciliationKey = ['billing', 'bank-reconciliations'] as const;
const base = '/api/billing/bank-reconciliations';

export interface Paged<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}
export type LineFilter = 'all' | 'cleared' | 'uncleared';

export const bankAccountStatusesQueryOptions = () =>
  queryOptions({
    queryKey: [...bankReconciliationKey, 'accounts'] as const,
    queryFn: ({ signal }) => api.get<{ data: BankAccountReconciliationStatus[] }>(`${base}/accounts`, { signal }),
  });

export const useBankAccountStatuses = () => useQuery(bankAccountStatusesQueryOptions());

export const accountReconciliationsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: [...bankReconciliationKey, 'list', accountId] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<BankReconciliation>>(base, { query: { account_id: String(accountId), per_page: '12' }, signal }),
  });

export const useAccountReconciliations = (accountId: number | null) =>
  useQuery({ ...accountReconciliationsQueryOptions(accountId ?? 0), enabled: accountId !== null });

export const reconciliationLinesQueryOptions = (id: number, page: number, show: LineFilter) =>
  queryOptions({
    queryKey: [...bankReconciliationKey, 'lines', id, page, show] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<BankReconciliationLine>>(`${base}/${id}/lines`, {
        query: { page: String(page), per_page: '100', show },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useReconciliationLines = (id: number, page: number, show: LineFilter) =>
  useQuery(reconciliationLinesQueryOptions(id, page, show));

/** Every write answers the reconciliation; the lists, lines and statuses read again. */
function useReconciliationWrite<V, R = { data: BankReconciliation }>(write: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankReconciliationKey }),
  });
}

export const useStartReconciliation = () =>
  useReconciliationWrite((input: BankReconciliationInput) => api.post<{ data: BankReconciliation }>(base, input));

export const useUpdateReconciliation = (id: number) =>
  useReconciliationWrite((input: BankReconciliationUpdate) =>
    api.put<{ data: BankReconciliation }>(`${base}/${id}`, input),
  );

export const useTickLines = (id: number) =>
  useReconciliationWrite((input: BankReconciliationTick) =>
    api.post<{ data: BankReconciliation }>(`${base}/${id}/lines`, input),
  );

export const useFinishReconciliation = (id: number) =>
  useReconciliationWrite(() => api.post<{ data: BankReconciliation }>(`${base}/${id}/finish`));

export const useUndoReconciliation = () =>
  useReconciliationWrite((id: number) => api.post<{ data: BankReconciliation }>(`${base}/${id}/undo`));

export const useDeleteReconciliation = (id: number) =>
  useReconciliationWrite(() => api.delete<{ message: string }>(`${base}/${id}`));

/** Another window's start, save, tick, finish, undo or delete (BankReconciliationUpdated on billing) refetches. */
export function useLiveBankReconciliations(): void {
  const queryClient = useQueryClient();
  useChannel(billingChannel, {
    BankReconciliationUpdated: () => void queryClient.invalidateQueries({ queryKey: bankReconciliationKey }),
  });
}

/** A finished reconciliation's CSV (cleared lines and figures), saved under the account and statement date. */
export async function downloadReconciliationCsv(reconciliation: BankReconciliation): Promise<void> {
  const blob = await api.get<Blob>(`${base}/${reconciliation.id}`, { query: { format: 'csv' }, responseType: 'blob' });
  saveBlob(blob, `Reconciliation-${reconciliation.account.number}-${reconciliation.statement_date}.csv`);
}
