import { Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { createTicketInputSchema, TRIAGE_MEDIUM, TICKET_TYPE_REMOTE, ticketSaveFailedMessage, type EmployeeListItem } from '@switchboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useCompanyAccountOptions, useCompanyOptions, useSiteOptions } from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { useCreateTicket } from './api/tickets.ts';

interface FormValues {
  subject: string;
  body: string;
  company_id: string | null;
  site_id: string | null;
  client_id: string | null;
  employee_id: string | null;
  location: string | null;
  triage_id: string | null;
}

/** Spec 3 §2 Create Ticket: /tickets/create; POST /api/ticket, then /ticket/{id}. */
export function CreateTicketPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const staff = user?.type === 'Employee';
  const data = useStaticData().data;
  const companies = useCompanyOptions();
  const create = useCreateTicket();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: { subject: '', body: '', company_id: null, site_id: null, client_id: null, employee_id: staff && user ? String(user.id) : null, location: String(TICKET_TYPE_REMOTE), triage_id: String(TRIAGE_MEDIUM) },
    validate: (values) => {
      const parsed = createTicketInputSchema.safeParse(values);
      const errors: Record<string, string> = {};
      if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      return errors;
    },
  });
  // A client account's only company is its own.
  const companyId = form.values.company_id ? Number(form.values.company_id) : companies.data?.length === 1 && !staff ? companies.data[0]!.id : null;
  const sites = useSiteOptions(companyId);
  const accounts = useCompanyAccountOptions(companyId, staff);
  const technicians = useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) => (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    enabled: staff,
  });
  const options = (list: { id: number; name: string }[] | undefined) => (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));

  const submit = form.onSubmit((values) =>
    create.mutate(
      { ...values, company_id: values.company_id ?? (companyId ? String(companyId) : '') },
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
              <Select
                label="Company"
                required
                searchable
                data={options(companies.data)}
                {...form.getInputProps('company_id')}
                value={form.values.company_id ?? (companyId ? String(companyId) : null)}
                onChange={(value) => {
                  form.setFieldValue('company_id', value);
                  form.setFieldValue('site_id', null);
                  form.setFieldValue('client_id', null);
                }}
              />
              <Select label="Site" searchable clearable data={options(sites.data)} {...form.getInputProps('site_id')} />
              {staff ? <Select label="Client" searchable clearable data={options(accounts.data)} {...form.getInputProps('client_id')} /> : null}
              {staff ? (
                <Select label="Technician" searchable clearable data={(technicians.data ?? []).map((tech) => ({ value: String(tech.user_id), label: tech.user.name }))} {...form.getInputProps('employee_id')} />
              ) : null}
              {staff ? <Select label="Ticket Type" required data={options(data?.ticket_type)} {...form.getInputProps('location')} /> : null}
              {staff ? <Select label="Triage" required data={options(data?.triage)} {...form.getInputProps('triage_id')} /> : null}
            </SimpleGrid>
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
