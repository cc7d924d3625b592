import {
  addToConferenceInputSchema,
  crmCallInputSchema,
  crmCallListQuerySchema,
  crmCallUpdateSchema,
  crmPhoneMessages,
  createIncomingConferenceInputSchema,
  dialInputSchema,
  logErrorInputSchema,
  startConferenceInputSchema,
  transferInputSchema,
} from '@switchboard/shared/crm-phone';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { putRoute } from '../../plugins/method-override.ts';
import {
  addToConference,
  createCallRecord,
  createIncomingConference,
  dialCall,
  listOwnCalls,
  logPhoneError,
  phoneSession,
  startConference,
  transferCall,
  updateCallStatus,
} from './crm-phone.service.ts';

// The softphone's calls (spec 1 §7.7; designs/crm-softphone.md §3.3, §5). Every route: staff with 'phone access';
// the service checks the target (a record, leg or conference of the caller's own, a visible lead).

const phone = [requireEmployee(), requirePermission('phone access')];
const idParams = z.object({ id: z.string() });

export async function crmPhoneRoutes(app: AppInstance): Promise<void> {
  app.get('/crm/phone/session', { onRequest: phone }, async (request) => ({
    data: await phoneSession(app, request.auth, { protocol: request.protocol, host: request.host }),
  }));

  app.post('/crm/call', { onRequest: phone, schema: { body: crmCallInputSchema } }, async (request) => ({
    data: await createCallRecord(app, request.auth, request.body),
  }));

  putRoute(
    app,
    '/crm/call/:id',
    { onRequest: phone, schema: { params: idParams, body: crmCallUpdateSchema } },
    async (request) => ({
      data: await updateCallStatus(app, request.auth, parsePathId(request.params.id), request.body.status),
    }),
  );

  app.get('/crm/calls', { onRequest: phone, schema: { querystring: crmCallListQuerySchema } }, (request) =>
    listOwnCalls(app.db, request.auth, request.query),
  );

  app.post('/crm/calls/manage/dial', { onRequest: phone, schema: { body: dialInputSchema } }, async (request) => ({
    data: await dialCall(app, request.auth, request.body.call_id),
  }));

  app.post(
    '/crm/calls/manage/transfer',
    { onRequest: phone, schema: { body: transferInputSchema } },
    async (request) => ({
      data: await transferCall(app, request.auth, request.body),
    }),
  );

  app.post(
    '/crm/calls/manage/start_conference',
    { onRequest: phone, schema: { body: startConferenceInputSchema } },
    async (request) => ({ data: await startConference(app, request.auth, request.body) }),
  );

  app.post(
    '/crm/calls/manage/add_to_conference',
    { onRequest: phone, schema: { body: addToConferenceInputSchema } },
    async (request) => ({ data: await addToConference(app, request.auth, request.body) }),
  );

  app.post(
    '/crm/calls/manage/create_incoming_conference',
    { onRequest: phone, schema: { body: createIncomingConferenceInputSchema } },
    async (request) => ({ data: await createIncomingConference(app, request.auth, request.body) }),
  );

  app.post(
    '/crm/calls/manage/log_error',
    { onRequest: phone, schema: { body: logErrorInputSchema } },
    async (request, reply) => {
      const logged = await logPhoneError(app, request.auth, request.body);
      if (!logged) return reply.code(429).send({ message: crmPhoneMessages.tooManyErrors });
      return { message: 'Logged.' };
    },
  );
}
