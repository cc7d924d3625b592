import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { crmSettingsSchema, nextTouchLabels, type CrmSettingsInput } from '@switchboard/shared/crm';
import type { CrmSettingsAnswer } from '@switchboard/shared/crm-leads';
import { useState } from 'react';
import { useParams } from 'react-router';
import { AreaUnavailablePage } from '../../components/area-unavailable-page.tsx';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useCrmTelephony } from './admin-api.ts';
import { CampaignsAdmin } from './admin-campaigns.tsx';
import { EmailTemplatesAdmin } from './admin-templates.tsx';
import { RegionsAdmin } from './admin-regions.tsx';
import { VerticalsAdmin } from './admin-verticals.tsx';
import { useCrmSettings, useSaveCrmSettings } from './api/leads.ts';

// /crm/admin/{view} (designs/crm-softphone.md §4.9): campaigns, e-mail templates, regions, verticals and the CRM
// settings form.

export function CrmAdminPage() {
  const { view } = useParams();
  if (view === 'settings') return <CrmSettingsPage />;
  if (view === 'campaigns') return <CampaignsAdmin />;
  if (view === 'regions') return <RegionsAdmin />;
  if (view === 'verticals') return <VerticalsAdmin />;
  // The navigation's 'Email' links to /crm/admin/email; /crm/admin/templates is the same view.
  if (view === 'email' || view === 'templates') return <EmailTemplatesAdmin />;
  return <AreaUnavailablePage />;
}

const resolveSettings = schemaResolver(crmSettingsSchema, { sync: true });
type SettingsValues = Omit<CrmSettingsAnswer, 'outgoing_number'> & { outgoing_number: string };

export function CrmSettingsPage() {
  const settings = useCrmSettings();
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>CRM Settings</Title>
      {settings.isPending ? <Loader aria-label="Loading the CRM settings" /> : null}
      {settings.isError ? <Alert color="red">An error occured.</Alert> : null}
      <TelephonyModeNote />
      {settings.data ? <SettingsForm initial={settings.data} /> : null}
    </Stack>
  );
}

/** Which telephony the server uses; in local mode (no account) the double's handset page, to call an agent or answer a
 * 555-01XX number. */
function TelephonyModeNote() {
  const telephony = useCrmTelephony();
  const url = telephony.data?.handset_url;
  if (telephony.data?.mode === 'telnyx')
    return <Text size="sm">Calls go through the Telnyx account set on the server.</Text>;
  if (telephony.data?.mode === 'off') return <Text size="sm">Telephony is turned off on the server.</Text>;
  if (!url) return null;
  return (
    <Alert color="blue" title="Simulated telephony">
      <Text size="sm">
        Calls go to the local telephony double.{' '}
        <Anchor href={url} target="_blank" rel="noopener noreferrer">
          Simulated handset
        </Anchor>{' '}
        calls an agent or answers a 555-01XX number with your microphone.
      </Text>
    </Alert>
  );
}

const inputOf = (values: SettingsValues): CrmSettingsInput => ({
  ...values,
  outgoing_number: values.outgoing_number.trim() === '' ? null : values.outgoing_number,
});

function SettingsForm({ initial }: { initial: CrmSettingsAnswer }) {
  const save = useSaveCrmSettings();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: { ...initial, outgoing_number: initial.outgoing_number ?? '' },
    validate: (values) => resolveSettings(inputOf(values)) as Record<string, string>,
  });
  const submit = form.onSubmit((values) => {
    setBanner(null);
    save.mutate(inputOf(values), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message ?? 'Settings saved.' });
        form.resetDirty();
      },
      onError: (error) => {
        const { fields } = getFormErrors(error);
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          return;
        }
        setBanner('An error occured.');
        notifications.show({ color: 'red', message: 'An error occured.' });
      },
    });
  });
  const number = (field: keyof SettingsValues) => {
    const props = form.getInputProps(field);
    return { ...props, onChange: (value: string | number) => props.onChange(value === '' ? '' : Number(value)) };
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {banner ? <Alert color="red">{banner}</Alert> : null}
        <Switch
          label="Agents see all leads"
          description="Without it, an agent sees only the leads assigned to them."
          {...form.getInputProps('view_all_leads', { type: 'checkbox' })}
        />
        <Switch label="Agents may create new leads" {...form.getInputProps('create_new_leads', { type: 'checkbox' })} />
        <TextInput
          label="Outgoing number"
          description="The caller number shown on outgoing calls."
          type="tel"
          {...form.getInputProps('outgoing_number')}
        />
        <Group grow align="flex-start">
          <NumberInput label="Next touch" min={0} max={30} allowDecimal={false} {...number('next_touch_days')} />
          <Select
            label="Next touch unit"
            allowDeselect={false}
            data={[...nextTouchLabels]}
            {...form.getInputProps('next_touch_label')}
          />
        </Group>
        <Group grow align="flex-start">
          <NumberInput
            label="Calling hours start"
            description="The lead's local hour"
            min={0}
            max={23}
            allowDecimal={false}
            {...number('calling_hours_start')}
          />
          <NumberInput
            label="Calling hours end"
            description="The lead's local hour"
            min={0}
            max={23}
            allowDecimal={false}
            {...number('calling_hours_end')}
          />
        </Group>
        <NumberInput
          label="Wrap-up seconds"
          description="The power dialer's pause after a call"
          min={0}
          max={30}
          allowDecimal={false}
          {...number('wrap_up_seconds')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
