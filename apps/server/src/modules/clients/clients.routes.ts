import {
  clientAccountCreatedMessage,
  clientAccountDeletedMessage,
  clientAccountListQuerySchema,
  clientAccountSchema,
  clientAccountUpdatedMessage,
  createClientAccountInputSchema,
  clientAccountOptionsResponseSchema,
  updateClientAccountInputSchema,
} from '@switchboard/shared';
import { accountImportInputSchema, accountsImportedMessage } from '@switchboard/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { pageQuerySchema, pageSchema } from '../../db/paginate.ts';
import { disconnectSessions } from '../../plugins/realtime.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { parsePathId } from '../../http/path-params.ts';
import { announceUserUpdated } from '../auth/session-user.ts';
import { putRoute } from '../../plugins/method-override.ts';
import { actorOf } from '../users/account-actor.ts';
import { mailCredentialChange } from '../users/credential-changes.service.ts';
import { clientCompanyOf } from '../companies/client-company.ts';
import { importClientAccounts } from './account-import.service.ts';
import {
  createClientAccount,
  disableClientAccount,
  getClientAccount,
  listClientAccountOptions,
  listClientAccounts,
  updateClientAccount,
} from './clients.service.ts';

const messageSchema = z.object({ message: z.string() });
const userIdParamsSchema = z.object({ user_id: z.string() });
const companyIdParamsSchema = z.object({ companyId: z.string() });

/** Client account calls of spec 1 §7.5, and the accounts list of §7.2. Staff only, except that list. */
export async function clientRoutes(app: AppInstance): Promise<void> {
  // Spec 1 §7.2: a client account may list its own company's accounts; staff any company's.
  app.get(
    '/users/client.list.:companyId',
    { schema: { params: companyIdParamsSchema, response: { 200: clientAccountOptionsResponseSchema } } },
    async (request) => {
      const companyId = parsePathId(request.params.companyId);
      if (request.auth.user.type !== 'Employee' && (await clientCompanyOf(app.db, request.auth.user.id)) !== companyId)
        throw forbidden();
      return { data: await listClientAccountOptions(app.db, companyId) };
    },
  );

  app.get(
    '/users/client',
    {
      onRequest: requireEmployee(),
      schema: {
        querystring: pageQuerySchema.extend(clientAccountListQuerySchema.shape),
        response: { 200: pageSchema(clientAccountSchema) },
      },
    },
    async (request) => {
      const { page, per_page, company_id, search } = request.query;
      return listClientAccounts(app.db, { page, per_page }, { company_id, search });
    },
  );

  app.get(
    '/users/client/:user_id',
    {
      onRequest: requireEmployee(),
      schema: { params: userIdParamsSchema, response: { 200: z.object({ data: clientAccountSchema }) } },
    },
    async (request) => ({ data: await getClientAccount(app.db, parsePathId(request.params.user_id)) }),
  );

  // Spec 1 §7.5: form-encoded company_id, accounts (JSON text) and the file; the rows are the parsed file, which is
  // not kept. Needs 'import client accounts' (spec 1 §6).
  app.post(
    '/users/client/import',
    {
      onRequest: [requireEmployee(), requirePermission('import client accounts')],
      // The CSV and its rows as JSON text (up to 5000 accounts).
      config: { uploads: { files: 1, fileSize: 5 * 1024 * 1024, fieldBytes: 4 * 1024 * 1024 } },
      schema: { body: accountImportInputSchema.passthrough() },
    },
    async (request) => {
      const created = await importClientAccounts(app.db, request.body.company_id, request.body.accounts);
      return { message: accountsImportedMessage(created.length), data: { created } };
    },
  );

  app.post(
    '/users/client',
    {
      onRequest: requireEmployee(),
      schema: {
        body: createClientAccountInputSchema,
        response: { 200: messageSchema.extend({ data: z.object({ id: z.number().int() }) }) },
      },
    },
    async (request) => ({
      message: clientAccountCreatedMessage,
      data: await createClientAccount(app.db, request.body),
    }),
  );

  putRoute(
    app,
    '/users/client/:user_id',
    {
      onRequest: requireEmployee(),
      schema: { params: userIdParamsSchema, body: updateClientAccountInputSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const userId = parsePathId(request.params.user_id);
      const { revokedSessionIds, credentialChange } = await updateClientAccount(
        app.db,
        userId,
        request.body,
        actorOf(request),
      );
      if (credentialChange) mailCredentialChange(app, credentialChange);
      disconnectSessions(app, revokedSessionIds);
      await announceUserUpdated(app, userId);
      return { message: clientAccountUpdatedMessage };
    },
  );

  app.delete(
    '/users/client/:user_id',
    {
      onRequest: [requireEmployee(), requirePermission('delete client accounts')],
      schema: { params: userIdParamsSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const userId = parsePathId(request.params.user_id);
      mailCredentialChange(app, await disableClientAccount(app.db, userId, actorOf(request)));
      if (app.hasDecorator('realtime')) app.realtime.disconnectUser(userId);
      return { message: clientAccountDeletedMessage };
    },
  );
}
