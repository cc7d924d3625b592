import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { leadStatusFilterOptions, WRAP_UP_SECONDS_MAX } from '@switchboard/shared/crm';
import type { DialSessionCreateInput } from '@switchboard/shared/crm-dialer';
import { useState } from 'react';
import { useAuth, useCurrentUser, usePermissions } from '../../lib/auth-store.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useCrmSettings } from '../crm/api/leads.ts';
import {
  campaignOptions,
  nextTouchFilterLabels,
  nextTouchFilters,
  verticalOptions,
  type NextTouchFilter,
} from '../crm/lead-filters.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { useCreateDialSession } from './api/dialer.ts';

// The setup of a session (designs/crm-softphone.md §4.4): the leads list's filters, due only by default, the voicemail
// to drop on a machine, the wrap-up between calls. Submitting makes the queue (a 'ready' session) shown as a preview.

export interface SetupValues {
  campaign: string;
  status: string;
  region: string | null;
  vertical: string | null;
  state: string | null;
  agent: string | null;
  nextTouch: NextTouchFilter | null;
  from: string;
  to: string;
  q: string;
  dueOnly: boolean;
  voicemail: string | null;
  wrapUp: number | string;
}

const idOf = (value: string | null) => (value ? Number(value) : undefined);

/** POST /api/crm/dialer/sessions's body from the form: empty filters left out, wrap-up absent takes the setting. */
export function sessionInputOf(values: SetupValues): DialSessionCreateInput {
  const filters: Record<string, string | number> = { status: Number(values.status) };
  const put = (key: string, value: string | number | undefined | null) => {
    if (value !== undefined && value !== null && value !== '') filters[key] = value;
  };
  put('campaign_id', idOf(values.campaign));
  put('region_id', idOf(values.region));
  put('industry_id', idOf(values.vertical));
  put('state', values.state);
  put('manager_id', idOf(values.agent));
  if (values.nextTouch === 'range') {
    put('next_touch_from', values.from);
    put('next_touch_to', values.to);
  } else put('next_touch', values.nextTouch);
  put('q', values.q.trim());
  return {
    filters: filters as DialSessionCreateInput['filters'],
    due_only: values.dueOnly,
    voicemail_id: values.voicemail ? Number(values.voicemail) : null,
    wrap_up_seconds: values.wrapUp === '' ? null : Number(values.wrapUp),
  };
}

export function SetupForm() {
  const user = useCurrentUser();
  const permissions = usePermissions();
  const settings = useCrmSettings();
  const staticData = useStaticData();
  const employees = useEmployeeOptions();
  const defaultVoicemail = useAuth((s) => s.user?.settings?.default_voicemail ?? null);
  const create = useCreateDialSession();
  const seesAllLeads = permissions.includes('manage crm') || settings.data?.view_all_leads === true;
  const voicemails = staticData.data && 'voicemails' in staticData.data ? (staticData.data.voicemails ?? []) : [];
  const preferredVoicemail =
    voicemails.find((v) => v.id === defaultVoicemail)?.id ?? voicemails.find((v) => v.is_default)?.id ?? null;
  const [values, setValues] = useState<SetupValues>({
    campaign: '',
    status: String(user?.settings?.crm_load_status ?? 1),
    region: null,
    vertical: null,
    state: null,
    agent: null,
    nextTouch: null,
    from: '',
    to: '',
    q: '',
    dueOnly: true,
    voicemail: null,
    wrapUp: '',
  });
  // Until the agent picks, the voicemail is their default (then the company's) and the wrap-up the CRM setting.
  const [voicemailTouched, setVoicemailTouched] = useState(false);
  const voicemail = voicemailTouched
    ? values.voicemail
    : preferredVoicemail === null
      ? null
      : String(preferredVoicemail);
  const wrapUp = values.wrapUp === '' ? (settings.data?.wrap_up_seconds ?? '') : values.wrapUp;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const set = <K extends keyof SetupValues>(key: K, value: SetupValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = () => {
    setBanner(null);
    setErrors({});
    create.mutate(sessionInputOf({ ...values, voicemail, wrapUp }), {
      onError: (error) => {
        const { fields, message } = getFormErrors(error);
        setErrors(fields);
        setBanner(fields.session ?? fields.filters ?? message);
      },
    });
  };
  const filterError = (key: string) => errors[`filters.${key}`] ?? errors[key];
  const options = (rows: readonly { id: number; name: string }[]) =>
    rows.map((row) => ({ value: String(row.id), label: row.name }));

  return (
    <Paper withBorder p="md" component="section" aria-label="Dial session setup">
      <Stack gap="md">
        <Text fw={600}>New dial session</Text>
        {banner ? (
          <Alert color="red" role="alert">
            {banner}
          </Alert>
        ) : null}
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Campaign"
            w={200}
            allowDeselect={false}
            data={campaignOptions(staticData.data?.campaigns ?? [])}
            value={values.campaign}
            onChange={(value) => set('campaign', value ?? '')}
            error={filterError('campaign_id')}
          />
          <Select
            label="Status"
            w={170}
            allowDeselect={false}
            data={leadStatusFilterOptions.map((option) => ({ value: String(option.value), label: option.label }))}
            value={values.status}
            onChange={(value) => set('status', value ?? values.status)}
            error={filterError('status')}
          />
          <Select
            label="Region"
            w={170}
            clearable
            searchable
            data={options(staticData.data?.regions ?? [])}
            value={values.region}
            onChange={(value) => set('region', value)}
          />
          <Select
            label="Vertical"
            w={200}
            clearable
            searchable
            data={verticalOptions(staticData.data?.industries ?? [])}
            value={values.vertical}
            onChange={(value) => set('vertical', value)}
          />
          <Select
            label="State"
            w={110}
            clearable
            searchable
            data={(staticData.data?.states ?? []).map((state) => ({ value: state.code, label: state.code }))}
            value={values.state}
            onChange={(value) => set('state', value)}
            error={filterError('state')}
          />
          {seesAllLeads ? (
            <Select
              label="Agent"
              w={190}
              clearable
              searchable
              data={(employees.data ?? []).map((entry) => ({ value: String(entry.user_id), label: entry.user.name }))}
              value={values.agent}
              onChange={(value) => set('agent', value)}
            />
          ) : null}
          <Select
            label="Next touch"
            w={150}
            clearable
            data={nextTouchFilters.map((value) => ({ value, label: nextTouchFilterLabels[value] }))}
            value={values.nextTouch}
            onChange={(value) => set('nextTouch', value as NextTouchFilter | null)}
          />
          {values.nextTouch === 'range' ? (
            <>
              <TextInput
                type="date"
                label="From"
                value={values.from}
                onChange={(event) => set('from', event.currentTarget.value)}
                error={filterError('next_touch_from')}
              />
              <TextInput
                type="date"
                label="To"
                value={values.to}
                onChange={(event) => set('to', event.currentTarget.value)}
                error={filterError('next_touch_to')}
              />
            </>
          ) : null}
          <TextInput
            label="Search"
            placeholder="Company, contact, phone, e-mail"
            w={240}
            value={values.q}
            onChange={(event) => set('q', event.currentTarget.value)}
            error={filterError('q')}
          />
        </Group>
        <Group gap="lg" align="flex-end" wrap="wrap">
          <Switch
            label="Due only"
            description="Next touch today or earlier, or none"
            checked={values.dueOnly}
            onChange={(event) => set('dueOnly', event.currentTarget.checked)}
          />
          <Select
            label="Voicemail to drop"
            placeholder="None"
            w={240}
            clearable
            data={voicemails.map((v) => ({ value: String(v.id), label: v.name }))}
            value={voicemail}
            onChange={(value) => {
              setVoicemailTouched(true);
              set('voicemail', value);
            }}
            error={errors.voicemail_id}
            clearButtonProps={{ 'aria-label': 'Clear voicemail', 'aria-hidden': false }}
          />
          <NumberInput
            label="Wrap-up (seconds)"
            w={160}
            min={0}
            max={WRAP_UP_SECONDS_MAX}
            allowDecimal={false}
            value={wrapUp}
            onChange={(value) => set('wrapUp', value)}
            error={errors.wrap_up_seconds}
          />
        </Group>
        <Text size="sm" c="dimmed">
          Order: next touch (none first), then the longest since the last call.
        </Text>
        <Group justify="flex-end">
          <Button onClick={submit} loading={create.isPending}>
            Preview queue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
