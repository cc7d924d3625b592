import {
  ActionIcon,
  Badge,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  hrFormFieldKindLabels,
  hrFormFieldSchema,
  type HrFormField,
  type HrFormFieldKind,
} from '@switchboard/shared/hr/forms';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// One field of the builder: label, help, required and the limits of its kind. Messages come keyed by the contract's
// path inside the field ('label', 'options', 'min'...).

/** A new field of `kind` with the contract's defaults and a key no other field has. */
export function newField(kind: HrFormFieldKind, taken: readonly string[]): HrFormField {
  let index = 1;
  while (taken.includes(`${kind}_${index}`)) index += 1;
  const withOptions = kind === 'select' || kind === 'checkboxes' ? { options: ['Option 1', 'Option 2'] } : {};
  return hrFormFieldSchema.parse({
    kind,
    key: `${kind}_${index}`,
    label: kind === 'signature' ? 'Signature' : hrFormFieldKindLabels[kind],
    required: kind === 'signature',
    ...withOptions,
  });
}

const optionalNumber = (value: string | number): number | null =>
  typeof value === 'number' ? value : value === '' ? null : Number(value);

export function FieldEditor({
  field,
  index,
  grip,
  messages,
  onChange,
  onRemove,
}: {
  field: HrFormField;
  index: number;
  grip: ReactNode;
  /** Messages of this field by the path inside it. */
  messages: Record<string, string>;
  onChange: (field: HrFormField) => void;
  onRemove: () => void;
}) {
  // Each kind keeps its own properties; the spread keeps the discriminated union intact.
  const set = (patch: Record<string, unknown>) => onChange({ ...field, ...patch } as HrFormField);
  const name = field.label || `Field ${index + 1}`;
  const limits = (() => {
    switch (field.kind) {
      case 'short_text':
      case 'long_text':
        return (
          <SimpleGrid cols={2}>
            <NumberInput
              label="Minimum length"
              min={0}
              value={field.min_length ?? ''}
              onChange={(value) => set({ min_length: optionalNumber(value) })}
              error={messages.min_length}
            />
            <NumberInput
              label="Maximum length"
              min={1}
              value={field.max_length}
              onChange={(value) => set({ max_length: optionalNumber(value) ?? 1 })}
              error={messages.max_length}
            />
          </SimpleGrid>
        );
      case 'number':
        return (
          <SimpleGrid cols={3}>
            <NumberInput
              label="Minimum"
              value={field.min ?? ''}
              onChange={(value) => set({ min: optionalNumber(value) })}
              error={messages.min}
            />
            <NumberInput
              label="Maximum"
              value={field.max ?? ''}
              onChange={(value) => set({ max: optionalNumber(value) })}
              error={messages.max}
            />
            <Checkbox
              mt="xl"
              label="Whole numbers"
              checked={field.integer}
              onChange={(event) => set({ integer: event.currentTarget.checked })}
            />
          </SimpleGrid>
        );
      case 'date':
        return (
          <SimpleGrid cols={2}>
            <TextInput
              type="date"
              label="Earliest date"
              value={field.min_date ?? ''}
              onChange={(event) => set({ min_date: event.currentTarget.value || null })}
              error={messages.min_date}
            />
            <TextInput
              type="date"
              label="Latest date"
              value={field.max_date ?? ''}
              onChange={(event) => set({ max_date: event.currentTarget.value || null })}
              error={messages.max_date}
            />
          </SimpleGrid>
        );
      case 'select':
      case 'checkboxes':
        return (
          <Stack gap="xs">
            <TagsInput
              label="Options"
              description="Press Enter after each option."
              value={field.options}
              onChange={(options) => set({ options })}
              error={messages.options}
            />
            {field.kind === 'checkboxes' && (
              <SimpleGrid cols={2}>
                <NumberInput
                  label="Choose at least"
                  min={0}
                  value={field.min_selected ?? ''}
                  onChange={(value) => set({ min_selected: optionalNumber(value) })}
                  error={messages.min_selected}
                />
                <NumberInput
                  label="Choose at most"
                  min={0}
                  value={field.max_selected ?? ''}
                  onChange={(value) => set({ max_selected: optionalNumber(value) })}
                  error={messages.max_selected}
                />
              </SimpleGrid>
            )}
          </Stack>
        );
      case 'file':
        return (
          <NumberInput
            label="Largest file (MB)"
            min={1}
            max={20}
            value={field.max_size_mb}
            onChange={(value) => set({ max_size_mb: optionalNumber(value) ?? 10 })}
            error={messages.max_size_mb}
          />
        );
      case 'paragraph':
        return (
          <Textarea
            label="Text"
            autosize
            minRows={2}
            value={field.text}
            onChange={(event) => set({ text: event.currentTarget.value })}
            error={messages.text}
          />
        );
      default:
        return null;
    }
  })();
  const takesAnswer = field.kind !== 'heading' && field.kind !== 'paragraph';
  return (
    <Paper withBorder p="sm" radius="md" mb="xs" role="group" aria-label={`Field ${index + 1}: ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            {grip}
            <Badge variant="light">{hrFormFieldKindLabels[field.kind]}</Badge>
            {messages[''] && <Badge color="red">{messages['']}</Badge>}
          </Group>
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove ${name}`}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Label"
            required
            value={field.label}
            onChange={(event) => set({ label: event.currentTarget.value })}
            error={messages.label}
          />
          <TextInput
            label="Key"
            description="The column in the CSV of answers."
            value={field.key}
            onChange={(event) => set({ key: event.currentTarget.value })}
            error={messages.key}
          />
        </SimpleGrid>
        <TextInput
          label="Help"
          value={field.help}
          onChange={(event) => set({ help: event.currentTarget.value })}
          error={messages.help}
        />
        {takesAnswer && (
          <Checkbox
            label="Required"
            checked={field.required}
            onChange={(event) => set({ required: event.currentTarget.checked })}
          />
        )}
        {limits}
      </Stack>
    </Paper>
  );
}
