import { Alert, Button, Drawer, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { leadStatusUpdateOptions } from '@switchboard/shared/crm';
import { leadCreateInputSchema, type Lead, type LeadCreateInput } from '@switchboard/shared/crm-leads';
import { useState } from 'react';
import { usePermissions } from '../../../lib/auth-store.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useStaticData } from '../../../lib/static-data.ts';
import { useEmployeeOptions } from '../../employees/api/employee.ts';
import { useCrmSettings, useSaveLead } from '../api/leads.ts';
import { campaignOptions, verticalOptions } from '../lead-filters.ts';

type TextField =
  | 'company_name'
  | 'first_name'
  | 'last_name'
  | 'title'
  | 'phone'
  | 'phone_ext'
  | 'mobile'
  | 'email'
  | 'address'
  | 'city'
  | 'zip'
  | 'website'
  | 'next_touch';
type ChoiceField = 'state' | 'region_id' | 'industry_id' | 'campaign_id' | 'status' | 'manager_id';
export type LeadFormValues = Record<TextField, string> & Record<ChoiceField, string | null>;

const fieldLabels: Record<TextField, string> = {
  company_name: 'Company',
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Title',
  phone: 'Phone',
  phone_ext: 'Ext.',
  mobile: 'Mobile',
  email: 'Email',
  address: 'Address',
  city: 'City',
  zip: 'Zip',
  website: 'Website',
  next_touch: 'Next touch',
};

export function leadFormValuesOf(lead: Lead | null): LeadFormValues {
  const text = (value: string | null | undefined) => value ?? '';
  const id = (value: number | null | undefined) => (value ? String(value) : null);
  return {
    company_name: text(lead?.company_name),
    first_name: text(lead?.first_name),
    last_name: text(lead?.last_name),
    title: text(lead?.title),
    phone: text(lead?.phone),
    phone_ext: text(lead?.phone_ext),
    mobile: text(lead?.mobile),
    email: text(lead?.email),
    address: text(lead?.address),
    city: text(lead?.city),
    zip: text(lead?.zip),
    website: text(lead?.website),
    next_touch: text(lead?.next_touch?.slice(0, 10)),
    state: lead?.state ?? null,
    region_id: id(lead?.region_id),
    industry_id: id(lead?.industry_id),
    campaign_id: id(lead?.campaign_id),
    status: lead ? String(lead.status === 0 ? 1 : lead.status) : '1',
    manager_id: id(lead?.manager_id),
  };
}

/** The body for POST/PUT: empty texts as null (the contract trims and nulls them too), ids as numbers. */
export function leadInputOf(values: LeadFormValues): LeadCreateInput {
  const text = (value: string) => (value.trim() === '' ? null : value);
  const id = (value: string | null) => (value ? Number(value) : null);
  return {
    company_name: values.company_name,
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    title: text(values.title),
    phone: text(values.phone),
    phone_ext: text(values.phone_ext),
    mobile: text(values.mobile),
    email: text(values.email),
    address: text(values.address),
    city: text(values.city),
    state: values.state,
    zip: text(values.zip),
    website: text(values.website),
    region_id: id(values.region_id),
    industry_id: id(values.industry_id),
    campaign_id: id(values.campaign_id),
    status: values.status ? (Number(values.status) as 1 | 3 | 5 | 9) : undefined,
    next_touch: text(values.next_touch),
    manager_id: id(values.manager_id),
  };
}

const resolveLead = schemaResolver(leadCreateInputSchema, { sync: true });

/** New Lead and Edit: one form on the contract's schema (leadCreateInputSchema), in a drawer. */
export function LeadFormDrawer({
  lead,
  onClose,
  onSaved,
}: {
  lead: Lead | null;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const save = useSaveLead(lead?.id ?? null);
  const staticData = useStaticData();
  const employees = useEmployeeOptions();
  const settings = useCrmSettings();
  const permissions = usePermissions();
  const seesAll = permissions.includes('manage crm') || settings.data?.view_all_leads === true;
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<LeadFormValues>({
    mode: 'controlled',
    initialValues: leadFormValuesOf(lead),
    validate: (values) => resolveLead(leadInputOf(values)) as Record<string, string>,
  });
  const submit = form.onSubmit((values) => {
    setBanner(null);
    const input = leadInputOf(values);
    // A new lead without a chosen agent is the creator's (the server's default), never nobody's.
    if (lead === null && input.manager_id === null) delete input.manager_id;
    save.mutate(input, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message ?? (lead ? 'Lead saved.' : 'Lead created.') });
        onSaved(answer.data.id);
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
  const text = (field: TextField, extra: { type?: string; required?: boolean } = {}) => (
    <TextInput label={fieldLabels[field]} {...extra} {...form.getInputProps(field)} />
  );
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={lead ? `Edit ${lead.company_name}` : 'New Lead'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {banner ? <Alert color="red">{banner}</Alert> : null}
          {text('company_name', { required: true })}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('first_name')}
            {text('last_name')}
            {text('title')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('phone', { type: 'tel' })}
            {text('phone_ext')}
            {text('mobile', { type: 'tel' })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('email', { type: 'email' })}
            {text('website')}
          </SimpleGrid>
          {text('address')}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {text('city')}
            <Select
              label="State"
              clearable
              searchable
              data={(staticData.data?.states ?? []).map((state) => ({ value: state.code, label: state.name }))}
              {...form.getInputProps('state')}
            />
            {text('zip')}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Region"
              clearable
              searchable
              data={(staticData.data?.regions ?? []).map((region) => ({
                value: String(region.id),
                label: region.name,
              }))}
              {...form.getInputProps('region_id')}
            />
            <Select
              label="Vertical"
              clearable
              searchable
              data={verticalOptions(staticData.data?.industries ?? [])}
              {...form.getInputProps('industry_id')}
            />
            <Select
              label="Campaign"
              clearable
              data={campaignOptions(staticData.data?.campaigns ?? []).slice(1)}
              {...form.getInputProps('campaign_id')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Status"
              allowDeselect={false}
              data={leadStatusUpdateOptions.map((option) => ({ value: String(option.value), label: option.label }))}
              {...form.getInputProps('status')}
            />
            {text('next_touch', { type: 'date' })}
            {seesAll ? (
              <Select
                label="Agent"
                clearable
                searchable
                data={(employees.data ?? []).map((entry) => ({ value: String(entry.user_id), label: entry.user.name }))}
                {...form.getInputProps('manager_id')}
              />
            ) : null}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {lead ? 'Save' : 'Create Lead'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
