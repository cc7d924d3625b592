import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { answerButtons, chooseAnswer, type ChecklistQuestion } from '@switchboard/shared';
import type { ReactNode } from 'react';
import classes from './checklist-rows.module.css';

/** One answered row of a checklist form: the answer (a code, days, GB or Unix seconds) and its notes. */
export interface ChecklistRow {
  question_id: number;
  answer: number | null;
  notes: string;
}

/** The four answer buttons (spec 2 §3): 0 Unanswered, 1 Yes, 2 No, 3 N/A; N/A fills the notes with 'N/A'. */
function AnswerButtons({
  row,
  label,
  onChange,
}: {
  row: ChecklistRow;
  label: string;
  onChange: (row: ChecklistRow) => void;
}) {
  return (
    <Button.Group aria-label={`Answer to ${label}`}>
      {answerButtons.map((button) => (
        <Button
          key={button.value}
          size="xs"
          variant={(row.answer ?? 0) === button.value ? 'filled' : 'default'}
          aria-pressed={(row.answer ?? 0) === button.value}
          onClick={() => onChange(chooseAnswer(row, button.value))}
        >
          {button.label}
        </Button>
      ))}
    </Button.Group>
  );
}

const toDate = (seconds: number | null) => (seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : null);
const toSeconds = (value: string | null) => (value ? Math.floor(Date.parse(`${value}T00:00:00Z`) / 1000) : null);

/** The answer control a question asks for: buttons, a number of days or GB, or a date sent as Unix seconds. */
function AnswerControl({
  kind,
  row,
  label,
  onChange,
}: {
  kind: ChecklistQuestion['kind'];
  row: ChecklistRow;
  label: string;
  onChange: (row: ChecklistRow) => void;
}) {
  if (kind === 'choice') return <AnswerButtons row={row} label={label} onChange={onChange} />;
  if (kind === 'date')
    return (
      <TextInput
        type="date"
        aria-label={label}
        size="xs"
        w={160}
        value={toDate(row.answer) ?? ''}
        onChange={(event) => onChange({ ...row, answer: toSeconds(event.currentTarget.value) })}
      />
    );
  return (
    <NumberInput
      aria-label={label}
      size="xs"
      w={140}
      min={0}
      decimalScale={kind === 'gb' ? 2 : 0}
      suffix={kind === 'gb' ? ' GB' : ' days'}
      value={row.answer ?? ''}
      onChange={(value) => onChange({ ...row, answer: typeof value === 'number' ? value : null })}
    />
  );
}

/** A question row; a missing note highlights it (spec 2 §5) until notes are written. */
export function ChecklistQuestionRow({
  label,
  kind,
  row,
  missing,
  onChange,
}: {
  label: string;
  kind: ChecklistQuestion['kind'];
  row: ChecklistRow;
  missing: boolean;
  onChange: (row: ChecklistRow) => void;
}) {
  return (
    <div
      className={classes.row}
      data-missing={missing || undefined}
      role="group"
      aria-label={label}
      aria-invalid={missing || undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text size="sm" fw={500} style={{ flex: '1 1 280px' }}>
          {label}
        </Text>
        <AnswerControl kind={kind} row={row} label={label} onChange={onChange} />
      </Group>
      <Textarea
        mt={6}
        label="Notes"
        size="xs"
        autosize
        minRows={1}
        value={row.notes}
        error={missing ? 'Notes are required.' : undefined}
        onChange={(event) => onChange({ ...row, notes: event.currentTarget.value })}
      />
    </div>
  );
}

export function ChecklistSectionCard({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" role="region" aria-label={title}>
      <Title order={4}>{title}</Title>
      {note && (
        <Text size="sm" c="orange.8" fw={500} mt={4}>
          {note}
        </Text>
      )}
      <Stack gap="sm" mt="sm">
        {children}
      </Stack>
    </Card>
  );
}

/** Shown under a checklist whose save was blocked by missing notes (spec 2 §5). */
export const missingNotesMessage = 'Every question needs notes: fill in the highlighted rows.';

/** The rows the server named in a 422 (answers.{index}.notes), as question ids. */
export const rowsNamedBy = (errors: Record<string, string[]> | undefined, rows: ChecklistRow[]) =>
  Object.keys(errors ?? {})
    .map((key) => /^(?:answers|drives)\.(\d+)\./.exec(key)?.[1])
    .filter((index): index is string => index !== undefined)
    .map((index) => rows[Number(index)]?.question_id)
    .filter((id): id is number => id !== undefined);
