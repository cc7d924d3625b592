import { crmLeadChannel } from '@switchboard/shared';
import { phoneKeyCases } from '@switchboard/shared/crm';
import {
  crmSettingsAnswerSchema,
  leadDetailSchema,
  leadNoteSchema,
  leadsPageSchema,
  leadSchema,
  searchContactsAnswerSchema,
  leadCallsPageSchema,
  leadNotesPageSchema,
  leadContactSchema,
} from '@switchboard/shared/crm-leads';
import { eq, sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  createUser,
  login,
  type TestContext,
  type TestUser,
} from '../../../test/helpers.ts';
import { connectSocket, listenForSockets, nextEvent, receivesWithin, subscribe } from '../../../test/realtime.ts';
import { expectExactShape } from '../../../test/shapes.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { timezones } from '../reference/reference.table.ts';
import { employees } from '../users/employees.table.ts';
import { agentToday } from './crm-leads-read.ts';
import { applyDisposition } from './crm-leads.service.ts';
import { crmCalls, crmDoNotCall, crmLeadContacts, crmLeadCounts, crmLeads, crmSettings } from './crm.table.ts';

// The leads API (designs/crm-softphone.md §4.1-§4.2, §5, §6): gates, visibility, 422 bodies, filters and counts,
// the counts trigger, phone keys in SQL, shapes, live events.

let ctx: TestContext;
let agent: TestUser;
let agentToken: string;
let other: TestUser;
let otherToken: string;
let boss: TestUser;
let bossToken: string;
let plainToken: string;
let clientToken: string;
const sockets: Socket[] = [];

const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function insertLead(values: Partial<typeof crmLeads.$inferInsert> & { companyName: string }) {
  const [row] = await ctx.db
    .insert(crmLeads)
    .values({ status: 1, ...values })
    .returning();
  return row!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  agent = await createUser(ctx.db, { permissions: ['view crm', 'phone access'] });
  other = await createUser(ctx.db, { permissions: ['view crm'] });
  boss = await createUser(ctx.db, { permissions: ['view crm', 'manage crm', 'edit crm settings'] });
  const plain = await createUser(ctx.db, { permissions: [] });
  const client = await createUser(ctx.db, { type: 'Client', permissions: ['view crm'] });
  [agentToken, otherToken, bossToken, plainToken, clientToken] = await Promise.all(
    [agent, other, boss, plain, client].map(
      async (user) => (await login(ctx.app, user.email, user.password)).access_token,
    ),
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.execute(sql`truncate crm_leads, crm_do_not_call, crm_lead_counts restart identity cascade`);
  await ctx.db
    .update(crmSettings)
    .set({ viewAllLeads: false, createNewLeads: true, nextTouchDays: 2, nextTouchLabel: 'Business Days' })
    .where(eq(crmSettings.id, 1));
});

describe('gates', () => {
  it('answers 401 without a token, 403 without view crm and to client accounts', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/crm/leads' })).statusCode).toBe(401);
    for (const token of [plainToken, clientToken]) {
      expect((await as(token, 'GET', '/crm/leads')).statusCode).toBe(403);
      expect((await as(token, 'POST', '/crm/leads', { company_name: 'X' })).statusCode).toBe(403);
      expect((await as(token, 'GET', '/crm/settings')).statusCode).toBe(403);
      expect((await as(token, 'POST', '/crm/search_contacts', { phone_number: '5125550123' })).statusCode).toBe(403);
    }
  });

  it('keeps an agent without view_all_leads to their own leads everywhere', async () => {
    const own = await insertLead({ companyName: 'Own Dental', managerId: agent.id, phone: '(512) 555-0101' });
    const theirs = await insertLead({ companyName: 'Their Dental', managerId: other.id, phone: '(512) 555-0102' });
    await ctx.db.insert(crmLeadContacts).values({ leadId: theirs.id, firstName: 'Pat', phone: '512-555-0101' });

    const list = (await as(agentToken, 'GET', '/crm/leads?status=2')).json();
    expect(list.data.map((lead: { id: number }) => lead.id)).toEqual([own.id]);
    expect(list.total).toBe(1);
    expect((await as(agentToken, 'GET', `/crm/leads/${theirs.id}`)).statusCode).toBe(404);
    expect((await as(agentToken, 'GET', `/crm/leads/${theirs.id}/notes`)).statusCode).toBe(404);
    expect((await as(agentToken, 'GET', `/crm/leads/${theirs.id}/calls`)).statusCode).toBe(404);
    expect((await as(agentToken, 'POST', `/crm/leads/${theirs.id}/notes`, { body: 'x' })).statusCode).toBe(404);
    expect((await as(agentToken, 'PUT', `/crm/leads/${theirs.id}`, { status: 3 })).statusCode).toBe(404);
    expect(
      (await as(agentToken, 'POST', `/crm/leads/${theirs.id}/disposition`, { disposition: 'busy' })).statusCode,
    ).toBe(404);
    expect((await as(agentToken, 'POST', `/crm/leads/${theirs.id}/convert`, {})).statusCode).toBe(404);

    // Search: their lead matches through its contact, but only the agent's own lead is answered.
    const search = (await as(agentToken, 'POST', '/crm/search_contacts', { phone_number: '(512) 555-0101' })).json();
    expect(search.data.data.map((lead: { id: number }) => lead.id)).toEqual([own.id]);
    const bossSearch = (await as(bossToken, 'POST', '/crm/search_contacts', { phone_number: '15125550101' })).json();
    expect(bossSearch.data.data.map((lead: { id: number }) => lead.id).sort()).toEqual([own.id, theirs.id]);
    expectExactShape(searchContactsAnswerSchema, bossSearch.data);

    // Bulk: only visible ids change.
    const bulk = await as(agentToken, 'POST', '/crm/leads/bulk', {
      ids: [own.id, theirs.id],
      action: 'status',
      value: 9,
    });
    expect(bulk.json()).toMatchObject({ data: { updated: 1 } });
    const statuses = await ctx.db.select({ id: crmLeads.id, status: crmLeads.status }).from(crmLeads);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [own.id]: 9, [theirs.id]: 1 });

    // With view_all_leads on, the same agent sees both.
    await ctx.db.update(crmSettings).set({ viewAllLeads: true }).where(eq(crmSettings.id, 1));
    expect((await as(agentToken, 'GET', '/crm/leads?status=2')).json().total).toBe(2);
    expect((await as(agentToken, 'GET', `/crm/leads/${theirs.id}`)).statusCode).toBe(200);
  });

  it('lets only manage crm delete, and create_new_leads off leaves creating to manage crm', async () => {
    const lead = await insertLead({ companyName: 'Delete Me', managerId: agent.id });
    expect((await as(agentToken, 'DELETE', `/crm/leads/${lead.id}`)).statusCode).toBe(403);
    expect((await as(agentToken, 'POST', '/crm/leads/bulk', { ids: [lead.id], action: 'delete' })).statusCode).toBe(
      403,
    );
    expect((await as(bossToken, 'DELETE', `/crm/leads/${lead.id}`)).statusCode).toBe(200);
    expect((await as(bossToken, 'GET', `/crm/leads/${lead.id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(crmLeads).where(eq(crmLeads.id, lead.id));
    expect(row!.deletedAt).not.toBeNull();

    await ctx.db.update(crmSettings).set({ createNewLeads: false }).where(eq(crmSettings.id, 1));
    expect((await as(agentToken, 'POST', '/crm/leads', { company_name: 'Nope' })).statusCode).toBe(403);
    expect((await as(bossToken, 'POST', '/crm/leads', { company_name: 'Yes' })).statusCode).toBe(200);
  });

  it('reads settings with view crm and writes them with manage crm and edit crm settings', async () => {
    const read = await as(agentToken, 'GET', '/crm/settings');
    expect(read.statusCode).toBe(200);
    const settings = expectExactShape(crmSettingsAnswerSchema, read.json().data);
    expect((await as(agentToken, 'PUT', '/crm/settings', settings)).statusCode).toBe(403);
    const saved = await as(bossToken, 'PUT', '/crm/settings', {
      ...settings,
      next_touch_days: 3,
      view_all_leads: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ next_touch_days: 3, view_all_leads: true });
    const bad = await as(bossToken, 'PUT', '/crm/settings', {
      ...settings,
      calling_hours_start: 22,
      calling_hours_end: 9,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { calling_hours_end: ['The calling hours end must be after the calling hours start.'] },
    });
  });
});

describe('422 bodies', () => {
  it('answers the field errors of create, list, bulk, disposition, notes and search', async () => {
    const lead = await insertLead({ companyName: 'Valid', managerId: agent.id });
    const cases: [string, 'GET' | 'POST' | 'PUT', string, object | undefined, Record<string, string[]>][] = [
      ['create', 'POST', '/crm/leads', {}, { company_name: ['The company name field is required.'] }],
      [
        'create refs',
        'POST',
        '/crm/leads',
        { company_name: 'A', region_id: 999, campaign_id: 999, state: 'ZZ', manager_id: other.id },
        {
          region_id: ['The selected region id is invalid.'],
          campaign_id: ['The selected campaign id is invalid.'],
          state: ['The selected state is invalid.'],
          manager_id: ['You may only assign leads to yourself.'],
        },
      ],
      [
        'list',
        'GET',
        '/crm/leads?per_page=501&status=4',
        undefined,
        {
          per_page: ['The per page may not be greater than 500.'],
          status: ['The selected status is invalid.'],
        },
      ],
      [
        'bulk',
        'POST',
        '/crm/leads/bulk',
        { ids: [lead.id], action: 'status', value: 2 },
        {
          value: ['The selected status is invalid.'],
        },
      ],
      [
        'disposition',
        'POST',
        `/crm/leads/${lead.id}/disposition`,
        { disposition: 'maybe' },
        {
          disposition: ['The selected disposition is invalid.'],
        },
      ],
      [
        'note',
        'POST',
        `/crm/leads/${lead.id}/notes`,
        { body: '<p><script>alert(1)</script></p>' },
        {
          body: ['The body field is required.'],
        },
      ],
      ['search', 'POST', '/crm/search_contacts', {}, { phone_number: ['The phone number field is required.'] }],
    ];
    for (const [name, method, url, payload, errors] of cases) {
      const response = await as(agentToken, method, url, payload);
      expect(response.statusCode, name).toBe(422);
      expect(response.json(), name).toEqual({ message: 'The given data was invalid.', errors });
    }
  });

  it('refuses a call of another agent as the disposition call_id', async () => {
    const lead = await insertLead({ companyName: 'Call Lead', managerId: agent.id });
    const [call] = await ctx.db
      .insert(crmCalls)
      .values({ leadId: lead.id, userId: other.id, direction: 'outgoing', status: 'completed' })
      .returning();
    const response = await as(agentToken, 'POST', `/crm/leads/${lead.id}/disposition`, {
      disposition: 'connected',
      call_id: call!.id,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ call_id: ['The selected call id is invalid.'] });
  });
});

describe('the list', () => {
  it('filters, searches, sorts and answers every column', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const a = await insertLead({
      companyName: 'Austin Dental Care',
      firstName: 'Ana',
      lastName: 'Lopez',
      phone: '(512) 555-0123',
      email: 'ana@austindental.test',
      state: 'TX',
      city: 'Austin',
      regionId: 7,
      industryId: 21,
      campaignId: 1,
      managerId: agent.id,
      nextTouch: '2020-01-01',
    });
    const b = await insertLead({
      companyName: 'Boston Law Group',
      phone: '(617) 555-0150',
      state: 'MA',
      campaignId: 2,
      managerId: agent.id,
      status: 3,
      nextTouch: today,
    });
    await insertLead({ companyName: 'Nobody Prospect', managerId: agent.id, status: 0 });
    const ids = async (query: string, token = agentToken) => {
      const response = await as(token, 'GET', `/crm/leads?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((lead: { id: number }) => lead.id);
    };
    // Default status is the user's crm_load_status (1 Prospect).
    expect(await ids('')).toEqual([a.id]);
    expect(await ids('status=2&sort=company&dir=desc')).toEqual([expect.any(Number), b.id, a.id]);
    expect(await ids('status=2&campaign_id=2')).toEqual([b.id]);
    expect(await ids('status=2&campaign_id=0&state=tx')).toEqual([a.id]);
    expect(await ids('status=2&region_id=7&industry_id=21')).toEqual([a.id]);
    expect(await ids('status=2&next_touch=overdue')).toEqual([a.id]);
    expect(await ids('status=2&next_touch=today')).toEqual([b.id]);
    expect(await ids(`status=2&next_touch_from=${today}&next_touch_to=${today}`)).toEqual([b.id]);
    expect(await ids('status=2&q=512-555-01')).toEqual([a.id]);
    expect(await ids('status=2&q=austin den')).toEqual([a.id]);
    expect(await ids('status=2&q=lopez')).toEqual([a.id]);
    expect(await ids('status=2&q=ana@austin')).toEqual([a.id]);
    expect(await ids('status=2&q=zzz')).toEqual([]);
    // manager_id is honoured only for users who see every lead.
    expect(await ids('status=2&manager_id=999999')).toHaveLength(3);
    expect(await ids('status=2&manager_id=999999', bossToken)).toEqual([]);

    const page = (await as(agentToken, 'GET', '/crm/leads?status=1')).json();
    const parsed = expectExactShape(leadsPageSchema, page);
    expect(parsed.data[0]).toMatchObject({
      company_name: 'Austin Dental Care',
      contact_name: 'Ana Lopez',
      region_name: 'Dallas-Fort Worth',
      vertical_name: 'Dental',
      campaign_name: 'Medical & Dental Offices',
      manager_name: agent.name,
      calls_count: 0,
    });
  });

  it('counts exactly from crm_lead_counts for (campaign, status) and capped otherwise', async () => {
    await ctx.db.execute(sql`insert into crm_leads (company_name, status, campaign_id, manager_id)
      select 'Bulk ' || n, 1, 1 + n % 2, ${agent.id} from generate_series(1, 1030) n`);
    const total = async (query: string) => (await as(bossToken, 'GET', `/crm/leads?per_page=10&${query}`)).json();
    expect(await total('status=1')).toMatchObject({ total: 1030, total_capped: false, last_page: 103 });
    expect(await total('status=1&campaign_id=1')).toMatchObject({ total: 515, total_capped: false });
    expect(await total('status=2')).toMatchObject({ total: 1030, total_capped: false });
    // Another filter: counted, up to the ticket queue's cap.
    expect(await total('status=1&q=bulk')).toMatchObject({ total: 1000, total_capped: true });
    // The agent without view_all_leads is counted too (their own leads).
    expect((await as(agentToken, 'GET', '/crm/leads?per_page=10&status=1')).json()).toMatchObject({
      total: 1000,
      total_capped: true,
    });
  });
});

describe('crm_lead_counts trigger', () => {
  it('follows insert, status change, campaign change and soft delete', async () => {
    const counts = async () =>
      Object.fromEntries(
        (await ctx.db.select().from(crmLeadCounts))
          .filter((row) => row.n !== 0)
          .map((row) => [`${row.campaignId}:${row.status}`, row.n]),
      );
    const lead = await insertLead({ companyName: 'Count Me', campaignId: 1 });
    await insertLead({ companyName: 'No Campaign' });
    expect(await counts()).toEqual({ '1:1': 1, '0:1': 1 });
    await ctx.db.update(crmLeads).set({ status: 3 }).where(eq(crmLeads.id, lead.id));
    expect(await counts()).toEqual({ '1:3': 1, '0:1': 1 });
    await ctx.db.update(crmLeads).set({ campaignId: 2 }).where(eq(crmLeads.id, lead.id));
    expect(await counts()).toEqual({ '2:3': 1, '0:1': 1 });
    await ctx.db.update(crmLeads).set({ deletedAt: new Date() }).where(eq(crmLeads.id, lead.id));
    expect(await counts()).toEqual({ '0:1': 1 });
  });
});

describe('phone keys', () => {
  it('crm_phone_key in SQL answers as phoneKey for every case', async () => {
    for (const [input, key] of phoneKeyCases) {
      const { rows } = await ctx.pool.query<{ key: string | null }>('select crm_phone_key($1) as key', [input]);
      expect(rows[0]!.key, input).toBe(key);
    }
  });
});

describe('detail, contacts, notes', () => {
  it('answers the lead with contacts, last 20 calls and notes, each in its shape', async () => {
    const created = await as(agentToken, 'POST', '/crm/leads', {
      company_name: 'Detail Co',
      phone: '5125550111',
      state: 'tx',
      campaign_id: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    const lead = expectExactShape(leadSchema, created.json().data);
    expect(lead).toMatchObject({ manager_id: agent.id, status: 1, phone: '(512) 555-0111', state: 'TX' });
    await ctx.db.execute(sql`insert into crm_calls (lead_id, user_id, direction, status, started_at, created_at)
      select ${lead.id}, ${agent.id}, 'outgoing', 'completed', now() - n * interval '1 minute',
      now() - n * interval '1 minute' from generate_series(1, 25) n`);
    const contact = await as(agentToken, 'POST', `/crm/leads/${lead.id}/contacts`, {
      first_name: 'Sam',
      mobile: '512 555 0112',
      is_primary: true,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const contactId = expectExactShape(leadContactSchema, contact.json().data).id;
    const note = await as(agentToken, 'POST', `/crm/leads/${lead.id}/notes`, {
      body: '<p>Called <b>twice</b><script>alert(1)</script></p>',
    });
    expect(expectExactShape(leadNoteSchema, note.json().data).body).toBe('<p>Called <b>twice</b></p>');

    const detail = expectExactShape(
      leadDetailSchema,
      (await as(agentToken, 'GET', `/crm/leads/${lead.id}`)).json().data,
    );
    expect(detail.contacts.map((row) => row.first_name)).toEqual(['Sam']);
    expect(detail.calls).toHaveLength(20);
    expect(detail.notes).toHaveLength(1);
    const calls = expectExactShape(
      leadCallsPageSchema,
      (await as(agentToken, 'GET', `/crm/leads/${lead.id}/calls?per_page=10&page=3`)).json(),
    );
    expect(calls).toMatchObject({ total: 25, from: 21, to: 25 });
    expectExactShape(leadNotesPageSchema, (await as(agentToken, 'GET', `/crm/leads/${lead.id}/notes`)).json());

    // Contacts: update, search by the contact's mobile, delete; another agent gets 404.
    expect((await as(otherToken, 'PUT', `/crm/contacts/${contactId}`, { title: 'x' })).statusCode).toBe(404);
    const updated = await as(agentToken, 'PUT', `/crm/contacts/${contactId}`, { title: 'Office Manager' });
    expect(updated.json().data).toMatchObject({ title: 'Office Manager', first_name: 'Sam' });
    const found = (await as(agentToken, 'POST', '/crm/search_contacts', { phone_number: '5125550112' })).json();
    expect(found.data.data).toEqual([expect.objectContaining({ id: lead.id, contact_id: contactId })]);
    expect((await as(otherToken, 'DELETE', `/crm/contacts/${contactId}`)).statusCode).toBe(404);
    expect((await as(agentToken, 'DELETE', `/crm/contacts/${contactId}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(crmLeadContacts)).toEqual([]);
  });
});

describe('dispositions', () => {
  it('do_not_call lists the number, writes the note and sets the call disposition in one go', async () => {
    const lead = await insertLead({
      companyName: 'DNC',
      managerId: agent.id,
      phone: '(512) 555-0188',
      nextTouch: '2026-01-01',
    });
    const [call] = await ctx.db
      .insert(crmCalls)
      .values({ leadId: lead.id, userId: agent.id, direction: 'outgoing', status: 'completed' })
      .returning();
    const response = await as(agentToken, 'POST', `/crm/leads/${lead.id}/disposition`, {
      disposition: 'do_not_call',
      note: 'Asked to be removed',
      call_id: call!.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.lead).toMatchObject({ do_not_call: true, next_touch: null });
    expect(response.json().data.note).toMatchObject({ call_id: call!.id, body: '<p>Asked to be removed</p>' });
    expect(await ctx.db.select({ digits: crmDoNotCall.phoneDigits }).from(crmDoNotCall)).toEqual([
      { digits: '5125550188' },
    ]);
    const [saved] = await ctx.db.select().from(crmCalls).where(eq(crmCalls.id, call!.id));
    expect(saved!.disposition).toBe('do_not_call');
  });

  it('appointment_set sets status 3 and the appointment date; the agent may override the date', async () => {
    const lead = await insertLead({ companyName: 'Appt', managerId: agent.id });
    const set = await as(agentToken, 'POST', `/crm/leads/${lead.id}/disposition`, {
      disposition: 'appointment_set',
      appointment_at: '2027-02-03T10:00:00',
    });
    expect(set.json().data.lead).toMatchObject({ status: 3, next_touch: '2027-02-03' });
    const override = await as(agentToken, 'POST', `/crm/leads/${lead.id}/disposition`, {
      disposition: 'no_answer',
      next_touch: '2027-03-01',
      status: 9,
    });
    expect(override.json().data.lead).toMatchObject({ status: 9, next_touch: '2027-03-01' });
    const bad = await as(agentToken, 'POST', `/crm/leads/${lead.id}/disposition`, { disposition: 'bad_number' });
    expect(bad.json().data.lead).toMatchObject({ bad_number: true, next_touch: null });
  });
});

describe("next touch from the agent's date", () => {
  it("counts business days past weekends and company holidays from the agent's own date", async () => {
    const lead = await insertLead({ companyName: 'Holiday', managerId: agent.id });
    const auth = { user: { id: agent.id, name: agent.name, type: 'Employee' }, permissions: ['view crm'] } as never;
    // Thu 2026-12-31 + 2 business days with Jan 1 a company holiday (an employee's own day off does not count).
    await ctx.db.insert(holidays).values([
      { date: '2027-01-01', name: "New Year's Day" },
      { date: '2027-01-04', name: 'Own day', userId: other.id },
    ]);
    const noon = new Date('2026-12-31T18:00:00Z');
    const result = await applyDisposition(ctx.db, lead.id, { disposition: 'connected' }, auth, noon);
    expect(result.lead.next_touch).toBe('2027-01-05');
    const notInterested = await applyDisposition(ctx.db, lead.id, { disposition: 'not_interested' }, auth, noon);
    expect(notInterested.lead.next_touch).toBe('2027-04-05');

    // At 02:00 UTC on Fri 2027-01-01 it is still Thursday evening in Los Angeles: the agent's date is the 31st.
    const [zone] = await ctx.db
      .select({ id: timezones.id })
      .from(timezones)
      .where(eq(timezones.name, 'America/Los_Angeles'));
    await ctx.db.update(employees).set({ timezoneId: zone!.id }).where(eq(employees.userId, agent.id));
    const late = new Date('2027-01-01T02:00:00Z');
    expect(await agentToday(ctx.db, agent.id, late)).toBe('2026-12-31');
    expect((await applyDisposition(ctx.db, lead.id, { disposition: 'busy' }, auth, late)).lead.next_touch).toBe(
      '2027-01-05',
    );
    await ctx.db.update(employees).set({ timezoneId: null }).where(eq(employees.userId, agent.id));
    // In UTC it is already Friday the 1st: with 'Days', + 2 calendar days is Sunday the 3rd.
    await ctx.db.update(crmSettings).set({ nextTouchLabel: 'Days', nextTouchDays: 2 }).where(eq(crmSettings.id, 1));
    expect((await applyDisposition(ctx.db, lead.id, { disposition: 'busy' }, auth, late)).lead.next_touch).toBe(
      '2027-01-03',
    );
    await ctx.db
      .update(crmSettings)
      .set({ nextTouchLabel: 'Business Days', nextTouchDays: 2 })
      .where(eq(crmSettings.id, 1));
    await ctx.db.delete(holidays);
  });
});

describe('bulk assign and campaign', () => {
  it('moves visible leads in one go and refuses agents or campaigns that do not exist', async () => {
    const one = await insertLead({ companyName: 'One', managerId: agent.id });
    const two = await insertLead({ companyName: 'Two', managerId: agent.id });
    const moved = await as(bossToken, 'POST', '/crm/leads/bulk', {
      ids: [one.id, two.id],
      action: 'campaign',
      value: 4,
    });
    expect(moved.json()).toMatchObject({ data: { updated: 2 } });
    const assigned = await as(bossToken, 'POST', '/crm/leads/bulk', {
      ids: [one.id],
      action: 'assign',
      value: other.id,
    });
    expect(assigned.json()).toMatchObject({ data: { updated: 1 } });
    const rows = await ctx.db.select({ id: crmLeads.id, c: crmLeads.campaignId, m: crmLeads.managerId }).from(crmLeads);
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: one.id, c: 4, m: other.id },
      { id: two.id, c: 4, m: agent.id },
    ]);
    // An agent who does not see every lead may not hand leads to someone else.
    const handOff = await as(agentToken, 'POST', '/crm/leads/bulk', {
      ids: [two.id],
      action: 'assign',
      value: other.id,
    });
    expect(handOff.statusCode).toBe(422);
    expect(handOff.json().errors).toEqual({ value: ['You may only assign leads to yourself.'] });
    const dropped = await as(agentToken, 'PUT', `/crm/leads/${two.id}`, { manager_id: null });
    expect(dropped.json().errors).toEqual({ manager_id: ['You may only assign leads to yourself.'] });
    expect((await as(agentToken, 'PUT', `/crm/leads/${two.id}`, { manager_id: agent.id })).statusCode).toBe(200);
    const noCampaign = await as(bossToken, 'POST', '/crm/leads/bulk', {
      ids: [two.id],
      action: 'campaign',
      value: 999,
    });
    expect(noCampaign.json().errors).toEqual({ value: ['The selected campaign id is invalid.'] });
  });

  it('lets a phone-only agent look numbers up for the ring, within their own leads', async () => {
    const phoneOnly = await createUser(ctx.db, { permissions: ['phone access'] });
    const token = (await login(ctx.app, phoneOnly.email, phoneOnly.password)).access_token;
    const mine = await insertLead({ companyName: 'Ring Co', managerId: phoneOnly.id, phone: '512-555-0177' });
    await insertLead({ companyName: 'Not Mine', managerId: agent.id, phone: '512-555-0177' });
    const found = (await as(token, 'POST', '/crm/search_contacts', { phone_number: '+1 512 555 0177' })).json();
    expect(found.data.data).toEqual([
      {
        id: mine.id,
        company_name: 'Ring Co',
        first_name: null,
        last_name: null,
        phone: '512-555-0177',
        mobile: null,
        status: 1,
        manager_id: phoneOnly.id,
        contact_id: null,
      },
    ]);
    expect((await as(token, 'GET', '/crm/leads')).statusCode).toBe(403);
  });
});

describe('convert', () => {
  it('creates the company with name, vertical and address and makes the lead a current client, once', async () => {
    const lead = await insertLead({
      companyName: 'Convert Me LLC',
      managerId: agent.id,
      industryId: 21,
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      website: 'convertme.test',
    });
    const response = await as(agentToken, 'POST', `/crm/leads/${lead.id}/convert`, {});
    expect(response.statusCode, response.body).toBe(200);
    const { company_id: companyId, lead: converted } = response.json().data;
    expect(converted).toMatchObject({ status: 5, company_id: companyId });
    const { rows } = await ctx.pool.query(
      `select c.name, c.industry_id, s.address, s.city, s.state, s.zip from companies c
       left join sites s on s.company_id = c.id where c.id = $1`,
      [companyId],
    );
    expect(rows).toEqual([
      { name: 'Convert Me LLC', industry_id: 21, address: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    ]);
    const again = await as(agentToken, 'POST', `/crm/leads/${lead.id}/convert`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ lead: ['The lead is already a client company.'] });
  });
});

describe('realtime', () => {
  it('pushes LeadUpdated and LeadNoteAdded on crm_lead_{id}, and refuses another agent the channel', async () => {
    const lead = await insertLead({ companyName: 'Live Lead', managerId: agent.id });
    const baseUrl = await listenForSockets(ctx.app);
    const socket = await connectSocket(baseUrl, agentToken);
    const stranger = await connectSocket(baseUrl, otherToken);
    sockets.push(socket, stranger);
    expect(await subscribe(stranger, crmLeadChannel(lead.id))).toMatchObject({ ok: false });
    expect(await subscribe(socket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    const updated = nextEvent(socket, 'LeadUpdated');
    await as(agentToken, 'PUT', `/crm/leads/${lead.id}`, { city: 'Austin' });
    const [payload] = await updated;
    expect(expectExactShape(leadSchema, payload)).toMatchObject({ id: lead.id, city: 'Austin' });
    const noted = nextEvent(socket, 'LeadNoteAdded');
    await as(agentToken, 'POST', `/crm/leads/${lead.id}/notes`, { body: 'Live note' });
    expect(expectExactShape(leadNoteSchema, (await noted)[0])).toMatchObject({ lead_id: lead.id });
  });
});

describe('lead channels follow visibility (decision 0146)', () => {
  const channelMembers = async (leadId: number) =>
    (await ctx.app.realtime.io.in(crmLeadChannel(leadId)).fetchSockets()).map(
      (socket) => (socket.data as { userId: number }).userId,
    );

  // Lead ids restart in every test: each test's sockets close with it.
  const opened: Socket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.close();
  });
  async function live(token: string) {
    const socket = await connectSocket(await listenForSockets(ctx.app), token);
    opened.push(socket);
    return socket;
  }

  it('takes a reassigned lead from its old owner before anything more is sent, and tells both owners', async () => {
    const lead = await insertLead({ companyName: 'Moving Dental', managerId: agent.id });
    const [agentSocket, otherSocket, bossSocket] = [
      await live(agentToken),
      await live(otherToken),
      await live(bossToken),
    ];
    expect(await subscribe(agentSocket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    expect(await subscribe(bossSocket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    const agentTold = nextEvent(agentSocket, 'CrmLeadsChanged');
    const otherTold = nextEvent(otherSocket, 'CrmLeadsChanged');
    const bossHears = nextEvent(bossSocket, 'LeadUpdated');
    const agentHears = receivesWithin(agentSocket, 'LeadUpdated', 800);

    const response = await as(bossToken, 'PUT', `/crm/leads/${lead.id}`, { manager_id: other.id, city: 'Waco' });
    expect(response.statusCode, response.body).toBe(200);
    expect((await agentTold)[0]).toEqual({ ids: [lead.id] });
    expect((await otherTold)[0]).toEqual({ ids: [lead.id] });
    expect((await bossHears)[0]).toMatchObject({ id: lead.id, city: 'Waco', manager_id: other.id });
    expect(await agentHears).toBe(false);
    expect((await channelMembers(lead.id)).sort()).toEqual([boss.id]);

    // Nothing later reaches the old owner; the new one may follow the lead now, the old one may not.
    const noteMissed = receivesWithin(agentSocket, 'LeadNoteAdded', 800);
    await as(bossToken, 'POST', `/crm/leads/${lead.id}/notes`, { body: 'After the move' });
    expect(await noteMissed).toBe(false);
    expect(await subscribe(agentSocket, crmLeadChannel(lead.id))).toMatchObject({ ok: false });
    expect(await subscribe(otherSocket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
  });

  it("does the same for a bulk assign, and tells a new lead's owner it was created for them", async () => {
    const [first, second] = [
      await insertLead({ companyName: 'Bulk One', managerId: agent.id }),
      await insertLead({ companyName: 'Bulk Two', managerId: agent.id }),
    ];
    const [agentSocket, otherSocket] = [await live(agentToken), await live(otherToken)];
    for (const lead of [first, second])
      expect(await subscribe(agentSocket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    const agentTold = nextEvent(agentSocket, 'CrmLeadsChanged');
    const otherTold = nextEvent(otherSocket, 'CrmLeadsChanged');
    const agentHears = receivesWithin(agentSocket, 'LeadUpdated', 800);
    const ids = [first.id, second.id];
    const response = await as(bossToken, 'POST', '/crm/leads/bulk', { ids, action: 'assign', value: other.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(((await agentTold)[0] as { ids: number[] }).ids.sort()).toEqual(ids);
    expect((await otherTold)[0]).toEqual({ ids });
    expect(await agentHears).toBe(false);
    expect(await channelMembers(first.id)).toEqual([]);

    const created = nextEvent(agentSocket, 'CrmLeadsChanged');
    const made = await as(bossToken, 'POST', '/crm/leads', { company_name: 'Fresh Dental', manager_id: agent.id });
    expect(made.statusCode, made.body).toBe(200);
    expect((await created)[0]).toEqual({ ids: [made.json().data.id] });
  });

  it('announces a deleted lead and empties its channel', async () => {
    const lead = await insertLead({ companyName: 'Gone Dental', managerId: agent.id });
    const agentSocket = await live(agentToken);
    expect(await subscribe(agentSocket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    const deleted = nextEvent(agentSocket, 'LeadDeleted');
    expect((await as(bossToken, 'DELETE', `/crm/leads/${lead.id}`)).statusCode).toBe(200);
    expect((await deleted)[0]).toEqual({ id: lead.id });
    expect(await channelMembers(lead.id)).toEqual([]);
  });

  it('closes the channels an agent saw only through view_all_leads when it is turned off', async () => {
    const lead = await insertLead({ companyName: 'Shared Dental', managerId: agent.id });
    await ctx.db.update(crmSettings).set({ viewAllLeads: true }).where(eq(crmSettings.id, 1));
    const [agentSocket, otherSocket, bossSocket] = [
      await live(agentToken),
      await live(otherToken),
      await live(bossToken),
    ];
    for (const socket of [agentSocket, otherSocket, bossSocket])
      expect(await subscribe(socket, crmLeadChannel(lead.id))).toMatchObject({ ok: true });
    const otherTold = nextEvent(otherSocket, 'CrmLeadsChanged');
    const settings = (await as(bossToken, 'GET', '/crm/settings')).json().data;
    const saved = await as(bossToken, 'PUT', '/crm/settings', { ...settings, view_all_leads: false });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await otherTold)[0]).toEqual({ ids: [lead.id] });
    expect((await channelMembers(lead.id)).sort((a, b) => a - b)).toEqual([agent.id, boss.id].sort((a, b) => a - b));
  });
});
