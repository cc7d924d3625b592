import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  NavLink,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  LABOR_HOURS_STEP,
  laborTotals,
  projectSaveFailedMessage,
  templateInputSchema,
  type TemplateDetail,
} from '@switchboard/shared';
import { IconArrowDown, IconArrowUp, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmDelete } from '../../components/confirm-dialogs.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useDeleteTemplate, useSaveTemplate, useTemplate, useTemplates } from './api/project-labor.ts';
import { SortableList } from '../../components/sortable-list.tsx';

interface StepDraft {
  key: number;
  title: string;
  min_hours: number | string;
  max_hours: number | string;
  tasks: { key: number; title: string }[];
}
interface TemplateDraft {
  template_name: string;
  steps: StepDraft[];
}

let nextKey = 1;
const draftOf = (template: TemplateDetail | null): TemplateDraft => ({
  template_name: template?.template_name ?? '',
  steps: (template?.steps ?? []).map((step) => ({
    key: nextKey++,
    title: step.title,
    min_hours: step.min_hours,
    max_hours: step.max_hours,
    tasks: step.tasks.map((task) => ({ key: nextKey++, title: task.title })),
  })),
});
const payloadOf = (draft: TemplateDraft) => ({
  template_name: draft.template_name,
  steps: draft.steps.map((step) => ({
    title: step.title,
    min_hours: step.min_hours,
    max_hours: step.max_hours,
    tasks: step.tasks.map((task) => ({ title: task.title })),
  })),
});

/**
 * Spec 3 §2 /projects/templates/{templateId?}: the labor templates that Labor Estimate imports. The list (searchable)
 * on the left; on the right the chosen template's form (name, steps with hours and tasks) or a new one; delete asks
 * first.
 */
export function TemplatesPage() {
  const raw = useParams().templateId;
  const templateId = raw === undefined ? null : Number(raw);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const templates = useTemplates(debouncedSearch);
  const navigate = useNavigate();

  // Choosing a template (a link) leaves the new one's form.
  const [seenId, setSeenId] = useState(templateId);
  if (seenId !== templateId) {
    setSeenId(templateId);
    if (templateId !== null) setCreating(false);
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h3">
          Project Templates
        </Title>
        <Button
          size="compact-md"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => {
            setCreating(true);
            if (templateId !== null) void navigate('/projects/templates');
          }}
        >
          New Template
        </Button>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm">
            <TextInput
              aria-label="Search templates"
              placeholder="Search templates"
              leftSection={<IconSearch size={14} aria-hidden />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              mb="xs"
            />
            <ScrollArea.Autosize mah="70vh">
              <Stack gap={0} component="nav" aria-label="Templates">
                {templates.isPending ? <Loader size="sm" aria-label="Loading templates" /> : null}
                {templates.isError ? (
                  <Text size="sm" c="red">
                    The templates could not be loaded.
                  </Text>
                ) : null}
                {templates.data?.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No templates found.
                  </Text>
                ) : null}
                {templates.data?.map((template) => (
                  <NavLink
                    key={template.id}
                    component={Link}
                    to={`/projects/templates/${template.id}`}
                    label={template.template_name}
                    active={template.id === templateId}
                    aria-current={template.id === templateId ? 'page' : undefined}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {templateId !== null ? (
            <SavedTemplate id={templateId} />
          ) : creating ? (
            <TemplateForm
              key="new"
              template={null}
              onSaved={(id) => {
                setCreating(false);
                void navigate(`/projects/templates/${id}`);
              }}
            />
          ) : (
            <Text c="dimmed">Choose a template, or create a new one.</Text>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function SavedTemplate({ id }: { id: number }) {
  const template = useTemplate(id);
  if (template.isError && isApiError(template.error) && template.error.status === 404) return <NotFoundPage />;
  if (template.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The template could not be loaded.
      </Alert>
    );
  if (!template.data) return <Loader size="sm" aria-label="Loading template" />;
  // A save gives new saved values: the form starts again from them.
  return <TemplateForm key={JSON.stringify(template.data)} template={template.data} onSaved={() => undefined} />;
}

function TemplateForm({ template, onSaved }: { template: TemplateDetail | null; onSaved: (id: number) => void }) {
  const [draft, setDraft] = useState(() => draftOf(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Add task and Add Step put the caret in the new row's input, so typing fills it (a space would press Add again).
  const focusNext = useRef<number | null>(null);
  const focusIfNew = (key: number) => (element: HTMLInputElement | null) => {
    if (element && focusNext.current === key) {
      focusNext.current = null;
      element.focus();
    }
  };
  const added = () => {
    const key = nextKey++;
    focusNext.current = key;
    return key;
  };
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const navigate = useNavigate();
  const totals = laborTotals(draft.steps);

  const setStep = (index: number, patch: Partial<StepDraft>) =>
    setDraft((current) => ({
      ...current,
      steps: current.steps.map((step, at) => (at === index ? { ...step, ...patch } : step)),
    }));
  const move = (from: number, to: number) =>
    setDraft((current) => {
      const steps = [...current.steps];
      const [moved] = steps.splice(from, 1);
      steps.splice(to, 0, moved!);
      return { ...current, steps };
    });

  const submit = () => {
    const payload = payloadOf(draft);
    const checked = templateInputSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      notifications.show({ color: 'red', message: projectSaveFailedMessage });
      return;
    }
    setErrors({});
    save.mutate(
      { id: template?.id ?? null, values: payload },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message });
          onSaved(answer.id);
        },
        onError: (error) => {
          setErrors(getFormErrors(error).fields);
          notifications.show({ color: 'red', message: projectSaveFailedMessage });
        },
      },
    );
  };
  const askDelete = () => {
    if (!template) return;
    confirmDelete({
      title: 'Delete template?',
      text: `“${template.template_name}” will be deleted. Estimates imported from it stay as they are.`,
      confirm: 'Yes, delete it!',
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: (answer) => {
            notifications.show({ color: 'green', message: answer.message });
            void navigate('/projects/templates');
          },
          onError: () => notifications.show({ color: 'red', message: projectSaveFailedMessage }),
        }),
    });
  };

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-label={template ? `Template ${template.template_name}` : 'New template'}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Template name"
          required
          maxLength={255}
          value={draft.template_name}
          error={errors.template_name}
          onChange={(event) => {
            const templateName = event.currentTarget.value;
            setDraft((current) => ({ ...current, template_name: templateName }));
          }}
        />
        <Title order={2} size="h5">
          Steps
        </Title>
        {draft.steps.length === 0 ? (
          <Text size="sm" c="dimmed">
            No steps yet.
          </Text>
        ) : null}
        <Stack gap="xs" role="list" aria-label="Template steps">
          <SortableList
            items={draft.steps}
            idOf={(step) => step.key}
            labelOf={(step, index) => step.title.trim() || `Step ${index + 1}`}
            onMove={move}
          >
            {(step, index, grip) => {
              const name = step.title.trim() || `Step ${index + 1}`;
              const error = (field: string) => errors[`steps.${index}.${field}`];
              return (
                <Paper withBorder p="sm" role="listitem" aria-label={name}>
                  <Group align="flex-start" gap="xs" wrap="nowrap">
                    <Stack gap={2} pt={4}>
                      {grip}
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      >
                        <IconArrowUp size={14} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={`Move ${name} down`}
                        disabled={index === draft.steps.length - 1}
                        onClick={() => move(index, index + 1)}
                      >
                        <IconArrowDown size={14} aria-hidden />
                      </ActionIcon>
                    </Stack>
                    <Stack gap="xs" style={{ flex: 1 }}>
                      <Group align="flex-start" gap="xs" grow>
                        <TextInput
                          ref={focusIfNew(step.key)}
                          label="Title"
                          size="xs"
                          required
                          maxLength={255}
                          value={step.title}
                          error={error('title')}
                          onChange={(event) => setStep(index, { title: event.currentTarget.value })}
                        />
                        <NumberInput
                          label="Min hours"
                          size="xs"
                          min={0}
                          step={LABOR_HOURS_STEP}
                          decimalScale={2}
                          value={step.min_hours}
                          error={error('min_hours')}
                          onChange={(value) => setStep(index, { min_hours: value })}
                        />
                        <NumberInput
                          label="Max hours"
                          size="xs"
                          min={0}
                          step={LABOR_HOURS_STEP}
                          decimalScale={2}
                          value={step.max_hours}
                          error={error('max_hours')}
                          onChange={(value) => setStep(index, { max_hours: value })}
                        />
                      </Group>
                      <Stack gap={4} role="list" aria-label={`Tasks of ${name}`}>
                        {step.tasks.map((task, at) => (
                          <Group key={task.key} gap="xs" wrap="nowrap" role="listitem">
                            <TextInput
                              ref={focusIfNew(task.key)}
                              size="xs"
                              style={{ flex: 1 }}
                              aria-label={`Task ${at + 1} of ${name}`}
                              placeholder="Task"
                              maxLength={255}
                              value={task.title}
                              error={error(`tasks.${at}.title`)}
                              onChange={(event) => {
                                const title = event.currentTarget.value;
                                setStep(index, {
                                  tasks: step.tasks.map((row, i) => (i === at ? { ...row, title } : row)),
                                });
                              }}
                            />
                            <ActionIcon
                              size="sm"
                              variant="subtle"
                              color="red"
                              aria-label={`Delete task ${at + 1} of ${name}`}
                              onClick={() => setStep(index, { tasks: step.tasks.filter((_, i) => i !== at) })}
                            >
                              <IconTrash size={14} aria-hidden />
                            </ActionIcon>
                          </Group>
                        ))}
                        <Group>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<IconPlus size={12} aria-hidden />}
                            onClick={() => setStep(index, { tasks: [...step.tasks, { key: added(), title: '' }] })}
                          >
                            Add task
                          </Button>
                        </Group>
                      </Stack>
                    </Stack>
                    <Tooltip label="Delete step">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${name}`}
                        mt={22}
                        onClick={() =>
                          setDraft((current) => ({ ...current, steps: current.steps.filter((_, at) => at !== index) }))
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Paper>
              );
            }}
          </SortableList>
        </Stack>
        <Group justify="space-between">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => {
              const key = added();
              setDraft((current) => ({
                ...current,
                steps: [...current.steps, { key, title: '', min_hours: 0, max_hours: 0, tasks: [] }],
              }));
            }}
          >
            Add Step
          </Button>
          <Text size="sm">
            Total min hours: <strong>{totals.min_hours.toFixed(2)}</strong> · Total max hours:{' '}
            <strong>{totals.max_hours.toFixed(2)}</strong>
          </Text>
        </Group>
        <Group justify="flex-end">
          {template ? (
            <Button variant="light" color="red" loading={remove.isPending} onClick={askDelete}>
              Delete
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {template ? 'Save Template' : 'Create Template'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
