import { ActionIcon, Alert, Button, Group, List, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useDeleteAdminRow, useSaveAdminRow, type AdminList, type AdminLists } from './admin-api.ts';

// Pieces shared by the three admin lists: the row's edit/delete buttons and the delete confirmation, which shows
// every reason the server gives for refusing (a 422 naming the leads, employees or companies that use the row).

export function RowActions({ label, onEdit, onDelete }: { label: string; onEdit(): void; onDelete(): void }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${label}`} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Every message of a refusal: the 422's field messages, else the server's message, else the generic text. */
function refusalOf(error: unknown): string[] {
  if (error instanceof ApiError && error.errors) {
    const all = Object.values(error.errors).flat();
    if (all.length > 0) return all;
  }
  return [getFormErrors(error).message];
}

export function DeleteRowModal({
  list,
  title,
  row,
  hint,
  onClose,
}: {
  list: AdminList;
  title: string;
  row: { id: number; label: string } | null;
  hint?: string;
  onClose(): void;
}) {
  const remove = useDeleteAdminRow(list);
  const [problems, setProblems] = useState<string[]>([]);
  useEffect(() => setProblems([]), [row?.id]);
  const confirm = () => {
    if (!row) return;
    remove.mutate(row.id, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        onClose();
      },
      onError: (error) => setProblems(refusalOf(error)),
    });
  };
  return (
    <Modal opened={row !== null} onClose={onClose} title={title}>
      <Stack>
        <Text>Delete {row?.label}?</Text>
        {problems.length > 0 && (
          <Alert color="red" title="It cannot be deleted">
            <List size="sm">
              {problems.map((problem) => (
                <List.Item key={problem}>{problem}</List.Item>
              ))}
            </List>
            {hint ? <Text size="sm">{hint}</Text> : null}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Saves a row from a dialog: the server's 422 texts go under their fields, any other failure in the banner. */
export function useSaveRow<K extends AdminList>(list: K, onDone: () => void) {
  const save = useSaveAdminRow(list);
  const [banner, setBanner] = useState<string | null>(null);
  const submit = (
    id: number | null,
    input: AdminLists[K]['input'],
    setErrors: (errors: Record<string, string>) => void,
  ) => {
    setBanner(null);
    save.mutate(
      { id, input },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onDone();
        },
        onError: (error) => {
          const problems = getFormErrors(error);
          setErrors(problems.fields);
          setBanner(problems.message);
        },
      },
    );
  };
  return { submit, banner, setBanner, pending: save.isPending };
}
