import { sessionResponseSchema, signedInResponseSchema, type SessionResponse } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { employeeDepartments, employees } from '../users/employees.table.ts';
import { seedAgentPhoneNumbers } from '../phone-numbers/phone-numbers.service.ts';
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { departments } from '../reference/reference.table.ts';
import { users } from '../users/users.table.ts';

// Spec 1 §3.1 (the whole user) and §7.1 (the login answer's agent_settings), also on GET /api/session.
describe('the user and agent settings of the login answers', () => {
  let ctx: TestContext;
  let agent: TestUser;
  let line: { id: number; phoneNumber: string };
  let tech: { id: number; name: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    agent = await createUser(ctx.db, { name: 'Agent Smith' });
    await seedAgentPhoneNumbers(ctx.db);
    [line] = await ctx.db
      .select({ id: agentPhoneNumbers.id, phoneNumber: agentPhoneNumbers.phoneNumber })
      .from(agentPhoneNumbers)
      .limit(1);
    await ctx.db.insert(agentSettings).values({
      userId: agent.id,
      phoneNumberId: line!.id,
      callbackNumber: '5125550100',
      sipUsername: 'dispatch.agent',
      connectionId: 'local-connection',
    });
    [tech] = await ctx.db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(eq(departments.id, 1));
    await ctx.db.insert(employeeDepartments).values({ userId: agent.id, departmentId: tech!.id });
    await ctx.db
      .update(employees)
      .set({ title: 'Dispatcher', phoneNumber: '(512) 555-0101' })
      .where(eq(employees.userId, agent.id));
    await ctx.db
      .update(users)
      .set({ photo: '/api/users/photo/abc.png', emailVerifiedAt: new Date('2026-02-01T10:00:00Z') })
      .where(eq(users.id, agent.id));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('signs an employee in with avatar, created_at, email_verified_at, employee and the saved agent settings', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: agent.email, password: agent.password },
    });
    expect(response.statusCode).toBe(200);
    const body = expectExactShape(signedInResponseSchema, response.json());
    const [row] = await ctx.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, agent.id));
    expect(body.user).toMatchObject({
      avatar: '/api/users/photo/abc.png',
      created_at: row!.createdAt.toISOString(),
      email_verified_at: '2026-02-01T10:00:00.000Z',
      employee: {
        user_id: agent.id,
        title: 'Dispatcher',
        region_id: null,
        phone_number: '(512) 555-0101',
        departments: [tech],
      },
    });
    expect(body.agent_settings).toEqual({
      has_settings: true,
      phone_number: line.phoneNumber,
      username: 'dispatch.agent',
      callback_number: '5125550100',
      connection_id: 'local-connection',
    });

    const session = await ctx.app.inject({ method: 'GET', url: '/api/session', headers: bearer(body.access_token) });
    const data = expectExactShape(sessionResponseSchema, session.json<SessionResponse>()).data;
    expect(data.user).toEqual(body.user);
    expect(data.agent_settings).toEqual(body.agent_settings);
  });

  it('answers a client account with no employee and no agent settings', async () => {
    const client = await createUser(ctx.db, { type: 'Client' });
    const body = await login(ctx.app, client.email, client.password);
    expectExactShape(signedInResponseSchema, body);
    expect(body.user).toMatchObject({ avatar: null, email_verified_at: null, employee: null });
    expect(body.agent_settings.has_settings).toBe(false);
  });
});
