import { brandingSchema } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  multipartBody,
  type TestContext,
} from '../../../test/helpers.ts';
import { saveDocument } from './plain-documents.service.ts';

// Decision 0038: our letterhead, read by staff, changed by an administrator, drawn on documents made afterwards.

let ctx: TestContext;
let adminToken: string;
let staffToken: string;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
  const staff = await createUser(ctx.db);
  staffToken = (await login(ctx.app, staff.email, staff.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

const fields = {
  name: 'Harbor IT Services',
  address: '12 Dock Street, Portland, ME',
  phone: '(207) 555-0100',
  email: 'billing@harbor-it.example',
  website: 'https://harbor-it.example',
  primary_color: '#0c8599',
};
const post = async (values: Record<string, string | { blob: Blob; name: string }>, token = adminToken) => {
  const body = await multipartBody(values);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/branding',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

describe('branding', () => {
  it('answers the default letterhead to staff', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/branding', headers: bearer(staffToken) });
    expect(brandingSchema.parse(response.json().data)).toEqual({
      name: 'Switchboard IT',
      address: '',
      phone: '',
      email: '',
      website: '',
      primary_color: '#1c7ed6',
      logo_url: null,
    });
  });

  it('lets an administrator change it with a logo, serves the logo, and documents render with it', async () => {
    const response = await post({
      ...fields,
      logo: { blob: new Blob([png], { type: 'image/png' }), name: 'logo.png' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Branding Updated',
      data: { ...fields, logo_url: '/api/admin/branding/logo' },
    });
    const logo = await ctx.app.inject({ method: 'GET', url: '/api/admin/branding/logo', headers: bearer(staffToken) });
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(png)).toBe(true);
    const doc = await saveDocument(ctx.db, ctx.config.dataDir, { companyId: null, title: 'Letter', body: 'Hi' }, null);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/pdf/document/${doc.id}/0`,
      headers: bearer(staffToken),
    });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from('/Subtype /Image'))).toBe(true);

    const removed = await post({ ...fields, remove_logo: '1' });
    expect(removed.json().data.logo_url).toBeNull();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/branding/logo', headers: bearer(staffToken) }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 422 per field and refuses anyone but an administrator', async () => {
    const response = await post({
      name: ' ',
      email: 'not-an-email',
      website: 'harbor',
      primary_color: 'teal',
      logo: { blob: new Blob(['GIF89a'], { type: 'image/gif' }), name: 'logo.gif' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      website: ['The website must be a web address such as https://example.com.'],
      primary_color: ['The primary color must be a colour such as #1c7ed6.'],
      logo: ['The logo must be a PNG or JPEG image.'],
    });
    expect((await post(fields, staffToken)).statusCode).toBe(403);
  });
});
