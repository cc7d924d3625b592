import {
  Button,
  Grid,
  Group,
  Loader,
  Modal,
  NavLink,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { projectSaveFailedMessage, type TemplateDetail } from '@switchboard/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useProjectAction } from '../../api/projects.ts';
import { laborCalls, useTemplate, useTemplates } from '../../api/project-labor.ts';

interface TemplateImporterProps {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  ticketId: number;
}

/**
 * Spec 3 §2 Labor Estimate's template importer: the searchable list of templates on the left, the chosen one's
 * read-only preview (title, min hours, max hours, sub-tasks) on the right, Close and Import.
 */
export function TemplateImporter({ opened, onClose, projectId, ticketId }: TemplateImporterProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Import Template" size="xl" centered>
      {/* Mounted only while open: each opening starts from an empty search and no choice. */}
      {opened ? <ImporterBody onClose={onClose} projectId={projectId} ticketId={ticketId} /> : null}
    </Modal>
  );
}

function ImporterBody({ onClose, projectId, ticketId }: Omit<TemplateImporterProps, 'opened'>) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<number | null>(null);
  const templates = useTemplates(debouncedSearch);
  const preview = useTemplate(chosen);
  const importing = useProjectAction(projectId, laborCalls.importTemplate(projectId, ticketId));

  const runImport = () => {
    if (chosen === null) return;
    importing.mutate(chosen, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        onClose();
      },
      onError: () => notifications.show({ color: 'red', message: projectSaveFailedMessage }),
    });
  };

  return (
    <Stack gap="md">
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInput
            aria-label="Search templates"
            placeholder="Search templates"
            leftSection={<IconSearch size={14} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            mb="xs"
          />
          <ScrollArea.Autosize mah={360}>
            <Stack gap={0} role="listbox" aria-label="Templates">
              {templates.isPending ? <Loader size="sm" aria-label="Loading templates" /> : null}
              {templates.data?.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No templates found.
                </Text>
              ) : null}
              {templates.data?.map((template) => (
                <NavLink
                  key={template.id}
                  component="button"
                  role="option"
                  aria-selected={chosen === template.id}
                  active={chosen === template.id}
                  label={template.template_name}
                  onClick={() => setChosen(template.id)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          {chosen === null ? (
            <Text size="sm" c="dimmed">
              Choose a template to see its steps.
            </Text>
          ) : preview.data ? (
            <TemplatePreview template={preview.data} />
          ) : preview.isError ? (
            <Text size="sm" c="red">
              The template could not be loaded.
            </Text>
          ) : (
            <Loader size="sm" aria-label="Loading template" />
          )}
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button disabled={chosen === null || !preview.data} loading={importing.isPending} onClick={runImport}>
          Import
        </Button>
      </Group>
    </Stack>
  );
}

/** The template's steps as they would be imported, read-only. */
export function TemplatePreview({ template }: { template: TemplateDetail }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {template.template_name}
      </Title>
      {template.steps.length === 0 ? (
        <Text size="sm" c="dimmed">
          This template has no steps.
        </Text>
      ) : (
        <Table withTableBorder aria-label={`Steps of ${template.template_name}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th ta="right">Min Hours</Table.Th>
              <Table.Th ta="right">Max Hours</Table.Th>
              <Table.Th>Sub-tasks</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {template.steps.map((step) => (
              <Table.Tr key={step.id}>
                <Table.Td>{step.title}</Table.Td>
                <Table.Td ta="right">{step.min_hours.toFixed(2)}</Table.Td>
                <Table.Td ta="right">{step.max_hours.toFixed(2)}</Table.Td>
                <Table.Td>
                  {step.tasks.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  ) : (
                    <Stack gap={0} component="ul" m={0} pl="md">
                      {step.tasks.map((task) => (
                        <Text key={task.id} size="sm" component="li">
                          {task.title}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
