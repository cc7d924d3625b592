import { Alert, Badge, Button, Group, Loader, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { hrFormKindLabels } from '@switchboard/shared/hr/forms';
import { useState } from 'react';
import { EmptyTableRow } from '../../../components/empty-table-row.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { useAllForms } from '../api/forms.ts';

// HR's list ('manage hr forms'): every form with its published version and completion ("38 / 42"), paged.

export function ManageForms({
  onEdit,
  onResults,
  onCreate,
}: {
  onEdit: (id: number) => void;
  onResults: (id: number) => void;
  onCreate: () => void;
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [archived, setArchived] = useState(false);
  const [debounced] = useDebouncedValue(search, 300);
  const forms = useAllForms({ page, search: debounced, archived }, true);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="sm">
          <TextInput
            aria-label="Search forms"
            placeholder="Search forms"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
          />
          <Switch
            label="Archived"
            checked={archived}
            onChange={(event) => {
              setArchived(event.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
        <Button onClick={onCreate}>New form</Button>
      </Group>
      {forms.isPending ? (
        <Loader />
      ) : forms.isError ? (
        <Alert color="red">An error occured.</Alert>
      ) : (
        <>
          <Table verticalSpacing="xs" aria-label="Forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Form</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Completion</Table.Th>
                <Table.Th>Overdue</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.data.data.length === 0 && <EmptyTableRow colSpan={5} message="No forms" />}
              {forms.data.data.map((form) => (
                <Table.Tr key={form.id}>
                  <Table.Td>
                    <Text fw={500}>{form.title}</Text>
                    <Text size="xs" c="dimmed">
                      {hrFormKindLabels[form.kind]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {form.current_version ? (
                      <Group gap={4}>
                        <Text size="sm">{form.current_version.version}</Text>
                        {form.has_unpublished_changes && (
                          <Badge size="xs" color="yellow">
                            Draft changes
                          </Badge>
                        )}
                      </Group>
                    ) : (
                      <Badge size="sm" color="gray">
                        Draft
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{form.completion}</Table.Td>
                  <Table.Td c={form.overdue > 0 ? 'red' : undefined}>{form.overdue}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => onEdit(form.id)}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={!form.current_version}
                        onClick={() => onResults(form.id)}
                        aria-label={`Completion of ${form.title}`}
                      >
                        Completion
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Pagination meta={forms.data} onPageChange={setPage} itemLabel="forms" />
        </>
      )}
    </Stack>
  );
}
