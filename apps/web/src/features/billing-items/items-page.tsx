import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { billingItemTypes, type BillingItemType } from '@switchboard/shared';
import {
  billingItemInputSchema,
  billingItemListQuerySchema,
  itemUnits,
  type BillingItemInput,
  type CatalogueItem,
} from '@switchboard/shared/billing/items';
import { formatCents, centsFromDollars } from '@switchboard/shared/billing/money';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  contractMessages,
  FormActions,
  shownMessages,
  type FieldMessages,
} from '../../components/billing-form-parts.tsx';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCatalogue, useDeleteItem, useIncomeAccounts, useVendorChoices, useSaveItem } from './api/items.ts';

// /billing/items (designs/billing.md §5): Name, Type, SKU, Price, Cost, Margin %, Taxable, Income account, Tracked,
// On hand, Active; filters type, tracked, active and search kept in the URL; create and edit in a drawer checked by the
// shared contract; archive (an item in use) or delete (one never used), the server saying which.

export const typeLabels: Record<BillingItemType, string> = {
  retainer: 'Retainer',
  overage: 'Overage',
  fee: 'Fee',
  cloud: 'Cloud',
  service: 'Service',
  product: 'Product',
};

export type ItemFormValues = {
  name: string;
  type: string;
  description: string;
  sku: string;
  unit: string;
  price: string;
  cost: string;
  taxable: boolean;
  fee_percent: string;
  income_account_id: string;
  inventory_tracked: boolean;
  reorder_point: string;
  reorder_qty: string;
  preferred_vendor_id: string;
  active: boolean;
};

export const emptyItemForm: ItemFormValues = {
  name: '',
  type: 'service',
  description: '',
  sku: '',
  unit: 'each',
  price: '',
  cost: '',
  taxable: false,
  fee_percent: '',
  income_account_id: '',
  inventory_tracked: false,
  reorder_point: '',
  reorder_qty: '',
  preferred_vendor_id: '',
  active: true,
};

function formOf(item: CatalogueItem): ItemFormValues {
  return {
    name: item.name,
    type: item.type,
    description: item.description ?? '',
    sku: item.sku,
    unit: item.unit,
    price: String(item.price),
    cost: String(item.cost),
    taxable: item.taxable === 1,
    fee_percent: item.fee_percent === null ? '' : String(item.fee_percent),
    income_account_id: item.income_account_id === null ? '' : String(item.income_account_id),
    inventory_tracked: item.inventory_tracked,
    reorder_point: item.reorder_point === null ? '' : String(item.reorder_point),
    reorder_qty: item.reorder_qty === null ? '' : String(item.reorder_qty),
    preferred_vendor_id: item.preferred_vendor_id === null ? '' : String(item.preferred_vendor_id),
    active: item.active,
  };
}

/** The body the server takes, from the drawer's text fields (blank numbers are left to the contract). */
export function itemInputOf(values: ItemFormValues, editing: boolean): BillingItemInput {
  return {
    name: values.name,
    type: values.type as BillingItemType,
    description: values.description || null,
    sku: values.sku,
    unit: values.unit as BillingItemInput['unit'],
    price: values.price,
    cost: values.cost,
    taxable: values.taxable ? 1 : 0,
    fee_percent: values.type === 'fee' ? values.fee_percent : null,
    income_account_id: values.income_account_id || null,
    inventory_tracked: values.type === 'product' && values.inventory_tracked,
    reorder_point: values.reorder_point,
    reorder_qty: values.reorder_qty,
    preferred_vendor_id:
      values.type === 'product' && values.preferred_vendor_id ? Number(values.preferred_vendor_id) : null,
    ...(editing ? { active: values.active } : {}),
  };
}

/** The shared contract's messages by field, or null when the drawer's values are valid. */
export function checkItem(values: ItemFormValues): FieldMessages | null {
  return contractMessages(billingItemInputSchema.safeParse(itemInputOf(values, false)));
}

const money = (dollars: number) => formatCents(centsFromDollars(dollars) ?? 0);
/** Cost keeps up to four decimals: shown as dollars with at least two. */
const cost = (dollars: number) => {
  const [whole, fraction = ''] = String(dollars).split('.');
  return `$${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(2, '0')}`;
};

const filterKeys = ['type', 'tracked', 'active', 'search'] as const;

export function ItemsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const raw = Object.fromEntries(
      [...filterKeys, 'page', 'per_page'].map((key) => [key, params.get(key) ?? undefined]),
    );
    const parsed = billingItemListQuerySchema.safeParse(raw);
    return parsed.success ? parsed.data : billingItemListQuerySchema.parse({});
  }, [params]);
  const list = useCatalogue(query);
  const remove = useDeleteItem();
  const [editing, setEditing] = useState<CatalogueItem | 'new' | null>(null);
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  // The box keeps what is typed; the URL (and the query) follow a moment later.
  const [search, setSearch] = useState(query.search ?? '');

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  const searchLater = useDebouncedCallback((text: string) => update({ search: text.trim() }), 250);

  const archiveOrDelete = (item: CatalogueItem) =>
    confirmDelete({
      title: `Archive or delete ${item.name}?`,
      text: 'An item used on documents or contracts is archived and stays on them; one never used is deleted.',
      confirm: 'Yes, archive or delete it',
      onConfirm: () =>
        remove.mutate(item.id, {
          onSuccess: (result) => setOutcome({ color: 'green', text: result.message }),
          onError: (error) =>
            setOutcome({ color: 'red', text: isApiError(error) ? error.message : 'An error occured.' }),
        }),
    });

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Items</Title>
        <Button onClick={() => setEditing('new')}>New item</Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name or SKU"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
        />
        <Select
          label="Type"
          placeholder="All types"
          clearable
          data={billingItemTypes.map((type) => ({ value: type, label: typeLabels[type] }))}
          value={query.type ?? null}
          onChange={(value) => update({ type: value ?? undefined })}
        />
        <Select
          label="Tracked"
          placeholder="All"
          clearable
          data={[
            { value: '1', label: 'Tracked' },
            { value: '0', label: 'Not tracked' },
          ]}
          value={query.tracked ?? null}
          onChange={(value) => update({ tracked: value ?? undefined })}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={[
            { value: '1', label: 'Active' },
            { value: '0', label: 'Archived' },
            { value: 'all', label: 'All' },
          ]}
          value={query.active}
          onChange={(value) => update({ active: value === '1' ? undefined : (value ?? undefined) })}
        />
      </Group>
      {outcome && (
        <Alert color={outcome.color} withCloseButton onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
      {list.isPending && <Loader />}
      {list.isError && <Alert color="red">An error occured.</Alert>}
      {list.data && (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Items" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Price</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Cost</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Margin %</Table.Th>
                <Table.Th>Taxable</Table.Th>
                <Table.Th>Income account</Table.Th>
                <Table.Th>Tracked</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>On hand</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={12}>No items match.</Table.Td>
                </Table.Tr>
              )}
              {rows.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{typeLabels[item.type]}</Table.Td>
                  <Table.Td>{item.sku}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{money(item.price)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{cost(item.cost)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {item.margin_percent === null ? '' : item.margin_percent.toFixed(1)}
                  </Table.Td>
                  <Table.Td>{item.taxable === 1 ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td>
                    {item.income_account ? `${item.income_account.number} ${item.income_account.name}` : ''}
                  </Table.Td>
                  <Table.Td>{item.inventory_tracked ? 'Yes' : 'No'}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{item.on_hand ?? ''}</Table.Td>
                  <Table.Td>{item.active ? 'Yes' : <Badge color="gray">Archived</Badge>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(item)}>
                        Edit
                      </Button>
                      {item.active && (
                        <Button size="xs" variant="default" color="red" onClick={() => archiveOrDelete(item)}>
                          Archive / Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <Pagination
          meta={list.data}
          itemLabel="items"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage })}
        />
      )}
      {editing !== null && (
        <ItemDrawer
          key={editing === 'new' ? 'new' : editing.id}
          item={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => setOutcome({ color: 'green', text: message })}
        />
      )}
    </Stack>
  );
}

function ItemDrawer({
  item,
  onClose,
  onSaved,
}: {
  item: CatalogueItem | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveItem();
  const accounts = useIncomeAccounts();
  const vendorChoices = useVendorChoices();
  const [values, setValues] = useState<ItemFormValues>(item ? formOf(item) : emptyItemForm);
  const [local, setLocal] = useState<FieldMessages>({});
  const set = <K extends keyof ItemFormValues>(key: K, value: ItemFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const errors = shownMessages(local, save.error);
  const title = item ? `Edit ${item.name}` : 'New item';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const invalid = checkItem(values);
    setLocal(invalid ?? {});
    if (invalid) return;
    save.mutate(
      { id: item?.id ?? null, input: itemInputOf(values, item !== null) },
      {
        onSuccess: (result) => {
          onSaved(result.message);
          onClose();
        },
      },
    );
  };

  return (
    <Drawer opened onClose={onClose} title={title} position="right" size="md">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name?.[0]}
          />
          <Group grow>
            <Select
              label="Type"
              required
              allowDeselect={false}
              data={billingItemTypes.map((type) => ({ value: type, label: typeLabels[type] }))}
              value={values.type}
              onChange={(value) => set('type', value ?? 'service')}
              error={errors.type?.[0]}
            />
            <Select
              label="Unit"
              allowDeselect={false}
              data={[...itemUnits]}
              value={values.unit}
              onChange={(value) => set('unit', value ?? 'each')}
              error={errors.unit?.[0]}
            />
          </Group>
          <TextInput
            label="SKU"
            value={values.sku}
            onChange={(e) => set('sku', e.currentTarget.value)}
            error={errors.sku?.[0]}
          />
          <Group grow>
            <TextInput
              label="Price"
              inputMode="decimal"
              value={values.price}
              onChange={(e) => set('price', e.currentTarget.value)}
              error={errors.price?.[0]}
            />
            <TextInput
              label="Cost"
              inputMode="decimal"
              value={values.cost}
              onChange={(e) => set('cost', e.currentTarget.value)}
              error={errors.cost?.[0]}
            />
          </Group>
          {values.type === 'fee' && (
            <TextInput
              label="Fee percent"
              required
              inputMode="decimal"
              value={values.fee_percent}
              onChange={(e) => set('fee_percent', e.currentTarget.value)}
              error={errors.fee_percent?.[0]}
            />
          )}
          <Select
            label="Income account"
            placeholder="The type's default account"
            clearable
            data={(accounts.data ?? []).map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }))}
            value={values.income_account_id || null}
            onChange={(value) => set('income_account_id', value ?? '')}
            error={errors.income_account_id?.[0]}
          />
          <Switch label="Taxable" checked={values.taxable} onChange={(e) => set('taxable', e.currentTarget.checked)} />
          {values.type === 'product' && (
            <>
              <Switch
                label="Track inventory"
                checked={values.inventory_tracked}
                onChange={(e) => set('inventory_tracked', e.currentTarget.checked)}
                error={errors.inventory_tracked?.[0]}
              />
              <Select
                label="Preferred vendor"
                description="Create purchase orders orders it from this vendor."
                clearable
                searchable
                data={vendorChoices.data ?? []}
                value={values.preferred_vendor_id || null}
                onChange={(value) => set('preferred_vendor_id', value ?? '')}
                error={errors.preferred_vendor_id?.[0]}
              />
              <Group grow>
                <TextInput
                  label="Reorder point"
                  inputMode="numeric"
                  value={values.reorder_point}
                  onChange={(e) => set('reorder_point', e.currentTarget.value)}
                  error={errors.reorder_point?.[0]}
                />
                <TextInput
                  label="Reorder quantity"
                  inputMode="numeric"
                  value={values.reorder_qty}
                  onChange={(e) => set('reorder_qty', e.currentTarget.value)}
                  error={errors.reorder_qty?.[0]}
                />
              </Group>
            </>
          )}
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(e) => set('description', e.currentTarget.value)}
            error={errors.description?.[0]}
          />
          {item && (
            <Switch
              label="Active"
              description="Off archives the item: it leaves pickers and stays on its documents."
              checked={values.active}
              onChange={(e) => set('active', e.currentTarget.checked)}
            />
          )}
          <FormActions error={save.error} pending={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Drawer>
  );
}
