import type { AccountsResponse, BillingSettings, BillingSettingsInput } from '@switchboard/shared/billing/ledger';
import type { TaxRate, TaxRateInput, TaxRateReplaceInput } from '@switchboard/shared/billing/tax-rates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Tax rates (designs/billing.md §5, §6; decisions 0066, 0082) and the billing settings' lock date and time zone.

export const taxRatesQueryKey = ['billing', 'taxrates'] as const;
const settingsQueryKey = ['billing', 'settings'] as const;

export function useTaxRates() {
  return useQuery({
    queryKey: taxRatesQueryKey,
    queryFn: ({ signal }) => api.get<{ data: TaxRate[] }>('/api/billing/taxrates', { signal }),
  });
}

/** Liability accounts for the rate's Liability account picker. */
export function useLiabilityAccounts() {
  return useQuery({
    queryKey: ['billing', 'taxrates', 'liability-accounts'] as const,
    queryFn: ({ signal }) => api.get<AccountsResponse>('/api/billing/accounts', { signal }),
    select: (response) => response.data.filter((row) => row.type === 'liability' && row.active),
  });
}

type Saved = { message: string; data: TaxRate };

export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: TaxRateInput }) =>
      id === null
        ? api.post<Saved>('/api/billing/taxrates', input)
        : api.put<Saved>(`/api/billing/taxrates/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}

/** End-date and replace (decision 0082): one call ends the old rate and starts the new one the day after. */
export function useReplaceTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    // One call: the old rate ends and the new one starts together, or neither does.
    mutationFn: ({ id, ...body }: TaxRateReplaceInput & { id: number }) =>
      api.post<Saved>(`/api/billing/taxrates/${id}/replace`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxRatesQueryKey }),
  });
}

export function useBillingSettingsQuery() {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => api.get<{ data: BillingSettings }>('/api/billing/settings', { signal }),
  });
}

export function useSaveBillingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingSettingsInput) =>
      api.put<{ message: string; data: BillingSettings }>('/api/billing/settings', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}
