import { Avatar, Button, Card, FileInput, Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { companyLogoError, companyLogoMimeTypes, updateCompanyInputSchema } from '@switchboard/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useMemo } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useStaticData } from '../../../lib/static-data.ts';
import { useCompanyDetail, useUpdateCompany } from '../api/company-detail.ts';
import { industrySelectData, unknownIndustryError } from '../create-company-page.tsx';
import type { CompanyTabProps } from './tab-props.ts';

interface FormValues {
  name: string;
  industry_id: string | null;
  website: string;
  active: '0' | '1';
  logo: File | null;
}

/** Spec 2 §2: edit name, industry, website and active (0 = Yes, 1 = No), and replace the logo. */
export function BasicInformationTab({ companyId }: CompanyTabProps) {
  const company = useCompanyDetail(companyId).data;
  const staticData = useStaticData();
  const industries = useMemo(() => industrySelectData(staticData.data?.industries ?? []), [staticData.data]);
  const update = useUpdateCompany(companyId);

  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      name: company?.name ?? '',
      industry_id: company?.industry_id ? String(company.industry_id) : null,
      website: company?.website ?? '',
      active: company?.active === 1 ? '1' : '0',
      logo: null,
    },
    validate: (values) => {
      const errors: Record<string, string> = {};
      const parsed = updateCompanyInputSchema.safeParse({ ...values, active: Number(values.active) });
      if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      const industryMessage = unknownIndustryError(values.industry_id, staticData.data?.industries ?? []);
      if (industryMessage) errors.industry_id ??= industryMessage;
      const logoMessage = values.logo ? companyLogoError({ type: values.logo.type, size: values.logo.size }) : null;
      if (logoMessage) errors.logo = logoMessage;
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    update.mutate(
      {
        name: values.name,
        industry_id: values.industry_id ?? '',
        website: values.website,
        active: values.active === '1' ? 1 : 0,
        logo: values.logo,
      },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          form.setFieldValue('logo', null);
          form.resetDirty();
        },
        onError: (error) => {
          const { fields, message } = getFormErrors(error);
          const known = Object.fromEntries(Object.entries(fields).filter(([field]) => field in form.values));
          if (Object.keys(known).length > 0) form.setErrors(known);
          else notifications.show({ color: 'red', message });
        },
      },
    );
  });

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label="Basic Information">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
            <Select
              label="Industry"
              required
              searchable
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
            <Radio.Group label="Active" {...form.getInputProps('active')}>
              <Group mt={6}>
                <Radio value="0" label="Yes" />
                <Radio value="1" label="No" />
              </Group>
            </Radio.Group>
            <Group gap="sm" align="flex-end" wrap="nowrap">
              <FileInput
                label="Replace Logo"
                placeholder="Choose an image"
                accept={companyLogoMimeTypes.join(',')}
                clearable
                leftSection={<IconPhoto size={16} aria-hidden />}
                style={{ flex: 1 }}
                {...form.getInputProps('logo')}
              />
              {company?.logo_url ? <Avatar src={company.logo_url} size={48} radius="sm" alt="Current logo" /> : null}
            </Group>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Update
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
