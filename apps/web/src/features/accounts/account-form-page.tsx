import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  canChangeAccountField,
  clientAccountCreateFailedMessage,
  createClientAccountInputSchema,
  formatPhoneNumber,
  updateClientAccountInputSchema,
  type ClientAccount,
} from '@switchboard/shared';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAccountActor } from '../../lib/account-actor.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useAccount, useCompanyOptions, useCreateAccount, useSiteOptions, useUpdateAccount } from './api/accounts.ts';

export const passwordPlaceholder = 'Min 6 Characters';
const failedMessage = 'An error occured.';
const formFields = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'company_id',
  'site_id',
  'title',
  'phone_number',
  'office_number',
] as const;

export interface AccountFormValues {
  company_id: string | null;
  site_id: string | null;
  name: string;
  email: string;
  password: string;
  password_confirmation: string;
  title: string;
  office_number: string;
  phone_number: string;
}

function initialValues(account: ClientAccount | null, companyId: string | null): AccountFormValues {
  return {
    company_id: account ? String(account.company_id) : companyId,
    site_id: account?.site ? String(account.site.id) : null,
    name: account?.user.name ?? '',
    email: account?.user.email ?? '',
    password: '',
    password_confirmation: '',
    title: account?.title ?? '',
    office_number: account?.office_number ?? '',
    phone_number: account?.phone_number ?? '',
  };
}

/** Spec 1 §2.6, §3.9: /accounts/create and /accounts/edit/{id}. */
export function AccountFormPage() {
  const params = useParams();
  const id = params.method_id ? Number(params.method_id) : null;
  const account = useAccount(id);
  const [search] = useSearchParams();
  const presetCompany = search.get('company_id');

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {id === null ? 'Add Account' : 'Edit Account'}
        </Title>
        <Button component={Link} to="/accounts" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back
        </Button>
      </Group>
      {id === null ? (
        <AccountForm
          account={null}
          presetCompany={presetCompany && /^[1-9][0-9]*$/.test(presetCompany) ? presetCompany : null}
        />
      ) : account.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
          {failedMessage}
        </Alert>
      ) : account.data ? (
        <AccountForm key={account.data.user_id} account={account.data} presetCompany={null} />
      ) : (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading account" />
        </Group>
      )}
    </Stack>
  );
}

function AccountForm({ account, presetCompany }: { account: ClientAccount | null; presetCompany: string | null }) {
  const editing = account !== null;
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  const updateAccount = useUpdateAccount();
  const companies = useCompanyOptions();
  const [banner, setBanner] = useState<string | null>(null);
  const actor = useAccountActor();
  // Decision 0025: staff change an account's profile; its e-mail, password and company need the administrator type.
  const target = account ? ({ id: account.user_id, type: 'Client', role: 'user' } as const) : null;
  const credentials = target === null || (actor !== null && canChangeAccountField(actor, target, 'credentials'));

  const form = useForm<AccountFormValues>({
    mode: 'controlled',
    initialValues: initialValues(account, presetCompany),
    validate: schemaResolver(editing ? updateClientAccountInputSchema : createClientAccountInputSchema, { sync: true }),
  });
  const companyId = form.values.company_id ? Number(form.values.company_id) : null;
  const sites = useSiteOptions(companyId);

  const showFailure = (error: unknown, fallback: string) => {
    const { fields } = getFormErrors(error);
    const known = Object.fromEntries(
      Object.entries(fields).filter(([field]) => (formFields as readonly string[]).includes(field)),
    );
    if (Object.keys(known).length > 0) {
      form.setErrors(known);
      return;
    }
    setBanner(fallback);
    notifications.show({ color: 'red', message: fallback });
  };

  const submit = form.onSubmit((values) => {
    setBanner(null);
    if (editing) {
      updateAccount.mutate(
        { id: account.user_id, input: updateClientAccountInputSchema.parse(values) },
        {
          onSuccess: (answer) => {
            notifications.show({ color: 'green', message: answer.message });
            form.setValues({ password: '', password_confirmation: '' });
          },
          onError: (error) => showFailure(error, failedMessage),
        },
      );
      return;
    }
    createAccount.mutate(createClientAccountInputSchema.parse(values), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        void navigate(`/accounts/edit/${answer.data.id}`);
      },
      // Spec 1 §8: a create that fails without field errors says 'Some error occured! Please try again'.
      onError: (error) => showFailure(error, clientAccountCreateFailedMessage),
    });
  });

  const phoneProps = (field: 'phone_number' | 'office_number') => {
    const props = form.getInputProps(field);
    return {
      ...props,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
        form.setFieldValue(field, formatPhoneNumber(event.currentTarget.value)),
    };
  };

  return (
    <Card withBorder padding="lg">
      <form onSubmit={submit} noValidate aria-label={editing ? 'Edit account' : 'Add account'}>
        <Stack gap="sm">
          {banner ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {banner}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Company"
              required
              searchable
              placeholder="Select a company"
              data={(companies.data ?? []).map((company) => ({ value: String(company.id), label: company.name }))}
              nothingFoundMessage="No companies"
              readOnly={!credentials}
              {...form.getInputProps('company_id')}
              onChange={(value) => {
                form.setFieldValue('company_id', value);
                form.setFieldValue('site_id', null);
              }}
            />
            <Select
              label="Site"
              clearable
              searchable
              placeholder={companyId === null ? 'Select a company first' : 'Select a site'}
              disabled={companyId === null}
              data={(sites.data ?? []).map((site) => ({ value: String(site.id), label: site.name }))}
              nothingFoundMessage="No sites"
              {...form.getInputProps('site_id')}
            />
            <TextInput label="Name" required autoComplete="off" {...form.getInputProps('name')} />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="off"
              readOnly={!credentials}
              {...form.getInputProps('email')}
            />
            {credentials ? (
              <>
                <PasswordInput
                  label="Password"
                  required={!editing}
                  placeholder={passwordPlaceholder}
                  description={editing ? 'Leave empty to keep the current password.' : undefined}
                  autoComplete="new-password"
                  {...form.getInputProps('password')}
                />
                <PasswordInput
                  label="Confirm Password"
                  required={!editing}
                  placeholder={passwordPlaceholder}
                  autoComplete="new-password"
                  {...form.getInputProps('password_confirmation')}
                />
              </>
            ) : null}
            <TextInput label="Title" autoComplete="off" {...form.getInputProps('title')} />
            <TextInput
              label="Office Number"
              type="tel"
              autoComplete="off"
              placeholder="(555) 555-5555"
              {...phoneProps('office_number')}
            />
            <TextInput
              label="Cell Number"
              type="tel"
              autoComplete="off"
              placeholder="(555) 555-5555"
              {...phoneProps('phone_number')}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="sm">
            <Button type="submit" loading={createAccount.isPending || updateAccount.isPending}>
              {editing ? 'Update Account' : 'Create Account'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
