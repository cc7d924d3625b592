import {
  hrRequestBulkApproveResponseSchema,
  hrRequestListResponseSchema,
  hrRequestPreviewResponseSchema,
  hrRequestResponseSchema,
  hrOutResponseSchema,
  type HrRequestDetail,
} from '@switchboard/shared/hr/requests';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { outbox } from '../mail/mail.table.ts';
import { notifications } from '../notifications/notifications.table.ts';
import { ptoSettings, ptoUsedHours } from '../pto/pto.table.ts';
import { employees } from '../users/employees.table.ts';
import { hrRequestEvents, hrRequests } from './hr-requests.table.ts';
import { hrCategories, hrSettings } from './hr.table.ts';

// HR requests' API (designs/hr.md §2.2-§2.7, §9): every call's gates (employee, manager, HR approver, another
// employee, client), the design's texts, the double-approve race, rollback after used rows, the period boundary,
// a holiday returning hours and disabling withdrawing requests.

let ctx: TestContext;
const people: Record<string, TestUser & { token: string }> = {};
let categories: Record<string, number>;

const dayMs = 86_400_000;
const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The Monday `weeks` weeks from now (UTC). */
const monday = (weeks: number) => {
  const now = Date.now();
  const weekday = new Date(now).getUTCDay();
  return iso(now + (((8 - weekday) % 7 || 7) + 7 * weeks) * dayMs);
};
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * dayMs);

async function person(key: string, permissions: string[] = [], role: 'admin' | 'user' = 'user') {
  const user = await createUser(ctx.db, { name: key, permissions, role });
  people[key] = { ...user, token: (await login(ctx.app, user.email, user.password)).access_token };
  return people[key];
}

beforeAll(async () => {
  ctx = await createTestContext();
  await person('Emma Employee');
  await person('Mike Manager');
  await person('Hana HR', ['approve hr requests']);
  await person('Vera Viewer', ['view human resources']);
  await person('Oscar Other');
  await person('Max ManagerHR', ['approve hr requests']);
  await person('Nora NoManager');
  await person('Ada Admin', ['view human resources'], 'admin');
  const client = await createUser(ctx.db, { type: 'Client' });
  people.client = { ...client, token: (await login(ctx.app, client.email, client.password)).access_token };
  await ctx.db
    .update(employees)
    .set({ managerId: people['Mike Manager'].id, ptoStartDate: '2025-01-15' })
    .where(eq(employees.userId, people['Emma Employee'].id));
  await ctx.db
    .update(employees)
    .set({ managerId: people['Max ManagerHR'].id })
    .where(eq(employees.userId, people['Oscar Other'].id));
  await ctx.db.insert(ptoSettings).values({
    userId: people['Emma Employee'].id,
    name: 'Vacation',
    type: 'Flat Rate',
    startDate: '2025-01-15',
    initialHours: '40',
  });
  const rows = await ctx.db.select({ id: hrCategories.id, name: hrCategories.name }).from(hrCategories);
  categories = Object.fromEntries(rows.map((row) => [row.name, row.id]));
});
afterAll(async () => {
  await ctx.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(people[who].token), payload });

const timeOff = (start: string, end: string, extra: object = {}) => ({
  kind: 'time_off',
  category_id: categories['Time Off'],
  reason: 'Vacation',
  bank: 'lump_sum',
  start_date: start,
  end_date: end,
  ...extra,
});

async function file(who: string, body: object): Promise<HrRequestDetail> {
  const response = await call(who, 'POST', '/hr/requests', body);
  expect(response.statusCode, response.body).toBe(200);
  return hrRequestResponseSchema.parse(response.json()).data;
}
const detail = async (who: string, id: number) =>
  hrRequestResponseSchema.parse((await call(who, 'GET', `/hr/requests/${id}`)).json()).data;
const usedRows = (requestId: number) =>
  ctx.db.select().from(ptoUsedHours).where(eq(ptoUsedHours.requestId, requestId)).orderBy(ptoUsedHours.date);
const errors = (response: { json(): unknown }) => (response.json() as { errors: Record<string, string[]> }).errors;

describe('gates', () => {
  it('refuses client accounts everywhere and anyone signed out', async () => {
    for (const [method, url] of [
      ['GET', '/hr/requests'],
      ['GET', '/hr/out?from=2026-01-01&to=2026-01-02'],
      ['POST', '/hr/requests'],
      ['POST', '/hr/requests/preview'],
      ['GET', '/hr/requests/1'],
      ['POST', '/hr/requests/1/approve'],
    ] as const) {
      expect((await call('client', method, url, {})).statusCode, url).toBe(403);
      expect((await ctx.app.inject({ method, url: `/api${url}` })).statusCode, url).toBe(401);
    }
  });

  it("lists 'all' only for 'view human resources' or 'approve hr requests'", async () => {
    expect((await call('Oscar Other', 'GET', '/hr/requests?scope=all')).statusCode).toBe(403);
    expect((await call('Vera Viewer', 'GET', '/hr/requests?scope=all')).statusCode).toBe(200);
    expect((await call('Hana HR', 'GET', '/hr/requests?scope=all')).statusCode).toBe(200);
  });
});

describe('filing and reading', () => {
  let request: HrRequestDetail;
  const start = monday(3);

  it('files a time-off request at the manager stage; the manager is told; the day table is stored', async () => {
    request = await file(
      'Emma Employee',
      timeOff(start, plus(start, 2), { days: [{ date: plus(start, 2), part: 'morning' }] }),
    );
    expect(request).toMatchObject({ status: 'pending', stage: 'manager', total_hours: 20, bank: 'lump_sum' });
    expect(request.days.map((day) => day.hours)).toEqual([8, 8, 4]);
    expect(request.approvers.map((a) => a.name)).toEqual(['Mike Manager']);
    expect(request).toMatchObject({ can_edit: true, can_withdraw: true, can_approve: false });
    const [note] = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, people['Mike Manager'].id), eq(notifications.numberDetails, String(request.id))),
      );
    expect(note?.type).toBe('HR Request');
  });

  it('shows it to the requester, the manager, HR approvers and HR viewers; 404 to anyone else', async () => {
    expect((await detail('Mike Manager', request.id)).can_approve).toBe(true);
    expect((await detail('Hana HR', request.id)).can_approve).toBe(true);
    expect((await detail('Vera Viewer', request.id)).can_approve).toBe(false);
    expect((await call('Oscar Other', 'GET', `/hr/requests/${request.id}`)).statusCode).toBe(404);
    expect(
      (await call('Oscar Other', 'POST', `/hr/requests/${request.id}/comments`, { comment: 'hi' })).statusCode,
    ).toBe(404);
    expect((await call('Emma Employee', 'GET', '/hr/requests/999999')).statusCode).toBe(404);
  });

  it('lists it under mine for the requester and approvals for the manager, never for another employee', async () => {
    const mine = hrRequestListResponseSchema.parse(
      (await call('Emma Employee', 'GET', '/hr/requests?scope=mine')).json(),
    );
    expect(mine.data.map((row) => row.id)).toContain(request.id);
    const approvals = hrRequestListResponseSchema.parse(
      (await call('Mike Manager', 'GET', '/hr/requests?scope=approvals&status=pending')).json(),
    );
    expect(approvals.data.map((row) => row.id)).toEqual([request.id]);
    expect(approvals).toMatchObject({ total: 1, current_page: 1, per_page: 50, from: 1, to: 1, last_page: 1 });
    const other = hrRequestListResponseSchema.parse(
      (await call('Oscar Other', 'GET', '/hr/requests?scope=approvals')).json(),
    );
    expect(other.data).toEqual([]);
  });

  it('e-mails the manager on submit (the job builds the message)', async () => {
    await settleBackgroundMail(ctx.db);
    const mails = await ctx.db.select().from(outbox);
    const mail = mails.find((row) => row.subject.includes('Emma Employee'));
    expect(mail?.to).toBe(people['Mike Manager'].email);
    expect(mail?.text).toContain(`/hr/requests?request=${request.id}`);
    expect(mail?.attachmentNames).toEqual(['time-off.ics']);
  });

  it('answers who is out, without reasons', async () => {
    const out = hrOutResponseSchema.parse(
      (await call('Vera Viewer', 'GET', `/hr/out?from=${start}&to=${plus(start, 6)}`)).json(),
    );
    expect(out.data.map((entry) => [entry.user.name, entry.date, entry.hours, entry.status])).toEqual([
      ['Emma Employee', start, 8, 'pending'],
      ['Emma Employee', plus(start, 1), 8, 'pending'],
      ['Emma Employee', plus(start, 2), 4, 'pending'],
    ]);
    expect(JSON.stringify(out)).not.toContain('Vacation');
  });

  it('edits a pending request back to stage 1, and refuses the edit to anyone else', async () => {
    expect((await call('Mike Manager', 'PUT', `/hr/requests/${request.id}`, timeOff(start, start))).statusCode).toBe(
      403,
    );
    const response = await call('Emma Employee', 'PUT', `/hr/requests/${request.id}`, {
      ...timeOff(start, plus(start, 1)),
      version: request.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    const edited = hrRequestResponseSchema.parse(response.json()).data;
    expect(edited).toMatchObject({ total_hours: 16, stage: 'manager', version: request.version + 1 });
    expect(edited.events.map((event) => event.action)).toEqual(['submitted', 'updated']);
    request = edited;
  });

  it('withdraws a pending request (requester only)', async () => {
    const other = await file('Emma Employee', timeOff(plus(start, 14), plus(start, 14)));
    expect(
      (await call('Mike Manager', 'POST', `/hr/requests/${other.id}/cancel`, { version: other.version })).statusCode,
    ).toBe(403);
    const response = await call('Emma Employee', 'POST', `/hr/requests/${other.id}/cancel`, { version: other.version });
    expect(response.json()).toMatchObject({ message: 'Request withdrawn.', data: { status: 'cancelled' } });
  });
});

describe('validation texts', () => {
  const start = monday(6);
  it('answers malformed bodies and ids with 422 or 404, never a 500', async () => {
    for (const body of [
      {},
      { kind: 'bogus', category_id: 1 },
      timeOff('not a date', start),
      timeOff(start, start, { days: [{ date: start, part: 'evening' }] }),
      timeOff(start, start, { reason: 'x'.repeat(100_000) }),
      { kind: 'equipment', category_id: categories.Equipment, details: { item: '', type: 'Laptop', quantity: 0 } },
    ]) {
      const response = await call('Emma Employee', 'POST', '/hr/requests', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(response.json().message).toBe('The given data was invalid.');
    }
    expect((await call('Emma Employee', 'GET', '/hr/requests/abc')).statusCode).toBe(404);
    expect((await call('Mike Manager', 'POST', '/hr/requests/1/approve', {})).statusCode).toBe(422);
    expect((await call('Emma Employee', 'GET', '/hr/out?from=2026-01-02&to=2026-01-01')).statusCode).toBe(422);
  });

  it('refuses an end before the start, a weekend-only range and a second request on a taken day', async () => {
    const reversed = await call('Emma Employee', 'POST', '/hr/requests', timeOff(start, plus(start, -3)));
    expect(reversed.statusCode).toBe(422);
    expect(errors(reversed).end_date).toEqual(['The end date must be a date after or equal to the start date.']);
    const weekend = await call('Emma Employee', 'POST', '/hr/requests', timeOff(plus(start, -2), plus(start, -1)));
    expect(errors(weekend).days).toEqual(['The selected dates contain no working days.']);
    await file('Emma Employee', timeOff(start, start, { days: [{ date: start, part: 'morning' }] }));
    const taken = await call('Emma Employee', 'POST', '/hr/requests', timeOff(start, start));
    expect(errors(taken).days).toEqual([`You already have time off on ${start}.`]);
    // A morning and an afternoon request share a day.
    await file('Emma Employee', timeOff(start, start, { days: [{ date: start, part: 'afternoon' }] }));
  });

  it('refuses a start more than backdate_days ago unless HR files it', async () => {
    const old = plus(monday(0), -63);
    const response = await call('Emma Employee', 'POST', '/hr/requests', timeOff(old, old));
    expect(errors(response).start_date).toEqual(['The start date may not be more than 30 days ago.']);
    const filed = await file('Vera Viewer', { ...timeOff(old, old), user_id: people['Emma Employee'].id });
    expect(filed.requester.name).toBe('Emma Employee');
  });

  it('refuses filing for someone who is not yours, and approving your own at once', async () => {
    const body = { ...timeOff(monday(8), monday(8)), user_id: people['Emma Employee'].id };
    expect((await call('Oscar Other', 'POST', '/hr/requests', body)).statusCode).toBe(403);
    const own = await call('Hana HR', 'POST', '/hr/requests', { ...timeOff(monday(8), monday(8)), approve_now: true });
    expect(errors(own).approve_now).toEqual(['Nobody approves their own request.']);
  });

  it('refuses a category of another kind, and Unpaid when HR turned it off', async () => {
    const wrong = await call('Emma Employee', 'POST', '/hr/requests', {
      ...timeOff(monday(9), monday(9)),
      category_id: categories.Equipment,
    });
    expect(errors(wrong).category_id).toEqual(['The category does not take this kind of request.']);
    await ctx.db.insert(hrSettings).values({ key: 'unpaid_allowed', value: false });
    const unpaid = await call(
      'Emma Employee',
      'POST',
      '/hr/requests',
      timeOff(monday(9), monday(9), { bank: 'unpaid' }),
    );
    expect(errors(unpaid).bank).toEqual(['Unpaid time off is not allowed.']);
    await ctx.db.delete(hrSettings).where(eq(hrSettings.key, 'unpaid_allowed'));
  });

  it('asks a comment to deny', async () => {
    const request = await file('Oscar Other', timeOff(monday(10), monday(10)));
    const response = await call('Max ManagerHR', 'POST', `/hr/requests/${request.id}/deny`, {
      version: request.version,
    });
    expect(errors(response).comment).toEqual(['A comment is required to deny a request.']);
    const denied = await call('Max ManagerHR', 'POST', `/hr/requests/${request.id}/deny`, {
      version: request.version,
      comment: 'Release week.',
    });
    expect(denied.json()).toMatchObject({ message: 'Request denied.', data: { status: 'denied' } });
  });
});

describe('approval', () => {
  it('nobody approves their own request', async () => {
    const own = await file('Hana HR', timeOff(monday(11), monday(11)));
    const response = await call('Hana HR', 'POST', `/hr/requests/${own.id}/approve`, { version: own.version });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Nobody approves their own request.');
    expect(
      (await call('Oscar Other', 'POST', `/hr/requests/${own.id}/approve`, { version: own.version })).statusCode,
    ).toBe(404);
  });

  it('two approvals at once: one 200, one 409 naming the first, one set of used rows', async () => {
    const request = await file('Emma Employee', timeOff(monday(12), plus(monday(12), 1)));
    const [first, second] = await Promise.all([
      call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, { version: request.version }),
      call('Hana HR', 'POST', `/hr/requests/${request.id}/approve`, { version: request.version }),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.statusCode === 200 ? 'Mike Manager' : 'Hana HR';
    const loser = first.statusCode === 200 ? second : first;
    expect(loser.json().message).toBe(`This request was already decided by ${winner}.`);
    const rows = await usedRows(request.id);
    expect(rows.map((row) => [row.date, row.hours, row.bank])).toEqual([
      [monday(12), '8.00', 'Lump Sum'],
      [plus(monday(12), 1), '8.00', 'Lump Sum'],
    ]);
    const approved = await detail('Emma Employee', request.id);
    expect(approved.status).toBe('approved');
    if (winner === 'Hana HR') expect(approved.events.at(-1)?.detail).toBe('approved as HR, manager stage skipped');
  });

  it('answers 409 to a stale version while the stage is unchanged', async () => {
    const request = await file('Emma Employee', timeOff(monday(13), monday(13)));
    const response = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version + 5,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This request changed since you opened it: reload it.');
  });

  it('runs manager then HR for Equipment; a manager holding the HR permission completes both', async () => {
    const equipment = {
      kind: 'equipment',
      category_id: categories.Equipment,
      details: { item: 'Monitor 27"', type: 'Monitor', quantity: 2, justification: 'Second screen' },
    };
    const request = await file('Emma Employee', equipment);
    expect(request.summary).toBe('2 x Monitor 27"');
    const managerStep = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version,
    });
    expect(hrRequestResponseSchema.parse(managerStep.json()).data).toMatchObject({ status: 'pending', stage: 'hr' });
    expect(
      (await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, { version: request.version + 1 }))
        .statusCode,
    ).toBe(403);
    const hrStep = await call('Hana HR', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version + 1,
    });
    expect(hrRequestResponseSchema.parse(hrStep.json()).data.status).toBe('approved');
    const complete = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/complete`, {
      version: request.version + 2,
      comment: 'Delivered.',
    });
    expect(complete.json()).toMatchObject({ message: 'Request completed.', data: { status: 'completed' } });

    const oscars = await file('Oscar Other', { ...equipment, details: { ...equipment.details, quantity: 1 } });
    const both = await call('Max ManagerHR', 'POST', `/hr/requests/${oscars.id}/approve`, { version: oscars.version });
    expect(hrRequestResponseSchema.parse(both.json()).data.status).toBe('approved');
  });

  it('sends a request without a manager straight to HR', async () => {
    const request = await file('Nora NoManager', timeOff(monday(14), monday(14)));
    expect(request.stage).toBe('hr');
    expect(request.approvers.map((a) => a.name).sort()).toEqual(['Hana HR', 'Max ManagerHR']);
  });

  it('asks "approve despite negative balance" below zero, logs it, and blocks at filing when set to block', async () => {
    const start = monday(16);
    const preview = hrRequestPreviewResponseSchema.parse(
      (await call('Emma Employee', 'POST', '/hr/requests/preview', timeOff(start, plus(start, 5 + 7)))).json(),
    ).data;
    expect(preview.negative).toBe(true);
    expect(preview.warnings).toContain('This request leaves a negative balance.');
    expect(preview.banks.map((bank) => bank.bank)).toEqual(['accrual', 'lump_sum', 'unpaid']);
    const request = await file('Emma Employee', timeOff(start, plus(start, 5 + 7)));
    const refused = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version,
    });
    expect(errors(refused).approve_despite_negative).toEqual([
      'Approving leaves a negative balance: confirm "Approve despite negative balance".',
    ]);
    const approved = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version,
      approve_despite_negative: true,
    });
    const data = hrRequestResponseSchema.parse(approved.json()).data;
    expect(data.events.at(-1)?.detail).toBe('approved despite negative balance');

    await ctx.db.insert(hrSettings).values({ key: 'negative_balance', value: 'block' });
    const blocked = await call('Emma Employee', 'POST', '/hr/requests', timeOff(monday(19), monday(19)));
    expect(errors(blocked).bank).toEqual(['This request would leave a negative balance.']);
    await ctx.db.delete(hrSettings).where(eq(hrSettings.key, 'negative_balance'));
    // Cancelled again so the later cases start from a positive balance.
    const cancel = await call('Hana HR', 'POST', `/hr/requests/${request.id}/cancel`, {
      version: data.version,
      comment: 'Too long.',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usedRows(request.id)).toEqual([]);
  });

  it('rolls everything back when a write after the used rows fails', async () => {
    const request = await file('Emma Employee', timeOff(monday(20), monday(20)));
    await ctx.db.execute(sql`
      create function reqsrv_fail() returns trigger language plpgsql as $$
      begin raise exception 'boom'; end $$;
      create trigger reqsrv_fail before insert on notifications for each row execute function reqsrv_fail();`);
    try {
      const response = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
        version: request.version,
      });
      expect(response.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger reqsrv_fail on notifications; drop function reqsrv_fail();`);
    }
    expect(await usedRows(request.id)).toEqual([]);
    const [row] = await ctx.db.select().from(hrRequests).where(eq(hrRequests.id, request.id));
    expect(row).toMatchObject({ status: 'pending', version: request.version });
    const events = await ctx.db.select().from(hrRequestEvents).where(eq(hrRequestEvents.requestId, request.id));
    expect(events.map((event) => event.action)).toEqual(['submitted']);
  });

  it('bulk approves with the same checks per row', async () => {
    const a = await file('Emma Employee', timeOff(monday(21), monday(21)));
    const own = await file('Mike Manager', { ...timeOff(monday(21), monday(21)) });
    const response = await call('Mike Manager', 'POST', '/hr/requests/approve', {
      requests: [
        { id: a.id, version: a.version },
        { id: own.id, version: own.version },
      ],
    });
    const body = hrRequestBulkApproveResponseSchema.parse(response.json());
    expect(body.message).toBe('1 of 2 approved.');
    expect(body.data.map((row) => [row.id, row.status])).toEqual([
      [a.id, 200],
      [own.id, 403],
    ]);
  });
});

describe('cancel, return early and the period boundary', () => {
  it('lets the requester cancel an approved request ahead; the manager needs a comment; used rows go', async () => {
    const request = await file('Emma Employee', timeOff(monday(22), monday(22)));
    await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version,
      approve_despite_negative: true,
    });
    expect(await usedRows(request.id)).toHaveLength(1);
    const noComment = await call('Mike Manager', 'POST', `/hr/requests/${request.id}/cancel`, {
      version: request.version + 1,
    });
    expect(errors(noComment).comment).toEqual(['The comment field is required.']);
    const cancelled = await call('Emma Employee', 'POST', `/hr/requests/${request.id}/cancel`, {
      version: request.version + 1,
    });
    expect(cancelled.json()).toMatchObject({ message: 'Request cancelled.', data: { status: 'cancelled' } });
    expect(await usedRows(request.id)).toEqual([]);
  });

  it('returns early (HR only): the days after the last day and their used rows go', async () => {
    const start = monday(23);
    const request = await file('Emma Employee', timeOff(start, plus(start, 2)));
    await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version,
      approve_despite_negative: true,
    });
    const body = { last_day: start, version: request.version + 1 };
    expect((await call('Mike Manager', 'POST', `/hr/requests/${request.id}/shorten`, body)).statusCode).toBe(403);
    const bad = await call('Hana HR', 'POST', `/hr/requests/${request.id}/shorten`, {
      ...body,
      last_day: plus(start, 2),
    });
    expect(errors(bad).last_day).toEqual(['The last day must be on or after the start date and before the end date.']);
    const response = await call('Hana HR', 'POST', `/hr/requests/${request.id}/shorten`, body);
    const data = hrRequestResponseSchema.parse(response.json()).data;
    expect(data).toMatchObject({ end_date: start, total_hours: 8 });
    expect(data.events.at(-1)?.detail).toBe(`Returned early after ${start}: 16.00 h returned`);
    expect((await usedRows(request.id)).map((row) => row.date)).toEqual([start]);
  });

  it('counts each day in the period holding its date across the anniversary', async () => {
    const year = new Date().getUTCFullYear() + 1;
    const start = `${year}-01-13`;
    const end = `${year}-01-16`;
    const preview = hrRequestPreviewResponseSchema.parse(
      (await call('Emma Employee', 'POST', '/hr/requests/preview', timeOff(start, end))).json(),
    ).data;
    const byPeriod = preview.balances.map((row) => [row.period_start, row.this_request]);
    const before = preview.days.filter((day) => day.date < `${year}-01-15`).reduce((sum, day) => sum + day.hours, 0);
    const after = preview.days.filter((day) => day.date >= `${year}-01-15`).reduce((sum, day) => sum + day.hours, 0);
    expect(byPeriod).toEqual(
      [
        [`${year - 1}-01-15`, before],
        [`${year}-01-15`, after],
      ].filter(([, hours]) => Number(hours) > 0),
    );
  });
});

describe('holidays and disabling', () => {
  it('gives back the hours of a day a company holiday lands on', async () => {
    const start = monday(24);
    const request = await file('Emma Employee', timeOff(start, plus(start, 1)));
    await call('Mike Manager', 'POST', `/hr/requests/${request.id}/approve`, {
      version: request.version,
      approve_despite_negative: true,
    });
    const stored = await call('Vera Viewer', 'POST', '/employee/holiday/store', {
      date: plus(start, 1),
      name: 'Founders Day',
      user_id: null,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const data = await detail('Emma Employee', request.id);
    expect(data.total_hours).toBe(8);
    expect(data.days.find((day) => day.date === plus(start, 1))).toMatchObject({ hours: 0, holiday: 'Founders Day' });
    expect(data.events.at(-1)).toMatchObject({ action: 'holiday_returned', detail: 'Holiday added: 8.00 h returned' });
    expect((await usedRows(request.id)).map((row) => row.date)).toEqual([start]);
  });

  it('withdraws the pending requests of a disabled employee and moves approvals waiting on a disabled manager', async () => {
    const mine = await file('Oscar Other', timeOff(monday(25), monday(25)));
    const worker = await createUser(ctx.db, { name: 'Wendy Worker' });
    const boss = await createUser(ctx.db, { name: 'Bob Boss' });
    await ctx.db.update(employees).set({ managerId: boss.id }).where(eq(employees.userId, worker.id));
    const token = (await login(ctx.app, worker.email, worker.password)).access_token;
    const waiting = await ctx.app.inject({
      method: 'POST',
      url: '/api/hr/requests',
      headers: bearer(token),
      payload: timeOff(monday(25), monday(25)),
    });
    const waitingId = hrRequestResponseSchema.parse(waiting.json()).data.id;
    expect((await call('Ada Admin', 'DELETE', `/user/${people['Oscar Other'].id}`)).statusCode).toBe(200);
    expect((await call('Ada Admin', 'DELETE', `/user/${boss.id}`)).statusCode).toBe(200);
    const [withdrawn] = await ctx.db.select().from(hrRequests).where(eq(hrRequests.id, mine.id));
    expect(withdrawn.status).toBe('cancelled');
    const [moved] = await ctx.db.select().from(hrRequests).where(eq(hrRequests.id, waitingId));
    expect(moved).toMatchObject({ status: 'pending', stage: 'hr' });
    const events = await ctx.db.select().from(hrRequestEvents).where(eq(hrRequestEvents.requestId, waitingId));
    expect(events.at(-1)?.detail).toBe('The manager was disabled: the approval moved to HR.');
  });
});
