import {
  projectCreatedMessage,
  projectInputSchema,
  projectListQuerySchema,
  projectOptionListResponseSchema,
  projectUpdatedMessage,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageJson } from '../../db/paginate.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  createProject,
  getProjectDetail,
  listProjectOptions,
  listProjects,
  updateProject,
} from './projects.service.ts';
import { emitProjectEvent } from '../../plugins/project-channel.ts';
import { removeFormerCompanyClients } from './project-events.ts';

// Project calls of spec 3 §7 (decision 0044). Staff create and change projects; a client account reads its own
// company's. The step panels' calls (POST /api/project/project_step) come with each panel.

const idParams = z.object({ id: z.string() });

export async function projectRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/project',
    // The answer is pageSchema(projectRowSchema), written by PostgreSQL; projects.test.ts holds it to that schema.
    { schema: { querystring: projectListQuerySchema } },
    async (request, reply) => {
      const { rowsJson, rowCount, total } = await listProjects(app.db, request.query, request.auth.user);
      return reply.type('application/json; charset=utf-8').send(pageJson(rowsJson, rowCount, total, request.query));
    },
  );

  // Spec 1 §7.2: a company's projects, the loader of the forms that pick a project.
  app.get(
    '/projects/projects.list.:companyId',
    { schema: { params: z.object({ companyId: z.string() }), response: { 200: projectOptionListResponseSchema } } },
    async (request) => ({
      data: await listProjectOptions(app.db, parsePathId(request.params.companyId), request.auth.user),
    }),
  );

  app.post('/project', { onRequest: requireEmployee(), schema: { body: projectInputSchema } }, async (request) => {
    const { id } = await createProject(app.db, app.config.dataDir, request.body, request.auth.user);
    return { message: projectCreatedMessage, data: { id } };
  });

  app.get(
    '/project/:id',
    // The answer is { data: projectDetailSchema }, written as text (test/projects.ts holds it to that schema).
    { schema: { params: idParams } },
    async (request, reply) => {
      const detail = await getProjectDetail(app.db, parsePathId(request.params.id), request.auth.user);
      return reply.type('application/json; charset=utf-8').send(`{"data":${detail}}`);
    },
  );

  putRoute(
    app,
    '/project/:id',
    { onRequest: requireEmployee(), schema: { params: idParams, body: projectInputSchema } },
    async (request) => {
      const id = parsePathId(request.params.id);
      const move = await updateProject(app.db, app.config.dataDir, id, request.body, request.auth.user);
      removeFormerCompanyClients(app.realtime, id, move);
      emitProjectEvent(app.realtime, id, 'ProjectUpdated', { by: request.auth.user.id });
      return { message: projectUpdatedMessage };
    },
  );
}
