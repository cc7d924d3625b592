import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { receiveInboundMail } from './inbound-mail.service.ts';

// Issue 26 §6: 'Marked as reviewed.' (the held mail list's Reviewed action) asserted as literal text.

let ctx: TestContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser(ctx.db, { role: 'admin' });
  adminToken = (await login(ctx.app, admin.email, admin.password)).access_token;
});
afterAll(async () => {
  await ctx.close();
});

describe('held mail messages', () => {
  it("answers 'Marked as reviewed.' when an administrator marks a held mail reviewed", async () => {
    const info = await createTransport({ streamTransport: true, buffer: true }).sendMail({
      from: 'Nina Newcomer <nina@newcomer.example>',
      to: 'helpdesk@switchboard.local',
      subject: 'Scanner',
      text: 'Our scanner stopped working this morning.',
    });
    const held = await receiveInboundMail(ctx.db, ctx.config.dataDir, info.message as Buffer, {
      auth: {
        spf: 'none',
        dkim: 'none',
        dmarc: 'none',
        verified: false,
        summary: 'Not verified: no SPF or DKIM pass for newcomer.example',
      },
    });
    if (held.kind !== 'held') throw new Error(`expected the mail to be held, got ${held.kind}`);
    const reviewed = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/held-mail/${held.heldId}/reviewed`,
      headers: bearer(adminToken),
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toEqual({ message: 'Marked as reviewed.' });
  });
});
