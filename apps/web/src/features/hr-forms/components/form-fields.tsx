import {
  Checkbox,
  FileInput,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { HrFormField, HrFormFileValue, HrFormValue, HrFormValues } from '@switchboard/shared/hr/forms';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { uploadFormFile } from '../api/forms.ts';

// One renderer for a version's fields: the signing page fills them, the builder's live preview shows the same thing.

/** The empty answer of each kind, as the form starts. */
export function emptyValues(fields: readonly HrFormField[]): HrFormValues {
  const values: HrFormValues = {};
  for (const field of fields) {
    if (field.kind === 'heading' || field.kind === 'paragraph') continue;
    const textual = ['short_text', 'long_text', 'date', 'select', 'signature'].includes(field.kind);
    values[field.key] = field.kind === 'checkboxes' ? [] : textual ? '' : null;
  }
  return values;
}

export interface FieldProps {
  field: HrFormField;
  value: HrFormValue | undefined;
  error?: string | undefined;
  onChange: (value: HrFormValue) => void;
  disabled?: boolean;
}

export function FormFieldInput({ field, value, error, onChange, disabled }: FieldProps) {
  const common = {
    label: field.label,
    description: field.help || undefined,
    required: field.required,
    error,
    disabled,
  };
  switch (field.kind) {
    case 'heading':
      return (
        <Stack gap={2}>
          <Title order={4}>{field.label}</Title>
          {field.help && (
            <Text size="sm" c="dimmed">
              {field.help}
            </Text>
          )}
        </Stack>
      );
    case 'paragraph':
      return (
        <Stack gap={2}>
          {field.label && <Text fw={500}>{field.label}</Text>}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {field.text || field.help}
          </Text>
        </Stack>
      );
    case 'short_text':
      return (
        <TextInput
          {...common}
          maxLength={field.max_length}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={field.max_length}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={field.min ?? undefined}
          max={field.max ?? undefined}
          allowDecimal={!field.integer}
          value={typeof value === 'number' ? value : ''}
          onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          min={field.min_date ?? undefined}
          max={field.max_date ?? undefined}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          data={field.options}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(next) => onChange(next ?? '')}
          clearable={!field.required}
        />
      );
    case 'checkboxes':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={(next) => onChange(next)}>
          <Stack gap={6} mt={6}>
            {field.options.map((option) => (
              <Checkbox key={option} value={option} label={option} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'yes_no':
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(next) => onChange(next === 'yes')}
        >
          <Group gap="md" mt={6}>
            <Radio value="yes" label="Yes" disabled={disabled} />
            <Radio value="no" label="No" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'file':
      return <FileAnswer field={field} value={value} error={error} onChange={onChange} disabled={disabled} />;
    case 'signature':
      return (
        <TextInput
          {...common}
          description={field.help || 'Type your full name to sign.'}
          autoComplete="name"
          styles={{ input: { fontStyle: 'italic', fontFamily: 'Georgia, serif' } }}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}

const isFileValue = (value: unknown): value is HrFormFileValue =>
  typeof value === 'object' && value !== null && 'file_id' in value;

/** A file answer is uploaded when chosen; the answer keeps the stored file's id and name. */
function FileAnswer({
  field,
  value,
  error,
  onChange,
  disabled,
}: Omit<FieldProps, 'field'> & { field: Extract<HrFormField, { kind: 'file' }> }) {
  const [uploading, setUploading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const limit = field.max_size_mb;
  const choose = async (file: File | null) => {
    setFailed(null);
    if (!file) return onChange(null);
    if (file.size > limit * 1024 * 1024) return setFailed(`The file may not be greater than ${limit} MB.`);
    setUploading(true);
    try {
      const stored = await uploadFormFile(file);
      onChange({ file_id: stored.id, name: stored.name });
    } catch (failure) {
      setFailed(isApiError(failure) ? failure.message : 'An error occured.');
    } finally {
      setUploading(false);
    }
  };
  const shown = isFileValue(value) ? value : null;
  return (
    <FileInput
      label={field.label}
      description={field.help || `Up to ${limit} MB.`}
      required={field.required}
      disabled={disabled || uploading}
      placeholder={shown ? shown.name : 'Choose a file'}
      clearable
      error={failed ?? error}
      onChange={(file) => void choose(file)}
    />
  );
}

/** Messages by field key from a form's errors keyed `values.{key}` (Mantine form paths). */
export function fieldError(errors: Record<string, unknown>, key: string): string | undefined {
  const message = errors[`values.${key}`];
  return typeof message === 'string' || typeof message === 'number' ? String(message) : undefined;
}
