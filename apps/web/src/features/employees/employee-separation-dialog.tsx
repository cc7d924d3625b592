import { Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  employmentMessages,
  separationFormSchema,
  separationTypeLabels,
  separationTypes,
  type SeparationType,
} from '@switchboard/shared/hr/employment';
import { useState } from 'react';

// designs/hr.md §7: disabling an employee asks the separation date and type (and an optional reason); enabling one
// again asks the rehire date. The answers travel with the employee form's save (fields separation_date,
// separation_type, separation_reason, rehire_date), which the server records with the change in one transaction.

export interface SeparationValues {
  separation_date: string;
  separation_type: SeparationType;
  separation_reason: string;
}

function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
  const [date, setDate] = useState(localToday);
  const [type, setType] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const confirm = () => {
    const parsed = separationFormSchema.safeParse({
      separation_date: date,
      separation_type: type ?? undefined,
      separation_reason: reason,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    if (parsed.data.separation_date > localToday()) {
      setErrors({ separation_date: employmentMessages.separationFuture });
      return;
    }
    setErrors({});
    onConfirm({
      separation_date: parsed.data.separation_date,
      separation_type: parsed.data.separation_type,
      separation_reason: parsed.data.separation_reason ?? '',
    });
  };

  return (
    <Modal opened={opened} onClose={onCancel} title="Disable employee" centered>
      <Stack gap="sm">
        <Text size="sm">{name} can no longer sign in once you save. HR reports count the separation on this date.</Text>
        <TextInput
          type="date"
          label="Separation date"
          required
          value={date}
          onChange={(event) => setDate(event.currentTarget.value)}
          error={errors.separation_date}
        />
        <Radio.Group label="Separation type" required value={type} onChange={setType} error={errors.separation_type}>
          <Group mt={6}>
            {separationTypes.map((value) => (
              <Radio key={value} value={value} label={separationTypeLabels[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Reason"
          description="Optional; seen by HR only."
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.separation_reason}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm}>
            Disable
          </Button>
        </Group>
      </Stack>
    </Modal>
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
