import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { cannotDeleteSelfMessage, userAdminTypeLabels, type UserAdminRow } from '@switchboard/shared';
import type { SeparationForm } from '@switchboard/shared/hr/employment';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { YouBadge } from '../../components/you-badge.tsx';
import { useState } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { RelativeTime } from '../../components/relative-time.tsx';
import { showFailedDialog } from '../../components/confirm-dialogs.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser } from '../../lib/auth-store.ts';
import { useDeleteUser, useUsers } from './api/users.ts';
import { DeleteUserDialog } from './delete-user-dialog.tsx';
import { UserFormModal } from './user-form-modal.tsx';

const columns = ['ID', 'Type', 'Name', 'Email', 'Email Verified?', 'Created', 'Action'] as const;

/** Spec 1 §8 user delete texts (the confirmation's are in delete-user-dialog.tsx). */
export const deleteFailedTitle = 'Failed!';

type ModalState = { opened: false } | { opened: true; user: UserAdminRow | null };

/** Spec 1 §2.6: /users, the administrators' list of staff sign-ins (the route map shows not-found to anyone else). */
export function UsersAdminPage() {
  const me = useCurrentUser();
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const [modal, setModal] = useState<ModalState>({ opened: false });
  const users = useUsers(page, perPage);
  const deleteUser = useDeleteUser();

  // Deleting the last row of the last page goes back a page.
  const lastPage = users.data?.last_page;
  if (lastPage !== undefined && page > lastPage && !users.isPlaceholderData) setPage(lastPage);

  const [deleting, setDeleting] = useState<UserAdminRow | null>(null);
  const confirmDelete = (user: UserAdminRow, separation: SeparationForm) => {
    setDeleting(null);
    deleteUser.mutate(
      { id: user.id, separation },
      {
        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
        onError: (error) =>
          showFailedDialog(isApiError(error) && error.hasServerMessage ? error.message : 'An error occured.'),
      },
    );
  };

  const rows = users.data?.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Users
        </Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setModal({ opened: true, user: null })}>
          Add New
        </Button>
      </Group>
      <DataTable
        label="Users"
        columns={columns}
        minWidth={760}
        query={users}
        errorMessage="An error occured."
        loadingText="Loading users…"
        emptyMessage="No Users Found"
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <UserRow
            key={row.id}
            row={row}
            isMe={row.id === me?.id}
            onEdit={() => setModal({ opened: true, user: row })}
            onDelete={() => setDeleting(row)}
          />
        ))}
      </DataTable>
      {users.data ? (
        <Pagination
          meta={users.data}
          itemLabel="users"
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteUserDialog
          user={deleting}
          onCancel={() => setDeleting(null)}
          onConfirm={(separation) => confirmDelete(deleting, separation)}
        />
      ) : null}
      <UserFormModal
        opened={modal.opened}
        user={modal.opened ? modal.user : null}
        onClose={() => setModal({ opened: false })}
      />
    </Stack>
  );
}

function UserRow({
  row,
  isMe,
  onEdit,
  onDelete,
}: {
  row: UserAdminRow;
  isMe: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Table.Tr data-user-id={row.id}>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={row.type === 'admin' ? 'grape' : 'gray'} tt="none">
          {userAdminTypeLabels[row.type]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{row.name}</Text>
          {isMe ? <YouBadge /> : null}
        </Group>
      </Table.Td>
      <Table.Td>{row.email}</Table.Td>
      <Table.Td>
        {row.email_verified_at ? (
          <Tooltip label={new Date(row.email_verified_at).toLocaleString()}>
            <Badge color="green" variant="light" tt="none">
              Yes
            </Badge>
          </Tooltip>
        ) : (
          <Badge color="gray" variant="light" tt="none">
            No
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <RelativeTime value={row.created_at} size="sm" />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${row.name}`} onClick={onEdit}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <Tooltip label={cannotDeleteSelfMessage} disabled={!isMe}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${row.name}`}
              // data-disabled rather than disabled, so that the tooltip still says why.
              data-disabled={isMe || undefined}
              aria-disabled={isMe || undefined}
              onClick={isMe ? undefined : onDelete}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
