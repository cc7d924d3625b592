import { purchaseOrderSavedSchema, vendorListSchema, vendorSavedSchema } from '@switchboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { companies } from '../companies/companies.table.ts';
import { projects } from '../projects/projects.table.ts';
import { poLines, purchaseOrders } from './purchase-orders.table.ts';

// Vendors and purchase orders (issue 17 part 1; designs/billing.md §3.3, §3.7): save, send as PO-000001 (revision
// 00 of its PDF), change (revision 01); staff with 'view billing' only, never a client account.

let ctx: TestContext;
let token: string;
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

describe('purchase orders', () => {
  // A vendor of their own, read only, so any of these tests runs without the vendor test above.
  beforeAll(async () => {
    const created = await call('POST', '/api/billing/vendors', { name: 'TD Synnex' });
    expect(created.statusCode).toBe(200);
    vendorId = created.json().data.id as number;
  });

  it('saves a draft, sends it as PO-000001 with revision 00, and a change makes revision 01', async () => {
    const created = await call('POST', '/api/billing/purchase-orders', body());
    expect(created.statusCode).toBe(200);
    const draft = purchaseOrderSavedSchema.strict().parse(created.json());
    const id = draft.data.id;
    expect(draft).toEqual({
      message: 'Purchase order saved.',
      data: { id, number: null, status: 'draft', revision: null },
    });
    // Lines priced once in cents: 3 × 1.3333 = 3.9999 → 4.00.
    const [po] = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    expect([po!.subtotal, po!.taxTotal, po!.total]).toEqual(['516.40', '0.00', '516.40']);
    const lines = await ctx.db.select().from(poLines).where(eq(poLines.poId, id)).orderBy(poLines.lineNo);
    expect(lines.map((line) => [line.lineNo, line.amount, line.receivedQty])).toEqual([
      [1, '512.40', '0.00'],
      [2, '4.00', '0.00'],
    ]);
    // A draft has no revision: the PDF call answers a preview.
    const preview = await call('GET', `/api/pdf/po/${id}`);
    expect(preview.headers['content-disposition']).toContain('Purchase-Order-Draft-');

    const sent = await call('POST', `/api/billing/purchase-orders/${id}/send`);
    expect(sent.json()).toEqual({
      message: 'Purchase order sent.',
      data: { id, number: 'PO-000001', status: 'ordered', revision: 0 },
    });
    const [ordered] = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    expect(ordered!.sentAt).toBeInstanceOf(Date);
    const changed = await call(
      'PUT',
      `/api/billing/purchase-orders/${id}`,
      body({ memo: 'Deliver to the back door.' }),
    );
    expect(changed.json()).toEqual({
      message: 'Purchase order saved.',
      data: { id, number: 'PO-000001', status: 'ordered', revision: 1 },
    });
    const same = await call('PUT', `/api/billing/purchase-orders/${id}`, body({ memo: 'Deliver to the back door.' }));
    expect(same.json().data.revision).toBe(1);
    // Sending again keeps the number and makes no revision.
    expect((await call('POST', `/api/billing/purchase-orders/${id}/send`)).json().data).toMatchObject({
      number: 'PO-000001',
      revision: 1,
    });

    const revisions = await call('GET', `/api/revisions/po/${id}`);
    expect(revisions.json().data.map((row: { label: string }) => row.label)).toEqual(['00', '01']);
    expect(revisions.json().document).toEqual({
      type: 'po',
      id,
      title: 'Purchase Order PO-000001',
      file_name: 'Purchase-Order-PO-000001.pdf',
    });
    const pdf = await call('GET', `/api/pdf/po/${id}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('Purchase-Order-PO-000001-01.pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    // The next order sent takes the next number.
    const next = await call('POST', '/api/billing/purchase-orders', body({ company_id: null, project_id: null }));
    const nextId = next.json().data.id as number;
    expect((await call('POST', `/api/billing/purchase-orders/${nextId}/send`)).json().data.number).toBe('PO-000002');
  });

  it('takes the company from the project when none is chosen', async () => {
    const created = await call('POST', '/api/billing/purchase-orders', body({ company_id: null }));
    const [po] = await ctx.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, created.json().data.id));
    expect([po!.companyId, po!.projectId]).toEqual([companyId, projectId]);
  });

  it('answers 422 per field in the product words', async () => {
    const response = await call('POST', '/api/billing/purchase-orders', {
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
    const before = await call('POST', '/api/billing/purchase-orders', body({ expected_date: '2026-11-04', lines: [] }));
    expect(before.json().errors).toEqual({
      expected_date: ['The expected date must be on or after the order date.'],
      lines: ['Add at least one line.'],
    });
    const unknown = await call(
      'POST',
      '/api/billing/purchase-orders',
      body({ vendor_id: 999999, company_id: 999999, project_id: 999999 }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      vendor_id: ['Choose a vendor.'],
      company_id: ['Choose a company.'],
      project_id: ['Choose a project.'],
    });
    const elsewhere = await call('POST', '/api/billing/purchase-orders', body({ company_id: otherCompanyId }));
    expect(elsewhere.json().errors).toEqual({ project_id: ['The project belongs to another company.'] });
  });

  it("needs 'view billing', answers 404 for an unknown order, and never shows one to a client", async () => {
    expect((await call('POST', '/api/billing/purchase-orders', body(), plainToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/billing/vendors', { name: 'Dell' }, plainToken)).statusCode).toBe(403);
    expect((await call('GET', '/api/billing/vendors', undefined, plainToken)).statusCode).toBe(403);
    expect((await call('PUT', '/api/billing/purchase-orders/999999', body())).statusCode).toBe(404);
    expect((await call('POST', '/api/billing/purchase-orders/999999/send')).statusCode).toBe(404);

    const created = await call('POST', '/api/billing/purchase-orders', body());
    const id = created.json().data.id as number;
    await call('POST', `/api/billing/purchase-orders/${id}/send`);
    expect((await call('GET', `/api/pdf/po/${id}`, undefined, plainToken)).statusCode).toBe(403);
    // Bought for the client's own company and project, still the MSP's order: not there for the client.
    expect((await call('GET', `/api/pdf/po/${id}`, undefined, clientToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/pdf/po/${id}/0`, undefined, clientToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/revisions/po/${id}`, undefined, clientToken)).statusCode).toBe(404);
  });

  it('refuses to change an order once goods were received', async () => {
    const created = await call('POST', '/api/billing/purchase-orders', body());
    const id = created.json().data.id as number;
    await call('POST', `/api/billing/purchase-orders/${id}/send`);
    await ctx.db.update(purchaseOrders).set({ status: 'partial' }).where(eq(purchaseOrders.id, id));
    const response = await call('PUT', `/api/billing/purchase-orders/${id}`, body({ memo: 'Too late.' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Only a draft or ordered purchase order can be changed.');
  });
});
