import { crmPhoneMessages } from '@switchboard/shared/crm-phone';
import { createTelephonyDouble } from '@switchboard/telephony-double';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { ProviderError } from '../telephony/provider.ts';
import { signallingLogin } from '../telephony/signalling-login.ts';

// 'Test phone' (designs/crm-softphone.md §4.11) in local mode: the server mints the agent's token from the in-process
// double and logs it in over the double's signalling socket, as the browser's SDK would.

let ctx: TestContext;
let manager: string;
let agentOnly: string;

beforeAll(async () => {
  ctx = await createTestContext({ config: { telephonyProvider: 'local' } });
  const crm = await createUser(ctx.db, { permissions: ['view crm', 'manage crm'] });
  manager = (await login(ctx.app, crm.email, crm.password)).access_token;
  const plain = await createUser(ctx.db, { permissions: ['view crm', 'phone access'] });
  agentOnly = (await login(ctx.app, plain.email, plain.password)).access_token;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const testPhone = (id: number, token = manager) =>
  ctx.app.inject({ method: 'POST', url: `/api/crm/agents/${id}/test_phone`, headers: bearer(token) });

describe('POST /api/crm/agents/{id}/test_phone', () => {
  it('logs a set-up agent in over the signalling socket: 200 Connected', async () => {
    const agent = await createUser(ctx.db, { permissions: ['phone access'] });
    const [line] = await ctx.db.insert(agentPhoneNumbers).values({ phoneNumber: '(737) 555-0171' }).returning();
    await ctx.db.insert(agentSettings).values({
      userId: agent.id,
      phoneNumberId: line.id,
      sipUsername: 'test.phone.agent',
      telephonyCredentialId: 'cred-test-phone',
      connectionId: 'local-connection',
    });
    const answer = await testPhone(agent.id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: 'Connected', data: { connected: true } });
  });

  it('answers an agent without a SIP username and credential with its own 422', async () => {
    const agent = await createUser(ctx.db, { permissions: ['phone access'] });
    const none = await testPhone(agent.id);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ phone: [crmPhoneMessages.agentNotSetUp] });
  });

  it("rejects a token the signalling socket refuses with the provider's reason", async () => {
    const double = await createTelephonyDouble({ apiKey: 'k', deliver: async () => 200 });
    try {
      const { url } = await double.listen(0, '127.0.0.1');
      const login = signallingLogin(`${url.replace(/^http/, 'ws')}/_telephony/rtc`, 'a.b.c');
      await expect(login).rejects.toThrow(ProviderError);
      await expect(login).rejects.toThrow('Authentication Failure');
    } finally {
      await double.close();
    }
  });

  it("needs 'manage crm'; a client or unknown id is 404", async () => {
    const agent = await createUser(ctx.db, { permissions: ['phone access'] });
    expect((await testPhone(agent.id, agentOnly)).statusCode).toBe(403);
    const client = await createUser(ctx.db, { type: 'Client' });
    expect((await testPhone(client.id)).statusCode).toBe(404);
    expect((await testPhone(2_000_000_000)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/crm/agents/${agent.id}/test_phone` })).statusCode).toBe(
      401,
    );
  });
});
