import {
  Alert,
  Button,
  Group,
  Modal,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { payBillsInputSchema, type PayableResponse, type PaymentMadeRow } from '@switchboard/shared/billing/bills';
import { centsFromDollars, formatCents } from '@switchboard/shared/billing/money';
import { paymentMethodLabels, paymentMethods, type PaymentMethod } from '@switchboard/shared/billing/payments';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import {
  downloadPaymentsMadeCsv,
  useAccounts,
  useApplyVendorCredit,
  useCompanyOptions,
  useLiveBills,
  usePayable,
  usePayBills,
  usePaymentsMade,
  useReceivable,
  useRefund,
  useVendorOptions,
  useVoidPaymentMade,
  type PaymentMadeFilters,
} from './api/bills.ts';
import { BillEditor } from './bill-editor.tsx';
import { useBillingToday } from './billing-today.ts';

// /billing/payments/make (designs/billing.md §5): pay a vendor (date, bank account, method, check number) applying the
// amount to its open bills by hand or oldest first, the rest kept as a prepayment; or refund a company's credit (the
// refund call of part 1). Below: payments made with filters and Void; "Enter bill" opens the bill drawer (?po= starts
// it from that purchase order, ?bill= opens that bill).

const methodOptions = paymentMethods.map((method) => ({ value: method, label: paymentMethodLabels[method] }));
const money = (dollars: number): string => formatCents(Math.round(dollars * 100));
/** Cents of a typed amount, null when it is not one. */
const centsOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return centsFromDollars(Number(trimmed));
};
const textOf = (cents: number): string => (cents / 100).toFixed(2);

/** Amount over the open bills, the earliest due first, each up to its balance. */
export function autoApplyBills(amountText: string, bills: PayableResponse['bills']): Record<number, string> {
  let left = centsOf(amountText) ?? 0;
  const applies: Record<number, string> = {};
  for (const bill of [...bills].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id)) {
    if (left <= 0) break;
    const take = Math.min(left, Math.round(bill.balance * 100));
    if (take > 0) applies[bill.id] = textOf(take);
    left -= take;
  }
  return applies;
}

export function MakePaymentsPage() {
  const [params, setParams] = useSearchParams();
  const today = useBillingToday();
  useLiveBills();
  const poParam = Number(params.get('po')) || null;
  const billParam = Number(params.get('bill')) || null;
  const [payee, setPayee] = useState<'vendor' | 'company'>('vendor');
  const [vendorId, setVendorId] = useState<number | null>(Number(params.get('vendor_id')) || null);
  const editorOpen = poParam !== null || billParam !== null || params.get('enter') === '1';
  const openEditor = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('po');
        next.delete('bill');
        next.delete('enter');
        if (open) next.set('enter', '1');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Make Payments</Title>
        <Button onClick={() => openEditor(true)}>Enter bill</Button>
      </Group>
      <SegmentedControl
        w={320}
        value={payee}
        onChange={(value) => setPayee(value as 'vendor' | 'company')}
        data={[
          { value: 'vendor', label: 'Pay a vendor' },
          { value: 'company', label: 'Refund a company' },
        ]}
      />
      {payee === 'vendor' ? (
        <PayVendorForm key={vendorId ?? 'none'} vendorId={vendorId} onVendor={setVendorId} today={today} />
      ) : (
        <RefundForm today={today} />
      )}
      <PaymentsMade vendorId={payee === 'vendor' ? vendorId : null} />
      <BillEditor
        opened={editorOpen}
        billId={billParam}
        poId={poParam}
        vendorId={vendorId}
        today={today}
        onClose={() => openEditor(false)}
      />
    </Stack>
  );
}

function useBankOptions() {
  const accounts = useAccounts();
  return (accounts.data ?? [])
    .filter((row) => row.subtype === 'bank')
    .map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}`, number: row.number }));
}

function PayVendorForm({
  vendorId,
  onVendor,
  today,
}: {
  vendorId: number | null;
  onVendor: (id: number | null) => void;
  today: string;
}) {
  const canPay = usePermissions().includes('approve billing');
  const vendors = useVendorOptions();
  const payable = usePayable(vendorId);
  const banks = useBankOptions();
  const pay = usePayBills();
  const bills = payable.data?.data.bills ?? [];
  const [date, setDate] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [applies, setApplies] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const defaultBank = banks.find((row) => row.number === '1000') ?? banks[0];
  const applied = Object.values(applies).reduce((sum, text) => sum + (centsOf(text) ?? 0), 0);
  const amountCents = centsOf(amount) ?? 0;
  const vendorOptions = useMemo(
    () => (vendors.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name })),
    [vendors.data],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const allocations = bills
      .filter((bill) => (centsOf(applies[bill.id] ?? '') ?? 0) > 0)
      .map((bill) => ({ bill_id: bill.id, amount: Number(applies[bill.id]) }));
    const body = {
      vendor_id: vendorId ?? 0,
      payment_date: date || today,
      method,
      reference,
      account_id: accountId ? Number(accountId) : null,
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      memo,
      allocations,
    };
    const checked = payBillsInputSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    pay.mutate(body, {
      onSuccess: (answer) => {
        setSaved(answer.message);
        setAmount('');
        setReference('');
        setMemo('');
        setApplies({});
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) {
          const found: Record<string, string> = {};
          for (const [key, value] of Object.entries(error.errors)) {
            const match = /^allocations\.(\d+)\.(\w+)$/.exec(key);
            const bill = match ? allocations[Number(match[1])] : undefined;
            found[bill ? `apply.${bill.bill_id}` : key] = value[0] ?? '';
          }
          setErrors(found);
        } else setErrors({ _: error.message });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Pay vendor">
      <Stack>
        <Group grow align="flex-start">
          <Select
            label="Vendor"
            placeholder="Choose a vendor"
            searchable
            clearable
            data={vendorOptions}
            value={vendorId === null ? null : String(vendorId)}
            onChange={(value) => onVendor(value ? Number(value) : null)}
            error={errors.vendor_id}
          />
          <TextInput
            type="date"
            label="Date"
            value={date || today}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={errors.payment_date}
          />
          <Select
            label="Bank account"
            data={banks}
            value={accountId ?? (defaultBank ? defaultBank.value : null)}
            allowDeselect={false}
            onChange={setAccountId}
            error={errors.account_id}
          />
        </Group>
        <Group grow align="flex-start">
          <Select
            label="Method"
            data={methodOptions}
            value={method}
            allowDeselect={false}
            onChange={(value) => setMethod((value ?? 'check') as PaymentMethod)}
          />
          <TextInput
            label="Check number"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference}
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount}
          />
        </Group>
        <TextInput label="Memo" value={memo} onChange={(event) => setMemo(event.currentTarget.value)} />
        {vendorId !== null && (
          <>
            <Group justify="space-between">
              <Title order={4}>Open bills</Title>
              <Button
                variant="light"
                disabled={bills.length === 0}
                onClick={() => setApplies(autoApplyBills(amount, bills))}
              >
                Auto-apply oldest first
              </Button>
            </Group>
            {bills.length === 0 ? (
              <Text c="dimmed">No open bills: the payment is kept as a prepayment.</Text>
            ) : (
              <Table aria-label="Open bills">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Bill</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th>Total</Table.Th>
                    <Table.Th>Balance</Table.Th>
                    <Table.Th>Apply</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {bills.map((bill) => {
                    const label = bill.vendor_ref || `#${bill.id}`;
                    return (
                      <Table.Tr key={bill.id}>
                        <Table.Td>{label}</Table.Td>
                        <Table.Td>{bill.bill_date}</Table.Td>
                        <Table.Td>{bill.due_date}</Table.Td>
                        <Table.Td>{money(bill.total)}</Table.Td>
                        <Table.Td>{money(bill.balance)}</Table.Td>
                        <Table.Td>
                          <TextInput
                            aria-label={`Apply to ${label}`}
                            inputMode="decimal"
                            w={130}
                            value={applies[bill.id] ?? ''}
                            onChange={(event) => {
                              const value = event.currentTarget.value;
                              setApplies((current) => ({ ...current, [bill.id]: value }));
                            }}
                            error={errors[`apply.${bill.id}`]}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
            {(payable.data?.data.credits.length ?? 0) > 0 && (
              <VendorCredits credits={payable.data!.data.credits} bills={bills} canApply={canPay} />
            )}
          </>
        )}
        <Group gap="xl" aria-label="Payment summary">
          <Text>Applied: {formatCents(applied)}</Text>
          <Text>Prepayment: {formatCents(Math.max(amountCents - applied, 0))}</Text>
          {applied > amountCents && <Text c="red">Over the payment by {formatCents(applied - amountCents)}</Text>}
        </Group>
        {errors.allocations && <Alert color="red">{errors.allocations}</Alert>}
        {errors._ && <Alert color="red">{errors._}</Alert>}
        {saved && <Alert color="green">{saved}</Alert>}
        <Group>
          <Button type="submit" loading={pay.isPending} disabled={!canPay}>
            Pay
          </Button>
          {!canPay && (
            <Text size="sm" c="dimmed">
              Paying vendors needs the approve billing permission.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function VendorCredits({
  credits,
  bills,
  canApply,
}: {
  credits: PayableResponse['credits'];
  bills: PayableResponse['bills'];
  canApply: boolean;
}) {
  return (
    <Stack gap="xs">
      <Title order={5}>Credits and prepayments</Title>
      <Table aria-label="Vendor credits">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Credit</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Available</Table.Th>
            <Table.Th>Apply to</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {credits.map((credit) => (
            <VendorCreditRow key={`${credit.type}-${credit.id}`} credit={credit} bills={bills} canApply={canApply} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function VendorCreditRow({
  credit,
  bills,
  canApply,
}: {
  credit: PayableResponse['credits'][number];
  bills: PayableResponse['bills'];
  canApply: boolean;
}) {
  const apply = useApplyVendorCredit();
  const [billId, setBillId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const errors = isApiError(apply.error) ? (apply.error.errors ?? {}) : {};
  const submit = () => {
    const bill = bills.find((row) => String(row.id) === billId);
    if (!bill) return;
    const typed = centsOf(amount);
    const cents = typed ?? Math.min(Math.round(credit.available * 100), Math.round(bill.balance * 100));
    apply.mutate(
      { type: credit.type, id: credit.id, bill_id: bill.id, amount: cents / 100 },
      { onSuccess: () => setAmount('') },
    );
  };
  return (
    <Table.Tr>
      <Table.Td>{credit.label}</Table.Td>
      <Table.Td>{credit.date}</Table.Td>
      <Table.Td>{money(credit.available)}</Table.Td>
      <Table.Td>
        <Group gap="xs" align="flex-start">
          <Select
            aria-label={`Bill for ${credit.label}`}
            placeholder="Bill"
            data={bills.map((row) => ({
              value: String(row.id),
              label: `${row.vendor_ref || `#${row.id}`} (${money(row.balance)})`,
            }))}
            value={billId}
            onChange={setBillId}
            error={errors.bill_id?.[0]}
            w={200}
          />
          <TextInput
            aria-label={`Amount of ${credit.label}`}
            placeholder="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount?.[0] ?? errors.date?.[0]}
            w={110}
          />
          <Button variant="light" onClick={submit} disabled={!canApply || billId === null} loading={apply.isPending}>
            Apply
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function RefundForm({ today }: { today: string }) {
  const canPay = usePermissions().includes('approve billing');
  const [term, setTerm] = useState('');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const companies = useCompanyOptions(term, true);
  const receivable = useReceivable(companyId);
  const banks = useBankOptions();
  const refund = useRefund();
  const [source, setSource] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const [date, setDate] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  const credits = receivable.data?.data.credits ?? [];
  const errors = isApiError(refund.error) ? (refund.error.errors ?? {}) : {};
  const defaultBank = banks.find((row) => row.number === '1000') ?? banks[0];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credit = credits.find((row) => `${row.source_type}:${row.source_id}` === source);
    if (!credit || companyId === null) return;
    refund.mutate(
      {
        company_id: companyId,
        source_type: credit.source_type,
        source_id: credit.source_id,
        amount: amount.trim() === '' ? credit.available : Number(amount),
        account_id: Number(accountId ?? defaultBank?.value ?? 0),
        method,
        reference,
        date: date || today,
      },
      {
        onSuccess: (answer) => {
          setSaved(answer.message);
          setAmount('');
          setSource(null);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Refund company">
      <Stack>
        <Group grow align="flex-start">
          <Select
            label="Company"
            placeholder="Search companies"
            searchable
            clearable
            data={(companies.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))}
            onSearchChange={setTerm}
            value={companyId === null ? null : String(companyId)}
            onChange={(value) => setCompanyId(value ? Number(value) : null)}
          />
          <Select
            label="Credit to refund"
            placeholder={companyId === null ? 'Choose a company' : credits.length ? 'Choose a credit' : 'No credits'}
            data={credits.map((row) => ({
              value: `${row.source_type}:${row.source_id}`,
              label: `${row.label} (${money(row.available)})`,
            }))}
            value={source}
            onChange={setSource}
            error={errors.source_id?.[0]}
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            placeholder="All of it"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount?.[0]}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Date"
            value={date || today}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={errors.date?.[0]}
          />
          <Select
            label="Bank account"
            data={banks}
            value={accountId ?? (defaultBank ? defaultBank.value : null)}
            allowDeselect={false}
            onChange={setAccountId}
            error={errors.account_id?.[0]}
          />
          <Select
            label="Method"
            data={methodOptions}
            value={method}
            allowDeselect={false}
            onChange={(value) => setMethod((value ?? 'check') as PaymentMethod)}
          />
          <TextInput
            label="Check number"
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
          />
        </Group>
        {refund.error && !isApiError(refund.error) && <Alert color="red">{refund.error.message}</Alert>}
        {isApiError(refund.error) && !refund.error.errors && <Alert color="red">{refund.error.message}</Alert>}
        {saved && <Alert color="green">{saved}</Alert>}
        <Group>
          <Button type="submit" disabled={!canPay || source === null} loading={refund.isPending}>
            Refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PaymentsMade({ vendorId }: { vendorId: number | null }) {
  const canApprove = usePermissions().includes('approve billing');
  const [filters, setFilters] = useState<Omit<PaymentMadeFilters, 'vendor_id'>>({
    from: '',
    to: '',
    method: '',
    search: '',
    page: 1,
  });
  const list = usePaymentsMade({ ...filters, vendor_id: vendorId });
  const [voiding, setVoiding] = useState<PaymentMadeRow | null>(null);
  const [exporting, setExporting] = useState<'busy' | 'failed' | null>(null);
  const exportCsv = () => {
    setExporting('busy');
    downloadPaymentsMadeCsv({ ...filters, vendor_id: vendorId }).then(
      () => setExporting(null),
      () => setExporting('failed'),
    );
  };
  const rows = list.data?.data ?? [];
  const set = (change: Partial<typeof filters>) => setFilters((current) => ({ ...current, page: 1, ...change }));
  return (
    <Stack gap="xs">
      <Title order={4}>Payments made</Title>
      <Group align="flex-end">
        <Select
          label="Method"
          placeholder="Any"
          clearable
          data={methodOptions}
          value={filters.method || null}
          onChange={(value) => set({ method: (value ?? '') as PaymentMethod | '' })}
          w={140}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput type="date" label="To" value={filters.to} onChange={(e) => set({ to: e.currentTarget.value })} />
        <TextInput
          label="Find check number"
          value={filters.search}
          onChange={(e) => set({ search: e.currentTarget.value })}
        />
        <Button variant="default" onClick={exportCsv} loading={exporting === 'busy'}>
          Export CSV
        </Button>
        {exporting === 'failed' && (
          <Text c="red" size="sm">
            An error occured.
          </Text>
        )}
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No payments made.</Text>
      ) : (
        <Table aria-label="Payments made">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Vendor</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Check number</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Applied</Table.Th>
              <Table.Th>Prepayment</Table.Th>
              <Table.Th>Paid from</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.payment_date}</Table.Td>
                <Table.Td>{row.vendor_name}</Table.Td>
                <Table.Td>{paymentMethodLabels[row.method]}</Table.Td>
                <Table.Td>{row.reference}</Table.Td>
                <Table.Td>{money(row.amount)}</Table.Td>
                <Table.Td>{money(row.applied)}</Table.Td>
                <Table.Td>{money(row.unapplied)}</Table.Td>
                <Table.Td>
                  {row.account_number} {row.account_name}
                </Table.Td>
                <Table.Td>{row.status === 'void' ? `Void ${row.void_date ?? ''}` : 'Posted'}</Table.Td>
                <Table.Td>
                  {canApprove && row.status === 'posted' && (
                    <Button size="xs" variant="subtle" color="red" onClick={() => setVoiding(row)}>
                      Void
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(list.data?.last_page ?? 1) > 1 && (
        <Pagination
          total={list.data!.last_page}
          value={filters.page}
          onChange={(page) => setFilters((current) => ({ ...current, page }))}
        />
      )}
      <VoidModal payment={voiding} onClose={() => setVoiding(null)} />
    </Stack>
  );
}

function VoidModal({ payment, onClose }: { payment: PaymentMadeRow | null; onClose: () => void }) {
  const voidPayment = useVoidPaymentMade();
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    voidPayment.reset();
    onClose();
  };
  return (
    <Modal opened={payment !== null} onClose={close} title="Void payment">
      {payment && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            voidPayment.mutate({ id: payment.id, reason }, { onSuccess: close });
          }}
        >
          <Stack>
            <Text>
              {paymentMethodLabels[payment.method]} {payment.reference} of {payment.payment_date},{' '}
              {money(payment.amount)} to {payment.vendor_name}. Its bills are opened again.
            </Text>
            <TextInput label="Reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
            {voidPayment.error && <Alert color="red">{voidPayment.error.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={voidPayment.isPending}>
                Void
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
