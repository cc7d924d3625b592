import {
  hrAnonChannel,
  hrCalendarChangedEvent,
  hrCalendarChannel,
  hrJobChannel,
  ptoPeriodsChannel,
} from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { employees } from '../users/employees.table.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';

// The HR calendar follows holidays live (designs/hr.md §8): storing a company holiday tells hr_calendar which days
// to read again, once the change is committed.

let ctx: TestContext;
let token: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const hr = await createUser(ctx.db, { permissions: ['view human resources', 'view hr calendar'] });
  token = (await login(ctx.app, hr.email, hr.password)).access_token;
});
afterAll(async () => {
  for (const open of sockets) open.close();
  await ctx.close();
});

describe('HrCalendarChanged on holidays', () => {
  it('reaches hr_calendar with the holiday as its range when a company holiday is stored', async () => {
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    sockets.push(socket);
    expect(await subscribe(socket, hrCalendarChannel)).toMatchObject({ ok: true });
    const changed = nextEvent(socket, hrCalendarChangedEvent);
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/employee/holiday/store',
      headers: bearer(token),
      payload: { name: 'Founders Day', date: '2026-09-14' },
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const [payload] = await changed;
    expect(payload).toEqual({ from: '2026-09-14', to: '2026-09-14' });
  });
});

describe('HR channels (designs/hr.md §8)', () => {
  it('open hr_calendar, hr_anon and hr_job_{id} to their permission only, and Pto_Periods_{id} to the manager', async () => {
    const baseUrl = await listenForSockets(ctx.app);
    const connectAs = async (permissions: string[]) => {
      const user = await createUser(ctx.db, { permissions });
      const socket = await connectSocket(baseUrl, (await login(ctx.app, user.email, user.password)).access_token);
      sockets.push(socket);
      return { user, socket };
    };
    const plain = await connectAs([]);
    const reader = await connectAs(['read anonymous email']);
    const hiring = await connectAs(['manage jobs']);
    for (const channel of [hrCalendarChannel, hrAnonChannel, hrJobChannel(1)]) {
      expect(await subscribe(plain.socket, channel)).toMatchObject({ ok: false });
    }
    expect(await subscribe(reader.socket, hrAnonChannel)).toMatchObject({ ok: true });
    expect(await subscribe(reader.socket, hrJobChannel(1))).toMatchObject({ ok: false });
    expect(await subscribe(hiring.socket, hrJobChannel(1))).toMatchObject({ ok: true });
    const report = await createUser(ctx.db);
    expect(await subscribe(plain.socket, ptoPeriodsChannel(report.id))).toMatchObject({ ok: false });
    await ctx.db.update(employees).set({ managerId: plain.user.id }).where(eq(employees.userId, report.id));
    expect(await subscribe(plain.socket, ptoPeriodsChannel(report.id))).toMatchObject({ ok: true });
  });
});
