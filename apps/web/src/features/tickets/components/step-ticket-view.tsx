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
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  closedClockReason,
  PROJECT_DAY_ORDER,
  STEP_CLOSED,
  STEP_OPEN,
  stepsClockReason,
  stepStatusLabels,
  stepStatusOf,
  ticketChannel,
  ticketSaveFailedMessage,
  type TicketDetail,
} from '@switchboard/shared';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ViewerAvatars } from '../../../components/viewer-avatars.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { usePresence } from '../../../lib/socket.ts';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';
import { CheckInsCard } from './check-ins-card.tsx';
import { EventsCard } from './events-card.tsx';
import { TextWithAttachmentsCard } from './text-with-attachments-card.tsx';
import { TodosCard } from './todos-card.tsx';

const statusOptions = ([STEP_OPEN, STEP_CLOSED] as const).map((status) => ({
  value: String(status),
  label: stepStatusLabels[status],
}));

// A refusal the server explains (All Substeps Must Be Closed, the quotes' gate) is shown as it says.
const failure = (error: unknown) => {
  const fieldMessage = Object.values(getFormErrors(error).fields)[0];
  const serverMessage = isApiError(error) && error.hasServerMessage ? error.message : null;
  notifications.show({ color: 'red', message: fieldMessage ?? serverMessage ?? ticketSaveFailedMessage });
};
const success = (answer: { message: string }) => notifications.show({ color: 'green', message: answer.message });

/**
 * A project's step ticket at /ticket/{id} for staff (decision 0061): its notes with revisions and attachments, to-dos,
 * events and check-ins, as any ticket; its status is the step's own 0 Open / 1 Closed (spec 3 §3, §4), and its clock
 * follows the step card's rules (Closed; Project Day's time goes on its labor steps: Use Steps). The panel, the
 * contact thread and the project's fields stay on the project page, linked at the top.
 */
export function StepTicketView({ ticket, userId }: { ticket: TicketDetail; userId: number }) {
  const viewers = usePresence(ticketChannel(ticket.id));
  const present = viewers.filter((user) => user.id !== userId);
  const permissions = usePermissions();
  const stepStatus = stepStatusOf(ticket.status);
  const closed = stepStatus === STEP_CLOSED;
  const [status, setStatus] = useState(String(stepStatus));
  const [seen, setSeen] = useState(stepStatus);
  // Another viewer (or the project page) changed the status: show the saved one.
  if (seen !== stepStatus) {
    setSeen(stepStatus);
    setStatus(String(stepStatus));
  }
  const save = useTicketAction(ticket.id, (next: number) =>
    api.put<{ message: string }>(`/api/ticket/${ticket.id}`, { status: next, ticket_id: ticket.id }),
  );
  const checkInOut = useTicketAction(ticket.id, ticketCalls.checkInOut(ticket.id, ticket.company_id));
  const checkedIn = ticket.my_check_in !== null;
  // Checking out stays possible on a step closed meanwhile: the open time is not lost.
  const clockOff = checkedIn
    ? null
    : closed
      ? closedClockReason
      : ticket.project_order === PROJECT_DAY_ORDER
        ? stepsClockReason
        : null;
  const projectLink = `/projects/${ticket.project_id}#step-${ticket.project_order}`;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="xs">
            <Title order={1} size="h2">
              #{ticket.id} {ticket.subject}
            </Title>
            <Badge color={closed ? 'gray' : 'blue'} variant="light">
              {stepStatusLabels[stepStatus]}
            </Badge>
          </Group>
          <Text c="dimmed">
            <Anchor component={Link} to={projectLink}>
              Step {ticket.project_order} of project #{ticket.project_id}
            </Anchor>
            {` · ${ticket.company.name}`}
          </Text>
        </div>
        <Group gap="xs">
          <ViewerAvatars viewers={viewers} userId={userId} noun="ticket" />
          <Tooltip label={clockOff} disabled={clockOff === null}>
            <span data-disabled-reason={clockOff ?? undefined}>
              <Button
                leftSection={checkedIn ? <IconLogout size={16} aria-hidden /> : <IconLogin size={16} aria-hidden />}
                color={checkedIn ? 'orange' : 'green'}
                disabled={clockOff !== null}
                loading={checkInOut.isPending}
                onClick={() => checkInOut.mutate(checkedIn ? 'out' : 'in', { onSuccess: success, onError: failure })}
              >
                {checkedIn ? 'Check Out' : 'Check In'}
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Group>
      {ticket.project_order === PROJECT_DAY_ORDER && !closed ? (
        <Alert color="blue" variant="light">
          Time on Project Day is clocked on its labor steps, on the{' '}
          <Anchor component={Link} to={projectLink}>
            project page
          </Anchor>
          .
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <Card withBorder padding="md" role="group" aria-label="Step status">
            <Title order={2} size="h4" mb="xs">
              Step status
            </Title>
            <Group gap="xs" align="flex-end">
              <Select
                label="Status"
                size="xs"
                w={120}
                allowDeselect={false}
                data={statusOptions}
                value={status}
                onChange={(value) => setStatus(value ?? String(stepStatus))}
              />
              <Button
                size="xs"
                loading={save.isPending}
                onClick={() => save.mutate(Number(status), { onSuccess: success, onError: failure })}
              >
                Save
              </Button>
            </Group>
          </Card>
          <TodosCard ticket={ticket} disabled={false} />
          <EventsCard events={ticket.ticket_events} />
        </Stack>
        <Stack gap="md">
          <TextWithAttachmentsCard ticket={ticket} kind="notes" disabled={false} present={present} />
          <CheckInsCard ticket={ticket} canEdit={permissions.includes('edit checkinout times')} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
