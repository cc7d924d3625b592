import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { projectSaveFailedMessage } from '@switchboard/shared';
import { useNavigate } from 'react-router';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useCreateProject } from './api/projects.ts';
import {
  blankProject,
  projectBody,
  ProjectFields,
  validateProject,
  type ProjectFormState,
} from './components/project-fields.tsx';

/** Spec 3 §2 Project creation: /projects/create; POST /api/project, then /projects/{id}. */
export function CreateProjectPage() {
  const navigate = useNavigate();
  const create = useCreateProject();
  const form = useForm<ProjectFormState>({
    mode: 'controlled',
    initialValues: blankProject,
    validate: validateProject,
  });

  const submit = form.onSubmit((values) =>
    create.mutate(projectBody(values), {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        void navigate(`/projects/${answer.data.id}`);
      },
      onError: (error) => {
        form.setErrors(getFormErrors(error).fields);
        notifications.show({ color: 'red', message: projectSaveFailedMessage });
      },
    }),
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Create Project
      </Title>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label="Create Project">
          <Stack gap="sm">
            <ProjectFields form={form} />
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create Project
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
