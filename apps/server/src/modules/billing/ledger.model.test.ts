import { entryUnbalancedMessage, periodClosedMessage } from '@switchboard/shared/billing/ledger';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { HttpError } from '../../plugins/errors.ts';
import { accounts, billingSettings } from './ledger.table.ts';
import { createManualEntry, listAccounts, reverseJournalEntry, type ManualEntryInput } from './ledger.service.ts';

// Model-based test of the general ledger on the real database (issue 27; designs/billing.md §7; decision 0067):
// random sequences of manual entries, reversals, an unbalanced entry and an entry in the closed period run against
// PostgreSQL and against a model (each account's balance in cents). After every command the trial balance is 0, the
// rollup (account_month_balances) equals the lines summed per account and month, and every account's balance, as
// GET /billing/accounts reads it, equals the model's. Each sequence gets four fresh accounts.

const lockDate = '2026-03-31';
const accountsPerRun = 4;

let ctx: TestContext;
let actorId: number;
let run = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  actorId = (await createUser(ctx.db, { permissions: ['view billing', 'manage accounting'] })).id;
  await ctx.db
    .insert(billingSettings)
    .values({ id: 1, lockDate })
    .onConflictDoUpdate({ target: billingSettings.id, set: { lockDate } });
});
afterAll(async () => {
  await ctx.close();
});

interface Posted {
  id: number;
  /** Per line: account index (0..3), debit minus credit in cents. */
  lines: { account: number; net: number }[];
  reversed: boolean;
}
interface Model {
  balances: number[];
  posted: Posted[];
}
interface Real {
  accountIds: number[];
}

/** A date `days` after `from` (ISO). */
const addDays = (from: string, days: number): string =>
  new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const openDate = fc.integer({ min: 1, max: 274 }).map((days) => addDays(lockDate, days)); // 2026-04-01 .. 2026-12-31
const closedDate = fc.integer({ min: 0, max: 89 }).map((days) => addDays(lockDate, -days)); // 2026-01-02 .. lock date

type LineDraft = { account: number; debit: number; credit: number };

/** 2-5 one-sided lines on random accounts whose debits equal their credits. */
const balancedLines: fc.Arbitrary<LineDraft[]> = fc
  .record({
    debits: fc.array(
      fc.record({ account: fc.nat(accountsPerRun - 1), cents: fc.integer({ min: 100, max: 5_000_000 }) }),
      { minLength: 1, maxLength: 3 },
    ),
    credits: fc.array(fc.record({ account: fc.nat(accountsPerRun - 1), weight: fc.integer({ min: 1, max: 100 }) }), {
      minLength: 1,
      maxLength: 2,
    }),
  })
  .chain(({ debits, credits }) => {
    const total = debits.reduce((sum, line) => sum + line.cents, 0);
    const weights = credits.reduce((sum, line) => sum + line.weight, 0);
    // Each credit gets at least a cent, the rest by weight; the last takes what rounding left.
    let left = total;
    const creditLines = credits.map((line, index) => {
      const cents =
        index === credits.length - 1 ? left : 1 + Math.floor(((total - credits.length) * line.weight) / weights);
      left -= cents;
      return { account: line.account, debit: 0, credit: cents };
    });
    const lines = [...debits.map((line) => ({ account: line.account, debit: line.cents, credit: 0 })), ...creditLines];
    return fc.shuffledSubarray(lines, { minLength: lines.length, maxLength: lines.length });
  });

const toInput = (real: Real, date: string, lines: LineDraft[], memo: string): ManualEntryInput => ({
  date,
  memo,
  lines: lines.map((line) => ({
    account_id: real.accountIds[line.account]!,
    debit: line.debit / 100,
    credit: line.credit / 100,
    memo: '',
  })),
});

async function counts(): Promise<{ entries: number; lines: number }> {
  const result = await ctx.db.execute<{ entries: string; lines: string }>(
    sql`select (select count(*) from journal_entries)::text as entries, (select count(*) from journal_lines)::text as lines`,
  );
  return { entries: Number(result.rows[0]!.entries), lines: Number(result.rows[0]!.lines) };
}

/** Runs a write that must be refused with a 422 naming `field`, and proves nothing was written. */
async function expectRefused(write: () => Promise<unknown>, field: string, message: string): Promise<void> {
  const before = await counts();
  const error = await write().then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(422);
  expect((error as HttpError).errors?.[field]).toContain(message);
  expect(await counts()).toEqual(before);
}

/** The invariants, checked after every command. */
async function checkLedger(model: Model, real: Real): Promise<void> {
  const totals = await ctx.db.execute<{ lines: string; rollup: string }>(sql`
    select (select coalesce(sum(debit - credit), 0) from journal_lines)::text as lines,
           (select coalesce(sum(debit - credit), 0) from account_month_balances)::text as rollup`);
  expect(Number(totals.rows[0]!.lines)).toBe(0);
  expect(Number(totals.rows[0]!.rollup)).toBe(0);

  const drift = await ctx.db.execute<{ account_id: number; month: string }>(sql`
    select coalesce(l.account_id, b.account_id) as account_id, coalesce(l.month, b.month)::text as month
    from (select account_id, date_trunc('month', entry_date)::date as month, sum(debit) as debit, sum(credit) as credit
          from journal_lines group by 1, 2) l
    full outer join account_month_balances b on b.account_id = l.account_id and b.month = l.month
    where coalesce(l.debit, 0) <> coalesce(b.debit, 0) or coalesce(l.credit, 0) <> coalesce(b.credit, 0)`);
  expect(drift.rows).toEqual([]);

  const read = await listAccounts(ctx.db, '2099-12-31');
  expect(read.trial_balance_difference).toBe(0);
  const byId = new Map(read.data.map((row) => [row.id, row]));
  const balances = real.accountIds.map((id) => {
    const row = byId.get(id)!;
    return Math.round(row.debit * 100) - Math.round(row.credit * 100);
  });
  expect(balances).toEqual(model.balances);
  const lineSums = await ctx.db.execute<{ account_id: number; net: string }>(sql`
    select account_id, sum(debit - credit)::text as net from journal_lines
    where account_id = any(${sql.param(real.accountIds)}::int[]) group by account_id`);
  const fromLines = new Map(lineSums.rows.map((row) => [Number(row.account_id), Math.round(Number(row.net) * 100)]));
  expect(real.accountIds.map((id) => fromLines.get(id) ?? 0)).toEqual(model.balances);
}

class PostEntry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly date: string,
    readonly lines: LineDraft[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const entry = await createManualEntry(ctx.db, toInput(real, this.date, this.lines, 'Model entry'), actorId);
    expect(entry.entry_date).toBe(this.date);
    const lines = this.lines.map((line) => ({ account: line.account, net: line.debit - line.credit }));
    for (const line of lines) model.balances[line.account]! += line.net;
    model.posted.push({ id: entry.id, lines, reversed: false });
    await checkLedger(model, real);
  }
  toString = () => `post ${this.date} ${this.lines.map((l) => `${l.account}:${l.debit || -l.credit}`).join(',')}`;
}

class ReverseEntry implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly date: string,
  ) {}
  check = (model: Readonly<Model>) => model.posted.some((entry) => !entry.reversed);
  async run(model: Model, real: Real): Promise<void> {
    const open = model.posted.filter((entry) => !entry.reversed);
    const target = open[this.pick % open.length]!;
    const reversal = await reverseJournalEntry(ctx.db, target.id, { date: this.date }, actorId);
    expect(reversal.reverses_id).toBe(target.id);
    target.reversed = true;
    for (const line of target.lines) model.balances[line.account]! -= line.net;
    await checkLedger(model, real);
  }
  toString = () => `reverse #${this.pick} on ${this.date}`;
}

class ReverseAgain implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.posted.some((entry) => entry.reversed);
  async run(model: Model, real: Real): Promise<void> {
    const reversed = model.posted.filter((entry) => entry.reversed);
    const target = reversed[this.pick % reversed.length]!;
    const before = await counts();
    const error = await reverseJournalEntry(ctx.db, target.id, { date: '2026-06-30' }, actorId).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((error as HttpError | null)?.statusCode).toBe(409);
    expect(await counts()).toEqual(before);
    await checkLedger(model, real);
  }
  toString = () => `reverse again #${this.pick}`;
}

class PostUnbalanced implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly date: string,
    readonly lines: LineDraft[],
    readonly off: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    // One line moves by `off` cents (never to zero or below): debits and credits no longer agree.
    const lines = this.lines.map((line, index) =>
      index > 0
        ? line
        : line.debit > 0
          ? { ...line, debit: line.debit + this.off }
          : { ...line, credit: line.credit + this.off },
    );
    await expectRefused(
      () => createManualEntry(ctx.db, toInput(real, this.date, lines, 'Unbalanced'), actorId),
      'lines',
      entryUnbalancedMessage,
    );
    await checkLedger(model, real);
  }
  toString = () => `unbalanced ${this.date} off ${this.off}`;
}

class PostClosed implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly date: string,
    readonly lines: LineDraft[],
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    await expectRefused(
      () => createManualEntry(ctx.db, toInput(real, this.date, this.lines, 'Closed period'), actorId),
      'date',
      periodClosedMessage,
    );
    await checkLedger(model, real);
  }
  toString = () => `closed ${this.date}`;
}

const commands = [
  fc.tuple(openDate, balancedLines).map(([date, lines]) => new PostEntry(date, lines)),
  fc.tuple(openDate, balancedLines).map(([date, lines]) => new PostEntry(date, lines)),
  fc.tuple(fc.nat(), openDate).map(([pick, date]) => new ReverseEntry(pick, date)),
  fc.nat().map((pick) => new ReverseAgain(pick)),
  fc
    .tuple(openDate, balancedLines, fc.integer({ min: 1, max: 10_000 }))
    .map(([date, lines, off]) => new PostUnbalanced(date, lines, off)),
  fc.tuple(closedDate, balancedLines).map(([date, lines]) => new PostClosed(date, lines)),
];

async function freshAccounts(): Promise<number[]> {
  run += 1;
  const types = ['asset', 'liability', 'income', 'expense'] as const;
  const rows = await ctx.db
    .insert(accounts)
    .values(types.map((type, index) => ({ number: `M${run}-${index}`, name: `Model ${run} ${type}`, type })))
    .returning({ id: accounts.id });
  return rows.map((row) => row.id);
}

describe('ledger model (fast-check commands on the real database)', () => {
  it('keeps the trial balance at 0, the rollup equal to the lines and every balance equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 15, size: 'max' }), async (sequence) => {
        const accountIds = await freshAccounts();
        await fc.asyncModelRun(
          () => ({ model: { balances: accountIds.map(() => 0), posted: [] }, real: { accountIds } }),
          sequence,
        );
      }),
      { numRuns: 20 },
    );
    // The lock date held for every run.
    const [settings] = await ctx.db.select().from(billingSettings).where(eq(billingSettings.id, 1));
    expect(settings?.lockDate).toBe(lockDate);
  }, 120_000);
});
