import { crmCalendarChangedEvent, crmCalendarChannel, crmLeadChannel } from '@switchboard/shared';
import {
  appointmentCreateInputSchema,
  appointmentListQuerySchema,
  appointmentMessages,
  appointmentUpdateInputSchema,
  type Appointment,
} from '@switchboard/shared/crm-appointments';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createAppointment,
  deleteAppointment,
  getAppointment,
  listAppointments,
  updateAppointment,
  type AppointmentChange,
} from './crm-appointments.service.ts';
import { leadsByIds } from './crm-leads-read.ts';

// Appointments (designs/crm-softphone.md §4.11, §5): 'view crm', the lead's visibility in the service. Each change
// goes out as AppointmentUpdated on the lead's channel (the appointment as GET answers it, or {id, lead_id,
// deleted}), LeadUpdated when the lead's status or next touch followed, and CrmCalendarChanged {from, to} on
// crm_calendar so open calendars refetch those days (the list applying visibility, so no lead data travels there).

const idParams = z.object({ id: z.string() });
const view = [requireEmployee(), requirePermission('view crm')];

export const appointmentUpdatedEvent = 'AppointmentUpdated';

export async function crmAppointmentRoutes(app: AppInstance): Promise<void> {
  const announce = async (change: AppointmentChange) => {
    const { appointment } = change;
    app.realtime.emitToChannel(crmLeadChannel(appointment.lead_id), appointmentUpdatedEvent, appointment);
    if (change.leadChanged)
      for (const lead of await leadsByIds(app.db, [appointment.lead_id]))
        app.realtime.emitToChannel(crmLeadChannel(lead.id), 'LeadUpdated', lead);
    app.realtime.emitToStaff(crmCalendarChannel, crmCalendarChangedEvent, change.days);
  };

  app.get(
    '/crm/appointments',
    { onRequest: view, schema: { querystring: appointmentListQuerySchema } },
    async (request) => ({
      data: await listAppointments(app.db, request.query, request.auth),
    }),
  );

  app.post(
    '/crm/appointments',
    { onRequest: view, schema: { body: appointmentCreateInputSchema } },
    async (request) => {
      const change = await createAppointment(app.db, request.body, request.auth);
      await announce(change);
      return { message: appointmentMessages.created, data: change.appointment };
    },
  );

  app.get('/crm/appointments/:id', { onRequest: view, schema: { params: idParams } }, async (request) => ({
    data: await getAppointment(app.db, parsePathId(request.params.id), request.auth),
  }));

  putRoute(
    app,
    '/crm/appointments/:id',
    { onRequest: view, schema: { params: idParams, body: appointmentUpdateInputSchema } },
    async (request) => {
      const change = await updateAppointment(app.db, parsePathId(request.params.id), request.body, request.auth);
      await announce(change);
      return { message: appointmentMessages.saved, data: change.appointment satisfies Appointment };
    },
  );

  app.delete('/crm/appointments/:id', { onRequest: view, schema: { params: idParams } }, async (request) => {
    const removed = await deleteAppointment(app.db, parsePathId(request.params.id), request.auth);
    app.realtime.emitToChannel(crmLeadChannel(removed.lead_id), appointmentUpdatedEvent, {
      id: removed.id,
      lead_id: removed.lead_id,
      deleted: true,
    });
    app.realtime.emitToStaff(crmCalendarChannel, crmCalendarChangedEvent, removed.days);
    return { message: appointmentMessages.deleted };
  });
}
