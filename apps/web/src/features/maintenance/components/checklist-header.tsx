import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  TICKET_STATUS_CLOSED,
  checkInToast,
  isCheckedIn,
  ticketChannel,
  type MaintenanceTicketCheckIns,
} from '@switchboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/auth-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useChannel } from '../../../lib/socket.ts';
import {
  checkInsKey,
  maintenanceKey,
  useCheckInOut,
  useCloseMaintenanceTicket,
  useTicketCheckIns,
} from '../api/maintenance.ts';
import { notesPath, useChecklistTarget } from '../maintenance-paths.ts';

const closeFailedMessage = 'An error occured.';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/**
 * Spec 2 §2 Live check-in on checklist pages: the ticket's check-ins, the current user's Check In / Check Out, live on
 * ticket_{id} (CheckInOut adds or replaces check-ins with a toast for others; BaselineUpdated reloads the records).
 */
export function ChecklistHeader({
  title,
  ticketId,
  companyId,
  onRecordUpdated,
  notesLink = true,
}: {
  title: string;
  ticketId: number;
  companyId: number;
  onRecordUpdated?: () => void;
  /** The link to the month's notes (not on the notes page itself). */
  notesLink?: boolean;
}) {
  const target = useChecklistTarget();
  const close = useCloseMaintenanceTicket(ticketId);
  const me = useCurrentUser();
  const client = useQueryClient();
  const ticket = useTicketCheckIns(ticketId);
  const checkInOut = useCheckInOut(ticketId, companyId);

  useChannel(ticketChannel(ticketId), {
    CheckInOut: (payload: { user?: { id: number; name: string }; direction?: string }) => {
      void client.invalidateQueries({ queryKey: checkInsKey(ticketId) });
      if (payload.user && payload.user.id !== me?.id && (payload.direction === 'in' || payload.direction === 'out'))
        notifications.show({ color: 'blue', message: checkInToast(payload.user.name, payload.direction) });
    },
    BaselineUpdated: (payload: { by?: number }) => {
      void client.invalidateQueries({ queryKey: [...maintenanceKey, 'month'] });
      void client.invalidateQueries({ queryKey: [...maintenanceKey, 'notes'] });
      if (payload.by !== me?.id) onRecordUpdated?.();
    },
  });

  const checkIns: MaintenanceTicketCheckIns['check_ins'] = ticket.data?.check_ins ?? [];
  const checkedIn = isCheckedIn(checkIns, me?.id);
  const closed = ticket.data?.status === TICKET_STATUS_CLOSED;
  const closeTicket = () =>
    close.mutate(undefined, {
      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
      onError: (error) =>
        notifications.show({ color: 'red', message: isApiError(error) ? error.message : closeFailedMessage }),
    });
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2}>{title}</Title>
          <Text size="sm" c="dimmed">
            Ticket{' '}
            <Anchor component={Link} to={`/ticket/${ticketId}`}>
              #{ticketId}
            </Anchor>
            {ticket.data ? ` · ${ticket.data.subject}` : ''}
            {notesLink && (
              <>
                {' · '}
                <Anchor component={Link} to={notesPath({ ...target, ticketId, companyId })}>
                  Maintenance Notes
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          {closed ? (
            <Badge color="green" size="lg" variant="light">
              Ticket Closed
            </Badge>
          ) : (
            // Decision 0062: the month's work is done when its ticket is closed; the month page turns green.
            <Button variant="default" loading={close.isPending} disabled={!ticket.data} onClick={closeTicket}>
              Close Ticket
            </Button>
          )}
          <Button
            color={checkedIn ? 'red' : 'green'}
            loading={checkInOut.isPending}
            onClick={() => checkInOut.mutate(checkedIn ? 'out' : 'in')}
          >
            {checkedIn ? 'Check Out' : 'Check In'}
          </Button>
        </Group>
      </Group>
      <Stack gap={4} mt="sm" aria-label="Check-ins" role="list">
        {checkIns.length === 0 && (
          <Text size="sm" c="dimmed">
            No one has checked in to this ticket yet.
          </Text>
        )}
        {checkIns.slice(0, 10).map((checkIn) => (
          <Group key={checkIn.id} gap="xs" role="listitem">
            <Text size="sm" fw={500}>
              {checkIn.user.name}
            </Text>
            <Text size="sm" c="dimmed">
              {timeOf(checkIn.start_time)} – {checkIn.end_time ? timeOf(checkIn.end_time) : ''}
            </Text>
            {checkIn.end_time === null && (
              <Badge color="green" size="sm" variant="light">
                Checked in
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
