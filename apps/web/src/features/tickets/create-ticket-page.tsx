import { Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createTicketInputSchema,
  TRIAGE_MEDIUM,
  TICKET_TYPE_REMOTE,
  technicianChoices,
  ticketSaveFailedMessage,
  type EmployeeListItem,
} from '@switchboard/shared';
import { clientTicketInputSchema } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { withYou } from '../../components/you-badge.tsx';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import {
  useCompanyAccountOptions,
  useCompanyDeviceOptions,
  useCompanyOptions,
  useSiteOptions,
} from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useCreateTicket } from './api/tickets.ts';
import { DeviceMultiSelect } from './components/device-multi-select.tsx';

interface FormValues {
  subject: string;
  body: string;
  company_id: string | null;
  site_id: string | null;
  client_id: string | null;
  employee_id: string | null;
  location: string | null;
  triage_id: string | null;
  devices: string[];
}

/**
 * Spec 3 §2 Create Ticket: /tickets/create; POST /api/ticket, then /ticket/{id}. A client account says what is wrong
 * and where (its own sites); the server files it for the account's company (issue 15 part 1).
 */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const staff = user?.type === 'Employee';
  const data = useStaticData().data;
  const companies = useCompanyOptions();
  const create = useCreateTicket();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      subject: '',
      body: '',
      company_id: null,
      site_id: null,
      client_id: null,
      employee_id: staff && user ? String(user.id) : null,
      location: String(TICKET_TYPE_REMOTE),
      triage_id: String(TRIAGE_MEDIUM),
      devices: [],
    },
    validate: (values) => {
      const parsed = (staff ? createTicketInputSchema : clientTicketInputSchema).safeParse(values);
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  // A client account's company list holds its own company only: its sites are that company's.
  const chosenCompany = form.values.company_id ? Number(form.values.company_id) : null;
  const companyId = staff ? chosenCompany : (companies.data?.[0]?.id ?? null);
  const sites = useSiteOptions(companyId);
  const accounts = useCompanyAccountOptions(companyId, staff);
  const devices = useCompanyDeviceOptions(staff ? chosenCompany : null);
  const technicians = useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    enabled: staff,
  });
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));

  const submit = form.onSubmit((values) =>
    create.mutate(
      staff
        ? { ...values, devices: values.devices.map(Number) }
        : { subject: values.subject, body: values.body, site_id: values.site_id },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          void navigate(`/ticket/${answer.data.id}`);
        },
        onError: (error) => {
          const { fields } = getFormErrors(error);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
          else notifications.show({ color: 'red', message: ticketSaveFailedMessage });
        },
      },
    ),
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Create Ticket
      </Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="Create Ticket">
          <Stack gap="sm">
            <TextInput label="Subject" required {...form.getInputProps('subject')} />
            <Textarea label="Description" required autosize minRows={5} {...form.getInputProps('body')} />
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {staff ? (
                <Select
                  label="Company"
                  required
                  searchable
                  data={options(companies.data)}
                  {...form.getInputProps('company_id')}
                  onChange={(value) => {
                    form.setFieldValue('company_id', value);
                    form.setFieldValue('site_id', null);
                    form.setFieldValue('client_id', null);
                    form.setFieldValue('devices', []);
                  }}
                />
              ) : null}
              <Select label="Site" searchable clearable data={options(sites.data)} {...form.getInputProps('site_id')} />
              {staff ? (
                <Select
                  label="Client"
                  searchable
                  clearable
                  data={options(accounts.data)}
                  {...form.getInputProps('client_id')}
                />
              ) : null}
              {staff ? (
                <Select
                  label="Technician"
                  searchable
                  clearable
                  // Technicians (decision 0078), and whoever is chosen already (the creator by default).
                  data={technicianChoices(technicians.data ?? [], [Number(form.values.employee_id)]).map((tech) => ({
                    value: String(tech.user_id),
                    label: withYou(tech.user.name, tech.user_id === user?.id),
                  }))}
                  {...form.getInputProps('employee_id')}
                />
              ) : null}
              {staff ? (
                <Select
                  label="Ticket Type"
                  required
                  data={options(data?.ticket_type)}
                  {...form.getInputProps('location')}
                />
              ) : null}
              {staff ? (
                <Select label="Triage" required data={options(data?.triage)} {...form.getInputProps('triage_id')} />
              ) : null}
            </SimpleGrid>
            {staff ? (
              <DeviceMultiSelect
                devices={devices.data}
                value={form.values.devices}
                onChange={(value) => form.setFieldValue('devices', value)}
                error={form.errors.devices as string | undefined}
                disabled={chosenCompany === null}
              />
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create Ticket
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
