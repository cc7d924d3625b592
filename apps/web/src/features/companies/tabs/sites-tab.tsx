import {
  ActionIcon,
  Autocomplete,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { siteInputSchema, type GeocodeResult, type Site } from '@switchboard/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useStaticData } from '../../../lib/static-data.ts';
import { geocodeAddress, useCompanyDetail, useUpdateSites } from '../api/company-detail.ts';
import type { CompanyTabProps } from './tab-props.ts';

interface SiteRow {
  key: string;
  id: number | 'new';
  name: string;
  region_id: string | null;
  address: string;
  city: string;
  state: string | null;
  zip: string;
  lat: number | string;
  lng: number | string;
}

let newKeys = 0;
const blankSite = (): SiteRow => ({
  key: `new-${++newKeys}`,
  id: 'new',
  name: '',
  region_id: null,
  address: '',
  city: '',
  state: null,
  zip: '',
  lat: '',
  lng: '',
});

const toRow = (site: Site): SiteRow => ({
  key: `site-${site.id}`,
  id: site.id,
  name: site.name,
  region_id: site.region_id === null ? null : String(site.region_id),
  address: site.address ?? '',
  city: site.city ?? '',
  state: site.state,
  zip: site.zip ?? '',
  lat: site.lat ?? '',
  lng: site.lng ?? '',
});

const toPayload = (row: SiteRow) => ({
  id: row.id,
  name: row.name,
  region_id: row.region_id ?? '',
  address: row.address,
  city: row.city,
  state: row.state ?? '',
  zip: row.zip,
  lat: row.lat === '' ? null : Number(row.lat),
  lng: row.lng === '' ? null : Number(row.lng),
});

/** Spec 2 §2 Sites tab: an editable list with add and Update; the whole list is saved in one call. */
export function SitesTab({ companyId }: CompanyTabProps) {
  const company = useCompanyDetail(companyId).data;
  const staticData = useStaticData();
  const regions = useMemo(
    () => (staticData.data?.regions ?? []).map((region) => ({ value: String(region.id), label: region.name })),
    [staticData.data],
  );
  const states = useMemo(
    () =>
      (staticData.data?.states ?? []).map((state) => ({ value: state.code, label: `${state.code} - ${state.name}` })),
    [staticData.data],
  );
  const update = useUpdateSites(companyId);

  const form = useForm<{ sites: SiteRow[] }>({
    mode: 'controlled',
    initialValues: { sites: (company?.sites ?? []).map(toRow) },
    validate: (values) => {
      const errors: Record<string, string> = {};
      values.sites.forEach((row, index) => {
        const parsed = siteInputSchema.safeParse(toPayload(row));
        if (!parsed.success)
          for (const issue of parsed.error.issues) errors[`sites.${index}.${String(issue.path[0])}`] ??= issue.message;
      });
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(values.sites.map(toPayload), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        form.setValues({ sites: answer.data.map(toRow) });
        form.resetDirty({ sites: answer.data.map(toRow) });
      },
      onError: (error) => {
        const { fields, message } = getFormErrors(error);
        if (Object.keys(fields).length > 0) form.setErrors(fields);
        notifications.show({ color: 'red', message });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Sites">
      <Stack gap="sm">
        {form.values.sites.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            No sites yet. Add the company's first location with the plus button.
          </Text>
        ) : null}
        {form.values.sites.map((row, index) => (
          <Card key={row.key} withBorder padding="md" aria-label={`Site ${index + 1}`} role="group">
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{row.name || 'New site'}</Text>
                <Tooltip label="Remove site">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove site ${index + 1}`}
                    onClick={() => form.removeListItem('sites', index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
                <TextInput label="Name" required {...form.getInputProps(`sites.${index}.name`)} />
                <Select
                  label="Region"
                  required
                  searchable
                  data={regions}
                  {...form.getInputProps(`sites.${index}.region_id`)}
                />
                <AddressInput
                  {...form.getInputProps(`sites.${index}.address`)}
                  onPick={(place) =>
                    form.setFieldValue(`sites.${index}`, {
                      ...form.getValues().sites[index]!,
                      address: place.address,
                      city: place.city,
                      state: place.state || null,
                      zip: place.zip,
                      lat: place.lat,
                      lng: place.lng,
                    })
                  }
                />
                <TextInput label="City" required {...form.getInputProps(`sites.${index}.city`)} />
                <Select
                  label="State"
                  searchable
                  clearable
                  data={states}
                  {...form.getInputProps(`sites.${index}.state`)}
                />
                <TextInput label="Zip" {...form.getInputProps(`sites.${index}.zip`)} />
                <NumberInput
                  label="Latitude"
                  decimalScale={6}
                  min={-90}
                  max={90}
                  hideControls
                  {...form.getInputProps(`sites.${index}.lat`)}
                />
                <NumberInput
                  label="Longitude"
                  decimalScale={6}
                  min={-180}
                  max={180}
                  hideControls
                  {...form.getInputProps(`sites.${index}.lng`)}
                />
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => form.insertListItem('sites', blankSite())}
            aria-label="Add Site"
          >
            Add Site
          </Button>
          <Button type="submit" loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AddressInputProps {
  value?: string;
  onChange: (value: string) => void;
  error?: string;
  onPick: (place: GeocodeResult) => void;
}

/** The address field: US suggestions from the server's geocoder while typing; a plain input when none is configured. */
function AddressInput({ value = '', onChange, error, onPick, ...rest }: AddressInputProps) {
  const [debounced] = useDebouncedValue(value, 400);
  const [places, setPlaces] = useState<GeocodeResult[]>([]);
  const disabled = useRef(false);
  const picked = useRef<string | null>(null);

  useEffect(() => {
    if (disabled.current || debounced.trim().length < 3 || debounced === picked.current) return;
    const controller = new AbortController();
    geocodeAddress(debounced, controller.signal)
      .then((answer) => {
        if (!answer.enabled) disabled.current = true;
        setPlaces(answer.data);
      })
      .catch(() => setPlaces([]));
    return () => controller.abort();
  }, [debounced]);

  return (
    <Autocomplete
      {...rest}
      label="Address"
      value={value}
      error={error}
      // Picking a suggestion fills the row through onPick; the suggestion's label must not overwrite the street.
      onChange={(next) => {
        if (!places.some((place) => place.label === next)) onChange(next);
      }}
      data={places.map((place) => place.label)}
      filter={({ options }) => options}
      onOptionSubmit={(label) => {
        const place = places.find((entry) => entry.label === label);
        if (!place) return;
        picked.current = place.address;
        setPlaces([]);
        onPick(place);
      }}
    />
  );
}
