import { Alert, Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  orderVerticalTree,
  verticalInputSchema,
  type VerticalInput,
  type VerticalRow,
} from '@switchboard/shared/crm-admin';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../lib/auth-store.ts';
import { useAdminList } from './admin-api.ts';
import { DeleteRowModal, RowActions, useSaveRow } from './admin-dialogs.tsx';

// /crm/admin/verticals (designs/crm-softphone.md §2.1, §4.9): the industries tree, two levels (parent_id 0 a
// parent), each parent followed by its sub-verticals, with live leads and companies. A vertical in use or with
// sub-verticals cannot be deleted. Live on VerticalUpdated.

const resolveVertical = schemaResolver(verticalInputSchema, { sync: true });
const NO_PARENT = '0';

export function VerticalsAdmin() {
  const manage = usePermissions().includes('manage crm');
  const list = useAdminList('verticals');
  const [editing, setEditing] = useState<VerticalRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<VerticalRow | null>(null);
  const rows = orderVerticalTree(list.data ?? []);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Verticals</Title>
        {manage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Vertical
          </Button>
        )}
      </Group>
      {list.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : list.isPending ? (
        <Loader aria-label="Loading the verticals" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No verticals yet.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Verticals">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vertical</Table.Th>
              <Table.Th>Leads</Table.Th>
              <Table.Th>Companies</Table.Th>
              {manage && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`vertical-${row.id}`}>
                <Table.Td pl={row.parent_id === 0 ? undefined : 'xl'} fw={row.parent_id === 0 ? 600 : undefined}>
                  {row.name}
                </Table.Td>
                <Table.Td>{row.lead_count}</Table.Td>
                <Table.Td>{row.company_count}</Table.Td>
                {manage && (
                  <Table.Td>
                    <RowActions label={row.name} onEdit={() => setEditing(row)} onDelete={() => setDeleting(row)} />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manage && (
        <>
          <VerticalModal
            vertical={editing}
            parents={rows.filter((row) => row.parent_id === 0)}
            onClose={() => setEditing(null)}
          />
          <DeleteRowModal
            list="verticals"
            title="Delete Vertical"
            row={deleting && { id: deleting.id, label: deleting.name }}
            onClose={() => setDeleting(null)}
          />
        </>
      )}
    </Stack>
  );
}

function VerticalModal({
  vertical,
  parents,
  onClose,
}: {
  vertical: VerticalRow | 'new' | null;
  parents: VerticalRow[];
  onClose(): void;
}) {
  const saving = useSaveRow('verticals', onClose);
  const form = useForm<VerticalInput>({
    mode: 'controlled',
    initialValues: { name: '', parent_id: 0 },
    validate: (values) => resolveVertical(values) as Record<string, string>,
  });
  useEffect(() => {
    if (vertical === null) return;
    form.setValues(
      vertical === 'new' ? { name: '', parent_id: 0 } : { name: vertical.name, parent_id: vertical.parent_id },
    );
    form.clearErrors();
    saving.setBanner(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens on another row
  }, [vertical]);
  const current = vertical === null || vertical === 'new' ? null : vertical;
  // A parent with sub-verticals stays a parent (two levels only); a vertical is never its own parent.
  const keepsParent = current !== null && current.child_count > 0;
  const options = [
    { value: NO_PARENT, label: 'None (a parent vertical)' },
    ...parents.filter((row) => row.id !== current?.id).map((row) => ({ value: String(row.id), label: row.name })),
  ];
  const submit = form.onSubmit((values) => saving.submit(current?.id ?? null, values, form.setErrors));
  return (
    <Modal opened={vertical !== null} onClose={onClose} title={current === null ? 'Add Vertical' : 'Edit Vertical'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {saving.banner ? <Alert color="red">{saving.banner}</Alert> : null}
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
          <Select
            label="Parent vertical"
            allowDeselect={false}
            data={options}
            disabled={keepsParent}
            description={keepsParent ? 'It has sub-verticals, so it stays a parent.' : undefined}
            value={String(form.values.parent_id)}
            onChange={(value) => form.setFieldValue('parent_id', Number(value ?? NO_PARENT))}
            error={form.errors.parent_id}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.pending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
