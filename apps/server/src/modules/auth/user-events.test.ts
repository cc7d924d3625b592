import type { AgentSettingsUpdatedPayload, UserUpdatedPayload } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent } from '../../../test/realtime.ts';
import { seedAgentPhoneNumbers } from '../phone-numbers/phone-numbers.service.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { openSipPassword, sipPasswordKey } from '../secrets/sip-password.ts';

// Spec 1 §7.8 private channel: 'user' (UserUpdated, the 'Profile Updated' notice) and 'agent settings'.
describe('UserUpdated and AgentSettingsUpdated on user.{id}', () => {
  let ctx: TestContext;
  let adminToken: string;
  let baseUrl: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const admin = await createUser(ctx.db, {
      role: 'admin',
      permissions: ['manage crm', 'manage employee permissions', 'view human resources'],
    });
    adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
    await seedAgentPhoneNumbers(ctx.db);
    baseUrl = await listenForSockets(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const employeeForm = (email: string, overrides: Record<string, string> = {}) => ({
    name: 'Renamed Agent',
    email,
    departments: '[]',
    active: '0',
    ...overrides,
  });

  it("tells the employee's tabs their new user and agent line when someone edits them", async () => {
    const agent = await createUser(ctx.db, { name: 'Agent Before' });
    const socket = await connectSocket(baseUrl, (await login(ctx.app, agent.email, agent.password)).access_token);
    try {
      const [line] = await ctx.db.select().from(agentPhoneNumbers).limit(1);
      const userUpdated = nextEvent<UserUpdatedPayload>(socket, 'UserUpdated');
      const agentUpdated = nextEvent<AgentSettingsUpdatedPayload>(socket, 'AgentSettingsUpdated');
      const form = await multipartBody(
        employeeForm(agent.email, {
          agent_number: String(line!.id),
          callback_number: '5125550123',
          sip_username: 'renamed.agent',
          sip_password: 'sip-secret-1234',
          connection_id: 'local-connection',
        }),
      );
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/users/employee/${agent.id}`,
        headers: { ...bearer(adminToken), ...form.headers, 'x-http-method-override': 'PUT' },
        payload: form.payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [{ user }, meta] = await userUpdated;
      expect(meta).toEqual({ channel: `user.${agent.id}` });
      expect(user).toMatchObject({
        id: agent.id,
        name: 'Renamed Agent',
        shortname: 'Renamed',
        employee: { user_id: agent.id },
      });
      expect(user).not.toHaveProperty('password_hash');
      expect(user).not.toHaveProperty('passwordHash');
      const [{ agent_settings }] = await agentUpdated;
      expect(agent_settings).toMatchObject({
        has_settings: true,
        phone_number: line!.phoneNumber,
        callback_number: '(512) 555-0123',
        username: 'renamed.agent',
        connection_id: 'local-connection',
      });
      // The SIP password is stored sealed (never as sent) and opens with the telephony key.
      const [stored] = await ctx.db
        .select({ sealed: agentSettings.sipPasswordEnc })
        .from(agentSettings)
        .where(eq(agentSettings.userId, agent.id));
      expect(stored!.sealed!.includes(Buffer.from('sip-secret-1234'))).toBe(false);
      expect(openSipPassword(await sipPasswordKey(ctx.db), stored!.sealed!)).toBe('sip-secret-1234');
      expect(JSON.stringify(agent_settings)).not.toContain('sip-secret-1234');
    } finally {
      socket.close();
    }
  });

  it('tells a client account its new user when staff edit it, and nobody else', async () => {
    const client = await createUser(ctx.db, { type: 'Client', name: 'Carl Client' });
    const bystander = await createUser(ctx.db, { type: 'Client', name: 'Bea Bystander' });
    const socket = await connectSocket(baseUrl, (await login(ctx.app, client.email, client.password)).access_token);
    const other = await connectSocket(
      baseUrl,
      (await login(ctx.app, bystander.email, bystander.password)).access_token,
    );
    try {
      const account = (
        await ctx.app.inject({ method: 'GET', url: `/api/users/client/${client.id}`, headers: bearer(adminToken) })
      ).json().data;
      const updated = nextEvent<UserUpdatedPayload>(socket, 'UserUpdated');
      const elsewhere: UserUpdatedPayload[] = [];
      other.on('UserUpdated', (payload: UserUpdatedPayload) => elsewhere.push(payload));
      const payload = { name: 'Carla Client', email: client.email, company_id: account.company_id };
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/client/${client.id}`,
        headers: bearer(adminToken),
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await updated)[0].user).toMatchObject({ id: client.id, name: 'Carla Client', employee: null });
      // The bystander's own change must reach it, after anything sent for Carl's would have: only its own arrives.
      const bystanderAccount = (
        await ctx.app.inject({ method: 'GET', url: `/api/users/client/${bystander.id}`, headers: bearer(adminToken) })
      ).json().data;
      const own = nextEvent<UserUpdatedPayload>(other, 'UserUpdated');
      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: `/api/users/client/${bystander.id}`,
        headers: bearer(adminToken),
        payload: { name: 'Bea Renamed', email: bystander.email, company_id: bystanderAccount.company_id },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      await own;
      expect(elsewhere.map((payload) => payload.user.id)).toEqual([bystander.id]);
    } finally {
      socket.close();
      other.close();
    }
  });
});
