import type { BillingItem, Contract, GroupedBillingItems, UsageAdjustment } from '@switchboard/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { companyDetailQueryKey } from '../tabs/tab-props.ts';

const contractsKey = (companyId: number) => ['companies', 'contracts', companyId] as const;

/** GET /api/companies/contracts.{companyId}. */
export function useContracts(companyId: number) {
  return useQuery(
    queryOptions({
      queryKey: contractsKey(companyId),
      queryFn: async ({ signal }) =>
        (await api.get<{ data: Contract[] }>(`/api/companies/contracts.${companyId}`, { signal })).data,
    }),
  );
}

/** GET /api/companies/contracts/{id}. */
export function useContract(contractId: number | null) {
  return useQuery({
    queryKey: ['companies', 'contract', contractId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: Contract }>(`/api/companies/contracts/${contractId}`, { signal })).data,
    enabled: contractId !== null,
  });
}

/** GET /api/companies/contracts/billing_items: retainer, overage, fee and cloud items. */
export function useContractBillingItems() {
  return useQuery({
    queryKey: ['billing-items', 'contract-groups'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: GroupedBillingItems }>('/api/companies/contracts/billing_items', { signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** GET /api/billing/search/items/{term}: only above 3 characters (spec 2 §9). */
export function searchBillingItems(term: string, signal?: AbortSignal): Promise<BillingItem[]> {
  return api
    .get<{ data: BillingItem[] }>(`/api/billing/search/items/${encodeURIComponent(term)}`, { signal })
    .then((answer) => answer.data);
}

/** POST /api/companies/contracts/ (create) or POST /api/companies/contracts/{id} with _method PUT (update). */
export function useSaveContract(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: Record<string, unknown> }) =>
      id === null
        ? api.post<{ message: string; data: { id: number } }>('/api/companies/contracts/', values)
        : api.post<{ message: string; data: { id: number } }>(`/api/companies/contracts/${id}`, {
            ...values,
            _method: 'PUT',
          }),
    onSuccess: (_answer, { id }) => {
      void queryClient.invalidateQueries({ queryKey: contractsKey(companyId) });
      void queryClient.invalidateQueries({ queryKey: companyDetailQueryKey(companyId) });
      if (id !== null) void queryClient.invalidateQueries({ queryKey: ['companies', 'contract', id] });
    },
  });
}

const adjustmentsKey = (companyId: number) => ['companies', 'usage-adjustments', companyId] as const;

export function useUsageAdjustments(companyId: number) {
  return useQuery({
    queryKey: adjustmentsKey(companyId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: UsageAdjustment[] }>(`/api/companies/usage/adjustments.${companyId}`, { signal })).data,
  });
}

function useRefreshUsage(companyId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adjustmentsKey(companyId) });
    void queryClient.invalidateQueries({ queryKey: companyDetailQueryKey(companyId) });
  };
}

export function useAddUsageAdjustment(companyId: number) {
  return useMutation({
    mutationFn: (values: { month: string; hours: number | string; reason: string }) =>
      api.post<{ message: string }>('/api/companies/usage/adjustments', { ...values, company_id: companyId }),
    onSuccess: useRefreshUsage(companyId),
  });
}

export function useDeleteUsageAdjustment(companyId: number) {
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/companies/usage/adjustments/${id}`),
    onSuccess: useRefreshUsage(companyId),
  });
}
