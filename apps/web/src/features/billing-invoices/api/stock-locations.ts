import type { InventoryLocation, StockPage } from '@switchboard/shared/billing/inventory';
import type { CatalogueItem } from '@switchboard/shared/billing/items';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// Where a tracked product line leaves stock (issue 28; designs/billing.md §3.8): the item (is it tracked?), the stock
// locations and the item's on hand at each (the stock list's rows of the item), for the line's location select.

export const stockLocationsQueryOptions = queryOptions({
  queryKey: ['billing', 'invoices', 'stock-locations'] as const,
  queryFn: async ({ signal }) =>
    (await api.get<{ data: InventoryLocation[] }>('/api/billing/inventory/locations', { signal })).data,
  staleTime: 60_000,
});

export function useStockLocations(enabled = true) {
  return useQuery({ ...stockLocationsQueryOptions, enabled });
}

const catalogueItemQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['billing', 'invoices', 'catalogue-item', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CatalogueItem }>(`/api/billing/items/${id}`, { signal })).data,
    staleTime: 60_000,
  });

export interface LocationStock {
  id: number;
  name: string;
  on_hand: number;
}

export interface ItemStock {
  tracked: boolean;
  /** Active locations, the fullest first, with the item's on hand at each. */
  locations: LocationStock[];
}

/** The item's stock by location; undefined while loading, tracked false for an item that is not stock. */
export function useItemStock(itemId: number | null): ItemStock | undefined {
  const item = useQuery({ ...catalogueItemQueryOptions(itemId ?? 0), enabled: itemId !== null });
  const tracked = item.data?.inventory_tracked === true;
  const locations = useStockLocations(tracked);
  const stock = useQuery({
    queryKey: ['billing', 'invoices', 'item-stock', itemId] as const,
    queryFn: ({ signal }) =>
      api.get<StockPage>('/api/billing/inventory', { query: { item_id: itemId!, per_page: 500 }, signal }),
    enabled: tracked,
  });
  if (itemId === null) return { tracked: false, locations: [] };
  if (!item.data) return undefined;
  if (!tracked) return { tracked: false, locations: [] };
  if (!locations.data || !stock.data) return undefined;
  // A location without a row holds none of the item.
  const onHand = new Map(stock.data.data.map((row) => [row.location_id, row.on_hand]));
  return {
    tracked: true,
    locations: locations.data
      .filter((location) => location.active)
      .map((location) => ({ id: location.id, name: location.name, on_hand: onHand.get(location.id) ?? 0 }))
      .sort((a, b) => b.on_hand - a.on_hand || a.id - b.id),
  };
}
