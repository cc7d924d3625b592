import { billingChannel, type LedgerPostedPayload } from '@switchboard/shared';
import type {
  AccountInput,
  AccountsResponse,
  BillingSettings,
  JournalEntryInput,
  JournalEntryRow,
  JournalSourceType,
  RegisterResponse,
} from '@switchboard/shared/billing/ledger';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// The ledger calls of designs/billing.md §6 (decision 0080): accounts with balances as of a date, an account's
// register (keyset pages), manual journal entries and their reversal.

export const ledgerQueryKey = ['billing', 'ledger'] as const;

export const accountsQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: [...ledgerQueryKey, 'accounts', asOf] as const,
    queryFn: ({ signal }) =>
      api.get<AccountsResponse>('/api/billing/accounts', { query: { as_of: asOf || undefined }, signal }),
  });

export function useAccounts(asOf: string) {
  return useQuery(accountsQueryOptions(asOf));
}

export interface RegisterFilters {
  from: string;
  to: string;
  source_type: JournalSourceType | '';
  company_id: number | null;
}

export const registerQueryOptions = (accountId: number, filters: RegisterFilters) =>
  infiniteQueryOptions({
    queryKey: [...ledgerQueryKey, 'register', accountId, filters] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.get<RegisterResponse>(`/api/billing/accounts/${accountId}/register`, {
        query: {
          from: filters.from || undefined,
          to: filters.to || undefined,
          source_type: filters.source_type || undefined,
          company_id: filters.company_id ?? undefined,
          after: pageParam ?? undefined,
        },
        signal,
      }),
    getNextPageParam: (page) => page.next_cursor,
  });

export function useRegister(accountId: number, filters: RegisterFilters) {
  return useInfiniteQuery(registerQueryOptions(accountId, filters));
}

/**
 * The ledger pages follow the `billing` channel (decision 0071): after LedgerPosted the accounts (tree and trial
 * balance, any as-of date) and the open registers of the accounts it touched read again, so another window's entry
 * shows without a reload. A payload without its account list refreshes every register.
 */
export function useLiveLedger(): void {
  const queryClient = useQueryClient();
  useChannel(billingChannel, {
    LedgerPosted: (payload: Partial<LedgerPostedPayload> | undefined) => {
      void queryClient.invalidateQueries({ queryKey: [...ledgerQueryKey, 'accounts'] });
      const touched = Array.isArray(payload?.accounts) ? payload.accounts : null;
      if (!touched) return void queryClient.invalidateQueries({ queryKey: [...ledgerQueryKey, 'register'] });
      for (const accountId of touched)
        void queryClient.invalidateQueries({ queryKey: [...ledgerQueryKey, 'register', accountId] });
    },
  });
}

export const billingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['billing', 'settings'] as const,
    queryFn: ({ signal }) => api.get<{ data: BillingSettings }>('/api/billing/settings', { signal }),
  });

export function useBillingSettings() {
  return useQuery(billingSettingsQueryOptions());
}

/** Companies for the party picker of receivable lines (GET /api/company, filtered by name). */
export function useCompanyOptions(term: string) {
  return useQuery({
    queryKey: ['billing', 'ledger', 'companies', term] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string }[] }>('/api/company', {
        query: { page: 1, per_page: 20, company: term.trim() || undefined },
        signal,
      }),
    staleTime: 30_000,
  });
}

/** Vendors for the party picker of payable lines (GET /api/billing/vendors). */
export function useVendorOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'ledger', 'vendors'] as const,
    queryFn: ({ signal }) => api.get<{ data: { id: number; name: string }[] }>('/api/billing/vendors', { signal }),
    enabled,
    staleTime: 30_000,
  });
}

function useLedgerMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ledgerQueryKey }),
  });
}

export const useCreateAccount = () =>
  useLedgerMutation((input: Partial<AccountInput>) => api.post<{ message: string }>('/api/billing/accounts', input));

export const usePostJournalEntry = () =>
  useLedgerMutation((input: JournalEntryInput) =>
    api.post<{ message: string; data: JournalEntryRow }>('/api/billing/journal-entries', input),
  );

export const useReverseJournalEntry = () =>
  useLedgerMutation((entryId: number) =>
    api.post<{ message: string; data: JournalEntryRow }>(`/api/billing/journal-entries/${entryId}/reverse`, {}),
  );
