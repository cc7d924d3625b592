import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ITEM_SEARCH_MIN_LENGTH,
  itemSearchHint,
  recurringItemInputSchema,
  recurringItemTotal,
  type BillingItem,
  type BillingItemType,
} from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { searchBillingItems } from '../api/contracts.ts';

/** A recurring item row of the contract form; id is 'new' until the contract is saved. */
export interface RecurringItemRow {
  key: string;
  id: number | 'new';
  item_id: number;
  item: { type: BillingItemType; name: string };
  quantity: number;
  price: number;
  taxable: 0 | 1;
}

interface Props {
  /** The row being edited; null adds a new one. */
  editing: RecurringItemRow | null;
  onSave: (row: RecurringItemRow) => void;
  onClose: () => void;
}

let keys = 0;

/** The field's message from the server's own rule (spec 2 §5 through the shared contract), or undefined when valid. */
function fieldError(field: 'item_id' | 'quantity', value: unknown): string | undefined {
  const parsed = recurringItemInputSchema.shape[field].safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export const itemSearchFailedMessage = 'The items could not be searched. Please try again.';

/** Spec 2 §4 Recurring item modal: add and edit modes; choosing an item pre-fills quantity 1, price and taxable. */
export function RecurringItemModal({ editing, onSave, onClose }: Props) {
  const [search, setSearch] = useState(editing?.item.name ?? '');
  const [debounced] = useDebouncedValue(search, 300);
  const [results, setResults] = useState<BillingItem[]>([]);
  const [item, setItem] = useState<{ id: number; type: BillingItemType; name: string } | null>(
    editing ? { id: editing.item_id, ...editing.item } : null,
  );
  const [quantity, setQuantity] = useState<number | string>(editing?.quantity ?? '');
  const [price, setPrice] = useState<number | string>(editing?.price ?? 0);
  const [taxable, setTaxable] = useState<boolean>(editing?.taxable === 1);
  const [errors, setErrors] = useState<{ item?: string; quantity?: string }>({});
  const [searchFailed, setSearchFailed] = useState(false);

  useEffect(() => {
    if (debounced.trim().length < ITEM_SEARCH_MIN_LENGTH || debounced === item?.name) return;
    const controller = new AbortController();
    searchBillingItems(debounced.trim(), controller.signal)
      .then((found) => {
        setResults(found);
        setSearchFailed(false);
      })
      .catch(() => {
        // A refused or failed search says so instead of looking like no match.
        if (controller.signal.aborted) return;
        setResults([]);
        setSearchFailed(true);
      });
    return () => controller.abort();
  }, [debounced, item?.name]);

  const options = [
    ...results.map((result) => ({ value: String(result.id), label: result.name })),
    ...(item && !results.some((r) => r.id === item.id) ? [{ value: String(item.id), label: item.name }] : []),
  ];

  const choose = (value: string | null) => {
    const chosen = results.find((result) => String(result.id) === value);
    if (!chosen) return;
    setItem({ id: chosen.id, type: chosen.type, name: chosen.name });
    // Adding pre-fills quantity 1 with the item's price and taxable flag (spec 2 §4); a valid quantity drops its message.
    setErrors((current) => ({ item: undefined, quantity: editing ? current.quantity : undefined }));
    if (!editing) setQuantity(1);
    setPrice(chosen.price);
    setTaxable(chosen.taxable === 1);
  };

  // A shown message follows the value: it goes as soon as the quantity becomes valid (or changes to the new reason).
  const changeQuantity = (value: number | string) => {
    setQuantity(value);
    setErrors((current) => (current.quantity ? { ...current, quantity: fieldError('quantity', value) } : current));
  };

  const save = () => {
    const next: typeof errors = {
      item: fieldError('item_id', item?.id ?? null),
      quantity: fieldError('quantity', quantity),
    };
    setErrors(next);
    if (next.item || next.quantity || !item) return;
    onSave({
      key: editing?.key ?? `item-${++keys}`,
      id: editing?.id ?? 'new',
      item_id: item.id,
      item: { type: item.type, name: item.name },
      quantity: Number(quantity),
      price: Number(price) || 0,
      taxable: taxable ? 1 : 0,
    });
  };

  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit Recurring Item' : 'Add Recurring Item'}>
      <Stack gap="sm">
        <Select
          label="Item"
          searchable
          placeholder="Search items"
          description={itemSearchHint}
          searchValue={search}
          onSearchChange={setSearch}
          value={item ? String(item.id) : null}
          onChange={choose}
          data={options}
          filter={({ options: all }) => all}
          nothingFoundMessage={search.trim().length < ITEM_SEARCH_MIN_LENGTH ? itemSearchHint : 'No items found'}
          error={errors.item ?? (searchFailed ? itemSearchFailedMessage : undefined)}
        />
        <NumberInput
          label="Quantity"
          min={0}
          step={1}
          allowDecimal={false}
          value={quantity}
          onChange={changeQuantity}
          error={errors.quantity}
        />
        <NumberInput label="Price" min={0} step={0.01} decimalScale={2} prefix="$" value={price} onChange={setPrice} />
        <Checkbox label="Taxable" checked={taxable} onChange={(event) => setTaxable(event.currentTarget.checked)} />
        <Text size="sm">
          Total:{' '}
          <strong>
            ${recurringItemTotal({ price: Number(price) || 0, quantity: Number(quantity) || 0 }).toFixed(2)}
          </strong>
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save}>{editing ? 'Update Item' : 'Add Item'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
