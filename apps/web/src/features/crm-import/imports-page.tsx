import { Alert, Anchor, Badge, Button, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { CrmImport } from '@switchboard/shared/crm-imports';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pagination } from '../../components/pagination.tsx';
import { saveBlob } from '../../lib/download.ts';
import { fetchImportErrors, useImportProgress, useImports } from './api/imports.ts';

// /crm/import (designs/crm-softphone.md §4 item 8): past imports with their counts, status and errors CSV, live
// through CrmImportProgress on the user's channel.

const statusColors: Record<CrmImport['status'], string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
};

export function ImportsPage() {
  const [page, setPage] = useState(1);
  const imports = useImports(page);
  useImportProgress();
  const rows = imports.data?.data ?? [];

  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <Title order={2}>Lead Imports</Title>
        <Group>
          <Button component={Link} to="/crm/export" variant="default">
            Export Leads
          </Button>
          <Button component={Link} to="/crm/import/new">
            New Import
          </Button>
        </Group>
      </Group>
      {imports.isPending && <Loader />}
      {imports.isError && <Alert color="red">An error occured.</Alert>}
      {imports.isSuccess && rows.length === 0 && <Text c="dimmed">No imports yet.</Text>}
      {rows.length > 0 && (
        <Table striped withTableBorder aria-label="Imports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>File</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Started</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Rows</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Updated</Table.Th>
              <Table.Th>Skipped</Table.Th>
              <Table.Th>Failed</Table.Th>
              <Table.Th>Errors</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <ImportRow key={row.id} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {imports.data && imports.data.last_page > 1 && <Pagination meta={imports.data} onPageChange={setPage} />}
    </Stack>
  );
}

function ImportRow({ row }: { row: CrmImport }) {
  const percent = row.rows_total > 0 ? Math.round((row.rows_done / row.rows_total) * 100) : 0;
  const download = () =>
    void fetchImportErrors(row.id).then((blob) => saveBlob(blob, `crm-import-${row.id}-errors.csv`));
  return (
    <Table.Tr data-testid={`import-${row.id}`}>
      <Table.Td>{row.file_name}</Table.Td>
      <Table.Td>{row.user_name}</Table.Td>
      <Table.Td>{new Date(row.created_at).toLocaleString()}</Table.Td>
      <Table.Td>
        <Badge color={statusColors[row.status]}>{row.status}</Badge>
        {row.error && (
          <Text size="xs" c="red">
            {row.error}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={120}>
        <Text size="sm">
          {row.rows_done} / {row.rows_total}
        </Text>
        {row.status === 'running' && <Progress value={percent} size="sm" aria-label="Import progress" />}
      </Table.Td>
      <Table.Td data-label="created">{row.rows_created}</Table.Td>
      <Table.Td data-label="updated">{row.rows_updated}</Table.Td>
      <Table.Td data-label="skipped">{row.rows_skipped}</Table.Td>
      <Table.Td data-label="failed">{row.rows_failed}</Table.Td>
      <Table.Td>
        {row.rows_skipped + row.rows_failed > 0 ? (
          <Anchor component="button" type="button" onClick={download}>
            Errors CSV
          </Anchor>
        ) : (
          '-'
        )}
      </Table.Td>
    </Table.Tr>
  );
}
