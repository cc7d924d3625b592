import {
  flagCreatedMessage,
  flagInputSchema,
  flagRemovedMessage,
  flagRestoredMessage,
  flagSchema,
  flagUpdatedMessage,
} from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee } from '../../plugins/auth.ts';
import { parsePathId } from '../../http/path-params.ts';
import { assertCompanyVisible } from '../companies/company-detail.service.ts';
import { listFlags, saveFlag, setFlagDeleted } from './flags.service.ts';

const idParams = z.object({ id: z.string() });

/** Flag calls of spec 2 §7: staff only. Flags are instructions to staff about the client (decision 0032). */
export async function flagRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/companies/flags.list.:companyId',
    {
      onRequest: requireEmployee(),
      schema: {
        params: z.object({ companyId: z.string() }),
        response: { 200: z.object({ data: z.array(flagSchema) }) },
      },
    },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      await assertCompanyVisible(app.db, companyId, request.auth.user);
      return { data: await listFlags(app.db, companyId, false) };
    },
  );

  app.post(
    '/companies/flags/',
    { onRequest: requireEmployee(), schema: { body: flagInputSchema } },
    async (request) => {
      await assertCompanyVisible(app.db, request.body.company_id, request.auth.user);
      const { id, created } = await saveFlag(app.db, request.body, request.auth.user.id);
      return { message: created ? flagCreatedMessage : flagUpdatedMessage, data: { id } };
    },
  );

  app.put('/companies/flags/:id', { onRequest: requireEmployee(), schema: { params: idParams } }, async (request) => {
    await setFlagDeleted(app.db, parsePathId(request.params.id), false, request.auth.user.id);
    return { message: flagRestoredMessage };
  });

  app.delete(
    '/companies/flags/:id',
    { onRequest: requireEmployee(), schema: { params: idParams } },
    async (request) => {
      await setFlagDeleted(app.db, parsePathId(request.params.id), true, request.auth.user.id);
      return { message: flagRemovedMessage };
    },
  );
}
