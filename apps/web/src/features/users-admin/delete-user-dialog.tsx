import { Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  employmentMessages,
  separationFormSchema,
  separationTypeLabels,
  separationTypes,
  type SeparationForm,
} from '@switchboard/shared/hr/employment';
import type { UserAdminRow } from '@switchboard/shared';
import { useState } from 'react';

// Spec 1 §8's delete confirmation ('Are you sure?', "You won't be able to revert this!", 'Yes, delete it!') asking, as
// designs/hr.md §7 wants of every disabling, the separation: its date, type (voluntary or involuntary, required) and
// an optional reason. DELETE /api/user/{id} records it in the disabling's transaction (hr_employment_events).

export const deleteConfirmTitle = 'Are you sure?';
export const deleteConfirmText = "You won't be able to revert this!";
export const deleteConfirmButton = 'Yes, delete it!';

function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function DeleteUserDialog({
  user,
  onCancel,
  onConfirm,
}: {
  user: UserAdminRow;
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
    <Modal opened onClose={onCancel} title={<Text fw={600}>{deleteConfirmTitle}</Text>} centered>
      <Stack gap="sm">
        <Text>{deleteConfirmText}</Text>
        <Text size="sm" c="dimmed">
          {user.name} is disabled. HR reports count the separation on this date.
        </Text>
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
            {deleteConfirmButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
