import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { employmentMessages, type SeparationType } from '@switchboard/shared/hr/employment';
import { useState } from 'react';
import { localToday, SeparationDialog as SharedSeparationDialog } from '../../components/separation-dialog.tsx';

// designs/hr.md §7: disabling an employee asks the separation date and type (and an optional reason); enabling one
// again asks the rehire date. The answers travel with the employee form's save (fields separation_date,
// separation_type, separation_reason, rehire_date), which the server records with the change in one transaction.

export interface SeparationValues {
  separation_date: string;
  separation_type: SeparationType;
  separation_reason: string;
}

export function SeparationDialog({
  opened,
  name,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  onCancel: () => void;
  onConfirm: (values: SeparationValues) => void;
}) {
  return (
    <SharedSeparationDialog
      opened={opened}
      title="Disable employee"
      intro={
        <Text size="sm">{name} can no longer sign in once you save. HR reports count the separation on this date.</Text>
      }
      confirmLabel="Disable"
      onCancel={onCancel}
      onConfirm={(separation) => onConfirm({ ...separation, separation_reason: separation.separation_reason ?? '' })}
    />
  );
}

export function RehireDialog({
  opened,
  name,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  name: string;
  onCancel: () => void;
  onConfirm: (rehireDate: string) => void;
}) {
  const [date, setDate] = useState(localToday);
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError(employmentMessages.rehireDate);
    if (date > localToday()) return setError(employmentMessages.rehireFuture);
    setError(null);
    onConfirm(date);
  };
  return (
    <Modal opened={opened} onClose={onCancel} title="Enable employee" centered>
      <Stack gap="sm">
        <Text size="sm">HR reports count {name} as rehired on this date once you save.</Text>
        <TextInput
          type="date"
          label="Rehire date"
          required
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={confirm}>Enable</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
