import {
  billingChannel,
  type IdNameOption,
  type PurchaseOrderDetail,
  type PurchaseOrderInputBody,
  type PurchaseOrderListQuery,
  type PurchaseOrderPage,
  type PurchaseOrderWriteAnswer,
} from '@switchboard/shared';
import type { CatalogueItem } from '@switchboard/shared/billing/items';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/download.ts';
import { useChannel } from '../../../lib/socket.ts';

// /billing/purchaseorders (designs/billing.md §5, §6): the paged list and its CSV, an order's detail, save, the
// state calls, and the pickers of the editor (vendors, stock locations).

export const purchaseOrdersQueryKey = ['billing', 'purchaseorders'] as const;

// Several statuses travel as one 'ordered,partial' value, as the page's URL keeps them.
const queryOf = (query: PurchaseOrderListQuery) =>
  Object.fromEntries(
    Object.entries(query)
      .map(([key, value]): [string, unknown] => [key, Array.isArray(value) ? value.join(',') || undefined : value])
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );

export function usePurchaseOrders(query: PurchaseOrderListQuery) {
  return useQuery({
    queryKey: [...purchaseOrdersQueryKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<PurchaseOrderPage>('/api/billing/purchaseorders', { query: queryOf(query), signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePurchaseOrder(id: number | null) {
  return useQuery({
    queryKey: [...purchaseOrdersQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<{ data: PurchaseOrderDetail }>(`/api/billing/purchaseorders/${id}`, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** format=csv with the list's filters (every matching order, not one page). */
export async function downloadPurchaseOrdersCsv(query: PurchaseOrderListQuery): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  const blob = await api.get<Blob>('/api/billing/purchaseorders', {
    query: { ...queryOf(filters), format: 'csv' },
    responseType: 'blob',
  });
  saveBlob(blob, 'Purchase-Orders.csv');
}

/** POST /api/billing/receipts/{id}/void from the drawer's receipts; the order refetches (its received quantities). */
export function useVoidReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ message: string }>(`/api/billing/receipts/${id}/void`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
  });
}

/** The catalogue's cost of an item (GET /api/billing/items/{id}): the search's answer (spec 2 §9) carries no cost. */
export async function fetchItemCost(id: number): Promise<number> {
  return (await api.get<{ data: CatalogueItem }>(`/api/billing/items/${id}`)).data.cost;
}

export function useSavePurchaseOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PurchaseOrderInputBody }) =>
      id === null
        ? api.post<PurchaseOrderWriteAnswer>('/api/billing/purchaseorders', input)
        : api.put<PurchaseOrderWriteAnswer>(`/api/billing/purchaseorders/${id}`, input),
    onSuccess: (answer) => {
      queryClient.setQueryData([...purchaseOrdersQueryKey, 'detail', answer.data.id], { data: answer.data });
      void queryClient.invalidateQueries({ queryKey: [...purchaseOrdersQueryKey, 'list'] });
    },
  });
}

export type PurchaseOrderAction = 'approve' | 'send' | 'close' | 'cancel';

export function usePurchaseOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: PurchaseOrderAction }) =>
      api.post<PurchaseOrderWriteAnswer>(`/api/billing/purchaseorders/${id}/${action}`),
    onSuccess: (answer) =>
      queryClient.setQueryData([...purchaseOrdersQueryKey, 'detail', answer.data.id], { data: answer.data }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...purchaseOrdersQueryKey, 'list'] }),
  });
}

/** The list and an open order follow PurchaseOrderUpdated (receipts and bills change received and billed too). */
export function useLivePurchaseOrders(): void {
  const queryClient = useQueryClient();
  useChannel(billingChannel, {
    PurchaseOrderUpdated: (payload: PurchaseOrderDetail | undefined) => {
      if (payload?.id !== undefined)
        queryClient.setQueryData([...purchaseOrdersQueryKey, 'detail', payload.id], { data: payload });
      void queryClient.invalidateQueries({ queryKey: [...purchaseOrdersQueryKey, 'list'] });
    },
    ReceiptPosted: () => void queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
    BillUpdated: () => void queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
  });
}

/** GET /api/billing/vendors without page: the active vendors, by name. */
export function useVendorOptions() {
  return useQuery({
    queryKey: [...purchaseOrdersQueryKey, 'vendors'] as const,
    queryFn: ({ signal }) => api.get<{ data: IdNameOption[] }>('/api/billing/vendors', { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

/** GET /api/billing/inventory/locations: the active stock locations a PO can ship to. */
export function useLocationOptions() {
  return useQuery({
    queryKey: [...purchaseOrdersQueryKey, 'locations'] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: { id: number; name: string; active: boolean }[] }>('/api/billing/inventory/locations', {
        signal,
      }),
    select: (response) => response.data.filter((location) => location.active),
    staleTime: 30_000,
  });
}

export interface ProjectOption {
  id: number;
  title: string;
}

/** GET /api/project for a company: the editor's project picker. */
export function useProjectOptions(companyId: number | null) {
  return useQuery({
    queryKey: [...purchaseOrdersQueryKey, 'projects', companyId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ProjectOption[] }>('/api/project', {
          query: { company_id: companyId ?? undefined, page: 1, per_page: 100 },
          signal,
        })
      ).data,
    enabled: companyId !== null,
    staleTime: 30_000,
  });
}
