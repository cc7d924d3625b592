import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { formatCents, unitsFromNumeric } from '@switchboard/shared/billing/money';
import { orderStatusLabels, type OpenOrder, type ReceiptDetail } from '@switchboard/shared/billing/receipts';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { VoidReceiptButton } from '../../components/void-receipt-button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import {
  useBillingToday,
  useLiveReceiving,
  useOpenLines,
  usePostReceipt,
  useReceipts,
  useVendorOptions,
  useVoidReceipt,
} from './api/receiving.ts';
import {
  billTotalCents,
  checkReceiveForm,
  emptyReceiveForm,
  formErrorsFromServer,
  receiptBody,
  type FormErrors,
  type ReceiveForm,
} from './receive-form.ts';

// /billing/receive (designs/billing.md §5): a vendor (or ?po=, which picks its vendor and order), its orders that can
// be received with per line ordered, received, remaining, Receive now and serials, the location stock goes to; Post
// receipt; the receipts history below. "Bill received with items" (with 'approve billing'): the vendor's invoice
// number, its date and per line the billed unit cost; the receipt and the bill post together.

const money = (dollars: number): string => formatCents(unitsFromNumeric(dollars.toFixed(2), 2));
const statusLabel = (status: string) => orderStatusLabels[status] ?? status;

function useToday(): string {
  const zone = useBillingToday();
  return billingDate(new Date(), zone.data ?? 'UTC').date;
}

export function ReceiveItemsPage() {
  const [params, setParams] = useSearchParams();
  const poParam = Number(params.get('po')) || null;
  const vendorParam = Number(params.get('vendor_id')) || null;
  const today = useToday();
  useLiveReceiving();
  const vendors = useVendorOptions();
  const [vendorId, setVendorId] = useState<number | null>(vendorParam);
  const [orderId, setOrderId] = useState<number | null>(poParam);
  const open = useOpenLines(vendorId, poParam);

  // ?po= names an order: its vendor becomes the page's once the order is read.
  useEffect(() => {
    if (vendorId === null && open.data?.vendor_id) setVendorId(open.data.vendor_id);
  }, [open.data, vendorId]);

  // The last receipt posted stays shown when its order leaves the open list (fully received).
  const [posted, setPosted] = useState<{ message: string; receipt: ReceiptDetail } | null>(null);
  const orders = open.data?.orders ?? [];
  const order = orders.find((row) => row.id === orderId) ?? (orders.length === 1 ? orders[0]! : null);

  const pickVendor = (id: number | null) => {
    setPosted(null);
    setVendorId(id);
    setOrderId(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('po');
        if (id === null) next.delete('vendor_id');
        else next.set('vendor_id', String(id));
        return next;
      },
      { replace: true },
    );
  };
  const pickOrder = (id: number | null) => {
    setPosted(null);
    setOrderId(id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('po');
        else next.set('po', String(id));
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack>
      <Title order={2}>Receive Items</Title>
      <Group grow align="flex-start">
        <Select
          label="Vendor"
          placeholder="Choose a vendor"
          searchable
          clearable
          data={(vendors.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
          value={vendorId === null ? null : String(vendorId)}
          onChange={(value) => pickVendor(value ? Number(value) : null)}
        />
        <Select
          label="Purchase order"
          placeholder={vendorId === null ? 'Choose a vendor first' : 'Choose an order'}
          disabled={vendorId === null}
          data={orders.map((row) => ({
            value: String(row.id),
            label: `${row.number ?? `PO ${row.id}`} · ${row.order_date} · ${statusLabel(row.status)}`,
          }))}
          value={order ? String(order.id) : null}
          onChange={(value) => pickOrder(value ? Number(value) : null)}
        />
      </Group>
      {posted && (
        <Alert color="green" aria-label="Receipt posted">
          {posted.message} {posted.receipt.number}, {money(posted.receipt.total)}.{' '}
          {posted.receipt.po_number ?? `PO ${posted.receipt.po_id}`}: {statusLabel(posted.receipt.po_status)}.
          {posted.receipt.bill_id !== null && ` Bill ${posted.receipt.bill_vendor_ref} posted.`}
        </Alert>
      )}
      {vendorId !== null && open.isSuccess && orders.length === 0 && (
        <Text c="dimmed">No purchase orders of this vendor are waiting to be received.</Text>
      )}
      {order && (
        <ReceiveOrderForm
          key={`${order.id}:${today}`}
          order={order}
          locations={open.data?.locations ?? []}
          today={today}
          onPosted={(message, receipt) => setPosted({ message, receipt })}
        />
      )}
      <ReceiptHistory vendorId={vendorId} />
    </Stack>
  );
}

function ReceiveOrderForm({
  order,
  locations,
  today,
  onPosted,
}: {
  order: OpenOrder;
  locations: { id: number; name: string }[];
  today: string;
  onPosted: (message: string, receipt: ReceiptDetail) => void;
}) {
  const post = usePostReceipt();
  const canBill = usePermissions().includes('approve billing');
  const [form, setForm] = useState<ReceiveForm>(() => emptyReceiveForm(today, order));
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (change: Partial<ReceiveForm>) => {
    setForm((current) => ({ ...current, ...change }));
  };
  const field = (key: string) => errors[key]?.[0];
  const stocks = !order.drop_ship && order.lines.some((line) => line.tracked);
  const billTotal = form.bill ? billTotalCents(form, order) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkReceiveForm(form, order);
    if (found) return setErrors(found);
    const body = receiptBody(form, order);
    if (body.lines.length === 0) return setErrors({ _: ['Enter a quantity to receive on at least one line.'] });
    setErrors({});
    // Through the promise, not mutate's callbacks: the refetch that follows may unmount this form (the order fully
    // received leaves the open list) before those callbacks would run.
    void post.mutateAsync(body).then(
      (answer) => {
        onPosted(answer.message, answer.data);
        setForm((current) => ({
          ...current,
          memo: '',
          quantities: {},
          serials: {},
          bill: false,
          vendor_ref: '',
          bill_costs: {},
        }));
      },
      (error: Error) => {
        if (isApiError(error) && error.errors) setErrors(formErrorsFromServer(error.errors, body));
        else setErrors({ _: [error.message] });
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Receive items">
      <Stack>
        <Group gap="sm">
          <Title order={4}>{order.number ?? `PO ${order.id}`}</Title>
          <Badge variant="light">{statusLabel(order.status)}</Badge>
          {order.drop_ship && <Badge color="grape">Drop ship: received items go to cost, not stock</Badge>}
          {order.expected_date && <Text c="dimmed">Expected {order.expected_date}</Text>}
        </Group>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Received on"
            value={form.received_on}
            onChange={(event) => set({ received_on: event.currentTarget.value })}
            error={field('received_on')}
          />
          {stocks && (
            <Select
              label="Location"
              placeholder="Where the items go"
              data={locations.map((row) => ({ value: String(row.id), label: row.name }))}
              value={form.location_id === null ? null : String(form.location_id)}
              onChange={(value) => set({ location_id: value ? Number(value) : null })}
              error={field('location_id')}
            />
          )}
          <TextInput
            label="Memo"
            value={form.memo}
            onChange={(event) => set({ memo: event.currentTarget.value })}
            error={field('memo')}
          />
        </Group>
        <Table aria-label="Lines to receive">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Ordered</Table.Th>
              <Table.Th>Received</Table.Th>
              <Table.Th>Remaining</Table.Th>
              <Table.Th>Receive now</Table.Th>
              <Table.Th>Serials</Table.Th>
              {form.bill && <Table.Th>Billed unit cost</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.line_no}</Table.Td>
                <Table.Td>
                  {line.item_name ?? '—'}
                  {line.tracked && !order.drop_ship && (
                    <Badge ml="xs" size="xs" variant="outline">
                      Stock
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{line.description}</Table.Td>
                <Table.Td>{line.ordered}</Table.Td>
                <Table.Td>{line.received}</Table.Td>
                <Table.Td>{line.remaining}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Receive now, line ${line.line_no}`}
                    inputMode="decimal"
                    w={110}
                    disabled={line.remaining <= 0}
                    value={form.quantities[line.id] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      set({ quantities: { ...form.quantities, [line.id]: value } });
                    }}
                    error={field(`qty.${line.id}`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Serials, line ${line.line_no}`}
                    placeholder="Comma separated"
                    disabled={line.remaining <= 0}
                    value={form.serials[line.id] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      set({ serials: { ...form.serials, [line.id]: value } });
                    }}
                    error={field(`serials.${line.id}`)}
                  />
                </Table.Td>
                {form.bill && (
                  <Table.Td>
                    <TextInput
                      aria-label={`Billed unit cost, line ${line.line_no}`}
                      inputMode="decimal"
                      w={120}
                      placeholder={String(line.unit_cost)}
                      disabled={line.remaining <= 0}
                      value={form.bill_costs[line.id] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        set({ bill_costs: { ...form.bill_costs, [line.id]: value } });
                      }}
                      error={field(`cost.${line.id}`)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {canBill && (
          <Stack gap="xs">
            <Checkbox
              label="Bill received with items"
              description="Enter the vendor's invoice for exactly the lines received: it posts with the receipt."
              checked={form.bill}
              onChange={(event) => set({ bill: event.currentTarget.checked })}
            />
            {form.bill && (
              <Group align="flex-start">
                <TextInput
                  label="Vendor invoice #"
                  value={form.vendor_ref}
                  onChange={(event) => set({ vendor_ref: event.currentTarget.value })}
                  error={field('bill.vendor_ref')}
                />
                <TextInput
                  type="date"
                  label="Bill date"
                  value={form.bill_date}
                  onChange={(event) => set({ bill_date: event.currentTarget.value })}
                  error={field('bill.bill_date')}
                />
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    Bill total
                  </Text>
                  <Text aria-label="Bill total">{billTotal === null ? '—' : formatCents(billTotal)}</Text>
                </Stack>
              </Group>
            )}
          </Stack>
        )}
        {field('_') && <Alert color="red">{field('_')}</Alert>}
        <Group>
          <Button
            variant="light"
            onClick={() =>
              set({
                quantities: Object.fromEntries(
                  order.lines.filter((line) => line.remaining > 0).map((line) => [line.id, String(line.remaining)]),
                ),
              })
            }
          >
            Receive all remaining
          </Button>
          <Button type="submit" loading={post.isPending}>
            Post receipt
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReceiptHistory({ vendorId }: { vendorId: number | null }) {
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [vendorId]);
  const list = useReceipts({ vendor_id: vendorId, page });
  const canVoid = usePermissions().includes('approve billing');
  const voidReceipt = useVoidReceipt();
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="xs">
      <Title order={4}>Receipts</Title>
      {list.isSuccess && rows.length === 0 ? (
        <Text c="dimmed">No receipts yet.</Text>
      ) : (
        <Table aria-label="Receipts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>PO</Table.Th>
              <Table.Th>PO status</Table.Th>
              <Table.Th>Vendor</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.number}</Table.Td>
                <Table.Td>{row.received_on}</Table.Td>
                <Table.Td>{row.po_number ?? `PO ${row.po_id}`}</Table.Td>
                <Table.Td>{statusLabel(row.po_status)}</Table.Td>
                <Table.Td>{row.vendor_name}</Table.Td>
                <Table.Td>{row.location_name ?? '—'}</Table.Td>
                <Table.Td>{money(row.total)}</Table.Td>
                <Table.Td>
                  {row.voided_on !== null ? (
                    <Badge color="gray" title={row.void_reason || undefined}>
                      Void {row.voided_on}
                    </Badge>
                  ) : (
                    canVoid && <VoidReceiptButton receipt={row} voidReceipt={voidReceipt} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(list.data?.last_page ?? 1) > 1 && <Pagination total={list.data!.last_page} value={page} onChange={setPage} />}
    </Stack>
  );
}
