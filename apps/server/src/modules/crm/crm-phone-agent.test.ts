import { sipUsernameInvalidMessage, sipUsernameTakenMessage } from '@switchboard/shared';
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
import { agentPhoneNumbers, agentSettings } from '../phone-numbers/phone-numbers.table.ts';
import { departments, regions } from '../reference/reference.table.ts';

// The Agent tab's telephony login (designs/crm-softphone.md §2.2): 'manage crm' sets the SIP username, the
// credential and the connection; the login answer's agent_settings carries the username and the connection.

let ctx: TestContext;
let crm: string;
let hr: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await createUser(ctx.db, { permissions: ['manage crm', 'view human resources'] });
  crm = (await login(ctx.app, manager.email, manager.password)).access_token;
  const hrUser = await createUser(ctx.db, { permissions: ['view human resources'] });
  hr = (await login(ctx.app, hrUser.email, hrUser.password)).access_token;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function agentForm(userEmail: string, extra: Record<string, string>) {
  const regionId = (await ctx.db.select({ id: regions.id }).from(regions).limit(1))[0]!.id;
  const departmentIds = (await ctx.db.select({ id: departments.id }).from(departments).limit(1)).map((r) => r.id);
  return multipartBody({
    _method: 'PUT',
    name: 'Agent Smith',
    email: userEmail,
    title: 'Sales',
    phone_number: '',
    address: '',
    city: '',
    state: '',
    zip: '',
    region_id: String(regionId),
    timezone_id: '',
    start_date: '2026-01-05',
    pto_start_date: '2026-01-05',
    departments: JSON.stringify(departmentIds),
    active: '0',
    password: '',
    password_confirmation: '',
    ...extra,
  });
}

const save = async (userId: number, email: string, extra: Record<string, string>, token = crm) => {
  const form = await agentForm(email, extra);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/users/employee/${userId}`,
    headers: { ...bearer(token), ...form.headers },
    payload: form.payload,
  });
};

describe('agent telephony settings', () => {
  it("are set by 'manage crm', shown and in the login answer; a taken or bad username is 422", async () => {
    const agent = await createUser(ctx.db, { permissions: ['phone access'] });
    const [line] = await ctx.db.insert(agentPhoneNumbers).values({ phoneNumber: '(737) 555-0160' }).returning();
    const saved = await save(agent.id, agent.email, {
      agent_number: String(line.id),
      sip_username: 'agent.smith',
      telephony_credential_id: 'cred-123',
      connection_id: 'conn-456',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/users/employee/${agent.id}`,
      headers: bearer(crm),
    });
    expect(detail.json().data.agent_settings).toMatchObject({
      phone_number_id: line.id,
      sip_username: 'agent.smith',
      telephony_credential_id: 'cred-123',
      connection_id: 'conn-456',
    });
    const signedIn = await login(ctx.app, agent.email, agent.password);
    expect(signedIn.agent_settings).toMatchObject({
      has_settings: true,
      username: 'agent.smith',
      connection_id: 'conn-456',
    });
    expect(JSON.stringify(signedIn)).not.toContain('sip_password');

    const other = await createUser(ctx.db, { permissions: ['phone access'] });
    const taken = await save(other.id, other.email, { agent_number: '', sip_username: 'agent.smith' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.sip_username).toEqual([sipUsernameTakenMessage]);
    const bad = await save(other.id, other.email, { agent_number: '', sip_username: 'no spaces please' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sip_username).toEqual([sipUsernameInvalidMessage]);

    // Without 'manage crm' the agent fields are not written.
    await save(agent.id, agent.email, { agent_number: String(line.id), sip_username: 'hijack' }, hr);
    const [row] = await ctx.db.select().from(agentSettings).where(eq(agentSettings.userId, agent.id));
    expect(row.sipUsername).toBe('agent.smith');
  });
});
