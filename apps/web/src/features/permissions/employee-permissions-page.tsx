import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  adminPermissionsMessage,
  adminPermissionsWarning,
  canChangeAccountField,
  ownPermissionsMessage,
  permissionGroups,
  type Permission,
} from '@switchboard/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { NoPermission } from '../../components/no-permission.tsx';
import { useAccountActor } from '../../lib/account-actor.ts';
import { isApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import {
  useEmployeeName,
  useEmployeePermissions,
  usePermissionCatalogue,
  useUpdateEmployeePermissions,
} from './api/permissions.ts';

export const permissionUpdateFailedMessage = 'An error occured.';

/**
 * Spec 1 §2.6, §3.6, §6: the employee's Permissions view (/employees/edit/{id}/permissions and the HR and CRM
 * variants). The route map gates it on 'manage employee permissions'; the server enforces the same.
 */
export function EmployeePermissionsPage() {
  const { employeeId } = useParams();
  const id = Number(employeeId);
  if (!Number.isSafeInteger(id) || id <= 0) return <EmployeeNotFound />;
  // Keyed: another employee starts from their own switches.
  return <EmployeePermissions key={id} employeeId={id} />;
}

function EmployeeNotFound() {
  return <EmptyState title="Employee not found" description="There is no employee with this id." />;
}

function EmployeePermissions({ employeeId }: { employeeId: number }) {
  const catalogue = usePermissionCatalogue();
  const held = useEmployeePermissions(employeeId);
  const name = useEmployeeName(employeeId);
  const update = useUpdateEmployeePermissions(employeeId);
  const [draft, setDraft] = useState<readonly string[] | null>(null);
  const actor = useAccountActor();
  usePageTitle(name ? `${name} · Permissions` : 'Permissions');

  if (catalogue.isPending || held.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label="Loading permissions" />
      </Group>
    );
  }
  const error = catalogue.error ?? held.error;
  if (error || !catalogue.data || !held.data) {
    if (isApiError(error) && error.status === 404) return <EmployeeNotFound />;
    if (isApiError(error) && error.status === 403) return <NoPermission />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        {permissionUpdateFailedMessage}
      </Alert>
    );
  }

  const selected = draft ?? held.data.permissions;
  // The server's rule (decision 0025): an administrator's list only by an administrator, nobody's own but theirs,
  // and a non-administrator hands out only the permissions they hold.
  const target = { id: employeeId, type: 'Employee', role: held.data.role } as const;
  const editable = actor !== null && canChangeAccountField(actor, target, 'permissions');
  const readOnlyReason = editable ? null : held.data.role === 'admin' ? adminPermissionsMessage : ownPermissionsMessage;
  const grantable = (permission: string) =>
    editable && (actor.role === 'admin' || actor.permissions.includes(permission));
  const toggle = (permission: string, on: boolean) =>
    setDraft(
      on
        ? [...selected.filter((entry) => entry !== permission), permission]
        : selected.filter((entry) => entry !== permission),
    );

  const save = () =>
    update.mutate(
      { id: employeeId, permissions: [...selected] },
      {
        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
        onError: () => notifications.show({ color: 'red', message: permissionUpdateFailedMessage }),
      },
    );

  const groups = permissionGroups.map((group) => ({
    ...group,
    permissions: catalogue.data.filter((permission) => permission.permission_type === group.type),
  }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Permissions
          </Title>
          {name ? <Text c="dimmed">{name}</Text> : null}
        </div>
        {editable ? (
          <Button onClick={save} loading={update.isPending}>
            Update
          </Button>
        ) : null}
      </Group>
      {readOnlyReason ? (
        <Alert color="gray" variant="light">
          {readOnlyReason}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {groups.map((group) => (
          <PermissionCard
            key={group.title}
            title={group.title}
            warning={group.type === 'admin' ? adminPermissionsWarning : null}
            permissions={group.permissions}
            selected={selected}
            grantable={grantable}
            onToggle={toggle}
          />
        ))}
      </SimpleGrid>
      {editable ? (
        <Group justify="flex-end">
          <Button onClick={save} loading={update.isPending} variant="light">
            Update
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function PermissionCard({
  title,
  warning,
  permissions,
  selected,
  grantable,
  onToggle,
}: {
  title: string;
  warning: string | null;
  permissions: Permission[];
  selected: readonly string[];
  grantable: (permission: string) => boolean;
  onToggle: (permission: string, on: boolean) => void;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Card.Section withBorder inheritPadding py="xs" mb="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {warning ? (
            <Group gap={4} c="red" wrap="nowrap">
              <IconAlertTriangle size={16} aria-hidden />
              <Text size="sm" fw={600} c="red">
                {warning}
              </Text>
            </Group>
          ) : null}
        </Group>
      </Card.Section>
      <Stack gap="sm">
        {permissions.length === 0 ? (
          <Text size="sm" c="dimmed">
            No permissions in this group.
          </Text>
        ) : (
          permissions.map((permission) => (
            <Switch
              key={permission.id}
              label={permission.name}
              // The description is announced as the description, not as part of the name.
              aria-label={permission.name}
              description={permission.description}
              checked={selected.includes(permission.name)}
              disabled={!grantable(permission.name)}
              onChange={(event) => onToggle(permission.name, event.currentTarget.checked)}
            />
          ))
        )}
      </Stack>
    </Card>
  );
}
