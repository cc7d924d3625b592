import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, type TestContext } from '../../../test/helpers.ts';
import { seedHrJobsDemo } from './hr-jobs.demo.ts';
import { getBoard } from './hr-jobs.service.ts';
import { hrApplicants, hrInterviewers, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrSteps } from './hr.table.ts';

// The hiring demo (designs/hr.md §5): three openings, applicants in every column with whole positions, interviews.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('seedHrJobsDemo', () => {
  it('seeds three openings with applicants across the board and interviews, once', async () => {
    for (let i = 0; i < 4; i += 1) await createUser(ctx.db);
    await ctx.db.transaction((tx) => seedHrJobsDemo(tx));
    await ctx.db.transaction((tx) => seedHrJobsDemo(tx));
    const jobs = await ctx.db.select().from(hrJobs).orderBy(asc(hrJobs.id));
    expect(jobs.map((job) => job.status)).toEqual(['open', 'open', 'on_hold']);
    const steps = await ctx.db.select({ id: hrSteps.id }).from(hrSteps).where(eq(hrSteps.active, true));
    const applicants = await ctx.db.select().from(hrApplicants);
    expect(applicants).toHaveLength(12);
    expect(new Set(applicants.map((applicant) => applicant.stepId))).toEqual(new Set(steps.map((step) => step.id)));
    for (const job of jobs) {
      const board = await getBoard(ctx.db, job.id);
      for (const column of board.columns)
        expect(column.cards.map((card) => card.position)).toEqual(column.cards.map((_, index) => index));
    }
    expect(await ctx.db.$count(hrInterviews)).toBe(3);
    expect(await ctx.db.$count(hrInterviewers)).toBe(6);
  });
});
