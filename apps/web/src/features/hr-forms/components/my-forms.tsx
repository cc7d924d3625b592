import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { hrFormKindLabels, type HrFormMineItem } from '@switchboard/shared/hr/forms';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useMyForms } from '../api/forms.ts';
import { AssignmentBadge } from './sign-form.tsx';

// "My forms" (designs/hr.md §3 Screens): what is still to sign, overdue first, and what is done with its signed PDF.

const byDue = (a: HrFormMineItem, b: HrFormMineItem) =>
  (a.assignment.due_on ?? '9999-12-31').localeCompare(b.assignment.due_on ?? '9999-12-31');

export function MyForms({ onOpen }: { onOpen: (formId: number) => void }) {
  const [page, setPage] = useState(1);
  const mine = useMyForms(page);
  if (mine.isPending) return <Loader />;
  if (mine.isError) return <Alert color="red">An error occured.</Alert>;
  const rows = mine.data.data;
  const todo = rows.filter((row) => row.assignment.status !== 'done').sort(byDue);
  const done = rows.filter((row) => row.assignment.status === 'done');
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md" component="section" aria-label="To do">
        <Title order={4} mb="sm">
          To do
        </Title>
        {todo.length === 0 ? (
          <Text c="dimmed">Nothing to sign: you are up to date.</Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Form</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {todo.map((row) => (
                <Table.Tr key={row.assignment.id}>
                  <Table.Td>
                    <Text fw={500}>{row.title}</Text>
                    <Text size="xs" c="dimmed">
                      {hrFormKindLabels[row.kind]}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.assignment.version}</Table.Td>
                  <Table.Td c={row.assignment.status === 'overdue' ? 'red' : undefined}>
                    {row.assignment.due_on ?? 'No due date'}
                  </Table.Td>
                  <Table.Td>
                    <AssignmentBadge assignment={row.assignment} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" onClick={() => onOpen(row.id)} aria-label={`Open ${row.title}`}>
                      Open
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Done">
        <Title order={4} mb="sm">
          Done
        </Title>
        {done.length === 0 ? (
          <EmptyState title="No signed forms yet" />
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Form</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Signed</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {done.map((row) => (
                <Table.Tr key={row.assignment.id}>
                  <Table.Td>
                    <Anchor component="button" type="button" onClick={() => onOpen(row.id)}>
                      {row.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.assignment.version}</Table.Td>
                  <Table.Td>
                    {row.assignment.signed_at ? new Date(row.assignment.signed_at).toLocaleString() : ''}
                  </Table.Td>
                  <Table.Td>
                    {row.assignment.submission_id !== null && (
                      <Anchor
                        component={Link}
                        to={`/pdf/hr_form/${row.assignment.submission_id}`}
                        aria-label={`PDF of ${row.title}`}
                      >
                        PDF
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {mine.data.last_page > 1 && (
        <Group justify="flex-end">
          <Pagination meta={mine.data} onPageChange={setPage} itemLabel="forms" />
        </Group>
      )}
    </Stack>
  );
}
