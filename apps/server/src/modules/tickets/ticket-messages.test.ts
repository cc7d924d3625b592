import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { companies, sites } from '../companies/companies.table.ts';
import { devices } from '../devices/devices.table.ts';

// Issue 26 §6: the ticket messages no test named. Each rule is triggered through its route and its message asserted
// as the literal text the user reads, so a drifted wording fails.

let ctx: TestContext;
let companyId: number;

// Read-only for every test: the company. Each test signs in its own people and makes its own tickets.
beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Ticket Words' }).returning();
});
afterAll(async () => {
  await ctx.close();
});

const tokenOf = async (options: Parameters<typeof createUser>[1] = {}) => {
  const user = await createUser(ctx.db, options);
  return { user, token: (await login(ctx.app, user.email, user.password)).access_token };
};
const send = (method: 'POST' | 'PUT', url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as object });
const errorsOf = async (response: Awaited<ReturnType<typeof send>>) => {
  expect(response.statusCode, response.body).toBe(422);
  return response.json<{ errors: Record<string, string[]> }>().errors;
};
const ticket = { subject: 'Printer jam', body: 'Tray 2', location: 1, triage_id: 3 };

describe('the ticket form', () => {
  it('bounds the subject (255), the description (100,000) and the linked devices (100), and names the triage', async () => {
    const { token } = await tokenOf();
    const errors = await errorsOf(
      await send('POST', '/api/ticket', token, {
        ...ticket,
        company_id: companyId,
        subject: 's'.repeat(256),
        body: 'b'.repeat(100_001),
        devices: Array.from({ length: 101 }, (_, i) => i + 1),
        triage_id: 'urgent',
      }),
    );
    expect(errors).toEqual({
      subject: ['Keep the subject to 255 characters.'],
      body: ['The description is too long.'],
      devices: ['Link at most 100 devices.'],
      triage_id: ['Choose a triage level.'],
    });
  });

  it('names the triage when the level does not exist', async () => {
    const { token } = await tokenOf();
    const errors = await errorsOf(
      await send('POST', '/api/ticket', token, { ...ticket, company_id: companyId, triage_id: 999_999 }),
    );
    expect(errors).toEqual({ triage_id: ['Choose a triage level.'] });
  });

  it("bounds a maintenance ticket's month (1 to 12) and year", async () => {
    const { token } = await tokenOf({ permissions: ['view chat'] });
    const [site] = await ctx.db.insert(sites).values({ companyId, name: 'Rack room' }).returning();
    const [server] = await ctx.db
      .insert(devices)
      .values({ companyId, siteId: site!.id, type: 'servers', name: 'MX01', scheduledMaintenance: 1 })
      .returning();
    const maintenance = { subject: 'Scheduled Maintenance', company: companyId, site: site!.id, server: server!.id };
    expect(await errorsOf(await send('POST', '/api/ticket', token, { ...maintenance, month: 13, year: 1999 }))).toEqual(
      { month: ['Choose a month from 1 to 12.'], year: ['Choose a year.'] },
    );
    expect(
      await errorsOf(await send('POST', '/api/ticket', token, { ...maintenance, month: 'May', year: 'next' })),
    ).toEqual({ month: ['Choose a month from 1 to 12.'], year: ['Choose a year.'] });
  });
});

describe('escalation', () => {
  it("bounds the reason to 1,000 characters, and refuses a second escalation by the ticket's technician", async () => {
    const { user, token } = await tokenOf({ departments: [1] });
    const created = await send('POST', '/api/ticket', token, {
      ...ticket,
      company_id: companyId,
      employee_id: user.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    expect(
      await errorsOf(await send('POST', `/api/ticket/escalate/${id}`, token, { reason: 'r'.repeat(1001) })),
    ).toEqual({ reason: ['Keep the reason to 1,000 characters.'] });
    const escalationTech = await createUser(ctx.db, { name: 'Nia Network', departments: [1] });
    const first = await send('POST', `/api/ticket/escalate/${id}`, token, {
      reason: 'Needs a network engineer',
      esc_tech: escalationTech.id,
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('POST', `/api/ticket/escalate/${id}`, token, {
      reason: 'Again',
      esc_tech: escalationTech.id,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: 'This ticket cannot be escalated.',
      errors: { escalated: ['This ticket cannot be escalated.'] },
    });
  });
});

describe('the queue tools', () => {
  it('bounds a bulk change to 500 tickets and names an unknown action', async () => {
    const { token } = await tokenOf();
    const tooMany = await send('POST', '/api/ticket/bulk', token, {
      ids: Array.from({ length: 501 }, (_, i) => i + 1),
      action: 'close',
    });
    expect(await errorsOf(tooMany)).toEqual({ ids: ['Choose at most 500 tickets.'] });
    const unknown = await send('POST', '/api/ticket/bulk', token, { ids: [1], action: 'archive' });
    expect(await errorsOf(unknown)).toEqual({ action: ['Choose what to change.'] });
  });

  it('keeps a view name to 60 characters and a user to 50 views', async () => {
    const { token } = await tokenOf();
    const longName = await send('POST', '/api/ticket/views', token, { name: 'v'.repeat(61), filters: {} });
    expect(await errorsOf(longName)).toEqual({ name: ['Keep the name to 60 characters.'] });
    for (let i = 1; i <= 50; i++) {
      const saved = await send('POST', '/api/ticket/views', token, { name: `View ${i}`, filters: {} });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const fiftyFirst = await send('POST', '/api/ticket/views', token, { name: 'View 51', filters: {} });
    expect(await errorsOf(fiftyFirst)).toEqual({ name: ['You can keep 50 views; delete one first.'] });
    // Saving under a name already kept replaces it, so it is not one too many.
    expect((await send('POST', '/api/ticket/views', token, { name: 'View 7', filters: {} })).statusCode).toBe(200);
  });
});

describe('the thread and to-dos', () => {
  it("answers 'To-do updated.' when a to-do is ticked", async () => {
    const { token } = await tokenOf();
    const created = await send('POST', '/api/ticket', token, { ...ticket, company_id: companyId });
    const ticketId = created.json<{ data: { id: number } }>().data.id;
    const todo = await send('POST', '/api/ticket/todo', token, { ticket_id: ticketId, description: 'Order toner' });
    expect(todo.statusCode, todo.body).toBe(200);
    const todoId = todo.json<{ data: { id: number } }>().data.id;
    const ticked = await send('PUT', `/api/ticket/todo/${todoId}`, token, { completed: 1 });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toMatchObject({ message: 'To-do updated.', data: { id: todoId } });
  });

  it("bounds a client's reply to 100,000 characters", async () => {
    const staff = await tokenOf();
    const client = await tokenOf({ type: 'Client', companyId });
    const created = await send('POST', '/api/ticket', staff.token, {
      ...ticket,
      company_id: companyId,
      client_id: client.user.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const ticketId = created.json<{ data: { id: number } }>().data.id;
    const form = await multipartBody({ ticket_id: String(ticketId), response: 'r'.repeat(100_001) });
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/reply',
      headers: { ...bearer(client.token), ...form.headers },
      payload: form.payload,
    });
    expect(await errorsOf(reply)).toEqual({ response: ['The reply is too long.'] });
  });
});
