import { Badge, Button, Card, Group, Stack, Table, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  flagCreateFailedMessage,
  flagDeleteConfirmButton,
  flagDeleteConfirmText,
  flagDeleteConfirmTitle,
  flagRemovedMessage,
  flagRestoredMessage,
  type Flag,
} from '@switchboard/shared';
import { IconFlag, IconRestore, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmDelete, showFailedDialog } from '../../../components/confirm-dialogs.tsx';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useAddFlag, useDeleteFlag, useFlags, useRestoreFlag } from '../api/flags.ts';
import type { CompanyTabProps } from './tab-props.ts';

/** Spec 2 §2 Ticket Flags tab: add, delete (with confirmation) and restore the company's ticket flags. */
export function FlagsTab({ companyId }: CompanyTabProps) {
  const flags = useFlags(companyId);
  const add = useAddFlag(companyId);
  const remove = useDeleteFlag(companyId);
  const restore = useRestoreFlag(companyId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setError('The flag field is required.');
      return;
    }
    add.mutate(text, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        setText('');
        setError(null);
      },
      onError: (failure) => {
        const { fields } = getFormErrors(failure);
        if (fields.flag) setError(fields.flag);
        else notifications.show({ color: 'red', message: flagCreateFailedMessage });
      },
    });
  };

  const askDelete = (flag: Flag) =>
    confirmDelete({
      title: flagDeleteConfirmTitle,
      text: flagDeleteConfirmText,
      confirm: flagDeleteConfirmButton,
      onConfirm: () =>
        remove.mutate(flag.id, {
          onSuccess: () => notifications.show({ color: 'green', message: flagRemovedMessage }),
          onError: (failure) => showFailedDialog(getFormErrors(failure).message),
        }),
    });

  const rows = flags.data ?? [];
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <form onSubmit={submit} noValidate aria-label="Add Flag">
          <Group align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              label="Flag"
              placeholder="Something every technician should know before working this client's tickets"
              leftSection={<IconFlag size={16} aria-hidden />}
              value={text}
              error={error}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              Add Flag
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder padding={0}>
        <Table striped verticalSpacing="sm" aria-label="Ticket Flags">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Flag</Table.Th>
              <Table.Th>Created By</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Action" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flags.isSuccess && rows.length === 0 ? <EmptyTableRow colSpan={5} message="No Flags Found" /> : null}
            {rows.map((flag) => (
              <Table.Tr key={flag.id} data-flag-id={flag.id} c={flag.deleted_at ? 'dimmed' : undefined}>
                <Table.Td style={{ textDecoration: flag.deleted_at ? 'line-through' : undefined }}>
                  {flag.flag}
                </Table.Td>
                <Table.Td>{flag.created_by ?? ''}</Table.Td>
                <Table.Td>
                  <RelativeTime value={flag.created_at} />
                </Table.Td>
                <Table.Td>
                  {flag.deleted_at ? (
                    <Badge color="gray">Deleted by {flag.deleted_by ?? 'someone'}</Badge>
                  ) : (
                    <Badge color="green">Active</Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {flag.deleted_at ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconRestore size={14} aria-hidden />}
                      onClick={() =>
                        restore.mutate(flag.id, {
                          onSuccess: () => notifications.show({ color: 'green', message: flagRestoredMessage }),
                          onError: (failure) =>
                            notifications.show({ color: 'red', message: getFormErrors(failure).message }),
                        })
                      }
                    >
                      Restore
                    </Button>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      onClick={() => askDelete(flag)}
                    >
                      Delete
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
