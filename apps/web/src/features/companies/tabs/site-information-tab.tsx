import {
  Anchor,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  downloadFailedMessage,
  noNotesPlaceholder,
  techAttachmentMaxBytes,
  techAttachmentSizeMessage,
  type Site,
  type TechAttachment,
} from '@switchboard/shared';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { downloadStoredFile } from '../../../lib/download.ts';
import { useCompanyDetail, useSaveTechInfo, useUpdateSiteInfo } from '../api/company-detail.ts';
import type { CompanyTabProps } from './tab-props.ts';
import { FileTypeIcon } from '../../../components/file-type-icon.tsx';

const addressOf = (site: Site) =>
  [site.address, site.city, [site.state, site.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** Spec 2 §2 Site Information tab: parking and connectivity per site, and the company's tech notes and files. */
export function SiteInformationTab({ companyId }: CompanyTabProps) {
  const company = useCompanyDetail(companyId).data;
  const [editing, setEditing] = useState<Site | null>(null);
  const sites = company?.sites ?? [];

  return (
    <Stack gap="md">
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm" aria-label="Site Information">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Site</Table.Th>
                <Table.Th>Address</Table.Th>
                <Table.Th>Parking Information</Table.Th>
                <Table.Th>External Connectivity</Table.Th>
                <Table.Th aria-label="Action" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sites.length === 0 ? <EmptyTableRow colSpan={5} message="No Sites Found" /> : null}
              {sites.map((site) => (
                <Table.Tr key={site.id}>
                  <Table.Td>{site.name}</Table.Td>
                  <Table.Td>{addressOf(site)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{site.info.parking_info}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{site.info.external}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconEdit size={14} aria-hidden />}
                      onClick={() => setEditing(site)}
                      aria-label={`Edit ${site.name}`}
                    >
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {editing ? <SiteInfoModal companyId={companyId} site={editing} onClose={() => setEditing(null)} /> : null}
      {/* Technician notes are staff-only: the server leaves them out for client accounts (decision 0019). */}
      {company?.site_tech_info ? (
        <TechInfoCard
          companyId={companyId}
          notes={company.site_tech_info.notes}
          attachments={company.site_tech_info.attachments}
        />
      ) : null}
    </Stack>
  );
}

function SiteInfoModal({ companyId, site, onClose }: { companyId: number; site: Site; onClose: () => void }) {
  const [parking, setParking] = useState(site.info.parking_info ?? '');
  const [external, setExternal] = useState(site.info.external ?? '');
  const update = useUpdateSiteInfo(companyId);
  const save = () =>
    update.mutate(
      { id: site.id, name: site.name, parking_info: parking, external },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onClose();
        },
        // Spec 2 §8: site info save failures are only logged; the modal stays open so nothing typed is lost.
        onError: (error) => console.error('Site information was not saved', error),
      },
    );
  return (
    <Modal opened onClose={onClose} title="Edit Site Information">
      <Stack gap="sm">
        <TextInput label="Name" value={site.name} readOnly />
        <Textarea
          label="Parking Information"
          autosize
          minRows={3}
          value={parking}
          onChange={(event) => setParking(event.currentTarget.value)}
        />
        <Textarea
          label="External Connectivity"
          autosize
          minRows={3}
          value={external}
          onChange={(event) => setExternal(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const isBlank = (notes: string | null) => !notes || notes.trim() === '' || notes.trim() === noNotesPlaceholder;

function TechInfoCard({
  companyId,
  notes,
  attachments,
}: {
  companyId: number;
  notes: string | null;
  attachments: TechAttachment[];
}) {
  const [editingNotes, setEditingNotes] = useState(false);
  const [draft, setDraft] = useState(isBlank(notes) ? '' : notes!);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const save = useSaveTechInfo(companyId);

  const submit = () => {
    if (files.some((file) => file.size > techAttachmentMaxBytes)) {
      setFileError(techAttachmentSizeMessage);
      return;
    }
    save.mutate(
      { notes: draft, attachments: files },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          setFiles([]);
          setEditingNotes(false);
        },
        onError: (error) => console.error('Tech information was not saved', error),
      },
    );
  };

  const download = (attachment: TechAttachment) =>
    downloadStoredFile(attachment.path, attachment.file_name).catch(() =>
      notifications.show({ color: 'red', message: downloadFailedMessage }),
    );

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Additional Tech Information
        </Title>
        {editingNotes ? (
          <Stack gap="xs">
            <Textarea
              aria-label="Notes"
              autosize
              minRows={4}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              autoFocus
            />
            <Group>
              <Button size="xs" variant="default" onClick={() => setEditingNotes(false)}>
                Close Notes
              </Button>
            </Group>
          </Stack>
        ) : (
          <UnstyledButton
            onClick={() => setEditingNotes(true)}
            aria-label="Edit notes"
            p="xs"
            style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 4 }}
          >
            <Text style={{ whiteSpace: 'pre-wrap' }} c={isBlank(draft) ? 'dimmed' : undefined}>
              {isBlank(draft) ? 'Click to add notes' : draft}
            </Text>
          </UnstyledButton>
        )}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Attachments
          </Text>
          {attachments.length === 0 ? (
            <Text c="dimmed" size="sm">
              No attachments
            </Text>
          ) : (
            attachments.map((attachment) => (
              <Group key={attachment.id} gap={6}>
                <FileTypeIcon fileName={attachment.file_name} />
                <Anchor component="button" type="button" onClick={() => void download(attachment)}>
                  {attachment.file_name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {Math.max(1, Math.round(attachment.size / 1024))} KB
                </Text>
              </Group>
            ))
          )}
        </Stack>
        <FileInput
          label="Upload"
          placeholder="Choose files"
          multiple
          clearable
          value={files}
          error={fileError}
          onChange={(next) => {
            setFileError(null);
            setFiles(next);
          }}
        />
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending}>
            Update Notes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
