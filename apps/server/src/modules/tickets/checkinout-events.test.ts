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

  it('reaches another viewer of the project when a check-in is edited, with the edited rows as the project shows them', async () => {
    const editor = await createUser(ctx.db, { name: 'Ed Timekeeper', permissions: ['edit checkinout times'] });
    const editorToken = (await login(ctx.app, editor.email, editor.password)).access_token;
    const baseUrl = await listenForSockets(ctx.app);
    // The viewer is another employee following the project, not the one who edits.
    const viewer = await connectSocket(baseUrl, token);
    try {
      expect(await subscribe(viewer, projectChannel(projectId))).toMatchObject({ ok: true });
      // Its own check-in, so the test runs alone.
      const step = (await projectDetail(ctx.app, token, projectId)).tickets[2]!;
      let row = { id: 0 };
      for (const direction of ['in', 'out'] as const) {
        const clocked = await ctx.app.inject({
          method: 'POST',
          url: '/api/ticket/checkinout',
          headers: bearer(token),
          payload: { direction, ticket_id: step.id },
        });
        expect(clocked.statusCode).toBe(200);
        row = clocked.json<{ data: { id: number } }>().data;
      }
      const heard = nextEvent<Record<string, unknown>>(
        viewer,
        'CheckInOut',
        // The check-out just made may still be on its way: the edit is the 'update'.
        (payload, meta) =>
          (meta as { channel?: string } | undefined)?.channel === projectChannel(projectId) &&
          (payload as { direction?: string }).direction === 'update',
      );
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/ticket/checkinout/update',
        headers: bearer(editorToken),
        payload: {
          check_ins: [
            { id: row.id, start_time: '2026-11-02T09:00:00Z', end_time: '2026-11-02T11:30:00Z', billable: 1 },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      const [payload] = await heard;
      const after = await projectDetail(ctx.app, token, projectId);
      const edited = after.check_ins.find((entry) => entry.id === row.id)!;
      expect(edited).toMatchObject({
        start_time: '2026-11-02T09:00:00.000Z',
        end_time: '2026-11-02T11:30:00.000Z',
        billable: 1,
      });
      // The push carries the row exactly as GET /api/project/{id} answers it in check_ins.
      expect(payload).toEqual({
        project_id: projectId,
        direction: 'update',
        user: { id: editor.id, name: 'Ed Timekeeper' },
        check_ins: [edited],
      });
    } finally {
      viewer.close();
    }
  });
});
