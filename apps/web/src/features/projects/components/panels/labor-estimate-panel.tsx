import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  LABOR_HOURS_STEP,
  laborTotals,
  projectSaveFailedMessage,
  saveLaborEstimateInputSchema,
  type LaborStep,
} from '@switchboard/shared';
import { IconArrowDown, IconArrowUp, IconFileImport, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { SortableList } from '../../../../components/sortable-list.tsx';
import { getFormErrors } from '../../../../lib/form-errors.ts';
import { useProjectAction } from '../../api/projects.ts';
import { laborCalls, temporaryId, type LaborStepDraft } from '../../api/project-labor.ts';
import { TemplateImporter } from './template-importer.tsx';
import type { StepPanelProps } from './panel-types.ts';
import { useSaveAndClose } from './save-and-close.tsx';

let nextKey = 1;
const draftOf = (steps: LaborStep[]): LaborStepDraft[] =>
  steps.map((step) => ({
    id: step.id,
    title: step.title,
    min_hours: step.min_hours,
    max_hours: step.max_hours,
    sub_steps: step.sub_steps.map((subStep) => ({ key: nextKey++, title: subStep.title })),
  }));
// What the steps say (not their ids), to tell an edited draft from a saved estimate.
const contentOf = (steps: (LaborStepDraft | LaborStep)[]) =>
  JSON.stringify(
    steps.map((entry) => [
      entry.title,
      Number(entry.min_hours),
      Number(entry.max_hours),
      entry.sub_steps.map((subStep) => subStep.title),
    ]),
  );
const hoursText = (hours: number) => hours.toFixed(2);

/**
 * Spec 3 §2 Labor Estimate (project_order 2): the steps with their hours and sub-steps, a template importer, Add Step,
 * reordering (drag by the grip, or the move up and down buttons), delete, the totals, and Save Steps shown when
 * steps exist or some were deleted. The server keeps the ids it knows and takes the temporary ones as new.
 */
export function LaborEstimatePanel({ project, step, staff }: StepPanelProps) {
  if (!staff) return <LaborEstimateSummary steps={project.labor_steps} />;
  return <LaborEstimateEditor project={project} step={step} staff={staff} />;
}

function LaborEstimateEditor({ project, step }: StepPanelProps) {
  const [saved, setSaved] = useState(project.labor_steps);
  const [draft, setDraft] = useState(() => draftOf(project.labor_steps));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [importing, setImporting] = useState(false);
  const save = useProjectAction(project.id, laborCalls.save(project.id, step.id));
  const saveAndClose = useSaveAndClose(step, 'Save Steps', (close) => submit(close));

  // The saved estimate changed (our save, an import, another viewer): a draft that was untouched, or says what was just
  // saved, follows it; an edited one keeps its edits and takes in the steps that are new (an import appends them).
  if (saved !== project.labor_steps) {
    const content = contentOf(draft);
    const clean = content === contentOf(saved) || content === contentOf(project.labor_steps);
    const known = new Set(saved.map((row) => row.id));
    setSaved(project.labor_steps);
    setDraft(
      clean
        ? draftOf(project.labor_steps)
        : [...draft, ...draftOf(project.labor_steps.filter((row) => !known.has(row.id)))],
    );
  }

  const savedIds = new Set(saved.map((row) => row.id));
  const deletedSome = saved.some((row) => !draft.some((entry) => entry.id === row.id));
  const totals = laborTotals(draft);
  const change = (index: number, patch: Partial<LaborStepDraft>) =>
    setDraft((steps) => steps.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  const move = (from: number, to: number) =>
    setDraft((steps) => {
      const next = [...steps];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });

  const submit = (close: boolean) => {
    const payload = { project_id: project.id, ticket_id: step.id, steps: draft, close };
    const checked = saveLaborEstimateInputSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      notifications.show({ color: 'red', message: projectSaveFailedMessage });
      return;
    }
    setErrors({});
    save.mutate(
      { steps: draft, close },
      {
        onSuccess: (answer) => notifications.show({ color: 'green', message: answer.message }),
        onError: (error) => {
          const { fields } = getFormErrors(error);
          setErrors(fields);
          notifications.show({ color: 'red', message: fields.steps ?? projectSaveFailedMessage });
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" role="toolbar" aria-label="Labor estimate">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconFileImport size={14} aria-hidden />}
          onClick={() => setImporting(true)}
        >
          Import Template
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() =>
            setDraft((steps) => [...steps, { id: temporaryId(), title: '', min_hours: 0, max_hours: 0, sub_steps: [] }])
          }
        >
          Add Step
        </Button>
      </Group>
      {draft.length === 0 ? (
        <Text size="sm" c="dimmed">
          No labor steps yet.
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Labor steps">
          <SortableList
            items={draft}
            idOf={(entry) => entry.id}
            labelOf={(entry, index) => entry.title.trim() || `Step ${index + 1}`}
            onMove={move}
          >
            {(entry, index, grip) => (
              <StepEditor
                entry={entry}
                index={index}
                count={draft.length}
                isNew={!savedIds.has(entry.id)}
                errors={errors}
                grip={grip}
                onChange={(patch) => change(index, patch)}
                onMove={(by) => move(index, index + by)}
                onDelete={() => setDraft((steps) => steps.filter((_, at) => at !== index))}
              />
            )}
          </SortableList>
        </Stack>
      )}
      <Group justify="space-between" align="center">
        <Group gap="lg" aria-label="Totals">
          <Text size="sm">
            Total min hours: <strong data-total="min">{hoursText(totals.min_hours)}</strong>
          </Text>
          <Text size="sm">
            Total max hours: <strong data-total="max">{hoursText(totals.max_hours)}</strong>
          </Text>
        </Group>
        {draft.length > 0 || deletedSome ? (
          <Button
            size="xs"
            loading={save.isPending}
            // Spec 3 §4: a closed step saves directly; an open one asks whether to close it too.
            onClick={saveAndClose.request}
          >
            Save Steps
          </Button>
        ) : null}
      </Group>
      {errors.steps ? (
        <Alert color="red" variant="light" role="alert">
          {errors.steps}
        </Alert>
      ) : null}
      {saveAndClose.dialog}
      <TemplateImporter
        opened={importing}
        onClose={() => setImporting(false)}
        projectId={project.id}
        ticketId={step.id}
      />
    </Stack>
  );
}

interface StepEditorProps {
  entry: LaborStepDraft;
  index: number;
  count: number;
  isNew: boolean;
  errors: Record<string, string>;
  grip: ReactNode;
  onChange: (patch: Partial<LaborStepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
}

function StepEditor({ entry, index, count, isNew, errors, grip, onChange, onMove, onDelete }: StepEditorProps) {
  const name = entry.title.trim() || `Step ${index + 1}`;
  const error = (field: string) => errors[`steps.${index}.${field}`];
  return (
    <Paper withBorder p="sm" role="listitem" aria-label={name} data-new-step={isNew || undefined}>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} pt={4}>
          {grip}
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Move ${name} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Move ${name} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={14} aria-hidden />
          </ActionIcon>
        </Stack>
        <Stack gap="xs" style={{ flex: 1 }}>
          <Group align="flex-start" gap="xs" grow>
            <TextInput
              label="Title"
              size="xs"
              required
              maxLength={255}
              value={entry.title}
              error={error('title')}
              onChange={(event) => onChange({ title: event.currentTarget.value })}
            />
            <NumberInput
              label="Min hours"
              size="xs"
              min={0}
              step={LABOR_HOURS_STEP}
              decimalScale={2}
              value={entry.min_hours}
              error={error('min_hours')}
              onChange={(value) => onChange({ min_hours: value })}
            />
            <NumberInput
              label="Max hours"
              size="xs"
              min={0}
              step={LABOR_HOURS_STEP}
              decimalScale={2}
              value={entry.max_hours}
              error={error('max_hours')}
              onChange={(value) => onChange({ max_hours: value })}
            />
          </Group>
          <Stack gap={4} role="list" aria-label={`Sub-steps of ${name}`}>
            {entry.sub_steps.map((subStep, at) => (
              <Group key={subStep.key} gap="xs" wrap="nowrap" role="listitem">
                <TextInput
                  size="xs"
                  style={{ flex: 1 }}
                  aria-label={`Sub-step ${at + 1} of ${name}`}
                  placeholder="Sub-step"
                  maxLength={255}
                  value={subStep.title}
                  error={error(`sub_steps.${at}.title`)}
                  onChange={(event) => {
                    const title = event.currentTarget.value;
                    onChange({ sub_steps: entry.sub_steps.map((row, i) => (i === at ? { ...row, title } : row)) });
                  }}
                />
                <Tooltip label="Delete sub-step">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete sub-step ${at + 1} of ${name}`}
                    onClick={() => onChange({ sub_steps: entry.sub_steps.filter((_, i) => i !== at) })}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            <Group>
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconPlus size={12} aria-hidden />}
                onClick={() => onChange({ sub_steps: [...entry.sub_steps, { key: nextKey++, title: '' }] })}
              >
                Add sub-step
              </Button>
            </Group>
          </Stack>
        </Stack>
        <Tooltip label="Delete step">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} mt={22} onClick={onDelete}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

/** A client account reads the estimate: each step with its hours and sub-steps, and the totals. */
function LaborEstimateSummary({ steps }: { steps: LaborStep[] }) {
  if (steps.length === 0) return null;
  const totals = laborTotals(steps);
  return (
    <Table withTableBorder aria-label="Labor steps">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Step</Table.Th>
          <Table.Th ta="right">Min hours</Table.Th>
          <Table.Th ta="right">Max hours</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {steps.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              {row.title}
              {row.sub_steps.length > 0 ? (
                <Text size="xs" c="dimmed">
                  {row.sub_steps.map((subStep) => subStep.title).join(' · ')}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right">{hoursText(row.min_hours)}</Table.Td>
            <Table.Td ta="right">{hoursText(row.max_hours)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th ta="right">{hoursText(totals.min_hours)}</Table.Th>
          <Table.Th ta="right">{hoursText(totals.max_hours)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
