import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { regionInputSchema, type RegionInput, type RegionRow } from '@switchboard/shared/crm-admin';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../lib/auth-store.ts';
import { useAdminList } from './admin-api.ts';
import { DeleteRowModal, RowActions, useSaveRow } from './admin-dialogs.tsx';

// /crm/admin/regions (designs/crm-softphone.md §4.9): names with their live leads and employees; a region in use
// cannot be deleted. Live on RegionUpdated.

const resolveRegion = schemaResolver(regionInputSchema, { sync: true });

export function RegionsAdmin() {
  const manage = usePermissions().includes('manage crm');
  const list = useAdminList('regions');
  const [editing, setEditing] = useState<RegionRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RegionRow | null>(null);
  const rows = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Regions</Title>
        {manage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Region
          </Button>
        )}
      </Group>
      {list.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : list.isPending ? (
        <Loader aria-label="Loading the regions" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No regions yet.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Regions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Region</Table.Th>
              <Table.Th>Leads</Table.Th>
              <Table.Th>Employees</Table.Th>
              {manage && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`region-${row.id}`}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>{row.lead_count}</Table.Td>
                <Table.Td>{row.employee_count}</Table.Td>
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
          <RegionModal region={editing} onClose={() => setEditing(null)} />
          <DeleteRowModal
            list="regions"
            title="Delete Region"
            row={deleting && { id: deleting.id, label: deleting.name }}
            onClose={() => setDeleting(null)}
          />
        </>
      )}
    </Stack>
  );
}

function RegionModal({ region, onClose }: { region: RegionRow | 'new' | null; onClose(): void }) {
  const saving = useSaveRow('regions', onClose);
  const form = useForm<RegionInput>({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: (values) => resolveRegion(values) as Record<string, string>,
  });
  useEffect(() => {
    if (region === null) return;
    form.setValues({ name: region === 'new' ? '' : region.name });
    form.clearErrors();
    saving.setBanner(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens on another row
  }, [region]);
  const id = region === null || region === 'new' ? null : region.id;
  const submit = form.onSubmit((values) => saving.submit(id, values, form.setErrors));
  return (
    <Modal opened={region !== null} onClose={onClose} title={id === null ? 'Add Region' : 'Edit Region'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {saving.banner ? <Alert color="red">{saving.banner}</Alert> : null}
          <TextInput label="Name" data-autofocus {...form.getInputProps('name')} />
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
