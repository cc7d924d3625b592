import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { createTelephonyDouble, type TelephonyDouble } from '@switchboard/telephony-double';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { findSessionByAccessToken } from '../auth/session-lookup.ts';
import { agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { getAppSecret } from '../secrets/secrets.service.ts';
import { sipPasswordKey as sipPasswordKeyOf } from '../secrets/sip-password.ts';
import { encodeClientState, type ClientState } from './client-state.ts';
import type { TelephonyProvider } from './provider.ts';
import { TelnyxProvider } from './telnyx-provider.ts';

// The app's telephony (designs/crm-softphone.md §3): the provider for the configured mode, the client_state and SIP
// password keys, and in local mode the double, made on first use: mounted on the app's port for the browser
// (/_telephony/*, /_telephony/rtc) and on a loopback port for the server's own SDK calls.

export const WEBHOOK_PATH = '/api/crm/telephony/webhook';
export const DOUBLE_PREFIX = '/_telephony/';
export const DOUBLE_RTC_PATH = '/_telephony/rtc';

export interface Telephony {
  mode: Config['telephonyProvider'];
  /** null when telephony is off. */
  provider(): Promise<TelephonyProvider | null>;
  sipDomain: string;
  clientStateKey(): Promise<Buffer>;
  /** The AES-256-GCM key of agents' SIP passwords. */
  sipPasswordKey(): Promise<Buffer>;
  signClientState(state: ClientState): Promise<string>;
  /** Local mode only: the double, made on first use. */
  localDouble(): Promise<TelephonyDouble> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    telephony: Telephony;
  }
}

export interface TelephonyDeps {
  db: Db;
  config: Config;
  /** Delivers a signed webhook to the app, bytes unchanged (local mode). */
  deliverWebhook: (body: string, headers: Record<string, string>) => Promise<number>;
}

export function createTelephony({ db, config, deliverWebhook }: TelephonyDeps): Telephony & {
  close(): Promise<void>;
} {
  const clientStateKey = () => getAppSecret(db, 'telephony-client-state');
  const sipPasswordKey = () => sipPasswordKeyOf(db);
  let double: Promise<{ double: TelephonyDouble; url: string; apiKey: string }> | null = null;
  let provider: Promise<TelephonyProvider | null> | null = null;

  const startDouble = () => {
    double ??= (async () => {
      // The double checks this key; it is made at its start and known only to this process.
      const apiKey = randomBytes(24).toString('base64url');
      const made = await createTelephonyDouble({
        apiKey,
        deliver: deliverWebhook,
        speed: config.telephonyDoubleSpeed,
        sipDomain: config.telnyxSipDomain,
        ...(config.telephonyControlToken ? { controlToken: config.telephonyControlToken } : {}),
        // the handset page (/_telephony/phone) logs in with the signed-in app's token: managers of the CRM only
        handsetAuth: async (token) =>
          (await findSessionByAccessToken(db, token))?.permissions.includes('manage crm') ?? false,
        // the demo (no control token): control takes the same sessions; others 401, a session without the right 403
        controlAuth: async (token) => {
          const session = await findSessionByAccessToken(db, token);
          if (!session) return 'unauthenticated';
          return session.permissions.includes('manage crm') ? 'allowed' : 'forbidden';
        },
        lookupCredential: async (credentialId) => {
          const [row] = await db
            .select({ sipUsername: agentSettings.sipUsername })
            .from(agentSettings)
            .where(eq(agentSettings.telephonyCredentialId, credentialId))
            .limit(1);
          return row?.sipUsername ? { sipUsername: row.sipUsername } : null;
        },
      });
      const { url } = await made.listen(0, '127.0.0.1');
      return { double: made, url, apiKey };
    })();
    return double;
  };

  const makeProvider = async (): Promise<TelephonyProvider | null> => {
    if (config.telephonyProvider === 'off') return null;
    if (config.telephonyProvider === 'local') {
      const local = await startDouble();
      return new TelnyxProvider({
        apiKey: local.apiKey,
        baseURL: `${local.url}/_telephony/v2`,
        publicKey: local.double.publicKey,
        callControlAppId: 'local-call-control-app',
        clientStateKey,
        rtcUrl: `${local.url.replace(/^http/, 'ws')}/_telephony/rtc`,
      });
    }
    return new TelnyxProvider({
      apiKey: config.telnyxApiKey!,
      baseURL: config.telnyxApiUrl,
      publicKey: config.telnyxPublicKey!,
      callControlAppId: config.telnyxCallControlAppId!,
      webhookUrl: `${config.publicUrl}${WEBHOOK_PATH}`,
      clientStateKey,
    });
  };

  return {
    mode: config.telephonyProvider,
    sipDomain: config.telnyxSipDomain,
    provider: () => (provider ??= makeProvider()),
    clientStateKey,
    sipPasswordKey,
    signClientState: async (state) => encodeClientState(await clientStateKey(), state),
    localDouble: () => (config.telephonyProvider === 'local' ? startDouble().then((d) => d.double) : null),
    async close() {
      if (double) await (await double).double.close();
    },
  };
}

/** Decorates app.telephony and, in local mode, mounts the double's HTTP paths and its signalling socket. */
export function registerTelephony(app: FastifyInstance): void {
  const telephony = createTelephony({
    db: app.db,
    config: app.config,
    deliverWebhook: async (body, headers) => {
      const response = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATH,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: body,
      });
      return response.statusCode;
    },
  });
  app.decorate('telephony', telephony);
  app.addHook('onClose', async () => telephony.close());
  if (app.config.telephonyProvider !== 'local') return;

  app.addHook('onRequest', async (request, reply) => {
    if (!request.raw.url?.startsWith(DOUBLE_PREFIX)) return;
    reply.hijack();
    const local = await telephony.localDouble()!;
    if (!local.handleRequest(request.raw, reply.raw)) {
      reply.raw.statusCode = 404;
      reply.raw.end();
    }
  });
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== DOUBLE_RTC_PATH) return; // Socket.IO and /collab answer their own paths
    telephony
      .localDouble()!
      .then((local) => {
        if (!local.handleUpgrade(request, socket, head)) socket.destroy();
      })
      .catch(() => socket.destroy());
  });
}
