import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { campaignInputSchema, type CampaignInput, type CampaignRow } from '@switchboard/shared/crm-admin';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { usePermissions } from '../../lib/auth-store.ts';
import { useAdminList } from './admin-api.ts';
import { DeleteRowModal, RowActions, useSaveRow } from './admin-dialogs.tsx';

// /crm/admin/campaigns (designs/crm-softphone.md §4.9): name, status and live lead counts. A campaign with leads
// cannot be deleted; it is archived by setting it inactive. Live on CampaignUpdated.

const resolveCampaign = schemaResolver(campaignInputSchema, { sync: true });

export function CampaignsAdmin() {
  const manage = usePermissions().includes('manage crm');
  const list = useAdminList('campaigns');
  const [editing, setEditing] = useState<CampaignRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CampaignRow | null>(null);
  const rows = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Campaigns</Title>
        {manage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            Add Campaign
          </Button>
        )}
      </Group>
      {list.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : list.isPending ? (
        <Loader aria-label="Loading the campaigns" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No campaigns yet.</Text>
      ) : (
        <Table striped highlightOnHover aria-label="Campaigns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Leads</Table.Th>
              {manage && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`campaign-${row.id}`}>
                <Table.Td>{row.campaign_name}</Table.Td>
                <Table.Td>
                  {row.status === 1 ? <Badge color="green">Active</Badge> : <Badge color="gray">Inactive</Badge>}
                </Table.Td>
                <Table.Td>{row.lead_count}</Table.Td>
                {manage && (
                  <Table.Td>
                    <RowActions
                      label={row.campaign_name}
                      onEdit={() => setEditing(row)}
                      onDelete={() => setDeleting(row)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {manage && (
        <>
          <CampaignModal campaign={editing} onClose={() => setEditing(null)} />
          <DeleteRowModal
            list="campaigns"
            title="Delete Campaign"
            row={deleting && { id: deleting.id, label: deleting.campaign_name }}
            hint="Set the campaign inactive to archive it."
            onClose={() => setDeleting(null)}
          />
        </>
      )}
    </Stack>
  );
}

function CampaignModal({ campaign, onClose }: { campaign: CampaignRow | 'new' | null; onClose(): void }) {
  const saving = useSaveRow('campaigns', onClose);
  const form = useForm<CampaignInput>({
    mode: 'controlled',
    initialValues: { campaign_name: '', status: 1 },
    validate: (values) => resolveCampaign(values) as Record<string, string>,
  });
  useEffect(() => {
    if (campaign === null) return;
    form.setValues(
      campaign === 'new'
        ? { campaign_name: '', status: 1 }
        : { campaign_name: campaign.campaign_name, status: campaign.status === 1 ? 1 : 0 },
    );
    form.clearErrors();
    saving.setBanner(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens on another row
  }, [campaign]);
  const id = campaign === null || campaign === 'new' ? null : campaign.id;
  const submit = form.onSubmit((values) => saving.submit(id, values, form.setErrors));
  return (
    <Modal opened={campaign !== null} onClose={onClose} title={id === null ? 'Add Campaign' : 'Edit Campaign'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {saving.banner ? <Alert color="red">{saving.banner}</Alert> : null}
          <TextInput label="Campaign Name" data-autofocus {...form.getInputProps('campaign_name')} />
          <Switch
            label="Active"
            description="Inactive campaigns stay on their leads but are listed last."
            checked={form.values.status === 1}
            onChange={(event) => form.setFieldValue('status', event.currentTarget.checked ? 1 : 0)}
            error={form.errors.status}
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
