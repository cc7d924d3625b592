import { Alert, Button, ColorInput, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import {
  calendarEventInputSchema,
  halfHourSlots,
  type CalendarEventInput,
  type CalendarEventValues,
} from '@switchboard/shared/calendar';
import { useEffect, useState, type FormEvent } from 'react';
import { getFormErrors } from '../../lib/form-errors.ts';

// The spec's calendar event dialog (spec 1 §2.6, §5): a modal with configurable free fields, its title and the label
// of its create button; date, start and end time from the 48 half-hour slots, start not after end, a colour. Closing
// animates for 150 ms. The shared contract checks the form before it is sent; the server's 422 lands on the fields.

export const eventDialogCloseMs = 150;

export interface EventDialogField {
  name: 'title' | 'description' | 'location';
  label: string;
  multiline?: boolean;
}

export const defaultEventFields: EventDialogField[] = [
  { name: 'title', label: 'Title' },
  { name: 'location', label: 'Location' },
  { name: 'description', label: 'Description', multiline: true },
];

export const eventColors = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#868e96'];

export type EventFormValues = Required<CalendarEventInput>;

/** The form's problems by field (first message each), or null when it may be sent. */
export function eventFormErrors(values: EventFormValues): Record<string, string> | null {
  const parsed = calendarEventInputSchema.safeParse(values);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface EventDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The modal's title and its submit button's label (spec 1 §2.6). */
  title: string;
  submitLabel: string;
  fields?: EventDialogField[];
  initial: EventFormValues;
  onSubmit: (values: CalendarEventValues) => Promise<unknown>;
  onDelete?: () => Promise<unknown>;
}

export function EventDialog(props: EventDialogProps) {
  const { opened, onClose, title, submitLabel, fields = defaultEventFields, initial, onSubmit, onDelete } = props;
  const [values, setValues] = useState<EventFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setValues(initial);
    setErrors({});
    setBanner(null);
  }, [opened, initial]);

  const set = (patch: Partial<EventFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      onClose();
    } catch (error) {
      const shown = getFormErrors(error);
      setErrors(shown.fields);
      setBanner(shown.message);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = eventFormErrors(values);
    if (problems) {
      setErrors(problems);
      setBanner(null);
      return;
    }
    void run(() => onSubmit(calendarEventInputSchema.parse(values)));
  };
  const slotOptions = [{ value: '', label: '—' }, ...halfHourSlots.map((slot) => ({ value: slot, label: slot }))];

  return (
    <Modal opened={opened} onClose={onClose} title={title} transitionProps={{ duration: eventDialogCloseMs }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {banner && (
            <Alert color="red" role="alert">
              {banner}
            </Alert>
          )}
          {fields.map((field) =>
            field.multiline ? (
              <Textarea
                key={field.name}
                label={field.label}
                value={values[field.name]}
                error={errors[field.name]}
                autosize
                minRows={2}
                onChange={(event) => set({ [field.name]: event.currentTarget.value })}
              />
            ) : (
              <TextInput
                key={field.name}
                label={field.label}
                value={values[field.name]}
                error={errors[field.name]}
                withAsterisk={field.name === 'title'}
                data-autofocus={field.name === 'title' || undefined}
                onChange={(event) => set({ [field.name]: event.currentTarget.value })}
              />
            ),
          )}
          <TextInput
            type="date"
            label="Date"
            withAsterisk
            value={values.date}
            error={errors.date}
            onChange={(event) => set({ date: event.currentTarget.value })}
          />
          <Group grow>
            <NativeSelect
              label="Start Time"
              withAsterisk
              data={slotOptions}
              value={values.startTime}
              error={errors.startTime}
              onChange={(event) => set({ startTime: event.currentTarget.value })}
            />
            <NativeSelect
              label="End Time"
              withAsterisk
              data={slotOptions}
              value={values.endTime}
              error={errors.endTime}
              onChange={(event) => set({ endTime: event.currentTarget.value })}
            />
          </Group>
          <ColorInput
            label="Color"
            value={values.color}
            error={errors.color}
            format="hex"
            swatches={eventColors}
            onChange={(color) => set({ color })}
          />
          <Group justify="space-between">
            {onDelete ? (
              <Button color="red" variant="subtle" loading={busy} onClick={() => void run(onDelete)}>
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
