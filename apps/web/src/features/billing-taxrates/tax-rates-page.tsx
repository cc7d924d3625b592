import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  TextInput,
  Title,
} from '@mantine/core';
import { taxRateInputSchema, type TaxRate, type TaxRateInput } from '@switchboard/shared/billing/tax-rates';
import { useState, type FormEvent } from 'react';
import {
  contractMessages,
  FormActions,
  shownMessages,
  type FieldMessages,
} from '../../components/billing-form-parts.tsx';
import { usePermissions } from '../../lib/auth-store.ts';
import { useLiabilityAccounts, useReplaceTaxRate, useSaveTaxRate, useTaxRates } from './api/tax-rates.ts';

// /billing/taxrates (designs/billing.md §5; decisions 0066, 0082): Name, Jurisdiction, DOR code, Rate %, Liability
// account, Effective from/to, Companies using, Active; create, edit, end-date and replace for 'manage accounting'.

type FormValues = {
  name: string;
  jurisdiction: string;
  dor_code: string;
  percent: string;
  liability_account_id: string;
  effective_from: string;
  effective_to: string;
  active: boolean;
};

const emptyForm: FormValues = {
  name: '',
  jurisdiction: '',
  dor_code: '',
  percent: '',
  liability_account_id: '',
  effective_from: '',
  effective_to: '',
  active: true,
};

function formOf(rate: TaxRate): FormValues {
  return {
    name: rate.name,
    jurisdiction: rate.jurisdiction,
    dor_code: rate.dor_code,
    percent: String(Number(rate.percent)),
    liability_account_id: String(rate.liability_account_id),
    effective_from: rate.effective_from,
    effective_to: rate.effective_to ?? '',
    active: rate.active,
  };
}

function inputOf(values: FormValues): TaxRateInput {
  return {
    name: values.name,
    jurisdiction: values.jurisdiction,
    dor_code: values.dor_code,
    percent: values.percent,
    liability_account_id: values.liability_account_id ? Number(values.liability_account_id) : null,
    effective_from: values.effective_from,
    effective_to: values.effective_to || null,
    active: values.active,
  };
}

/** The shared contract's messages by field, or null when the form is valid. */
export function checkTaxRate(values: FormValues): FieldMessages | null {
  return contractMessages(taxRateInputSchema.safeParse(inputOf(values)));
}

/** The day after an ISO date: the replacing rate starts when the old one has ended. */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function TaxRatesPage() {
  const rates = useTaxRates();
  const canManage = usePermissions().includes('manage accounting');
  const [editing, setEditing] = useState<TaxRate | 'new' | null>(null);
  const [replacing, setReplacing] = useState<TaxRate | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Tax Rates</Title>
        {canManage && <Button onClick={() => setEditing('new')}>New tax rate</Button>}
      </Group>
      {rates.isPending && <Loader />}
      {rates.isError && <Alert color="red">An error occured.</Alert>}
      {rates.data && (
        <Table aria-label="Tax rates" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Jurisdiction</Table.Th>
              <Table.Th>DOR code</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Rate %</Table.Th>
              <Table.Th>Liability account</Table.Th>
              <Table.Th>Effective from/to</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>Companies using</Table.Th>
              <Table.Th>Active</Table.Th>
              {canManage && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rates.data.data.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={canManage ? 9 : 8}>No tax rates yet.</Table.Td>
              </Table.Tr>
            )}
            {rates.data.data.map((rate) => (
              <Table.Tr key={rate.id}>
                <Table.Td>{rate.name}</Table.Td>
                <Table.Td>{rate.jurisdiction}</Table.Td>
                <Table.Td>{rate.dor_code}</Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{rate.percent}</Table.Td>
                <Table.Td>
                  {rate.liability_account.number} {rate.liability_account.name}
                </Table.Td>
                <Table.Td>
                  {rate.effective_from} – {rate.effective_to ?? ''}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{rate.companies_using}</Table.Td>
                <Table.Td>{rate.active ? 'Yes' : <Badge color="gray">No</Badge>}</Table.Td>
                {canManage && (
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing(rate)}>
                        Edit
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setReplacing(rate)}>
                        End-date and replace
                      </Button>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canManage && editing !== null && (
        <TaxRateModal rate={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {canManage && replacing !== null && <ReplaceModal rate={replacing} onClose={() => setReplacing(null)} />}
    </Stack>
  );
}

function RateFields({
  values,
  set,
  errors,
  lockPercent,
}: {
  values: FormValues;
  set: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  errors: FieldMessages;
  lockPercent?: boolean;
}) {
  const accounts = useLiabilityAccounts();
  return (
    <>
      <TextInput
        label="Name"
        required
        value={values.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name?.[0]}
      />
      <Group grow>
        <TextInput
          label="Jurisdiction"
          description="Two-letter state code"
          required
          maxLength={2}
          value={values.jurisdiction}
          onChange={(e) => set('jurisdiction', e.currentTarget.value.toUpperCase())}
          error={errors.jurisdiction?.[0]}
        />
        <TextInput
          label="DOR code"
          value={values.dor_code}
          onChange={(e) => set('dor_code', e.currentTarget.value)}
          error={errors.dor_code?.[0]}
        />
      </Group>
      <TextInput
        label="Rate %"
        required
        inputMode="decimal"
        value={values.percent}
        disabled={lockPercent}
        description={lockPercent ? 'Used on posted invoices: end-date it and add a new rate.' : undefined}
        onChange={(e) => set('percent', e.currentTarget.value)}
        error={errors.percent?.[0]}
      />
      <Select
        label="Liability account"
        placeholder="2100 Sales Tax Payable"
        clearable
        data={(accounts.data ?? []).map((row) => ({ value: String(row.id), label: `${row.number} ${row.name}` }))}
        value={values.liability_account_id || null}
        onChange={(value) => set('liability_account_id', value ?? '')}
        error={errors.liability_account_id?.[0]}
      />
      <Group grow>
        <TextInput
          type="date"
          label="Effective from"
          required
          value={values.effective_from}
          onChange={(e) => set('effective_from', e.currentTarget.value)}
          error={errors.effective_from?.[0]}
        />
        <TextInput
          type="date"
          label="Effective to"
          value={values.effective_to}
          onChange={(e) => set('effective_to', e.currentTarget.value)}
          error={errors.effective_to?.[0]}
        />
      </Group>
      <Switch label="Active" checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
    </>
  );
}

function useForm(initial: FormValues) {
  const [values, setValues] = useState(initial);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  return { values, set };
}

function TaxRateModal({ rate, onClose }: { rate: TaxRate | null; onClose: () => void }) {
  const save = useSaveTaxRate();
  const { values, set } = useForm(rate ? formOf(rate) : emptyForm);
  const [local, setLocal] = useState<FieldMessages>({});
  const errors = shownMessages(local, save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    const invalid = checkTaxRate(values);
    setLocal(invalid ?? {});
    if (invalid) return;
    save.mutate({ id: rate?.id ?? null, input: inputOf(values) }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={rate ? 'Edit tax rate' : 'New tax rate'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <RateFields values={values} set={set} errors={errors} lockPercent={rate?.used_on_posted_invoices} />
          <FormActions error={save.error} pending={save.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

/** End the rate on a date and start a new one the day after (decision 0082). */
function ReplaceModal({ rate, onClose }: { rate: TaxRate; onClose: () => void }) {
  const replace = useReplaceTaxRate();
  const [endOn, setEndOn] = useState(rate.effective_to ?? '');
  const { values, set } = useForm({ ...formOf(rate), effective_from: '', effective_to: '' });
  const [local, setLocal] = useState<FieldMessages>({});
  const errors = shownMessages(local, replace.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    replace.reset();
    if (!endOn) return setLocal({ end_on: ['The end date field is required.'] });
    if (endOn < rate.effective_from) return setLocal({ end_on: ['The end date may not be before the start date.'] });
    const next = { ...values, effective_from: dayAfter(endOn) };
    const invalid = checkTaxRate(next);
    setLocal(invalid ?? {});
    if (invalid) return;
    replace.mutate({ id: rate.id, end_on: endOn, name: next.name, percent: next.percent }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title="End-date and replace">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            type="date"
            label={`End ${rate.name} on`}
            required
            value={endOn}
            onChange={(e) => setEndOn(e.currentTarget.value)}
            error={errors.end_on?.[0]}
            description={endOn ? `The new rate starts ${dayAfter(endOn)}.` : undefined}
          />
          <TextInput
            label="New name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name?.[0]}
          />
          <TextInput
            label="New rate %"
            required
            inputMode="decimal"
            value={values.percent}
            onChange={(e) => set('percent', e.currentTarget.value)}
            error={errors.percent?.[0]}
          />
          {errors.effective_from?.[0] && <Alert color="red">{errors.effective_from[0]}</Alert>}
          <FormActions error={replace.error} pending={replace.isPending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
