import { ActionIcon, Alert, Button, Drawer, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { billInputSchema, type BillDetail, type BillFromPo, type BillInput } from '@switchboard/shared/billing/bills';
import { formatCents, lineAmount } from '@switchboard/shared/billing/money';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { useAccounts, useBill, useBillFromPo, usePostBill, useSaveBill, useVendorOptions } from './api/bills.ts';

// The "Enter bill" drawer (designs/billing.md §5 /billing/payments/make, /billing/vendors): vendor, reference, dates,
// lines (account, description, quantity, unit cost, the amount as it will be computed), Save draft and Post. Opened
// from a PO (?po=) it starts from the PO's proposal: received not billed first, then ordered not received.

interface LineForm {
  key: string;
  item_id: number | null;
  account_id: number | null;
  description: string;
  quantity: string;
  unit_cost: string;
  po_line_id: number | null;
  company_id: number | null;
  project_id: number | null;
  billable_to_client: boolean;
}

interface BillForm {
  vendor_id: number | null;
  vendor_ref: string;
  bill_date: string;
  due_date: string;
  memo: string;
  po_id: number | null;
  lines: LineForm[];
}

let lineKey = 0;
const newLine = (changes: Partial<LineForm> = {}): LineForm => ({
  key: `l${(lineKey += 1)}`,
  item_id: null,
  account_id: null,
  description: '',
  quantity: '1',
  unit_cost: '',
  po_line_id: null,
  company_id: null,
  project_id: null,
  billable_to_client: false,
  ...changes,
});

function preview(line: LineForm): string {
  try {
    if (line.quantity.trim() === '' || line.unit_cost.trim() === '') return '';
    return formatCents(lineAmount(line.quantity.trim(), line.unit_cost.trim()));
  } catch {
    return '';
  }
}

const fromDetail = (bill: BillDetail): BillForm => ({
  vendor_id: bill.vendor_id,
  vendor_ref: bill.vendor_ref,
  bill_date: bill.bill_date,
  due_date: bill.due_date,
  memo: bill.memo,
  po_id: bill.po_id,
  lines: bill.lines.map((line) =>
    newLine({
      item_id: line.item_id,
      account_id: line.account_id,
      description: line.description,
      quantity: String(line.quantity),
      unit_cost: String(line.unit_cost),
      po_line_id: line.po_line_id,
      company_id: line.company_id,
      project_id: line.project_id,
      billable_to_client: line.billable_to_client,
    }),
  ),
});

const fromPo = (proposal: BillFromPo, today: string): BillForm => ({
  vendor_id: proposal.vendor_id,
  vendor_ref: '',
  bill_date: today,
  due_date: '',
  memo: proposal.po_number ? `From ${proposal.po_number}` : '',
  po_id: proposal.po_id,
  lines: proposal.lines.map((line) =>
    newLine({
      item_id: line.item_id ?? null,
      description: line.description,
      quantity: String(line.quantity),
      unit_cost: String(line.unit_cost),
      po_line_id: line.po_line_id ?? null,
      company_id: line.company_id ?? null,
      project_id: line.project_id ?? null,
      billable_to_client: line.billable_to_client ?? false,
    }),
  ),
});

const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function body(form: BillForm, updatedAt: string | undefined): BillInput {
  return {
    kind: 'bill',
    vendor_id: form.vendor_id ?? 0,
    vendor_ref: form.vendor_ref,
    bill_date: form.bill_date,
    due_date: form.due_date || null,
    po_id: form.po_id,
    memo: form.memo,
    updated_at: updatedAt,
    lines: form.lines.map((line) => ({
      item_id: line.item_id,
      account_id: line.account_id,
      description: line.description,
      quantity: toNumber(line.quantity),
      unit_cost: toNumber(line.unit_cost),
      po_line_id: line.po_line_id,
      company_id: line.company_id,
      project_id: line.project_id,
      billable_to_client: line.billable_to_client,
    })),
  };
}

export function BillEditor({
  opened,
  billId,
  poId,
  vendorId,
  today,
  onClose,
}: {
  opened: boolean;
  billId: number | null;
  poId: number | null;
  vendorId: number | null;
  today: string;
  onClose: () => void;
}) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title={billId ? 'Bill' : 'Enter bill'}>
      {opened && <BillEditorBody billId={billId} poId={poId} vendorId={vendorId} today={today} onClose={onClose} />}
    </Drawer>
  );
}

function BillEditorBody({
  billId,
  poId,
  vendorId,
  today,
  onClose,
}: {
  billId: number | null;
  poId: number | null;
  vendorId: number | null;
  today: string;
  onClose: () => void;
}) {
  const canApprove = usePermissions().includes('approve billing');
  const [id, setId] = useState<number | null>(billId);
  const existing = useBill(id);
  const proposal = useBillFromPo(id === null ? poId : null);
  const vendors = useVendorOptions();
  const accounts = useAccounts();
  const save = useSaveBill();
  const post = usePostBill();
  const [form, setForm] = useState<BillForm>({
    vendor_id: vendorId,
    vendor_ref: '',
    bill_date: today,
    due_date: '',
    memo: '',
    po_id: null,
    lines: [newLine()],
  });
  const [loadedFrom, setLoadedFrom] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const detail = existing.data?.data;

  useEffect(() => {
    if (detail && loadedFrom !== `bill:${detail.updated_at}`) {
      setForm(fromDetail(detail));
      setLoadedFrom(`bill:${detail.updated_at}`);
    } else if (!detail && proposal.data && loadedFrom === null) {
      setForm(fromPo(proposal.data.data, today));
      setLoadedFrom('po');
    }
  }, [detail, proposal.data, loadedFrom, today]);

  const readOnly = detail !== undefined && detail.status !== 'draft';
  const set = (changes: Partial<BillForm>) => {
    setMessage(null);
    setForm((current) => ({ ...current, ...changes }));
  };
  const setLine = (index: number, changes: Partial<LineForm>) =>
    set({ lines: form.lines.map((line, at) => (at === index ? { ...line, ...changes } : line)) });
  const expenseOptions = (accounts.data ?? [])
    .filter((row) => row.type === 'expense' || row.type === 'asset')
    .filter((row) => !['bank', 'undeposited', 'receivable'].includes(row.subtype))
    .map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }));
  const vendorOptions = (vendors.data?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }));
  const total = form.lines.reduce((sum, line) => {
    try {
      return sum + lineAmount(line.quantity.trim() || '0', line.unit_cost.trim() || '0');
    } catch {
      return sum;
    }
  }, 0);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.errors)
      setErrors(Object.fromEntries(Object.entries(error.errors).map(([key, value]) => [key, value[0] ?? ''])));
    else setErrors({ _: error instanceof Error ? error.message : 'An error occured.' });
  };

  const saveDraft = async (): Promise<number | null> => {
    const payload = body(form, detail?.updated_at);
    const checked = billInputSchema.safeParse(payload);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return null;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync({ id, body: payload });
      setId(answer.data.id);
      setMessage(answer.message);
      return answer.data.id;
    } catch (error) {
      fail(error);
      return null;
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveDraft();
  };

  const saveAndPost = async () => {
    const saved = readOnly ? id : await saveDraft();
    if (saved === null) return;
    try {
      const answer = await post.mutateAsync(saved);
      setMessage(answer.message);
      setLoadedFrom(null);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Bill">
      <Stack>
        {detail && (
          <Text>
            Status: {detail.status === 'draft' ? 'Draft' : detail.status === 'posted' ? 'Posted' : 'Void'}
            {detail.status === 'posted' && `, balance ${formatCents(Math.round(detail.balance * 100))}`}
          </Text>
        )}
        <Group grow align="flex-start">
          <Select
            label="Vendor"
            searchable
            data={vendorOptions}
            value={form.vendor_id === null ? null : String(form.vendor_id)}
            onChange={(value) => set({ vendor_id: value ? Number(value) : null })}
            error={errors.vendor_id}
            disabled={readOnly}
          />
          <TextInput
            label="Vendor ref"
            value={form.vendor_ref}
            onChange={(event) => set({ vendor_ref: event.currentTarget.value })}
            error={errors.vendor_ref}
            disabled={readOnly}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Bill date"
            value={form.bill_date}
            onChange={(event) => set({ bill_date: event.currentTarget.value })}
            error={errors.bill_date ?? errors.date}
            disabled={readOnly}
          />
          <TextInput
            type="date"
            label="Due date"
            description="Empty: the bill date plus the vendor's terms"
            value={form.due_date}
            onChange={(event) => set({ due_date: event.currentTarget.value })}
            error={errors.due_date}
            disabled={readOnly}
          />
        </Group>
        <Stack gap="xs" role="group" aria-label="Lines">
          {form.lines.map((line, index) => (
            <Paper withBorder p="xs" key={line.key} data-line={index + 1}>
              <Group gap="xs" align="flex-start" wrap="wrap">
                <Select
                  size="xs"
                  w={200}
                  label="Account"
                  aria-label={`Line ${index + 1} account`}
                  placeholder={line.po_line_id ? 'PO line' : line.item_id ? 'Item' : 'Vendor default'}
                  searchable
                  clearable
                  data={expenseOptions}
                  value={line.account_id === null ? null : String(line.account_id)}
                  onChange={(value) => setLine(index, { account_id: value ? Number(value) : null })}
                  error={errors[`lines.${index}.account_id`] ?? errors[`lines.${index}.po_line_id`]}
                  disabled={readOnly || line.po_line_id !== null}
                />
                <TextInput
                  size="xs"
                  style={{ flex: '2 1 180px', minWidth: 0 }}
                  label="Description"
                  aria-label={`Line ${index + 1} description`}
                  value={line.description}
                  onChange={(event) => setLine(index, { description: event.currentTarget.value })}
                  error={errors[`lines.${index}.description`]}
                  disabled={readOnly}
                />
                <TextInput
                  size="xs"
                  w={84}
                  label="Quantity"
                  aria-label={`Line ${index + 1} quantity`}
                  inputMode="decimal"
                  value={line.quantity}
                  onChange={(event) => setLine(index, { quantity: event.currentTarget.value })}
                  error={errors[`lines.${index}.quantity`]}
                  disabled={readOnly}
                />
                <TextInput
                  size="xs"
                  w={110}
                  label="Unit cost"
                  aria-label={`Line ${index + 1} unit cost`}
                  inputMode="decimal"
                  value={line.unit_cost}
                  onChange={(event) => setLine(index, { unit_cost: event.currentTarget.value })}
                  error={errors[`lines.${index}.unit_cost`]}
                  disabled={readOnly}
                />
                <Text size="sm" mt={26} w={90} ta="right" aria-label={`Line ${index + 1} amount`}>
                  {preview(line)}
                </Text>
                {!readOnly && form.lines.length > 1 && (
                  <ActionIcon
                    mt={26}
                    variant="subtle"
                    color="red"
                    aria-label={`Remove line ${index + 1}`}
                    onClick={() => set({ lines: form.lines.filter((_, at) => at !== index) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
          {errors.lines && (
            <Text c="red" size="sm" role="alert">
              {errors.lines}
            </Text>
          )}
          {!readOnly && (
            <Group>
              <Button variant="default" size="xs" onClick={() => set({ lines: [...form.lines, newLine()] })}>
                Add line
              </Button>
            </Group>
          )}
        </Stack>
        <TextInput
          label="Memo"
          value={form.memo}
          onChange={(event) => set({ memo: event.currentTarget.value })}
          error={errors.memo}
          disabled={readOnly}
        />
        <Text fw={600}>Total: {formatCents(total)}</Text>
        {(errors._ || errors.status) && <Alert color="red">{errors._ ?? errors.status}</Alert>}
        {message && <Alert color="green">{message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          {!readOnly && (
            <Button type="submit" variant="light" loading={save.isPending}>
              Save draft
            </Button>
          )}
          {canApprove && !readOnly && (
            <Button onClick={() => void saveAndPost()} loading={post.isPending}>
              Post
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
