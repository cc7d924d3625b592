import {
  Avatar,
  Button,
  FileInput,
  Group,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Switch,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  agentNumberSelectable,
  employeePhotoMimeTypes,
  formatPhoneNumber,
  generatePassword,
  passwordPlaceholder,
  type AgentPhoneNumber,
  type EmployeeDetail,
} from '@switchboard/shared';
import { IconKey, IconPhoto } from '@tabler/icons-react';
import { useStaticData } from '../../lib/static-data.ts';

/** Every field of the employee form (spec 1 §3.10); the views show parts of it and save it whole. */
export interface EmployeeFormValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  /** Asked when the signed-in employee changes their own password, e-mail or two-factor (decision 0057). */
  current_password: string;
  active: '0' | '1';
  twofactor_enabled: boolean;
  photo: File | null;
  title: string;
  phone_number: string;
  address: string;
  city: string;
  state: string | null;
  zip: string;
  region_id: string | null;
  timezone_id: string | null;
  departments: string[];
  start_date: string;
  birthday: string;
  pto_start_date: string;
  accrual_rollover_limit: number | string;
  lump_sum_rollover_limit: number | string;
  agent_number: string | null;
  reminder_emails: boolean;
  callback_number: string;
}

export function employeeFormValues(employee: EmployeeDetail | null): EmployeeFormValues {
  return {
    name: employee?.user.name ?? '',
    email: employee?.user.email ?? '',
    password: '',
    password_confirmation: '',
    current_password: '',
    active: employee?.deleted_at ? '1' : '0',
    twofactor_enabled: employee?.user.two_factor.twofactor_enabled ?? false,
    photo: null,
    title: employee?.title ?? '',
    phone_number: employee?.phone_number ?? '',
    address: employee?.address ?? '',
    city: employee?.city ?? '',
    state: employee?.state ?? null,
    zip: employee?.zip ?? '',
    region_id: employee?.region_id ? String(employee.region_id) : null,
    timezone_id: employee?.timezone_id ? String(employee.timezone_id) : null,
    departments: (employee?.departments ?? []).map((department) => String(department.id)),
    start_date: employee?.start_date ?? '',
    birthday: employee?.birthday ?? '',
    pto_start_date: employee?.pto_start_date ?? '',
    accrual_rollover_limit: employee?.accrual_rollover_limit ?? 0,
    lump_sum_rollover_limit: employee?.lump_sum_rollover_limit ?? 0,
    agent_number: employee?.agent_settings?.phone_number_id ? String(employee.agent_settings.phone_number_id) : null,
    reminder_emails: employee?.agent_settings?.reminder_emails === 1,
    callback_number: employee?.agent_settings?.callback_number ?? '',
  };
}

/** The form as sent: form-encoded, departments as JSON text (spec 1 §7.6); agent fields only with 'manage crm'. */
export function employeeFormData(values: EmployeeFormValues, options: { includeAgent: boolean }): FormData {
  const form = new FormData();
  const text: Record<string, string> = {
    name: values.name,
    email: values.email,
    password: values.password,
    password_confirmation: values.password_confirmation,
    active: values.active,
    twofactor_enabled: values.twofactor_enabled ? '1' : '0',
    title: values.title,
    phone_number: values.phone_number,
    address: values.address,
    city: values.city,
    state: values.state ?? '',
    zip: values.zip,
    region_id: values.region_id ?? '',
    timezone_id: values.timezone_id ?? '',
    departments: JSON.stringify(values.departments.map(Number)),
    start_date: values.start_date,
    birthday: values.birthday,
    pto_start_date: values.pto_start_date,
    accrual_rollover_limit: String(values.accrual_rollover_limit),
    lump_sum_rollover_limit: String(values.lump_sum_rollover_limit),
  };
  if (options.includeAgent) {
    text.agent_number = values.agent_number ?? '';
    text.reminder_emails = values.reminder_emails ? '1' : '0';
    text.callback_number = values.callback_number;
  }
  if (values.current_password) text.current_password = values.current_password;
  for (const [key, value] of Object.entries(text)) form.append(key, value);
  if (values.photo) form.append('photo', values.photo, values.photo.name);
  return form;
}

export type EmployeeForm = UseFormReturnType<EmployeeFormValues>;
type Form = EmployeeForm;

/** Phone inputs format as typed: (AAA) BBB-CCCC Ext. NNNN. */
const phoneProps = (form: Form, field: 'phone_number' | 'callback_number') => {
  const props = form.getInputProps(field);
  return {
    ...props,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, formatPhoneNumber(event.currentTarget.value)),
  };
};

/** What the signed-in user may change on this employee (decision 0025); the rest shows read-only or not at all. */
export interface EditableGroups {
  credentials: boolean;
  /** Credentials, on someone else: nobody disables their own account. */
  disable: boolean;
  profile: boolean;
  employment: boolean;
  agent: boolean;
}

/** Whether the form, on the signed-in employee's own record, changes their password, e-mail or two-factor. */
export function changesOwnCredentials(values: EmployeeFormValues, employee: EmployeeDetail): boolean {
  return (
    values.password !== '' ||
    values.email.trim() !== employee.user.email ||
    (employee.user.two_factor.twofactor_enabled && !values.twofactor_enabled)
  );
}

/** Everything editable: the create form, where the creator sets every field of the new account. */
export const allEditable: EditableGroups = {
  credentials: true,
  disable: true,
  profile: true,
  employment: true,
  agent: true,
};

export function AccountFields({
  form,
  employee,
  creating,
  editable,
  own = false,
}: {
  form: Form;
  employee: EmployeeDetail | null;
  creating: boolean;
  editable: EditableGroups;
  /** The signed-in employee's own record: changing its credentials asks for the current password. */
  own?: boolean;
}) {
  const fillPassword = () => {
    const password = generatePassword();
    form.setFieldValue('password', password);
    form.setFieldValue('password_confirmation', password);
  };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Name"
        required
        autoComplete="off"
        readOnly={!editable.profile}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="Email"
        required
        autoComplete="off"
        readOnly={!editable.credentials}
        {...form.getInputProps('email')}
      />
      {editable.credentials ? <PasswordFields form={form} creating={creating} onGenerate={fillPassword} /> : null}
      {/* Spec 1 §4: the form's active value is 0 for enabled and 1 for disabled. */}
      {editable.disable ? (
        <Radio.Group label="Active" {...form.getInputProps('active')}>
          <Group mt={6}>
            <Radio value="0" label="Yes" />
            <Radio value="1" label="No (disabled)" />
          </Group>
        </Radio.Group>
      ) : null}
      {creating || !editable.credentials ? null : (
        <Switch
          mt="lg"
          label={`Two-Factor Authentication: ${form.values.twofactor_enabled ? 'Enabled' : 'Disabled'}`}
          description={
            employee?.user.two_factor.twofactor_enabled
              ? 'Switch off to remove it; the employee sets it up again from their profile.'
              : 'Employees turn it on from their own profile.'
          }
          disabled={!employee?.user.two_factor.twofactor_enabled}
          {...form.getInputProps('twofactor_enabled', { type: 'checkbox' })}
        />
      )}
      {own && employee && editable.credentials && changesOwnCredentials(form.values, employee) ? (
        <PasswordInput
          label="Current Password"
          required
          description="Needed to change your own password, e-mail or two-factor authentication."
          autoComplete="current-password"
          {...form.getInputProps('current_password')}
        />
      ) : null}
      {editable.profile ? (
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <FileInput
            style={{ flex: 1 }}
            label="Photo"
            placeholder="Choose an image"
            accept={employeePhotoMimeTypes.join(',')}
            clearable
            leftSection={<IconPhoto size={16} aria-hidden />}
            {...form.getInputProps('photo')}
          />
          {employee?.user.photo ? <Avatar src={employee.user.photo} size={48} radius="xl" alt="Current photo" /> : null}
        </Group>
      ) : null}
    </SimpleGrid>
  );
}

function PasswordFields({ form, creating, onGenerate }: { form: Form; creating: boolean; onGenerate: () => void }) {
  return (
    <>
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <PasswordInput
          style={{ flex: 1 }}
          label="Password"
          required={creating}
          description={creating ? undefined : 'Leave empty to keep the current password'}
          autoComplete="new-password"
          placeholder={passwordPlaceholder}
          {...form.getInputProps('password')}
        />
        <Button variant="default" leftSection={<IconKey size={16} aria-hidden />} onClick={onGenerate}>
          Generate
        </Button>
      </Group>
      <PasswordInput
        label="Confirm Password"
        required={creating}
        autoComplete="new-password"
        placeholder={passwordPlaceholder}
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}

export function InformationFields({ form, editable }: { form: Form; editable: EditableGroups }) {
  const data = useStaticData().data;
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  // Personal details follow 'profile', the HR record 'employment' (decision 0025).
  const personal = { readOnly: !editable.profile };
  const record = { readOnly: !editable.employment };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <TextInput label="Title" {...record} {...form.getInputProps('title')} />
      <TextInput
        label="Phone Number"
        placeholder="(555) 555-5555 Ext. 1234"
        {...personal}
        {...phoneProps(form, 'phone_number')}
      />
      <MultiSelect
        label="Departments"
        data={options(data?.departments)}
        searchable
        {...record}
        {...form.getInputProps('departments')}
      />
      <TextInput label="Address" {...personal} {...form.getInputProps('address')} />
      <TextInput label="City" {...personal} {...form.getInputProps('city')} />
      <Select
        label="State"
        searchable
        clearable={editable.profile}
        {...personal}
        data={(data?.states ?? []).map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` }))}
        {...form.getInputProps('state')}
      />
      <TextInput label="Zip" {...personal} {...form.getInputProps('zip')} />
      <Select
        label="Region"
        searchable
        clearable={editable.employment}
        {...record}
        data={options(data?.regions)}
        {...form.getInputProps('region_id')}
      />
      <Select
        label="Timezone"
        searchable
        clearable={editable.profile}
        {...personal}
        data={(data?.timezones ?? []).map((zone) => ({ value: String(zone.id), label: zone.label }))}
        {...form.getInputProps('timezone_id')}
      />
      <TextInput type="date" label="Start Date" {...record} {...form.getInputProps('start_date')} />
      <TextInput type="date" label="Birthday" {...personal} {...form.getInputProps('birthday')} />
      <TextInput type="date" label="PTO Start Date" {...record} {...form.getInputProps('pto_start_date')} />
      <NumberInput
        label="Accrual Rollover Limit"
        suffix=" hours"
        min={0}
        step={0.01}
        decimalScale={2}
        {...record}
        {...form.getInputProps('accrual_rollover_limit')}
      />
      <NumberInput
        label="Lump Sum Rollover Limit"
        suffix=" hours"
        min={0}
        step={0.01}
        decimalScale={2}
        {...record}
        {...form.getInputProps('lump_sum_rollover_limit')}
      />
    </SimpleGrid>
  );
}

export function AgentFields({
  form,
  numbers,
  employeeId,
  editable,
}: {
  form: Form;
  numbers: AgentPhoneNumber[];
  employeeId: number;
  editable: EditableGroups;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <Select
        label="Agent Phone Number"
        clearable={editable.agent}
        readOnly={!editable.agent}
        data={numbers.map((number) => ({
          value: String(number.id),
          label: number.phone_number,
          disabled: !agentNumberSelectable(number, employeeId),
        }))}
        {...form.getInputProps('agent_number')}
      />
      <TextInput label="Callback Number" readOnly={!editable.agent} {...phoneProps(form, 'callback_number')} />
      <Switch
        mt="lg"
        label="Reminder Emails"
        disabled={!editable.agent}
        {...form.getInputProps('reminder_emails', { type: 'checkbox' })}
      />
    </SimpleGrid>
  );
}
