import { Alert, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { diffWords } from 'diff';
import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { htmlToPlainText } from '../../lib/safe-html.ts';
import { Pagination } from '../pagination.tsx';

// The note's saved texts (spec 3 §2 Notes editor: revisions have created_at and notes; decision 0040): who saved
// each and when, what differs from the text in the editor now, and Restore into the editor (then Save keeps it).

export interface NoteRevision {
  id: number;
  note: string;
  notes: string;
  created_at: string;
  user: { id: number; name: string; shortname: string } | null;
}

interface RevisionsPage {
  data: NoteRevision[];
  total: number;
  current_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  last_page: number;
}

export function useNoteRevisions(note: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['note-revisions', note, page],
    queryFn: () => api.get<RevisionsPage>(`/api/notes/revisions/${encodeURIComponent(note)}?page=${page}`),
    enabled,
  });
}

/** Words removed from the revision in red, words the current text added in green. */
export function RevisionDiff({ revision, current }: { revision: string; current: string }) {
  const parts = diffWords(htmlToPlainText(revision), htmlToPlainText(current));
  if (parts.every((part) => !part.added && !part.removed))
    return (
      <Text size="sm" c="dimmed">
        Same as the text in the editor.
      </Text>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label="Changes since this revision">
      {parts.map((part, index) =>
        part.added ? (
          <ins key={index} style={{ background: '#d3f9d8', textDecoration: 'none' }}>
            {part.value}
          </ins>
        ) : part.removed ? (
          <del key={index} style={{ background: '#ffe3e3' }}>
            {part.value}
          </del>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </Text>
  );
}

export function NoteRevisionsDrawer({
  note,
  current,
  opened,
  onClose,
  onRestore,
}: {
  note: string;
  current: string;
  opened: boolean;
  onClose: () => void;
  onRestore: (text: string) => void;
}) {
  const [page, setPage] = useState(1);
  const revisions = useNoteRevisions(note, page, opened);
  return (
    <Drawer opened={opened} onClose={onClose} title="Revisions" position="right" size="lg">
      {revisions.isPending ? <Loader aria-label="Loading revisions" /> : null}
      {revisions.isError ? <Alert color="red">The revisions could not be loaded.</Alert> : null}
      {revisions.data ? (
        <Stack gap="sm">
          {revisions.data.data.length === 0 ? <Text c="dimmed">No revisions yet: each save makes one.</Text> : null}
          {revisions.data.data.map((revision) => (
            <Paper key={revision.id} withBorder p="sm" role="article" aria-label={`Revision ${revision.id}`}>
              <Group justify="space-between" mb={6}>
                <Text size="sm" fw={600}>
                  {dayjs(revision.created_at).format('MM/DD/YYYY hh:mm A')} · {revision.user?.name ?? 'Before history'}
                </Text>
                <Button size="compact-sm" variant="light" onClick={() => onRestore(revision.notes)}>
                  Restore
                </Button>
              </Group>
              <RevisionDiff revision={revision.notes} current={current} />
            </Paper>
          ))}
          <Pagination meta={revisions.data} onPageChange={setPage} itemLabel="revisions" />
        </Stack>
      ) : null}
    </Drawer>
  );
}
