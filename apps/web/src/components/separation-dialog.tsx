import { Button, Group, Modal, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import {
  employmentMessages,
  separationFormSchema,
  separationTypeLabels,
  separationTypes,
  type SeparationForm,
} from '@switchboard/shared/hr/employment';
import { useState, type ReactNode } from 'react';

// designs/hr.md §7: every disabling of an employee asks the separation date (not in the future), type (required) and
// an optional reason. The employee form's Disable and /users' delete both ask it through this dialog.

/** Today in the browser's own zone, as the date input writes it. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function SeparationDialog({
  opened,
  title,
  intro,
  confirmLabel,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: ReactNode;
  intro: ReactNode;
  confirmLabel: string;
  onCancel: () => void;
  onConfirm: (separation: SeparationForm) => void;
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
    onConfirm(parsed.data);
  };

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="sm">
        {intro}
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
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
