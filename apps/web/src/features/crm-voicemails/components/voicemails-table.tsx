import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { formatVoicemailLength, type VoicemailRow } from '@switchboard/shared/crm-voicemails';
import { IconPencil, IconPlayerPlay, IconStar, IconTrash } from '@tabler/icons-react';

// The list of §4.5: name, length, the default badge, author and times used; play for everyone, the changes only with
// 'manage crm' (the server refuses them otherwise too).

export interface VoicemailActions {
  onPlay(row: VoicemailRow): void;
  onRename(row: VoicemailRow): void;
  onMakeDefault(row: VoicemailRow): void;
  onDelete(row: VoicemailRow): void;
}

export function VoicemailsTable({
  rows,
  manage,
  busyId,
  actions,
}: {
  rows: readonly VoicemailRow[];
  manage: boolean;
  busyId: number | null;
  actions: VoicemailActions;
}) {
  return (
    <Table striped highlightOnHover aria-label="Voicemails">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Length</Table.Th>
          <Table.Th>Default</Table.Th>
          <Table.Th>Author</Table.Th>
          <Table.Th>Times Used</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id} data-testid={`voicemail-${row.id}`}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{formatVoicemailLength(row.duration_ms)}</Table.Td>
            <Table.Td>{row.is_default ? <Badge color="green">Default</Badge> : null}</Table.Td>
            <Table.Td>{row.author?.name ?? <Text c="dimmed">—</Text>}</Table.Td>
            <Table.Td>{row.times_used}</Table.Td>
            <Table.Td>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label="Play">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Play ${row.name}`}
                    disabled={!row.has_audio}
                    onClick={() => actions.onPlay(row)}
                  >
                    <IconPlayerPlay size={18} />
                  </ActionIcon>
                </Tooltip>
                {manage && (
                  <>
                    <Tooltip label="Rename">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Rename ${row.name}`}
                        onClick={() => actions.onRename(row)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    {!row.is_default && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconStar size={14} />}
                        loading={busyId === row.id}
                        aria-label={`Set ${row.name} as default`}
                        onClick={() => actions.onMakeDefault(row)}
                      >
                        Set Default
                      </Button>
                    )}
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${row.name}`}
                        onClick={() => actions.onDelete(row)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
