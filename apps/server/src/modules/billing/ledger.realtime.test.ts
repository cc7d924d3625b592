import type { LedgerPostedPayload } from '@switchboard/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { readEmployeeForm } from '../../../test/employee-form.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { companies } from '../companies/companies.table.ts';
import { accounts } from './ledger.table.ts';

// The `billing` channel (issue 27; designs/billing.md §6; decision 0071): staff holding 'view billing' join it,
// checked on subscribe and dropped when the permission goes; client accounts never; LedgerPosted follows every
// journal entry that commits, manual or reversal.

let ctx: TestContext;
let baseUrl: string;
let admin: TestUser;
let adminToken: string;
const open: Socket[] = [];
const account: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await listenForSockets(ctx.app);
  for (const row of await ctx.db.select().from(accounts)) account[row.number] = row.id;
  admin = await createUser(ctx.db, {
    name: 'Ada Admin',
    permissions: ['view billing', 'manage accounting', 'manage employee permissions'],
  });
  adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await ctx.close();
});

async function connectAs(user: TestUser): Promise<Socket> {
  const socket = await connectSocket(baseUrl, (await login(ctx.app, user.email, user.password)).access_token);
  open.push(socket);
  return socket;
}

/** Every LedgerPosted the socket gets from now on (read it after a sentinel arrived). */
function heardLedger(socket: Socket): unknown[] {
  const heard: unknown[] = [];
  socket.on('LedgerPosted', (payload: unknown) => heard.push(payload));
  return heard;
}

/** A sentinel on the user's own channel: sent now, it arrives after anything sent to the socket before it. */
async function sentinel(socket: Socket, user: TestUser): Promise<void> {
  const heard = nextEvent(socket, 'StatusUpdated', (payload) => (payload as { sentinel?: number }).sentinel === 1);
  ctx.app.realtime.emitToUser(user.id, 'StatusUpdated', { sentinel: 1 });
  await heard;
}

const postEntry = (date = '2026-10-15') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/billing/journal-entries',
    headers: bearer(adminToken),
    payload: {
      date,
      memo: 'Owner investment',
      lines: [
        { account_id: account['1000'], debit: 125.5, credit: 0, memo: '' },
        { account_id: account['3000'], debit: 0, credit: 100, memo: '' },
        { account_id: account['3000'], debit: 0, credit: 25.5, memo: '' },
      ],
    },
  });

describe('channel billing', () => {
  it('admits staff holding view billing; refuses other staff and client accounts, even granted', async () => {
    const [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Acme Dental' }).returning();
    const viewer = await connectAs(await createUser(ctx.db, { permissions: ['view billing'] }));
    const plain = await connectAs(await createUser(ctx.db, { permissions: ['manage accounting'] }));
    const client = await connectAs(
      await createUser(ctx.db, { type: 'Client', companyId, permissions: ['view billing', 'manage accounting'] }),
    );
    expect(await subscribe(viewer, 'billing')).toEqual({ ok: true, channel: 'billing' });
    expect(await subscribe(plain, 'billing')).toEqual({ ok: false, channel: 'billing', error: 'Forbidden.' });
    expect(await subscribe(client, 'billing')).toEqual({ ok: false, channel: 'billing', error: 'Forbidden.' });
  });

  it('sends LedgerPosted after a manual entry and after its reversal; nothing reaches a client account', async () => {
    const [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Birch Legal' }).returning();
    const clientUser = await createUser(ctx.db, {
      type: 'Client',
      companyId,
      permissions: ['view billing', 'manage accounting'],
    });
    const client = await connectAs(clientUser);
    expect(await subscribe(client, 'billing')).toMatchObject({ ok: false });
    const leaked = heardLedger(client);
    const watcher = await connectAs(await createUser(ctx.db, { permissions: ['view billing'] }));
    expect(await subscribe(watcher, 'billing')).toMatchObject({ ok: true });

    const posted = nextEvent<LedgerPostedPayload>(watcher, 'LedgerPosted');
    const response = await postEntry();
    expect(response.statusCode).toBe(200);
    const entry = response.json().data as { id: number; number: string };
    const [payload, meta] = await posted;
    expect(meta).toEqual({ channel: 'billing' });
    expect(payload).toEqual({
      entry_id: entry.id,
      number: entry.number,
      entry_date: '2026-10-15',
      accounts: [account['1000'], account['3000']],
    });

    const reversedEvent = nextEvent<LedgerPostedPayload>(watcher, 'LedgerPosted');
    const reversal = await ctx.app.inject({
      method: 'POST',
      url: `/api/billing/journal-entries/${entry.id}/reverse`,
      headers: bearer(adminToken),
      payload: { date: '2026-10-20' },
    });
    expect(reversal.statusCode).toBe(200);
    const [reversed] = await reversedEvent;
    expect(reversed).toEqual({
      entry_id: reversal.json().data.id,
      number: reversal.json().data.number,
      entry_date: '2026-10-20',
      accounts: [account['1000'], account['3000']],
    });

    await sentinel(client, clientUser);
    expect(leaked).toEqual([]);
  });

  it('sends nothing for a refused entry', async () => {
    const watcherUser = await createUser(ctx.db, { permissions: ['view billing'] });
    const watcher = await connectAs(watcherUser);
    expect(await subscribe(watcher, 'billing')).toMatchObject({ ok: true });
    const heard = heardLedger(watcher);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/journal-entries',
      headers: bearer(adminToken),
      payload: {
        date: '2026-10-15',
        memo: 'Unbalanced',
        lines: [
          { account_id: account['1000'], debit: 10, credit: 0, memo: '' },
          { account_id: account['3000'], debit: 0, credit: 9, memo: '' },
        ],
      },
    });
    expect(refused.statusCode).toBe(422);
    await sentinel(watcher, watcherUser);
    expect(heard).toEqual([]);
  });

  it('drops a socket from billing when view billing is taken away, and refuses it afterwards', async () => {
    const clerk = await createUser(ctx.db, { name: 'Cal Clerk', permissions: ['view billing'] });
    const socket = await connectAs(clerk);
    expect(await subscribe(socket, 'billing')).toMatchObject({ ok: true });
    const heard = heardLedger(socket);

    const updated = nextEvent(socket, 'PermissionsUpdated');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/permissions/${clerk.id}`,
      headers: bearer(adminToken),
      payload: { id: clerk.id, permissions: ['manage accounting'] },
    });
    expect(response.statusCode).toBe(200);
    await updated;

    expect((await postEntry('2026-10-16')).statusCode).toBe(200);
    await sentinel(socket, clerk);
    expect(heard).toEqual([]);
    expect(await subscribe(socket, 'billing')).toEqual({ ok: false, channel: 'billing', error: 'Forbidden.' });
  });

  it('drops it the same way when the employee form takes view billing away', async () => {
    const clerk = await createUser(ctx.db, { name: 'Fay Former', permissions: ['view billing'] });
    const socket = await connectAs(clerk);
    expect(await subscribe(socket, 'billing')).toMatchObject({ ok: true });
    const heard = heardLedger(socket);

    const updated = nextEvent(socket, 'PermissionsUpdated');
    const form = await readEmployeeForm(ctx.app, adminToken, clerk.id);
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/${clerk.id}`,
      headers: bearer(adminToken),
      payload: { ...form, permissions: ['manage accounting'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    await updated;

    expect((await postEntry('2026-10-18')).statusCode).toBe(200);
    await sentinel(socket, clerk);
    expect(heard).toEqual([]);
  });

  it('keeps the socket in billing when other permissions change', async () => {
    const clerk = await createUser(ctx.db, { name: 'Kim Keeper', permissions: ['view billing'] });
    const socket = await connectAs(clerk);
    expect(await subscribe(socket, 'billing')).toMatchObject({ ok: true });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/permissions/${clerk.id}`,
      headers: bearer(adminToken),
      payload: { id: clerk.id, permissions: ['view billing', 'manage accounting'] },
    });
    expect(response.statusCode).toBe(200);
    const posted = nextEvent<LedgerPostedPayload>(socket, 'LedgerPosted');
    expect((await postEntry('2026-10-17')).statusCode).toBe(200);
    expect((await posted)[0].entry_date).toBe('2026-10-17');
  });
});
