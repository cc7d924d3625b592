import {
  bankAccountReconciliationStatusSchema,
  bankReconciliationLineSchema,
  bankReconciliationSchema,
  differenceNotZeroMessage,
  draftExistsMessage,
  finishedReadOnlyMessage,
  lineNotAvailableMessage,
  notBankAccountMessage,
  notDraftMessage,
  onlyLastUndoMessage,
  statementDateAfterLastMessage,
  reconciliationNotFinishedMessage,
  undoWithDraftMessage,
} from '@switchboard/shared/billing/bank-reconciliation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { postJournalEntry } from './ledger.service.ts';
import { accounts } from './ledger.table.ts';

// Bank reconciliation (designs/billing.md §5; issue 28): who may read and write, the 422s, the opening balance chain,
// a line cleared once, Finish refused unless the difference is 0, finished rows immutable in the database, undo.

let ctx: TestContext;
let viewer: string;
let accountant: string;
let plain: string;
let client: string;
const account: Record<string, number> = {};

const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({
    data: z.array(item),
    total: z.number(),
    current_page: z.number(),
    per_page: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    last_page: z.number(),
  });
const one = z.strictObject({ data: bankReconciliationSchema });
const saved = z.strictObject({ message: z.string(), data: bankReconciliationSchema });
const statuses = z.strictObject({ data: z.array(bankAccountReconciliationStatusSchema) });
const linesPage = pageOf(bankReconciliationLineSchema);

const base = '/api/billing/bank-reconciliations';

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return ctx.app.inject({ method, url, headers: bearer(token), payload: payload as object | undefined });
}

/** Posts one bank line of `cents` (positive a deposit, negative a payment) against owner's equity. */
async function bank(date: string, cents: number, memo: string): Promise<number> {
  const entry = await ctx.db.transaction((tx) =>
    postJournalEntry(tx, {
      entryDate: date,
      sourceType: 'manual',
      memo,
      lines: [
        { accountId: account['1000']!, debit: Math.max(cents, 0), credit: Math.max(-cents, 0) },
        { accountId: account['3000']!, debit: Math.max(-cents, 0), credit: Math.max(cents, 0) },
      ],
    }),
  );
  const line = await ctx.db.execute<{ id: string }>(
    sql`select id from journal_lines where entry_id = ${entry.id} and account_id = ${account['1000']!}`,
  );
  return Number(line.rows[0]!.id);
}

async function start(statementDate: string, statementBalance: number) {
  const response = await call(accountant, 'POST', base, {
    account_id: account['1000'],
    statement_date: statementDate,
    statement_balance: statementBalance,
  });
  expect(response.statusCode, response.body).toBe(200);
  return saved.parse(response.json()).data;
}

async function tick(id: number, ids: number[], cleared = true) {
  const response = await call(accountant, 'POST', `${base}/${id}/lines`, { journal_line_ids: ids, cleared });
  expect(response.statusCode, response.body).toBe(200);
  return one.parse(response.json()).data;
}

async function finish(id: number) {
  const response = await call(accountant, 'POST', `${base}/${id}/finish`);
  expect(response.statusCode, response.body).toBe(200);
  return saved.parse(response.json()).data;
}

const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { message: string; errors: Record<string, string[]> }).errors;

let lineA: number;
let lineB: number;
let lineC: number;
let lineD: number;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const r of await ctx.db.select({ id: accounts.id, number: accounts.number }).from(accounts))
    account[r.number] = r.id;
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const a = await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] });
  accountant = (await login(ctx.app, a.email, a.password)).access_token;
  const p = await createUser(ctx.db, { permissions: [] });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  lineA = await bank('2026-01-05', 1000_00, 'Opening deposit');
  lineB = await bank('2026-01-20', -250_50, 'Rent');
  lineC = await bank('2026-02-03', 400_00, 'Client payment');
  lineD = await bank('2026-02-25', -100_00, 'Software');
});

afterAll(async () => {
  await ctx?.close();
});

describe('gates', () => {
  it('answers 401 without a token, 403 without view billing or to a client, and reads with view billing', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `${base}/accounts` })).statusCode).toBe(401);
    expect((await call(plain, 'GET', `${base}/accounts`)).statusCode).toBe(403);
    expect((await call(client, 'GET', `${base}/accounts`)).statusCode).toBe(403);
    const response = await call(viewer, 'GET', `${base}/accounts`);
    expect(response.statusCode).toBe(200);
    const rows = statuses.parse(response.json()).data;
    const checking = rows.find((row) => row.account.id === account['1000']);
    expect(checking).toMatchObject({ last_reconciled_date: null, uncleared_count: 4, draft_id: null });
    // Only bank accounts are listed.
    expect(rows.every((row) => row.account.id !== account['1100'])).toBe(true);
  });

  it('needs manage accounting to write, and answers 404 for what does not exist', async () => {
    const body = { account_id: account['1000'], statement_date: '2026-01-31', statement_balance: 749.5 };
    expect((await call(viewer, 'POST', base, body)).statusCode).toBe(403);
    expect((await call(viewer, 'POST', `${base}/1/finish`)).statusCode).toBe(403);
    expect((await call(accountant, 'GET', `${base}/999999`)).statusCode).toBe(404);
    expect((await call(accountant, 'GET', `${base}/abc`)).statusCode).toBe(404);
    expect((await call(accountant, 'POST', `${base}/999999/finish`)).statusCode).toBe(404);
  });
});

describe('validation', () => {
  it('refuses a non-bank account, a bad date, a third decimal and an empty tick with field errors', async () => {
    const response = await call(accountant, 'POST', base, {
      account_id: account['1100'],
      statement_date: '2026-01-31',
      statement_balance: 1,
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ account_id: [notBankAccountMessage] });
    const bad = await call(accountant, 'POST', base, {
      account_id: account['1000'],
      statement_date: '2026-13-01',
      statement_balance: 1.005,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'The given data was invalid.' });
    expect(errorsOf(bad).statement_date).toEqual(['The statement date is not a valid date.']);
    expect(errorsOf(bad).statement_balance).toEqual(['The statement balance may have at most two decimals.']);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: { ...bearer(accountant), 'content-type': 'application/json' },
      payload: '{"account_id":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await call(viewer, 'GET', `${base}/accounts`)).statusCode).toBe(200);
    expect(statuses.parse((await call(viewer, 'GET', `${base}/accounts`)).json()).data[0]!.draft_id).toBeNull();
  });
});

describe('a reconciliation from draft to finished, the chain, undo', () => {
  let first: number;

  it('starts a draft, refuses a second one, and lists the candidate lines up to the statement date', async () => {
    const draft = await start('2026-01-31', 749.5);
    first = draft.id;
    expect(draft).toMatchObject({
      status: 'draft',
      opening_balance: 0,
      cleared_balance: 0,
      cleared_count: 0,
      difference: 749.5,
      is_last_finished: false,
      finished_at: null,
      finished_by: null,
    });
    const again = await call(accountant, 'POST', base, {
      account_id: account['1000'],
      statement_date: '2026-02-28',
      statement_balance: 1,
    });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ account_id: [draftExistsMessage] });
    const lines = linesPage.parse((await call(viewer, 'GET', `${base}/${first}/lines`)).json());
    expect(lines.data.map((line) => line.id)).toEqual([lineA, lineB]);
    expect(lines.data[1]).toMatchObject({ deposit: 0, payment: 250.5, cleared: false, memo: 'Rent' });
    expect(lines.total).toBe(2);
  });

  it('refuses to tick a line dated after the statement date or of another account', async () => {
    const response = await call(accountant, 'POST', `${base}/${first}/lines`, {
      journal_line_ids: [lineC],
      cleared: true,
    });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toEqual({ journal_line_ids: [lineNotAvailableMessage] });
  });

  it('refuses Finish while the difference is not 0, and finishes at 0', async () => {
    const ticked = await tick(first, [lineA]);
    expect(ticked).toMatchObject({ cleared_balance: 1000, cleared_count: 1, difference: -250.5 });
    const refused = await call(accountant, 'POST', `${base}/${first}/finish`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: differenceNotZeroMessage,
      errors: { difference: [differenceNotZeroMessage] },
    });
    expect((await tick(first, [lineB])).difference).toBe(0);
    const cleared = linesPage.parse((await call(viewer, 'GET', `${base}/${first}/lines?show=uncleared`)).json());
    expect(cleared.total).toBe(0);
    const done = await finish(first);
    expect(done).toMatchObject({ status: 'finished', opening_balance: 0, difference: 0, is_last_finished: true });
    expect(done.finished_at).not.toBeNull();
    expect(done.finished_by?.name).toBeTruthy();
  });

  it('keeps a finished reconciliation read-only through the API', async () => {
    const untick = await call(accountant, 'POST', `${base}/${first}/lines`, {
      journal_line_ids: [lineA],
      cleared: false,
    });
    expect(untick.statusCode).toBe(422);
    expect(errorsOf(untick)).toEqual({ status: [finishedReadOnlyMessage] });
    const edit = await call(accountant, 'PUT', `${base}/${first}`, {
      statement_date: '2026-01-30',
      statement_balance: 1,
    });
    expect(edit.statusCode).toBe(422);
    expect((await call(accountant, 'DELETE', `${base}/${first}`)).statusCode).toBe(422);
    const again = await call(accountant, 'POST', `${base}/${first}/finish`);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ status: [notDraftMessage] });
  });

  it('exports a finished reconciliation as CSV: its cleared lines, then its figures', async () => {
    const csv = await call(viewer, 'GET', `${base}/${first}?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Reconciliation-1000-2026-01-31.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Date,Entry,Memo,Deposit,Payment',
      expect.stringMatching(/^2026-01-05,JE-\d+,Opening deposit,1000\.00,$/),
      expect.stringMatching(/^2026-01-20,JE-\d+,Rent,,250\.50$/),
    ]);
    expect(lines.slice(3, 9)).toEqual([
      '',
      ',,Account 1000 Operating Checking,,',
      ',,Opening balance,0.00,',
      ',,Cleared deposits and payments,1000.00,250.50',
      ',,Statement balance 2026-01-31,749.50,',
      ',,Difference,0.00,',
    ]);
    expect(lines[9]).toMatch(/^,,Finished \d{4}-.+ by .+,,$/);
    for (const token of [plain, client])
      expect((await call(token, 'GET', `${base}/${first}?format=csv`)).statusCode).toBe(403);
    expect((await call(viewer, 'GET', `${base}/999999?format=csv`)).statusCode).toBe(404);
  });

  it('opens the next one at the last statement balance, after its date, and clears a line once', async () => {
    const early = await call(accountant, 'POST', base, {
      account_id: account['1000'],
      statement_date: '2026-01-31',
      statement_balance: 1,
    });
    expect(early.statusCode).toBe(422);
    expect(errorsOf(early)).toEqual({ statement_date: [statementDateAfterLastMessage] });
    const second = await start('2026-02-28', 1049.5);
    expect(second).toMatchObject({ opening_balance: 749.5, difference: 300 });
    const lines = linesPage.parse((await call(viewer, 'GET', `${base}/${second.id}/lines`)).json());
    // Lines A and B were cleared by the first: only C and D are candidates.
    expect(lines.data.map((line) => line.id)).toEqual([lineC, lineD]);
    const again = await call(accountant, 'POST', `${base}/${second.id}/lines`, {
      journal_line_ids: [lineA],
      cleared: true,
    });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toEqual({ journal_line_ids: [lineNotAvailableMessage] });
    expect((await tick(second.id, [lineC, lineD])).difference).toBe(0);
    // Unticking and ticking again is idempotent.
    expect((await tick(second.id, [lineD], false)).difference).toBe(-100);
    expect((await tick(second.id, [lineD, lineD])).difference).toBe(0);
    const done = await finish(second.id);
    expect(done).toMatchObject({ opening_balance: 749.5, statement_balance: 1049.5, is_last_finished: true });
    const status = statuses.parse((await call(viewer, 'GET', `${base}/accounts`)).json()).data;
    expect(status.find((row) => row.account.id === account['1000'])).toMatchObject({
      last_reconciled_date: '2026-02-28',
      last_statement_balance: 1049.5,
      uncleared_count: 0,
      draft_id: null,
    });
    const list = pageOf(bankReconciliationSchema).parse(
      (await call(viewer, 'GET', `${base}?account_id=${account['1000']}`)).json(),
    );
    expect(list.data.map((row) => [row.statement_date, row.is_last_finished])).toEqual([
      ['2026-02-28', true],
      ['2026-01-31', false],
    ]);
  });

  it('undoes only the last finished one, not while a draft is open, and keeps its ticks', async () => {
    const older = await call(accountant, 'POST', `${base}/${first}/undo`);
    expect(older.statusCode).toBe(422);
    expect(errorsOf(older)).toEqual({ status: [onlyLastUndoMessage] });
    const list = pageOf(bankReconciliationSchema).parse((await call(viewer, 'GET', base)).json());
    const last = list.data[0]!;
    const lineE = await bank('2026-03-10', 50_00, 'Interest');
    const third = await start('2026-03-31', 1099.5);
    const blocked = await call(accountant, 'POST', `${base}/${last.id}/undo`);
    expect(blocked.statusCode).toBe(422);
    expect(errorsOf(blocked)).toEqual({ status: [undoWithDraftMessage] });
    expect((await call(accountant, 'DELETE', `${base}/${third.id}`)).statusCode).toBe(200);
    expect((await call(viewer, 'POST', `${base}/${last.id}/undo`)).statusCode).toBe(403);
    const reopened = await call(accountant, 'POST', `${base}/${last.id}/undo`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(saved.parse(reopened.json()).data).toMatchObject({
      status: 'draft',
      opening_balance: 749.5,
      cleared_count: 2,
      difference: 0,
      finished_at: null,
    });
    // Moving its statement date earlier drops the ticks of lines after it; later dates offer the new line.
    const moved = await call(accountant, 'PUT', `${base}/${last.id}`, {
      statement_date: '2026-02-10',
      statement_balance: 1149.5,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(saved.parse(moved.json()).data).toMatchObject({ cleared_count: 1, difference: 0 });
    await call(accountant, 'PUT', `${base}/${last.id}`, { statement_date: '2026-03-31', statement_balance: 1099.5 });
    expect((await tick(last.id, [lineD, lineE])).difference).toBe(0);
    expect((await finish(last.id)).status).toBe('finished');
  });
});

/** The database's own message for a refused statement (drizzle wraps it). */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
    return 'accepted';
  } catch (error) {
    return String((error as { cause?: Error }).cause?.message ?? error);
  }
}

describe('realtime', () => {
  it('announces BankReconciliationUpdated on billing: the reconciliation on each change, then a delete', async () => {
    const [other] = await ctx.db
      .insert(accounts)
      .values({ number: '1090', name: 'Realtime Bank', type: 'asset', subtype: 'bank' })
      .returning({ id: accounts.id });
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const events = () =>
      emit.mock.calls.filter((call) => call[1] === 'BankReconciliationUpdated').map((call) => [call[0], call[2]]);
    const created = await call(accountant, 'POST', base, {
      account_id: other!.id,
      statement_date: '2026-12-31',
      statement_balance: 0,
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = saved.parse(created.json()).data;
    expect(events()).toEqual([['billing', draft]]);
    await call(accountant, 'PUT', `${base}/${draft.id}`, { statement_date: '2026-12-31', statement_balance: 5 });
    expect(events()).toHaveLength(2);
    expect((events()[1]![1] as { statement_balance: number }).statement_balance).toBe(5);
    const draftCsv = await call(viewer, 'GET', `${base}/${draft.id}?format=csv`);
    expect(draftCsv.statusCode).toBe(422);
    expect(errorsOf(draftCsv)).toEqual({ format: [reconciliationNotFinishedMessage] });
    expect((await call(accountant, 'DELETE', `${base}/${draft.id}`)).statusCode).toBe(200);
    expect(events()[2]).toEqual(['billing', { id: draft.id, account: { id: draft.account.id }, deleted: true }]);
    // A refused write announces nothing.
    expect((await call(accountant, 'POST', `${base}/${draft.id}/finish`)).statusCode).toBe(404);
    expect(events()).toHaveLength(3);
    emit.mockRestore();
  });
});

describe('the database guards', () => {
  it('refuses changes to a finished reconciliation and its lines, and finishing at a difference', async () => {
    const finished = await ctx.db.execute<{ id: number }>(
      sql`select id from bank_reconciliations where status = 'finished' order by statement_date limit 1`,
    );
    const id = finished.rows[0]!.id;
    expect(
      await refusal(ctx.db.execute(sql`update bank_reconciliations set statement_balance = 1 where id = ${id}`)),
    ).toMatch(/cannot change/);
    expect(await refusal(ctx.db.execute(sql`delete from bank_reconciliations where id = ${id}`))).toMatch(
      /cannot change/,
    );
    expect(
      await refusal(ctx.db.execute(sql`delete from bank_reconciliation_lines where reconciliation_id = ${id}`)),
    ).toMatch(/cannot change/);
    // Not the account's last finished one: even reopening it is refused.
    expect(
      await refusal(ctx.db.execute(sql`update bank_reconciliations set status = 'draft' where id = ${id}`)),
    ).toMatch(/cannot change/);
    // Even a line the first statement could have held cannot join it once finished.
    const lineId = await bank('2026-01-10', 1_00, 'Bank fee refund');
    expect(
      await refusal(
        ctx.db.execute(
          sql`insert into bank_reconciliation_lines (reconciliation_id, journal_line_id) values (${id}, ${lineId})`,
        ),
      ),
    ).toMatch(/cannot change/);
    // A draft that does not reconcile cannot be marked finished by hand.
    const draft = await start('2026-04-30', 5);
    expect(
      await refusal(ctx.db.execute(sql`update bank_reconciliations set status = 'finished' where id = ${draft.id}`)),
    ).toMatch(/difference must be 0/);
    const still = one.parse((await call(viewer, 'GET', `${base}/${draft.id}`)).json()).data;
    expect(still.status).toBe('draft');
  });

  it('keeps a finished reconciliation at difference 0 when a tick races its Finish', async () => {
    const list = pageOf(bankReconciliationSchema).parse((await call(viewer, 'GET', `${base}?per_page=1`)).json());
    const draft = list.data[0]!;
    expect(draft.status).toBe('draft');
    const balanced = await call(accountant, 'PUT', `${base}/${draft.id}`, {
      statement_date: draft.statement_date,
      statement_balance: draft.opening_balance,
    });
    expect(saved.parse(balanced.json()).data.difference).toBe(0);
    const lineId = await bank('2026-04-15', 7_00, 'Late deposit');
    const [finishing, ticking] = await Promise.all([
      call(accountant, 'POST', `${base}/${draft.id}/finish`),
      call(accountant, 'POST', `${base}/${draft.id}/lines`, { journal_line_ids: [lineId], cleared: true }),
    ]);
    // One of them wins; either way a finished reconciliation still balances.
    expect([finishing.statusCode, ticking.statusCode].sort()).toEqual([200, 422]);
    const after = one.parse((await call(viewer, 'GET', `${base}/${draft.id}`)).json()).data;
    if (after.status === 'finished') expect(after.difference).toBe(0);
    else expect(after).toMatchObject({ cleared_count: 1, difference: -7 });
  });
});
