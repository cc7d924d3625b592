import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorInput,
  FileInput,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { brandingInputSchema, brandingLogoError, type Branding } from '@switchboard/shared';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { getFormErrors } from '../../lib/form-errors.ts';

const brandingKey = ['admin', 'branding'] as const;

interface BrandingValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  primary_color: string;
}

/**
 * /admin/branding (administrators; decision 0038): our name, contact lines, colour and logo as documents show them.
 * Only documents rendered after a change show it; revisions already made stay as they were sent.
 */
export function BrandingPage() {
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: brandingKey,
    queryFn: async () => (await api.get<{ data: Branding }>('/api/admin/branding')).data,
  });
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoPreview, setLogoPreview] = useState<string | null>(null);
  const form = useForm<BrandingValues>({
    mode: 'controlled',
    initialValues: { name: '', address: '', phone: '', email: '', website: '', primary_color: '#1c7ed6' },
    validate: (values) => {
      const parsed = brandingInputSchema.safeParse(values);
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      const logoMessage = logo ? brandingLogoError({ type: logo.type, size: logo.size }) : null;
      if (logoMessage) errors.logo = logoMessage;
      return errors;
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (!current.data) return;
    const { logo_url: _logo, ...values } = current.data;
    setValues(values);
    resetDirty(values);
  }, [current.data, setValues, resetDirty]);
  // The logo as the server has it: fetched with the token, shown from a blob.
  useEffect(() => {
    if (!current.data?.logo_url) {
      setLogoPreview(null);
      return;
    }
    let url: string | null = null;
    void api.get<Blob>(current.data.logo_url, { responseType: 'blob' }).then((blob) => {
      url = URL.createObjectURL(blob);
      setLogoPreview(url);
    });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [current.data?.logo_url]);

  const save = useMutation({
    mutationFn: (values: BrandingValues) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(values)) body.append(key, value);
      if (logo) body.append('logo', logo);
      if (removeLogo) body.append('remove_logo', '1');
      return api.post<{ message: string; data: Branding }>('/api/admin/branding', body);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(brandingKey, answer.data);
      setLogo(null);
      setRemoveLogo(false);
      notifications.show({ color: 'green', message: answer.message });
    },
    onError: (error) => {
      const { fields, message } = getFormErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      notifications.show({ color: 'red', message });
    },
  });

  if (current.isPending) return <Loader aria-label="Loading branding" m="xl" />;
  if (current.isError) return <Alert color="red">An error occured.</Alert>;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h2">
        Branding
      </Title>
      <Text c="dimmed" size="sm">
        Quotes and other documents carry this letterhead. A change shows on documents made from now on; revisions
        already made keep the letterhead they were sent with.
      </Text>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate aria-label="Branding">
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <TextInput label="Company name" required {...form.getInputProps('name')} />
            <Textarea label="Address" autosize minRows={2} {...form.getInputProps('address')} />
            <Group grow>
              <TextInput label="Phone" {...form.getInputProps('phone')} />
              <TextInput label="Email" type="email" {...form.getInputProps('email')} />
            </Group>
            <TextInput label="Website" placeholder="https://" {...form.getInputProps('website')} />
            <ColorInput label="Primary color" format="hex" {...form.getInputProps('primary_color')} />
            <Group align="flex-end">
              <FileInput
                style={{ flex: 1 }}
                label="Logo"
                description="PNG or JPEG, at most 1 MB"
                accept="image/png,image/jpeg"
                clearable
                value={logo}
                onChange={(file) => {
                  setLogo(file);
                  form.clearFieldError('logo');
                }}
                error={form.errors.logo}
                leftSection={<IconPhoto size={14} aria-hidden />}
              />
              {logoPreview && !removeLogo ? (
                <Image src={logoPreview} alt="Current logo" h={48} w="auto" fit="contain" />
              ) : null}
            </Group>
            {current.data?.logo_url ? (
              <Checkbox
                label="Remove the logo"
                checked={removeLogo}
                onChange={(event) => setRemoveLogo(event.currentTarget.checked)}
              />
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Card>
      </form>
    </Stack>
  );
}
