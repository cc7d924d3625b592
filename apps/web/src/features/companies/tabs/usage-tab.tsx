import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { usageAdjustmentInputSchema } from '@switchboard/shared';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { usePermissions } from '../../../lib/auth-store.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useCompanyDetail } from '../api/company-detail.ts';
import { useAddUsageAdjustment, useDeleteUsageAdjustment, useUsageAdjustments } from '../api/contracts.ts';
import type { CompanyTabProps } from './tab-props.ts';

const monthLabel = (billingDate: string) =>
  new Date(`${billingDate}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const hours = (value: number) => value.toFixed(2);

/** Spec 2 §2 Monthly Usage card, and the adjustments staff enter with a reason. */
export function UsageTab({ companyId }: CompanyTabProps) {
  const rows = useCompanyDetail(companyId).data?.monthly_usage ?? [];
  const canSeeInvoices = usePermissions().includes('view billing');
  return (
    <Stack gap="md">
      <Card withBorder padding={0}>
        <Group p="sm" gap="xs">
          <Title order={2} size="h4">
            Monthly Usage
          </Title>
          <Tooltip label="Usage is retainer + adjustments + rollover - helpdesk - project + non-billable">
            <IconInfoCircle size={16} aria-label="How the balance is computed" />
          </Tooltip>
        </Group>
        <Table.ScrollContainer minWidth={760}>
          <Table striped verticalSpacing="xs" aria-label="Monthly Usage">
            <Table.Thead>
              <Table.Tr>
                {['Date', 'Retainer', 'Adjustments', 'Rollover', 'Helpdesk', 'Project', 'Non Billable', 'Balance'].map(
                  (label) => (
                    <Table.Th key={label}>{label}</Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? <EmptyTableRow colSpan={8} message="No Usage" /> : null}
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    {monthLabel(row.billing_date)}
                    {row.invoiced ? <InvoicedBadge invoiceId={row.invoice_id} linked={canSeeInvoices} /> : null}
                  </Table.Td>
                  <Table.Td>{hours(row.retainer)}</Table.Td>
                  <Table.Td>{hours(row.adjustments)}</Table.Td>
                  <Table.Td>{hours(row.rollover)}</Table.Td>
                  <Table.Td>{hours(row.helpdesk)}</Table.Td>
                  <Table.Td>{hours(row.project)}</Table.Td>
                  <Table.Td>{hours(row.non_billable)}</Table.Td>
                  <Table.Td c={row.balance < 0 ? 'red' : undefined} fw={600}>
                    {hours(row.balance)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Adjustments companyId={companyId} />
    </Stack>
  );
}

/** A month frozen by the invoice that billed it (designs/billing.md §3.9): its figures no longer move. */
function InvoicedBadge({ invoiceId, linked }: { invoiceId: number | null | undefined; linked: boolean }) {
  const badge = (
    <Badge ml="xs" size="sm" variant="light" color="teal">
      Invoiced
    </Badge>
  );
  if (!linked || !invoiceId) return badge;
  return (
    <Anchor component={Link} to={`/billing/invoices?id=${invoiceId}`} aria-label="Open the invoice of this month">
      {badge}
    </Anchor>
  );
}

function Adjustments({ companyId }: { companyId: number }) {
  const adjustments = useUsageAdjustments(companyId);
  const add = useAddUsageAdjustment(companyId);
  const remove = useDeleteUsageAdjustment(companyId);
  const form = useForm<{ month: string; hours: number | string; reason: string }>({
    mode: 'controlled',
    initialValues: { month: new Date().toISOString().slice(0, 7), hours: '', reason: '' },
    validate: (values) => {
      const parsed = usageAdjustmentInputSchema.safeParse({ ...values, company_id: companyId });
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });

  const submit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        form.setValues({ hours: '', reason: '' });
      },
      onError: (error) => {
        const { fields, message } = getFormErrors(error);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        else notifications.show({ color: 'red', message });
      },
    }),
  );

  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Adjustments
        </Title>
        <form onSubmit={submit} noValidate aria-label="Add Adjustment">
          <Group align="flex-start" grow>
            <TextInput type="month" label="Month" required {...form.getInputProps('month')} />
            <NumberInput
              label="Hours"
              description="Negative to take hours away"
              step={0.25}
              decimalScale={2}
              required
              {...form.getInputProps('hours')}
            />
            <TextInput label="Reason" required {...form.getInputProps('reason')} />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={add.isPending}>
              Add Adjustment
            </Button>
          </Group>
        </form>
        <Table aria-label="Adjustments" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Hours</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Entered By</Table.Th>
              <Table.Th aria-label="Action" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(adjustments.data ?? []).length === 0 ? <EmptyTableRow colSpan={5} message="No Adjustments" /> : null}
            {(adjustments.data ?? []).map((adjustment) => (
              <Table.Tr key={adjustment.id}>
                <Table.Td>{monthLabel(`${adjustment.month}-01`)}</Table.Td>
                <Table.Td>{hours(adjustment.hours)}</Table.Td>
                <Table.Td>{adjustment.reason}</Table.Td>
                <Table.Td>{adjustment.created_by ?? ''}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove adjustment ${adjustment.reason}`}
                    onClick={() =>
                      remove.mutate(adjustment.id, {
                        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
                        onError: (error) => notifications.show({ color: 'red', message: getFormErrors(error).message }),
                      })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          Adjustments change the retainer hours of their month; the balance and rollover follow.
        </Text>
      </Stack>
    </Card>
  );
}
