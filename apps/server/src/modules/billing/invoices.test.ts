import { projectDetailSchema, type ProjectDetail } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { companies } from '../companies/companies.table.ts';

// Issue 18 part 8 and issue 17 part 1 (decision 0045): a project's deposit invoice, posted as INV-000001 with revision
// 00 of its invoice PDF, listed in the project's Client Payment Invoices; the client reads its own only.

let ctx: TestContext;
let billingToken: string;
let plainToken: string;
let clientToken: string;
let outsiderToken: string;
let projectId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const [{ id: companyId }, { id: otherId }] = await ctx.db
    .insert(companies)
    .values([{ name: 'Deposit Dental' }, { name: 'Elsewhere' }])
    .returning({ id: companies.id });
  const billing = await createUser(ctx.db, { permissions: ['view billing'] });
  billingToken = (await login(ctx.app, billing.email, billing.password)).access_token;
  const plain = await createUser(ctx.db);
  plainToken = (await login(ctx.app, plain.email, plain.password)).access_token;
  const client = await createUser(ctx.db, { type: 'Client', companyId });
  clientToken = (await login(ctx.app, client.email, client.password)).access_token;
  const outsider = await createUser(ctx.db, { type: 'Client', companyId: otherId });
  outsiderToken = (await login(ctx.app, outsider.email, outsider.password)).access_token;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/project',
    headers: bearer(plainToken),
    payload: {
      title: 'Server room',
      company_id: companyId,
      labor_required: 0,
      procurement_required: 0,
      verbally_approved: 0,
    },
  });
  projectId = created.json<{ data: { id: number } }>().data.id;
});
afterAll(async () => {
  await ctx.close();
});

const deposit = (payload: object, token = billingToken) =>
  ctx.app.inject({ method: 'POST', url: '/api/billing/invoices/deposit', headers: bearer(token), payload });
const get = (url: string, token = billingToken) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('deposit invoices', () => {
  it('refuses bad amounts per field and staff without view billing', async () => {
    for (const amount of ['0', '-5', '12.345', 'abc']) {
      const response = await deposit({ project_id: projectId, amount });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ amount: ['The amount must be more than 0 with at most 2 decimals.'] });
    }
    expect((await deposit({ project_id: projectId, amount: '10' }, plainToken)).statusCode).toBe(403);
    expect((await deposit({ project_id: 999999, amount: '10' })).statusCode).toBe(404);
  });

  it('posts INV-000001 with its PDF revision 00, listed on the project for staff and its client', async () => {
    const response = await deposit({ project_id: projectId, amount: '1250.50', memo: 'Half up front.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Deposit invoice created.');
    const invoiceId = response.json<{ data: { id: number } }>().data.id;
    const detail = async (token: string) =>
      expectExactShape(
        projectDetailSchema,
        (await get(`/api/project/${projectId}`, token)).json<{ data: ProjectDetail }>().data,
      );
    const [invoice] = (await detail(plainToken)).invoices;
    expect(invoice).toMatchObject({
      id: invoiceId,
      number: 'INV-000001',
      type: 'project_deposit',
      status: 'posted',
      total: 1250.5,
      balance: 1250.5,
    });
    expect(invoice!.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await detail(clientToken)).invoices.map((row) => row.id)).toEqual([invoiceId]);

    const revisions = await get(`/api/revisions/invoice/${invoiceId}`);
    expect(revisions.json().data.map((row: { label: string }) => row.label)).toEqual(['00']);
    expect(revisions.json().document.title).toBe('Invoice INV-000001');
    const pdf = await get(`/api/pdf/invoice/${invoiceId}`, clientToken);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await get(`/api/pdf/invoice/${invoiceId}`, outsiderToken)).statusCode).toBe(404);
    // Staff need 'view billing' for billing documents (decision 0038).
    expect((await get(`/api/pdf/invoice/${invoiceId}`, plainToken)).statusCode).toBe(403);

    const second = await deposit({ project_id: projectId, amount: '100' });
    const ids = (await detail(plainToken)).invoices.map((row) => row.number);
    expect(ids).toEqual(['INV-000002', 'INV-000001']);
    expect(second.statusCode).toBe(200);
  });
});
