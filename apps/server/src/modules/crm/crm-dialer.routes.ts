import { dialSessionAddSchema, dialSessionCreateSchema } from '@switchboard/shared/crm-dialer';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.ts';
import { parsePathId } from '../../http/path-params.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import {
  addDialItems,
  createDialSession,
  getDialSession,
  nextDialItem,
  openDialSession,
  pauseDialSession,
  resumeDialSession,
  skipDialItem,
  startDialSession,
  stopDialSession,
} from './crm-dialer.service.ts';

// The power dialer (designs/crm-softphone.md §4.4, §5): staff with 'phone access' and 'view crm' (the queue is made
// of leads); a session is its owner's alone (404 for anyone else). Every change answers the session and sends
// DialerUpdated on the owner's phone channel.

const dialer = [requireEmployee(), requirePermission('phone access', 'view crm')];
const idParams = z.object({ id: z.string() });

export async function crmDialerRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/crm/dialer/sessions',
    { onRequest: dialer, schema: { body: dialSessionCreateSchema } },
    async (request) => ({
      message: 'The dial session was created.',
      data: await createDialSession(app, request.auth, request.body),
    }),
  );

  app.get('/crm/dialer/sessions/current', { onRequest: dialer }, async (request) => ({
    data: await openDialSession(app.db, request.auth),
  }));

  app.get('/crm/dialer/sessions/:id', { onRequest: dialer, schema: { params: idParams } }, async (request) => ({
    data: await getDialSession(app.db, request.auth, parsePathId(request.params.id)),
  }));

  const actions = {
    start: startDialSession,
    pause: pauseDialSession,
    resume: resumeDialSession,
    skip: skipDialItem,
    stop: stopDialSession,
  } as const;
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/crm/dialer/sessions/:id/${name}`,
      { onRequest: dialer, schema: { params: idParams } },
      async (request) => ({
        data: await action(app, request.auth, parsePathId(request.params.id)),
      }),
    );
  }

  app.post(
    '/crm/dialer/sessions/:id/items',
    { onRequest: dialer, schema: { params: idParams, body: dialSessionAddSchema } },
    async (request) => ({
      data: await addDialItems(app, request.auth, parsePathId(request.params.id), request.body.lead_ids),
    }),
  );

  app.post('/crm/dialer/sessions/:id/next', { onRequest: dialer, schema: { params: idParams } }, async (request) => ({
    data: await nextDialItem(app, request.auth, parsePathId(request.params.id)),
  }));
}
