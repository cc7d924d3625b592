import { Alert, Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CalendarItem } from '@switchboard/shared/calendar';
import {
  appointmentStatusColors,
  appointmentStatusLabels,
  appointmentStatuses,
  type Appointment,
} from '@switchboard/shared/crm-appointments';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { CalendarRange } from '../../components/calendar/calendar-items.ts';
import { CalendarView } from '../../components/calendar/calendar-view.tsx';
import { getFormErrors } from '../../lib/form-errors.ts';
import { useEmployeeOptions } from '../employees/api/employee.ts';
import { useAppointments, useSaveAppointment } from '../crm/api/appointments.ts';
import { AppointmentDialog } from '../crm/components/appointment-dialog.tsx';

// /crm/calendar (designs/crm-softphone.md §4.11): appointments by month, week and day on the one calendar component
// (components/calendar), coloured by status, an agent filter kept in the URL (?agent=), the spec's dialog on a day
// or slot (a new appointment) and on an appointment (edit, status, delete); scheduled ones drag to another time.
// CrmCalendarChanged on crm_calendar refetches what is shown.

/** An appointment as the calendar draws it: the company and the assignee, its status's colour. */
export function appointmentItem(appointment: Appointment): CalendarItem {
  return {
    id: `crm-appointment-${appointment.id}`,
    kind: 'crm_appointment',
    title: `${appointment.company_name} (${appointment.assigned_to.name})`,
    start: appointment.starts_at,
    end: appointment.ends_at,
    all_day: false,
    color: appointmentStatusColors[appointment.status],
    display: appointment.status === 'cancelled' ? 'outline' : 'block',
    url: null,
    user_id: appointment.assigned_to.id,
    source_id: appointment.id,
    editable: true,
  };
}

export function CrmCalendarPage() {
  const [params, setParams] = useSearchParams();
  const agent = params.get('agent');
  const [range, setRange] = useState<CalendarRange | null>(null);
  const appointments = useAppointments(range, agent);
  const people = useEmployeeOptions();
  const save = useSaveAppointment();
  const [dialog, setDialog] = useState<{ appointment: Appointment | null; date?: string; time?: string | null } | null>(
    null,
  );
  const byId = useMemo(
    () => new Map((appointments.data ?? []).map((appointment) => [appointment.id, appointment])),
    [appointments.data],
  );
  const items = useMemo(() => (appointments.data ?? []).map(appointmentItem), [appointments.data]);
  const canDrag = useCallback((item: CalendarItem) => byId.get(item.source_id ?? 0)?.status === 'scheduled', [byId]);
  const drop = async (item: CalendarItem, start: Date, end: Date) => {
    try {
      const answer = await save.mutateAsync({
        id: item.source_id!,
        input: { starts_at: start.toISOString(), ends_at: end.toISOString() },
      });
      notifications.show({ color: 'green', message: answer.message });
    } catch (error) {
      notifications.show({ color: 'red', message: getFormErrors(error).message });
      throw error;
    }
  };
  const setAgent = (value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('agent', value);
        else next.delete('agent');
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>CRM Calendar</Title>
        <Button onClick={() => setDialog({ appointment: null })}>Set appointment</Button>
      </Group>
      <Group gap="sm" align="end">
        <Select
          label="Agent"
          placeholder="All agents"
          clearable
          searchable
          data={(people.data ?? []).map((row) => ({ value: String(row.user_id), label: row.user.name }))}
          value={agent}
          onChange={setAgent}
        />
        <Group gap="xs" aria-label="Legend">
          {appointmentStatuses.map((status) => (
            <Badge key={status} color={appointmentStatusColors[status]} variant="light">
              {appointmentStatusLabels[status]}
            </Badge>
          ))}
        </Group>
      </Group>
      {appointments.isError && (
        <Alert color="red" role="alert">
          {getFormErrors(appointments.error).message}
        </Alert>
      )}
      <CalendarView
        items={items}
        onRangeChange={setRange}
        onItemClick={(item) => {
          const appointment = byId.get(item.source_id ?? 0);
          if (appointment) setDialog({ appointment });
        }}
        onDayClick={(date, time) => setDialog({ appointment: null, date, time })}
        canDrag={canDrag}
        onItemDrop={drop}
      />
      {dialog ? (
        <AppointmentDialog
          opened
          leadId={null}
          appointment={dialog.appointment}
          initialDate={dialog.date}
          initialStart={dialog.time}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Stack>
  );
}
