import { Alert, Button, Group, Modal, NativeSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { halfHourSlots } from '@switchboard/shared/calendar';
import {
  appointmentBodyOf,
  appointmentFieldOfApi,
  appointmentFormErrors,
  appointmentKindLabels,
  appointmentMessages,
  appointmentKinds,
  appointmentStatusLabels,
  appointmentStatusOptions,
  type Appointment,
  type AppointmentFormValues,
} from '@switchboard/shared/crm-appointments';
import { useEffect, useState, type FormEvent } from 'react';
import { localDay } from '../../../components/calendar/calendar-items.ts';
import { usePermissions } from '../../../lib/auth-store.ts';
import { getFormErrors } from '../../../lib/form-errors.ts';
import { useEmployeeOptions } from '../../employees/api/employee.ts';
import { useDeleteAppointment, useSaveAppointment, wallClockInstant } from '../api/appointments.ts';
import { useCrmSettings, useLeadList } from '../api/leads.ts';

// The appointment dialog (designs/crm-softphone.md §4.2, §4.11) with the spec's calendar dialog rules (spec 1 §2.6):
// a date, start and end from the 48 half-hour slots (the end after the start), closing in 150 ms. The calendar
// colours appointments by status, so the dialog has no colour of its own. Opened from the lead drawer, the
// disposition form's Appointment Set and /crm/calendar. The shared contract checks the form; the server's 422 lands
// on the fields.

export const appointmentDialogCloseMs = 150;

const hhmm = (date: Date) =>
  `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

/** The slot after 'HH:mm' (an hour's appointment by default), or the same when it is the day's last. */
function slotAfter(time: string, steps = 2): string {
  const index = halfHourSlots.indexOf(time);
  return index < 0 ? '' : halfHourSlots[Math.min(index + steps, halfHourSlots.length - 1)]!;
}

export function appointmentFormValues(
  appointment: Appointment | null,
  defaults: { date?: string; startTime?: string | null },
): AppointmentFormValues {
  if (appointment) {
    const starts = new Date(appointment.starts_at);
    return {
      date: localDay(starts),
      startTime: hhmm(starts),
      endTime: hhmm(new Date(appointment.ends_at)),
      kind: appointment.kind,
      assigned_to: String(appointment.assigned_to.id),
      location: appointment.location,
      notes: appointment.notes,
      status: appointment.status,
    };
  }
  const startTime = defaults.startTime ?? '09:00';
  return {
    date: defaults.date ?? '',
    startTime,
    endTime: slotAfter(startTime),
    kind: 'onsite',
    assigned_to: '',
    location: '',
    notes: '',
    status: 'scheduled',
  };
}

export interface AppointmentDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The lead of a new appointment (ignored when editing one). */
  leadId: number | null;
  appointment?: Appointment | null;
  initialDate?: string;
  initialStart?: string | null;
  onSaved?: (appointment: Appointment) => void;
}

export function AppointmentDialog(props: AppointmentDialogProps) {
  const { opened, onClose, leadId, appointment = null, initialDate, initialStart, onSaved } = props;
  const permissions = usePermissions();
  const settings = useCrmSettings();
  // Booking for someone else takes seeing every lead (the server's rule; decision 0141).
  const forOthers = permissions.includes('manage crm') || (settings.data?.view_all_leads ?? false);
  const people = useEmployeeOptions();
  const save = useSaveAppointment();
  const remove = useDeleteAppointment();
  const [values, setValues] = useState<AppointmentFormValues>(() =>
    appointmentFormValues(appointment, { date: initialDate, startTime: initialStart }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<string | null>(null);
  // From the calendar there is no lead yet: the dialog searches the leads the user sees (All statuses).
  const [pickedLead, setPickedLead] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setPickedLead(null);
    setValues(appointmentFormValues(appointment, { date: initialDate, startTime: initialStart }));
    setErrors({});
    setBanner(null);
  }, [opened, appointment, initialDate, initialStart]);

  const set = (patch: Partial<AppointmentFormValues>) => setValues((previous) => ({ ...previous, ...patch }));
  const failed = (error: unknown) => {
    const shown = getFormErrors(error);
    const fields: Record<string, string> = {};
    for (const [field, message] of Object.entries(shown.fields))
      fields[appointmentFieldOfApi[field] ?? field] = message;
    setErrors(fields);
    setBanner(fields._ ?? shown.message);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = appointmentFormErrors(values) ?? {};
    const chosenLead = leadId ?? (pickedLead === null ? null : Number(pickedLead));
    if (appointment === null && chosenLead === null) problems.lead_id = appointmentMessages.leadRequired;
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      setBanner(null);
      return;
    }
    const body = appointmentBodyOf(values, wallClockInstant);
    const write =
      appointment === null
        ? {
            id: null,
            input: {
              lead_id: chosenLead ?? undefined,
              assigned_to: body.assigned_to,
              starts_at: body.starts_at,
              ends_at: body.ends_at,
              kind: body.kind,
              location: body.location,
              notes: body.notes,
            },
          }
        : {
            id: appointment.id,
            input: {
              // Unchanged times are not sent: a held appointment's notes may change, its time may not.
              ...(body.starts_at !== new Date(appointment.starts_at).toISOString() ||
              body.ends_at !== new Date(appointment.ends_at).toISOString()
                ? { starts_at: body.starts_at, ends_at: body.ends_at }
                : {}),
              ...(body.assigned_to !== appointment.assigned_to.id ? { assigned_to: body.assigned_to } : {}),
              kind: body.kind,
              location: body.location,
              notes: body.notes,
              status: body.status,
            },
          };
    save.mutate(write, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        onSaved?.(answer.data);
        onClose();
      },
      onError: failed,
    });
  };
  const deleteIt = () => {
    if (!appointment) return;
    remove.mutate(appointment.id, {
      onSuccess: (answer) => {
        notifications.show({ color: 'green', message: answer.message });
        onClose();
      },
      onError: failed,
    });
  };

  const slotOptions = [{ value: '', label: '—' }, ...halfHourSlots.map((slot) => ({ value: slot, label: slot }))];
  const title = appointment ? `Appointment: ${appointment.company_name}` : 'Set appointment';
  return (
    <Modal opened={opened} onClose={onClose} title={title} transitionProps={{ duration: appointmentDialogCloseMs }}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          {banner && (
            <Alert color="red" role="alert">
              {banner}
            </Alert>
          )}
          {appointment === null && leadId === null ? (
            <LeadPicker value={pickedLead} onChange={setPickedLead} error={errors.lead_id} />
          ) : null}
          <TextInput
            type="date"
            label="Date"
            withAsterisk
            data-autofocus
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
              onChange={(event) => {
                const startTime = event.currentTarget.value;
                // Keeps the length: moving the start moves a default end with it.
                set({ startTime, ...(values.endTime <= startTime ? { endTime: slotAfter(startTime) } : {}) });
              }}
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
          <Group grow>
            <NativeSelect
              label="Kind"
              data={appointmentKinds.map((kind) => ({ value: kind, label: appointmentKindLabels[kind] }))}
              value={values.kind}
              error={errors.kind}
              onChange={(event) => set({ kind: event.currentTarget.value as AppointmentFormValues['kind'] })}
            />
            {appointment ? (
              <NativeSelect
                label="Status"
                data={appointmentStatusOptions(appointment.status).map((status) => ({
                  value: status,
                  label: appointmentStatusLabels[status],
                }))}
                value={values.status}
                error={errors.status}
                onChange={(event) => set({ status: event.currentTarget.value as AppointmentFormValues['status'] })}
              />
            ) : null}
          </Group>
          {forOthers ? (
            <Select
              label="Assigned to"
              placeholder="Me"
              searchable
              clearable
              data={(people.data ?? []).map((row) => ({ value: String(row.user_id), label: row.user.name }))}
              value={values.assigned_to === '' ? null : values.assigned_to}
              error={errors.assigned_to}
              onChange={(value) => set({ assigned_to: value ?? '' })}
            />
          ) : errors.assigned_to ? (
            <Alert color="red">{errors.assigned_to}</Alert>
          ) : null}
          <TextInput
            label="Location"
            value={values.location}
            error={errors.location}
            onChange={(event) => set({ location: event.currentTarget.value })}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={values.notes}
            error={errors.notes}
            onChange={(event) => set({ notes: event.currentTarget.value })}
          />
          <Group justify="space-between">
            {appointment ? (
              <Button color="red" variant="subtle" loading={remove.isPending} onClick={deleteIt}>
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {appointment ? 'Save' : 'Set appointment'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A lead by company, contact, phone or e-mail (the leads list's search, every status). */
function LeadPicker(props: { value: string | null; onChange: (value: string | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const leads = useLeadList({ q: search.trim(), status: 2, per_page: 20 });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (leads.data?.data ?? []).map((lead) => ({ value: String(lead.id), label: lead.company_name }));
  if (chosen && !options.some((option) => option.value === chosen.value)) options.unshift(chosen);
  return (
    <Select
      label="Lead"
      withAsterisk
      searchable
      placeholder="Search leads"
      data={options}
      value={props.value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: shown }) => shown}
      error={props.error}
      nothingFoundMessage={leads.isFetching ? 'Searching...' : 'No leads found'}
      onChange={(value, option) => {
        setChosen(value === null ? null : option);
        props.onChange(value);
      }}
    />
  );
}
