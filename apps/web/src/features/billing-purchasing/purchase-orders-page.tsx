import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  purchaseOrderInputSchema,
  purchaseOrderListQuerySchema,
  purchaseOrderStatusLabels,
  purchaseOrderStatuses,
  type PurchaseOrderDetail,
  type PurchaseOrderInputBody,
} from '@switchboard/shared';
import { formatCents, lineAmount } from '@switchboard/shared/billing/money';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BillingItemSearch } from '../../components/billing-item-search.tsx';
import { shownMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { VoidReceiptButton } from '../../components/void-receipt-button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import {
  downloadPurchaseOrdersCsv,
  fetchItemCost,
  useLivePurchaseOrders,
  useLocationOptions,
  usePurchaseOrder,
  usePurchaseOrderAction,
  usePurchaseOrders,
  useProjectOptions,
  useSavePurchaseOrder,
  useVendorOptions,
  useVoidReceipt,
  type PurchaseOrderAction,
} from './api/purchase-orders.ts';

// /billing/purchaseorders (designs/billing.md §3.7, §5; issue 28 part 2; decision 0109): PO #, Date, Vendor,
// Project/Company, Total, Received %, Billed %, Status, Expected, with the filters in the URL and a CSV; the drawer
// (`?id=`, `?id=new`) holds the editor (vendor, ship to, company and project, lines with item search, totals),
// Approve and send, Close, Cancel, the PDF, and the links to Receive and Enter bill. Live on PurchaseOrderUpdated.

const filterKeys = [
  'status',
  'vendor_id',
  'company_id',
  'project_id',
  'from',
  'to',
  'number',
  'page',
  'per_page',
] as const;
const dollars = (amount: number) => formatCents(Math.round(amount * 100));

export function PurchaseOrdersPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const raw = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? undefined]));
    const parsed = purchaseOrderListQuerySchema.safeParse(raw);
    return parsed.success ? parsed.data : purchaseOrderListQuerySchema.parse({});
  }, [params]);
  const rawId = params.get('id');
  const openId: number | 'new' | null =
    rawId === 'new' ? 'new' : rawId && /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null;
  const list = usePurchaseOrders(query);
  useLivePurchaseOrders();
  const vendors = useVendorOptions();
  const companies = useCompanyOptions();
  const projects = useProjectOptions(query.company_id ?? null);
  const [number, setNumber] = useState(query.number ?? '');
  const [csvError, setCsvError] = useState<string | null>(null);

  const update = (changes: Record<string, string | number | undefined | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes) && !('id' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const open = (id: number | 'new' | null) => update({ id: id ?? undefined });
  const numberLater = useDebouncedCallback((text: string) => update({ number: text.trim() }), 250);
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Purchase orders</Title>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              setCsvError(null);
              downloadPurchaseOrdersCsv(query).catch(() => setCsvError('An error occured.'));
            }}
          >
            Export CSV
          </Button>
          <Button onClick={() => open('new')}>New purchase order</Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="PO #"
          placeholder="PO-000012"
          value={number}
          onChange={(e) => {
            setNumber(e.currentTarget.value);
            numberLater(e.currentTarget.value);
          }}
        />
        <MultiSelect
          label="Status"
          placeholder={query.status?.length ? undefined : 'Any'}
          clearable
          data={purchaseOrderStatuses.map((status) => ({ value: status, label: purchaseOrderStatusLabels[status] }))}
          value={query.status ?? []}
          onChange={(values) => update({ status: values.join(',') })}
        />
        <Select
          label="Vendor"
          clearable
          searchable
          data={(vendors.data ?? []).map((vendor) => ({ value: String(vendor.id), label: vendor.name }))}
          value={query.vendor_id ? String(query.vendor_id) : null}
          onChange={(value) => update({ vendor_id: value })}
        />
        <Select
          label="Company"
          clearable
          searchable
          data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
          value={query.company_id ? String(query.company_id) : null}
          onChange={(value) => update({ company_id: value, project_id: undefined })}
        />
        <Select
          label="Project"
          clearable
          searchable
          disabled={!query.company_id}
          data={(projects.data ?? []).map((project) => ({
            value: String(project.id),
            label: `#${project.id} ${project.title}`,
          }))}
          value={query.project_id ? String(query.project_id) : null}
          onChange={(value) => update({ project_id: value })}
        />
        <TextInput
          type="date"
          label="From"
          value={query.from ?? ''}
          onChange={(e) => update({ from: e.target.value })}
        />
        <TextInput type="date" label="To" value={query.to ?? ''} onChange={(e) => update({ to: e.target.value })} />
      </Group>
      {csvError && <Alert color="red">{csvError}</Alert>}
      {list.isPending && <Loader />}
      {list.isError && <Alert color="red">An error occured.</Alert>}
      {list.data && (
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Purchase orders" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>PO #</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Vendor</Table.Th>
                <Table.Th>Project/Company</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Received %</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Billed %</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Expected</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>No purchase orders match.</Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => open(row.id)}>
                      {row.label}
                    </Button>
                  </Table.Td>
                  <Table.Td>{row.order_date}</Table.Td>
                  <Table.Td>{row.vendor_name}</Table.Td>
                  <Table.Td>
                    {[row.project_title && `#${row.project_id} ${row.project_title}`, row.company_name]
                      .filter(Boolean)
                      .join(' · ')}
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{dollars(row.total)}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{row.received_pct}%</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>{row.billed_pct}%</Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} approved={row.approved} />
                  </Table.Td>
                  <Table.Td>{row.expected_date ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <Pagination
          meta={list.data}
          itemLabel="purchase orders"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage })}
        />
      )}
      {openId !== null && (
        <PurchaseOrderDrawer
          key={openId}
          id={openId === 'new' ? null : openId}
          onClose={() => open(null)}
          onCreated={(id) => open(id)}
        />
      )}
    </Stack>
  );
}

function StatusBadge({ status, approved }: { status: PurchaseOrderDetail['status']; approved: boolean }) {
  const color = {
    draft: 'gray',
    ordered: 'blue',
    partial: 'yellow',
    received: 'green',
    closed: 'dark',
    cancelled: 'red',
  };
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={color[status]}>{purchaseOrderStatusLabels[status]}</Badge>
      {status === 'draft' && approved && <Badge color="teal">Approved</Badge>}
    </Group>
  );
}

function PurchaseOrderDrawer({
  id,
  onClose,
  onCreated,
}: {
  id: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const detail = usePurchaseOrder(id);
  const title =
    id === null ? 'New purchase order' : detail.data ? `Purchase order ${detail.data.label}` : 'Purchase order';
  return (
    <Drawer opened onClose={onClose} title={title} position="right" size="xl">
      {id === null ? (
        <PurchaseOrderEditor order={null} onSaved={(saved) => onCreated(saved.id)} />
      ) : detail.isPending ? (
        <Loader />
      ) : detail.isError ? (
        <Alert color="red">{isApiError(detail.error) ? detail.error.message : 'An error occured.'}</Alert>
      ) : (
        <Stack gap="md">
          <OrderActions order={detail.data} />
          {detail.data.status === 'draft' || detail.data.status === 'ordered' ? (
            // Remounted on each new version, so the editor always starts from what is stored.
            <PurchaseOrderEditor key={detail.data.updated_at} order={detail.data} onSaved={() => undefined} />
          ) : (
            <OrderLines order={detail.data} />
          )}
          <OrderHistory order={detail.data} />
        </Stack>
      )}
    </Drawer>
  );
}

function OrderActions({ order }: { order: PurchaseOrderDetail }) {
  const action = usePurchaseOrderAction();
  const [outcome, setOutcome] = useState<{ color: string; text: string } | null>(null);
  const run = async (steps: PurchaseOrderAction[]) => {
    setOutcome(null);
    try {
      let message = '';
      for (const step of steps) message = (await action.mutateAsync({ id: order.id, action: step })).message;
      setOutcome({ color: 'green', text: message });
    } catch (error) {
      setOutcome({ color: 'red', text: isApiError(error) ? error.message : 'An error occured.' });
    }
  };
  const open = ['ordered', 'partial'].includes(order.status);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        <StatusBadge status={order.status} approved={order.approved} />
        {order.status === 'draft' && (
          <Button
            size="xs"
            loading={action.isPending}
            onClick={() => void run(order.approved ? ['send'] : ['approve', 'send'])}
          >
            Approve and send
          </Button>
        )}
        {open && (
          <Button size="xs" variant="default" loading={action.isPending} onClick={() => void run(['send'])}>
            Send again
          </Button>
        )}
        {open && (
          <Button size="xs" variant="default" component={Link} to={`/billing/receive?po=${order.id}`}>
            Receive
          </Button>
        )}
        {order.status !== 'draft' && order.status !== 'cancelled' && (
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={`/billing/payments/make?vendor=${order.vendor_id}&po=${order.id}`}
          >
            Enter bill
          </Button>
        )}
        <Button size="xs" variant="default" component={Link} to={`/pdf/po/${order.id}`}>
          PDF
        </Button>
        {open && (
          <Button size="xs" variant="default" color="dark" onClick={() => void run(['close'])}>
            Close
          </Button>
        )}
        {(order.status === 'draft' || order.status === 'ordered') && (
          <Button size="xs" variant="default" color="red" onClick={() => void run(['cancel'])}>
            Cancel order
          </Button>
        )}
      </Group>
      {order.approved_at && (
        <Text size="sm" c="dimmed">
          Approved by {order.approved_by_name ?? 'a former user'} on {order.approved_at.slice(0, 10)}
          {order.sent_at ? `; sent ${order.sent_at.slice(0, 10)} to ${order.vendor_email}` : ''}
        </Text>
      )}
      {outcome && (
        <Alert color={outcome.color} withCloseButton onClose={() => setOutcome(null)}>
          {outcome.text}
        </Alert>
      )}
    </Stack>
  );
}

interface LineForm {
  key: string;
  id?: number;
  item_id: number | null;
  item_name: string | null;
  description: string;
  quantity: string;
  unit_cost: string;
  billable_to_client: boolean;
  received_qty: string;
  billed_qty: string;
  /** The cost the last picked item filled in: a later pick replaces it unless the user changed it since. */
  prefilled_cost?: string;
}

let lineKeys = 0;
const newLine = (): LineForm => ({
  key: `new-${(lineKeys += 1)}`,
  item_id: null,
  item_name: null,
  description: '',
  quantity: '1',
  unit_cost: '',
  billable_to_client: false,
  received_qty: '0.00',
  billed_qty: '0.00',
});

export interface OrderForm {
  vendor_id: string;
  order_date: string;
  expected_date: string;
  company_id: string;
  project_id: string;
  ship_to: 'none' | 'location' | 'site';
  location_id: string;
  ship_to_site_id: string;
  memo: string;
  lines: LineForm[];
}

function formOf(order: PurchaseOrderDetail | null): OrderForm {
  if (!order)
    return {
      vendor_id: '',
      order_date: new Date().toISOString().slice(0, 10),
      expected_date: '',
      company_id: '',
      project_id: '',
      ship_to: 'none',
      location_id: '',
      ship_to_site_id: '',
      memo: '',
      lines: [newLine()],
    };
  return {
    vendor_id: String(order.vendor_id),
    order_date: order.order_date,
    expected_date: order.expected_date ?? '',
    company_id: order.company_id === null ? '' : String(order.company_id),
    project_id: order.project_id === null ? '' : String(order.project_id),
    ship_to: order.location_id !== null ? 'location' : order.ship_to_site_id !== null ? 'site' : 'none',
    location_id: order.location_id === null ? '' : String(order.location_id),
    ship_to_site_id: order.ship_to_site_id === null ? '' : String(order.ship_to_site_id),
    memo: order.memo,
    lines: order.lines.map((line) => ({
      key: `line-${line.id}`,
      id: line.id,
      item_id: line.item_id,
      item_name: line.item_name,
      description: line.description,
      quantity: line.quantity,
      unit_cost: line.unit_cost,
      billable_to_client: line.billable_to_client,
      received_qty: line.received_qty,
      billed_qty: line.billed_qty,
    })),
  };
}

/** The body the server takes: existing lines keep their ids, so the save updates them in place. */
export function purchaseOrderInputOf(form: OrderForm, updatedAt: string | null): PurchaseOrderInputBody {
  return {
    vendor_id: form.vendor_id === '' ? ('' as unknown as number) : Number(form.vendor_id),
    order_date: form.order_date,
    expected_date: form.expected_date || null,
    company_id: form.company_id ? Number(form.company_id) : null,
    project_id: form.project_id ? Number(form.project_id) : null,
    location_id: form.ship_to === 'location' && form.location_id ? Number(form.location_id) : null,
    ship_to_site_id: form.ship_to === 'site' && form.ship_to_site_id ? Number(form.ship_to_site_id) : null,
    memo: form.memo,
    ...(updatedAt ? { updated_at: updatedAt } : {}),
    lines: form.lines.map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      item_id: line.item_id,
      description: line.description,
      quantity: line.quantity,
      unit_cost: line.unit_cost,
      billable_to_client: line.billable_to_client,
    })),
  };
}

/** Every message the contract gives, keyed as the server keys its 422 ('lines.0.quantity'). */
function contractErrors(input: PurchaseOrderInputBody): FieldMessages | null {
  const result = purchaseOrderInputSchema.safeParse(input);
  if (result.success) return null;
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

function previewCents(line: LineForm): number {
  try {
    return lineAmount(line.quantity.trim(), line.unit_cost.trim());
  } catch {
    return 0;
  }
}

function PurchaseOrderEditor({
  order,
  onSaved,
}: {
  order: PurchaseOrderDetail | null;
  onSaved: (saved: PurchaseOrderDetail) => void;
}) {
  const [form, setForm] = useState<OrderForm>(() => formOf(order));
  const [local, setLocal] = useState<FieldMessages>({});
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSavePurchaseOrder();
  const vendors = useVendorOptions();
  const companies = useCompanyOptions();
  const companyId = form.company_id ? Number(form.company_id) : null;
  const projects = useProjectOptions(companyId);
  const sites = useSiteOptions(form.ship_to === 'site' ? companyId : null);
  const locations = useLocationOptions();
  const messages = shownMessages(local, save.error);
  const error = (key: string) => messages[key]?.join(' ');
  const set = (changes: Partial<OrderForm>) => setForm((current) => ({ ...current, ...changes }));
  const setLine = (index: number, changes: Partial<LineForm>) =>
    set({ lines: form.lines.map((line, at) => (at === index ? { ...line, ...changes } : line)) });
  // A picked item's catalogue cost fills the line's unit cost when it is empty or still the previous item's.
  const prefillCost = (key: string, itemId: number) =>
    fetchItemCost(itemId)
      .then((cost) =>
        setForm((current) => ({
          ...current,
          lines: current.lines.map((line) =>
            line.key === key &&
            line.item_id === itemId &&
            cost > 0 &&
            (line.unit_cost.trim() === '' || line.unit_cost === line.prefilled_cost)
              ? { ...line, unit_cost: String(cost), prefilled_cost: String(cost) }
              : line,
          ),
        })),
      )
      .catch(() => undefined);
  const total = form.lines.reduce((sum, line) => sum + previewCents(line), 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const input = purchaseOrderInputOf(form, order?.updated_at ?? null);
    const invalid = contractErrors(input);
    setLocal(invalid ?? {});
    if (invalid) return;
    try {
      const answer = await save.mutateAsync({ id: order?.id ?? null, input });
      setNotice(answer.message);
      onSaved(answer.data);
    } catch {
      // Shown through save.error beside the fields.
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Vendor"
            required
            searchable
            data={(vendors.data ?? []).map((vendor) => ({ value: String(vendor.id), label: vendor.name }))}
            value={form.vendor_id || null}
            onChange={(value) => set({ vendor_id: value ?? '' })}
            error={error('vendor_id')}
          />
          <TextInput
            type="date"
            label="Order date"
            required
            value={form.order_date}
            onChange={(e) => set({ order_date: e.target.value })}
            error={error('order_date')}
          />
          <TextInput
            type="date"
            label="Expected"
            value={form.expected_date}
            onChange={(e) => set({ expected_date: e.target.value })}
            error={error('expected_date')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Company"
            clearable
            searchable
            data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
            value={form.company_id || null}
            onChange={(value) => set({ company_id: value ?? '', project_id: '', ship_to_site_id: '' })}
            error={error('company_id')}
          />
          <Select
            label="Project"
            clearable
            searchable
            disabled={companyId === null}
            data={(projects.data ?? []).map((project) => ({
              value: String(project.id),
              label: `#${project.id} ${project.title}`,
            }))}
            value={form.project_id || null}
            onChange={(value) => set({ project_id: value ?? '' })}
            error={error('project_id')}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Ship to"
            allowDeselect={false}
            data={[
              { value: 'none', label: 'Vendor default' },
              { value: 'location', label: 'Stock location' },
              { value: 'site', label: 'Client site (drop ship)' },
            ]}
            value={form.ship_to}
            onChange={(value) => set({ ship_to: (value as OrderForm['ship_to']) ?? 'none' })}
          />
          {form.ship_to === 'location' && (
            <Select
              label="Stock location"
              data={(locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }))}
              value={form.location_id || null}
              onChange={(value) => set({ location_id: value ?? '' })}
              error={error('location_id')}
            />
          )}
          {form.ship_to === 'site' && (
            <Select
              label="Client site"
              disabled={companyId === null}
              placeholder={companyId === null ? 'Choose a company first' : undefined}
              data={(sites.data ?? []).map((site) => ({ value: String(site.id), label: site.name }))}
              value={form.ship_to_site_id || null}
              onChange={(value) => set({ ship_to_site_id: value ?? '' })}
              error={error('ship_to_site_id')}
            />
          )}
        </Group>
        <Stack gap="xs" role="group" aria-label="Lines">
          {form.lines.map((line, index) => {
            const number = index + 1;
            const done = Number(line.received_qty) > 0 || Number(line.billed_qty) > 0;
            return (
              <Paper key={line.key} withBorder p="xs">
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <BillingItemSearch
                    number={number}
                    itemName={line.item_name}
                    onPick={(item) => {
                      setLine(index, {
                        item_id: item.id,
                        item_name: item.name,
                        description: line.description || item.name,
                      });
                      void prefillCost(line.key, item.id);
                    }}
                  />
                  <TextInput
                    size="xs"
                    style={{ flex: '2 1 200px' }}
                    label="Description"
                    aria-label={`Line ${number} description`}
                    value={line.description}
                    onChange={(e) => setLine(index, { description: e.target.value })}
                    error={error(`lines.${index}.description`)}
                  />
                  <TextInput
                    size="xs"
                    w={90}
                    label="Quantity"
                    aria-label={`Line ${number} quantity`}
                    value={line.quantity}
                    onChange={(e) => setLine(index, { quantity: e.target.value })}
                    error={error(`lines.${index}.quantity`)}
                  />
                  <TextInput
                    size="xs"
                    w={110}
                    label="Unit cost"
                    aria-label={`Line ${number} unit cost`}
                    value={line.unit_cost}
                    onChange={(e) => setLine(index, { unit_cost: e.target.value })}
                    error={error(`lines.${index}.unit_cost`)}
                  />
                  <Stack gap={2}>
                    <Text size="xs" fw={500}>
                      Amount
                    </Text>
                    <Text size="sm">{formatCents(previewCents(line))}</Text>
                  </Stack>
                  <Checkbox
                    mt="lg"
                    size="xs"
                    label="Billable"
                    aria-label={`Line ${number} billable to client`}
                    checked={line.billable_to_client}
                    onChange={(e) => setLine(index, { billable_to_client: e.currentTarget.checked })}
                  />
                  {form.lines.length > 1 && !done && (
                    <ActionIcon
                      mt="lg"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove line ${number}`}
                      onClick={() => set({ lines: form.lines.filter((_, at) => at !== index) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
                {done && (
                  <Text size="xs" c="dimmed">
                    Received {line.received_qty}, billed {line.billed_qty}
                  </Text>
                )}
              </Paper>
            );
          })}
          {error('lines') && (
            <Text size="sm" c="red">
              {error('lines')}
            </Text>
          )}
          <Group justify="space-between">
            <Button size="xs" variant="default" onClick={() => set({ lines: [...form.lines, newLine()] })}>
              Add line
            </Button>
            <Text fw={600}>Total {formatCents(total)}</Text>
          </Group>
        </Stack>
        <Textarea label="Memo" autosize minRows={2} value={form.memo} onChange={(e) => set({ memo: e.target.value })} />
        {save.error && (!isApiError(save.error) || !save.error.errors) ? (
          <Alert color="red">{isApiError(save.error) ? save.error.message : 'An error occured.'}</Alert>
        ) : null}
        {save.error && isApiError(save.error) && save.error.errors ? (
          <Alert color="red">{save.error.message}</Alert>
        ) : null}
        {notice && <Alert color="green">{notice}</Alert>}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function OrderLines({ order }: { order: PurchaseOrderDetail }) {
  return (
    <Table aria-label="Lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Description</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Ordered</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Received</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Billed</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Unit cost</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {order.lines.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>{line.description}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{line.quantity}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{line.received_qty}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{line.billed_qty}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{line.unit_cost}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{dollars(line.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Td colSpan={5} style={{ textAlign: 'right' }}>
            Total
          </Table.Td>
          <Table.Td style={{ textAlign: 'right' }}>{dollars(order.total)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function OrderHistory({ order }: { order: PurchaseOrderDetail }) {
  const canVoid = usePermissions().includes('approve billing');
  const voidReceipt = useVoidReceipt();
  return (
    <Stack gap="xs">
      <Title order={5}>Receipts</Title>
      {order.receipts.length === 0 ? (
        <Text size="sm">Nothing received yet.</Text>
      ) : (
        order.receipts.map((receipt) => (
          <Group gap="xs" key={receipt.id}>
            <Text size="sm">
              {receipt.number} · {receipt.received_on} · {dollars(receipt.total)}
            </Text>
            {receipt.voided_on !== null ? (
              <Badge color="gray" size="sm">
                Void {receipt.voided_on}
              </Badge>
            ) : (
              canVoid && <VoidReceiptButton receipt={receipt} voidReceipt={voidReceipt} />
            )}
          </Group>
        ))
      )}
      <Title order={5}>Bills</Title>
      {order.bills.length === 0 ? (
        <Text size="sm">No bills yet.</Text>
      ) : (
        order.bills.map((bill) => (
          <Text size="sm" key={bill.id}>
            {bill.kind === 'credit' ? 'Credit' : 'Bill'} {bill.vendor_ref || `#${bill.id}`} · {bill.bill_date} ·{' '}
            {bill.status} · {dollars(bill.total)}
          </Text>
        ))
      )}
      <Title order={5}>Revisions</Title>
      {order.revisions.length === 0 ? (
        <Text size="sm">No PDF revision yet: a draft's PDF is a preview.</Text>
      ) : (
        <Group gap="xs">
          {order.revisions.map((revision) => (
            <Button
              key={revision.revision}
              size="compact-xs"
              variant="default"
              component={Link}
              to={`/pdf/po/${order.id}/${revision.revision}`}
            >
              {revision.label}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
