import { hrApplicantSources, hrBoardSchema } from '@switchboard/shared/hr/jobs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { boardSteps, loadCards } from './hr-jobs.service.ts';
import { hrApplicants, hrInterviews, hrJobs } from './hr-jobs.table.ts';
import { hrSteps } from './hr.table.ts';

// GET /api/hr/jobs/{id}/board is JSON written by PostgreSQL (decision 0149). This holds it to the strict schema and
// to loadCards, the cards' presenter of the socket events, on varied cards: text JSON must escape, no rating, tags,
// every source, days in step, next interviews (past, cancelled, several), hired, rejected and an inactive step.

let ctx: TestContext;
let token: string;
let jobId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const manager = await createUser(ctx.db, { permissions: ['manage jobs'] });
  token = (await login(ctx.app, manager.email, manager.password)).access_token;
  const [job] = await ctx.db
    .insert(hrJobs)
    .values({ title: 'Senior "Night" Technician', employmentType: 'full_time', workplace: 'hybrid', status: 'open' })
    .returning({ id: hrJobs.id });
  jobId = job!.id;
  // An inactive step that still holds applicants shows; one without does not.
  const [inactive] = await ctx.db
    .insert(hrSteps)
    .values([
      { name: 'Old "screen"', kind: 'active', color: '#123456', active: false, sortOrder: 2, emailBody: 'Hi\n"you"' },
      { name: 'Unused', kind: 'active', color: '#654321', active: false, sortOrder: 3 },
    ])
    .returning({ id: hrSteps.id });
  const steps = (await boardSteps(ctx.db)).filter((step) => step.active || step.id === inactive!.id);
  const names = ['Zoë', 'Al "Ace"', 'Back\\slash', 'Tab\tNew\nLine', '日本', 'Émile', "O'Brien", '😀 Smile'];
  const now = Date.now();
  const rows = Array.from({ length: 60 }, (_, n) => ({
    jobId,
    firstName: names[n % names.length]!,
    lastName: `Last${n}`,
    email: `p${n}@example.test`,
    source: hrApplicantSources[n % hrApplicantSources.length]!,
    rating: n % 3 === 0 ? null : 1 + (n % 5),
    tags: n % 4 === 0 ? [] : [`t${n}`, 'a "quoted", tag', 'ü\\'].slice(0, 1 + (n % 3)),
    stepId: steps[n % steps.length]!.id,
    position: 30 - Math.floor(n / steps.length),
    // Entered from the future (0 days) to 40 days ago, at odd seconds and milliseconds.
    stepEnteredAt: new Date(now - (n - 3) * 86_400_000 * 0.7 - n * 1_234),
    createdAt: new Date(Date.UTC(2026, 0, 1 + n, 9, n, n, n)),
  }));
  const inserted = await ctx.db.insert(hrApplicants).values(rows).returning({ id: hrApplicants.id });
  const interview = (applicantId: number, days: number, status: 'scheduled' | 'cancelled', n: number) => ({
    applicantId,
    startsAt: new Date(now + days * 86_400_000 + n * 1_001),
    endsAt: new Date(now + days * 86_400_000 + 3_600_000),
    kind: (['phone', 'video', 'on_site'] as const)[n % 3]!,
    status,
    icsUid: `board-${applicantId}-${n}@switchboard`,
  });
  await ctx.db
    .insert(hrInterviews)
    .values(
      inserted.flatMap((row, n) =>
        n % 2 === 0
          ? [
              interview(row.id, -2, 'scheduled', n),
              interview(row.id, 5 + (n % 4), 'scheduled', n + 1),
              interview(row.id, 3, n % 4 === 0 ? 'cancelled' : 'scheduled', n + 2),
            ]
          : [],
      ),
    );
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/hr/jobs/{id}/board as PostgreSQL writes it', () => {
  it('answers exactly the schema, with the cards of the socket presenter in each column', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/hr/jobs/${jobId}/board`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const board = expectExactShape(z.object({ data: hrBoardSchema }), response.json()).data;
    const cards = await loadCards(ctx.db, eq(hrApplicants.jobId, jobId));
    const expectedSteps = (await boardSteps(ctx.db)).filter(
      (step) => step.active || cards.some((card) => card.step_id === step.id),
    );
    expect(board.columns.map((column) => column.step.id)).toEqual(expectedSteps.map((step) => step.id));
    expect(board.columns.find((column) => column.step.name === 'Old "screen"')!.step.email_body).toBe('Hi\n"you"');
    for (const column of board.columns)
      expect(column.cards).toEqual(cards.filter((card) => card.step_id === column.step.id));
    expect(board.columns.flatMap((column) => column.cards)).toHaveLength(60);
    expect(board.job.applicants).toBe(60);
    expect(board.job.step_counts).toEqual(
      board.columns.map((column) => ({ step_id: column.step.id, count: column.cards.length })),
    );
    // The data reach what the statement writes differently from a plain column.
    const all = board.columns.flatMap((column) => column.cards);
    expect(all.some((card) => card.next_interview !== null)).toBe(true);
    expect(all.some((card) => card.rating === null && card.tags.length === 0)).toBe(true);
    expect(new Set(all.map((card) => card.days_in_step)).size).toBeGreaterThan(10);
    expect(all.map((card) => card.name)).toContain('Tab\tNew\nLine Last3');
  });

  it('answers 404 for an opening that does not exist', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/hr/jobs/999999/board', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
  });
});
