import { crmLeadChannel, parseChannel } from '@switchboard/shared';
import {
  crmSettingsInputSchema,
  leadBulkInputSchema,
  leadCallsQuerySchema,
  leadContactInputSchema,
  leadConvertInputSchema,
  leadCreateInputSchema,
  leadDispositionInputSchema,
  leadListQuerySchema,
  leadNoteInputSchema,
  leadUpdateInputSchema,
  searchContactsInputSchema,
  type Lead,
  type LeadNote,
} from '@switchboard/shared/crm-leads';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission, type AuthContext } from '../../plugins/auth.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { getSettings } from '../settings/settings.service.ts';
import {
  agentToday,
  findVisibleLead,
  getLeadDetail,
  leadsByIds,
  listLeadCalls,
  listLeadNotes,
  listLeads,
  searchContacts,
  visibleLeadUserPairs,
} from './crm-leads-read.ts';
import {
  addContact,
  addLeadNote,
  applyDisposition,
  bulkUpdateLeads,
  contactLeadId,
  convertLead,
  createLead,
  deleteContact,
  deleteLead,
  presentCrmSettings,
  updateContact,
  updateCrmSettings,
  updateLead,
} from './crm-leads.service.ts';
import { readCrmSettings } from './lead-access.ts';

// The leads API (designs/crm-softphone.md §4.1-§4.2, §5): staff with 'view crm', every lead call filtered by the
// visibility rule (lead-access.ts: a lead not visible is 404); deletes and bulk delete need 'manage crm'; settings
// are read with 'view crm' and written with 'manage crm' + 'edit crm settings'. LeadUpdated and LeadNoteAdded go out
// on crm_lead_{id} after commit, with the API's shapes. The lead channels follow visibility (decision 0146): after a
// change of owner, a delete or view_all_leads turned off, sockets that may no longer see a lead leave its channel
// before anything more is sent on it, and their users hear CrmLeadsChanged (as does a lead's new owner).

const idParams = z.object({ id: z.string() });
const viewCrm = [requireEmployee(), requirePermission('view crm')];
const manageCrm = [requireEmployee(), requirePermission('view crm', 'manage crm')];

export async function crmLeadRoutes(app: AppInstance): Promise<void> {
  const leadUpdated = (lead: Lead) => app.realtime.emitToChannel(crmLeadChannel(lead.id), 'LeadUpdated', lead);
  // Everyone on a deleted lead's channel hears it once, then the channel is emptied: nobody may see it any more.
  const leadsDeleted = (ids: number[]) => {
    for (const id of ids) {
      app.realtime.emitToChannel(crmLeadChannel(id), 'LeadDeleted', { id });
      app.realtime.io.in(crmLeadChannel(id)).socketsLeave(crmLeadChannel(id));
    }
  };
  const noteAdded = (note: LeadNote) => app.realtime.emitToChannel(crmLeadChannel(note.lead_id), 'LeadNoteAdded', note);

  const leadsChanged = (userIds: Iterable<number>, ids: number[]) => {
    for (const userId of new Set(userIds)) app.realtime.emitToUser(userId, 'CrmLeadsChanged', { ids });
  };

  /**
   * Re-checks who follows these leads' channels (every lead channel when null): sockets whose user may no longer see
   * a lead leave its channel, and those users are told their list changed. Awaited before the next emit on it.
   */
  const followLeadVisibility = async (leadIds: number[] | null) => {
    if (leadIds !== null && leadIds.length === 0) return;
    const sockets = await (leadIds === null
      ? app.realtime.io.fetchSockets()
      : app.realtime.io.in(leadIds.map(crmLeadChannel)).fetchSockets());
    const followed = sockets.flatMap((socket) =>
      [...socket.rooms].flatMap((room) => {
        const parsed = parseChannel(room);
        const userId = (socket.data as { userId?: number } | undefined)?.userId;
        return parsed?.kind === 'crmLead' && userId !== undefined ? [{ socket, room, leadId: parsed.id!, userId }] : [];
      }),
    );
    if (followed.length === 0) return;
    const visible = await visibleLeadUserPairs(
      app.db,
      [...new Set(followed.map((entry) => entry.leadId))],
      [...new Set(followed.map((entry) => entry.userId))],
    );
    const lost = new Map<number, Set<number>>();
    for (const { socket, room, leadId, userId } of followed) {
      if (visible.has(`${leadId}:${userId}`)) continue;
      socket.leave(room);
      lost.set(userId, (lost.get(userId) ?? new Set()).add(leadId));
    }
    for (const [userId, ids] of lost) leadsChanged([userId], [...ids]);
  };

  /** The lead this user may see, or 404. */
  const visibleLead = async (auth: AuthContext, rawId: string): Promise<Lead> => {
    const lead = await findVisibleLead(app.db, auth, await readCrmSettings(app.db), parsePathId(rawId));
    if (!lead) throw notFound();
    return lead;
  };

  app.get('/crm/leads', { onRequest: viewCrm, schema: { querystring: leadListQuerySchema } }, async (request) => {
    const { auth } = request;
    const [settings, userSettings, today] = [
      await readCrmSettings(app.db),
      await getSettings(app.db, auth.user.id),
      await agentToday(app.db, auth.user.id),
    ];
    return listLeads(app.db, request.query, {
      auth,
      settings,
      loadStatus: Number(userSettings.crm_load_status),
      today,
    });
  });

  app.post('/crm/leads', { onRequest: viewCrm, schema: { body: leadCreateInputSchema } }, async (request) => {
    const settings = await readCrmSettings(app.db);
    if (!settings.createNewLeads && !request.auth.permissions.includes('manage crm')) throw forbidden();
    const lead = await createLead(app.db, request.body, request.auth);
    if (lead.manager_id !== null) leadsChanged([lead.manager_id], [lead.id]);
    return { message: 'The lead was created.', data: lead };
  });

  app.post('/crm/leads/bulk', { onRequest: viewCrm, schema: { body: leadBulkInputSchema } }, async (request) => {
    const { auth, body } = request;
    if (body.action === 'delete' && !auth.permissions.includes('manage crm')) throw forbidden();
    const ids = await bulkUpdateLeads(app.db, body, auth);
    if (body.action === 'delete') leadsDeleted(ids);
    else {
      if (body.action === 'assign') await followLeadVisibility(ids);
      for (const lead of await leadsByIds(app.db, ids)) leadUpdated(lead);
      if (body.action === 'assign' && typeof body.value === 'number') leadsChanged([body.value], ids);
    }
    return { message: `${ids.length} ${ids.length === 1 ? 'lead' : 'leads'} updated.`, data: { updated: ids.length } };
  });

  app.get('/crm/leads/:id', { onRequest: viewCrm, schema: { params: idParams } }, async (request) => ({
    data: await getLeadDetail(app.db, await visibleLead(request.auth, request.params.id)),
  }));

  putRoute(
    app,
    '/crm/leads/:id',
    { onRequest: viewCrm, schema: { params: idParams, body: leadUpdateInputSchema } },
    async (request) => {
      const lead = await updateLead(app.db, parsePathId(request.params.id), request.body, request.auth);
      if (request.body.manager_id !== undefined) await followLeadVisibility([lead.id]);
      leadUpdated(lead);
      if (request.body.manager_id) leadsChanged([request.body.manager_id], [lead.id]);
      return { message: 'The lead was updated.', data: lead };
    },
  );

  app.delete('/crm/leads/:id', { onRequest: manageCrm, schema: { params: idParams } }, async (request) => {
    const id = parsePathId(request.params.id);
    await deleteLead(app.db, id, request.auth);
    leadsDeleted([id]);
    return { message: 'The lead was deleted.' };
  });

  app.get(
    '/crm/leads/:id/calls',
    { onRequest: viewCrm, schema: { params: idParams, querystring: leadCallsQuerySchema } },
    async (request) => {
      const lead = await visibleLead(request.auth, request.params.id);
      return listLeadCalls(app.db, lead.id, request.query);
    },
  );

  app.get(
    '/crm/leads/:id/notes',
    { onRequest: viewCrm, schema: { params: idParams, querystring: leadCallsQuerySchema } },
    async (request) => {
      const lead = await visibleLead(request.auth, request.params.id);
      return listLeadNotes(app.db, lead.id, request.query);
    },
  );

  app.post(
    '/crm/leads/:id/notes',
    { onRequest: viewCrm, schema: { params: idParams, body: leadNoteInputSchema } },
    async (request) => {
      const lead = await visibleLead(request.auth, request.params.id);
      const note = await addLeadNote(app.db, lead.id, request.body.body, request.auth);
      noteAdded(note);
      return { message: 'The note was added.', data: note };
    },
  );

  app.post(
    '/crm/leads/:id/contacts',
    { onRequest: viewCrm, schema: { params: idParams, body: leadContactInputSchema } },
    async (request) => {
      const lead = await visibleLead(request.auth, request.params.id);
      return { message: 'The contact was added.', data: await addContact(app.db, lead.id, request.body) };
    },
  );

  /** The contact's lead when this user sees it, or 404. */
  const visibleContactLead = async (auth: AuthContext, rawId: string) => {
    const contactId = parsePathId(rawId);
    const leadId = await contactLeadId(app.db, contactId);
    if (leadId === null) throw notFound();
    const lead = await findVisibleLead(app.db, auth, await readCrmSettings(app.db), leadId);
    if (!lead) throw notFound();
    return { contactId, lead };
  };

  putRoute(
    app,
    '/crm/contacts/:id',
    { onRequest: viewCrm, schema: { params: idParams, body: leadContactInputSchema } },
    async (request) => {
      const { contactId, lead } = await visibleContactLead(request.auth, request.params.id);
      return {
        message: 'The contact was updated.',
        data: await updateContact(app.db, contactId, lead.id, request.body),
      };
    },
  );

  app.delete('/crm/contacts/:id', { onRequest: viewCrm, schema: { params: idParams } }, async (request) => {
    const { contactId } = await visibleContactLead(request.auth, request.params.id);
    await deleteContact(app.db, contactId);
    return { message: 'The contact was deleted.' };
  });

  app.post(
    '/crm/leads/:id/disposition',
    { onRequest: viewCrm, schema: { params: idParams, body: leadDispositionInputSchema } },
    async (request) => {
      const result = await applyDisposition(app.db, parsePathId(request.params.id), request.body, request.auth);
      leadUpdated(result.lead);
      if (result.note) noteAdded(result.note);
      return { message: 'The disposition was saved.', data: result };
    },
  );

  app.post(
    '/crm/leads/:id/convert',
    { onRequest: viewCrm, schema: { params: idParams, body: leadConvertInputSchema } },
    async (request) => {
      const result = await convertLead(app.db, parsePathId(request.params.id), request.body.name, request.auth);
      leadUpdated(result.lead);
      return { message: 'The lead is now a client company.', data: result };
    },
  );

  // The softphone asks on every ring (spec 1 §7.7): staff with 'view crm' or 'phone access'; visibility applies.
  app.post(
    '/crm/search_contacts',
    { onRequest: [requireEmployee()], schema: { body: searchContactsInputSchema } },
    async (request) => {
      const { auth } = request;
      if (!auth.permissions.includes('view crm') && !auth.permissions.includes('phone access')) throw forbidden();
      return {
        data: await searchContacts(app.db, auth, await readCrmSettings(app.db), request.body.phone_number),
      };
    },
  );

  app.get('/crm/settings', { onRequest: viewCrm }, async () => ({
    data: presentCrmSettings(await readCrmSettings(app.db)),
  }));

  putRoute(
    app,
    '/crm/settings',
    {
      onRequest: [requireEmployee(), requirePermission('manage crm', 'edit crm settings')],
      schema: { body: crmSettingsInputSchema },
    },
    async (request) => {
      const data = await updateCrmSettings(app.db, request.body);
      // Agents who saw every lead through the setting now see their own only: their other lead channels close.
      if (!data.view_all_leads) await followLeadVisibility(null);
      return { message: 'The CRM settings were saved.', data };
    },
  );
}
