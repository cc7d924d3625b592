import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { companies, sites } from './companies.table.ts';

// Issue 26 §6: the company-area messages no test named (site information, flags, network grades, devices, tech
// information attachments, the employee photo), triggered through the routes and asserted as literal text.

let ctx: TestContext;
let staff: string;
let admin: string;
let companyId: number;
let siteId: number;

// Read-only for every test: the member of staff, the administrator, the company and its site.
beforeAll(async () => {
  ctx = await createTestContext();
  const employee = await createUser(ctx.db, { name: 'Cy Company' });
  staff = (await login(ctx.app, employee.email, employee.password)).access_token;
  const administrator = await createUser(ctx.db, { name: 'Ada Admin', role: 'admin' });
  admin = (await login(ctx.app, administrator.email, administrator.password)).access_token;
  [{ id: companyId }] = await ctx.db.insert(companies).values({ name: 'Message Co' }).returning();
  [{ id: siteId }] = await ctx.db.insert(sites).values({ companyId, name: 'HQ', city: 'Austin' }).returning();
});
afterAll(async () => {
  await ctx.close();
});

const send = (method: 'POST' | 'PUT', url: string, payload: object, token = staff) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload });

describe('company area messages', () => {
  it("answers 'Site information updated.' when a site's information is saved", async () => {
    const saved = await send('POST', '/api/companies/sites.info', { id: siteId, parking_info: 'Rear lot' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Site information updated.');
  });

  it("answers 'Flag has been updated.' when a saved flag is saved again", async () => {
    const created = await send('POST', '/api/companies/flags/', { company_id: companyId, flag: 'Call first' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    const updated = await send('POST', '/api/companies/flags/', {
      id,
      company_id: companyId,
      flag: 'Call an hour ahead',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ message: 'Flag has been updated.', data: { id } });
  });

  it("answers 'Network grade updated.' when a grade is saved again", async () => {
    const form = (
      await ctx.app.inject({ method: 'GET', url: '/api/save/networkgrade/form', headers: bearer(staff) })
    ).json<{ data: { questions: { id: number }[] }[] }>().data;
    const questions = form
      .flatMap((section) => section.questions)
      .map((question) => ({ id: question.id, answer: 1, notes: 'Checked on site' }));
    const grade = { company_id: companyId, site_id: siteId, questions };
    const created = await send('POST', '/api/companies/netgrade', grade);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    const updated = await send('PUT', `/api/companies/netgrade/update/${id}`, grade);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ message: 'Network grade updated.', data: { id } });
  });

  it("answers 'Device updated.' when a device is saved", async () => {
    const device = { company_id: companyId, site_id: siteId, type: 'workstations', name: 'WS01' };
    const created = await send('POST', '/api/devices', device);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ data: { id: number } }>().data.id;
    const updated = await send('PUT', `/api/devices/${id}`, { ...device, name: 'WS01-B' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ message: 'Device updated.', data: { id } });
  });

  it('refuses a tech information attachment over 20 MB', async () => {
    const form = await multipartBody({
      company_id: String(companyId),
      notes: 'Closet B',
      'attachments[]': {
        blob: new Blob([new Uint8Array(20 * 1024 * 1024 + 1)], { type: 'application/pdf' }),
        name: 'scan.pdf',
      },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies/sites/tech.info',
      headers: { ...bearer(staff), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({
      attachments: ['Each attachment may not be greater than 20480 kilobytes.'],
    });
  });

  it("refuses an employee's photo over 2 MB", async () => {
    const employee = await createUser(ctx.db, { name: 'Pat Photo' });
    const form = await multipartBody({
      name: 'Pat Photo',
      photo: { blob: new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }), name: 'me.png' },
    });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/users/employee/${employee.id}`,
      headers: { ...bearer(admin), ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors.photo).toEqual(['The photo may not be greater than 2048 kilobytes.']);
  });
});
