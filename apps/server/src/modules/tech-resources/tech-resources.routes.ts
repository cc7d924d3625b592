import {
  saveTechResourcesInputSchema,
  saveTechResourcesResponseSchema,
  storeChannel,
  techResourceMessages,
  techResourcesQuerySchema,
  techResourcesResponseSchema,
  usDateToIso,
} from '@switchboard/shared';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { listTechResources, saveTechResources } from './tech-resources.service.ts';

/**
 * Tech Resources (spec 2 §7; decision 0051). Reading needs 'view chat' like the page's sidebar entry (spec 1 §2.5);
 * writing needs 'edit tech resources' (spec 2 §6). Staff only: client accounts get 403.
 */
export async function techResourceRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/tech/resources',
    {
      onRequest: [requireEmployee(), requirePermission('view chat')],
      schema: { querystring: techResourcesQuerySchema, response: { 200: techResourcesResponseSchema } },
    },
    async (request) => ({ data: await listTechResources(app.db, usDateToIso(request.query.date)!) }),
  );

  app.put(
    '/tech/resources',
    {
      onRequest: [requireEmployee(), requirePermission('edit tech resources')],
      schema: { body: saveTechResourcesInputSchema, response: { 200: saveTechResourcesResponseSchema } },
    },
    async (request) => {
      const data = await saveTechResources(app.db, request.body, request.auth.user);
      // Staff on the board read the day again (the store channel is staff-only).
      app.realtime.emitToChannel(storeChannel, 'TechResourcesUpdated', {
        date: request.body.date,
        user_id: request.body.user_id,
      });
      return { message: techResourceMessages.saved, data };
    },
  );
}
