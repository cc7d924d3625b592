import { Alert, Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  halfHourSlots,
  hrInterviewInputSchema,
  hrInterviewKindLabels,
  hrInterviewKinds,
  type HrInterview,
  type HrInterviewInput,
  type HrInterviewKind,
} from '@switchboard/shared/hr/jobs';
import { useState, type FormEvent } from 'react';
import { contractMessages, shownMessages, type FieldMessages } from '../../components/billing-form-parts.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { employeeChoices } from './choices.ts';
import { useSaveInterview } from './api/jobs.ts';

// Schedule or move an interview (designs/hr.md §5) with the fields of the spec's calendar event dialog: the date, start
// and end from the 48 half-hour slots (start not after end), plus kind, place or link and interviewers. The server's
// warnings (an interviewer off, on holiday or in another interview) are shown after the save.

export interface InterviewFormValues {
  date: string;
  start_time: string;
  end_time: string;
  kind: HrInterviewKind;
  location: string;
  interviewer_ids: string[];
}

const pad = (value: number) => String(value).padStart(2, '0');
const localDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
/** The half-hour slot at or before a time (a stored 10:15 shows as 10:00). */
const localSlot = (date: Date) => `${pad(date.getHours())}:${date.getMinutes() >= 30 ? '30' : '00'}`;

/** A new interview starts tomorrow 10:00-11:00; a stored one shows its own times in the reader's zone. */
export function interviewFormValues(interview: HrInterview | null, now = new Date()): InterviewFormValues {
  if (!interview) {
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    return {
      date: localDate(tomorrow),
      start_time: '10:00',
      end_time: '11:00',
      kind: 'video',
      location: '',
      interviewer_ids: [],
    };
  }
  const starts = new Date(interview.starts_at);
  return {
    date: localDate(starts),
    start_time: localSlot(starts),
    end_time: localSlot(new Date(interview.ends_at)),
    kind: interview.kind,
    location: interview.location,
    interviewer_ids: interview.interviewers.map((person) => String(person.user_id)),
  };
}

/** The dialog's values as the contract reads them, in the browser's time zone. */
export function interviewInputOf(applicantId: number, values: InterviewFormValues): unknown {
  return {
    ...values,
    applicant_id: applicantId,
    interviewer_ids: values.interviewer_ids.map(Number),
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}

export function InterviewDialog({
  applicantId,
  applicantName,
  interview,
  initialDate = null,
  onClose,
}: {
  applicantId: number;
  applicantName: string;
  interview: HrInterview | null;
  /** A new interview's day (from the HR calendar); tomorrow otherwise. */
  initialDate?: string | null;
  onClose: () => void;
}) {
  const save = useSaveInterview(applicantId);
  const employees = useEmployeeOptions();
  const [values, setValues] = useState(() => {
    const initial = interviewFormValues(interview);
    return !interview && initialDate ? { ...initial, date: initialDate } : initial;
  });
  const [local, setLocal] = useState<FieldMessages>({});
  const shown = shownMessages(local, save.error);
  const set = <K extends keyof InterviewFormValues>(key: K, value: InterviewFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));
  const title = interview ? `Reschedule interview with ${applicantName}` : `Schedule interview with ${applicantName}`;
  const slots = halfHourSlots.map((slot) => ({ value: slot, label: slot }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = hrInterviewInputSchema.safeParse(interviewInputOf(applicantId, values));
    setLocal(contractMessages(parsed) ?? {});
    if (!parsed.success) return;
    try {
      const answer = await save.mutateAsync({ id: interview?.id ?? null, input: parsed.data as HrInterviewInput });
      notifications.show({ color: 'green', message: answer.message });
      for (const warning of answer.warnings)
        notifications.show({ color: 'yellow', message: warning, autoClose: 10_000 });
      onClose();
    } catch {
      // Shown on the fields or below them.
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label="Date"
              required
              value={values.date}
              onChange={(e) => set('date', e.currentTarget.value)}
              error={shown.date?.[0]}
            />
            <Select
              label="Start"
              required
              allowDeselect={false}
              searchable
              data={slots}
              value={values.start_time}
              onChange={(value) => value && set('start_time', value)}
              error={shown.start_time?.[0]}
            />
            <Select
              label="End"
              required
              allowDeselect={false}
              searchable
              data={slots}
              value={values.end_time}
              onChange={(value) => value && set('end_time', value)}
              error={shown.end_time?.[0]}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Kind"
              allowDeselect={false}
              data={hrInterviewKinds.map((kind) => ({ value: kind, label: hrInterviewKindLabels[kind] }))}
              value={values.kind}
              onChange={(value) => value && set('kind', value as HrInterviewKind)}
              error={shown.kind?.[0]}
            />
            <TextInput
              label={values.kind === 'on_site' ? 'Place' : values.kind === 'video' ? 'Link' : 'Phone or place'}
              value={values.location}
              onChange={(e) => set('location', e.currentTarget.value)}
              error={shown.location?.[0]}
            />
          </SimpleGrid>
          <MultiSelect
            label="Interviewers"
            required
            searchable
            data={employeeChoices(employees.data)}
            value={values.interviewer_ids}
            onChange={(ids) => set('interviewer_ids', ids)}
            error={shown.interviewer_ids?.[0]}
          />
          {save.error && (!isApiError(save.error) || !save.error.errors) ? (
            <Alert color="red">{save.error instanceof Error ? save.error.message : 'An error occured.'}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
