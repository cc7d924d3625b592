import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { billingDate } from '@switchboard/shared/billing/billing-date';
import { formatCents } from '@switchboard/shared/billing/money';
import {
  paymentMethodLabels,
  paymentMethods,
  type PaymentMethod,
  type PaymentRow,
  type ReceivableCredit,
  type ReceivableInvoice,
  type ReceivePaymentInput,
} from '@switchboard/shared/billing/payments';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { saveBlob } from '../../lib/download.ts';
import {
  useApplyCredit,
  useBillingTimeZone,
  useCompanyOptions,
  useDepositAccounts,
  useLivePayments,
  useMakeDeposit,
  usePaymentList,
  useReceivable,
  useReceivePayment,
  useVoidPayment,
  type PaymentFilters,
} from './api/payments.ts';
import {
  autoApplyTexts,
  centsFromText,
  checkReceiveForm,
  formErrorsFromServer,
  receiveBody,
  receiveSummary,
  textFromCents,
  type FormErrors,
  type ReceiveForm,
} from './receive-form.ts';

// /billing/payments/receive (designs/billing.md §5): a payment from a company, applied to its open invoices oldest
// first (by hand or Auto-apply), the remainder kept as the company's credit; existing credits offered on open
// invoices; below, recent payments with filters, Void (approve billing) and Make deposit for undeposited payments.

const money = (dollars: number): string => formatCents(centsFromText(dollars.toFixed(2)) ?? 0);
const methodOptions = paymentMethods.map((method) => ({ value: method, label: paymentMethodLabels[method] }));

function useToday(): string {
  const zone = useBillingTimeZone();
  return billingDate(new Date(), zone.data ?? 'UTC').date;
}

export function ReceivePaymentsPage() {
  const [params, setParams] = useSearchParams();
  const companyParam = Number(params.get('company_id')) || null;
  const invoiceParam = Number(params.get('invoice_id')) || null;
  const today = useToday();
  useLivePayments();
  const [companyId, setCompanyId] = useState<number | null>(companyParam);
  const receivable = useReceivable(companyId);
  const data = receivable.data?.data;

  const pickCompany = (id: number | null) => {
    setCompanyId(id);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('company_id');
        else next.set('company_id', String(id));
        next.delete('invoice_id');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack>
      <Title order={2}>Receive Payments</Title>
      <ReceivePaymentForm
        key={companyId ?? 'none'}
        companyId={companyId}
        companyName={data?.company.name ?? null}
        invoices={data?.invoices ?? []}
        preselectInvoice={invoiceParam}
        onCompany={pickCompany}
        today={today}
      />
      {companyId !== null && data && <CreditsPanel credits={data.credits} invoices={data.invoices} today={today} />}
      <RecentPayments companyId={companyId} today={today} />
    </Stack>
  );
}

function ReceivePaymentForm({
  companyId,
  companyName,
  invoices,
  preselectInvoice,
  onCompany,
  today,
}: {
  companyId: number | null;
  companyName: string | null;
  invoices: ReceivableInvoice[];
  preselectInvoice: number | null;
  onCompany: (id: number | null) => void;
  today: string;
}) {
  const [term, setTerm] = useState('');
  const companies = useCompanyOptions(term);
  const accounts = useDepositAccounts();
  const receive = useReceivePayment();
  const [form, setForm] = useState<ReceiveForm>({
    company_id: companyId,
    payment_date: '',
    method: 'check',
    reference: '',
    amount: '',
    account_id: null,
    memo: '',
    applies: {},
  });
  const [errors, setErrors] = useState<FormErrors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [preselected, setPreselected] = useState(false);

  // ?invoice_id= fills that invoice's balance as the amount and its Apply, once it is loaded.
  useEffect(() => {
    if (preselected || preselectInvoice === null) return;
    const invoice = invoices.find((row) => row.id === preselectInvoice);
    if (!invoice) return;
    setPreselected(true);
    const text = textFromCents(centsFromText(invoice.balance.toFixed(2)) ?? 0);
    setForm((current) => ({ ...current, amount: text, applies: { [invoice.id]: text } }));
  }, [invoices, preselectInvoice, preselected]);

  const undeposited = accounts.data?.find((row) => row.subtype === 'undeposited');
  const accountOptions = (accounts.data ?? []).map((row) => ({
    value: String(row.id),
    label: `${row.number} ${row.name}`,
  }));
  const companyOptions = useMemo(() => {
    const rows = (companies.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
    if (companyId !== null && companyName && !rows.some((row) => row.value === String(companyId)))
      rows.unshift({ value: String(companyId), label: companyName });
    return rows;
  }, [companies.data, companyId, companyName]);

  const summary = receiveSummary(form);
  const set = (change: Partial<ReceiveForm>) => {
    setSaved(null);
    setForm((current) => ({ ...current, ...change }));
  };
  const withDate = { ...form, company_id: companyId, payment_date: form.payment_date || today };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const found = checkReceiveForm(withDate, invoices);
    if (found) return setErrors(found);
    setErrors({});
    const body: ReceivePaymentInput = receiveBody(withDate, invoices);
    receive.mutate(body, {
      onSuccess: (answer) => {
        setSaved(answer.message);
        setForm((current) => ({ ...current, amount: '', reference: '', memo: '', applies: {} }));
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) setErrors(formErrorsFromServer(error.errors, body));
        else setErrors({ _: [error.message] });
      },
    });
  };

  const field = (key: string) => errors[key]?.[0];
  return (
    <form onSubmit={submit} noValidate aria-label="Receive payment">
      <Stack>
        <Group grow align="flex-start">
          <Select
            label="Company"
            placeholder="Search companies"
            searchable
            clearable
            data={companyOptions}
            value={companyId === null ? null : String(companyId)}
            onSearchChange={setTerm}
            onChange={(value) => onCompany(value ? Number(value) : null)}
            error={field('company_id')}
          />
          <TextInput
            type="date"
            label="Date"
            value={withDate.payment_date}
            onChange={(event) => set({ payment_date: event.currentTarget.value })}
            error={field('payment_date') ?? field('date')}
          />
          <Select
            label="Method"
            data={methodOptions}
            value={form.method}
            allowDeselect={false}
            onChange={(value) => set({ method: (value ?? 'check') as PaymentMethod })}
            error={field('method')}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Reference (check number)"
            value={form.reference}
            onChange={(event) => set({ reference: event.currentTarget.value })}
            error={field('reference')}
          />
          <TextInput
            label="Amount"
            inputMode="decimal"
            value={form.amount}
            onChange={(event) => set({ amount: event.currentTarget.value })}
            error={field('amount')}
          />
          <Select
            label="Deposit to"
            data={accountOptions}
            value={form.account_id !== null ? String(form.account_id) : undeposited ? String(undeposited.id) : null}
            allowDeselect={false}
            onChange={(value) => set({ account_id: value && Number(value) !== undeposited?.id ? Number(value) : null })}
            error={field('account_id')}
          />
        </Group>
        <TextInput
          label="Memo"
          value={form.memo}
          onChange={(event) => set({ memo: event.currentTarget.value })}
          error={field('memo')}
        />
        {companyId !== null && (
          <>
            <Group justify="space-between">
              <Title order={4}>Open invoices</Title>
              <Button
                variant="light"
                onClick={() => set({ applies: autoApplyTexts(form.amount, invoices) })}
                disabled={invoices.length === 0}
              >
                Auto-apply oldest first
              </Button>
            </Group>
            {invoices.length === 0 ? (
              <Text c="dimmed">No open invoices: the payment is kept as credit.</Text>
            ) : (
              <Table aria-label="Open invoices">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Invoice</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Due</Table.Th>
                    <Table.Th>Total</Table.Th>
                    <Table.Th>Balance</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Apply</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoices.map((invoice) => (
                    <Table.Tr key={invoice.id}>
                      <Table.Td>
                        <Link to={`/billing/invoices?id=${invoice.id}`}>{invoice.number}</Link>
                      </Table.Td>
                      <Table.Td>{invoice.invoice_date}</Table.Td>
                      <Table.Td>{invoice.due_date}</Table.Td>
                      <Table.Td>{money(invoice.total)}</Table.Td>
                      <Table.Td>{money(invoice.balance)}</Table.Td>
                      <Table.Td>{invoice.state}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={`Apply to ${invoice.number}`}
                          inputMode="decimal"
                          w={130}
                          value={form.applies[invoice.id] ?? ''}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            set({ applies: { ...form.applies, [invoice.id]: value } });
                          }}
                          error={field(`apply.${invoice.id}`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
        <Group gap="xl" aria-label="Payment summary">
          <Text>Applied: {formatCents(summary.applied)}</Text>
          <Text>Credit: {formatCents(summary.credit)}</Text>
          {summary.over > 0 && <Text c="red">Over the payment by {formatCents(summary.over)}</Text>}
        </Group>
        {field('allocations') && <Alert color="red">{field('allocations')}</Alert>}
        {field('_') && <Alert color="red">{field('_')}</Alert>}
        {saved && <Alert color="green">{saved}</Alert>}
        <Group>
          <Button type="submit" loading={receive.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreditsPanel({
  credits,
  invoices,
  today,
}: {
  credits: ReceivableCredit[];
  invoices: ReceivableInvoice[];
  today: string;
}) {
  if (credits.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>Credits</Title>
      <Table aria-label="Credits">
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
            <CreditRow
              key={`${credit.source_type}-${credit.source_id}`}
              credit={credit}
              invoices={invoices}
              today={today}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function CreditRow({
  credit,
  invoices,
  today,
}: {
  credit: ReceivableCredit;
  invoices: ReceivableInvoice[];
  today: string;
}) {
  const apply = useApplyCredit();
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const errors = isApiError(apply.error) ? (apply.error.errors ?? {}) : {};
  const submit = () => {
    const chosen = invoices.find((row) => String(row.id) === invoiceId);
    if (!chosen) return;
    const cents = centsFromText(amount);
    const fallback = Math.min(
      centsFromText(credit.available.toFixed(2)) ?? 0,
      centsFromText(chosen.balance.toFixed(2)) ?? 0,
    );
    apply.mutate(
      {
        source_type: credit.source_type,
        source_id: credit.source_id,
        invoice_id: chosen.id,
        amount: Number(textFromCents(cents === null || cents === 0 ? fallback : cents)),
        date: today,
      },
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
            aria-label={`Invoice for ${credit.label}`}
            placeholder="Invoice"
            data={invoices.map((row) => ({ value: String(row.id), label: `${row.number} (${money(row.balance)})` }))}
            value={invoiceId}
            onChange={setInvoiceId}
            error={errors.invoice_id?.[0]}
            w={220}
          />
          <TextInput
            aria-label={`Amount of ${credit.label}`}
            placeholder="Amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount?.[0] ?? errors.date?.[0]}
            w={120}
          />
          <Button variant="light" onClick={submit} disabled={invoiceId === null} loading={apply.isPending}>
            Apply
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The list's CSV with its filters applied (every row, not the page): GET /api/billing/payments/received?format=csv. */
function paymentsCsvUrl(filters: Omit<PaymentFilters, 'company_id'>, companyId: number | null): string {
  const query = new URLSearchParams();
  if (companyId !== null) query.set('company_id', String(companyId));
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.method) query.set('method', filters.method);
  if (filters.unapplied) query.set('unapplied', '1');
  if (filters.undeposited) query.set('undeposited', '1');
  query.set('format', 'csv');
  return `/api/billing/payments/received?${query.toString()}`;
}

/** Export CSV as the reports make it: fetched through the API client, which adds the bearer a plain link would lack. */
function ExportPaymentsCsv({ url }: { url: string }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        component="a"
        href={url}
        variant="default"
        loading={busy}
        onClick={(event: React.MouseEvent) => {
          event.preventDefault();
          setBusy(true);
          setFailed(false);
          api
            .get<Blob>(url, { responseType: 'blob' })
            .then((blob) => saveBlob(blob, 'Payments.csv'))
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        Export CSV
      </Button>
      {failed && (
        <Text c="red" size="sm">
          An error occured.
        </Text>
      )}
    </>
  );
}

function RecentPayments({ companyId, today }: { companyId: number | null; today: string }) {
  const canApprove = usePermissions().includes('approve billing');
  const [filters, setFilters] = useState<Omit<PaymentFilters, 'company_id'>>({
    from: '',
    to: '',
    method: '',
    unapplied: false,
    undeposited: false,
    page: 1,
  });
  const list = usePaymentList({ ...filters, company_id: companyId });
  const [chosen, setChosen] = useState<number[]>([]);
  const [voiding, setVoiding] = useState<PaymentRow | null>(null);
  const [depositing, setDepositing] = useState(false);
  const rows = list.data?.data ?? [];
  const set = (change: Partial<typeof filters>) => setFilters((current) => ({ ...current, page: 1, ...change }));
  const chosenRows = rows.filter((row) => chosen.includes(row.id) && row.undeposited);

  return (
    <Stack gap="xs">
      <Title order={4}>Recent payments</Title>
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
        <Checkbox
          label="Unapplied only"
          checked={filters.unapplied}
          onChange={(e) => set({ unapplied: e.currentTarget.checked })}
        />
        <Checkbox
          label="Undeposited only"
          checked={filters.undeposited}
          onChange={(e) => set({ undeposited: e.currentTarget.checked })}
        />
        <Button variant="light" disabled={chosenRows.length === 0} onClick={() => setDepositing(true)}>
          Make deposit
        </Button>
        <ExportPaymentsCsv url={paymentsCsvUrl(filters, companyId)} />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">No payments.</Text>
      ) : (
        <Table aria-label="Recent payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>Date</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th>Reference</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Applied</Table.Th>
              <Table.Th>Unapplied</Table.Th>
              <Table.Th>Deposit to</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.undeposited && (
                    <Checkbox
                      aria-label={`Deposit payment ${row.id}`}
                      checked={chosen.includes(row.id)}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setChosen((current) => (on ? [...current, row.id] : current.filter((id) => id !== row.id)));
                      }}
                    />
                  )}
                </Table.Td>
                <Table.Td>{row.payment_date}</Table.Td>
                <Table.Td>{row.company_name}</Table.Td>
                <Table.Td>{paymentMethodLabels[row.method]}</Table.Td>
                <Table.Td>{row.reference}</Table.Td>
                <Table.Td>{money(row.amount)}</Table.Td>
                <Table.Td>{money(row.applied)}</Table.Td>
                <Table.Td>{money(row.unapplied)}</Table.Td>
                <Table.Td>
                  {row.account_number} {row.account_name}
                  {row.deposit_id !== null && ' (deposited)'}
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
      <DepositModal
        opened={depositing}
        payments={chosenRows}
        today={today}
        onClose={(done) => {
          setDepositing(false);
          if (done) setChosen([]);
        }}
      />
    </Stack>
  );
}

function VoidModal({ payment, onClose }: { payment: PaymentRow | null; onClose: () => void }) {
  const voidPayment = useVoidPayment();
  const [reason, setReason] = useState('');
  const error = isApiError(voidPayment.error) ? voidPayment.error : null;
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
              {money(payment.amount)} from {payment.company_name}
            </Text>
            <TextInput
              label="Reason"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={error?.errors?.reason?.[0]}
            />
            {error && !error.errors?.reason && <Alert color="red">{error.message}</Alert>}
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

function DepositModal({
  opened,
  payments,
  today,
  onClose,
}: {
  opened: boolean;
  payments: PaymentRow[];
  today: string;
  onClose: (done: boolean) => void;
}) {
  const accounts = useDepositAccounts();
  const deposit = useMakeDeposit();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [date, setDate] = useState('');
  const errors = isApiError(deposit.error) ? (deposit.error.errors ?? {}) : {};
  const banks = (accounts.data ?? []).filter((row) => row.subtype === 'bank');
  const total = payments.reduce((sum, row) => sum + (centsFromText(row.amount.toFixed(2)) ?? 0), 0);
  const close = (done: boolean) => {
    setAccountId(null);
    setDate('');
    deposit.reset();
    onClose(done);
  };
  return (
    <Modal opened={opened} onClose={() => close(false)} title="Make deposit">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          deposit.mutate(
            { account_id: Number(accountId ?? 0), date: date || today, payment_ids: payments.map((row) => row.id) },
            { onSuccess: () => close(true) },
          );
        }}
      >
        <Stack>
          <Select
            label="Bank account"
            data={banks.map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }))}
            value={accountId}
            onChange={setAccountId}
            error={errors.account_id?.[0]}
          />
          <TextInput
            type="date"
            label="Deposit date"
            value={date || today}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={errors.date?.[0]}
          />
          <Text>
            {payments.length} payment(s), {formatCents(total)}
          </Text>
          {errors.payment_ids && <Alert color="red">{errors.payment_ids[0]}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={deposit.isPending} disabled={accountId === null}>
              Deposit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
