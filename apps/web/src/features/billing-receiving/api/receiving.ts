import { billingChannel } from '@switchboard/shared';
import type { BillingSettings } from '@switchboard/shared/billing/ledger';
import type { OpenLinesResponse, ReceiptDetail, ReceiptInput, ReceiptPage } from '@switchboard/shared/billing/receipts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// /billing/receive (designs/billing.md §5, §6): the vendors picker, a vendor's receivable orders (or one order, the
// page's ?po=), the receipts history and Post receipt.

export const receivingQueryKey = ['billing', 'receiving'] as const;

export function useVendorOptions() {
  return useQuery({
    queryKey: [...receivingQueryKey, 'vendors'] as const,
    queryFn: ({ signal }) => api.get<{ data: { id: number; name: string }[] }>('/api/billing/vendors', { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

/** The open orders of a vendor, or (vendor unknown yet) of the order `poId` names. */
export function useOpenLines(vendorId: number | null, poId: number | null) {
  return useQuery({
    queryKey: [...receivingQueryKey, 'open', vendorId, vendorId === null ? poId : null] as const,
    queryFn: ({ signal }) =>
      api.get<OpenLinesResponse>('/api/billing/receive/open-lines', {
        query: vendorId !== null ? { vendor_id: vendorId } : { po_id: poId ?? undefined },
        signal,
      }),
    select: (response) => response.data,
    enabled: vendorId !== null || poId !== null,
  });
}

export interface ReceiptFilters {
  vendor_id: number | null;
  page: number;
}

export function useReceipts(filters: ReceiptFilters) {
  return useQuery({
    queryKey: [...receivingQueryKey, 'receipts', filters] as const,
    queryFn: ({ signal }) =>
      api.get<ReceiptPage>('/api/billing/receipts', {
        query: { page: filters.page, per_page: 25, vendor_id: filters.vendor_id ?? undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBillingToday() {
  return useQuery({
    queryKey: ['billing', 'settings'] as const,
    queryFn: ({ signal }) => api.get<{ data: BillingSettings }>('/api/billing/settings', { signal }),
    select: (response) => response.data.time_zone,
  });
}

export function usePostReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptInput) =>
      api.post<{ message: string; data: ReceiptDetail }>('/api/billing/receipts', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receivingQueryKey }),
  });
}

/** POST /api/billing/receipts/{id}/void: the receipt returned; the history, open lines and orders refetch. */
export function useVoidReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<{ message: string; data: ReceiptDetail }>(`/api/billing/receipts/${id}/void`, { reason }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receivingQueryKey }),
  });
}

/** Another window's receipt or order change refetches the open lines and the history. */
export function useLiveReceiving(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: receivingQueryKey });
  useChannel(billingChannel, { ReceiptPosted: refresh, PurchaseOrderUpdated: refresh });
}
