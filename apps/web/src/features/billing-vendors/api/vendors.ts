import { billingChannel } from '@switchboard/shared';
import type { AccountsResponse } from '@switchboard/shared/billing/ledger';
import type { BillRow, PaymentMadeRow } from '@switchboard/shared/billing/bills';
import type {
  Vendor,
  VendorDeleteResult,
  VendorDetail,
  VendorFormInput,
  VendorListQuery,
  VendorPage,
} from '@switchboard/shared/billing/vendors';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// /billing/vendors (designs/billing.md §5, §6): the paged list, a vendor's detail with its tabs, save, archive or
// delete, restore, and the expense accounts of the form's picker.

export const vendorsQueryKey = ['billing', 'vendors'] as const;

export function useVendors(query: VendorListQuery) {
  return useQuery({
    queryKey: [...vendorsQueryKey, 'list', query] as const,
    queryFn: ({ signal }) =>
      api.get<VendorPage>('/api/billing/vendors', {
        query: Object.fromEntries(
          Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
        ),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useVendor(id: number | null) {
  return useQuery({
    queryKey: [...vendorsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => api.get<{ data: VendorDetail }>(`/api/billing/vendors/${id}`, { signal }),
    select: (response) => response.data,
    enabled: id !== null,
  });
}

/** Active 5xxx/6xxx expense accounts for the Default expense account picker (GET /api/billing/accounts). */
export function useExpenseAccounts() {
  return useQuery({
    queryKey: [...vendorsQueryKey, 'expense-accounts'] as const,
    queryFn: ({ signal }) => api.get<AccountsResponse>('/api/billing/accounts', { signal }),
    select: (response) =>
      response.data.filter((row) => row.type === 'expense' && row.active && /^[56]\d{3}$/.test(row.number)),
  });
}

type Saved = { message: string; data: Vendor };

export function useSaveVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: VendorFormInput }) =>
      id === null
        ? api.post<Saved>('/api/billing/vendors', input)
        : api.put<Saved>(`/api/billing/vendors/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
  });
}

export function useDeleteVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<VendorDeleteResult>(`/api/billing/vendors/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
  });
}

export function useRestoreVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Saved>(`/api/billing/vendors/${id}/restore`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
  });
}

/** The list and an open vendor follow the billing channel's VendorUpdated. */
export function useLiveVendors(): void {
  const queryClient = useQueryClient();
  useChannel(billingChannel, {
    VendorUpdated: () => void queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
    // Open bills and Last paid, and the drawer's Bills and Payments tabs, follow bills and payments made.
    BillUpdated: () => void queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
    PaymentUpdated: () => void queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
    // The drawer's Purchase orders tab, and whether archiving keeps the vendor, follow its purchase orders.
    PurchaseOrderUpdated: () => void queryClient.invalidateQueries({ queryKey: vendorsQueryKey }),
  });
}

interface Paged<T> {
  data: T[];
  total: number;
}

/** The drawer's Bills tab: the vendor's latest bills and vendor credits (GET /api/billing/bills?vendor_id=). */
export function useVendorBills(vendorId: number) {
  return useQuery({
    queryKey: [...vendorsQueryKey, 'bills', vendorId] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<BillRow>>('/api/billing/bills', { query: { vendor_id: vendorId, per_page: 50 }, signal }),
  });
}

/** The drawer's Payments tab: the vendor's latest payments made (GET /api/billing/payments/made?vendor_id=). */
export function useVendorPayments(vendorId: number) {
  return useQuery({
    queryKey: [...vendorsQueryKey, 'payments', vendorId] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<PaymentMadeRow>>('/api/billing/payments/made', {
        query: { vendor_id: vendorId, per_page: 50 },
        signal,
      }),
  });
}
