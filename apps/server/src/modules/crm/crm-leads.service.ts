import { looksLikeHtml, sanitizeHtml, textToHtml } from '@switchboard/shared/html-policy';
import { createCompanyInputSchema } from '@switchboard/shared/companies';
import { dispositionEffect, LEAD_STATUS, type CrmSettings } from '@switchboard/shared/crm';
import {
  leadAlreadyConvertedMessage,
  type Lead,
  type LeadBulk,
  type LeadContact,
  type LeadContactValues,
  type LeadCreate,
  type LeadDisposition,
  type LeadNote,
  type LeadUpdate,
} from '@switchboard/shared/crm-leads';
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTransaction } from '../../db/client.ts';
import { notFound, unprocessable, type FieldErrors } from '../../plugins/errors.ts';
import { createCompany } from '../companies/companies.service.ts';
import { sites } from '../companies/companies.table.ts';
import { holidays } from '../holidays/holidays.table.ts';
import { campaigns, industries, regions, states } from '../reference/reference.table.ts';
import type { AuthContext } from '../users/auth-context.ts';
import { users } from '../users/users.table.ts';
import { agentToday, leadsByIds, presentContact, presentNote } from './crm-leads-read.ts';
import { crmCalls, crmDoNotCall, crmLeadContacts, crmLeadNotes, crmLeads, crmSettings } from './crm.table.ts';
import { readCrmSettings, seesAllLeads, visibleLeadsCondition, type CrmSettingsRow } from './lead-access.ts';

// Writes of the leads API (designs/crm-softphone.md §4.1-§4.2, §5). Each write that touches more than one row or
// table runs in one transaction; the routes push LeadUpdated / LeadNoteAdded after commit.

export const leadManagerOnlySelfMessage = 'You may only assign leads to yourself.';
export const leadCallInvalidMessage = 'The selected call id is invalid.';

type LeadFields = Partial<LeadCreate>;

/** Field errors for ids and codes that name nothing (region, vertical, campaign, state, manager). */
async function referenceErrors(db: DbOrTransaction, input: LeadFields, auth: AuthContext, settings: CrmSettingsRow) {
  const errors: FieldErrors = {};
  const exists = async (found: Promise<unknown[]>) => (await found).length > 0;
  if (
    input.region_id &&
    !(await exists(db.select({ id: regions.id }).from(regions).where(eq(regions.id, input.region_id))))
  )
    errors.region_id = ['The selected region id is invalid.'];
  if (
    input.industry_id &&
    !(await exists(db.select({ id: industries.id }).from(industries).where(eq(industries.id, input.industry_id))))
  )
    errors.industry_id = ['The selected industry id is invalid.'];
  if (
    input.campaign_id &&
    !(await exists(db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, input.campaign_id))))
  )
    errors.campaign_id = ['The selected campaign id is invalid.'];
  if (input.state && !(await exists(db.select({ code: states.code }).from(states).where(eq(states.code, input.state)))))
    errors.state = ['The selected state is invalid.'];
  // Handing a lead to someone else, or to nobody, takes seeing every lead: the agent would lose it from sight.
  if (input.manager_id !== undefined && input.manager_id !== auth.user.id && !seesAllLeads(auth, settings))
    errors.manager_id = [leadManagerOnlySelfMessage];
  else if (input.manager_id && !(await isAgent(db, input.manager_id)))
    errors.manager_id = ['The selected manager id is invalid.'];
  return errors;
}

async function isAgent(db: DbOrTransaction, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.type, 'Employee'), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

function columnsOf(input: LeadFields) {
  const values: Partial<typeof crmLeads.$inferInsert> = {};
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K] | undefined) => {
    if (value !== undefined) values[key] = value;
  };
  set('companyName', input.company_name);
  set('firstName', input.first_name);
  set('lastName', input.last_name);
  set('title', input.title);
  set('phone', input.phone);
  set('phoneExt', input.phone_ext);
  set('mobile', input.mobile);
  set('email', input.email);
  set('address', input.address);
  set('city', input.city);
  set('state', input.state);
  set('zip', input.zip);
  set('website', input.website);
  set('regionId', input.region_id);
  set('industryId', input.industry_id);
  set('campaignId', input.campaign_id);
  set('status', input.status);
  set('nextTouch', input.next_touch);
  set('managerId', input.manager_id);
  return values;
}

async function leadOf(db: DbOrTransaction, id: number): Promise<Lead> {
  const [lead] = await leadsByIds(db, [id]);
  if (!lead) throw notFound();
  return lead;
}

/** POST /api/crm/leads. The caller's gate (create_new_leads or 'manage crm') is checked by the route. */
export async function createLead(db: Db, input: LeadCreate, auth: AuthContext): Promise<Lead> {
  const settings = await readCrmSettings(db);
  const errors = await referenceErrors(db, input, auth, settings);
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  const [row] = await db
    .insert(crmLeads)
    .values({
      ...columnsOf(input),
      companyName: input.company_name,
      status: input.status ?? LEAD_STATUS.prospect,
      managerId: input.manager_id ?? auth.user.id,
      createdBy: auth.user.id,
    })
    .returning({ id: crmLeads.id });
  return leadOf(db, row!.id);
}

/** The lead when this user sees it (locked for the transaction), or 404. */
async function lockVisibleLead(db: DbOrTransaction, auth: AuthContext, settings: CrmSettingsRow, id: number) {
  const [row] = await db
    .select()
    .from(crmLeads)
    .where(and(eq(crmLeads.id, id), visibleLeadsCondition(auth, settings)))
    .for('update')
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** PUT /api/crm/leads/{id}. */
export async function updateLead(db: Db, id: number, input: LeadUpdate, auth: AuthContext): Promise<Lead> {
  const settings = await readCrmSettings(db);
  return db.transaction(async (tx) => {
    await lockVisibleLead(tx, auth, settings, id);
    const errors = await referenceErrors(tx, input, auth, settings);
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    const values = columnsOf(input);
    if (Object.keys(values).length > 0)
      await tx
        .update(crmLeads)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(crmLeads.id, id));
    return leadOf(tx, id);
  });
}

/** DELETE /api/crm/leads/{id}: soft ('manage crm', checked by the route). */
export async function deleteLead(db: Db, id: number, auth: AuthContext): Promise<void> {
  const settings = await readCrmSettings(db);
  await db.transaction(async (tx) => {
    await lockVisibleLead(tx, auth, settings, id);
    await tx.update(crmLeads).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(crmLeads.id, id));
  });
}

/** POST /api/crm/leads/bulk: only the visible ids change, in one transaction; answers the ids changed. */
export async function bulkUpdateLeads(db: Db, input: LeadBulk, auth: AuthContext): Promise<number[]> {
  const settings = await readCrmSettings(db);
  const ids = [...new Set(input.ids)];
  let values: Partial<typeof crmLeads.$inferInsert>;
  if (input.action === 'delete') values = { deletedAt: new Date() };
  else if (input.action === 'status') values = { status: input.value as number };
  else {
    const value = (input.value ?? null) as number | null;
    const errors = await referenceErrors(
      db,
      input.action === 'assign' ? { manager_id: value } : { campaign_id: value },
      auth,
      settings,
    );
    if (Object.keys(errors).length > 0) throw unprocessable({ value: Object.values(errors).flat() });
    values = input.action === 'assign' ? { managerId: value } : { campaignId: value };
  }
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(crmLeads)
      .set({ ...values, updatedAt: new Date() })
      .where(and(inArray(crmLeads.id, ids), visibleLeadsCondition(auth, settings)))
      .returning({ id: crmLeads.id });
    return changed.map((row) => row.id);
  });
}

/** POST /api/crm/leads/{id}/notes: the body is sanitised before it is stored. */
export async function addLeadNote(
  db: DbOrTransaction,
  leadId: number,
  body: string,
  auth: AuthContext,
  callId: number | null = null,
): Promise<LeadNote> {
  // Always HTML when stored: the editor's HTML sanitised, plain text (the dialer's note box) as escaped paragraphs.
  const clean = sanitizeHtml(looksLikeHtml(body) ? body : textToHtml(body));
  if (clean.replace(/<[^>]*>/g, '').trim() === '' && !/<img\b/i.test(clean))
    throw unprocessable({ body: ['The body field is required.'] });
  const [row] = await db.insert(crmLeadNotes).values({ leadId, userId: auth.user.id, callId, body: clean }).returning();
  return presentNote(row!, auth.user.name);
}

// ---- contacts ----

function contactColumns(input: LeadContactValues) {
  const values: Partial<typeof crmLeadContacts.$inferInsert> = {};
  const entries: [keyof typeof values, unknown][] = [
    ['firstName', input.first_name],
    ['lastName', input.last_name],
    ['title', input.title],
    ['phone', input.phone],
    ['phoneExt', input.phone_ext],
    ['mobile', input.mobile],
    ['email', input.email],
    ['isPrimary', input.is_primary],
  ];
  for (const [key, value] of entries) if (value !== undefined) Object.assign(values, { [key]: value });
  return values;
}

/** POST /api/crm/leads/{id}/contacts (the route checks the lead's visibility). A new primary demotes the rest. */
export async function addContact(db: Db, leadId: number, input: LeadContactValues): Promise<LeadContact> {
  return db.transaction(async (tx) => {
    if (input.is_primary)
      await tx.update(crmLeadContacts).set({ isPrimary: false }).where(eq(crmLeadContacts.leadId, leadId));
    const [row] = await tx
      .insert(crmLeadContacts)
      .values({ ...contactColumns(input), leadId })
      .returning();
    return presentContact(row!);
  });
}

/** The contact's lead id, or null. */
export async function contactLeadId(db: DbOrTransaction, contactId: number): Promise<number | null> {
  const [row] = await db
    .select({ leadId: crmLeadContacts.leadId })
    .from(crmLeadContacts)
    .where(eq(crmLeadContacts.id, contactId))
    .limit(1);
  return row?.leadId ?? null;
}

/** PUT /api/crm/contacts/{id}. */
export async function updateContact(
  db: Db,
  contactId: number,
  leadId: number,
  input: LeadContactValues,
): Promise<LeadContact> {
  return db.transaction(async (tx) => {
    if (input.is_primary)
      await tx.update(crmLeadContacts).set({ isPrimary: false }).where(eq(crmLeadContacts.leadId, leadId));
    const [row] = await tx
      .update(crmLeadContacts)
      .set({ ...contactColumns(input), updatedAt: new Date() })
      .where(eq(crmLeadContacts.id, contactId))
      .returning();
    if (!row) throw notFound();
    return presentContact(row);
  });
}

export async function deleteContact(db: DbOrTransaction, contactId: number): Promise<void> {
  await db.delete(crmLeadContacts).where(eq(crmLeadContacts.id, contactId));
}

// ---- disposition ----

/** Company holidays (user_id null) from `from` on, as dates. */
async function companyHolidayDates(db: DbOrTransaction, from: string): Promise<string[]> {
  const rows = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(and(isNull(holidays.userId), gte(holidays.date, from)));
  return rows.map((row) => row.date);
}

const nextTouchSettings = (settings: CrmSettingsRow): Pick<CrmSettings, 'next_touch_days' | 'next_touch_label'> => ({
  next_touch_days: settings.nextTouchDays,
  next_touch_label: settings.nextTouchLabel,
});

export interface DispositionResult {
  lead: Lead;
  note: LeadNote | null;
}

/**
 * POST /api/crm/leads/{id}/disposition: the disposition's effect (next touch by the rule from the agent's date with
 * the company holidays, status, do-not-call, bad number), the agent's overrides, the note and the call's disposition,
 * all in one transaction.
 */
export async function applyDisposition(
  db: Db,
  leadId: number,
  input: LeadDisposition,
  auth: AuthContext,
  now = new Date(),
): Promise<DispositionResult> {
  const settings = await readCrmSettings(db);
  const today = await agentToday(db, auth.user.id, now);
  return db.transaction(async (tx) => {
    const lead = await lockVisibleLead(tx, auth, settings, leadId);
    if (input.call_id !== undefined) {
      const [call] = await tx
        .select({ id: crmCalls.id, userId: crmCalls.userId })
        .from(crmCalls)
        .where(and(eq(crmCalls.id, input.call_id), eq(crmCalls.leadId, leadId)))
        .limit(1);
      if (!call || (call.userId !== auth.user.id && !auth.permissions.includes('manage crm')))
        throw unprocessable({ call_id: [leadCallInvalidMessage] });
      await tx
        .update(crmCalls)
        .set({ disposition: input.disposition, updatedAt: new Date() })
        .where(eq(crmCalls.id, call.id));
    }
    const outcome = dispositionEffect(
      input.disposition,
      today,
      nextTouchSettings(settings),
      await companyHolidayDates(tx, today),
      input.appointment_at?.slice(0, 10) ?? null,
    );
    const values: Partial<typeof crmLeads.$inferInsert> = {
      nextTouch: input.next_touch !== undefined ? input.next_touch : outcome.nextTouch,
      updatedAt: new Date(),
    };
    const status = input.status ?? outcome.status;
    if (status !== undefined) values.status = status;
    if (outcome.badNumber) values.badNumber = true;
    if (outcome.doNotCall) {
      values.doNotCall = true;
      const keys = [lead.phoneDigits, lead.mobileDigits].filter((key): key is string => key !== null);
      if (keys.length > 0)
        await tx
          .insert(crmDoNotCall)
          .values(keys.map((phoneDigits) => ({ phoneDigits, reason: 'disposition', addedBy: auth.user.id })))
          .onConflictDoNothing();
    }
    await tx.update(crmLeads).set(values).where(eq(crmLeads.id, leadId));
    const note = input.note ? await addLeadNote(tx, leadId, input.note, auth, input.call_id ?? null) : null;
    return { lead: await leadOf(tx, leadId), note };
  });
}

// ---- convert ----

/** POST /api/crm/leads/{id}/convert: the client company (name, vertical, website, a site with the address). */
export async function convertLead(
  db: Db,
  leadId: number,
  name: string | null | undefined,
  auth: AuthContext,
): Promise<{ lead: Lead; company_id: number }> {
  const settings = await readCrmSettings(db);
  return db.transaction(async (tx) => {
    const lead = await lockVisibleLead(tx, auth, settings, leadId);
    if (lead.companyId !== null) throw unprocessable({ lead: [leadAlreadyConvertedMessage] });
    const companyName = name ?? lead.companyName;
    const parsed = createCompanyInputSchema.safeParse({
      name: companyName,
      industry_id: lead.industryId,
      website: lead.website,
    });
    // A website the companies' rule refuses is left out rather than blocking the conversion.
    const input = parsed.success
      ? parsed.data
      : createCompanyInputSchema.parse({ name: companyName, industry_id: lead.industryId, website: null });
    const companyId = await createCompany(tx, input, null);
    if (lead.address || lead.city || lead.state || lead.zip)
      await tx.insert(sites).values({
        companyId,
        name: 'Main',
        regionId: lead.regionId,
        address: lead.address,
        city: lead.city,
        state: lead.state,
        zip: lead.zip,
      });
    await tx
      .update(crmLeads)
      .set({ companyId, status: LEAD_STATUS.currentClient, updatedAt: new Date() })
      .where(eq(crmLeads.id, leadId));
    return { lead: await leadOf(tx, leadId), company_id: companyId };
  });
}

// ---- settings ----

export function presentCrmSettings(row: CrmSettingsRow): CrmSettings {
  return {
    view_all_leads: row.viewAllLeads,
    create_new_leads: row.createNewLeads,
    outgoing_number: row.outgoingNumber,
    next_touch_days: row.nextTouchDays,
    next_touch_label: row.nextTouchLabel,
    calling_hours_start: row.callingHoursStart,
    calling_hours_end: row.callingHoursEnd,
    wrap_up_seconds: row.wrapUpSeconds,
  };
}

/** PUT /api/crm/settings. */
export async function updateCrmSettings(db: Db, input: CrmSettings): Promise<CrmSettings> {
  await readCrmSettings(db);
  const [row] = await db
    .update(crmSettings)
    .set({
      viewAllLeads: input.view_all_leads,
      createNewLeads: input.create_new_leads,
      outgoingNumber: input.outgoing_number,
      nextTouchDays: input.next_touch_days,
      nextTouchLabel: input.next_touch_label,
      callingHoursStart: input.calling_hours_start,
      callingHoursEnd: input.calling_hours_end,
      wrapUpSeconds: input.wrap_up_seconds,
      updatedAt: new Date(),
    })
    .where(eq(crmSettings.id, 1))
    .returning();
  return presentCrmSettings(row!);
}
