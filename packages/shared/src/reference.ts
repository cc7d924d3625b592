import { z } from 'zod';

/** Reference ("static") data of spec 1 §3.3: the ids other code relies on and the answers of the shared-data calls (§7.2). */

// Ids fixed by the spec and by the reference seed; code compares against these, never against names.
export { TICKET_STATUS_CLOSED } from './ticket-queue.ts';
export { TECHNICIAN_DEPARTMENT_ID as DEPARTMENT_TECH } from './technicians.ts';
export const DEPARTMENT_ADMINISTRATION = 2;
export const DEPARTMENT_SALES = 3;
export const DEPARTMENT_BILLING = 4;
export const DEPARTMENT_HUMAN_RESOURCES = 5;
// Maintenance-created tickets use triage 3 and location 1 (spec 2 §maintenance).
export const TRIAGE_MEDIUM = 3;
export const TICKET_TYPE_REMOTE = 1;
// Spec 2: a server antivirus value of 2 shows Yes for AVG Updates.
export const SERVER_ANTIVIRUS_AVG = 2;
// Industries with this parent_id are parent industries.
export const INDUSTRY_PARENT_ID = 0;

const namedOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type NamedOption = z.infer<typeof namedOptionSchema>;

export const timezoneOptionSchema = z.object({
  id: z.number().int(),
  // IANA name, e.g. America/New_York.
  name: z.string(),
  // '(UTC-05:00) America/New_York': the standard-time offset, so the label never changes with daylight saving.
  label: z.string(),
});
export type TimezoneOption = z.infer<typeof timezoneOptionSchema>;

// USPS code, e.g. NY.
export const stateOptionSchema = z.object({ code: z.string(), name: z.string() });
export type StateOption = z.infer<typeof stateOptionSchema>;

// color is a hex colour such as #e03131.
export const triageOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  sort_order: z.number().int(),
});
export type TriageOption = z.infer<typeof triageOptionSchema>;

// parent_id is 0 for a parent industry, otherwise the parent's id.
export const industryOptionSchema = z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int() });
export type IndustryOption = z.infer<typeof industryOptionSchema>;

// status: 1 active, 0 inactive. The 'All' pseudo-campaign of spec 1 §3.4 is added by the browser, not stored.
export const campaignOptionSchema = z.object({
  id: z.number().int(),
  campaign_name: z.string(),
  status: z.number().int(),
});
export type CampaignOption = z.infer<typeof campaignOptionSchema>;

// is_default marks the voicemail used when a user has chosen none; deleted_at is always null here (removed ones are left out).
export const voicemailOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_default: z.boolean(),
  deleted_at: z.string().nullable(),
});
export type VoicemailOption = z.infer<typeof voicemailOptionSchema>;

/** The lists a client account gets (decision 0030): what its ticket screens and profile use. */
export const clientStaticDataSchema = z.object({
  timezones: z.array(timezoneOptionSchema),
  states: z.array(stateOptionSchema),
  triage: z.array(triageOptionSchema),
  ticket_type: z.array(namedOptionSchema),
  ticket_statuses: z.array(namedOptionSchema),
});
export type ClientStaticData = z.infer<typeof clientStaticDataSchema>;

/** Staff also get the company, device, HR and CRM lists; they are absent from a client account's answer. */
export const staticDataSchema = clientStaticDataSchema.extend({
  regions: z.array(namedOptionSchema).optional(),
  industries: z.array(industryOptionSchema).optional(),
  workstation_operating_systems: z.array(namedOptionSchema).optional(),
  server_operating_systems: z.array(namedOptionSchema).optional(),
  workstation_antiviruses: z.array(namedOptionSchema).optional(),
  server_antiviruses: z.array(namedOptionSchema).optional(),
  departments: z.array(namedOptionSchema).optional(),
  campaigns: z.array(campaignOptionSchema).optional(),
  voicemails: z.array(voicemailOptionSchema).optional(),
});
export type StaticData = z.infer<typeof staticDataSchema>;

/** GET /api/misc/staticdata answers { data: StaticData }. */
export const staticDataResponseSchema = z.object({ data: staticDataSchema });

export const companyListItemSchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanyListItem = z.infer<typeof companyListItemSchema>;

/** GET /api/company.list answers { data: CompanyListItem[] }. */
export const companyListResponseSchema = z.object({ data: z.array(companyListItemSchema) });

export const employeeListItemSchema = z.object({
  user_id: z.number().int(),
  user: z.object({ name: z.string() }),
  departments: z.array(z.object({ id: z.number().int() })),
});
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;

/** GET /api/users/employee.list answers { data: EmployeeListItem[] }. */
export const employeeListResponseSchema = z.object({ data: z.array(employeeListItemSchema) });
