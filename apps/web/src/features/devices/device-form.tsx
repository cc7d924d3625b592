import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { deviceInputSchema, deviceTypeLabels, hasSoftware, type Device, type DeviceType } from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useDevice, useSaveDevice } from './api/devices.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { ServerSoftwareCard } from './server-software-card.tsx';

interface Props {
  /** The company of the route; null on /companies/devices, where the form asks for one. */
  companyId: number | null;
  type: DeviceType;
  deviceId: number | null;
}

export function DeviceForm(props: Props) {
  const device = useDevice(props.deviceId);
  if (props.deviceId !== null && device.isPending) {
    return <PageLoader label="Loading device" />;
  }
  if (device.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The device could not be loaded.
      </Alert>
    );
  }
  const fields = <DeviceFormFields {...props} device={device.data ?? null} />;
  // A saved server lists its software beside its form (issue 19): a form of its own, saved on its own.
  if (device.data?.type !== 'servers') return fields;
  return (
    <Stack gap="md">
      {fields}
      <ServerSoftwareCard deviceId={device.data.id} />
    </Stack>
  );
}

interface DriveRow {
  key: string;
  letter: string;
  size: number | string;
}

interface FormValues {
  company_id: string | null;
  site_id: string | null;
  name: string;
  asset_tag: string;
  serial_number: string;
  model: string;
  purchase_date: string;
  warranty_date: string;
  operating_system_id: string | null;
  antivirus_id: string | null;
  roles: string;
  scheduled_maintenance: boolean;
  notes: string;
  drives: DriveRow[];
}

let driveKeys = 0;

function DeviceFormFields({ companyId, type, device }: Props & { device: Device | null }) {
  const navigate = useNavigate();
  const companies = useCompanyOptions();
  const staticData = useStaticData().data;
  const save = useSaveDevice();
  const base = companyId ? `/companies/${companyId}/devices/${type}` : `/companies/devices/${type}`;

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      company_id: device ? String(device.company_id) : companyId ? String(companyId) : null,
      site_id: device ? String(device.site_id) : null,
      name: device?.name ?? '',
      asset_tag: device?.asset_tag ?? '',
      serial_number: device?.serial_number ?? '',
      model: device?.model ?? '',
      purchase_date: device?.purchase_date ?? '',
      warranty_date: device?.warranty_date ?? '',
      operating_system_id: device?.operating_system_id ? String(device.operating_system_id) : null,
      antivirus_id: device?.antivirus_id ? String(device.antivirus_id) : null,
      roles: device?.roles ?? '',
      scheduled_maintenance: device?.scheduled_maintenance === 1,
      notes: device?.notes ?? '',
      drives: (device?.drives ?? []).map((drive) => ({
        key: `drive-${drive.id}`,
        letter: drive.letter,
        size: drive.size,
      })),
    },
    validate: (values) => {
      const parsed = deviceInputSchema.safeParse(payload(values));
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
      return errors;
    },
  });

  function payload(values: FormValues) {
    return {
      ...values,
      type,
      company_id: values.company_id ?? '',
      site_id: values.site_id ?? '',
      scheduled_maintenance: values.scheduled_maintenance ? 1 : 0,
      drives: values.drives.map(({ letter, size }) => ({ letter, size })),
    };
  }

  const chosenCompany = form.values.company_id ? Number(form.values.company_id) : null;
  const siteOptions = useSiteOptions(chosenCompany);
  const server = type === 'servers';
  const osOptions = (server ? staticData?.server_operating_systems : staticData?.workstation_operating_systems) ?? [];
  const avOptions = (server ? staticData?.server_antiviruses : staticData?.workstation_antiviruses) ?? [];
  const toData = (list: { id: number; name: string }[]) =>
    list.map((entry) => ({ value: String(entry.id), label: entry.name }));

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: device?.id ?? null, values: payload(values) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          void navigate(base);
        },
        onError: (error) => {
          const { fields, message } = getFormErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          notifications.show({ color: 'red', message });
        },
      },
    ),
  );

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={`${device ? 'Edit' : 'Add'} ${deviceTypeLabels[type]}`}>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={1} size="h3">
              {device ? `Edit ${device.name}` : `Add ${deviceTypeLabels[type]}`}
            </Title>
            <Button component={Link} to={base} variant="default">
              Back
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {companyId || device ? null : (
              <Select
                label="Company"
                required
                searchable
                data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
                {...form.getInputProps('company_id')}
                onChange={(value) => {
                  form.setFieldValue('company_id', value);
                  form.setFieldValue('site_id', null);
                }}
              />
            )}
            <Select
              label="Site"
              required
              searchable
              data={toData(siteOptions.data ?? [])}
              nothingFoundMessage="The company has no sites"
              {...form.getInputProps('site_id')}
            />
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <TextInput label="Asset Tag" {...form.getInputProps('asset_tag')} />
            <TextInput label="Serial Number" {...form.getInputProps('serial_number')} />
            <TextInput label="Model" {...form.getInputProps('model')} />
            <TextInput type="date" label="Purchase Date" {...form.getInputProps('purchase_date')} />
            <TextInput type="date" label="Warranty Date" {...form.getInputProps('warranty_date')} />
            {hasSoftware(type) ? (
              <>
                <Select
                  label="Operating System"
                  searchable
                  clearable
                  data={toData(osOptions)}
                  {...form.getInputProps('operating_system_id')}
                />
                <Select
                  label="Antivirus"
                  searchable
                  clearable
                  data={toData(avOptions)}
                  {...form.getInputProps('antivirus_id')}
                />
              </>
            ) : null}
            {server ? (
              <TextInput
                label="Roles"
                placeholder="Domain Controller, DNS, File Server"
                {...form.getInputProps('roles')}
              />
            ) : null}
          </SimpleGrid>
          {server ? (
            <Switch
              label="Scheduled Maintenance"
              {...form.getInputProps('scheduled_maintenance', { type: 'checkbox' })}
            />
          ) : null}
          {server ? (
            // Spec 1 §2.6 Drive Information: a card, empty until a drive is added with its button.
            <Card withBorder padding="sm" role="group" aria-label="Drive Information">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={3} size="h5">
                    Drive Information
                  </Title>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    onClick={() => form.insertListItem('drives', { key: `new-${++driveKeys}`, letter: '', size: '' })}
                  >
                    Add Drive
                  </Button>
                </Group>
                {form.errors.drives ? (
                  <Text c="red" size="sm">
                    {form.errors.drives}
                  </Text>
                ) : null}
                {form.values.drives.length === 0 ? (
                  <Text c="dimmed" size="sm">
                    No drives yet.
                  </Text>
                ) : null}
                {form.values.drives.map((drive, index) => (
                  <Group key={drive.key} align="flex-start" wrap="nowrap">
                    <TextInput
                      label={`Drive ${index + 1} Letter`}
                      maxLength={2}
                      w={140}
                      {...form.getInputProps(`drives.${index}.letter`)}
                    />
                    <NumberInput
                      label={`Drive ${index + 1} Size (GB)`}
                      min={1}
                      step={1}
                      allowDecimal={false}
                      w={200}
                      {...form.getInputProps(`drives.${index}.size`)}
                    />
                    <ActionIcon
                      mt={26}
                      variant="subtle"
                      color="red"
                      aria-label={`Remove drive ${index + 1}`}
                      onClick={() => form.removeListItem('drives', index)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            </Card>
          ) : null}
          <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {device ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
