import { DISPOSITIONS } from '@switchboard/shared/crm';
import { crmReportNames } from '@switchboard/shared/crm-reports';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { crmCallStatuses, crmCalls } from './crm.table.ts';
import { crmReport } from './crm-reports.service.ts';

// The reports' rollups (decision 0147): whatever calls are inserted, changed and deleted, the trigger leaves
// crm_call_day_stats and crm_call_hour_stats equal to the calls grouped anew, and every report answers from them
// exactly what it answers from the calls.

let ctx: TestContext;
let agents: number[];
beforeAll(async () => {
  ctx = await createTestContext();
  agents = [];
  for (const name of ['Ann Agent', 'Ben Agent', 'Cy Agent']) agents.push((await createUser(ctx.db, { name })).id);
});
afterAll(async () => ctx?.close());

// Calls from 28 February to 2 April 2026 (UTC), so a March range has calls at both edges beside it.
const from = Date.parse('2026-02-28T00:00:00Z');
const to = Date.parse('2026-04-03T00:00:00Z');
const at = fc.integer({ min: from, max: to - 1 }).map((ms) => new Date(ms));
const dispositions = [null, ...DISPOSITIONS.map((disposition) => disposition.code)];
const callArbitrary = fc.record({
  agent: fc.integer({ min: 0, max: 3 }), // 3: no agent
  direction: fc.constantFrom('outgoing' as const, 'incoming' as const),
  status: fc.constantFrom(...crmCallStatuses),
  disposition: fc.constantFrom(...dispositions),
  createdAt: at,
  answered: fc.boolean(),
  duration: fc.option(fc.integer({ min: 0, max: 900 })),
});
type RandomCall = typeof callArbitrary extends fc.Arbitrary<infer T> ? T : never;
const changeArbitrary = fc.record({
  index: fc.nat(),
  kind: fc.constantFrom('update' as const, 'delete' as const),
  fields: fc.record(
    {
      agent: fc.integer({ min: 0, max: 3 }),
      direction: fc.constantFrom('outgoing' as const, 'incoming' as const),
      status: fc.constantFrom(...crmCallStatuses),
      disposition: fc.constantFrom(...dispositions),
      createdAt: at,
      answered: fc.boolean(),
      duration: fc.option(fc.integer({ min: 0, max: 900 })),
    },
    { requiredKeys: [] },
  ),
});

const userOf = (agent: number) => agents[agent] ?? null;
const rowOf = (call: RandomCall) => ({
  userId: userOf(call.agent),
  direction: call.direction,
  status: call.status,
  disposition: call.disposition,
  createdAt: call.createdAt,
  startedAt: call.createdAt,
  answeredAt: call.answered ? call.createdAt : null,
  durationSeconds: call.duration,
});

async function rows(query: ReturnType<typeof sql>) {
  return (await ctx.db.execute(query)).rows;
}

/** The rollups' live rows beside the calls grouped the same way, each sorted. */
async function rollupsAndCalls() {
  return {
    days: await rows(sql`select day::text, user_id, direction, status, disposition, calls, talk_seconds::int as talk
      from crm_call_day_stats where calls <> 0 order by 1, 2, 3, 4, 5`),
    daysFromCalls: await rows(sql`select (created_at at time zone 'UTC')::date::text as day,
        coalesce(user_id, 0) as user_id, direction, status, coalesce(disposition, '') as disposition,
        count(*)::int as calls,
        coalesce(sum(duration_seconds) filter (where answered_at is not null), 0)::int as talk
      from crm_calls group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    hours: await rows(sql`select epoch_hour, direction, status, calls from crm_call_hour_stats where calls <> 0
      order by 1, 2, 3`),
    hoursFromCalls: await rows(sql`select floor(extract(epoch from created_at) / 3600)::int as epoch_hour, direction,
        status, count(*)::int as calls
      from crm_calls group by 1, 2, 3 order by 1, 2, 3`),
  };
}

describe('the CRM reports read rollups kept by a trigger', () => {
  it('random inserts, updates and deletes leave the rollups equal to the calls, and the reports unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(callArbitrary, { minLength: 1, maxLength: 40 }),
        fc.array(changeArbitrary, { maxLength: 30 }),
        fc.constantFrom('2026-03-01', '2026-03-02', '2026-03-31'),
        fc.integer({ min: 0, max: 3 }),
        async (calls, changes, start, agentPick) => {
          await ctx.db.delete(crmCalls);
          const ids = (await ctx.db.insert(crmCalls).values(calls.map(rowOf)).returning({ id: crmCalls.id })).map(
            (row) => row.id,
          );
          for (const change of changes) {
            const id = ids[change.index % ids.length]!;
            if (change.kind === 'delete') {
              await ctx.db.delete(crmCalls).where(eq(crmCalls.id, id));
              continue;
            }
            const { agent, answered, duration, createdAt, ...same } = change.fields;
            await ctx.db
              .update(crmCalls)
              .set({
                ...same,
                ...(agent === undefined ? {} : { userId: userOf(agent) }),
                ...(answered === undefined ? {} : { answeredAt: answered ? new Date(from) : null }),
                ...(duration === undefined ? {} : { durationSeconds: duration }),
                ...(createdAt === undefined ? {} : { createdAt }),
              })
              .where(eq(crmCalls.id, id));
          }
          const kept = await rollupsAndCalls();
          expect(kept.days).toEqual(kept.daysFromCalls);
          expect(kept.hours).toEqual(kept.hoursFromCalls);
          const agent = agentPick < agents.length ? agents[agentPick] : undefined;
          for (const range of [
            { start, end: '2026-03-31' },
            { start, end: '2026-03-31', agent },
          ]) {
            for (const name of crmReportNames) {
              expect(await crmReport(ctx.db, name, range)).toEqual(await crmReport(ctx.db, name, range, 'calls'));
            }
          }
        },
      ),
      { numRuns: 25, seed: 30_2026, endOnFailure: true },
    );
  });

  it('a call moved between days, agents and statuses moves its count and talk time in both rollups', async () => {
    await ctx.db.delete(crmCalls);
    const [call] = await ctx.db
      .insert(crmCalls)
      .values({
        userId: agents[0]!,
        direction: 'outgoing',
        status: 'ringing',
        createdAt: new Date('2026-03-02T23:59:00Z'),
        startedAt: new Date('2026-03-02T23:59:00Z'),
      })
      .returning({ id: crmCalls.id });
    const answered = new Date('2026-03-03T00:00:10Z');
    await ctx.db
      .update(crmCalls)
      .set({ status: 'completed', answeredAt: answered, durationSeconds: 75, disposition: 'connected' })
      .where(eq(crmCalls.id, call!.id));
    expect(
      await rows(sql`select day::text, user_id, status, disposition, calls, talk_seconds::int as talk
      from crm_call_day_stats where calls <> 0`),
    ).toEqual([
      { day: '2026-03-02', user_id: agents[0], status: 'completed', disposition: 'connected', calls: 1, talk: 75 },
    ]);
    await ctx.db
      .update(crmCalls)
      .set({ userId: null, createdAt: new Date('2026-03-03T00:00:00Z') })
      .where(inArray(crmCalls.id, [call!.id]));
    expect(
      await rows(sql`select day::text, user_id, calls, talk_seconds::int as talk from crm_call_day_stats
      where calls <> 0`),
    ).toEqual([{ day: '2026-03-03', user_id: 0, calls: 1, talk: 75 }]);
    expect(await rows(sql`select epoch_hour, status, calls from crm_call_hour_stats where calls <> 0`)).toEqual([
      { epoch_hour: Date.parse('2026-03-03T00:00:00Z') / 3_600_000, status: 'completed', calls: 1 },
    ]);
    await ctx.db.delete(crmCalls);
    expect(
      await rows(sql`select 1 from crm_call_day_stats where calls <> 0 or talk_seconds <> 0
      union all select 1 from crm_call_hour_stats where calls <> 0`),
    ).toEqual([]);
  });
});
