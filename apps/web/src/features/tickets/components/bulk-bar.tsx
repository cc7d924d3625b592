import { Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ticketSaveFailedMessage, TICKET_STATUS_CLOSED, type TicketBulkAction } from '@switchboard/shared';
import { useStaticData } from '../../../lib/static-data.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useBulkChangeTickets, useTechnicianOptions } from '../api/tickets.ts';

const unassigned = 'unassigned';

/** Changes the chosen tickets at once: status, technician or close; all or none, each an event on its ticket. */
export function BulkBar({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const statuses = useStaticData().data?.ticket_statuses ?? [];
  const technicians = useTechnicianOptions(true);
  const bulk = useBulkChangeTickets();
  const run = (action: TicketBulkAction, value?: number | null) =>
    bulk.mutate(
      { ids, action, value },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onDone();
        },
        // The server names the ticket that stopped the batch (nothing was changed).
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: isApiError(error) && error.hasServerMessage ? error.message : ticketSaveFailedMessage,
          }),
      },
    );
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label="Change selected tickets">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {ids.length} selected
      </Text>
      <Select
        size="xs"
        w={170}
        aria-label="Set status"
        placeholder="Set status"
        data={statuses
          .filter((status) => status.id !== TICKET_STATUS_CLOSED)
          .map((status) => ({ value: String(status.id), label: status.name }))}
        value={null}
        onChange={(value) => value && run('status', Number(value))}
        disabled={bulk.isPending}
      />
      <Select
        size="xs"
        w={190}
        searchable
        aria-label="Assign technician"
        placeholder="Assign technician"
        data={[{ value: unassigned, label: 'Unassigned' }, ...(technicians.data ?? [])]}
        value={null}
        onChange={(value) => value && run('technician', value === unassigned ? null : Number(value))}
        disabled={bulk.isPending}
      />
      <Button size="compact-sm" variant="light" color="red" onClick={() => run('close')} loading={bulk.isPending}>
        Close tickets
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={onDone}>
        Clear selection
      </Button>
    </Group>
  );
}
