import { purchaseOrderStatusInvalidMessage, vendorListSchema, vendorSavedSchema } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { billingItems } from '../billing-items/billing-items.table.ts';
import { outbox } from '../mail/mail.table.ts';
import { poLines, purchaseOrders } from './purchase-orders.table.ts';

// Vendors and purchase orders (issues 17 and 28; designs/billing.md §3.3, §3.7, §6; decision 0102): save with lines
// updated in place, approve, send as PO-000001 (revision 00 of its PDF, mailed to the vendor), change (revision 01),
// close and cancel; staff with 'view billing' (approve, close: 'approve billing'), never a client account.

let ctx: TestContext;
let token: string;
let approverToken: string;
let plainToken: string;
let clientToken: string;
let companyId: number;
let otherCompanyId: number;
let projectId: number;
let vendorId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [{ id: companyId }, { id: otherCompanyId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Acme Dental' }, { name: 'Elsewhere' }])
    .returning({ id: companies.id });
  [{ id: projectId }] = await ctx.db
    .insert(projects)
    .values({ title: 'Server room', companyId })
    .returning({ id: projects.id });
  const billing = await createUser(ctx.db, { permissions: ['view billing'] });
  token = (await login(ctx.app, billing.email, billing.password)).access_token;
  const approver = await createUser(ctx.db, { permissions: ['view billing', 'approve billing'] });
  approverToken = (await login(ctx.app, approver.email, approver.password)).access_token;
  const plain = await createUser(ctx.db);
  plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
  ctx.app.inject({ method, url, headers: bearer(as), payload });
const body = (extra: Record<string, unknown> = {}) => ({
  vendor_id: vendorId,
  order_date: '2026-11-05',
  expected_date: '2026-11-12',
  company_id: companyId,
  project_id: projectId,
  memo: 'Deliver to reception.',
  lines: [
    { description: 'FortiGate 60F firewall', quantity: '1', unit_cost: '512.40' },
    { description: 'Patch cable, 2 m', quantity: '3', unit_cost: '1.3333' },
  ],
  ...extra,
});

describe('vendors', () => {
  it('adds a vendor, lists it by name, and refuses a name already used', async () => {
    const created = await call('POST', '/api/billing/vendors', {
      name: 'Ingram Micro',
      account_number: 'SB-1',
      email: 'orders@ingram.example',
      payment_terms: 45,
    });
    expect(created.statusCode).toBe(200);
    const saved = vendorSavedSchema.strict().parse(created.json());
    expect(saved).toEqual({ message: 'Vendor saved.', data: { id: saved.data.id, name: 'Ingram Micro' } });
    await call('POST', '/api/billing/vendors', { name: 'Amazon Business' });
    const list = vendorListSchema.strict().parse((await call('GET', '/api/billing/vendors')).json());
    expect(list.data.map((vendor) => vendor.name)).toEqual(['Amazon Business', 'Ingram Micro']);

    const taken = await call('POST', '/api/billing/vendors', { name: ' ingram micro ' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: ['The name has already been taken.'] });
    const bad = await call('POST', '/api/billing/vendors', { name: '', email: 'nope', payment_terms: 400 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      payment_terms: ['The payment terms must be a whole number of days from 0 to 365.'],
    });
  });
});

// The answer of GET /billing/purchaseorders/{id} and of every write: the design's fields (§5 list and drawer).
const lineSchema = z
  .object({
    id: z.number().int(),
    line_no: z.number().int(),
    item_id: z.number().int().nullable(),
    item_name: z.string().nullable(),
    description: z.string(),
    quantity: z.string(),
    unit_cost: z.string(),
    amount: z.number(),
    received_qty: z.string(),
    billed_qty: z.string(),
    company_id: z.number().int().nullable(),
    project_id: z.number().int().nullable(),
    billable_to_client: z.boolean(),
  })
  .strict();
const rowSchema = z
  .object({
    id: z.number().int(),
    number: z.string().nullable(),
    label: z.string(),
    order_date: z.string(),
    expected_date: z.string().nullable(),
    vendor_id: z.number().int(),
    vendor_name: z.string(),
    company_id: z.number().int().nullable(),
    company_name: z.string().nullable(),
    project_id: z.number().int().nullable(),
    project_title: z.string().nullable(),
    total: z.number(),
    received_pct: z.number().int().min(0).max(100),
    billed_pct: z.number().int().min(0).max(100),
    status: z.enum(['draft', 'ordered', 'partial', 'received', 'closed', 'cancelled']),
    approved: z.boolean(),
  })
  .strict();
const detailSchema = rowSchema
  .extend({
    vendor_email: z.string(),
    location_id: z.number().int().nullable(),
    location_name: z.string().nullable(),
    ship_to_site_id: z.number().int().nullable(),
    ship_to_site_name: z.string().nullable(),
    memo: z.string(),
    subtotal: z.number(),
    tax_total: z.number(),
    sent_at: z.string().nullable(),
    approved_by: z.number().int().nullable(),
    approved_by_name: z.string().nullable(),
    approved_at: z.string().nullable(),
    updated_at: z.string(),
    lines: z.array(lineSchema),
    receipts: z.array(z.object({ id: z.number(), number: z.string(), received_on: z.string(), total: z.number() })),
    bills: z.array(z.object({ id: z.number(), kind: z.string(), vendor_ref: z.string(), bill_date: z.string() })),
    revisions: z.array(z.object({ revision: z.number(), label: z.string(), created_at: z.string() }).strict()),
  })
  .strict();
const answerSchema = z.object({ message: z.string(), data: detailSchema }).strict();
type Detail = z.infer<typeof detailSchema>;

const po = '/api/billing/purchaseorders';
/** Saves (POST, or PUT with id) and answers the order, failing loudly on anything but 200. */
async function save(payload: object, id?: number): Promise<Detail> {
  const response = await call(id ? 'PUT' : 'POST', id ? `${po}/${id}` : po, payload);
  expect(response.statusCode, response.body).toBe(200);
  return answerSchema.parse(response.json()).data;
}
/** The editor's body for an order as loaded, with its lines as given. */
const edit = (order: Detail, lines: object[], extra: Record<string, unknown> = {}) =>
  body({ updated_at: order.updated_at, lines, ...extra });
const asInput = (line: Detail['lines'][number]) => ({
  id: line.id,
  description: line.description,
  quantity: line.quantity,
  unit_cost: line.unit_cost,
});

describe('purchase orders', () => {
  // A vendor of their own, read only, so any of these tests runs without the vendor test above.
  beforeAll(async () => {
    const created = await call('POST', '/api/billing/vendors', { name: 'TD Synnex', email: 'orders@synnex.example' });
    expect(created.statusCode).toBe(200);
    vendorId = created.json().data.id as number;
  });

  it('saves a draft, approves and sends it as PO-000001 mailed with revision 00; a change makes revision 01', async () => {
    const emit = vi.spyOn(ctx.app.realtime, 'emitToStaff');
    const draft = await save(body());
    const id = draft.id;
    expect(draft).toMatchObject({ number: null, label: `Draft ${id}`, status: 'draft', approved: false, total: 516.4 });
    expect(emit).toHaveBeenCalledWith('billing', 'PurchaseOrderUpdated', draft);
    // Lines priced once in cents: 3 × 1.3333 = 3.9999 → 4.00; job costing defaults from the order.
    const [row] = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    expect([row!.subtotal, row!.taxTotal, row!.total]).toEqual(['516.40', '0.00', '516.40']);
    expect(
      draft.lines.map((line) => [line.line_no, line.amount, line.received_qty, line.company_id, line.project_id]),
    ).toEqual([
      [1, 512.4, '0.00', companyId, projectId],
      [2, 4, '0.00', companyId, projectId],
    ]);
    const preview = await call('GET', `/api/pdf/po/${id}`);
    expect(preview.headers['content-disposition']).toContain('Purchase-Order-Draft-');

    // Send before approval: refused, nothing changes.
    const early = await call('POST', `${po}/${id}/send`);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Approve the purchase order before sending it.');
    // Approving needs 'approve billing'.
    expect((await call('POST', `${po}/${id}/approve`)).statusCode).toBe(403);
    const approved = answerSchema.parse((await call('POST', `${po}/${id}/approve`, undefined, approverToken)).json());
    expect(approved.message).toBe('Purchase order approved.');
    expect(approved.data.approved).toBe(true);
    expect(approved.data.approved_at).not.toBeNull();
    expect(approved.data.approved_by_name).toMatch(/^Test User/);

    const sent = answerSchema.parse((await call('POST', `${po}/${id}/send`)).json());
    expect(sent.message).toBe('Purchase order sent.');
    expect(sent.data).toMatchObject({ number: 'PO-000001', status: 'ordered' });
    expect(sent.data.sent_at).not.toBeNull();
    expect(sent.data.revisions.map((revision) => revision.label)).toEqual(['00']);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.to, 'orders@synnex.example'));
    expect(
      mails.map((mail) => [mail.subject.startsWith('Purchase Order PO-000001 from '), mail.attachmentNames]),
    ).toEqual([[true, ['Purchase-Order-PO-000001-00.pdf']]]);

    const changed = await save(edit(sent.data, sent.data.lines.map(asInput), { memo: 'Back door.' }), id);
    expect(changed.revisions.map((revision) => revision.label)).toEqual(['00', '01']);
    const same = await save(edit(changed, changed.lines.map(asInput), { memo: 'Back door.' }), id);
    expect(same.revisions).toHaveLength(2);

    const revisions = await call('GET', `/api/revisions/po/${id}`);
    expect(revisions.json().document).toEqual({
      type: 'po',
      id,
      title: 'Purchase Order PO-000001',
      file_name: 'Purchase-Order-PO-000001.pdf',
    });
    const pdf = await call('GET', `/api/pdf/po/${id}`);
    expect(pdf.headers['content-disposition']).toContain('Purchase-Order-PO-000001-01.pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    // The next order sent takes the next number.
    const next = await save(body({ company_id: null, project_id: null }));
    await call('POST', `${po}/${next.id}/approve`, undefined, approverToken);
    expect((await call('POST', `${po}/${next.id}/send`)).json().data.number).toBe('PO-000002');
    emit.mockRestore();
  });

  it('updates lines in place: ids kept, new ones added, removed ones deleted', async () => {
    const order = await save(body());
    const [first, second] = order.lines;
    const saved = await save(
      edit(order, [
        { ...asInput(second!), quantity: '5' },
        { description: 'Rack shelf', quantity: '2', unit_cost: '30', billable_to_client: true },
      ]),
      order.id,
    );
    expect(saved.lines.map((line) => [line.id === second!.id, line.line_no, line.description, line.quantity])).toEqual([
      [true, 1, 'Patch cable, 2 m', '5.00'],
      [false, 2, 'Rack shelf', '2.00'],
    ]);
    expect(saved.lines[1]!.billable_to_client).toBe(true);
    expect(saved.total).toBe(66.67);
    const stored = await ctx.db.select({ id: poLines.id }).from(poLines).where(eq(poLines.id, first!.id));
    expect(stored).toEqual([]);
    // A line id of another order is refused.
    const other = await save(body());
    const foreign = await call('PUT', `${po}/${order.id}`, edit(saved, [asInput(other.lines[0]!)]));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ 'lines.0.id': ['The line is not on this purchase order.'] });
  });

  it('refuses a stale save (409) and lowering a quantity below what was received or billed', async () => {
    const order = await save(body());
    const newer = await save(edit(order, order.lines.map(asInput), { memo: 'Newer.' }), order.id);
    const stale = await call('PUT', `${po}/${order.id}`, edit(order, order.lines.map(asInput)));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This purchase order was changed by someone else. Reload it and try again.');

    await ctx.db.update(poLines).set({ receivedQty: '1', billedQty: '2' }).where(eq(poLines.id, newer.lines[1]!.id));
    const lower = await call(
      'PUT',
      `${po}/${order.id}`,
      edit(newer, [asInput(newer.lines[0]!), { ...asInput(newer.lines[1]!), quantity: '1.5' }]),
    );
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors).toEqual({
      'lines.1.quantity': ['The quantity may not be less than the 2.00 already billed.'],
    });
    const removed = await call('PUT', `${po}/${order.id}`, edit(newer, [asInput(newer.lines[0]!)]));
    expect(removed.statusCode).toBe(422);
    expect(removed.json().errors).toEqual({
      'lines.1.quantity': ['This line was received or billed, so it cannot be removed.'],
    });
    // Refused saves changed nothing; down to exactly what was billed is fine.
    const fine = await save(
      edit(newer, [asInput(newer.lines[0]!), { ...asInput(newer.lines[1]!), quantity: '2' }]),
      order.id,
    );
    expect(fine.lines.map((line) => line.quantity)).toEqual(['1.00', '2.00']);
  });

  it('ships to a stock location or a client site, not both', async () => {
    const both = await call('POST', po, body({ location_id: 1, ship_to_site_id: 1 }));
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ ship_to_site_id: ['Ship to a stock location or a client site, not both.'] });
    const unknown = await call('POST', po, body({ ship_to_site_id: 999999 }));
    expect(unknown.json().errors).toEqual({ ship_to_site_id: ['Choose a client site.'] });
  });

  it("takes the company from the project when none is chosen, and checks each line's item", async () => {
    const created = await save(body({ company_id: null }));
    expect([created.company_id, created.project_id]).toEqual([companyId, projectId]);
    const [item] = await ctx.db
      .insert(billingItems)
      .values({ name: 'FortiGate 60F', type: 'product', price: 700, cost: '512.40' })
      .returning({ id: billingItems.id });
    const withItem = await save(
      body({ lines: [{ item_id: item!.id, description: 'FortiGate', quantity: '1', unit_cost: '1' }] }),
    );
    expect(withItem.lines[0]).toMatchObject({ item_id: item!.id, item_name: 'FortiGate 60F' });
    const bad = await call(
      'POST',
      po,
      body({ lines: [{ item_id: 999999, description: 'X', quantity: '1', unit_cost: '1' }] }),
    );
    expect(bad.json().errors).toEqual({ 'lines.0.item_id': ['Choose an item.'] });
  });

  it('answers 422 per field in the product words', async () => {
    const response = await call('POST', po, {
      vendor_id: 'x',
      order_date: '2026-02-30',
      lines: [{ description: '', quantity: '0', unit_cost: '1.23456' }],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      vendor_id: ['Choose a vendor.'],
      order_date: ['The order date is not a valid date.'],
      'lines.0.description': ['The description field is required.'],
      'lines.0.quantity': ['The quantity must be a number greater than 0 with at most 2 decimals.'],
      'lines.0.unit_cost': ['The unit cost must be a number of at least 0 with at most 4 decimals.'],
    });
    const before = await call('POST', po, body({ expected_date: '2026-11-04', lines: [] }));
    expect(before.json().errors).toEqual({
      expected_date: ['The expected date must be on or after the order date.'],
      lines: ['Add at least one line.'],
    });
    const unknown = await call('POST', po, body({ vendor_id: 999999, company_id: 999999, project_id: 999999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      vendor_id: ['Choose a vendor.'],
      company_id: ['Choose a company.'],
      project_id: ['Choose a project.'],
    });
    const elsewhere = await call('POST', po, body({ company_id: otherCompanyId }));
    expect(elsewhere.json().errors).toEqual({ project_id: ['The project belongs to another company.'] });
  });

  it('closes an ordered order, cancels a draft or an untouched ordered one, and refuses the rest', async () => {
    const issue = async () => {
      const order = await save(body());
      await call('POST', `${po}/${order.id}/approve`, undefined, approverToken);
      return answerSchema.parse((await call('POST', `${po}/${order.id}/send`)).json()).data;
    };
    const draft = await save(body());
    expect((await call('POST', `${po}/${draft.id}/close`, undefined, approverToken)).json().message).toBe(
      'Only an ordered or partially received purchase order can be closed.',
    );
    const cancelled = answerSchema.parse((await call('POST', `${po}/${draft.id}/cancel`)).json());
    expect([cancelled.message, cancelled.data.status]).toEqual(['Purchase order cancelled.', 'cancelled']);
    const again = await call('POST', `${po}/${draft.id}/send`);
    expect([again.statusCode, again.json().message]).toEqual([
      422,
      'Only an approved or ordered purchase order can be sent.',
    ]);
    const edited = await call('PUT', `${po}/${draft.id}`, edit(draft, draft.lines.map(asInput)));
    expect([edited.statusCode, edited.json().message]).toEqual([
      422,
      'Only a draft or ordered purchase order can be changed.',
    ]);

    const ordered = await issue();
    expect((await call('POST', `${po}/${ordered.id}/cancel`)).statusCode).toBe(403);
    expect((await call('POST', `${po}/${ordered.id}/close`)).statusCode).toBe(403);
    const untouched = await call('POST', `${po}/${ordered.id}/cancel`, undefined, approverToken);
    expect(untouched.json().data.status).toBe('cancelled');

    const partial = await issue();
    await ctx.db.update(poLines).set({ receivedQty: '1' }).where(eq(poLines.id, partial.lines[0]!.id));
    await ctx.db.update(purchaseOrders).set({ status: 'partial' }).where(eq(purchaseOrders.id, partial.id));
    const refused = await call('POST', `${po}/${partial.id}/cancel`, undefined, approverToken);
    expect([refused.statusCode, refused.json().message]).toEqual([
      422,
      'Only a draft, or an ordered purchase order nothing was received on, can be cancelled.',
    ]);
    const tooLate = await call('PUT', `${po}/${partial.id}`, edit(partial, partial.lines.map(asInput)));
    expect(tooLate.statusCode).toBe(422);
    const closed = answerSchema.parse(
      (await call('POST', `${po}/${partial.id}/close`, undefined, approverToken)).json(),
    );
    expect([closed.message, closed.data.status, closed.data.received_pct]).toEqual([
      'Purchase order closed.',
      'closed',
      25,
    ]);
    expect((await call('POST', `${po}/${partial.id}/approve`, undefined, approverToken)).json().message).toBe(
      'Only a draft purchase order can be approved.',
    );
  });

  it('refuses to send to a vendor without an e-mail', async () => {
    const vendor = await call('POST', '/api/billing/vendors', { name: 'No Mail Supply' });
    const order = await save(body({ vendor_id: vendor.json().data.id }));
    await call('POST', `${po}/${order.id}/approve`, undefined, approverToken);
    const response = await call('POST', `${po}/${order.id}/send`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      vendor_id: ['The vendor has no e-mail address to send the purchase order to.'],
    });
    expect((await call('GET', `${po}/${order.id}`)).json().data.number).toBeNull();
  });

  it('lists with filters, the paginator and a CSV', async () => {
    const vendor = await call('POST', '/api/billing/vendors', { name: 'Listed Supply', email: 'l@example.test' });
    const listedVendor = vendor.json().data.id as number;
    const a = await save(body({ vendor_id: listedVendor, order_date: '2026-10-01', expected_date: null }));
    const b = await save(body({ vendor_id: listedVendor, order_date: '2026-10-02', expected_date: null }));
    await call('POST', `${po}/${b.id}/approve`, undefined, approverToken);
    await call('POST', `${po}/${b.id}/send`);
    const page = await call('GET', `${po}?vendor_id=${listedVendor}&per_page=1`);
    const parsed = z
      .object({
        data: z.array(rowSchema),
        total: z.number(),
        current_page: z.number(),
        per_page: z.number(),
        from: z.number().nullable(),
        to: z.number().nullable(),
        last_page: z.number(),
      })
      .strict()
      .parse(page.json());
    expect([parsed.total, parsed.last_page, parsed.data[0]!.id]).toEqual([2, 2, b.id]);
    expect(parsed.data[0]).toMatchObject({ vendor_name: 'Listed Supply', status: 'ordered', received_pct: 0 });
    const drafts = (await call('GET', `${po}?vendor_id=${listedVendor}&status=draft`)).json();
    expect(drafts.data.map((row: { id: number }) => row.id)).toEqual([a.id]);
    const dated = (await call('GET', `${po}?vendor_id=${listedVendor}&from=2026-10-02&to=2026-10-02`)).json();
    expect(dated.data.map((row: { id: number }) => row.id)).toEqual([b.id]);
    const number = (await call('GET', `${po}?number=${encodeURIComponent(parsed.data[0]!.number!)}`)).json();
    expect(number.data.map((row: { id: number }) => row.id)).toEqual([b.id]);
    expect((await call('GET', `${po}?per_page=501`)).statusCode).toBe(422);
    const csv = await call('GET', `${po}?vendor_id=${listedVendor}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const csvLines = csv.body.trim().split('\r\n');
    expect(csvLines[0]).toBe('PO #,Date,Vendor,Company,Project,Total,Received %,Billed %,Status,Expected');
    expect(csvLines.slice(1).map((line) => line.split(',')[8])).toEqual(['Ordered', 'Draft']);

    // Several statuses at once: the URL's 'draft,ordered', a repeated key, the CSV too; an unknown one is a 422.
    const ids = async (query: string) =>
      (await call('GET', `${po}?vendor_id=${listedVendor}&${query}`)).json().data.map((row: { id: number }) => row.id);
    expect(await ids('status=draft,ordered')).toEqual([b.id, a.id]);
    expect(await ids('status=ordered&status=draft')).toEqual([b.id, a.id]);
    expect(await ids('status=ordered,received')).toEqual([b.id]);
    expect(await ids('status=partial,received')).toEqual([]);
    expect(await ids('status=')).toEqual([b.id, a.id]);
    const both = await call('GET', `${po}?vendor_id=${listedVendor}&status=draft,partial&format=csv`);
    expect(
      both.body
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[8]),
    ).toEqual(['Draft']);
    const unknown = await call('GET', `${po}?status=ordered,shipped`);
    expect(unknown.statusCode).toBe(422);
    expect(Object.values(unknown.json().errors).flat()).toEqual([purchaseOrderStatusInvalidMessage]);
  });

  it("needs 'view billing', answers 404 for an unknown order, and never shows one to a client", async () => {
    expect((await call('POST', po, body(), plainToken)).statusCode).toBe(403);
    expect((await call('GET', po, undefined, plainToken)).statusCode).toBe(403);
    expect((await call('GET', po, undefined, clientToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/billing/vendors', { name: 'Dell' }, plainToken)).statusCode).toBe(403);
    expect((await call('PUT', `${po}/999999`, body())).statusCode).toBe(404);
    expect((await call('GET', `${po}/999999`)).statusCode).toBe(404);
    expect((await call('POST', `${po}/999999/send`)).statusCode).toBe(404);
    expect((await call('POST', `${po}/999999/cancel`)).statusCode).toBe(404);
    expect((await call('POST', `${po}/abc/approve`, undefined, approverToken)).statusCode).toBe(404);

    const order = await save(body());
    expect((await call('GET', `${po}/${order.id}`, undefined, clientToken)).statusCode).toBe(403);
    expect((await call('POST', `${po}/${order.id}/cancel`, undefined, clientToken)).statusCode).toBe(403);
    await call('POST', `${po}/${order.id}/approve`, undefined, approverToken);
    await call('POST', `${po}/${order.id}/send`);
    expect((await call('GET', `/api/pdf/po/${order.id}`, undefined, plainToken)).statusCode).toBe(403);
    // Bought for the client's own company and project, still the MSP's order: not there for the client.
    expect((await call('GET', `/api/pdf/po/${order.id}`, undefined, clientToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/revisions/po/${order.id}`, undefined, clientToken)).statusCode).toBe(404);
  });
});
