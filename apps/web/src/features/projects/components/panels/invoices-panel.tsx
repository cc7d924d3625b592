import { Anchor, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatUsd,
  invoiceLabel,
  invoiceTypeLabels,
  projectSaveFailedMessage,
  type ProjectInvoice,
} from '@switchboard/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../../lib/api-client.ts';
import { usePermissions } from '../../../../lib/auth-store.ts';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useProjectAction } from '../../api/projects.ts';
import type { StepPanelProps } from './panel-types.ts';

const usd = (dollars: number) => formatUsd(Math.round(dollars * 100));

/**
 * Spec 3 §2 Client Payment Invoices: the project's invoices (id, type, total, balance, due date, in USD), each opening
 * in the PDF viewer; staff with 'view billing' create a deposit invoice (decision 0045).
 */
export function InvoicesPanel({ project, staff }: StepPanelProps) {
  const mayBill = usePermissions().includes('view billing');
  return (
    <Stack gap="xs">
      {project.invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet.
        </Text>
      ) : (
        <InvoiceTable invoices={project.invoices} />
      )}
      {staff && mayBill ? <DepositForm projectId={project.id} /> : null}
    </Stack>
  );
}

function InvoiceTable({ invoices }: { invoices: ProjectInvoice[] }) {
  return (
    <Table withTableBorder striped aria-label="Client payment invoices">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invoice</Table.Th>
          <Table.Th>Type</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
          <Table.Th>Due</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td>
              <Anchor component={Link} to={`/pdf/invoice/${invoice.id}`}>
                {invoiceLabel(invoice)}
              </Anchor>
            </Table.Td>
            <Table.Td>{invoiceTypeLabels[invoice.type] ?? invoice.type}</Table.Td>
            <Table.Td ta="right">{usd(invoice.total)}</Table.Td>
            <Table.Td ta="right">{usd(invoice.balance)}</Table.Td>
            <Table.Td>{invoice.due_date ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function DepositForm({ projectId }: { projectId: number }) {
  const [amount, setAmount] = useState<string | number>('');
  const [memo, setMemo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useProjectAction(projectId, (body: { amount: string | number; memo: string }) =>
    api.post<{ message: string }>('/api/billing/invoices/deposit', { project_id: projectId, ...body }),
  );
  const submit = () =>
    create.mutate(
      { amount, memo },
      {
        onSuccess: (answer) => {
          setAmount('');
          setMemo('');
          setErrors({});
          notifications.show({ color: 'green', message: answer.message });
        },
        onError: (error) => {
          setErrors(getFormErrors(error).fields);
          notifications.show({ color: 'red', message: projectSaveFailedMessage });
        },
      },
    );
  return (
    <Group align="flex-end" gap="xs">
      <NumberInput
        label="Deposit (USD)"
        size="xs"
        w={140}
        min={0}
        decimalScale={2}
        prefix="$"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
      />
      <TextInput
        label="Memo"
        size="xs"
        style={{ flex: 1 }}
        value={memo}
        onChange={(event) => setMemo(event.currentTarget.value)}
        error={errors.memo}
      />
      <Button size="xs" onClick={submit} loading={create.isPending}>
        Create Deposit Invoice
      </Button>
    </Group>
  );
}
