import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  billingSettingsInputSchema,
  documentPrefixFields,
  type BillingSettings,
  type BillingSettingsInput,
} from '@switchboard/shared/billing/ledger';
import { useEffect, useState, type FormEvent } from 'react';
import { contractMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { usePermissions } from '../../lib/auth-store.ts';
import { useBillingItemChoices } from './api/billing-settings.ts';
import { useBillingSettingsQuery, useSaveBillingSettings } from './api/tax-rates.ts';

// /billing/settings (designs/billing.md §3.9): the lock date (nothing posts on or before it) and the billing time zone
// (decision 0069); what invoices print (remit-to, footer) and their number prefixes; the monthly run's day and hour,
// late-fee grace, proration and the time-and-materials labor item. GET|PUT /api/billing/settings; saving needs
// 'manage accounting' (decision 0071). The form checks with the shared contract before it sends.

type PrefixField = keyof typeof documentPrefixFields;
const prefixFields = Object.keys(documentPrefixFields) as PrefixField[];

interface FormValues {
  lock_date: string;
  time_zone: string;
  prefixes: Record<PrefixField, string>;
  remit_to: string;
  invoice_footer: string;
  late_fee_grace_days: string;
  prorate_partial_months: boolean;
  run_day: string;
  run_hour: string;
  labor_item_id: string | null;
  /** The fields the server answered: only those are sent (an older server keeps the rest as they are). */
  known: ReadonlySet<string>;
}

type Errors = FieldMessages;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function valuesOf(data: Partial<BillingSettings>): FormValues {
  return {
    lock_date: data.lock_date ?? '',
    time_zone: data.time_zone ?? '',
    prefixes: Object.fromEntries(prefixFields.map((field) => [field, data[field] ?? ''])) as Record<
      PrefixField,
      string
    >,
    remit_to: data.remit_to ?? '',
    invoice_footer: data.invoice_footer ?? '',
    late_fee_grace_days: data.late_fee_grace_days === undefined ? '' : String(data.late_fee_grace_days),
    prorate_partial_months: data.prorate_partial_months ?? true,
    run_day: data.run_day === undefined ? '' : String(data.run_day),
    run_hour: data.run_hour === undefined ? '' : String(data.run_hour),
    labor_item_id: data.labor_item_id == null ? null : String(data.labor_item_id),
    known: new Set(Object.keys(data)),
  };
}

/** A whole-number field's text as a number; an empty or non-numeric text as NaN, which the contract refuses. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function inputOf(values: FormValues): BillingSettingsInput {
  const all: BillingSettingsInput = {
    lock_date: values.lock_date || null,
    time_zone: values.time_zone.trim(),
    ...values.prefixes,
    remit_to: values.remit_to,
    invoice_footer: values.invoice_footer,
    late_fee_grace_days: numberOf(values.late_fee_grace_days),
    prorate_partial_months: values.prorate_partial_months,
    run_day: numberOf(values.run_day),
    run_hour: numberOf(values.run_hour),
    labor_item_id: values.labor_item_id === null ? null : Number(values.labor_item_id),
  };
  const sent = Object.entries(all).filter(
    ([key]) => key === 'lock_date' || key === 'time_zone' || values.known.has(key),
  );
  return Object.fromEntries(sent) as BillingSettingsInput;
}

/**
 * The shared contract's messages by field, or null when the form is valid. The time zone is left to the server: the
 * browser's list of zones may differ from the server's, and the server's is the one that decides.
 */
export function checkBillingSettings(values: FormValues): Errors | null {
  return contractMessages(billingSettingsInputSchema.omit({ time_zone: true }).safeParse(inputOf(values)));
}

export function BillingSettingsPage() {
  const settings = useBillingSettingsQuery();
  const save = useSaveBillingSettings();
  const canManage = usePermissions().includes('manage accounting');
  const items = useBillingItemChoices();
  const [values, setValues] = useState<FormValues | null>(null);
  const [checked, setChecked] = useState<Errors>({});
  const [saved, setSaved] = useState<string | null>(null);
  const data = settings.data?.data;
  useEffect(() => {
    if (data) setValues(valuesOf(data));
  }, [data]);
  const serverErrors = isApiError(save.error) ? (save.error.errors ?? {}) : {};
  const errors: Errors = { ...serverErrors, ...checked };
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => (current ? { ...current, [key]: value } : current));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    setSaved(null);
    const problems = checkBillingSettings(values);
    setChecked(problems ?? {});
    if (problems) return;
    save.mutate(inputOf(values), { onSuccess: (response) => setSaved(response.message) });
  };
  const text = (key: 'late_fee_grace_days' | 'run_day' | 'run_hour', label: string, description?: string) => (
    <TextInput
      label={label}
      description={description}
      inputMode="numeric"
      value={values?.[key] ?? ''}
      disabled={!canManage}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]?.[0]}
    />
  );
  return (
    <Stack gap="md" maw={720}>
      <Title order={2}>Billing Settings</Title>
      {settings.isPending && <Loader />}
      {settings.isError && <Alert color="red">An error occured.</Alert>}
      {data && values && (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              type="date"
              label="Lock date"
              description="Nothing posts on or before this date."
              value={values.lock_date}
              disabled={!canManage}
              onChange={(e) => set('lock_date', e.currentTarget.value)}
              error={errors.lock_date?.[0]}
            />
            <TextInput
              label="Billing time zone"
              description="Decides today and the month's boundaries, e.g. America/Chicago."
              value={values.time_zone}
              disabled={!canManage}
              onChange={(e) => set('time_zone', e.currentTarget.value)}
              error={errors.time_zone?.[0]}
            />

            <Title order={3}>Invoices</Title>
            <Textarea
              label="Remit to"
              description="Printed on every invoice: where clients send payment."
              autosize
              minRows={2}
              value={values.remit_to}
              disabled={!canManage}
              onChange={(e) => set('remit_to', e.currentTarget.value)}
              error={errors.remit_to?.[0]}
            />
            <Textarea
              label="Invoice footer"
              description="Printed at the foot of every invoice."
              autosize
              minRows={2}
              value={values.invoice_footer}
              disabled={!canManage}
              onChange={(e) => set('invoice_footer', e.currentTarget.value)}
              error={errors.invoice_footer?.[0]}
            />

            <Title order={3}>Document numbers</Title>
            <Text size="sm" c="dimmed">
              Each prefix is 1 to 10 letters, digits or dashes; numbers continue from where they are.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {prefixFields.map((field) => (
                <TextInput
                  key={field}
                  label={`${capitalised(documentPrefixFields[field])} prefix`}
                  value={values.prefixes[field]}
                  disabled={!canManage}
                  onChange={(e) => set('prefixes', { ...values.prefixes, [field]: e.currentTarget.value })}
                  error={errors[field]?.[0]}
                />
              ))}
            </SimpleGrid>

            <Title order={3}>Monthly run</Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {text('run_day', 'Run day', 'Day of the month, 1 to 28.')}
              {text('run_hour', 'Run hour', 'Hour of the day, 0 to 23, in the billing time zone.')}
              {text('late_fee_grace_days', 'Late fee grace days', 'Days past due before a late fee counts it.')}
            </SimpleGrid>
            <Checkbox
              label="Prorate partial months"
              description="Bill a contract that starts or ends inside a month by its days."
              checked={values.prorate_partial_months}
              disabled={!canManage}
              onChange={(e) => set('prorate_partial_months', e.currentTarget.checked)}
            />
            <Select
              label="Labor item"
              description="Time and materials for companies without a contract: its price is the hourly rate."
              data={items.data ?? []}
              value={values.labor_item_id}
              searchable
              clearable
              disabled={!canManage}
              onChange={(value) => set('labor_item_id', value)}
              error={errors.labor_item_id?.[0]}
            />

            {isApiError(save.error) && !save.error.errors && <Alert color="red">{save.error.message}</Alert>}
            {save.error && !isApiError(save.error) && <Alert color="red">An error occured.</Alert>}
            {saved && <Text c="green">{saved}</Text>}
            {canManage && (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
    </Stack>
  );
}
