import { Text } from '@mantine/core';
import type { SeparationForm } from '@switchboard/shared/hr/employment';
import type { UserAdminRow } from '@switchboard/shared';
import { SeparationDialog } from '../../components/separation-dialog.tsx';

// Spec 1 §8's delete confirmation ('Are you sure?', "You won't be able to revert this!", 'Yes, delete it!') asking, as
// designs/hr.md §7 wants of every disabling, the separation: its date, type (voluntary or involuntary, required) and
// an optional reason. DELETE /api/user/{id} records it in the disabling's transaction (hr_employment_events).

export const deleteConfirmTitle = 'Are you sure?';
export const deleteConfirmText = "You won't be able to revert this!";
export const deleteConfirmButton = 'Yes, delete it!';

export function DeleteUserDialog({
  user,
  onCancel,
  onConfirm,
}: {
  user: UserAdminRow;
  onCancel: () => void;
  onConfirm: (separation: SeparationForm) => void;
}) {
  return (
    <SeparationDialog
      opened
      title={<Text fw={600}>{deleteConfirmTitle}</Text>}
      intro={
        <>
          <Text>{deleteConfirmText}</Text>
          <Text size="sm" c="dimmed">
            {user.name} is disabled. HR reports count the separation on this date.
          </Text>
        </>
      }
      confirmLabel={deleteConfirmButton}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
