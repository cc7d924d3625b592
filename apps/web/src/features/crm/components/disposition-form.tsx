import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  defaultCrmSettings,
  dispositionEffect,
  DISPOSITIONS,
  dispositionForKey,
  leadStatusUpdateOptions,
  type DispositionCode,
} from '@switchboard/shared/crm';
import type { Lead } from '@switchboard/shared/crm-leads';
import { useState, type KeyboardEvent } from 'react';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useCompanyHolidayDates, useCrmSettings, useDisposition } from '../api/leads.ts';
import { localToday } from '../lead-filters.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';
import { noteHtmlOf } from './note-html.ts';

/**
 * The outcome of a call (designs/crm-softphone.md §4.2): a disposition (keys 1-8), the status, the next touch the
 * rule proposes for today (the agent may change it) and a note, posted to /api/crm/leads/{id}/disposition.
 */
export function DispositionForm({
  lead,
  callId = null,
  onDone,
}: {
  lead: Lead;
  /** The call this outcome is of (the power dialer's), stamped with the disposition. */
  callId?: number | null;
  onDone: () => void;
}) {
  const settings = useCrmSettings();
  const holidays = useCompanyHolidayDates();
  const save = useDisposition(lead.id);
  const [code, setCode] = useState<DispositionCode | null>(null);
  const leadStatus = String(lead.status === 0 ? 1 : lead.status);
  const [status, setStatus] = useState<string>(leadStatus);
  const [nextTouch, setNextTouch] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  // Appointment Set saved: the appointment form opens on the next touch's day (§2.3); closing it finishes.
  const [appointmentDay, setAppointmentDay] = useState<string | null>(null);

  const choose = (chosen: DispositionCode) => {
    const rule = settings.data ?? defaultCrmSettings;
    const effect = dispositionEffect(chosen, localToday(), rule, holidays.data ?? []);
    setCode(chosen);
    setNextTouch(effect.nextTouch ?? '');
    // The disposition's status (Appointment Set), else the lead's own: choosing again undoes an earlier choice.
    setStatus(String(effect.status ?? leadStatus));
    setErrors({});
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const disposition = dispositionForKey(event.key);
    if (disposition) {
      event.preventDefault();
      choose(disposition.code);
    }
  };

  const submit = () => {
    if (code === null) {
      setErrors({ disposition: 'Choose a disposition.' });
      return;
    }
    setBanner(null);
    save.mutate(
      {
        disposition: code,
        next_touch: nextTouch === '' ? null : nextTouch,
        status: Number(status) as 1 | 3 | 5 | 9,
        note: note.trim() === '' ? undefined : noteHtmlOf(note),
        ...(callId === null ? {} : { call_id: callId }),
      },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: answer.message ?? 'Disposition saved.' });
          if (code === 'appointment_set') setAppointmentDay(nextTouch === '' ? localToday() : nextTouch);
          else onDone();
        },
        onError: (error) => {
          const { fields } = getFormErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else {
            setBanner('An error occured.');
            notifications.show({ color: 'red', message: 'An error occured.' });
          }
        },
      },
    );
  };

  return (
    <Paper withBorder p="sm" component="section" aria-label="Call outcome" onKeyDown={onKeyDown} tabIndex={-1}>
      <Stack gap="sm">
        <Text fw={600}>Call outcome</Text>
        {banner ? <Alert color="red">{banner}</Alert> : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" role="group" aria-label="Disposition">
          {DISPOSITIONS.map((disposition) => (
            <Button
              key={disposition.code}
              size="xs"
              variant={code === disposition.code ? 'filled' : 'default'}
              aria-pressed={code === disposition.code}
              aria-keyshortcuts={disposition.key}
              onClick={() => choose(disposition.code)}
            >
              {disposition.key} {disposition.label}
            </Button>
          ))}
        </SimpleGrid>
        {errors.disposition ? (
          <Text c="red" size="sm">
            {errors.disposition}
          </Text>
        ) : null}
        <Group grow align="flex-start">
          <Select
            label="Status"
            allowDeselect={false}
            data={leadStatusUpdateOptions.map((option) => ({ value: String(option.value), label: option.label }))}
            value={status}
            onChange={(value) => setStatus(value ?? status)}
            error={errors.status}
          />
          <TextInput
            type="date"
            label="Next touch"
            value={nextTouch}
            onChange={(event) => setNextTouch(event.currentTarget.value)}
            error={errors.next_touch}
          />
        </Group>
        <Textarea
          label="Note"
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save outcome
          </Button>
        </Group>
      </Stack>
      {appointmentDay !== null ? (
        <AppointmentDialog opened leadId={lead.id} initialDate={appointmentDay} onClose={onDone} />
      ) : null}
    </Paper>
  );
}
