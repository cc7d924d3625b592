import { ActionIcon, Avatar, Button, Group, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { clientAccountsEmptyMessage, type ClientAccount } from '@switchboard/shared';
import { IconDownload, IconPencil, IconPlus, IconSearch, IconSpy, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/data-table.tsx';
import { EllipsisCell, EllipsisText } from '../../components/ellipsis-cell.tsx';
import { defaultPerPage } from '../../components/page-window.ts';
import { Pagination } from '../../components/pagination.tsx';
import { YouBadge } from '../../components/you-badge.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useCurrentUser, usePermissions } from '../../lib/auth-store.ts';
import { useStartShadow } from '../../lib/shadow.ts';
import { fetchAllAccounts, useAccounts, useDeleteAccount, type AccountsFilter } from './api/accounts.ts';
import { saveCsv } from '../../lib/download.ts';
import { accountsCsvFileName, buildAccountsCsv } from './accounts-csv.ts';

export const deleteConfirmTitle = 'Are you sure?';
export const deleteConfirmText = "You won't be able to revert this!";
export const deleteConfirmButton = 'Yes, delete it!';
const failedMessage = 'An error occured.';
export const primaryShadowHint = "A company's primary account cannot be impersonated.";

/** ?company_id=N scopes the page to one company (the company's Accounts tab links here). */
function scopedCompanyId(params: URLSearchParams): number | null {
  const raw = params.get('company_id');
  return raw && /^[1-9][0-9]{0,9}$/.test(raw) ? Number(raw) : null;
}

/** Spec 1 §2.6: /accounts, the client accounts table with edit, delete, impersonate, export and 3 page links. */
export function AccountsPage() {
  const [params] = useSearchParams();
  return <AccountsList companyId={scopedCompanyId(params)} />;
}

/**
 * The client accounts table scoped to one company (the company's Accounts tab) or to all: edit, delete, impersonate,
 * export, import and 3 page links.
 */
export function AccountsList({
  companyId,
  importHref,
  embedded = false,
}: {
  companyId: number | null;
  importHref?: string;
  embedded?: boolean;
}) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPerPage);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const filter: AccountsFilter = { companyId, search: debouncedSearch };
  const accounts = useAccounts(page, perPage, filter);
  const deleteAccount = useDeleteAccount();
  const permissions = usePermissions();
  const canDelete = permissions.includes('delete client accounts');
  const canShadow = permissions.includes('shadow clients');
  const canImport = permissions.includes('import client accounts');
  const importLink =
    importHref ?? (companyId === null ? '/accounts/import' : `/accounts/import?company_id=${companyId}`);
  const startShadow = useStartShadow();
  const [exporting, setExporting] = useState(false);
  const withCompany = companyId === null;

  const lastPage = accounts.data?.last_page;
  if (lastPage !== undefined && page > lastPage && !accounts.isPlaceholderData) setPage(lastPage);

  // Fixed widths where the content has a size (phone numbers, the action icons); the text columns share the rest.
  const columns: DataTableColumn[] = [
    { label: 'Name', width: 200 },
    { label: 'Email' },
    ...(withCompany ? [{ label: 'Company' }] : []),
    { label: 'Site' },
    { label: 'Title' },
    { label: 'Office Number', width: 140 },
    { label: 'Cell Number', width: 140 },
    { label: 'Action', width: actionColumnWidth(1 + Number(canDelete) + Number(canShadow)) },
  ];

  const confirmDelete = (account: ClientAccount) =>
    modals.openConfirmModal({
      title: <Text fw={600}>{deleteConfirmTitle}</Text>,
      centered: true,
      children: <Text>{deleteConfirmText}</Text>,
      labels: { confirm: deleteConfirmButton, cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteAccount.mutate(account.user_id, {
          onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              message: isApiError(error) && error.hasServerMessage ? error.message : failedMessage,
            }),
        }),
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllAccounts(filter);
      saveCsv(buildAccountsCsv(rows, { withCompany }), accountsCsvFileName());
    } catch {
      notifications.show({ color: 'red', message: failedMessage });
    } finally {
      setExporting(false);
    }
  };

  const rows = accounts.data?.data ?? [];
  const createHref = companyId === null ? '/accounts/create' : `/accounts/create?company_id=${companyId}`;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={embedded ? 2 : 1} size={embedded ? 'h4' : 'h2'}>
          Client Accounts
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export
          </Button>
          {canImport ? (
            <Button
              component={Link}
              to={importLink}
              variant="default"
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              Import
            </Button>
          ) : null}
          {/* Spec 1 §2.6: shown without a permission check. */}
          <Button component={Link} to={createHref} leftSection={<IconPlus size={16} aria-hidden />}>
            Add Account
          </Button>
        </Group>
      </Group>
      <TextInput
        aria-label="Search accounts"
        placeholder="Search by name or email"
        leftSection={<IconSearch size={16} aria-hidden />}
        maw={360}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <DataTable
        label="Client accounts"
        columns={columns}
        minWidth={900}
        query={accounts}
        errorMessage={failedMessage}
        loadingText="Loading accounts…"
        emptyMessage={clientAccountsEmptyMessage}
        rowCount={rows.length}
      >
        {rows.map((row) => (
          <AccountRow
            key={row.user_id}
            row={row}
            withCompany={withCompany}
            canDelete={canDelete}
            canShadow={canShadow}
            onDelete={() => confirmDelete(row)}
            onShadow={() => void startShadow(row.user_id)}
          />
        ))}
      </DataTable>
      {accounts.data ? (
        <Pagination
          meta={accounts.data}
          itemLabel="accounts"
          windowSize={3}
          onPageChange={setPage}
          onPerPageChange={(next) => {
            setPerPage(next);
            setPage(1);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** Room for `icons` action icons (28 px, 4 px apart) and the cell's padding, so none is ever cut off. */
function actionColumnWidth(icons: number): number {
  return Math.max(72, icons * 32 + 24);
}

interface AccountRowProps {
  row: ClientAccount;
  withCompany: boolean;
  canDelete: boolean;
  canShadow: boolean;
  onDelete: () => void;
  onShadow: () => void;
}

function AccountRow({ row, withCompany, canDelete, canShadow, onDelete, onShadow }: AccountRowProps) {
  const isMe = useCurrentUser()?.id === row.user_id;
  return (
    <Table.Tr data-account-id={row.user_id}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar src={row.user.photo} name={row.user.name} color="initials" size={30} alt="" />
          <EllipsisText text={row.user.name} />
          {isMe ? <YouBadge /> : null}
        </Group>
      </Table.Td>
      <EllipsisCell text={row.user.email} />
      {withCompany ? <EllipsisCell text={row.company.name} /> : null}
      <EllipsisCell text={row.site?.name} />
      <EllipsisCell text={row.title} />
      <EllipsisCell text={row.office_number} />
      <EllipsisCell text={row.phone_number} />
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            component={Link}
            to={`/accounts/edit/${row.user_id}`}
            variant="subtle"
            aria-label={`Edit ${row.user.name}`}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          {canDelete ? (
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${row.user.name}`} onClick={onDelete}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          ) : null}
          {canShadow ? (
            <Tooltip label={primaryShadowHint} disabled={!row.is_primary}>
              <ActionIcon
                variant="subtle"
                color="grape"
                aria-label={`Impersonate ${row.user.name}`}
                data-disabled={row.is_primary || undefined}
                aria-disabled={row.is_primary || undefined}
                onClick={row.is_primary ? undefined : onShadow}
              >
                <IconSpy size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
