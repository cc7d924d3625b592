import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { escalationReasonSchema, ticketSaveFailedMessage } from '@switchboard/shared';
import { IconUrgent } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { ticketCalls, useTicketAction } from '../api/tickets.ts';

/** Escalate asks first, with the reason that goes into the ticket's events (issue 15 part 8). */
export function EscalateButton({ ticketId }: { ticketId: number }) {
  const escalate = useTicketAction(ticketId, ticketCalls.escalate(ticketId));
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setOpened(false);
    setError(undefined);
  };

  const confirm = () => {
    const checked = escalationReasonSchema.safeParse(reason);
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    escalate.mutate(checked.data, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        setReason('');
        close();
      },
      onError: (failure) => {
        const { fields } = getFormErrors(failure);
        if (fields.reason) return setError(fields.reason);
        const message = isApiError(failure) && failure.hasServerMessage ? failure.message : ticketSaveFailedMessage;
        notifications.show({ color: 'red', message });
      },
    });
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
          <Text size="sm">You become its escalation technician: until you hand it on, only you can work on it.</Text>
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
