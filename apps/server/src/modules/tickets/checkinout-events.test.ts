import { projectChannel } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, subscribe } from '../../../test/realtime.ts';
import { createTestProject, projectDetail } from '../../../test/projects.ts';
import { companies } from '../companies/companies.table.ts';

// Spec 3 §8: the project's viewers see '{name} checked in to / out of this project'. The check-in route emits
// CheckInOut on project_{id} as well as on the step ticket's ticket_{id}; a real socket on project_{id} hears both
// directions (the web test feeds a fake socket, so only this test notices the emit going missing).

let ctx: TestContext;
let token: string;
let techId: number;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const tech = await createUser(ctx.db, { name: 'Pia Projecttech' });
  techId = tech.id;
  token = (await login(ctx.app, tech.email, tech.password)).access_token;
  const [company] = await ctx.db.insert(companies).values({ name: 'Step Co' }).returning();
  projectId = await createTestProject(ctx.app, token, { title: 'Checked into', company_id: company!.id });
});
afterAll(async () => {
  await ctx.close();
});

describe('CheckInOut on project_{id}', () => {
  it('reaches a socket following the project when a technician checks in to and out of a step', async () => {
    const baseUrl = await listenForSockets(ctx.app);
    const viewer = await connectSocket(baseUrl, token);
    try {
      expect(await subscribe(viewer, projectChannel(projectId))).toMatchObject({ ok: true });
      const step = (await projectDetail(ctx.app, token, projectId)).tickets[1]!;

      for (const direction of ['in', 'out'] as const) {
        const heard = nextEvent<Record<string, unknown>>(
          viewer,
          'CheckInOut',
          (_payload, meta) => (meta as { channel?: string } | undefined)?.channel === projectChannel(projectId),
        );
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/ticket/checkinout',
          headers: bearer(token),
          payload: { direction, ticket_id: step.id },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json().message).toBe(direction === 'in' ? 'Checked in.' : 'Checked out.');
        const [payload] = await heard;
        expect(payload).toMatchObject({
          project_id: projectId,
          direction,
          user: { id: techId, name: 'Pia Projecttech' },
          check_in: { ticket: { id: step.id } },
        });
      }
    } finally {
      viewer.close();
    }
  });
});
