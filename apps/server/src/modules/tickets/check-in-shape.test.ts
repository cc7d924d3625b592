import { checkInSchema, ticketDetailSchema, type CheckIn, type TicketDetail } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSchema } from '../../db/paginate.ts';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';

// Spec 3 §3 Check-in: project_step_id and ticket.subject, in every answer that carries a check-in.
describe('check-in answers', () => {
  let ctx: TestContext;
  let techToken: string;
  let ticketId: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    const tech = await createUser(ctx.db, { name: 'Tess Tech' });
    techToken = (await login(ctx.app, tech.email, tech.password)).access_token;
    const [company] = await ctx.db.insert(companies).values({ name: 'Check-in Co' }).returning({ id: companies.id });
    const payload = {
      subject: 'Printer jams on tray 2',
      body: 'Every second page.',
      company_id: company!.id,
      location: 1,
      triage_id: 3,
    };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/ticket', headers: bearer(techToken), payload });
    expect(created.statusCode).toBe(200);
    ticketId = created.json<{ data: { id: number } }>().data.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('carries project_step_id and ticket.subject on check-in, the detail and the check-ins page', async () => {
    const checkIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/ticket/checkinout',
      headers: bearer(techToken),
      payload: { direction: 'in', ticket_id: ticketId },
    });
    expect(checkIn.statusCode).toBe(200);
    const answered = expectExactShape(checkInSchema, checkIn.json<{ data: CheckIn }>().data);
    expect(answered).toMatchObject({
      project_step_id: null,
      ticket: { id: ticketId, subject: 'Printer jams on tray 2' },
    });

    const detail = await ctx.app.inject({ method: 'GET', url: `/api/ticket/${ticketId}`, headers: bearer(techToken) });
    const ticket = expectExactShape(ticketDetailSchema, detail.json<{ data: TicketDetail }>().data);
    expect(ticket.my_check_in).toEqual(answered);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/ticket/${ticketId}/checkins`,
      headers: bearer(techToken),
    });
    expect(page.statusCode).toBe(200);
    expect(expectExactShape(pageSchema(checkInSchema), page.json()).data).toEqual([answered]);
  });
});
