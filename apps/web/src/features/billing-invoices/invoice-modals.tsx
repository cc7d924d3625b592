import { Alert, Button, Group, Modal, Radio, Stack, Table, Text, TextInput, Textarea } from '@mantine/core';
import {
  creditNoteInputSchema,
  voidInvoiceInputSchema,
  type InvoiceDetail,
} from '@switchboard/shared/billing/invoices';
import { writeOffInputSchema } from '@switchboard/shared/billing/payments';
import { useState } from 'react';
import { getFormErrors } from '../../lib/form-errors.ts';
import {
  savedId,
  useCreditNote,
  useVoidInvoice,
  useWriteOff,
  type CreditNoteBody,
  type WriteOffBody,
} from './api/invoices.ts';
import { dollars } from './format.ts';

// The drawer's dialogs that need a reason (designs/billing.md §3.4, §3.6): Void posts the exact reversal; Credit note
// makes a draft credit note for the whole invoice or for amounts per line; Write off posts bad debt against the
// balance.

const firstIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
};

export function VoidModal(props: { opened: boolean; invoice: InvoiceDetail; onClose: () => void }) {
  const { opened, invoice, onClose } = props;
  const voiding = useVoidInvoice();
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const close = () => {
    setErrors({});
    setMessage(null);
    onClose();
  };
  const submit = () => {
    const body = { reason, ...(date ? { date } : {}) };
    const parsed = voidInvoiceInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    voiding.mutate(
      { id: invoice.id, body },
      {
        onSuccess: () => {
          setReason('');
          setDate('');
          close();
        },
        onError: (error) => {
          const found = getFormErrors(error);
          setErrors(found.fields);
          setMessage(Object.keys(found.fields).length > 0 ? null : found.message);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={`Void ${invoice.label}`}>
      <Stack>
        <Text size="sm">
          Voiding posts the exact reversal of its journal entry, dated the void date (today when left empty).
        </Text>
        <Textarea
          label="Reason"
          required
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Void date"
          value={date}
          error={errors.date}
          onChange={(event) => setDate(event.currentTarget.value)}
        />
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={voiding.isPending} onClick={submit}>
            Void invoice
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function CreditNoteModal(props: {
  opened: boolean;
  invoice: InvoiceDetail;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { opened, invoice, onClose, onCreated } = props;
  const credit = useCreditNote();
  const [mode, setMode] = useState<'full' | 'lines'>('full');
  const [reason, setReason] = useState('');
  const [amounts, setAmounts] = useState<Record<number, string>>({});
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const close = () => {
    setErrors({});
    setMessage(null);
    onClose();
  };
  const chosen = invoice.lines.filter((line) => (amounts[line.id] ?? '').trim() !== '');
  const quantityOf = (id: number) => (quantities[id] ?? '').trim();
  const submit = () => {
    const body: CreditNoteBody = {
      reason,
      ...(mode === 'lines'
        ? {
            lines: chosen.map((line) => ({
              invoice_line_id: line.id,
              amount: Number(amounts[line.id]!.trim()),
              ...(quantityOf(line.id) !== '' ? { quantity: Number(quantityOf(line.id)) } : {}),
            })),
          }
        : {}),
    };
    const parsed = creditNoteInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    // A quantity without an amount would be dropped with its line (no credit, no stock): ask for the amount.
    const unpriced =
      mode === 'lines' ? invoice.lines.find((line) => quantityOf(line.id) !== '' && !chosen.includes(line)) : undefined;
    if (unpriced) return setErrors({ [`amount.${unpriced.id}`]: 'Enter the amount credited for the units returned.' });
    setErrors({});
    setMessage(null);
    credit.mutate(
      { id: invoice.id, body },
      {
        onSuccess: (answer) => {
          setReason('');
          setAmounts({});
          setQuantities({});
          const id = savedId(answer);
          if (id !== null) onCreated(id);
          else close();
        },
        onError: (error) => {
          const found = getFormErrors(error);
          setErrors(found.fields);
          setMessage(found.fields.lines ?? (Object.keys(found.fields).length > 0 ? null : found.message));
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={`Credit note for ${invoice.label}`} size="lg">
      <Stack>
        <Radio.Group label="Credit" value={mode} onChange={(value) => setMode(value as 'full' | 'lines')}>
          <Group mt="xs">
            <Radio value="full" label={`The whole invoice (${dollars(invoice.total)})`} />
            <Radio value="lines" label="Amounts per line" />
          </Group>
        </Radio.Group>
        {mode === 'lines' ? (
          <Table aria-label="Credit per line" layout="fixed" fz="sm">
            <Table.Tbody>
              {invoice.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.description}</Table.Td>
                  <Table.Td w={96} ta="right">
                    {dollars(line.amount)}
                  </Table.Td>
                  <Table.Td w={120}>
                    <TextInput
                      size="xs"
                      inputMode="decimal"
                      aria-label={`Credit for line ${line.line_no}`}
                      value={amounts[line.id] ?? ''}
                      error={
                        errors[`lines.${chosen.findIndex((entry) => entry.id === line.id)}.amount`] ??
                        errors[`amount.${line.id}`] ??
                        undefined
                      }
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setAmounts((current) => ({ ...current, [line.id]: value }));
                      }}
                    />
                  </Table.Td>
                  <Table.Td w={120}>
                    {/* A posted line with a stock location is a tracked product: its units may come back. */}
                    {line.item_id !== null && line.stock_location_id !== null ? (
                      <TextInput
                        size="xs"
                        inputMode="decimal"
                        placeholder="Quantity returned"
                        aria-label={`Quantity returned for line ${line.line_no}`}
                        value={quantities[line.id] ?? ''}
                        error={
                          errors[`lines.${chosen.findIndex((entry) => entry.id === line.id)}.quantity`] ?? undefined
                        }
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setQuantities((current) => ({ ...current, [line.id]: value }));
                        }}
                      />
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {errors.lines ? (
          <Text c="red" size="sm" role="alert">
            {errors.lines}
          </Text>
        ) : null}
        <Textarea
          label="Reason"
          required
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {message && message !== errors.lines ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button loading={credit.isPending} onClick={submit}>
            Create credit note
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Write off: 6100 Bad Debt against AR for some or all of the balance (the balance by default), applied at once. */
export function WriteOffModal(props: { opened: boolean; invoice: InvoiceDetail; onClose: () => void }) {
  const { opened, invoice, onClose } = props;
  const writing = useWriteOff();
  const [amount, setAmount] = useState(String(invoice.balance));
  const [reason, setReason] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const close = () => {
    setErrors({});
    setMessage(null);
    onClose();
  };
  const submit = () => {
    const body: WriteOffBody = {
      invoice_id: invoice.id,
      amount: amount.trim() === '' ? Number.NaN : Number(amount.trim()),
      reason,
      ...(date ? { date } : {}),
    };
    const parsed = writeOffInputSchema.safeParse(body);
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    setMessage(null);
    writing.mutate(body, {
      onSuccess: () => {
        setReason('');
        setDate('');
        close();
      },
      onError: (error) => {
        const found = getFormErrors(error);
        setErrors(found.fields);
        setMessage(Object.keys(found.fields).length > 0 ? null : found.message);
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title={`Write off ${invoice.label}`}>
      <Stack>
        <Text size="sm">
          Writing off posts the amount to 6100 Bad Debt against Accounts Receivable and lowers the balance of{' '}
          {dollars(invoice.balance)}.
        </Text>
        <TextInput
          label="Amount"
          required
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
        />
        <Textarea
          label="Reason"
          required
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Write-off date"
          value={date}
          error={errors.date}
          onChange={(event) => setDate(event.currentTarget.value)}
        />
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={writing.isPending} onClick={submit}>
            Write off
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
