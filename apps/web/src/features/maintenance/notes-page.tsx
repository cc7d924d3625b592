import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { maintenanceItemState, type MaintenanceRecord } from '@switchboard/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { RichTextEditor } from '../../components/rich-text-editor.tsx';
import { SafeHtml } from '../../components/safe-html.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useMaintenanceNotes, useSaveMaintenanceNotes } from './api/maintenance.ts';
import { ChecklistHeader } from './components/checklist-header.tsx';
import { checklistPath, headerOf, useChecklistTarget, type ChecklistKind } from './maintenance-paths.ts';

const saveFailedMessage = 'An error occured.';
const monthLabel = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;
const checklists: { kind: ChecklistKind; title: string }[] = [
  { kind: 'baseline', title: 'Baseline Security' },
  { kind: 'analysis', title: 'Server Analysis' },
  { kind: 'exchange', title: 'Exchange Analyzer' },
];

/**
 * The notes flow of spec 2 §2 (/maintenance/notes/{companyId}/{serverId}/{month}/{year}/{ticket_id}/{siteId?};
 * decision 0062): the month's three checklists at a glance, the technician's notes of the month (what the checklists
 * do not ask, saved whole, refused when a colleague saved in between), and the earlier months' notes to start from.
 */
export function NotesPage() {
  const target = useChecklistTarget();
  const page = useMaintenanceNotes(target.serverId, target.month, target.year);
  const save = useSaveMaintenanceNotes();
  const [notes, setNotes] = useState('');
  const [version, setVersion] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  // Text typed here and not saved yet: a colleague's save (reloaded live) never replaces it silently.
  const [dirty, setDirty] = useState(false);

  const loaded = page.data?.notes;
  useEffect(() => {
    if (dirty) return;
    setNotes(loaded?.notes ?? '');
    setVersion(loaded?.updated_at ?? null);
  }, [loaded, dirty]);

  if (page.isPending) return <PageLoader label="Loading maintenance notes" />;
  if (!page.data)
    return (
      <Alert color="red" role="alert">
        {saveFailedMessage}
      </Alert>
    );
  const data = page.data;

  const submit = () =>
    save.mutate(
      { ...headerOf(target), notes, updated_at: version },
      {
        onSuccess: (answer) => {
          setVersion(answer.data.updated_at);
          setDirty(false);
          setConflict(null);
          notifications.show({ color: 'green', message: answer.message });
        },
        onError: (error) => {
          const message = isApiError(error) ? error.message : saveFailedMessage;
          if (isApiError(error) && error.status === 409) setConflict(message);
          notifications.show({ color: 'red', message });
        },
      },
    );
  const stateOf = (record: MaintenanceRecord | null) => maintenanceItemState(record);
  // After a conflict: the saved text replaces what was typed here, by the user's choice.
  const reload = () =>
    void page.refetch().then((fresh) => {
      setNotes(fresh.data?.notes?.notes ?? '');
      setVersion(fresh.data?.notes?.updated_at ?? null);
      setDirty(false);
      setConflict(null);
    });

  return (
    <Stack gap="md" maw={1000}>
      <ChecklistHeader
        title={`Maintenance Notes · ${data.server.name} · ${monthLabel(target.month, target.year)}`}
        ticketId={target.ticketId}
        companyId={target.companyId}
        notesLink={false}
        onRecordUpdated={() => void page.refetch()}
      />
      <Card withBorder padding="md" role="region" aria-label="Checklists of the month">
        <Title order={3} size="h4" mb="xs">
          Checklists of the month
        </Title>
        <Table>
          <Table.Tbody>
            {checklists.map(({ kind, title }) => {
              const record = data[kind];
              const state = stateOf(record);
              return (
                <Table.Tr key={kind}>
                  <Table.Td>
                    <Anchor component={Link} to={checklistPath(kind, target, record?.id ?? null)}>
                      {title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={state.color} variant="light" aria-label={`${kind}: ${state.label}`}>
                      {record ? `Ticket ${state.label}` : state.label}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder padding="md" role="region" aria-label="Notes of the month">
        <Title order={3} size="h4" mb="xs">
          Notes of the month
        </Title>
        {loaded?.updated_by && (
          <Text size="sm" c="dimmed" mb="xs">
            Last saved by {loaded.updated_by.name}, {new Date(loaded.updated_at).toLocaleString()}
          </Text>
        )}
        {conflict && (
          <Alert color="orange" mb="sm" role="alert">
            <Group justify="space-between">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" variant="default" onClick={reload}>
                Reload
              </Button>
            </Group>
          </Alert>
        )}
        <RichTextEditor
          label="Maintenance notes"
          value={notes}
          onChange={(html) => {
            setNotes(html);
            setDirty(true);
          }}
        />
        <Group justify="flex-end" mt="sm">
          <Button onClick={submit} loading={save.isPending}>
            Save Notes
          </Button>
        </Group>
      </Card>
      <Card withBorder padding="md" role="region" aria-label="Earlier months">
        <Title order={3} size="h4" mb="xs">
          Earlier months
        </Title>
        {data.earlier.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes from earlier months.
          </Text>
        ) : (
          <Stack gap="sm">
            {data.earlier.map((entry) => (
              <Card
                key={entry.id}
                withBorder
                padding="sm"
                role="article"
                aria-label={monthLabel(entry.month, entry.year)}
              >
                <Group justify="space-between" mb={4}>
                  <Text fw={600}>{monthLabel(entry.month, entry.year)}</Text>
                  <Text size="sm" c="dimmed">
                    {entry.updated_by ? entry.updated_by.name : ''} · Ticket{' '}
                    <Anchor component={Link} to={`/ticket/${entry.ticket_id}`}>
                      #{entry.ticket_id}
                    </Anchor>
                  </Text>
                </Group>
                <SafeHtml html={entry.notes} />
              </Card>
            ))}
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
