import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  appointmentKindLabels,
  appointmentStatusColors,
  appointmentStatusLabels,
  type Appointment,
} from '@switchboard/shared/crm-appointments';
import { useState } from 'react';
import { useLeadAppointments } from '../api/appointments.ts';
import { AppointmentDialog } from './appointment-dialog.tsx';

// The lead drawer's appointments (designs/crm-softphone.md §4.2): Set appointment, and the lead's appointments (live
// on crm_lead_{id}), each opening the dialog to move, reassign, mark held / no show, cancel or delete it.

const when = (appointment: Appointment) => {
  const starts = new Date(appointment.starts_at);
  const ends = new Date(appointment.ends_at);
  const time = (date: Date) => date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
  return `${starts.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })} ${time(starts)}-${time(ends)}`;
};

export function AppointmentsSection({ leadId }: { leadId: number }) {
  const appointments = useLeadAppointments(leadId);
  const [open, setOpen] = useState<{ appointment: Appointment | null } | null>(null);
  const rows = appointments.data ?? [];
  return (
    <Stack gap="xs" component="section" aria-label="Appointments">
      <Group justify="space-between">
        <Text fw={600}>Appointments</Text>
        <Button size="xs" variant="light" onClick={() => setOpen({ appointment: null })}>
          Set appointment
        </Button>
      </Group>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No appointments.
        </Text>
      ) : (
        rows.map((appointment) => (
          <Paper key={appointment.id} withBorder p="xs">
            <UnstyledButton
              onClick={() => setOpen({ appointment })}
              w="100%"
              aria-label={`Appointment ${when(appointment)}`}
            >
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm">{when(appointment)}</Text>
                  <Text size="xs" c="dimmed">
                    {appointmentKindLabels[appointment.kind]} with {appointment.assigned_to.name}
                    {appointment.location ? `, ${appointment.location}` : ''}
                  </Text>
                </Stack>
                <Badge color={appointmentStatusColors[appointment.status]} variant="light">
                  {appointmentStatusLabels[appointment.status]}
                </Badge>
              </Group>
            </UnstyledButton>
          </Paper>
        ))
      )}
      {open ? (
        <AppointmentDialog opened leadId={leadId} appointment={open.appointment} onClose={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}
