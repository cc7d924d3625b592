import type { CrmTelephonyAnswer } from '@switchboard/shared/crm-phone';
import { sql } from 'drizzle-orm';
import type { AppInstance } from '../../app-instance.ts';
import { requireEmployee, requirePermission } from '../../plugins/auth.ts';
import { registerJob } from '../../plugins/jobs.ts';
import { WebhookRefused } from '../telephony/provider.ts';
import { handleTelephonyEvent } from './crm-webhook.service.ts';
import { crmTelephonyEvents } from './crm.table.ts';

/** The daily job that forgets webhook events and logged phone errors after 30 days (design §3.3). */
export const pruneTelephonyEventsJob = 'crm-telephony-events-prune';
export const TELEPHONY_EVENTS_KEPT_DAYS = 30;

/** The double's simulated handset page, served on the app's own origin in local mode. */
export const HANDSET_URL = '/_telephony/phone';

/** Webhook bodies are small JSON events; anything larger is not Telnyx's. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * The provider's signed webhooks (designs/crm-softphone.md §3.3), outside the bearer guard. An encapsulated plugin
 * keeps the body as the exact string that was signed: Ed25519 over `timestamp|body`, 300 s window. A bad signature is
 * 401 and changes nothing; a redelivered event id is a 200 that changes nothing.
 */
export async function crmTelephonyWebhookRoutes(app: AppInstance): Promise<void> {
  registerJob(app, pruneTelephonyEventsJob, '23 3 * * *', async (instance) => {
    await instance.db
      .delete(crmTelephonyEvents)
      .where(sql`${crmTelephonyEvents.receivedAt} < now() - make_interval(days => ${TELEPHONY_EVENTS_KEPT_DAYS})`);
  });
  // The CRM admin's telephony line: local mode links the simulated handset (the double's page takes the same right).
  app.get('/crm/telephony', { onRequest: [requireEmployee(), requirePermission('manage crm')] }, async () => {
    const mode = app.telephony.mode;
    const data: CrmTelephonyAnswer = { mode, handset_url: mode === 'local' ? HANDSET_URL : null };
    return { data };
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/crm/telephony/webhook',
      { config: { public: true }, bodyLimit: WEBHOOK_BODY_LIMIT },
      async (request, reply) => {
        const provider = await app.telephony.provider();
        if (!provider) return reply.code(404).send({ message: 'Not Found' });
        const raw = typeof request.body === 'string' ? request.body : '';
        let event;
        try {
          event = await provider.readWebhook(raw, request.headers);
        } catch (error) {
          if (!(error instanceof WebhookRefused)) throw error;
          request.log.warn({ reason: error.message }, 'telephony webhook refused');
          return reply.code(401).send({ message: 'Invalid signature.' });
        }
        const outcome = await handleTelephonyEvent(app, event);
        return { message: outcome === 'duplicate' ? 'Already received.' : 'Received.' };
      },
    );
  });
}
