import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ticketSaveFailedMessage, type CheckIn } from '@switchboard/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { useState } from 'react';
import { getFormErrors } from '../lib/form-errors.ts';

dayjs.extend(utc);

/** One row of POST /api/ticket/checkinout/update (spec 3 §7): times in UTC, billable 0 Billable, 1 Non-Billable. */
export interface CheckInChange {
  id: number;
  start_time: string;
  end_time: string | null;
  billable: number;
}

// Spec 3 §3: check-in times are edited in UTC.
const utcInput = (iso: string | null) => (iso ? dayjs.utc(iso).format('YYYY-MM-DDTHH:mm') : '');

/**
 * Spec 3 §6 'edit checkinout times': a check-in's start, end (UTC) and billable flag, saved by the page's own call
 * (the ticket page and the project page both use it).
 */
export function EditCheckInModal({
  checkIn,
  save,
  onClose,
}: {
  checkIn: CheckIn;
  save: UseMutationResult<{ message: string }, Error, CheckInChange[]>;
  onClose: () => void;
}) {
  const [start, setStart] = useState(utcInput(checkIn.start_time));
  const [end, setEnd] = useState(utcInput(checkIn.end_time));
  const [billable, setBillable] = useState(String(checkIn.billable));
  const [error, setError] = useState<string | null>(null);
  const submit = () =>
    save.mutate(
      [{ id: checkIn.id, start_time: `${start}:00Z`, end_time: end ? `${end}:00Z` : null, billable: Number(billable) }],
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        onError: (failure) => {
          const { fields } = getFormErrors(failure);
          setError(Object.values(fields)[0] ?? ticketSaveFailedMessage);
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Edit Check-in">
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="Start (UTC)"
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label="End (UTC)"
          value={end}
          onChange={(event) => setEnd(event.currentTarget.value)}
        />
        <Select
          label="Billing"
          data={[
            { value: '0', label: 'Billable' },
            { value: '1', label: 'Non-Billable' },
          ]}
          value={billable}
          onChange={(value) => setBillable(value ?? '0')}
        />
        {error ? (
          <Text c="red" size="sm">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
