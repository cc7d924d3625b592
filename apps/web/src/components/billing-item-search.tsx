import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ITEM_SEARCH_MIN_LENGTH, itemSearchHint, type BillingItem } from '@switchboard/shared/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../lib/api-client.ts';

/** GET /api/billing/search/items/{term} (spec 2 §9): the catalogue's active items matching the term. */
export function useItemSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'items', 'search', term] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BillingItem[] }>(`/api/billing/search/items/${encodeURIComponent(term)}`, { signal }))
        .data,
    enabled,
    staleTime: 30_000,
  });
}

/** A line editor's catalogue search (invoices, quotes): results from ITEM_SEARCH_MIN_LENGTH characters on. */
export function BillingItemSearch(props: {
  number: number;
  itemName: string | null;
  onPick: (item: BillingItem) => void;
}) {
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term.trim(), 250);
  const enabled = debounced.length >= ITEM_SEARCH_MIN_LENGTH;
  const items = useItemSearch(debounced, enabled);
  const results = enabled ? (items.data ?? []) : [];
  return (
    <Select
      size="xs"
      style={{ flex: '1 1 160px', minWidth: 0 }}
      label="Item"
      aria-label={`Line ${props.number} item`}
      placeholder={props.itemName ?? 'Search items'}
      searchable
      clearable={false}
      value={null}
      searchValue={term}
      onSearchChange={setTerm}
      filter={({ options }) => options}
      nothingFoundMessage={enabled ? (items.isFetching ? 'Searching…' : 'No items') : itemSearchHint}
      data={results.map((item) => ({ value: String(item.id), label: item.name }))}
      onChange={(value) => {
        const item = results.find((entry) => String(entry.id) === value);
        if (item) {
          props.onPick(item);
          setTerm('');
        }
      }}
    />
  );
}
