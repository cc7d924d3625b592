import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  NumberFormatter,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  vendorFormSchema,
  vendorListQuerySchema,
  type Vendor,
  type VendorDetail,
  type VendorFormInput,
} from '@switchboard/shared/billing/vendors';
import { useMemo, useState, type FormEvent } from 'react';
import { formatCents } from '@switchboard/shared/billing/money';
import { Link, useSearchParams } from 'react-router';
import {
  contractMessages,
  FormActions,
  shownMessages,
  type FieldMessages,
} from '../../components/billing-form-parts.tsx';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { isApiError } from '../../lib/api-client.ts';
import {
  useDeleteVendor,
  useExpenseAccounts,
  useLiveVendors,
  useRestoreVendor,
  useSaveVendor,
  useVendor,
  useVendorBills,
  useVendorPayments,
  useVendors,
} from './api/vendors.ts';

// /billing/vendors (designs/billing.md §3.3, §5; issue 28 part 1): Name, Account #, Contact, Email, Phone, Terms, with
// search and the archived filter in the URL; the drawer (`?id=`) has the tabs Details, Purchase orders and Items
// supplied, Bills (with Enter bill, which opens the bill drawer of /billing/payments/make) and Payments made. The list
// shows each vendor's Open bills (what is owed on them) and Last paid date.

export type VendorFormValues = {
  name: string;
  account_number: string;
  contact: string;
  email: string;
  phone: string;
  address: string;
  website: string;
  payment_terms: string;
  default_expense_account_id: string;
  is_1099: boolean;
  /** Typed only to set or change it: blank keeps the stored one. */
  tax_id: string;
  remove_tax_id: boolean;
  notes: string;
};

export const emptyVendorForm: VendorFormValues = {
  name: '',
  account_number: '',
  contact: '',
  email: '',
  phone: '',
  address: '',
  website: '',
  payment_terms: '30',
  default_expense_account_id: '',
  is_1099: false,
  tax_id: '',
  remove_tax_id: false,
  notes: '',
};

function formOf(vendor: Vendor): VendorFormValues {
  return {
    ...emptyVendorForm,
    name: vendor.name,
    account_number: vendor.account_number,
    contact: vendor.contact,
    email: vendor.email,
    phone: vendor.phone,
    address: vendor.address,
    website: vendor.website,
    payment_terms: String(vendor.payment_terms),
    default_expense_account_id:
      vendor.default_expense_account_id === null ? '' : String(vendor.default_expense_account_id),
    is_1099: vendor.is_1099,
    notes: vendor.notes,
  };
}

/** The body the server takes: a blank tax id is left out (the stored one stays) unless removing it was asked. */
export function vendorInputOf(values: VendorFormValues): VendorFormInput {
  const taxId = values.tax_id.trim();
  return {
    name: values.name,
    account_number: values.account_number,
    contact: values.contact,
    email: values.email,
    phone: values.phone,
    address: values.address,
    website: values.website,
    // Blank terms take the contract's default (30 days) rather than 0.
    ...(values.payment_terms.trim() === '' ? {} : { payment_terms: values.payment_terms }),
    default_expense_account_id: values.default_expense_account_id || null,
    is_1099: values.is_1099,
    ...(taxId !== '' ? { tax_id: taxId } : values.remove_tax_id ? { tax_id: '' } : {}),
    notes: values.notes,
  } as VendorFormInput;
}

/** The shared contract's messages by field, or null when the form's values are valid. */
export function checkVendor(values: VendorFormValues): FieldMessages | null {
  return contractMessages(vendorFormSchema.safeParse(vendorInputOf(values)));
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);
const filterKeys = ['search', 'archived', 'page', 'per_page'] as const;

export function VendorsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const raw = Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? undefined]));
    const parsed = vendorListQuerySchema.safeParse(raw);
    return parsed.success ? parsed.data : vendorListQuerySchema.parse({});
  }, [params]);
  const rawId = params.get('id');
  const openId: number | 'new' | null =
    rawId === 'new' ? 'new' : rawId && /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : null;
  const list = useVendors(query);
  useLiveVendors();
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
        if (!('page' in changes) && !('id' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const open = (id: number | 'new' | null) => update({ id: id ?? undefined });
  const searchLater = useDebouncedCallback((text: string) => update({ search: text.trim() }), 250);

  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Vendors</Title>
        <Button onClick={() => open('new')}>New vendor</Button>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, contact or email"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            searchLater(e.currentTarget.value);
          }}
        />
        <Select
          label="Status"
          allowDeselect={false}
          data={[
            { value: '0', label: 'Active' },
            { value: '1', label: 'Archived' },
            { value: 'all', label: 'All' },
          ]}
          value={query.archived}
          onChange={(value) => update({ archived: value === '0' ? undefined : (value ?? undefined) })}
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
        <Table.ScrollContainer minWidth={800}>
          <Table aria-label="Vendors" striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Account #</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Terms</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>Open bills</Table.Th>
                <Table.Th>Last paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>No vendors match.</Table.Td>
                </Table.Tr>
              )}
              {rows.map((vendor) => (
                <Table.Tr key={vendor.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button variant="subtle" size="compact-sm" onClick={() => open(vendor.id)}>
                        {vendor.name}
                      </Button>
                      {!vendor.active && <Badge color="gray">Archived</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{vendor.account_number}</Table.Td>
                  <Table.Td>{vendor.contact}</Table.Td>
                  <Table.Td>{vendor.email}</Table.Td>
                  <Table.Td>{vendor.phone}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>Net {vendor.payment_terms}</Table.Td>
                  <Table.Td style={{ textAlign: 'right' }}>
                    {vendor.open_bills_count > 0 ? `${dollars(vendor.open_bills)} (${vendor.open_bills_count})` : ''}
                  </Table.Td>
                  <Table.Td>{vendor.last_paid ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && (
        <Pagination
          meta={list.data}
          itemLabel="vendors"
          onPageChange={(page) => update({ page })}
          onPerPageChange={(perPage) => update({ per_page: perPage })}
        />
      )}
      {openId !== null && (
        <VendorDrawer
          key={openId}
          id={openId === 'new' ? null : openId}
          onClose={() => open(null)}
          onCreated={(id) => open(id)}
          onOutcome={(color, text) => setOutcome({ color, text })}
        />
      )}
    </Stack>
  );
}

function VendorDrawer({
  id,
  onClose,
  onCreated,
  onOutcome,
}: {
  id: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
  onOutcome: (color: string, text: string) => void;
}) {
  const detail = useVendor(id);
  const title = id === null ? 'New vendor' : (detail.data?.name ?? 'Vendor');
  return (
    <Drawer opened onClose={onClose} title={title} position="right" size="lg">
      {id === null ? (
        <VendorForm vendor={null} onClose={onClose} onSaved={(saved) => onCreated(saved.id)} onOutcome={onOutcome} />
      ) : detail.isPending ? (
        <Loader />
      ) : detail.isError ? (
        <Alert color="red">{isApiError(detail.error) ? detail.error.message : 'An error occured.'}</Alert>
      ) : (
        <Tabs defaultValue="details" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="details">Details</Tabs.Tab>
            <Tabs.Tab value="bills">Bills</Tabs.Tab>
            <Tabs.Tab value="orders">Purchase orders</Tabs.Tab>
            <Tabs.Tab value="payments">Payments</Tabs.Tab>
            <Tabs.Tab value="items">Items supplied</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="details" pt="md">
            <VendorForm
              key={detail.data.updated_at}
              vendor={detail.data}
              onClose={onClose}
              onSaved={() => undefined}
              onOutcome={onOutcome}
            />
          </Tabs.Panel>
          <Tabs.Panel value="bills" pt="md">
            <VendorBills vendorId={detail.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="payments" pt="md">
            <VendorPayments vendorId={detail.data.id} />
          </Tabs.Panel>
          <Tabs.Panel value="orders" pt="md">
            <VendorOrders vendor={detail.data} />
          </Tabs.Panel>
          <Tabs.Panel value="items" pt="md">
            <VendorItems vendor={detail.data} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Drawer>
  );
}

const dollars = (amount: number): string => formatCents(Math.round(amount * 100));
const billStatus = (bill: { status: string; balance: number; total: number }) =>
  bill.status === 'draft'
    ? 'Draft'
    : bill.status === 'void'
      ? 'Void'
      : bill.balance === 0
        ? 'Paid'
        : bill.balance === bill.total
          ? 'Open'
          : 'Partially Paid';

function VendorBills({ vendorId }: { vendorId: number }) {
  const bills = useVendorBills(vendorId);
  const rows = bills.data?.data ?? [];
  return (
    <Stack gap="xs">
      <Group justify="flex-end">
        <Button component={Link} to={`/billing/payments/make?vendor_id=${vendorId}&enter=1`} size="xs">
          Enter bill
        </Button>
      </Group>
      {bills.isPending ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text>No bills from this vendor yet.</Text>
      ) : (
        <Table aria-label="Bills" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((bill) => (
              <Table.Tr key={bill.id}>
                <Table.Td>
                  <Link to={`/billing/payments/make?vendor_id=${vendorId}&bill=${bill.id}`}>
                    {bill.kind === 'credit' ? 'Credit ' : ''}
                    {bill.vendor_ref || `#${bill.id}`}
                  </Link>
                </Table.Td>
                <Table.Td>{bill.bill_date}</Table.Td>
                <Table.Td>{bill.due_date}</Table.Td>
                <Table.Td>{billStatus(bill)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{dollars(bill.total)}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{dollars(bill.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function VendorPayments({ vendorId }: { vendorId: number }) {
  const payments = useVendorPayments(vendorId);
  const rows = payments.data?.data ?? [];
  if (payments.isPending) return <Loader />;
  if (rows.length === 0) return <Text>No payments made to this vendor yet.</Text>;
  return (
    <Table aria-label="Payments made" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Date</Table.Th>
          <Table.Th>Method</Table.Th>
          <Table.Th>Check number</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Amount</Table.Th>
          <Table.Th style={{ textAlign: 'right' }}>Applied</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((payment) => (
          <Table.Tr key={payment.id}>
            <Table.Td>{payment.payment_date}</Table.Td>
            <Table.Td>{statusLabel(payment.method)}</Table.Td>
            <Table.Td>{payment.reference}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{dollars(payment.amount)}</Table.Td>
            <Table.Td style={{ textAlign: 'right' }}>{dollars(payment.applied)}</Table.Td>
            <Table.Td>{payment.status === 'void' ? 'Void' : 'Posted'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function VendorOrders({ vendor }: { vendor: VendorDetail }) {
  if (vendor.purchase_orders.length === 0) return <Text>No purchase orders with this vendor yet.</Text>;
  return (
    <Stack gap="xs">
      <Table aria-label="Purchase orders" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {vendor.purchase_orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>{order.number ?? `Draft ${order.id}`}</Table.Td>
              <Table.Td>{order.order_date}</Table.Td>
              <Table.Td>{statusLabel(order.status)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <NumberFormatter
                  value={order.total}
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={2}
                  fixedDecimalScale
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {vendor.purchase_orders_total > vendor.purchase_orders.length && (
        <Text size="sm" c="dimmed">
          The latest {vendor.purchase_orders.length} of {vendor.purchase_orders_total} purchase orders.
        </Text>
      )}
    </Stack>
  );
}

function VendorItems({ vendor }: { vendor: VendorDetail }) {
  if (vendor.items.length === 0) return <Text>No items name this vendor as their preferred vendor.</Text>;
  return (
    <Table aria-label="Items supplied" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>SKU</Table.Th>
          <Table.Th>Active</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {vendor.items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.name}</Table.Td>
            <Table.Td>{item.sku}</Table.Td>
            <Table.Td>{item.active ? 'Yes' : <Badge color="gray">Archived</Badge>}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function VendorForm({
  vendor,
  onClose,
  onSaved,
  onOutcome,
}: {
  vendor: Vendor | null;
  onClose: () => void;
  onSaved: (vendor: Vendor) => void;
  onOutcome: (color: string, text: string) => void;
}) {
  const save = useSaveVendor();
  const remove = useDeleteVendor();
  const restore = useRestoreVendor();
  const accounts = useExpenseAccounts();
  const [values, setValues] = useState<VendorFormValues>(vendor ? formOf(vendor) : emptyVendorForm);
  const [local, setLocal] = useState<FieldMessages>({});
  const set = <K extends keyof VendorFormValues>(key: K, value: VendorFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const errors = shownMessages(local, save.error);
  const label = vendor ? `Edit ${vendor.name}` : 'New vendor';
  const failed = (error: unknown) => onOutcome('red', isApiError(error) ? error.message : 'An error occured.');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const invalid = checkVendor(values);
    setLocal(invalid ?? {});
    if (invalid) return;
    // Promises, not mutate's callbacks: the answer's VendorUpdated can remount this form (its key is updated_at)
    // before the answer itself arrives, and mutate's callbacks die with the form. Errors show through save.error.
    save.mutateAsync({ id: vendor?.id ?? null, input: vendorInputOf(values) }).then(
      (result) => {
        onOutcome('green', result.message);
        onSaved(result.data);
      },
      () => {},
    );
  };

  const archiveOrDelete = (target: Vendor) =>
    confirmDelete({
      title: `Archive or delete ${target.name}?`,
      text: 'A vendor named by purchase orders or items is archived and stays on them; one never used is deleted.',
      confirm: 'Yes, archive or delete it',
      onConfirm: () =>
        remove.mutateAsync(target.id).then((result) => {
          onOutcome('green', result.message);
          if (result.outcome === 'deleted') onClose();
        }, failed),
    });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {vendor && !vendor.active && (
          <Alert color="gray">
            <Group justify="space-between">
              <Text size="sm">Archived: this vendor is kept for its purchase orders and items.</Text>
              <Button
                size="xs"
                variant="default"
                loading={restore.isPending}
                onClick={() =>
                  restore.mutateAsync(vendor.id).then((result) => onOutcome('green', result.message), failed)
                }
              >
                Restore
              </Button>
            </Group>
          </Alert>
        )}
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name?.[0]}
        />
        <Group grow>
          <TextInput
            label="Account #"
            description="Our account number with them"
            value={values.account_number}
            onChange={(e) => set('account_number', e.currentTarget.value)}
            error={errors.account_number?.[0]}
          />
          <TextInput
            label="Terms (days)"
            inputMode="numeric"
            value={values.payment_terms}
            onChange={(e) => set('payment_terms', e.currentTarget.value)}
            error={errors.payment_terms?.[0]}
          />
        </Group>
        <Group grow>
          <TextInput
            label="Contact"
            value={values.contact}
            onChange={(e) => set('contact', e.currentTarget.value)}
            error={errors.contact?.[0]}
          />
          <TextInput
            label="Phone"
            value={values.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={errors.phone?.[0]}
          />
        </Group>
        <TextInput
          label="Email"
          type="email"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email?.[0]}
        />
        <TextInput
          label="Website"
          placeholder="https://"
          value={values.website}
          onChange={(e) => set('website', e.currentTarget.value)}
          error={errors.website?.[0]}
        />
        <Textarea
          label="Address"
          autosize
          minRows={2}
          value={values.address}
          onChange={(e) => set('address', e.currentTarget.value)}
          error={errors.address?.[0]}
        />
        <Select
          label="Default expense account"
          placeholder="None"
          clearable
          searchable
          data={(accounts.data ?? []).map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }))}
          value={values.default_expense_account_id || null}
          onChange={(value) => set('default_expense_account_id', value ?? '')}
          error={errors.default_expense_account_id?.[0]}
        />
        <Switch
          label="1099 vendor"
          checked={values.is_1099}
          onChange={(e) => set('is_1099', e.currentTarget.checked)}
        />
        <TextInput
          label="Tax id"
          description={
            vendor?.tax_id_masked ? `On file: ${vendor.tax_id_masked}. Type a new one only to change it.` : undefined
          }
          placeholder={vendor?.tax_id_masked ?? ''}
          autoComplete="off"
          value={values.tax_id}
          onChange={(e) => set('tax_id', e.currentTarget.value)}
          error={errors.tax_id?.[0]}
          disabled={values.remove_tax_id}
        />
        {vendor?.tax_id_masked && (
          <Switch
            label="Remove the stored tax id"
            checked={values.remove_tax_id}
            onChange={(e) => set('remove_tax_id', e.currentTarget.checked)}
          />
        )}
        <Textarea
          label="Notes"
          autosize
          minRows={2}
          value={values.notes}
          onChange={(e) => set('notes', e.currentTarget.value)}
          error={errors.notes?.[0]}
        />
        <FormActions error={save.error} pending={save.isPending} onCancel={onClose} />
        {vendor && vendor.active && (
          <Group justify="flex-start">
            <Button variant="default" color="red" size="xs" onClick={() => archiveOrDelete(vendor)}>
              Archive / Delete
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
