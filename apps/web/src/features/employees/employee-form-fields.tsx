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
  Stack,
  Switch,
  Text,
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
  type EmployeeListItem,
} from '@switchboard/shared';
import { isoWeekdayKeys } from '@switchboard/shared/hr/base';
import { IconKey, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { RehireDialog, SeparationDialog } from './employee-separation-dialog.tsx';
import { useTestAgentPhone } from './api/employee.ts';

/** Every field of the employee form (spec 1 §3.10); the views show parts of it and save it whole. */
export interface EmployeeFormValues {
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  /** Asked when the signed-in employee changes their own password, e-mail or two-factor (decision 0057). */
  current_password: string;
  active: '0' | '1';
  /** designs/hr.md §7: asked by the disable dialog (sent only when disabling) and the enable dialog. */
  separation_date: string;
  separation_type: string;
  separation_reason: string;
  rehire_date: string;
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
  /** designs/crm-softphone.md §2.2: the telephony login; the password is write-only (empty keeps the stored one). */
  sip_username: string;
  sip_password: string;
  telephony_credential_id: string;
  connection_id: string;
  /** designs/hr.md §2.2: the manager's user id (HR staff set it). */
  manager_id: string | null;
  /** designs/hr.md §2.3: off = the company week of the HR settings (work_hours null). */
  own_work_hours: boolean;
  /** Hours per ISO weekday, '1' Monday to '7' Sunday. */
  work_hours: Record<WeekdayKey, number | string>;
}

type WeekdayKey = (typeof isoWeekdayKeys)[number];
const weekdayLabels: Record<WeekdayKey, string> = {
  '1': 'Monday',
  '2': 'Tuesday',
  '3': 'Wednesday',
  '4': 'Thursday',
  '5': 'Friday',
  '6': 'Saturday',
  '7': 'Sunday',
};
/**
 * Where an own week starts when switched on: 8 h Monday to Friday. The company week itself is in the HR settings,
 * which only 'manage hr settings' reads, so the label says which week this is.
 */
export const standardWorkWeek: Record<WeekdayKey, number> = { '1': 8, '2': 8, '3': 8, '4': 8, '5': 8, '6': 0, '7': 0 };

/** The own week as sent (numbers), or null for the company week. */
export function workHoursOf(values: Pick<EmployeeFormValues, 'own_work_hours' | 'work_hours'>) {
  if (!values.own_work_hours) return null;
  return Object.fromEntries(
    isoWeekdayKeys.map((day) => {
      const hours = values.work_hours[day];
      return [day, hours === '' ? Number.NaN : Number(hours)];
    }),
  ) as Record<WeekdayKey, number>;
}

export function employeeFormValues(employee: EmployeeDetail | null): EmployeeFormValues {
  return {
    name: employee?.user.name ?? '',
    email: employee?.user.email ?? '',
    password: '',
    password_confirmation: '',
    current_password: '',
    active: employee?.deleted_at ? '1' : '0',
    separation_date: '',
    separation_type: '',
    separation_reason: '',
    rehire_date: '',
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
    sip_username: employee?.agent_settings?.sip_username ?? '',
    sip_password: '',
    telephony_credential_id: employee?.agent_settings?.telephony_credential_id ?? '',
    connection_id: employee?.agent_settings?.connection_id ?? '',
    manager_id: employee?.manager_id ? String(employee.manager_id) : null,
    own_work_hours: Boolean(employee?.work_hours),
    work_hours: { ...standardWorkWeek, ...(employee?.work_hours ?? {}) },
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
    manager_id: values.manager_id ?? '',
    // Empty: the company week.
    work_hours: values.own_work_hours ? JSON.stringify(workHoursOf(values)) : '',
  };
  if (options.includeAgent) {
    text.agent_number = values.agent_number ?? '';
    text.reminder_emails = values.reminder_emails ? '1' : '0';
    text.callback_number = values.callback_number;
    text.sip_username = values.sip_username;
    text.telephony_credential_id = values.telephony_credential_id;
    text.connection_id = values.connection_id;
    if (values.sip_password) text.sip_password = values.sip_password;
  }
  if (values.current_password) text.current_password = values.current_password;
  if (values.active === '1' && values.separation_date) {
    text.separation_date = values.separation_date;
    text.separation_type = values.separation_type;
    text.separation_reason = values.separation_reason;
  }
  if (values.active === '0' && values.rehire_date) text.rehire_date = values.rehire_date;
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

/**
 * The Active choice (spec 1 §4: 0 enabled, 1 disabled). On an existing employee, disabling asks the separation and
 * enabling again the rehire date (designs/hr.md §7); cancelling the dialog keeps the choice as it was.
 */
function ActiveField({ form, employee }: { form: Form; employee: EmployeeDetail | null }) {
  const [asking, setAsking] = useState<'separation' | 'rehire' | null>(null);
  const wasDisabled = Boolean(employee?.deleted_at);
  const choose = (value: string) => {
    const next = value === '1' ? '1' : '0';
    if (employee && next === '1' && !wasDisabled) return setAsking('separation');
    if (employee && next === '0' && wasDisabled) return setAsking('rehire');
    form.setValues({ active: next, separation_date: '', separation_type: '', separation_reason: '', rehire_date: '' });
  };
  const values = form.values;
  const summary =
    values.active === '1' && values.separation_date
      ? `Separation on ${values.separation_date}, ${values.separation_type}. Save to disable.`
      : values.active === '0' && values.rehire_date
        ? `Rehire on ${values.rehire_date}. Save to enable.`
        : undefined;
  const error =
    form.errors.active ?? form.errors.separation_date ?? form.errors.separation_type ?? form.errors.rehire_date;
  return (
    <>
      <Radio.Group label="Active" value={values.active} onChange={choose} description={summary} error={error}>
        <Group mt={6}>
          <Radio value="0" label="Yes" />
          <Radio value="1" label="No (disabled)" />
        </Group>
      </Radio.Group>
      {asking === 'separation' ? (
        <SeparationDialog
          opened
          name={employee?.user.name ?? ''}
          onCancel={() => setAsking(null)}
          onConfirm={(separation) => {
            setAsking(null);
            form.setValues({ active: '1', rehire_date: '', ...separation });
          }}
        />
      ) : null}
      {asking === 'rehire' ? (
        <RehireDialog
          opened
          name={employee?.user.name ?? ''}
          onCancel={() => setAsking(null)}
          onConfirm={(rehireDate) => {
            setAsking(null);
            form.setValues({
              active: '0',
              rehire_date: rehireDate,
              separation_date: '',
              separation_type: '',
              separation_reason: '',
            });
          }}
        />
      ) : null}
    </>
  );
}

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
      {editable.disable ? <ActiveField form={form} employee={employee} /> : null}
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

export function InformationFields({
  form,
  editable,
  employee = null,
  employees = [],
}: {
  form: Form;
  editable: EditableGroups;
  /** The employee edited (null when creating): not their own manager. */
  employee?: EmployeeDetail | null;
  /** The enabled employees (GET /api/users/employee.list), the manager picker's choices. */
  employees?: EmployeeListItem[];
}) {
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
      <ManagerSelect form={form} editable={editable} employee={employee} employees={employees} />
      <WorkHoursFields form={form} editable={editable} />
    </SimpleGrid>
  );
}

/** designs/hr.md §2.2: the manager approves stage 1 of the employee's HR requests; HR staff choose them. */
function ManagerSelect({
  form,
  editable,
  employee,
  employees,
}: {
  form: Form;
  editable: EditableGroups;
  employee: EmployeeDetail | null;
  employees: EmployeeListItem[];
}) {
  const choices = employees
    .filter((option) => option.user_id !== employee?.user_id)
    .map((option) => ({ value: String(option.user_id), label: option.user.name }));
  // A disabled manager is in no list: keep their name on show until someone else is chosen.
  const current = employee?.manager;
  if (current && !choices.some((choice) => choice.value === String(current.id)))
    choices.unshift({ value: String(current.id), label: `${current.name} (disabled)` });
  return (
    <Select
      label="Manager"
      description="Approves this employee's requests first"
      placeholder="No manager (HR approves)"
      searchable
      clearable={editable.employment}
      readOnly={!editable.employment}
      data={choices}
      {...form.getInputProps('manager_id')}
    />
  );
}

/** designs/hr.md §2.3: an own week (e.g. 4 x 10 h) instead of the company week, hours in quarter-hour steps. */
function WorkHoursFields({ form, editable }: { form: Form; editable: EditableGroups }) {
  const own = form.values.own_work_hours;
  const error = form.errors.work_hours;
  return (
    <Stack gap="xs" style={{ gridColumn: '1 / -1' }}>
      <Switch
        label="Own work hours"
        description={
          own
            ? 'Hours per weekday, in quarter hours (0 for a day off).'
            : 'Off: the company week of the HR settings. Switching on starts from 8 h Monday to Friday.'
        }
        disabled={!editable.employment}
        {...form.getInputProps('own_work_hours', { type: 'checkbox' })}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          form.setFieldValue('own_work_hours', on);
          if (on) form.setFieldValue('work_hours', { ...standardWorkWeek });
          form.clearFieldError('work_hours');
        }}
      />
      {own ? (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} role="group" aria-label="Work hours per weekday">
          {isoWeekdayKeys.map((day) => (
            <NumberInput
              key={day}
              label={weekdayLabels[day]}
              suffix=" h"
              min={0}
              max={24}
              step={0.25}
              decimalScale={2}
              readOnly={!editable.employment}
              {...form.getInputProps(`work_hours.${day}`)}
            />
          ))}
        </SimpleGrid>
      ) : null}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function AgentFields({
  form,
  numbers,
  employeeId,
  editable,
  testPhone = false,
}: {
  form: Form;
  numbers: AgentPhoneNumber[];
  employeeId: number;
  editable: EditableGroups;
  /** Offer 'Test phone' (the viewer holds 'manage crm'); it tests the saved settings, not unsaved edits. */
  testPhone?: boolean;
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
      <TextInput label="SIP Username" readOnly={!editable.agent} {...form.getInputProps('sip_username')} />
      <PasswordInput
        label="SIP Password"
        description="Stored sealed and never shown; leave empty to keep it."
        autoComplete="new-password"
        readOnly={!editable.agent}
        {...form.getInputProps('sip_password')}
      />
      <TextInput
        label="Telephony Credential Id"
        readOnly={!editable.agent}
        {...form.getInputProps('telephony_credential_id')}
      />
      <TextInput label="Connection Id" readOnly={!editable.agent} {...form.getInputProps('connection_id')} />
      {testPhone ? <TestPhoneButton employeeId={employeeId} /> : null}
    </SimpleGrid>
  );
}

/** 'Test phone' (designs/crm-softphone.md §4.11): the saved settings, logged in by the server; Connected or why not. */
function TestPhoneButton({ employeeId }: { employeeId: number }) {
  const test = useTestAgentPhone(employeeId);
  const failure = test.error
    ? isApiError(test.error)
      ? (test.error.errors?.phone?.[0] ?? test.error.message)
      : 'The phone test failed.'
    : null;
  return (
    <Group gap="sm" mt="lg">
      <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
        Test phone
      </Button>
      {test.isSuccess ? (
        <Text c="green" size="sm" role="status">
          {test.data.message}
        </Text>
      ) : null}
      {failure ? (
        <Text c="red" size="sm" role="alert">
          {failure}
        </Text>
      ) : null}
    </Group>
  );
}
