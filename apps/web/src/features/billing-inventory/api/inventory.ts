import { billingChannel } from '@switchboard/shared';
import type {
  AdjustmentFormInput,
  InventoryLocation,
  IssueFormInput,
  LocationFormInput,
  StockCommandResult,
  StockListQuery,
  StockMovePage,
  StockPage,
  TransferFormInput,
} from '@switchboard/shared/billing/inventory';
import type { CatalogueItemPage } from '@switchboard/shared/billing/items';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';

// /billing/inventory (designs/billing.md §5, §6): stock by item x location with its tie to 1200, an item's movement
// history, locations, and the Adjust / Transfer / Issue commands. Follows StockUpdated and LedgerPosted.

export const inventoryQueryKey = ['billing', 'inventory'] as const;

const queryOf = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );

export function useStock(query: StockListQuery) {
  return useQuery({
    queryKey: [...inventoryQueryKey, 'stock', query] as const,
    queryFn: ({ signal }) => api.get<StockPage>('/api/billing/inventory', { query: queryOf(query), signal }),
    placeholderData: keepPreviousData,
  });
}

export function useMoves(itemId: number | null) {
  return useQuery({
    queryKey: [...inventoryQueryKey, 'moves', itemId] as const,
    queryFn: ({ signal }) =>
      api.get<StockMovePage>('/api/billing/inventory/moves', { query: { item_id: itemId!, per_page: 100 }, signal }),
    enabled: itemId !== null,
  });
}

export function useLocations() {
  return useQuery({
    queryKey: [...inventoryQueryKey, 'locations'] as const,
    queryFn: ({ signal }) => api.get<{ data: InventoryLocation[] }>('/api/billing/inventory/locations', { signal }),
    select: (response) => response.data,
  });
}

/** The tracked products of the catalogue, for the dialogs' item picker. */
export function useTrackedItems() {
  return useQuery({
    queryKey: [...inventoryQueryKey, 'items'] as const,
    queryFn: ({ signal }) =>
      api.get<CatalogueItemPage>('/api/billing/items', { query: { tracked: '1', per_page: 500 }, signal }),
    select: (response) => response.data,
  });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: LocationFormInput }) =>
      id === null
        ? api.post<{ message: string; data: InventoryLocation }>('/api/billing/inventory/locations', input)
        : api.put<{ message: string; data: InventoryLocation }>(`/api/billing/inventory/locations/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
  });
}

type CommandAnswer = { message: string; data: StockCommandResult };
export type StockCommand =
  | { kind: 'adjustments'; input: AdjustmentFormInput }
  | { kind: 'transfers'; input: TransferFormInput }
  | { kind: 'issues'; input: IssueFormInput };

export function useStockCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: StockCommand) =>
      api.post<CommandAnswer>(`/api/billing/inventory/${command.kind}`, command.input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryQueryKey }),
  });
}

/** Stock and the tie to 1200 follow the billing channel. */
export function useLiveInventory(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: inventoryQueryKey });
  useChannel(billingChannel, { StockUpdated: refresh, LedgerPosted: refresh });
}
