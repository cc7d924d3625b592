import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { projectSaveFailedMessage, REQUIRED_YES, type ProjectDetail } from '@switchboard/shared';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { projectCalls, useProjectAction } from '../api/projects.ts';
import {
  projectBody,
  ProjectFields,
  projectFormState,
  validateProject,
  type ProjectFormState,
} from './project-fields.tsx';

/** Spec 3 §2 Project detail: the project information, editable by staff (PUT /api/project/{id}). */
export function ProjectInfoCard({ project }: { project: ProjectDetail }) {
  const form = useForm<ProjectFormState>({
    mode: 'controlled',
    initialValues: projectFormState(project),
    validate: validateProject,
  });
  const update = useProjectAction(project.id, projectCalls.update(project.id));
  const submit = form.onSubmit((values) =>
    update.mutate(projectBody(values), {
      onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
      onError: (error) => {
        form.setErrors(getFormErrors(error).fields);
        notifications.show({ color: 'red', message: projectSaveFailedMessage });
      },
    }),
  );
  return (
    <Card withBorder padding="md" role="group" aria-label="Project Information">
      <Title order={2} size="h4" mb="xs">
        Project Information
      </Title>
      <form onSubmit={submit} noValidate aria-label="Project Information">
        <Stack gap="sm">
          <ProjectFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const yesNo = (yes: boolean) => (yes ? 'Yes' : 'No');

/** What a client account reads of the project information: the same fields, not editable. */
export function ProjectInfoSummary({ project }: { project: ProjectDetail }) {
  const rows: [string, string][] = [
    ['Title', project.title],
    ['Company', project.company.name],
    ['Site', project.site?.name ?? ''],
    ['Point of Contact', project.client_user?.name ?? ''],
    ['Coordinator', project.coordinator?.name ?? ''],
    ['Labor Required', yesNo(project.labor_required === REQUIRED_YES)],
    ['Planner', project.planner?.name ?? ''],
    ['Procurement Required', yesNo(project.procurement_required === REQUIRED_YES)],
    ['Researcher', project.researcher?.name ?? ''],
    ['Quoter', project.quoter?.name ?? ''],
    ['Verbally Approved', yesNo(project.verbally_approved === 1)],
  ];
  return (
    <Card withBorder padding="md" role="group" aria-label="Project Information">
      <Title order={2} size="h4" mb="xs">
        Project Information
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value || '—'}</Text>
          </div>
        ))}
      </SimpleGrid>
      {[
        ['Notes', project.notes],
        ['Goals', project.goals],
      ].map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed" mt="sm">
            {label}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {value || '—'}
          </Text>
        </div>
      ))}
    </Card>
  );
}
