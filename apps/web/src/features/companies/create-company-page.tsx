import {
  Alert,
  Avatar,
  Button,
  Card,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
  type ComboboxData,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  companyCreateFailedMessage,
  companyIndustryInvalidMessage,
  companyLogoError,
  companyLogoMimeTypes,
  createCompanyInputSchema,
  type IndustryOption,
} from '@switchboard/shared';
import { IconAlertCircle, IconArrowLeft, IconPhoto } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useCreateCompany } from './api/companies.ts';

export const createCompanyTitle = 'New Company Basic Information';
const formFields = ['name', 'industry_id', 'website', 'logo'] as const;

interface FormValues {
  name: string;
  industry_id: string | null;
  website: string;
  logo: File | null;
}

/**
 * An industry id the loaded list does not hold (removed since, or a company's old one) is reported with the other
 * fields' errors on the first submit, as the server would (issue 16).
 */
export function unknownIndustryError(value: string | null, industries: readonly IndustryOption[]): string | null {
  if (!value || industries.length === 0) return null;
  return industries.some((industry) => String(industry.id) === value) ? null : companyIndustryInvalidMessage;
}

/** Industries for the select: each parent (parent_id 0) is a group holding itself and its children, by name. */
export function industrySelectData(industries: IndustryOption[]): ComboboxData {
  const byName = (a: IndustryOption, b: IndustryOption) => a.name.localeCompare(b.name);
  const parents = industries.filter((industry) => industry.parent_id === 0).sort(byName);
  const parentIds = new Set(parents.map((parent) => parent.id));
  const groups = parents.map((parent) => ({
    group: parent.name,
    items: [parent, ...industries.filter((industry) => industry.parent_id === parent.id).sort(byName)].map(
      (industry) => ({
        value: String(industry.id),
        label: industry.name,
      }),
    ),
  }));
  // Children whose parent is missing stay choosable.
  const orphans = industries
    .filter((industry) => industry.parent_id !== 0 && !parentIds.has(industry.parent_id))
    .sort(byName);
  return orphans.length > 0
    ? [
        ...groups,
        { group: 'Other', items: orphans.map((industry) => ({ value: String(industry.id), label: industry.name })) },
      ]
    : groups;
}

/** Spec 2 §2 Create company: /companies/create, multipart POST /api/company, then /companies/{id}. */
export function CreateCompanyPage() {
  const navigate = useNavigate();
  const staticData = useStaticData();
  const createCompany = useCreateCompany();
  const [banner, setBanner] = useState<string | null>(null);
  const industries = useMemo(() => industrySelectData(staticData.data?.industries ?? []), [staticData.data]);

  const textResolver = schemaResolver(createCompanyInputSchema, { sync: true });
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { name: '', industry_id: null, website: '', logo: null },
    validate: (values) => {
      const errors: Record<string, string> = { ...(textResolver(values) as Record<string, string>) };
      const industryMessage = unknownIndustryError(values.industry_id, staticData.data?.industries ?? []);
      if (industryMessage) errors.industry_id ??= industryMessage;
      const logoMessage = values.logo ? companyLogoError({ type: values.logo.type, size: values.logo.size }) : null;
      if (logoMessage) errors.logo = logoMessage;
      return errors;
    },
  });

  const logo = form.values.logo;
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!logo || !logo.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(logo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [logo]);

  const submit = form.onSubmit((values) => {
    setBanner(null);
    createCompany.mutate(
      { name: values.name, industry_id: values.industry_id ?? '', website: values.website, logo: values.logo },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          void navigate(`/companies/${answer.data.id}`);
        },
        // Spec 2 §8: a create that fails without field errors says 'Some error occured! Please try again'.
        onError: (error) => {
          const { fields } = getFormErrors(error);
          const known = Object.fromEntries(
            Object.entries(fields).filter(([field]) => (formFields as readonly string[]).includes(field)),
          );
          if (Object.keys(known).length > 0) {
            form.setErrors(known);
            return;
          }
          setBanner(companyCreateFailedMessage);
          notifications.show({ color: 'red', message: companyCreateFailedMessage });
        },
      },
    );
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {createCompanyTitle}
        </Title>
        <Button
          component={Link}
          to="/companies"
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Back
        </Button>
      </Group>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="New company">
          <Stack gap="sm">
            {banner ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                {banner}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
              <Select
                label="Industry"
                required
                searchable
                placeholder="Select an industry"
                data={industries}
                nothingFoundMessage="No industries"
                {...form.getInputProps('industry_id')}
              />
              <TextInput
                label="Website"
                autoComplete="off"
                placeholder="https://example.com"
                {...form.getInputProps('website')}
              />
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <FileInput
                  label="Logo"
                  placeholder="Choose an image"
                  accept={companyLogoMimeTypes.join(',')}
                  clearable
                  leftSection={<IconPhoto size={16} aria-hidden />}
                  style={{ flex: 1 }}
                  {...form.getInputProps('logo')}
                />
                {preview ? <Avatar src={preview} size={48} radius="sm" alt="Logo preview" /> : null}
              </Group>
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={createCompany.isPending}>
                Create Company
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
