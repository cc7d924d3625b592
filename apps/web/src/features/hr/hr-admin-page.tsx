import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  hrApprovalLabels,
  hrApprovalRoutes,
  hrCategoryInputSchema,
  hrCategoryKindLabels,
  hrCategoryKinds,
  hrSettingsSchema,
  hrStepInputSchema,
  hrStepKindLabels,
  hrStepKinds,
  type HrCategory,
  type HrCategoryInput,
  type HrSettings,
  type HrStep,
  type HrStepInput,
} from '@switchboard/shared/hr/base';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import {
  contractMessages,
  FormActions,
  shownMessages,
  type FieldMessages,
} from '../../components/billing-form-parts.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import {
  useDeleteBaseEntry,
  useHrBase,
  useHrSettings,
  useReorder,
  useSaveCategory,
  useSaveHrSettings,
  useSaveStep,
} from './api/hr-base.ts';

// /hr/admin/{view?} (spec 1 §2.5: /hr/admin/categories and /hr/admin/steps; designs/hr.md §2.1; decision 0102): the
// kinds of request and the hiring steps, dragged to reorder, and the HR settings. Needs 'manage hr settings'.

const views = ['categories', 'steps', 'settings'] as const;
type View = (typeof views)[number];

/** The 48 half-hour slots of the spec's calendar dialog, for the release slots. */
const halfHours = Array.from({ length: 48 }, (_, index) => {
  const hours = String(Math.floor(index / 2)).padStart(2, '0');
  return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
});
const weekdays = [
  ['1', 'Monday'],
  ['2', 'Tuesday'],
  ['3', 'Wednesday'],
  ['4', 'Thursday'],
  ['5', 'Friday'],
  ['6', 'Saturday'],
  ['7', 'Sunday'],
] as const;

const moved = <T,>(rows: T[], from: number, to: number): T[] => {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
};

/**
 * A dialog or page form over one shared contract: the contract checks it before posting, the server's 422 shows on
 * the same fields, the answer's message is shown and `done` runs after a save.
 */
function useContractForm<T extends object>(
  schema: z.ZodType<T>,
  initial: T,
  save: (values: T) => Promise<{ message: string }>,
  done?: () => void,
) {
  const [values, setValues] = useState<T>(initial);
  const [local, setLocal] = useState<FieldMessages>({});
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => setValues((previous) => ({ ...previous, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const messages = contractMessages(schema.safeParse(values));
    setLocal(messages ?? {});
    if (messages) return;
    setPending(true);
    setError(null);
    try {
      const saved = await save(values);
      notifications.show({ message: saved.message });
      done?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };
  return { values, set, submit, shown: shownMessages(local, error), error, pending };
}

export function HrAdminPage() {
  const navigate = useNavigate();
  const { view } = useParams();
  const current: View = views.includes(view as View) ? (view as View) : 'categories';
  return (
    <Stack gap="md">
      <Title order={2}>HR Administration</Title>
      <Tabs value={current} onChange={(next) => next && navigate(`/hr/admin/${next}`)}>
        <Tabs.List>
          <Tabs.Tab value="categories">Categories</Tabs.Tab>
          <Tabs.Tab value="steps">Steps</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {current === 'categories' && <CategoriesPanel />}
      {current === 'steps' && <StepsPanel />}
      {current === 'settings' && <SettingsPanel />}
    </Stack>
  );
}

function Swatch({ color }: { color: string }) {
  return (
    <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 3, background: color }} />
  );
}

function OrderedRows<T extends { id: number; name: string }>({
  kind,
  rows,
  describe,
  onEdit,
}: {
  kind: 'categories' | 'steps';
  rows: T[];
  describe: (row: T) => ReactNode;
  onEdit: (row: T) => void;
}) {
  const reorder = useReorder(kind);
  const remove = useDeleteBaseEntry();
  const drop = async (row: T) => {
    try {
      const answer = await remove.mutateAsync({ kind, id: row.id });
      notifications.show({ message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'An error occured.' });
    }
  };
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      aria-label={kind === 'categories' ? 'Categories' : 'Steps'}
      component="section"
    >
      <SortableList
        items={rows}
        idOf={(row) => row.id}
        labelOf={(row) => row.name}
        onMove={(from, to) => reorder.mutate(moved(rows, from, to).map((row) => row.id))}
      >
        {(row, _index, grip) => (
          <Group justify="space-between" wrap="nowrap" py={6} px="xs" data-testid={`row-${row.id}`}>
            <Group gap="sm" wrap="nowrap">
              {grip}
              {describe(row)}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => onEdit(row)}>
                Edit
              </Button>
              <Button size="xs" variant="subtle" color="red" loading={remove.isPending} onClick={() => void drop(row)}>
                Delete
              </Button>
            </Group>
          </Group>
        )}
      </SortableList>
      {reorder.isError && (
        <Alert color="red" mt="xs">
          {reorder.error instanceof Error ? reorder.error.message : 'An error occured.'}
        </Alert>
      )}
    </Paper>
  );
}

function CategoriesPanel() {
  const base = useHrBase();
  const [editing, setEditing] = useState<HrCategory | 'new' | null>(null);
  if (base.isPending) return <Loader />;
  if (base.isError) return <Alert color="red">An error occured.</Alert>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          The kinds of request employees choose from, in this order. A category with requests is deactivated, not
          deleted.
        </Text>
        <Button onClick={() => setEditing('new')}>New category</Button>
      </Group>
      <OrderedRows
        kind="categories"
        rows={base.data.categories}
        onEdit={setEditing}
        describe={(row) => (
          <Group gap="xs">
            <Swatch color={row.color} />
            <Text fw={500}>{row.name}</Text>
            <Badge variant="light">{hrCategoryKindLabels[row.kind]}</Badge>
            <Text size="sm" c="dimmed">
              Approved by {hrApprovalLabels[row.approval]}
            </Text>
            {!row.active && <Badge color="gray">Inactive</Badge>}
          </Group>
        )}
      />
      {editing && <CategoryForm category={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

const categoryInputOf = (category: HrCategory | null): HrCategoryInput => ({
  name: category?.name ?? '',
  kind: category?.kind ?? 'time_off',
  approval: category?.approval ?? 'manager',
  color: category?.color ?? '#228be6',
  instructions: category?.instructions ?? '',
  active: category?.active ?? true,
});

function CategoryForm({ category, onClose }: { category: HrCategory | null; onClose: () => void }) {
  const save = useSaveCategory();
  const { values, set, submit, shown, error, pending } = useContractForm(
    hrCategoryInputSchema,
    categoryInputOf(category),
    (input) => save.mutateAsync({ id: category?.id ?? null, input }),
    onClose,
  );
  return (
    <Modal opened onClose={onClose} title={category ? `Edit ${category.name}` : 'New category'}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={shown.name?.[0]}
          />
          <Select
            label="Kind"
            description="Decides the request form."
            data={hrCategoryKinds.map((kind) => ({ value: kind, label: hrCategoryKindLabels[kind] }))}
            value={values.kind}
            onChange={(kind) => kind && set('kind', kind as HrCategoryInput['kind'])}
            error={shown.kind?.[0]}
            allowDeselect={false}
          />
          <Select
            label="Approved by"
            data={hrApprovalRoutes.map((route) => ({ value: route, label: hrApprovalLabels[route] }))}
            value={values.approval}
            onChange={(route) => route && set('approval', route as HrCategoryInput['approval'])}
            error={shown.approval?.[0]}
            allowDeselect={false}
          />
          <TextInput
            label="Colour"
            value={values.color}
            onChange={(e) => set('color', e.currentTarget.value)}
            error={shown.color?.[0]}
            leftSection={<Swatch color={values.color} />}
          />
          <Textarea
            label="Instructions"
            description="Shown on the request form."
            autosize
            minRows={2}
            value={values.instructions}
            onChange={(e) => set('instructions', e.currentTarget.value)}
            error={shown.instructions?.[0]}
          />
          <Switch label="Active" checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
          <FormActions error={error} pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function StepsPanel() {
  const base = useHrBase();
  const [editing, setEditing] = useState<HrStep | 'new' | null>(null);
  if (base.isPending) return <Loader />;
  if (base.isError) return <Alert color="red">An error occured.</Alert>;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          The columns of the hiring board, in this order. One hired and one rejected step always stay active.
        </Text>
        <Button onClick={() => setEditing('new')}>New step</Button>
      </Group>
      <OrderedRows
        kind="steps"
        rows={base.data.steps}
        onEdit={setEditing}
        describe={(row) => (
          <Group gap="xs">
            <Swatch color={row.color} />
            <Text fw={500}>{row.name}</Text>
            <Badge variant="light">{hrStepKindLabels[row.kind]}</Badge>
            {row.email_subject && <Badge variant="outline">E-mail template</Badge>}
            {!row.active && <Badge color="gray">Inactive</Badge>}
          </Group>
        )}
      />
      {editing && <StepForm step={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

const stepInputOf = (step: HrStep | null): HrStepInput => ({
  name: step?.name ?? '',
  kind: step?.kind ?? 'active',
  color: step?.color ?? '#228be6',
  email_subject: step?.email_subject ?? '',
  email_body: step?.email_body ?? '',
  active: step?.active ?? true,
});

function StepForm({ step, onClose }: { step: HrStep | null; onClose: () => void }) {
  const save = useSaveStep();
  const { values, set, submit, shown, error, pending } = useContractForm(
    hrStepInputSchema,
    stepInputOf(step),
    (input) => save.mutateAsync({ id: step?.id ?? null, input }),
    onClose,
  );
  return (
    <Modal opened onClose={onClose} title={step ? `Edit ${step.name}` : 'New step'} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={shown.name?.[0]}
          />
          <Select
            label="Kind"
            data={hrStepKinds.map((kind) => ({ value: kind, label: hrStepKindLabels[kind] }))}
            value={values.kind}
            onChange={(kind) => kind && set('kind', kind as HrStepInput['kind'])}
            error={shown.kind?.[0]}
            allowDeselect={false}
          />
          <TextInput
            label="Colour"
            value={values.color}
            onChange={(e) => set('color', e.currentTarget.value)}
            error={shown.color?.[0]}
            leftSection={<Swatch color={values.color} />}
          />
          <TextInput
            label="E-mail subject"
            description="Offered when an applicant enters this step; {first_name}, {job_title} and {company_name} are filled in."
            value={values.email_subject}
            onChange={(e) => set('email_subject', e.currentTarget.value)}
            error={shown.email_subject?.[0]}
          />
          <Textarea
            label="E-mail body"
            autosize
            minRows={3}
            value={values.email_body}
            onChange={(e) => set('email_body', e.currentTarget.value)}
            error={shown.email_body?.[0]}
          />
          <Switch label="Active" checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
          <FormActions error={error} pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function SettingsPanel() {
  const settings = useHrSettings();
  if (settings.isPending) return <Loader />;
  if (settings.isError) return <Alert color="red">An error occured.</Alert>;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: HrSettings }) {
  const save = useSaveHrSettings();
  const { values, set, submit, shown, pending } = useContractForm(hrSettingsSchema, initial, (input) =>
    save.mutateAsync(input),
  );
  const number = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);
  const slotMessage = Object.entries(shown).find(([key]) => key.startsWith('anon_release_slots'))?.[1]?.[0];
  return (
    <form onSubmit={submit} noValidate aria-label="HR settings">
      <Stack gap="md" maw={720}>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="xs">
            Company week
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Hours scheduled each weekday; time off counts these (an employee's own work hours override them).
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {weekdays.map(([day, label]) => (
              <NumberInput
                key={day}
                label={label}
                min={0}
                max={24}
                step={0.25}
                decimalScale={2}
                value={values.work_week[day]}
                onChange={(value) => set('work_week', { ...values.work_week, [day]: number(value) })}
                error={shown[`work_week.${day}`]?.[0]}
              />
            ))}
          </SimpleGrid>
          {shown.work_week && (
            <Text c="red" size="sm" mt="xs">
              {shown.work_week[0]}
            </Text>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Requests
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Backdating allowed (days)"
              min={0}
              max={365}
              value={values.backdate_days}
              onChange={(value) => set('backdate_days', number(value))}
              error={shown.backdate_days?.[0]}
            />
            <NumberInput
              label="Remind approvers after (working days)"
              min={1}
              max={30}
              value={values.escalate_after_days}
              onChange={(value) => set('escalate_after_days', number(value))}
              error={shown.escalate_after_days?.[0]}
            />
            <Select
              label="A request below zero balance"
              data={[
                { value: 'warn', label: 'Warns, approvers confirm' },
                { value: 'block', label: 'Is refused' },
              ]}
              value={values.negative_balance}
              onChange={(value) => value && set('negative_balance', value as HrSettings['negative_balance'])}
              allowDeselect={false}
            />
            <Switch
              mt="xl"
              label="Unpaid time off allowed"
              checked={values.unpaid_allowed}
              onChange={(e) => set('unpaid_allowed', e.currentTarget.checked)}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            Anonymous reports and retention
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MultiSelect
              label="Release slots"
              description="Reports reach readers only at these times on working days."
              data={halfHours}
              value={values.anon_release_slots}
              onChange={(slots) => set('anon_release_slots', [...slots].sort())}
              error={slotMessage}
              searchable
            />
            <NumberInput
              label="Keep closed anonymous reports (months)"
              min={1}
              max={120}
              value={values.anon_retention_months}
              onChange={(value) => set('anon_retention_months', number(value))}
              error={shown.anon_retention_months?.[0]}
            />
            <NumberInput
              label="Keep applicants of closed openings (months)"
              min={1}
              max={120}
              value={values.applicant_retention_months}
              onChange={(value) => set('applicant_retention_months', number(value))}
              error={shown.applicant_retention_months?.[0]}
            />
          </SimpleGrid>
        </Paper>
        <Group>
          <Button type="submit" loading={pending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
