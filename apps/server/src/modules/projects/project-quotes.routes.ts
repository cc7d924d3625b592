import {
  createProjectQuoteInputSchema,
  projectChannel,
  projectQuoteDetailSchema,
  projectQuoteInputSchema,
  projectQuoteMessages,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  completeProjectQuote,
  createProjectQuote,
  getProjectQuote,
  updateProjectQuote,
} from './project-quotes.service.ts';

// Project Quotes (order 5; decisions 0047, 0073): the project's coordinator, its quoter, the technician of its Project
// Quotes step and staff with 'view billing' write a requirement's quote, change it and mark it done (the service
// checks who); any staff member reads one, as the project and its quote PDF. Each change is RequirementsUpdated on
// project_{id}: the requirement's quote is part of what Product Requirements and Project Quotes show.

const idParams = z.object({ id: z.string() });
const guard = [requireEmployee()];
const savedSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });

export async function projectQuoteRoutes(app: AppInstance): Promise<void> {
  const changed = (projectId: number, quoteId: number, by: number) =>
    app.realtime.emitToStaff(projectChannel(projectId), 'RequirementsUpdated', {
      project_id: projectId,
      quote_id: quoteId,
      by,
    });

  app.post(
    '/project/:id/quotes',
    {
      onRequest: guard,
      schema: { params: idParams, body: createProjectQuoteInputSchema, response: { 200: savedSchema } },
    },
    async (request) => {
      const projectId = parsePathId(request.params.id);
      const actorId = request.auth.user.id;
      const { id } = await createProjectQuote(app.db, app.config.dataDir, projectId, request.body, request.auth);
      changed(projectId, id, actorId);
      return { message: projectQuoteMessages.quoteSaved, data: { id } };
    },
  );

  app.get(
    '/project/quotes/:id',
    { onRequest: guard, schema: { params: idParams, response: { 200: z.object({ data: projectQuoteDetailSchema }) } } },
    async (request) => ({ data: await getProjectQuote(app.db, parsePathId(request.params.id)) }),
  );

  putRoute(
    app,
    '/project/quotes/:id',
    { onRequest: guard, schema: { params: idParams, body: projectQuoteInputSchema, response: { 200: savedSchema } } },
    async (request) => {
      const actorId = request.auth.user.id;
      const id = parsePathId(request.params.id);
      const { projectId } = await updateProjectQuote(app.db, app.config.dataDir, id, request.body, request.auth);
      changed(projectId, id, actorId);
      return { message: projectQuoteMessages.quoteSaved, data: { id } };
    },
  );

  app.post(
    '/project/quotes/:id/complete',
    { onRequest: guard, schema: { params: idParams, response: { 200: savedSchema } } },
    async (request) => {
      const actorId = request.auth.user.id;
      const id = parsePathId(request.params.id);
      const { projectId } = await completeProjectQuote(app.db, app.config.dataDir, id, request.auth);
      changed(projectId, id, actorId);
      return { message: projectQuoteMessages.quoteCompleted, data: { id } };
    },
  );
}
