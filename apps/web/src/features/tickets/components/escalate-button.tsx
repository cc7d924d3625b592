import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  escalationReasonSchema,
  technicianChoices,
  ticketFieldMessages,
  ticketSaveFailedMessage,
  type EmployeeListItem,
} from '@switchboard/shared';
import { IconUrgent } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { withYou } from '../../../components/you-badge.tsx';
import { api, isApiError } from '../../../lib/api-client.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';

/**
 * Escalate asks first, with the reason that goes into the ticket's events (issue 15 part 8), and whom it goes to: the
 * escalator by default when a technician, or another technician a dispatcher chooses (decisions 0058, 0078).
 */
export function EscalateButton({ ticketId, userId }: { ticketId: number; userId: number }) {
  const escalate = useTicketAction(ticketId, ticketCalls.escalate(ticketId));
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [escTech, setEscTech] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [techError, setTechError] = useState<string | undefined>();
  const technicians = useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: EmployeeListItem[] }>('/api/users/employee.list', { signal })).data,
    staleTime: 60_000,
    enabled: opened,
  });
  // Only technicians are escalation technicians (decision 0078); the escalator is chosen first if they are one.
  const techOptions = technicianChoices(technicians.data ?? []).map((tech) => ({
    value: String(tech.user_id),
    label: withYou(tech.user.name, tech.user_id === userId),
  }));
  const chosen = escTech ?? (techOptions.some((option) => option.value === String(userId)) ? String(userId) : null);
  const close = () => {
    setOpened(false);
    setError(undefined);
    setTechError(undefined);
  };

  const confirm = () => {
    const checked = escalationReasonSchema.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    if (chosen === null) return setTechError(ticketFieldMessages.esc_tech);
    escalate.mutate(
      { reason: checked.data, esc_tech: Number(chosen) },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          setReason('');
          close();
        },
        onError: (failure) => {
          const { fields } = getFormErrors(failure);
          if (fields.reason || fields.esc_tech) {
            setError(fields.reason);
            return setTechError(fields.esc_tech);
          }
          const message = isApiError(failure) && failure.hasServerMessage ? failure.message : ticketSaveFailedMessage;
          notifications.show({ color: 'red', message });
        },
      },
    );
  };

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconUrgent size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Escalate
      </Button>
      <Modal opened={opened} onClose={close} title="Escalate this ticket?">
        <Stack gap="sm">
          <Text size="sm">
            Until the escalation ends or is handed on, only its escalation technician can work on this ticket.
          </Text>
          <Select
            label="Escalation Technician"
            searchable
            allowDeselect={false}
            data={techOptions}
            value={chosen}
            onChange={setEscTech}
            error={techError}
          />
          <Textarea
            label="Reason"
            required
            autosize
            minRows={3}
            data-autofocus
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={escalate.isPending}>
              Escalate
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * Ends the escalation (decision 0058): offered to administrators, who can always free a ticket escalated to someone
 * absent or gone, and to its escalation technician.
 */
export function RemoveEscalationButton({ ticketId }: { ticketId: number }) {
  const remove = useTicketAction(ticketId, ticketCalls.deescalate(ticketId));
  const [opened, setOpened] = useState(false);
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        setOpened(false);
      },
      onError: (failure) => {
        const message = isApiError(failure) && failure.hasServerMessage ? failure.message : ticketSaveFailedMessage;
        notifications.show({ color: 'red', message });
      },
    });

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Remove escalation
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Remove the escalation?">
        <Stack gap="sm">
          <Text size="sm">
            Everyone who works tickets can act on it again. To hand it to another technician, escalate it again.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={remove.isPending}>
              Remove escalation
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
