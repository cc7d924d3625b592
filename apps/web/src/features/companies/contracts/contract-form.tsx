import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  contractCreateFailedMessage,
  contractInputSchema,
  contractOverlapWarning,
  contractUpdateFailedMessage,
  DEFAULT_PAYMENT_TERMS,
  identicalContractMessage,
  overlappingContracts,
  recurringItemTotal,
  type BillingItem,
  type Contract,
  type GroupedBillingItems,
} from '@switchboard/shared';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useCompanyAccountOptions } from '../../../lib/company-options.ts';
import { useContract, useContractBillingItems, useContracts, useSaveContract } from '../api/contracts.ts';
import { RecurringItemModal, type RecurringItemRow } from './recurring-item-modal.tsx';

interface Props {
  companyId: number;
  companyName: string;
  /** null creates a contract. */
  contractId: number | null;
}

/** Loads the contract being edited, then shows the form. */
export function ContractForm({ companyId, companyName, contractId }: Props) {
  const contract = useContract(contractId);
  const items = useContractBillingItems();
  if ((contractId !== null && contract.isPending) || items.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading contract" />
      </Center>
    );
  }
  if (contract.isError || items.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The contract could not be loaded.
      </Alert>
    );
  }
  return (
    <ContractFormFields
      companyId={companyId}
      companyName={companyName}
      contract={contract.data ?? null}
      items={items.data}
    />
  );
}

interface FormValues {
  start_date: string;
  end_date: string;
  payment_terms: number | string;
  retainer_item: string | null;
  overage_item: string | null;
  late_fee_item: string | null;
  retainer_taxable: boolean;
  overage_taxable: boolean;
  late_fee_taxable: boolean;
  retainer_price: number | string;
  overage_price: number | string;
  late_fee_percent: number | string;
  retainer_hours: number | string;
  device_count: number | string;
  max_rollover: number | string;
  paperless: '0' | '1';
  billing_contacts: string[];
}

const initialValues = (contract: Contract | null): FormValues => ({
  start_date: contract?.start_date ?? new Date().toISOString().slice(0, 10),
  end_date: contract?.end_date ?? '',
  payment_terms: contract?.payment_terms ?? DEFAULT_PAYMENT_TERMS,
  retainer_item: contract ? String(contract.retainer_item.id) : null,
  overage_item: contract ? String(contract.overage_item.id) : null,
  late_fee_item: contract ? String(contract.late_fee_item.id) : null,
  retainer_taxable: contract?.retainer_taxable === 1,
  overage_taxable: contract?.overage_taxable === 1,
  late_fee_taxable: contract?.late_fee_taxable === 1,
  retainer_price: contract?.retainer_price ?? 0,
  overage_price: contract?.overage_price ?? 0,
  late_fee_percent: contract?.late_fee_percent ?? 0,
  retainer_hours: contract?.retainer_hours ?? 0,
  device_count: contract?.device_count ?? 0,
  max_rollover: contract?.max_rollover ?? 0,
  paperless: contract?.paperless === 1 ? '1' : '0',
  billing_contacts: (contract?.billing_contacts_id ?? []).map(String),
});

const toOptions = (items: BillingItem[]) => items.map((item) => ({ value: String(item.id), label: item.name }));

function ContractFormFields({
  companyId,
  companyName,
  contract,
  items,
}: {
  companyId: number;
  companyName: string;
  contract: Contract | null;
  items: GroupedBillingItems;
}) {
  const navigate = useNavigate();
  const accounts = useCompanyAccountOptions(companyId);
  const save = useSaveContract(companyId);
  const companyContracts = useContracts(companyId);
  const [recurring, setRecurring] = useState<RecurringItemRow[]>(
    (contract?.recurring_items ?? []).map((item) => ({
      key: `item-${item.id}`,
      id: item.id,
      item_id: item.item_id,
      item: item.item,
      quantity: item.quantity,
      price: item.price,
      taxable: item.taxable === 1 ? 1 : 0,
    })),
  );
  const [modal, setModal] = useState<{ editing: RecurringItemRow | null } | null>(null);
  const view = contract ? 'Edit' : 'New';

  const payload = (values: FormValues) => ({
    company_id: companyId,
    ...values,
    retainer_taxable: values.retainer_taxable ? 1 : 0,
    overage_taxable: values.overage_taxable ? 1 : 0,
    late_fee_taxable: values.late_fee_taxable ? 1 : 0,
    paperless: Number(values.paperless),
    billing_contacts: values.billing_contacts.map(Number),
    recurring_items: recurring.map((row) => ({
      id: row.id,
      item_id: row.item_id,
      quantity: row.quantity,
      price: row.price,
      taxable: row.taxable,
    })),
  });

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: initialValues(contract),
    validate: (values) => {
      const parsed = contractInputSchema.safeParse(payload(values));
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      return errors;
    },
  });

  // Choosing a retainer, overage or late-fee item pre-fills its price (or fee percent) and taxable flag (spec 2 §4).
  const prefill = (field: 'retainer' | 'overage' | 'late_fee', list: BillingItem[], value: string | null) => {
    form.setFieldValue(`${field}_item`, value);
    const item = list.find((entry) => String(entry.id) === value);
    if (!item) return;
    if (field === 'late_fee') form.setFieldValue('late_fee_percent', item.fee_percent ?? 0);
    else form.setFieldValue(`${field}_price`, item.price);
    form.setFieldValue(`${field}_taxable`, item.taxable === 1);
  };

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: contract?.id ?? null, values: payload(values) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          void navigate(`/companies/${companyId}/contracts`);
        },
        onError: (error) => {
          const { fields } = getFormErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          notifications.show({
            color: 'red',
            message: contract ? contractUpdateFailedMessage : contractCreateFailedMessage,
          });
        },
      },
    );
  });

  // Other contracts of the company whose dates overlap these (decision 0075): a warning before saving; the same type
  // is refused by the server, so its line says so in the server's words.
  const overlaps = overlappingContracts(companyContracts.data ?? [], {
    id: contract?.id ?? null,
    start_date: form.values.start_date,
    end_date: form.values.end_date,
    retainer_item: form.values.retainer_item ? Number(form.values.retainer_item) : null,
  });

  const saveRow = (row: RecurringItemRow) => {
    setRecurring((rows) =>
      rows.some((existing) => existing.key === row.key)
        ? rows.map((existing) => (existing.key === row.key ? row : existing))
        : [...rows, row],
    );
    setModal(null);
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={`${view} Contract`}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3">
              {view} Contract for {companyName}
            </Title>
            <Button component={Link} to={`/companies/${companyId}/contracts`} variant="default">
              Back to Contracts
            </Button>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <TextInput type="date" label="Start Date" required {...form.getInputProps('start_date')} />
            <TextInput type="date" label="End Date" required {...form.getInputProps('end_date')} />
            <NumberInput
              label="Payment Terms"
              prefix="Net "
              min={0}
              step={1}
              allowDecimal={false}
              {...form.getInputProps('payment_terms')}
            />
            <Radio.Group label="Paperless" {...form.getInputProps('paperless')}>
              <Group mt={6}>
                <Radio value="0" label="Yes" />
                <Radio value="1" label="No" />
              </Group>
            </Radio.Group>
          </SimpleGrid>

          {overlaps.length > 0 ? (
            <Alert color="yellow" variant="light" role="status" title="Overlapping contract">
              <Stack gap={4}>
                {overlaps.map(({ contract: other, identical }) => (
                  <Text size="sm" key={other.id}>
                    {(identical ? identicalContractMessage : contractOverlapWarning)(
                      other.retainer_item.name,
                      other.start_date,
                      other.end_date,
                    )}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}

          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Select
              label="Retainer Item"
              required
              data={toOptions(items.retainer_items)}
              {...form.getInputProps('retainer_item')}
              onChange={(value) => prefill('retainer', items.retainer_items, value)}
            />
            <NumberInput
              label="Retainer Price"
              prefix="$"
              suffix=" / device"
              min={0}
              step={0.01}
              decimalScale={2}
              {...form.getInputProps('retainer_price')}
            />
            <NumberInput
              label="Retainer Hours"
              min={0}
              step={0.25}
              decimalScale={2}
              {...form.getInputProps('retainer_hours')}
            />
            <NumberInput
              label="Devices"
              min={0}
              step={1}
              allowDecimal={false}
              {...form.getInputProps('device_count')}
            />
            <NumberInput
              label="Max Rollover"
              description="Over 1000 means unlimited"
              min={0}
              step={0.25}
              decimalScale={2}
              {...form.getInputProps('max_rollover')}
            />
            <Checkbox
              mt="xl"
              label="Retainer Taxable"
              {...form.getInputProps('retainer_taxable', { type: 'checkbox' })}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Select
              label="Overage Item"
              required
              data={toOptions(items.overage_items)}
              {...form.getInputProps('overage_item')}
              onChange={(value) => prefill('overage', items.overage_items, value)}
            />
            <NumberInput
              label="Overage Price"
              prefix="$"
              suffix=" / hour"
              min={0}
              step={0.01}
              decimalScale={2}
              {...form.getInputProps('overage_price')}
            />
            <Checkbox
              mt="xl"
              label="Overage Taxable"
              {...form.getInputProps('overage_taxable', { type: 'checkbox' })}
            />
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            <Select
              label="Late Fee Item"
              required
              data={toOptions(items.fee_items)}
              {...form.getInputProps('late_fee_item')}
              onChange={(value) => prefill('late_fee', items.fee_items, value)}
            />
            <NumberInput
              label="Late Fee"
              suffix="%"
              min={0}
              step={0.25}
              decimalScale={2}
              {...form.getInputProps('late_fee_percent')}
            />
            <Checkbox
              mt="xl"
              label="Late Fee Taxable"
              {...form.getInputProps('late_fee_taxable', { type: 'checkbox' })}
            />
          </SimpleGrid>

          <MultiSelect
            label="Billing Contacts"
            placeholder="Choose the accounts that receive invoices"
            searchable
            data={(accounts.data ?? []).map((account) => ({ value: String(account.id), label: account.name }))}
            {...form.getInputProps('billing_contacts')}
          />

          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>Recurring Items</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setModal({ editing: null })}
              >
                Add Recurring Item
              </Button>
            </Group>
            <Table aria-label="Recurring Items" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Taxable</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th aria-label="Action" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recurring.length === 0 ? <EmptyTableRow colSpan={6} message="No Recurring Items" /> : null}
                {recurring.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>{row.item.name}</Table.Td>
                    <Table.Td>{row.quantity}</Table.Td>
                    <Table.Td>${row.price.toFixed(2)}</Table.Td>
                    <Table.Td>{row.taxable === 1 ? 'Yes' : 'No'}</Table.Td>
                    <Table.Td>${recurringItemTotal(row).toFixed(2)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${row.item.name}`}
                          onClick={() => setModal({ editing: row })}
                        >
                          <IconEdit size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${row.item.name}`}
                          onClick={() => setRecurring((rows) => rows.filter((r) => r.key !== row.key))}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {contract ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
      {modal ? <RecurringItemModal editing={modal.editing} onSave={saveRow} onClose={() => setModal(null)} /> : null}
    </Card>
  );
}
