import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Modal,
  NumberFormatter,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  adjustmentFormSchema,
  inventoryLocationKinds,
  issueFormSchema,
  locationFormSchema,
  locationKindLabels,
  stockListQuerySchema,
  stockMoveReasonLabels,
  transferFormSchema,
  type InventoryLocation,
  type StockTotals,
} from '@switchboard/shared/billing/inventory';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  contractMessages,
  FormActions,
  shownMessages,
  type FieldMessages,
} from '../../components/billing-form-parts.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import {
  useLiveInventory,
  useLocations,
  useMoves,
  useSaveLocation,
  useStock,
  useStockCommand,
  useTrackedItems,
  type StockCommand,
} from './api/inventory.ts';

// /billing/inventory (designs/billing.md §3.8, §5; issue 28 part 5): stock by item x location (On hand, Average cost,
// Value, Reorder point, Below reorder) with location, type, below-reorder and search in the URL; an item's movement
// history in a drawer (`?item=`); the Adjust (with 'manage accounting'), Transfer and Issue dialogs; Locations; and the
// total stock value with its tie to account 1200 Inventory.

const filterKeys = ['search', 'location_id', 'type', 'below_reorder', 'page', 'per_page'] as const;
type Dialog = 'adjust' | 'transfer' | 'issue' | 'locations' | null;

const money = (value: number, scale = 2) => (
  <NumberFormatter value={value} prefix="$" thousandSeparator="," decimalScale={scale} fixedDecimalScale />
);
const right = { textAlign: 'right' } as const;
/** A form's number: blank or not a number stays NaN for the contract to word. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function TieLine({ totals }: { totals: StockTotals }) {
  return (
    <Group gap="md" aria-label="Stock total">
      <Text>
        Stock value <strong>{money(totals.stock_value)}</strong>
      </Text>
      <Text>
        1200 Inventory as of {totals.as_of}: <strong>{money(totals.ledger_value)}</strong>
      </Text>
      {totals.tied ? (
        <Badge color="green">Ties to 1200</Badge>
      ) : (
        <Badge color="red">Off by {money(totals.difference)}</Badge>
      )}
    </Group>
  );
}

export function InventoryPage() {
  const [params, setParams] = useSearchParams();
  const permissions = usePermissions();
  const canAdjust = permissions.includes('manage accounting');
  const query = useMemo(() => {
    const raw = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? undefined]));
    const parsed = stockListQuerySchema.safeParse(raw);
    return parsed.success ? parsed.data : stockListQuerySchema.parse({});
  }, [params]);
  const rawItem = params.get('item');
  const itemId = rawItem && /^[1-9]\d{0,9}$/.test(rawItem) ? Number(rawItem) : null;
  const list = useStock({ ...query, below_reorder: query.below_reorder ? true : undefined });
  const locations = useLocations();
  useLiveInventory();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [search, setSearch] = useState(query.search ?? '');

  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes) && !('item' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const searchLater = useDebouncedCallback((text: string) => update({ search: text.trim() }), 250);
  const done = (message: string) => {
    setOutcome(message);
    setDialog(null);
  };
  const rows = list.data?.data ?? [];
  const itemName = rows.find((row) => row.item_id === itemId)?.item_name;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Inventory</Title>
        <Group gap="xs">
          {canAdjust && <Button onClick={() => setDialog('adjust')}>Adjust</Button>}
          <Button variant="default" onClick={() => setDialog('transfer')}>
            Transfer
          </Button>
          <Button variant="default" onClick={() => setDialog('issue')}>
            Issue
          </Button>
          <Button variant="default" onClick={() => setDialog('locations')}>
            Locations
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Item, SKU or location"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
        />
        <Select
          label="Location"
          placeholder="All"
          clearable
          data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
          value={query.location_id ? String(query.location_id) : null}
          onChange={(value) => update({ location_id: value ?? undefined })}
        />
        <Select
          label="Type"
          placeholder="All"
          clearable
          data={inventoryLocationKinds.map((kind) => ({ value: kind, label: locationKindLabels[kind] }))}
          value={query.type ?? null}
          onChange={(value) => update({ type: value ?? undefined })}
        />
        <Switch
          label="Below reorder"
          checked={Boolean(query.below_reorder)}
          onChange={(e) => update({ below_reorder: e.currentTarget.checked ? 'true' : undefined })}
        />
      </Group>
      {outcome && (
        <Alert color="green" withCloseButton onClose={() => setOutcome(null)}>
          {outcome}
        </Alert>
      )}
      {list.data && <TieLine totals={list.data.totals} />}
      {list.isPending && <Loader />}
      {list.isError && <Alert color="red">An error occured.</Alert>}
      {list.data && (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Stock" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>SKU</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th style={right}>On hand</Table.Th>
                <Table.Th style={right}>Average cost</Table.Th>
                <Table.Th style={right}>Value</Table.Th>
                <Table.Th style={right}>Reorder point</Table.Th>
                <Table.Th>Below reorder</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>No stock matches.</Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr key={`${row.item_id}-${row.location_id}`}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => update({ item: row.item_id })}>
                      {row.item_name}
                    </Button>
                  </Table.Td>
                  <Table.Td>{row.sku}</Table.Td>
                  <Table.Td>{row.location_name}</Table.Td>
                  <Table.Td style={right}>{row.on_hand}</Table.Td>
                  <Table.Td style={right}>{money(row.average_cost, 4)}</Table.Td>
                  <Table.Td style={right}>{money(row.value)}</Table.Td>
                  <Table.Td style={right}>{row.reorder_point ?? ''}</Table.Td>
                  <Table.Td>{row.below_reorder && <Badge color="orange">Below reorder</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <Pagination
          meta={list.data}
          itemLabel="rows"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage })}
        />
      )}
      {itemId !== null && <MovesDrawer itemId={itemId} name={itemName} onClose={() => update({ item: undefined })} />}
      {dialog === 'adjust' && <AdjustDialog onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'transfer' && <TransferDialog onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'issue' && <IssueDialog onClose={() => setDialog(null)} onDone={done} />}
      {dialog === 'locations' && <LocationsDialog onClose={() => setDialog(null)} />}
    </Stack>
  );
}

function MovesDrawer({ itemId, name, onClose }: { itemId: number; name?: string; onClose: () => void }) {
  const moves = useMoves(itemId);
  const title = name ?? moves.data?.data[0]?.item_name ?? 'Item';
  return (
    <Drawer opened onClose={onClose} title={`Movement history: ${title}`} position="right" size="xl">
      {moves.isPending ? (
        <Loader />
      ) : moves.isError ? (
        <Alert color="red">{isApiError(moves.error) ? moves.error.message : 'An error occured.'}</Alert>
      ) : moves.data.data.length === 0 ? (
        <Text>No movements yet.</Text>
      ) : (
        <Table aria-label="Movements" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th style={right}>Quantity</Table.Th>
              <Table.Th style={right}>Unit cost</Table.Th>
              <Table.Th style={right}>Value</Table.Th>
              <Table.Th>Memo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {moves.data.data.map((move) => (
              <Table.Tr key={move.id}>
                <Table.Td>{move.occurred_on}</Table.Td>
                <Table.Td>{stockMoveReasonLabels[move.reason] ?? move.reason}</Table.Td>
                <Table.Td>{move.location_name}</Table.Td>
                <Table.Td style={right}>{move.quantity}</Table.Td>
                <Table.Td style={right}>{money(move.unit_cost, 4)}</Table.Td>
                <Table.Td style={right}>{money(move.value)}</Table.Td>
                <Table.Td>{move.memo}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}

/** The Modal and form every stock command shares: checks with the contract, sends, shows the server's 422. */
function CommandDialog({
  title,
  build,
  check,
  onClose,
  onDone,
  children,
}: {
  title: string;
  build: () => StockCommand;
  check: (command: StockCommand) => FieldMessages | null;
  onClose: () => void;
  onDone: (message: string) => void;
  children: (errors: FieldMessages) => ReactNode;
}) {
  const command = useStockCommand();
  const [local, setLocal] = useState<FieldMessages>({});
  const errors = shownMessages(local, command.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    command.reset();
    const built = build();
    const invalid = check(built);
    setLocal(invalid ?? {});
    if (invalid) return;
    command.mutateAsync(built).then(
      (result) => onDone(result.message),
      () => {},
    );
  };
  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {children(errors)}
          <FormActions error={command.error} pending={command.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function ItemSelect({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const items = useTrackedItems();
  return (
    <Select
      label="Item"
      required
      searchable
      data={(items.data ?? []).map((item) => ({
        value: String(item.id),
        label: item.sku ? `${item.name} (${item.sku})` : item.name,
      }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
    />
  );
}

function LocationSelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const locations = useLocations();
  return (
    <Select
      label={label}
      required
      data={(locations.data ?? []).filter((l) => l.active).map((l) => ({ value: String(l.id), label: l.name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
    />
  );
}

const checkWith = (schema: z.ZodType) => (command: StockCommand) => contractMessages(schema.safeParse(command.input));

export function AdjustDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const [v, setV] = useState({ item: '', location: '', mode: 'count', quantity: '', cost: '', reason: '' });
  const set = (key: keyof typeof v) => (value: string) => setV((c) => ({ ...c, [key]: value }));
  const build = (): StockCommand => ({
    kind: 'adjustments',
    input: {
      item_id: v.item,
      location_id: v.location,
      mode: v.mode as 'count' | 'delta',
      quantity: numberOf(v.quantity),
      unit_cost: v.cost.trim() === '' ? null : numberOf(v.cost),
      reason: v.reason,
    } as never,
  });
  return (
    <CommandDialog
      title="Adjust stock"
      build={build}
      check={checkWith(adjustmentFormSchema)}
      onClose={onClose}
      onDone={onDone}
    >
      {(errors) => (
        <>
          <ItemSelect value={v.item} onChange={set('item')} error={errors.item_id?.[0]} />
          <LocationSelect
            label="Location"
            value={v.location}
            onChange={set('location')}
            error={errors.location_id?.[0]}
          />
          <SegmentedControl
            aria-label="Adjust by"
            value={v.mode}
            onChange={set('mode')}
            data={[
              { value: 'count', label: 'Counted quantity' },
              { value: 'delta', label: 'Change (+/-)' },
            ]}
          />
          <TextInput
            label={v.mode === 'count' ? 'Counted quantity' : 'Change'}
            required
            inputMode="decimal"
            value={v.quantity}
            onChange={(e) => set('quantity')(e.currentTarget.value)}
            error={errors.quantity?.[0]}
          />
          <TextInput
            label="Unit cost"
            description="For stock added; blank takes the item's average cost."
            inputMode="decimal"
            value={v.cost}
            onChange={(e) => set('cost')(e.currentTarget.value)}
            error={errors.unit_cost?.[0]}
          />
          <TextInput
            label="Reason"
            required
            value={v.reason}
            onChange={(e) => set('reason')(e.currentTarget.value)}
            error={errors.reason?.[0]}
          />
          <Text size="sm" c="dimmed">
            Posts the value to 6900 Inventory Adjustments against 1200 Inventory.
          </Text>
        </>
      )}
    </CommandDialog>
  );
}

export function TransferDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const [v, setV] = useState({ item: '', from: '', to: '', quantity: '', memo: '' });
  const set = (key: keyof typeof v) => (value: string) => setV((c) => ({ ...c, [key]: value }));
  const build = (): StockCommand => ({
    kind: 'transfers',
    input: {
      item_id: v.item,
      from_location_id: v.from,
      to_location_id: v.to,
      quantity: numberOf(v.quantity),
      memo: v.memo,
    } as never,
  });
  return (
    <CommandDialog
      title="Transfer stock"
      build={build}
      check={checkWith(transferFormSchema)}
      onClose={onClose}
      onDone={onDone}
    >
      {(errors) => (
        <>
          <ItemSelect value={v.item} onChange={set('item')} error={errors.item_id?.[0]} />
          <LocationSelect label="From" value={v.from} onChange={set('from')} error={errors.from_location_id?.[0]} />
          <LocationSelect label="To" value={v.to} onChange={set('to')} error={errors.to_location_id?.[0]} />
          <TextInput
            label="Quantity"
            required
            inputMode="decimal"
            value={v.quantity}
            onChange={(e) => set('quantity')(e.currentTarget.value)}
            error={errors.quantity?.[0]}
          />
          <TextInput label="Memo" value={v.memo} onChange={(e) => set('memo')(e.currentTarget.value)} />
        </>
      )}
    </CommandDialog>
  );
}

export function IssueDialog({ onClose, onDone }: { onClose: () => void; onDone: (message: string) => void }) {
  const [v, setV] = useState({ item: '', location: '', quantity: '', to: 'ticket', target: '', memo: '' });
  const set = (key: keyof typeof v) => (value: string) => setV((c) => ({ ...c, [key]: value }));
  const target = v.target.trim() === '' ? Number.NaN : Number(v.target);
  const build = (): StockCommand => ({
    kind: 'issues',
    input: {
      item_id: v.item,
      location_id: v.location,
      quantity: numberOf(v.quantity),
      ticket_id: v.to === 'ticket' ? target : null,
      project_id: v.to === 'project' ? target : null,
      memo: v.memo,
    } as never,
  });
  const targetError = v.to === 'ticket' ? 'ticket_id' : 'project_id';
  return (
    <CommandDialog
      title="Issue stock"
      build={build}
      check={checkWith(issueFormSchema)}
      onClose={onClose}
      onDone={onDone}
    >
      {(errors) => (
        <>
          <ItemSelect value={v.item} onChange={set('item')} error={errors.item_id?.[0]} />
          <LocationSelect label="From" value={v.location} onChange={set('location')} error={errors.location_id?.[0]} />
          <TextInput
            label="Quantity"
            required
            inputMode="decimal"
            value={v.quantity}
            onChange={(e) => set('quantity')(e.currentTarget.value)}
            error={errors.quantity?.[0]}
          />
          <SegmentedControl
            aria-label="Issue to"
            value={v.to}
            onChange={set('to')}
            data={[
              { value: 'ticket', label: 'Ticket' },
              { value: 'project', label: 'Project' },
            ]}
          />
          <TextInput
            label={v.to === 'ticket' ? 'Ticket #' : 'Project #'}
            required
            inputMode="numeric"
            value={v.target}
            onChange={(e) => set('target')(e.currentTarget.value)}
            error={errors[targetError]?.[0] ?? errors.ticket_id?.[0]}
          />
          <TextInput label="Memo" value={v.memo} onChange={(e) => set('memo')(e.currentTarget.value)} />
          <Text size="sm" c="dimmed">
            Posts the cost to 6500 Parts Used (the ticket's or project's company) against 1200 Inventory.
          </Text>
        </>
      )}
    </CommandDialog>
  );
}

type LocationValues = { name: string; kind: string; site_id: string; active: boolean };
const locationInputOf = (values: LocationValues) => ({
  name: values.name,
  kind: values.kind,
  site_id: values.kind === 'client_site' && values.site_id.trim() !== '' ? numberOf(values.site_id) : null,
  active: values.active,
});

export function checkLocation(values: LocationValues): FieldMessages | null {
  return contractMessages(locationFormSchema.safeParse(locationInputOf(values)));
}

function LocationsDialog({ onClose }: { onClose: () => void }) {
  const locations = useLocations();
  const [editing, setEditing] = useState<InventoryLocation | 'new' | null>(null);
  return (
    <Modal opened onClose={onClose} title="Locations" size="lg">
      <Stack gap="sm">
        {editing === null ? (
          <>
            <Table aria-label="Locations" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Site</Table.Th>
                  <Table.Th>Active</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(locations.data ?? []).map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => setEditing(l)}>
                        {l.name}
                      </Button>
                    </Table.Td>
                    <Table.Td>{locationKindLabels[l.kind]}</Table.Td>
                    <Table.Td>{l.site_name ?? ''}</Table.Td>
                    <Table.Td>{l.active ? 'Yes' : <Badge color="gray">Inactive</Badge>}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Button onClick={() => setEditing('new')}>New location</Button>
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </>
        ) : (
          <LocationForm location={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Stack>
    </Modal>
  );
}

function LocationForm({ location, onDone }: { location: InventoryLocation | null; onDone: () => void }) {
  const save = useSaveLocation();
  const [values, setValues] = useState<LocationValues>({
    name: location?.name ?? '',
    kind: location?.kind ?? 'warehouse',
    site_id: location?.site_id ? String(location.site_id) : '',
    active: location?.active ?? true,
  });
  const [local, setLocal] = useState<FieldMessages>({});
  const errors = shownMessages(local, save.error);
  const set = <K extends keyof LocationValues>(key: K, value: LocationValues[K]) =>
    setValues((c) => ({ ...c, [key]: value }));
  const label = location ? `Edit ${location.name}` : 'New location';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const invalid = checkLocation(values);
    setLocal(invalid ?? {});
    if (invalid) return;
    save.mutateAsync({ id: location?.id ?? null, input: locationInputOf(values) as never }).then(onDone, () => {});
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name?.[0]}
        />
        <Select
          label="Kind"
          allowDeselect={false}
          data={inventoryLocationKinds.map((kind) => ({ value: kind, label: locationKindLabels[kind] }))}
          value={values.kind}
          onChange={(value) => set('kind', value ?? 'warehouse')}
          error={errors.kind?.[0]}
        />
        {values.kind === 'client_site' && (
          <TextInput
            label="Site #"
            description="The client site this location is."
            inputMode="numeric"
            value={values.site_id}
            onChange={(e) => set('site_id', e.currentTarget.value)}
            error={errors.site_id?.[0]}
          />
        )}
        <Switch label="Active" checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
        <FormActions error={save.error} pending={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
