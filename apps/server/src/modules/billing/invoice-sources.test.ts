import {
  checkInBilledMessage,
  checkInsInvalidMessage,
  checkInsOnLaborMessage,
  checkInTwiceMessage,
} from '@switchboard/shared/billing/invoices';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { checkIns } from '../checkins/checkins.table.ts';
import { companies } from '../companies/companies.table.ts';
import { contractRecurringItems, contracts } from '../contracts/contracts.table.ts';
import { tickets } from '../tickets/tickets.table.ts';
import { invoiceLineSources } from './invoices.table.ts';
import { billingSettings } from './ledger.table.ts';

// The new invoice's sources (issue 27 part 4; designs/billing.md §3.4, §5; decision 0091 addendum): recurring items of
// the governing contract, labor lines for unbilled check-ins as the run computes them, and check-ins billed once
// (checkin_ids on labor lines, 422 naming the invoice that has them, freed by a draft's edit or delete, one winner
// when two drafts race for the same time).

let ctx: TestContext;
let viewer: string;
let client: string;
let plain: string;
let acme: number; // a contract with recurring items
let birch: number; // time and materials
let other: number;
let techId: number;
let ticketA: number;
let ticketB: number;
const item = { retainer: 0, overage: 0, fee: 0, labor: 0, backup: 0, m365: 0 };

const sourceLineSchema = z.object({
  kind: z.enum(['recurring', 'labor']),
  item_id: z.number().int().nullable(),
  account_id: z.null(),
  description: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  taxable: z.union([z.literal(0), z.literal(1)]),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  checkin_ids: z.array(z.number().int()).optional(),
});
const sourceLinesSchema = z.object({ contract_id: z.number().int().nullable(), lines: z.array(sourceLineSchema) });

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: acme }, { id: birch }, { id: other }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Sources' }, { name: 'Birch Sources' }, { name: 'Other Sources' }])
    .returning({ id: companies.id });
  const made = await ctx.db
    .insert(billingItems)
    .values([
      { name: 'Src Retainer', type: 'retainer', price: 125 },
      { name: 'Src Overage', type: 'overage', price: 150 },
      { name: 'Src Late Fee', type: 'fee', price: 0 },
      { name: 'Src Labor', type: 'service', price: 95 },
      { name: 'Cloud Backup', type: 'service', price: 12.5 },
      { name: 'M365 Seat', type: 'service', price: 22 },
    ])
    .returning({ id: billingItems.id });
  [item.retainer, item.overage, item.fee, item.labor, item.backup, item.m365] = made.map((row) => row.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  await ctx.db.update(billingSettings).set({ laborItemId: item.labor }).where(eq(billingSettings.id, 1));
  const [contract] = await ctx.db
    .insert(contracts)
    .values({
      companyId: acme,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      retainerItem: item.retainer,
      overageItem: item.overage,
      lateFeeItem: item.fee,
      retainerPrice: 125,
      overagePrice: 150,
      lateFeePercent: 0,
      retainerHours: 10,
      deviceCount: 25,
      maxRollover: 0,
    })
    .returning({ id: contracts.id });
  await ctx.db.insert(contractRecurringItems).values([
    { contractId: contract!.id, itemId: item.backup, quantity: 4, price: 12.5, taxable: 1 },
    { contractId: contract!.id, itemId: item.m365, quantity: 10, price: 22, taxable: 0 },
  ]);
  const tech = await createUser(ctx.db, { name: 'Tess Tech' });
  techId = tech.id;
  [{ id: ticketA }, { id: ticketB }] = await ctx.db
    .insert(tickets)
    .values([
      { subject: 'Printer offline', body: 'Help', companyId: birch, location: 1, triageId: 3, status: 2 },
      { subject: 'New laptop', body: 'Help', companyId: birch, location: 1, triageId: 3, status: 2 },
    ])
    .returning({ id: tickets.id });
  const v = await createUser(ctx.db, { permissions: ['view billing'] });
  viewer = (await login(ctx.app, v.email, v.password)).access_token;
  const p = await createUser(ctx.db);
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', companyId: acme, permissions: ['view billing'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = viewer) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

async function checkIn(companyId: number, ticketId: number | null, start: string, hours: number, billable = 0) {
  const from = new Date(start);
  const [row] = await ctx.db
    .insert(checkIns)
    .values({
      userId: techId,
      companyId,
      ticketId,
      startTime: from,
      endTime: hours > 0 ? new Date(from.getTime() + hours * 3_600_000) : null,
      billable,
    })
    .returning({ id: checkIns.id });
  return row!.id;
}

const labor = (checkinIds: number[], overrides: object = {}) => ({
  kind: 'labor',
  item_id: item.labor,
  description: 'Labor',
  quantity: 1,
  unit_price: 95,
  checkin_ids: checkinIds,
  ...overrides,
});
const saveDraft = (lines: object[], companyId = birch) =>
  call('POST', '/billing/invoices', { company_id: companyId, lines });
const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: Record<string, string[]> }).errors;
const sourcesOf = (checkInId: number) =>
  ctx.db.select().from(invoiceLineSources).where(eq(invoiceLineSources.checkInId, checkInId));

describe('GET /billing/companies/{id}/recurring-lines', () => {
  it("answers the governing contract's recurring items for the month as line inputs", async () => {
    const response = await call('GET', `/billing/companies/${acme}/recurring-lines?month=2026-04`);
    expect(response.statusCode, response.body).toBe(200);
    const data = expectExactShape(sourceLinesSchema, response.json().data);
    expect(data.contract_id).toEqual(expect.any(Number));
    expect(data.lines).toEqual([
      {
        kind: 'recurring',
        item_id: item.backup,
        account_id: null,
        description: 'Cloud Backup, April 2026, 4 × $12.50',
        quantity: 4,
        unit_price: 12.5,
        taxable: 1,
        period_start: '2026-04-01',
        period_end: '2026-04-30',
      },
      {
        kind: 'recurring',
        item_id: item.m365,
        account_id: null,
        description: 'M365 Seat, April 2026, 10 × $22.00',
        quantity: 10,
        unit_price: 22,
        taxable: 0,
        period_start: '2026-04-01',
        period_end: '2026-04-30',
      },
    ]);
  });

  it('answers no lines without a contract that month; 404, 422 and 403 as the rules say', async () => {
    const none = await call('GET', `/billing/companies/${acme}/recurring-lines?month=2027-02`);
    expect(none.json().data).toEqual({ contract_id: null, lines: [] });
    expect((await call('GET', `/billing/companies/${birch}/recurring-lines?month=2026-04`)).json().data.lines).toEqual(
      [],
    );
    expect((await call('GET', '/billing/companies/999999/recurring-lines?month=2026-04')).statusCode).toBe(404);
    const bad = await call('GET', `/billing/companies/${acme}/recurring-lines?month=April`);
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad).month).toEqual(['The month must look like 2026-04.']);
    const url = `/billing/companies/${acme}/recurring-lines?month=2026-04`;
    expect((await call('GET', url, undefined, client)).statusCode).toBe(403);
    expect((await call('GET', url, undefined, plain)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api${url}` })).statusCode).toBe(401);
  });
});

describe('POST /billing/companies/{id}/checkin-lines', () => {
  it('computes one labor line per ticket and month at the labor item, naming the check-ins', async () => {
    const a1 = await checkIn(birch, ticketA, '2026-03-03T15:00:00Z', 1.5);
    const a2 = await checkIn(birch, ticketA, '2026-03-04T15:00:00Z', 0.25);
    const b1 = await checkIn(birch, ticketB, '2026-03-05T15:00:00Z', 2);
    const response = await call('POST', `/billing/companies/${birch}/checkin-lines`, { checkin_ids: [b1, a2, a1] });
    expect(response.statusCode, response.body).toBe(200);
    const data = expectExactShape(sourceLinesSchema, response.json().data);
    expect(data.lines.map((line) => [line.description, line.quantity, line.unit_price, line.checkin_ids])).toEqual([
      [`Src Labor: Ticket #${ticketA}: Printer offline, 1.75 hours`, 1.75, 95, [a1, a2]],
      [`Src Labor: Ticket #${ticketB}: New laptop, 2 hours`, 2, 95, [b1]],
    ]);
    expect(data.lines[0]).toMatchObject({ kind: 'labor', item_id: item.labor, period_start: '2026-03-01' });
  });

  it("refuses another company's, open or non-billable check-ins, and 403 for a client", async () => {
    const mine = await checkIn(birch, ticketA, '2026-03-06T15:00:00Z', 1);
    for (const id of [
      await checkIn(other, null, '2026-03-06T15:00:00Z', 1),
      await checkIn(birch, ticketA, '2026-03-06T17:00:00Z', 0),
      await checkIn(birch, ticketA, '2026-03-06T19:00:00Z', 1, 1),
      999999,
    ]) {
      const response = await call('POST', `/billing/companies/${birch}/checkin-lines`, { checkin_ids: [mine, id] });
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response).checkin_ids).toEqual([checkInsInvalidMessage]);
    }
    expect((await call('POST', `/billing/companies/${birch}/checkin-lines`, { checkin_ids: [] })).statusCode).toBe(422);
    const url = `/billing/companies/${birch}/checkin-lines`;
    expect((await call('POST', url, { checkin_ids: [mine] }, client)).statusCode).toBe(403);
    expect((await call('POST', '/billing/companies/999999/checkin-lines', { checkin_ids: [mine] })).statusCode).toBe(
      404,
    );
  });
});

describe('checkin_ids on an invoice line', () => {
  it('bills a check-in once: a second invoice of it is a 422 naming the draft, then the posted number', async () => {
    const id = await checkIn(birch, ticketA, '2026-03-10T15:00:00Z', 1);
    const first = await saveDraft([labor([id])]);
    expect(first.statusCode, first.body).toBe(200);
    const invoiceId = first.json().data.id as number;
    expect(first.json().data.lines[0].explain).toEqual({ summary: '1 check-in', check_in_ids: [id] });
    expect(await sourcesOf(id)).toHaveLength(1);
    const again = await saveDraft([labor([id])]);
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)['lines.0.checkin_ids']).toEqual([`This time is already on a draft (Draft ${invoiceId}).`]);
    // The same draft saved again keeps its own check-in.
    const resaved = await call('PUT', `/billing/invoices/${invoiceId}`, { company_id: birch, lines: [labor([id])] });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(await sourcesOf(id)).toHaveLength(1);

    const approverUser = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
    const approver = (await login(ctx.app, approverUser.email, approverUser.password)).access_token;
    expect((await call('POST', `/billing/invoices/${invoiceId}/approve`, {}, approver)).statusCode).toBe(200);
    const posted = await call('POST', `/billing/invoices/${invoiceId}/post`, {}, approver);
    expect(posted.statusCode, posted.body).toBe(200);
    const number = posted.json().data.number as string;
    const late = await saveDraft([labor([]), labor([id])]);
    expect(errorsOf(late)['lines.1.checkin_ids']).toEqual([checkInBilledMessage({ id: invoiceId, number })]);
    expect(checkInBilledMessage({ id: invoiceId, number })).toBe(`This time is already on invoice ${number}.`);
  });

  it('takes check-ins on labor lines only, each once, of the invoice company', async () => {
    const id = await checkIn(birch, ticketA, '2026-03-11T15:00:00Z', 1);
    const onItem = await saveDraft([labor([id], { kind: 'item' })]);
    expect(onItem.statusCode).toBe(422);
    expect(errorsOf(onItem)['lines.0.checkin_ids']).toEqual([checkInsOnLaborMessage]);
    const twice = await saveDraft([labor([id]), labor([id])]);
    expect(errorsOf(twice)['lines.1.checkin_ids']).toEqual([checkInTwiceMessage]);
    const elsewhere = await saveDraft([labor([id])], acme);
    expect(errorsOf(elsewhere)['lines.0.checkin_ids']).toEqual([checkInsInvalidMessage]);
    const junk = await saveDraft([labor(['x' as unknown as number])]);
    expect(junk.statusCode).toBe(422);
    expect(await sourcesOf(id)).toHaveLength(0);
  });

  it("frees the check-ins when a draft's edit drops the line or the draft is deleted", async () => {
    const id = await checkIn(birch, ticketB, '2026-03-12T15:00:00Z', 1);
    const saved = await saveDraft([labor([id])]);
    const invoiceId = saved.json().data.id as number;
    const text = { kind: 'text', description: 'Note', quantity: 0, unit_price: 0 };
    const edited = await call('PUT', `/billing/invoices/${invoiceId}`, { company_id: birch, lines: [text] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await sourcesOf(id)).toHaveLength(0);
    await call('PUT', `/billing/invoices/${invoiceId}`, { company_id: birch, lines: [labor([id])] });
    expect(await sourcesOf(id)).toHaveLength(1);
    expect((await call('DELETE', `/billing/invoices/${invoiceId}`)).statusCode).toBe(200);
    expect(await sourcesOf(id)).toHaveLength(0);
    expect((await saveDraft([labor([id])])).statusCode).toBe(200);
  });

  it('lets one of two drafts racing for the same check-in win, the other a 422', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await checkIn(birch, ticketA, `2026-03-${13 + round}T15:00:00Z`, 1);
      const answers = await Promise.all([saveDraft([labor([id])]), saveDraft([labor([id])])]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
      const loser = answers.find((answer) => answer.statusCode === 422)!;
      expect(errorsOf(loser)['lines.0.checkin_ids']?.[0]).toMatch(/^This time is already on a draft \(Draft \d+\)\.$/);
      expect(await sourcesOf(id)).toHaveLength(1);
    }
  });
});
