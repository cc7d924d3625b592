import { outboxListItemSchema, outboxMessageSchema } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { requireAdmin } from '../../plugins/auth.ts';
import { getOutboxMessage, listOutbox } from './mail.service.ts';

/** The outbox under the admin area (issue 3 part 3): mail kept in the app because it did not go out over SMTP. */
export async function mailRoutes(app: AppInstance): Promise<void> {
  // Mail sent after a request answered (forgot password) finishes before the app closes.
  app.addHook('onClose', async () => settleBackgroundMail(app.db));

  app.get(
    '/admin/outbox',
    {
      onRequest: requireAdmin(),
      schema: { querystring: pageQuerySchema, response: { 200: pageSchema(outboxListItemSchema) } },
    },
    async (request) => listOutbox(app.db, request.query),
  );

  app.get(
    '/admin/outbox/:id',
    {
      onRequest: requireAdmin(),
      schema: {
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ data: outboxMessageSchema }) },
      },
    },
    async (request) => ({ data: await getOutboxMessage(app.db, request.params.id) }),
  );
}
