import {
  proposalDetailSchema,
  proposalMessages,
  proposalRowSchema,
  publicProposalSchema,
  type ProposalInput,
} from '@switchboard/shared/crm-proposals';
import { crmLeadChannel } from '@switchboard/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redactUrl } from '../../app.ts';
import { bearer, createTestContext, createUser, login, type TestContext } from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, receivesWithin, subscribe } from '../../../test/realtime.ts';
import { settleBackgroundMail } from '../../plugins/mail.ts';
import { outbox } from '../mail/mail.table.ts';
import { crmProposals } from './crm-proposals.table.ts';
import { crmLeads } from './crm.table.ts';

// CRM proposals (designs/crm-softphone.md §4.7, §5): gates, 422s, exact totals in cents, the lead's visibility, the
// PDF through the documents module, Send mailing a single-use link, the public page answering once, expiry and the
// per-address throttle.

let ctx: TestContext;
let manager: string;
let agent: string;
let otherAgent: string;
let plain: string;
let client: string;
let agentId: number;
let ownLead: number;
let otherLead: number;

const pageSchema = z
  .object({
    data: z.array(proposalRowSchema),
    total: z.number(),
    current_page: z.number(),
    per_page: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    last_page: z.number(),
  })
  .strict();
const savedSchema = z.object({ message: z.string(), data: proposalDetailSchema }).strict();

beforeAll(async () => {
  ctx = await createTestContext();
  const boss = await createUser(ctx.db, { name: 'Mona Manager', permissions: ['view crm', 'manage crm'] });
  manager = (await login(ctx.app, boss.email, boss.password)).access_token;
  const a = await createUser(ctx.db, { name: 'Andy Agent', permissions: ['view crm'] });
  agentId = a.id;
  agent = (await login(ctx.app, a.email, a.password)).access_token;
  const b = await createUser(ctx.db, { name: 'Bea Other', permissions: ['view crm'] });
  otherAgent = (await login(ctx.app, b.email, b.password)).access_token;
  const p = await createUser(ctx.db, { name: 'Pat Plain' });
  plain = (await login(ctx.app, p.email, p.password)).access_token;
  const c = await createUser(ctx.db, { type: 'Client', permissions: ['view crm', 'manage crm'] });
  client = (await login(ctx.app, c.email, c.password)).access_token;
  const leads = await ctx.db
    .insert(crmLeads)
    .values([
      { companyName: 'Acme Dental', firstName: 'Ann', email: 'ann@acme-dental.test', managerId: a.id, status: 1 },
      { companyName: 'Bea Law', email: 'office@bea-law.test', managerId: b.id, status: 1 },
    ])
    .returning({ id: crmLeads.id });
  ownLead = leads[0]!.id;
  otherLead = leads[1]!.id;
});
afterAll(async () => {
  await ctx?.close();
});

const input = (overrides: Partial<ProposalInput> = {}): ProposalInput => ({
  lead_id: ownLead,
  title: 'Managed IT for Acme',
  valid_until: '2099-12-31',
  lines: [
    { kind: 'monthly', description: 'Managed workstation', quantity: 12, unit_price: 45.5 },
    { kind: 'monthly', description: 'Backup', quantity: 1.5, unit_price: 33.33 },
    { kind: 'one_time', description: 'Onboarding', quantity: 1, unit_price: 1200 },
    { kind: 'one_time', description: 'Cabling', quantity: 0.33, unit_price: 0.05 },
  ],
  ...overrides,
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function create(token = agent, body: ProposalInput = input()) {
  const response = await call('POST', '/crm/proposals', token, body);
  expect(response.statusCode, response.body).toBe(200);
  return savedSchema.parse(response.json()).data;
}

let ipCounter = 0;
const freshIp = () => `10.9.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;
const publicGet = (token: string, ip = freshIp()) =>
  ctx.app.inject({ method: 'GET', url: `/api/public/proposals/${token}`, remoteAddress: ip });
const publicPost = (token: string, payload: object, ip = freshIp()) =>
  ctx.app.inject({ method: 'POST', url: `/api/public/proposals/${token}`, payload, remoteAddress: ip });

async function sendAndLink(id: number, token = agent, body: object = {}) {
  const response = await call('POST', `/crm/proposals/${id}/send`, token, body);
  expect(response.statusCode, response.body).toBe(200);
  await settleBackgroundMail(ctx.app.db);
  const [mail] = await ctx.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
  const match = /\/proposal\/([A-Za-z0-9_-]+)/.exec(mail!.text);
  if (!match) throw new Error('no link in the mail');
  return { mail: mail!, link: match[1]!, data: savedSchema.parse(response.json()).data };
}

describe('gates', () => {
  it('needs a signed-in employee with view crm', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/proposals' })).statusCode).toBe(401);
    expect((await call('GET', '/crm/proposals', plain)).statusCode).toBe(403);
    expect((await call('GET', '/crm/proposals', client)).statusCode).toBe(403);
    expect((await call('POST', '/crm/proposals', plain, input())).statusCode).toBe(403);
    expect((await call('GET', '/crm/proposals', agent)).statusCode).toBe(200);
  });
});

describe('create, totals and 422s', () => {
  it('stores exact totals in cents, each line rounded once half away from zero', async () => {
    const proposal = await create();
    // 12 x 45.50 = 546.00; 1.5 x 33.33 = 49.995 -> 50.00; monthly 596.00. 1200.00 + 0.33 x 0.05 = 0.0165 -> 0.02.
    expect(proposal.monthly_total).toBe(596);
    expect(proposal.one_time_total).toBe(1200.02);
    expect(proposal.lines.map((line) => line.amount)).toEqual([546, 50, 1200, 0.02]);
    expect(proposal.status).toBe('draft');
    expect(proposal.agent).toEqual({ id: agentId, name: 'Andy Agent' });
    const [row] = await ctx.db
      .select({ monthly: sql<string>`monthly_total::text`, oneTime: sql<string>`one_time_total::text` })
      .from(crmProposals)
      .where(eq(crmProposals.id, proposal.id));
    expect(row).toEqual({ monthly: '596.00', oneTime: '1200.02' });
  });

  it('adds 0.1 + 0.2 as 0.30, not a float sum', async () => {
    const proposal = await create(agent, {
      ...input(),
      lines: [
        { kind: 'monthly', description: 'A', quantity: 1, unit_price: 0.1 },
        { kind: 'monthly', description: 'B', quantity: 1, unit_price: 0.2 },
      ],
    });
    expect(proposal.monthly_total).toBe(0.3);
    expect(proposal.one_time_total).toBe(0);
  });

  it('refuses bad input with messages per field', async () => {
    const cases: [object, string, string][] = [
      [{ ...input(), title: '' }, 'title', 'The title field is required.'],
      [{ ...input(), lines: [] }, 'lines', 'Add at least one line.'],
      [
        { ...input(), lines: [{ kind: 'monthly', description: 'x', quantity: 1, unit_price: 10.005 }] },
        'lines.0.unit_price',
        proposalMessages.priceDecimals,
      ],
      [
        { ...input(), lines: [{ kind: 'monthly', description: 'x', quantity: 1.005, unit_price: 10 }] },
        'lines.0.quantity',
        proposalMessages.quantityDecimals,
      ],
      [
        { ...input(), lines: [{ kind: 'monthly', description: 'x', quantity: -2, unit_price: 10 }] },
        'lines.0.quantity',
        proposalMessages.quantityPositive,
      ],
      [
        { ...input(), lines: [{ kind: 'monthly', description: 'x', quantity: 1, unit_price: -1 }] },
        'lines.0.unit_price',
        proposalMessages.priceNegative,
      ],
      [
        { ...input(), lines: [{ kind: 'weekly', description: 'x', quantity: 1, unit_price: 1 }] },
        'lines.0.kind',
        'Choose monthly or one-time.',
      ],
      [
        {
          ...input(),
          lines: [{ kind: 'monthly', description: 'x', quantity: 99_999_999, unit_price: 9_999_999_999 }],
        },
        'lines',
        proposalMessages.totalMax,
      ],
      [{ ...input(), valid_until: '2025-02-30' }, 'valid_until', 'The valid until is not a valid date.'],
      [{ ...input(), lead_id: otherLead }, 'lead_id', proposalMessages.lead],
      [{ ...input(), lead_id: 999_999 }, 'lead_id', proposalMessages.lead],
    ];
    const before = await ctx.db.$count(crmProposals);
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/crm/proposals', agent, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      expect(response.json().errors[field], response.body).toContain(message);
    }
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/crm/proposals',
      headers: { ...bearer(agent), 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(await ctx.db.$count(crmProposals)).toBe(before);
  });
});

describe('visibility', () => {
  it("answers 404 for a proposal of a lead the agent cannot see, everywhere, and lists only the agent's", async () => {
    const mine = await create();
    const theirs = await create(otherAgent, { ...input(), lead_id: otherLead, title: 'Law firm offer' });
    for (const [method, url, body] of [
      ['GET', `/crm/proposals/${theirs.id}`],
      ['PUT', `/crm/proposals/${theirs.id}`, input({ lead_id: otherLead })],
      ['DELETE', `/crm/proposals/${theirs.id}`],
      ['POST', `/crm/proposals/${theirs.id}/send`, {}],
      ['GET', `/pdf/proposal/${theirs.id}`],
      ['GET', `/revisions/proposal/${theirs.id}`],
    ] as const) {
      const response = await call(method, url, agent, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = pageSchema.parse((await call('GET', '/crm/proposals?per_page=500', agent)).json());
    expect(list.data.map((row) => row.id)).toContain(mine.id);
    expect(list.data.some((row) => row.lead.id === otherLead)).toBe(false);
    // 'manage crm' sees every lead, so every proposal.
    const all = pageSchema.parse((await call('GET', '/crm/proposals?per_page=500', manager)).json());
    expect(all.data.map((row) => row.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await call('GET', `/pdf/proposal/${theirs.id}`, manager)).statusCode).toBe(200);
    // A client account never reads the PDF.
    expect((await call('GET', `/pdf/proposal/${mine.id}`, client)).statusCode).toBe(404);
  });
});

describe('send and the public link', () => {
  it('mails a link to the lead, makes revision 00 and answers the public page with only this proposal', async () => {
    const proposal = await create();
    const { mail, link, data } = await sendAndLink(proposal.id);
    expect(mail.to).toBe('ann@acme-dental.test');
    expect(mail.subject).toBe('Proposal: Managed IT for Acme');
    expect(data.status).toBe('sent');
    expect(data.sent_at).not.toBeNull();
    expect(data.sent_to).toBe('ann@acme-dental.test');
    const [stored] = await ctx.db
      .select({ hash: crmProposals.linkTokenHash })
      .from(crmProposals)
      .where(eq(crmProposals.id, proposal.id));
    expect(stored!.hash).not.toContain(link);
    expect(stored!.hash).toMatch(/^[0-9a-f]{64}$/);
    const revisions = await call('GET', `/revisions/proposal/${proposal.id}`, agent);
    expect(revisions.json().data.map((r: { label: string }) => r.label)).toEqual(['00']);

    const page = await publicGet(link);
    expect(page.statusCode, page.body).toBe(200);
    const shown = z.object({ data: publicProposalSchema }).strict().parse(page.json()).data;
    expect(shown).toMatchObject({ title: 'Managed IT for Acme', company_name: 'Acme Dental', monthly_total: 596 });
    expect(shown.has_pdf).toBe(true);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/proposals/${link}/pdf`,
      remoteAddress: '10.8.0.1',
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sends to a typed address and refuses a lead without one', async () => {
    const noMail = (
      await ctx.db.insert(crmLeads).values({ companyName: 'No Mail Inc', managerId: agentId }).returning()
    )[0]!;
    const proposal = await create(agent, input({ lead_id: noMail.id }));
    const refused = await call('POST', `/crm/proposals/${proposal.id}/send`, agent, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.to).toEqual([proposalMessages.noRecipient]);
    const bad = await call('POST', `/crm/proposals/${proposal.id}/send`, agent, { to: 'not-an-address' });
    expect(bad.statusCode).toBe(422);
    const { mail } = await sendAndLink(proposal.id, agent, { to: 'owner@nomail.test', message: 'Hello there' });
    expect(mail.to).toBe('owner@nomail.test');
    expect(mail.text).toContain('Hello there');
  });

  it('accepts once: a second answer is 409 and changes nothing', async () => {
    const proposal = await create();
    const { link } = await sendAndLink(proposal.id);
    const noName = await publicPost(link, { decision: 'accept', name: '  ' });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name).toEqual([proposalMessages.nameRequired]);
    const accepted = await publicPost(link, { decision: 'accept', name: 'Ann Acme' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: proposalMessages.accepted });
    const again = await publicPost(link, { decision: 'decline', name: 'Someone Else' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(proposalMessages.linkUsed);
    expect((await publicGet(link)).statusCode).toBe(409);
    const detail = proposalDetailSchema.parse((await call('GET', `/crm/proposals/${proposal.id}`, agent)).json().data);
    expect(detail).toMatchObject({ status: 'accepted', decided_by_name: 'Ann Acme' });
    expect(detail.decided_at).not.toBeNull();
    // An answered proposal is kept as it was answered.
    const edit = await call('PUT', `/crm/proposals/${proposal.id}`, agent, input({ title: 'Changed' }));
    expect(edit.statusCode).toBe(422);
    expect(edit.json().errors.status).toEqual([proposalMessages.onlyOpenChange]);
    expect((await call('POST', `/crm/proposals/${proposal.id}/send`, agent, {})).statusCode).toBe(422);
    expect((await call('DELETE', `/crm/proposals/${proposal.id}`, agent)).statusCode).toBe(422);
  });

  it('two answers at once: exactly one passes', async () => {
    const proposal = await create();
    const { link } = await sendAndLink(proposal.id);
    const answers = await Promise.all([
      publicPost(link, { decision: 'accept', name: 'One' }),
      publicPost(link, { decision: 'decline', name: 'Two' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('declines, and an unknown or malformed token is 404', async () => {
    const proposal = await create();
    const { link } = await sendAndLink(proposal.id);
    expect((await publicPost(link, { decision: 'decline', name: 'Ann' })).json()).toEqual({
      message: proposalMessages.declined,
    });
    const list = pageSchema.parse((await call('GET', '/crm/proposals?status=declined&per_page=500', agent)).json());
    expect(list.data.map((row) => row.id)).toContain(proposal.id);
    expect((await publicGet('A'.repeat(43))).statusCode).toBe(404);
    expect((await publicGet('short')).statusCode).toBe(404);
    expect((await publicPost('A'.repeat(43), { decision: 'accept', name: 'X' })).statusCode).toBe(404);
  });

  it('a new send replaces the old link; editing a sent proposal makes a new revision', async () => {
    const proposal = await create();
    const first = await sendAndLink(proposal.id);
    const edit = await call('PUT', `/crm/proposals/${proposal.id}`, agent, input({ title: 'Managed IT, revised' }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(savedSchema.parse(edit.json()).data.status).toBe('sent');
    const revisions = await call('GET', `/revisions/proposal/${proposal.id}`, agent);
    expect(revisions.json().data.map((r: { label: string }) => r.label)).toEqual(['00', '01']);
    const second = await sendAndLink(proposal.id);
    expect((await publicGet(first.link)).statusCode).toBe(404);
    expect((await publicGet(second.link)).statusCode).toBe(200);
  });

  it('is expired once valid until has passed: listed as expired, the link answers 410, send is refused', async () => {
    const proposal = await create();
    const { link } = await sendAndLink(proposal.id);
    await ctx.db.update(crmProposals).set({ validUntil: '2020-01-01' }).where(eq(crmProposals.id, proposal.id));
    const detail = proposalDetailSchema.parse((await call('GET', `/crm/proposals/${proposal.id}`, agent)).json().data);
    expect(detail.status).toBe('expired');
    const expired = pageSchema.parse((await call('GET', '/crm/proposals?status=expired&per_page=500', agent)).json());
    expect(expired.data.map((row) => row.id)).toContain(proposal.id);
    const sent = pageSchema.parse((await call('GET', '/crm/proposals?status=sent&per_page=500', agent)).json());
    expect(sent.data.map((row) => row.id)).not.toContain(proposal.id);
    expect((await publicGet(link)).statusCode).toBe(410);
    const answer = await publicPost(link, { decision: 'accept', name: 'Late' });
    expect(answer.statusCode).toBe(410);
    expect(answer.json().message).toBe(proposalMessages.linkExpired);
    const resend = await call('POST', `/crm/proposals/${proposal.id}/send`, agent, {});
    expect(resend.statusCode).toBe(422);
    expect(resend.json().errors.valid_until).toEqual([proposalMessages.validUntilPassed]);
  });

  it('a link past its own expiry answers 410', async () => {
    const proposal = await create();
    const { link } = await sendAndLink(proposal.id);
    await ctx.db
      .update(crmProposals)
      .set({ linkExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(crmProposals.id, proposal.id));
    expect((await publicGet(link)).statusCode).toBe(410);
    expect((await publicPost(link, { decision: 'accept', name: 'X' })).statusCode).toBe(410);
  });

  it('counts public requests per address and refuses past the limit (429)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 65; i += 1) codes.push((await publicGet('B'.repeat(43), '10.250.0.1')).statusCode);
    expect(codes.filter((code) => code === 404)).toHaveLength(60);
    expect(codes.filter((code) => code === 429)).toHaveLength(5);
    expect((await publicGet('B'.repeat(43), '10.250.0.2')).statusCode).toBe(404);
  });
});

describe('request logs', () => {
  it('redact the link token of the page and the public calls, not the staff PDF path', () => {
    expect(redactUrl('/proposal/abcDEF_123-x')).toBe('/proposal/[redacted]');
    expect(redactUrl('/api/public/proposals/abcDEF_123-x/pdf')).toBe('/api/public/proposals/[redacted]/pdf');
    expect(redactUrl('/api/pdf/proposal/12')).toBe('/api/pdf/proposal/12');
  });
});

describe('delete', () => {
  it('deletes a draft, refuses a sent one', async () => {
    const draft = await create();
    expect((await call('DELETE', `/crm/proposals/${draft.id}`, agent)).statusCode).toBe(200);
    expect((await call('GET', `/crm/proposals/${draft.id}`, agent)).statusCode).toBe(404);
    const sent = await create();
    await sendAndLink(sent.id);
    const refused = await call('DELETE', `/crm/proposals/${sent.id}`, agent);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status).toEqual([proposalMessages.onlyDraftDelete]);
  });
});

describe('on the lead timeline, live (decision 0146)', () => {
  it("pushes a send and the public page's answer on crm_lead_{id}, to the lead's viewers only", async () => {
    const baseUrl = await listenForSockets(ctx.app);
    const [viewer, stranger] = [await connectSocket(baseUrl, agent), await connectSocket(baseUrl, otherAgent)];
    try {
      expect(await subscribe(viewer, crmLeadChannel(ownLead))).toMatchObject({ ok: true });
      expect(await subscribe(stranger, crmLeadChannel(ownLead))).toMatchObject({ ok: false });
      const proposal = await create();
      const sent = nextEvent(viewer, 'LeadProposalUpdated', (row) => (row as { status: string }).status === 'sent');
      const strangerHears = receivesWithin(stranger, 'LeadProposalUpdated', 1500);
      const { link } = await sendAndLink(proposal.id);
      const [sentRow] = await sent;
      expect(proposalRowSchema.parse(sentRow)).toMatchObject({ id: proposal.id, lead: { id: ownLead } });
      expect((sentRow as { sent_at: string | null }).sent_at).not.toBeNull();

      // The client answers on the public page, signed in as nobody: the agent's timeline hears it.
      const answered = nextEvent(viewer, 'LeadProposalUpdated', (row) => (row as { status: string }).status !== 'sent');
      expect((await publicPost(link, { decision: 'decline', name: 'Ann Acme' })).statusCode).toBe(200);
      const [answeredRow] = await answered;
      expect(proposalRowSchema.parse(answeredRow)).toMatchObject({ id: proposal.id, status: 'declined' });
      expect(await strangerHears).toBe(false);
    } finally {
      viewer.close();
      stranger.close();
    }
  });
});
