import { STEP_CLOSED, STEP_OPEN } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 26 §2 item 11: a closed step's card, folded to one line, names who closed it and when: the project detail
// answers closed_by from the step's latest close in its events; null while open, and for a client account.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('closed_by on a project step', () => {
  it('names the employee who closed the step and when, clears it on reopening, and keeps it from clients', async () => {
    const closer = await createUser(ctx.db, { name: 'Cora Closer' });
    const token = (await login(ctx.app, closer.email, closer.password)).access_token;
    const [company] = await ctx.db.insert(companies).values({ name: 'Closed By Co' }).returning();
    const client = await createUser(ctx.db, { type: 'Client', companyId: company!.id });
    const clientToken = (await login(ctx.app, client.email, client.password)).access_token;
    const projectId = await createTestProject(ctx.app, token, { title: 'Who closed it', company_id: company!.id });
    const step = (await projectDetail(ctx.app, token, projectId)).tickets[1]!;
    expect(step.closed_by).toBeNull();

    const setStatus = async (status: number) => {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/ticket/${step.id}`,
        headers: bearer(token),
        payload: { status, ticket_id: step.id },
      });
      expect(response.statusCode).toBe(200);
    };
    const before = Date.now();
    await setStatus(STEP_CLOSED);
    const closed = (await projectDetail(ctx.app, token, projectId)).tickets[1]!;
    expect(closed.status).toBe(STEP_CLOSED);
    expect(closed.closed_by?.name).toBe('Cora Closer');
    expect(Date.parse(closed.closed_by!.at)).toBeGreaterThanOrEqual(before - 1000);
    // A client account reads the status, not who closed it (as it does not read the step's employee).
    const seen = (await projectDetail(ctx.app, clientToken, projectId)).tickets[1]!;
    expect(seen.status).toBe(STEP_CLOSED);
    expect(seen.closed_by).toBeNull();

    await setStatus(STEP_OPEN);
    expect((await projectDetail(ctx.app, token, projectId)).tickets[1]!.closed_by).toBeNull();
  });
});
