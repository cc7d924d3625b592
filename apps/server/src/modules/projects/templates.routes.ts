import {
  templateCreatedMessage,
  templateDeletedMessage,
  templateDetailSchema,
  templateInputSchema,
  templateListQuerySchema,
  templateRowSchema,
  templateUpdatedMessage,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, updateTemplate } from './templates.service.ts';

// Labor templates (spec 3 §7: GET /api/project/templates and /{id}; the page /projects/templates writes them). Staff
// only: a template is how the company estimates work, not a client's record.

const idParams = z.object({ id: z.string() });

export async function templateRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/project/templates',
    {
      onRequest: requireEmployee(),
      schema: {
        querystring: templateListQuerySchema,
        response: { 200: z.object({ data: z.array(templateRowSchema) }) },
      },
    },
    async (request) => ({ data: await listTemplates(app.db, request.query.search) }),
  );

  app.get(
    '/project/templates/:id',
    {
      onRequest: requireEmployee(),
      schema: { params: idParams, response: { 200: z.object({ data: templateDetailSchema }) } },
    },
    async (request) => ({ data: await getTemplate(app.db, parsePathId(request.params.id)) }),
  );

  app.post(
    '/project/templates',
    { onRequest: requireEmployee(), schema: { body: templateInputSchema } },
    async (request) => {
      const { id } = await createTemplate(app.db, request.body, request.auth.user.id);
      return { message: templateCreatedMessage, data: { id } };
    },
  );

  putRoute(
    app,
    '/project/templates/:id',
    { onRequest: requireEmployee(), schema: { params: idParams, body: templateInputSchema } },
    async (request) => {
      await updateTemplate(app.db, parsePathId(request.params.id), request.body);
      return { message: templateUpdatedMessage };
    },
  );

  app.delete(
    '/project/templates/:id',
    { onRequest: requireEmployee(), schema: { params: idParams } },
    async (request) => {
      await deleteTemplate(app.db, parsePathId(request.params.id));
      return { message: templateDeletedMessage };
    },
  );
}
