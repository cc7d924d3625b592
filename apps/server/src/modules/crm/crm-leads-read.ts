import {
  LEAD_DETAIL_CALLS,
  type Lead,
  type LeadCall,
  type LeadContact,
  type LeadDetail,
  type LeadListFilters,
  type LeadNote,
  type LeadsPage,
  type SearchContact,
} from '@switchboard/shared/crm-leads';
import { LEAD_STATUS, phoneKey } from '@switchboard/shared/crm';
import { QUEUE_COUNT_CAP } from '@switchboard/shared/ticket-queue';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTransaction } from '../../db/client.ts';
import { CappedCounts, toPage, type Page } from '../../db/paginate.ts';
import { campaigns, industries, regions, timezones } from '../reference/reference.table.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { employees } from '../users/employees.table.ts';
import { users } from '../users/users.table.ts';
import { crmCalls, crmLeadContacts, crmLeadCounts, crmLeadNotes, crmLeads } from './crm.table.ts';
import { seesAllLeads, visibleLeadsCondition, type CrmSettingsRow } from './lead-access.ts';

// Reads of the leads API (designs/crm-softphone.md §4.1-§4.2, §5): the list (one statement for the page, the count
// read from crm_lead_counts for the common shapes, capped like the ticket queue otherwise), the detail, a lead's calls
// and notes, search_contacts. Every read is filtered by visibleLeadsCondition.

const manager = alias(users, 'crm_lead_manager');
const noteAuthor = alias(users, 'crm_note_author');
const callAgent = alias(users, 'crm_call_agent');

const leadColumns = {
  lead: crmLeads,
  regionName: regions.name,
  verticalName: industries.name,
  campaignName: campaigns.campaignName,
  managerName: manager.name,
};
type LeadRow = {
  lead: typeof crmLeads.$inferSelect;
  regionName: string | null;
  verticalName: string | null;
  campaignName: string | null;
  managerName: string | null;
};

function selectLeads(db: DbOrTransaction) {
  return db
    .select(leadColumns)
    .from(crmLeads)
    .leftJoin(regions, eq(regions.id, crmLeads.regionId))
    .leftJoin(industries, eq(industries.id, crmLeads.industryId))
    .leftJoin(campaigns, eq(campaigns.id, crmLeads.campaignId))
    .leftJoin(manager, eq(manager.id, crmLeads.managerId));
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** The API's lead (list rows, detail, LeadUpdated). */
export function presentLead({ lead, regionName, verticalName, campaignName, managerName }: LeadRow): Lead {
  return {
    id: lead.id,
    company_name: lead.companyName,
    first_name: lead.firstName,
    last_name: lead.lastName,
    contact_name: [lead.firstName, lead.lastName].filter(Boolean).join(' '),
    title: lead.title,
    phone: lead.phone,
    phone_ext: lead.phoneExt,
    mobile: lead.mobile,
    email: lead.email,
    address: lead.address,
    city: lead.city,
    state: lead.state,
    zip: lead.zip,
    website: lead.website,
    region_id: lead.regionId,
    region_name: regionName,
    industry_id: lead.industryId,
    vertical_name: verticalName,
    campaign_id: lead.campaignId,
    campaign_name: campaignName,
    status: lead.status,
    next_touch: lead.nextTouch,
    manager_id: lead.managerId,
    manager_name: managerName,
    calls_count: lead.callsCount,
    last_call_at: iso(lead.lastCallAt),
    do_not_call: lead.doNotCall,
    bad_number: lead.badNumber,
    company_id: lead.companyId,
    created_at: lead.createdAt.toISOString(),
    updated_at: lead.updatedAt.toISOString(),
  };
}

/** The user's date in their own time zone (employee timezone_id; UTC when none). */
export async function agentToday(db: DbOrTransaction, userId: number, now = new Date()): Promise<string> {
  const [row] = await db
    .select({ zone: timezones.name })
    .from(employees)
    .innerJoin(timezones, eq(timezones.id, employees.timezoneId))
    .where(eq(employees.userId, userId))
    .limit(1);
  return dateIn(row?.zone ?? 'UTC', now);
}

export function dateIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Monday to Sunday of the week holding `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  const from = addDays(date, -weekday);
  return { from, to: addDays(from, 6) };
}

// The expression of crm_leads_search_idx (crm.table.ts), so the GIN index serves the word search.
const searchDocument = sql`to_tsvector('simple', coalesce(${crmLeads.companyName}, '') || ' '
  || coalesce(${crmLeads.firstName}, '') || ' ' || coalesce(${crmLeads.lastName}, ''))`;

/** The q filter: an e-mail (prefix of the key), a phone number (prefix of the 10 digits), or words (prefixes). */
export function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (text.includes('@')) return sql`${crmLeads.emailKey} like ${`${escapeLike(text.toLowerCase())}%`}`;
  if (/^[\d\s().+-]+$/.test(text)) {
    let digits = text.replace(/\D/g, '');
    if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
    if (digits.length >= 3 && digits.length <= 10) {
      // Keys are exactly 10 digits, so a prefix is the range between its lowest and highest completion (indexed).
      const range = (column: AnyColumn) =>
        sql`${column} between ${digits.padEnd(10, '0')} and ${digits.padEnd(10, '9')}`;
      return or(range(crmLeads.phoneDigits), range(crmLeads.mobileDigits));
    }
  }
  const words = text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (words.length === 0) return sql`false`;
  const query = words.map((word) => `${word.toLowerCase()}:*`).join(' & ');
  // Words only: an OR with another column would keep PostgreSQL from reading the GIN index.
  return sql`${searchDocument} @@ to_tsquery('simple', ${query})`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

const sortColumns: Record<LeadListFilters['sort'], (SQL | typeof crmLeads.id)[]> = {
  company: [sql`${crmLeads.companyName}`],
  contact: [sql`${crmLeads.lastName}`, sql`${crmLeads.firstName}`],
  phone: [sql`${crmLeads.phoneDigits}`],
  email: [sql`${crmLeads.emailKey}`],
  state: [sql`${crmLeads.state}`],
  city: [sql`${crmLeads.city}`],
  region: [sql`${regions.name}`],
  vertical: [sql`${industries.name}`],
  campaign: [sql`${campaigns.campaignName}`],
  next_touch: [sql`${crmLeads.nextTouch}`],
  status: [sql`${crmLeads.status}`],
  calls: [sql`${crmLeads.callsCount}`],
  last_call: [sql`${crmLeads.lastCallAt}`],
  manager: [sql`${manager.name}`],
};

function orderOf(filters: LeadListFilters): SQL[] {
  // Ascending puts empty values first, descending last: the order the partial indexes keep (next touch, last call).
  const dir = filters.dir === 'desc' ? sql`desc nulls last` : sql`asc nulls first`;
  return [
    ...sortColumns[filters.sort].map((column) => sql`${column} ${dir}`),
    filters.dir === 'desc' ? desc(crmLeads.id) : asc(crmLeads.id),
  ];
}

export interface ListContext {
  auth: AuthContext;
  settings: CrmSettingsRow;
  /** The user's crm_load_status (the status when the query names none). */
  loadStatus: number;
  today: string;
}

/** The filters past visibility, campaign and status; none means the count may be read from crm_lead_counts. */
export type LeadExtraFilters = Pick<
  LeadListFilters,
  'region_id' | 'industry_id' | 'state' | 'manager_id' | 'next_touch' | 'next_touch_from' | 'next_touch_to' | 'q'
>;

/** Those filters as conditions on crm_leads; the power dialer's queue uses them too. */
export function extraConditions(
  filters: LeadExtraFilters,
  context: Pick<ListContext, 'auth' | 'settings' | 'today'>,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.region_id) conditions.push(eq(crmLeads.regionId, filters.region_id));
  if (filters.industry_id) conditions.push(eq(crmLeads.industryId, filters.industry_id));
  if (filters.state) conditions.push(eq(crmLeads.state, filters.state));
  if (filters.manager_id && seesAllLeads(context.auth, context.settings))
    conditions.push(eq(crmLeads.managerId, filters.manager_id));
  const { today } = context;
  if (filters.next_touch === 'today') conditions.push(eq(crmLeads.nextTouch, today));
  else if (filters.next_touch === 'overdue') conditions.push(lt(crmLeads.nextTouch, today));
  else if (filters.next_touch === 'week') {
    const week = weekOf(today);
    conditions.push(gte(crmLeads.nextTouch, week.from), lte(crmLeads.nextTouch, week.to));
  }
  if (filters.next_touch_from) conditions.push(gte(crmLeads.nextTouch, filters.next_touch_from));
  if (filters.next_touch_to) conditions.push(lte(crmLeads.nextTouch, filters.next_touch_to));
  if (filters.q) {
    const search = searchCondition(filters.q);
    if (search) conditions.push(search);
  }
  return conditions;
}

const listCounts = new CappedCounts(QUEUE_COUNT_CAP);

/** GET /api/crm/leads. */
export async function listLeads(
  db: DbOrTransaction,
  filters: LeadListFilters,
  context: ListContext,
): Promise<LeadsPage> {
  const status = filters.status ?? context.loadStatus;
  const campaignId = filters.campaign_id ?? 0;
  const base: SQL[] = [visibleLeadsCondition(context.auth, context.settings)];
  if (campaignId > 0) base.push(eq(crmLeads.campaignId, campaignId));
  if (status !== LEAD_STATUS.all) base.push(eq(crmLeads.status, status));
  const extra = extraConditions(filters, context);
  const where = and(...base, ...extra);
  const offset = (filters.page - 1) * filters.per_page;
  const rows = await selectLeads(db)
    .where(where)
    .orderBy(...orderOf(filters))
    .limit(filters.per_page + 1)
    .offset(offset);
  const fetched = rows.length;
  const data = rows.slice(0, filters.per_page).map(presentLead);
  const pageQuery = { page: filters.page, per_page: filters.per_page };
  let total: number;
  let capped = false;
  if (extra.length === 0 && seesAllLeads(context.auth, context.settings)) {
    total = await countFromTable(db, campaignId, status);
  } else if (fetched <= filters.per_page && (fetched > 0 || offset === 0)) {
    total = offset + fetched;
  } else {
    const key = JSON.stringify({ ...filters, page: 0, status, user: context.auth.user.id, today: context.today });
    total = await listCounts.count(key, async () => {
      const sub = db
        .select({ one: sql`1` })
        .from(crmLeads)
        .where(where)
        .limit(QUEUE_COUNT_CAP)
        .as('capped');
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sub);
      return row?.n ?? 0;
    });
    capped = total >= QUEUE_COUNT_CAP;
    total = Math.max(total, offset + Math.min(fetched, filters.per_page));
  }
  return { ...toPage(data, total, pageQuery), total_capped: capped };
}

/** Exact live leads for a (campaign, status) shape from the trigger-kept counts; 0 and 2 mean All. */
async function countFromTable(db: DbOrTransaction, campaignId: number, status: number): Promise<number> {
  const conditions: SQL[] = [];
  if (campaignId > 0) conditions.push(eq(crmLeadCounts.campaignId, campaignId));
  if (status !== LEAD_STATUS.all) conditions.push(eq(crmLeadCounts.status, status));
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${crmLeadCounts.n}), 0)::int` })
    .from(crmLeadCounts)
    .where(and(...conditions));
  return row?.n ?? 0;
}

/** One visible lead, or null (404). */
export async function findVisibleLead(
  db: DbOrTransaction,
  auth: AuthContext,
  settings: CrmSettingsRow,
  id: number,
): Promise<Lead | null> {
  const [row] = await selectLeads(db)
    .where(and(eq(crmLeads.id, id), visibleLeadsCondition(auth, settings)))
    .limit(1);
  return row ? presentLead(row) : null;
}

/** Leads by id as the API shows them (after a write), whatever their visibility; deleted ones are left out. */
export async function leadsByIds(db: DbOrTransaction, ids: number[]): Promise<Lead[]> {
  if (ids.length === 0) return [];
  const rows = await selectLeads(db).where(and(inArray(crmLeads.id, ids), sql`${crmLeads.deletedAt} is null`));
  return rows.map(presentLead);
}

export function presentContact(row: typeof crmLeadContacts.$inferSelect): LeadContact {
  return {
    id: row.id,
    lead_id: row.leadId,
    first_name: row.firstName,
    last_name: row.lastName,
    title: row.title,
    phone: row.phone,
    phone_ext: row.phoneExt,
    mobile: row.mobile,
    email: row.email,
    is_primary: row.isPrimary,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentNote(row: typeof crmLeadNotes.$inferSelect, userName: string | null): LeadNote {
  return {
    id: row.id,
    lead_id: row.leadId,
    user_id: row.userId,
    user_name: userName,
    call_id: row.callId,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  };
}

function presentCall(row: { call: typeof crmCalls.$inferSelect; userName: string | null }): LeadCall {
  const { call } = row;
  return {
    id: call.id,
    lead_id: call.leadId,
    user_id: call.userId,
    user_name: row.userName,
    direction: call.direction,
    status: call.status,
    call_number: call.callNumber,
    disposition: call.disposition,
    voicemail_id: call.voicemailId,
    voicemail_status: call.voicemailStatus,
    started_at: call.startedAt.toISOString(),
    answered_at: iso(call.answeredAt),
    ended_at: iso(call.endedAt),
    duration_seconds: call.durationSeconds,
  };
}

function selectCalls(db: DbOrTransaction, leadId: number) {
  return db
    .select({ call: crmCalls, userName: callAgent.name })
    .from(crmCalls)
    .leftJoin(callAgent, eq(callAgent.id, crmCalls.userId))
    .where(eq(crmCalls.leadId, leadId))
    .orderBy(desc(crmCalls.createdAt), desc(crmCalls.id));
}

function selectNotes(db: DbOrTransaction, leadId: number) {
  return db
    .select({ note: crmLeadNotes, userName: noteAuthor.name })
    .from(crmLeadNotes)
    .leftJoin(noteAuthor, eq(noteAuthor.id, crmLeadNotes.userId))
    .where(eq(crmLeadNotes.leadId, leadId))
    .orderBy(desc(crmLeadNotes.createdAt), desc(crmLeadNotes.id));
}

/** GET /api/crm/leads/{id}: the lead, its contacts, its last 20 calls, its notes (newest first, at most 200). */
export async function getLeadDetail(db: DbOrTransaction, lead: Lead): Promise<LeadDetail> {
  const contacts = await db
    .select()
    .from(crmLeadContacts)
    .where(eq(crmLeadContacts.leadId, lead.id))
    .orderBy(desc(crmLeadContacts.isPrimary), asc(crmLeadContacts.id));
  const calls = await selectCalls(db, lead.id).limit(LEAD_DETAIL_CALLS);
  const notes = await selectNotes(db, lead.id).limit(200);
  return {
    ...lead,
    contacts: contacts.map(presentContact),
    calls: calls.map(presentCall),
    notes: notes.map((row) => presentNote(row.note, row.userName)),
  };
}

/** GET /api/crm/leads/{id}/calls. */
export async function listLeadCalls(
  db: DbOrTransaction,
  leadId: number,
  query: { page: number; per_page: number },
): Promise<Page<LeadCall>> {
  const offset = (query.page - 1) * query.per_page;
  const [rows, [count]] = [
    await selectCalls(db, leadId).limit(query.per_page).offset(offset),
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(crmCalls)
      .where(eq(crmCalls.leadId, leadId)),
  ];
  return toPage(rows.map(presentCall), count?.n ?? 0, query);
}

/** GET /api/crm/leads/{id}/notes. */
export async function listLeadNotes(
  db: DbOrTransaction,
  leadId: number,
  query: { page: number; per_page: number },
): Promise<Page<LeadNote>> {
  const offset = (query.page - 1) * query.per_page;
  const rows = await selectNotes(db, leadId).limit(query.per_page).offset(offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(crmLeadNotes)
    .where(eq(crmLeadNotes.leadId, leadId));
  return toPage(
    rows.map((row) => presentNote(row.note, row.userName)),
    count?.n ?? 0,
    query,
  );
}

export const SEARCH_CONTACTS_LIMIT = 20;

/** POST /api/crm/search_contacts: visible leads whose number or a contact's number has this key (indexed). */
export async function searchContacts(
  db: DbOrTransaction,
  auth: AuthContext,
  settings: CrmSettingsRow,
  phoneNumber: string,
): Promise<Page<SearchContact>> {
  const key = phoneKey(phoneNumber);
  const query = { page: 1, per_page: SEARCH_CONTACTS_LIMIT };
  if (key === null) return toPage([], 0, query);
  // The ids first (three index lookups), then at most 20 leads by primary key: no scan of the leads.
  const matching = sql`(select crm_leads.id from crm_leads where crm_leads.phone_digits = ${key}
    and crm_leads.deleted_at is null
    union select crm_leads.id from crm_leads where crm_leads.mobile_digits = ${key} and crm_leads.deleted_at is null
    union select crm_lead_contacts.lead_id from crm_lead_contacts
      where crm_lead_contacts.phone_digits = ${key} or crm_lead_contacts.mobile_digits = ${key})`;
  const rows = await db
    .select({
      id: crmLeads.id,
      companyName: crmLeads.companyName,
      firstName: crmLeads.firstName,
      lastName: crmLeads.lastName,
      phone: crmLeads.phone,
      mobile: crmLeads.mobile,
      status: crmLeads.status,
      managerId: crmLeads.managerId,
      contactId: sql<number | null>`(select min(c.id) from crm_lead_contacts c where c.lead_id = crm_leads.id
        and (c.phone_digits = ${key} or c.mobile_digits = ${key}))`,
    })
    .from(crmLeads)
    .where(and(visibleLeadsCondition(auth, settings), sql`${crmLeads.id} in ${matching}`))
    .orderBy(sql`${crmLeads.lastCallAt} desc nulls last`, asc(crmLeads.id))
    .limit(SEARCH_CONTACTS_LIMIT);
  const data = rows.map((row) => ({
    id: row.id,
    company_name: row.companyName,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    mobile: row.mobile,
    status: row.status,
    manager_id: row.managerId,
    contact_id: row.contactId === null ? null : Number(row.contactId),
  }));
  return toPage(data, data.length, query);
}

/**
 * Of these (lead, user) pairs, the ones where the user may see the lead now (lead-access.ts's rule for staff with
 * 'view crm': view_all_leads, 'manage crm', or owning the live lead), as `${leadId}:${userId}` keys. One statement,
 * for the lead channels' re-check after a lead changed owner or was deleted.
 */
export async function visibleLeadUserPairs(
  db: DbOrTransaction,
  leadIds: readonly number[],
  userIds: readonly number[],
): Promise<Set<string>> {
  if (leadIds.length === 0 || userIds.length === 0) return new Set();
  const { rows } = await db.execute<{ lead_id: number; user_id: number }>(sql`
    with grants as (
      select u.id as user_id,
        bool_or(p.name = 'view crm') as views_crm,
        bool_or(p.name = 'manage crm') as manages_crm
      from users u
      join user_permissions up on up.user_id = u.id
      join permissions p on p.id = up.permission_id
      where u.id = any(${sql.raw(`array[${userIds.map(Number).join(',')}]::int[]`)}) and u.type = 'Employee'
      group by u.id
    )
    select l.id as lead_id, g.user_id
    from crm_leads l
    cross join grants g
    cross join crm_settings s
    where s.id = 1 and l.id = any(${sql.raw(`array[${leadIds.map(Number).join(',')}]::int[]`)})
      and l.deleted_at is null and g.views_crm
      and (s.view_all_leads or g.manages_crm or l.manager_id = g.user_id)`);
  return new Set(rows.map((row) => `${row.lead_id}:${row.user_id}`));
}
