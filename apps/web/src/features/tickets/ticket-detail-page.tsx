import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  canEscalate,
  mayEscalateTicket,
  mayRemoveEscalation,
  mayActOnTicket,
  ticketChannel,
  ticketEscalatedLockMessage,
  ticketSaveFailedMessage,
  technicianChoices,
  ticketStatusOptions,
  type EmployeeListItem,
  type PresenceUser,
  type TicketDetail,
} from '@switchboard/shared';
import { IconAlertTriangle, IconFlag, IconLogin, IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { withYou } from '../../components/you-badge.tsx';
import { api, isApiError } from '../../lib/api-client.ts';
import { useAuth, useCurrentUser, usePermissions } from '../../lib/auth-store.ts';
import {
  useCompanyAccountOptions,
  useCompanyDeviceOptions,
  useCompanyOptions,
  useSiteOptions,
} from '../../lib/company-options.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useChannel, usePresence } from '../../lib/socket.ts';
import { useStaticData } from '../../lib/static-data.ts';
import { ticketCalls, useRefreshTicket, useTicket, useTicketAction } from './api/tickets.ts';
import { CheckInsCard } from './components/check-ins-card.tsx';
import { DeviceMultiSelect } from './components/device-multi-select.tsx';
import { EscalateButton, RemoveEscalationButton } from './components/escalate-button.tsx';
import { EventsCard } from './components/events-card.tsx';
import { ReplyCard } from './components/reply-card.tsx';
import { ResponseCard } from './components/response-card.tsx';
import { ThreadCard } from '../../components/thread-card.tsx';
import { ViewerAvatars } from '../../components/viewer-avatars.tsx';
import { TextWithAttachmentsCard } from './components/text-with-attachments-card.tsx';
import { StepTicketView } from './components/step-ticket-view.tsx';
import { TodosCard } from './components/todos-card.tsx';
import { EditingWarning, useTicketSectionEditing } from './components/editing-warning.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import classes from './ticket-detail-page.module.css';

/** Spec 3 §2 Ticket detail: /ticket/{ticketId}, every section, live for every viewer on ticket_{id}. */
export function TicketDetailPage() {
  const id = Number(useParams().ticketId);
  const ticket = useTicket(id);
  const me = useCurrentUser();
  const refresh = useRefreshTicket(id);
  const staff = me?.type === 'Employee';

  // Client accounts follow their company's tickets too; the server sends them the thread, resolution and field events.
  useChannel(ticketChannel(id), {
    CheckInOut: (payload: { user?: { id: number; name: string }; direction?: string }) => {
      refresh();
      // Spec 3 §4: another user's check-in or check-out shows an info toast.
      if (payload.user && payload.user.id !== me?.id && (payload.direction === 'in' || payload.direction === 'out')) {
        notifications.show({
          color: 'blue',
          message: `${payload.user.name} checked ${payload.direction} ${payload.direction === 'in' ? 'to' : 'of'} this ticket`,
        });
      }
    },
    ResponseSent: refresh,
    TicketNotesAttachmentsChanged: refresh,
    TicketResolutionAttachmentsChanged: refresh,
    CreateTodo: refresh,
    UpdateTodo: refresh,
    DeleteTodo: refresh,
    TicketDataUpdated: refresh,
    TicketNotesSaved: (payload: { by?: number; name?: string }) => {
      refresh();
      if (payload.by !== me?.id && payload.name)
        notifications.show({ color: 'blue', message: `${payload.name} saved the notes` });
    },
  });

  if (ticket.isError && isApiError(ticket.error) && ticket.error.status === 404) return <NotFoundPage />;
  if (ticket.isPending) {
    return <PageLoader label="Loading ticket" />;
  }
  if (ticket.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        The ticket could not be loaded.
      </Alert>
    );
  }
  // A project's step ticket (decision 0061): staff work it here with its 0/1 status; a client account reads its
  // project's page, on the step's own card.
  if (ticket.data.project_id !== null) {
    if (staff) return <StepTicketView ticket={ticket.data} userId={me?.id ?? 0} />;
    return <Navigate to={`/projects/${ticket.data.project_id}#step-${ticket.data.project_order}`} replace />;
  }
  return <TicketView ticket={ticket.data} staff={staff} userId={me?.id ?? 0} />;
}

function TicketView({ ticket, staff, userId }: { ticket: TicketDetail; staff: boolean; userId: number }) {
  const viewers = usePresence(staff ? ticketChannel(ticket.id) : null);
  const present = viewers.filter((user) => user.id !== userId);
  const mayAct = staff && mayActOnTicket(ticket, userId);
  const permissions = usePermissions();
  // Decision 0058: Escalate only for its technician, a dispatcher or an administrator; an administrator can end it.
  const role = useCurrentUser()?.role ?? 'user';
  const mayEscalate = canEscalate(ticket) && mayEscalateTicket(ticket, { id: userId, role, permissions });
  const mayRemove = staff && mayRemoveEscalation(ticket, { id: userId, role });
  const checkInOut = useTicketAction(ticket.id, ticketCalls.checkInOut(ticket.id, ticket.company_id));
  const checkedIn = ticket.my_check_in !== null;

  const run = <T,>(mutation: { mutate: (value: T, options: object) => void }, value: T) =>
    mutation.mutate(value, {
      onSuccess: (answer: { message: string }) => notifications.show({ color: 'green', message: answer.message }),
      onError: (error: unknown) =>
        notifications.show({
          color: 'red',
          message: isApiError(error) && error.hasServerMessage ? error.message : ticketSaveFailedMessage,
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={1} size="h2">
              #{ticket.id} {ticket.subject}
            </Title>
            {staff && ticket.escalated ? (
              <Badge color="red">Escalated to {ticket.esc_tech_user?.name ?? 'someone'}</Badge>
            ) : null}
          </Group>
          <Text c="dimmed">
            {/* The company page is staff's; a client account reads its company's name. */}
            {staff ? (
              <Anchor component={Link} to={`/companies/${ticket.company_id}`}>
                {ticket.company.name}
              </Anchor>
            ) : (
              ticket.company.name
            )}
            {ticket.client ? ` · ${ticket.client.name}` : ''}
          </Text>
        </div>
        {staff ? (
          <Group gap="xs">
            <ViewerAvatars viewers={viewers} userId={userId} noun="ticket" />
            {mayEscalate ? <EscalateButton ticketId={ticket.id} userId={userId} /> : null}
            {mayRemove ? <RemoveEscalationButton ticketId={ticket.id} /> : null}
            <Button
              leftSection={checkedIn ? <IconLogout size={16} aria-hidden /> : <IconLogin size={16} aria-hidden />}
              color={checkedIn ? 'orange' : 'green'}
              disabled={!mayAct}
              loading={checkInOut.isPending}
              onClick={() => run(checkInOut, checkedIn ? 'out' : 'in')}
            >
              {checkedIn ? 'Check Out' : 'Check In'}
            </Button>
          </Group>
        ) : null}
      </Group>

      {staff && !mayAct ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {ticketEscalatedLockMessage}
          {mayRemove
            ? ' As an administrator, you can remove the escalation, then escalate it to another technician.'
            : ''}
        </Alert>
      ) : null}
      {/* The company's flags are instructions to staff; the server sends a client account none either. */}
      {staff && ticket.flags.length > 0 ? (
        <Alert
          color="red"
          variant="filled"
          icon={<IconFlag aria-hidden />}
          title="Company flags"
          role="note"
          aria-label="Company flags"
        >
          <Stack gap={2}>
            {ticket.flags.map((flag) => (
              <Text key={flag.id} size="sm">
                {flag.flag}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          {staff ? (
            <InformationCard ticket={ticket} disabled={!mayAct} present={present} />
          ) : (
            <DescriptionCard ticket={ticket} />
          )}
          {staff ? <TodosCard ticket={ticket} disabled={!mayAct} /> : null}
          {staff ? <DevicesCard companyId={ticket.company_id} /> : null}
        </Stack>
        <Stack gap="md">
          {staff ? <TextWithAttachmentsCard ticket={ticket} kind="notes" disabled={!mayAct} present={present} /> : null}
          <TextWithAttachmentsCard ticket={ticket} kind="resolution" disabled={!mayAct} present={present} />
          {staff ? <ResponseCard ticket={ticket} disabled={!mayAct} present={present} /> : null}
          {staff ? null : <ReplyCard ticketId={ticket.id} />}
          <ThreadCard threads={ticket.threads} />
          {staff ? (
            <CheckInsCard ticket={ticket} canEdit={permissions.includes('edit checkinout times') && mayAct} />
          ) : null}
          {staff ? <EventsCard events={ticket.ticket_events} /> : null}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A client account's view of its ticket (decision 0064): where it stands (status, technician, site, when it was
 * opened and last changed) and what it asked; notes, events and escalation stay staff's (decision 0032).
 */
function DescriptionCard({ ticket }: { ticket: TicketDetail }) {
  const statuses = useStaticData().data?.ticket_statuses;
  const status = statuses?.find((entry) => entry.id === ticket.status)?.name ?? '';
  const dated = (value: string) => (
    <>
      {new Date(value).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })} (
      <RelativeTime value={value} />)
    </>
  );
  const details: [string, ReactNode][] = [
    ['Status', status],
    ['Technician', ticket.technician?.name ?? 'Not assigned yet'],
    ['Site', ticket.site?.name ?? 'None'],
    ['Created', dated(ticket.created_at)],
    ['Last update', dated(ticket.updated_at)],
  ];
  return (
    <Card withBorder padding="md" role="group" aria-label="Ticket Details">
      <Title order={2} size="h4" mb="xs">
        Ticket Details
      </Title>
      <dl className={classes.details}>
        {details.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Title order={3} size="h5" mt="md" mb={4}>
        Description
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{ticket.body}</Text>
    </Card>
  );
}

/**
 * The information form moved to another company: the site and client were the old company's, so they are chosen
 * again from the new one's, and its devices dropped; Closed needs a client, so a closed ticket goes back to Open.
 */
type CompanyFields = {
  company_id: string;
  site_id: string | null;
  client_id: string | null;
  status: string;
  devices: string[];
};
function moveToCompany<T extends CompanyFields>(values: T, companyId: string): T {
  const status = values.status === '1' ? '2' : values.status;
  return { ...values, company_id: companyId, site_id: null, client_id: null, status, devices: [] };
}

/** The editable ticket information (spec 3 §2); Closed is offered only while a client is set. */
function InformationCard({
  ticket,
  disabled,
  present,
}: {
  ticket: TicketDetail;
  disabled: boolean;
  present: PresenceUser[];
}) {
  const data = useStaticData().data;
  const companies = useCompanyOptions();
  const technicians = useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    staleTime: 60_000,
  });
  const update = useTicketAction(ticket.id, ticketCalls.update(ticket.id));
  const navigate = useNavigate();
  const returnToQueue = useAuth((s) => s.user?.settings?.return_to_queue ?? false);
  const initial = {
    subject: ticket.subject,
    company_id: String(ticket.company_id),
    site_id: ticket.site_id ? String(ticket.site_id) : null,
    client_id: ticket.client_id ? String(ticket.client_id) : null,
    employee_id: ticket.employee_id ? String(ticket.employee_id) : null,
    location: String(ticket.location),
    triage_id: String(ticket.triage_id),
    status: String(ticket.status),
    esc_tech: ticket.esc_tech ? String(ticket.esc_tech) : null,
    devices: ticket.devices.map((device) => String(device.id)),
  };
  const [values, setValues] = useState(initial);
  const [seen, setSeen] = useState(ticket.updated_at);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Sites and client accounts are those of the company chosen in the form, which may not be saved yet.
  const sites = useSiteOptions(Number(values.company_id));
  const accounts = useCompanyAccountOptions(Number(values.company_id));
  const companyDevices = useCompanyDeviceOptions(Number(values.company_id));
  const { others, sectionRef } = useTicketSectionEditing(
    ticket.id,
    'information',
    present,
    JSON.stringify(values) !== JSON.stringify(initial),
  );
  // Another viewer's save: take the new values.
  if (seen !== ticket.updated_at) {
    setSeen(ticket.updated_at);
    setValues(initial);
  }
  const options = (list: { id: number; name: string }[] | undefined) =>
    (list ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }));
  const myId = useCurrentUser()?.id;
  // Technicians (decision 0078); the ticket's own technician, or escalation technician, keeps showing by name.
  const techOptions = (keep: number | null) =>
    technicianChoices(technicians.data ?? [], [keep]).map((tech) => ({
      value: String(tech.user_id),
      label: withYou(tech.user.name, tech.user_id === myId),
    }));
  // A maintenance ticket that names its server closes without a client account (decision 0062).
  const statuses = ticketStatusOptions(
    data?.ticket_statuses ?? [],
    values.client_id ? Number(values.client_id) : null,
    ticket.server_id,
  );
  const field = (name: Exclude<keyof typeof values, 'devices'>) => ({
    value: values[name],
    error: errors[name],
    disabled,
    onChange: (value: string | null) => setValues({ ...values, [name]: value }),
  });

  const save = () =>
    update.mutate(
      {
        ...values,
        devices: values.devices.map(Number),
        site_id: values.site_id ?? '',
        client_id: values.client_id ?? '',
        employee_id: values.employee_id ?? '',
        ...(ticket.escalated ? { esc_tech: values.esc_tech ?? '' } : { esc_tech: undefined }),
      },
      {
        onSuccess: (answer) => {
          setErrors({});
          notifications.show({ color: 'green', message: answer.message });
          // Spec 1 §3.2 return_to_queue: saving (or closing) a ticket goes back to the queue.
          if (returnToQueue) void navigate('/tickets');
        },
        onError: (error) => {
          const { fields } = getFormErrors(error);
          setErrors(fields);
          notifications.show({ color: 'red', message: ticketSaveFailedMessage });
        },
      },
    );

  return (
    <Card withBorder padding="md" role="group" aria-label="Ticket Information" ref={sectionRef}>
      <Title order={2} size="h4" mb="xs">
        Ticket Information
      </Title>
      <Stack gap="xs">
        <EditingWarning others={others} />
        <TextInput
          label="Subject"
          value={values.subject}
          error={errors.subject}
          disabled={disabled}
          onChange={(event) => setValues({ ...values, subject: event.currentTarget.value })}
        />
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c="dimmed">
          {ticket.body}
        </Text>
        <SimpleGrid cols={2}>
          <Select label="Status" data={options(statuses)} {...field('status')} />
          <Select label="Triage" data={options(data?.triage)} {...field('triage_id')} />
          <Select label="Ticket Type" data={options(data?.ticket_type)} {...field('location')} />
          <Select
            label="Technician"
            searchable
            clearable
            data={techOptions(ticket.employee_id)}
            {...field('employee_id')}
          />
          <Select
            label="Company"
            searchable
            allowDeselect={false}
            data={options(companies.data)}
            {...field('company_id')}
            onChange={(value) => value && value !== values.company_id && setValues(moveToCompany(values, value))}
          />
          <Select label="Site" searchable clearable data={options(sites.data)} {...field('site_id')} />
          <Select
            label="Client"
            searchable
            clearable
            data={options(accounts.data)}
            {...field('client_id')}
            // Clearing the client takes Closed away (spec 3 §2).
            onChange={(value) =>
              setValues({ ...values, client_id: value, status: !value && values.status === '1' ? '2' : values.status })
            }
          />
          {ticket.escalated ? (
            <Select
              label="Escalation Technician"
              searchable
              data={techOptions(ticket.esc_tech)}
              {...field('esc_tech')}
            />
          ) : null}
        </SimpleGrid>
        <DeviceMultiSelect
          devices={companyDevices.data}
          value={values.devices}
          onChange={(devices) => setValues({ ...values, devices })}
          error={errors.devices}
          disabled={disabled}
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} disabled={disabled}>
            Update
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function DevicesCard({ companyId }: { companyId: number }) {
  const devices = useCompanyDeviceOptions(companyId);
  const servers = (devices.data ?? []).filter((device) => device.type === 'servers');
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Devices
        </Title>
        <Anchor component={Link} to={`/companies/${companyId}/devices`} size="sm">
          All {devices.data?.length ?? 0} devices
        </Anchor>
      </Group>
      {servers.length === 0 ? (
        <Text c="dimmed" size="sm">
          No servers on record.
        </Text>
      ) : (
        servers.map((device) => (
          <Text key={device.id} size="sm">
            {device.name} · {device.site}
          </Text>
        ))
      )}
    </Card>
  );
}
