import { z } from 'zod';
import { optionalPhoneNumberSchema } from './phone.ts';
import { isIsoDate } from './pto.ts';
import { addDays } from './timeclock-report.ts';

/**
 * The CRM's pure rules (designs/crm-softphone.md §2.3, spec 1 §3.4): lead statuses, the next-touch rule,
 * dispositions, phone and e-mail keys for dedupe, the toll-fraud guard, the calling window, the leads list's
 * columns, the CRM settings contract and the lead import's column matching.
 */

// ---- lead statuses (spec 1 §3.4) ----

export const LEAD_STATUS = { none: 0, prospect: 1, all: 2, appointmentSet: 3, currentClient: 5, winBack: 9 } as const;
export type LeadStatusCode = (typeof LEAD_STATUS)[keyof typeof LEAD_STATUS];
/** The statuses a lead may hold: 2 'All' is a filter only, never stored. */
export const storedLeadStatuses = [0, 1, 3, 5, 9] as const;
export type StoredLeadStatus = (typeof storedLeadStatuses)[number];

export const leadStatusLabels: Record<LeadStatusCode, string> = {
  0: 'None',
  1: 'Prospect',
  2: 'All',
  3: 'Appointment Set',
  5: 'Current Client',
  9: 'Win Back',
};

export interface LeadStatusOption {
  value: LeadStatusCode;
  label: string;
}
const statusOption = (value: LeadStatusCode): LeadStatusOption => ({ value, label: leadStatusLabels[value] });
/** The list filter, in the spec's order: None, All, Prospect, Appointment Set, Current Client, Win Back. */
export const leadStatusFilterOptions: readonly LeadStatusOption[] = [0, 2, 1, 3, 5, 9].map((code) =>
  statusOption(code as LeadStatusCode),
);
/** The status a lead can be set to: the filter list without 0 None and 2 All (spec 1 §3.4). */
export const leadStatusUpdateOptions: readonly LeadStatusOption[] = leadStatusFilterOptions.filter(
  (option) => option.value !== LEAD_STATUS.none && option.value !== LEAD_STATUS.all,
);

export const leadStatusInvalidMessage = 'The selected status is invalid.';
/** A stored lead status (0, 1, 3, 5 or 9). */
export const leadStatusSchema = z.union(
  storedLeadStatuses.map((code) => z.literal(code)),
  { error: leadStatusInvalidMessage },
);

/** The filter's status (spec 1 §3.4, 2 'All' included), from a query string or a number. */
export const leadStatusFilterSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,2}$/.test(value.trim()) ? Number(value) : value),
  z.union(
    [0, 1, 2, 3, 5, 9].map((code) => z.literal(code as LeadStatusCode)),
    { error: leadStatusInvalidMessage },
  ),
);

/** An imported lead's status when the import names none (design §2.1). */
export const DEFAULT_IMPORT_LEAD_STATUS: StoredLeadStatus = LEAD_STATUS.prospect;

// ---- next touch (design §2.3) ----

export const nextTouchLabels = ['Business Days', 'Days'] as const;
export type NextTouchLabel = (typeof nextTouchLabels)[number];
export interface NextTouchSettings {
  next_touch_days: number;
  next_touch_label: NextTouchLabel;
}
export type HolidayDates = ReadonlySet<string> | readonly string[];

const asSet = (holidays: HolidayDates): ReadonlySet<string> =>
  holidays instanceof Set ? holidays : new Set(holidays as readonly string[]);

function requireDate(date: string, what: string): void {
  if (!isIsoDate(date)) throw new RangeError(`${what} must be a date 'YYYY-MM-DD', got ${JSON.stringify(date)}`);
}

/** Monday to Friday and not a company holiday. Dates are plain 'YYYY-MM-DD' read in UTC: no time-zone shifts. */
export function isBusinessDay(date: string, holidays: HolidayDates = []): boolean {
  requireDate(date, 'date');
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !asSet(holidays).has(date);
}

/**
 * The date `days` business days after `date` (weekends and holidays skipped). 0 gives `date` itself when it is a
 * business day, else the next business day.
 */
export function addBusinessDays(date: string, days: number, holidays: HolidayDates = []): string {
  requireDate(date, 'date');
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number >= 0, got ${days}`);
  const holidaySet = asSet(holidays);
  let current = date;
  if (days === 0) {
    while (!isBusinessDay(current, holidaySet)) current = addDays(current, 1);
    return current;
  }
  for (let counted = 0; counted < days;) {
    current = addDays(current, 1);
    if (isBusinessDay(current, holidaySet)) counted += 1;
  }
  return current;
}

/**
 * The default next touch after a call (design §2.3): 'Business Days' counts forward skipping Saturday, Sunday and
 * company holidays; 'Days' counts calendar days. 0 business days gives today, or the next business day when today
 * is not one; 0 calendar days gives today. `today` is the agent's date in their own time zone.
 */
export function nextTouchDate(today: string, settings: NextTouchSettings, holidays: HolidayDates = []): string {
  requireDate(today, 'today');
  const days = settings.next_touch_days;
  if (settings.next_touch_label === 'Days') {
    if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be a whole number >= 0, got ${days}`);
    return addDays(today, days);
  }
  return addBusinessDays(today, days, holidays);
}

// ---- dispositions (design §2.3, §4.4: keys 1-8 in the power dialer) ----

export type DispositionEffectKind = 'next_touch' | 'appointment' | 'next_touch_plus_90' | 'bad_number' | 'do_not_call';

export const DISPOSITIONS = [
  { code: 'connected', label: 'Connected', key: '1', effect: 'next_touch' },
  { code: 'left_voicemail', label: 'Left Voicemail', key: '2', effect: 'next_touch' },
  { code: 'no_answer', label: 'No Answer', key: '3', effect: 'next_touch' },
  { code: 'busy', label: 'Busy', key: '4', effect: 'next_touch' },
  { code: 'appointment_set', label: 'Appointment Set', key: '5', effect: 'appointment' },
  { code: 'not_interested', label: 'Not Interested', key: '6', effect: 'next_touch_plus_90' },
  { code: 'bad_number', label: 'Bad Number', key: '7', effect: 'bad_number' },
  { code: 'do_not_call', label: 'Do Not Call', key: '8', effect: 'do_not_call' },
] as const satisfies readonly { code: string; label: string; key: string; effect: DispositionEffectKind }[];

export type DispositionCode = (typeof DISPOSITIONS)[number]['code'];
export const dispositionCodes = DISPOSITIONS.map((disposition) => disposition.code) as [
  DispositionCode,
  ...DispositionCode[],
];
export const dispositionInvalidMessage = 'The selected disposition is invalid.';
export const dispositionSchema = z.enum(dispositionCodes, { error: dispositionInvalidMessage });

/** Days a 'Not Interested' lead rests beyond the rule's date before it comes back. */
export const NOT_INTERESTED_EXTRA_DAYS = 90;

export interface DispositionOutcome {
  /** The proposed next touch ('YYYY-MM-DD'), or null to clear it; the agent may always override it. */
  nextTouch: string | null;
  status?: StoredLeadStatus;
  doNotCall?: boolean;
  badNumber?: boolean;
  opensAppointment?: boolean;
}

/** The disposition for a keyboard key '1'-'8', or null. */
export const dispositionForKey = (key: string) => DISPOSITIONS.find((disposition) => disposition.key === key) ?? null;

/**
 * What a disposition does to the lead. appointment_set: status Appointment Set, next touch the appointment's date
 * (the rule's date until the appointment is chosen), and the appointment form opens; not_interested: the rule's
 * date + 90 calendar days; bad_number and do_not_call clear the next touch.
 */
export function dispositionEffect(
  code: DispositionCode,
  today: string,
  settings: NextTouchSettings,
  holidays: HolidayDates = [],
  appointmentDate?: string | null,
): DispositionOutcome {
  const disposition = DISPOSITIONS.find((entry) => entry.code === code);
  if (!disposition) throw new RangeError(`unknown disposition ${JSON.stringify(code)}`);
  switch (disposition.effect) {
    case 'next_touch':
      return { nextTouch: nextTouchDate(today, settings, holidays) };
    case 'appointment': {
      if (appointmentDate) requireDate(appointmentDate, 'appointmentDate');
      return {
        nextTouch: appointmentDate || nextTouchDate(today, settings, holidays),
        status: LEAD_STATUS.appointmentSet,
        opensAppointment: true,
      };
    }
    case 'next_touch_plus_90':
      return { nextTouch: addDays(nextTouchDate(today, settings, holidays), NOT_INTERESTED_EXTRA_DAYS) };
    case 'bad_number':
      return { nextTouch: null, badNumber: true };
    case 'do_not_call':
      return { nextTouch: null, doNotCall: true };
  }
}

// ---- phone and e-mail keys (design §2.2, §2.3) ----

// An extension starts at the first 'x' (x, ext, ext., extension) or '#'; everything from there on is dropped.
const extensionTail = /[xX#][\s\S]*$/;

/**
 * The key two numbers are compared by: the extension dropped, digits only, a leading 1 on 11 digits dropped;
 * 10 digits, or null when the text is no US number. `crmPhoneKeySql` gives the same answers in PostgreSQL.
 */
export function phoneKey(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const digits = text.replace(extensionTail, '').replace(/[^0-9]/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/**
 * The PostgreSQL twin of `phoneKey`, for the generated columns `phone_digits` (one migration creates it before the
 * tables). Only [0-9] counts as a digit on both sides ('\d' can match other scripts' digits in PostgreSQL).
 */
export const crmPhoneKeySql = `CREATE OR REPLACE FUNCTION crm_phone_key(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT CASE
    WHEN length(digits) = 10 THEN digits
    WHEN length(digits) = 11 AND left(digits, 1) = '1' THEN substr(digits, 2)
  END
  FROM (SELECT regexp_replace(regexp_replace(input, '[xX#].*$', ''), '[^0-9]', '', 'g') AS digits) AS cleaned
$$;`;

/** Inputs `phoneKey` and `crm_phone_key` must agree on, with the expected key. */
export const phoneKeyCases: readonly (readonly [input: string, key: string | null])[] = [
  ['(512) 555-0123', '5125550123'],
  ['512.555.0123', '5125550123'],
  ['5125550123', '5125550123'],
  ['+1 (512) 555-0123', '5125550123'],
  ['1-512-555-0123', '5125550123'],
  ['15125550123', '5125550123'],
  ['(512) 555-0123 Ext. 45', '5125550123'],
  ['512-555-0123 ext 4567', '5125550123'],
  ['512-555-0123 EXTENSION 9', '5125550123'],
  ['512-555-0123x12', '5125550123'],
  ['512-555-0123 X 12', '5125550123'],
  ['512-555-0123 #12', '5125550123'],
  ['1 512 555 0123 x 7', '5125550123'],
  ['tel:+15125550123', '5125550123'],
  [' 512 555 0123\n', '5125550123'],
  ['25125550123', null],
  ['512555012', null],
  ['512555012345', null],
  ['', null],
  ['   ', null],
  ['no number', null],
  ['x5125550123', null],
  ['٥١٢٥٥٥٠١٢٣', null],
  ['1', null],
];

/**
 * The e-mail key: lower(trim(text)), null when empty. Trims spaces only, as PostgreSQL's trim() does, so this and
 * the generated column `email_key` agree.
 */
export function emailKey(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const key = text.replace(/^ +| +$/g, '').toLowerCase();
  return key === '' ? null : key;
}

/**
 * The generated column `email_key` as SQL: `lower(trim(email))` as the design has it, with '' made null so that it
 * agrees with `emailKey` (and empty e-mails never look alike). Non-ASCII case folding follows the database's
 * collation in PostgreSQL and Unicode in JavaScript; addresses are ASCII in practice.
 */
export const crmEmailKeySql = "nullif(lower(trim(email)), '')";

export interface LeadKeys {
  phone?: string | null;
  email?: string | null;
}

/** Two leads are duplicates when their phone keys match or their e-mail keys match (neither empty). */
export function isDuplicateLead(a: LeadKeys, b: LeadKeys): boolean {
  const phoneA = phoneKey(a.phone);
  if (phoneA !== null && phoneA === phoneKey(b.phone)) return true;
  const emailA = emailKey(a.email);
  return emailA !== null && emailA === emailKey(b.email);
}

// ---- toll-fraud guard (design §2.3) ----

export const tollFraudN11Message = 'Calls to N11 service numbers are not allowed.';
export const tollFraud900Message = 'Calls to 900 numbers are not allowed.';
export const tollFraud976Message = 'Calls to 976 numbers are not allowed.';
const n11 = /^[2-9]11$/;

/**
 * Why a number may not be dialled, or null. Refused: the N11 service codes (211-911) dialled alone (with or without
 * a leading 1) or as an area code or exchange (N11 exchanges are never assigned); the 900 area code (premium rate);
 * 976 as area code or exchange (the old premium exchange). A 900 exchange is an ordinary local number and passes.
 */
export function tollFraudReason(dial: string): string | null {
  const digits = dial.replace(extensionTail, '').replace(/[^0-9]/g, '');
  if (n11.test(digits) || (digits.length === 4 && digits.startsWith('1') && n11.test(digits.slice(1))))
    return tollFraudN11Message;
  const key = phoneKey(dial);
  if (key === null) return null;
  const area = key.slice(0, 3);
  const exchange = key.slice(3, 6);
  if (n11.test(area) || n11.test(exchange)) return tollFraudN11Message;
  if (area === '900') return tollFraud900Message;
  if (area === '976' || exchange === '976') return tollFraud976Message;
  return null;
}

// ---- calling window (design §2.3, the power dialer) ----

/**
 * Each state's (USPS code) IANA time zone. A state spanning two zones takes the zone most of its people live in:
 * FL, IN, KY, MI eastern; KS, NE, ND, SD, TN, TX central; ID mountain (Boise); OR pacific. AZ keeps no daylight
 * saving time (America/Phoenix). Territories are listed too.
 */
export const stateTimeZones: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/St_Thomas',
  GU: 'Pacific/Guam',
  MP: 'Pacific/Saipan',
  AS: 'Pacific/Pago_Pago',
};

/** Without a known state the call must fit the window from the east coast to the west coast. */
const unknownStateZones = ['America/New_York', 'America/Los_Angeles'];

const hourFormats = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock hour (0-23) of `now` in an IANA zone. */
export function hourInZone(timeZone: string, now: Date): number {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.formatToParts(now).find((part) => part.type === 'hour')!.value) % 24;
}

/**
 * True when the lead's local hour lies in [startHour, endHour). The state's zone comes from `stateTimeZones`; an
 * unknown or missing state must be inside the window in both New York and Los Angeles.
 */
export function withinCallingWindow(
  stateCode: string | null | undefined,
  now: Date,
  startHour: number,
  endHour: number,
): boolean {
  const zone = stateCode ? stateTimeZones[stateCode.trim().toUpperCase()] : undefined;
  const zones = zone ? [zone] : unknownStateZones;
  return zones.every((timeZone) => {
    const hour = hourInZone(timeZone, now);
    return hour >= startHour && hour < endHour;
  });
}

// ---- the leads list (spec 1 §3.4) ----

export const LEAD_LIST_COLUMNS = [
  { key: 'company', label: 'Company' },
  { key: 'contact', label: 'Contact' },
  { key: 'phone', label: 'Phone' },
  { key: 'email', label: 'Email' },
  { key: 'state', label: 'State' },
  { key: 'city', label: 'City' },
  { key: 'region', label: 'Region' },
  { key: 'vertical', label: 'Vertical' },
  { key: 'campaign', label: 'Campaign' },
  { key: 'next_touch', label: 'Next Touch' },
  { key: 'status', label: 'Status' },
  { key: 'calls', label: 'Calls' },
  { key: 'last_call', label: 'Last Call' },
  { key: 'manager', label: 'Manager' },
] as const;
export type LeadListColumn = (typeof LEAD_LIST_COLUMNS)[number]['key'];

// ---- CRM settings (spec 1 §3.4 and the design's three beyond) ----

export const NEXT_TOUCH_DAYS_MAX = 30;
export const WRAP_UP_SECONDS_MAX = 30;

const flag = (label: string) => z.boolean({ error: `The ${label} field must be true or false.` });
const wholeNumberBetween = (label: string, min: number, max: number) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .int({ error: `The ${label} must be an integer.` })
    .min(min, { error: `The ${label} must be between ${min} and ${max}.` })
    .max(max, { error: `The ${label} must be between ${min} and ${max}.` });

export const callingHoursOrderMessage = 'The calling hours end must be after the calling hours start.';

export const crmSettingsSchema = z
  .object({
    view_all_leads: flag('view all leads'),
    create_new_leads: flag('create new leads'),
    outgoing_number: optionalPhoneNumberSchema,
    next_touch_days: wholeNumberBetween('next touch days', 0, NEXT_TOUCH_DAYS_MAX),
    next_touch_label: z.enum(nextTouchLabels, { error: 'The selected next touch label is invalid.' }),
    calling_hours_start: wholeNumberBetween('calling hours start', 0, 23),
    calling_hours_end: wholeNumberBetween('calling hours end', 1, 24),
    wrap_up_seconds: wholeNumberBetween('wrap up seconds', 0, WRAP_UP_SECONDS_MAX),
  })
  .refine((settings) => settings.calling_hours_start < settings.calling_hours_end, {
    path: ['calling_hours_end'],
    error: callingHoursOrderMessage,
  });
export type CrmSettingsInput = z.input<typeof crmSettingsSchema>;
export type CrmSettings = z.output<typeof crmSettingsSchema>;

export const defaultCrmSettings: CrmSettings = {
  view_all_leads: false,
  create_new_leads: true,
  outgoing_number: null,
  next_touch_days: 2,
  next_touch_label: 'Business Days',
  calling_hours_start: 8,
  calling_hours_end: 21,
  wrap_up_seconds: 10,
};

// ---- lead import column matching (design §2.4) ----

export const leadImportFields = [
  'company_name',
  'first_name',
  'last_name',
  'title',
  'phone',
  'mobile',
  'email',
  'address',
  'city',
  'state',
  'zip',
  'website',
  'region',
  'vertical',
  'campaign',
  'status',
  'next_touch',
  'notes',
  'manager_email',
] as const;
export type LeadImportField = (typeof leadImportFields)[number];

export const leadImportFieldLabels: Record<LeadImportField, string> = {
  company_name: 'Company',
  first_name: 'First Name',
  last_name: 'Last Name',
  title: 'Title',
  phone: 'Phone',
  mobile: 'Mobile',
  email: 'Email',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  website: 'Website',
  region: 'Region',
  vertical: 'Vertical',
  campaign: 'Campaign',
  status: 'Status',
  next_touch: 'Next Touch',
  notes: 'Notes',
  manager_email: 'Manager Email',
};

// Header words that name each field (compared after normalising: lower case, punctuation and '_' as spaces).
const leadFieldAliases: Record<LeadImportField, readonly string[]> = {
  company_name: ['company', 'company name', 'business', 'business name', 'organization', 'organisation', 'account'],
  first_name: ['first name', 'first', 'firstname', 'given name', 'contact first name'],
  last_name: ['last name', 'last', 'lastname', 'surname', 'family name', 'contact last name'],
  title: ['title', 'job title', 'position', 'role'],
  phone: ['phone', 'phone number', 'telephone', 'tel', 'office phone', 'work phone', 'business phone', 'main phone'],
  mobile: ['mobile', 'mobile phone', 'cell', 'cell phone', 'cell number', 'mobile number'],
  email: ['email', 'e mail', 'email address', 'e mail address', 'mail'],
  address: ['address', 'street', 'street address', 'address 1', 'address line 1'],
  city: ['city', 'town'],
  state: ['state', 'st', 'province', 'state code'],
  zip: ['zip', 'zip code', 'zipcode', 'postal code', 'postcode'],
  website: ['website', 'web site', 'web', 'url', 'site', 'homepage'],
  region: ['region', 'territory', 'area'],
  vertical: ['vertical', 'industry', 'sector'],
  campaign: ['campaign', 'campaign name', 'list'],
  status: ['status', 'lead status'],
  next_touch: ['next touch', 'next touch date', 'follow up', 'follow up date', 'next call'],
  notes: ['notes', 'note', 'comments', 'comment', 'description'],
  manager_email: ['manager email', 'manager', 'agent', 'agent email', 'owner', 'owner email', 'assigned to'],
};

const normalizeLeadHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * Matches each lead field to a column (the account import's pattern): by header name when the file has a header
 * row, else by position in `leadImportFields` order. A column serves one field at most. Answers index or null.
 */
export function autoMatchLeadColumns(header: string[], hasHeader: boolean): Record<LeadImportField, number | null> {
  const result = {} as Record<LeadImportField, number | null>;
  const taken = new Set<number>();
  const names = header.map(normalizeLeadHeader);
  leadImportFields.forEach((field, position) => {
    if (!hasHeader) {
      result[field] = position < header.length ? position : null;
      return;
    }
    const index = names.findIndex((name, column) => !taken.has(column) && leadFieldAliases[field].includes(name));
    result[field] = index >= 0 ? index : null;
    if (index >= 0) taken.add(index);
  });
  return result;
}
