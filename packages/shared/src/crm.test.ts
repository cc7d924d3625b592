import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  autoMatchLeadColumns,
  callingHoursOrderMessage,
  crmEmailKeySql,
  crmPhoneKeySql,
  crmSettingsSchema,
  DEFAULT_IMPORT_LEAD_STATUS,
  defaultCrmSettings,
  dispositionEffect,
  dispositionForKey,
  dispositionInvalidMessage,
  dispositionSchema,
  DISPOSITIONS,
  emailKey,
  hourInZone,
  isBusinessDay,
  isDuplicateLead,
  LEAD_LIST_COLUMNS,
  LEAD_STATUS,
  leadImportFields,
  leadStatusFilterOptions,
  leadStatusFilterSchema,
  leadStatusInvalidMessage,
  leadStatusLabels,
  leadStatusSchema,
  leadStatusUpdateOptions,
  nextTouchDate,
  phoneKey,
  phoneKeyCases,
  stateTimeZones,
  storedLeadStatuses,
  tollFraud900Message,
  tollFraud976Message,
  tollFraudN11Message,
  tollFraudReason,
  withinCallingWindow,
} from './crm.ts';
import { formatPhoneNumber } from './phone.ts';

const businessDays = (days: number) => ({ next_touch_days: days, next_touch_label: 'Business Days' as const });
const calendarDays = (days: number) => ({ next_touch_days: days, next_touch_label: 'Days' as const });

describe('message texts', () => {
  it('words each refusal', () => {
    expect(leadStatusInvalidMessage).toBe('The selected status is invalid.');
    expect(dispositionInvalidMessage).toBe('The selected disposition is invalid.');
    expect(tollFraudN11Message).toBe('Calls to N11 service numbers are not allowed.');
    expect(tollFraud900Message).toBe('Calls to 900 numbers are not allowed.');
    expect(tollFraud976Message).toBe('Calls to 976 numbers are not allowed.');
    expect(callingHoursOrderMessage).toBe('The calling hours end must be after the calling hours start.');
  });
});

describe('lead statuses', () => {
  it('has the spec codes and labels', () => {
    expect(LEAD_STATUS).toEqual({ none: 0, prospect: 1, all: 2, appointmentSet: 3, currentClient: 5, winBack: 9 });
    expect(leadStatusLabels).toEqual({
      0: 'None',
      1: 'Prospect',
      2: 'All',
      3: 'Appointment Set',
      5: 'Current Client',
      9: 'Win Back',
    });
  });
  it('lists the filter in the spec order and the update list without None and All', () => {
    expect(leadStatusFilterOptions.map((option) => option.label)).toEqual([
      'None',
      'All',
      'Prospect',
      'Appointment Set',
      'Current Client',
      'Win Back',
    ]);
    expect(leadStatusFilterOptions.map((option) => option.value)).toEqual([0, 2, 1, 3, 5, 9]);
    expect(leadStatusUpdateOptions.map((option) => option.value)).toEqual([1, 3, 5, 9]);
    expect(leadStatusUpdateOptions.map((option) => option.label)).toEqual([
      'Prospect',
      'Appointment Set',
      'Current Client',
      'Win Back',
    ]);
  });
  it('filters by the six codes, read from a query string too', () => {
    expect(leadStatusFilterSchema.parse('2')).toBe(2);
    expect(leadStatusFilterSchema.parse(9)).toBe(9);
    expect(leadStatusFilterSchema.parse(' 0 ')).toBe(0);
    for (const bad of ['4', '', 'all', 10, null])
      expect(leadStatusFilterSchema.safeParse(bad).error?.issues[0]?.message).toBe('The selected status is invalid.');
    expect(DEFAULT_IMPORT_LEAD_STATUS).toBe(1);
  });
  it('stores 0, 1, 3, 5 and 9 only', () => {
    expect(storedLeadStatuses).toEqual([0, 1, 3, 5, 9]);
    for (const code of storedLeadStatuses) expect(leadStatusSchema.parse(code)).toBe(code);
    for (const bad of [2, 4, -1, '1', null, 1.5]) {
      const result = leadStatusSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(leadStatusInvalidMessage);
    }
  });
});

describe('nextTouchDate', () => {
  it('counts business days, skipping weekends (design §2.3 examples)', () => {
    expect(nextTouchDate('2026-11-26', businessDays(2))).toBe('2026-11-30'); // Thu + 2 = Mon
    expect(nextTouchDate('2026-11-27', businessDays(2))).toBe('2026-12-01'); // Fri + 2 = Tue
    expect(nextTouchDate('2026-11-28', businessDays(2))).toBe('2026-12-01'); // Sat + 2 = Tue
    expect(nextTouchDate('2026-11-29', businessDays(2))).toBe('2026-12-01'); // Sun + 2 = Tue
    expect(nextTouchDate('2026-11-23', businessDays(2))).toBe('2026-11-25'); // Mon + 2 = Wed
  });
  it('skips company holidays', () => {
    expect(nextTouchDate('2026-11-27', businessDays(2), ['2026-11-30'])).toBe('2026-12-02'); // Fri, holiday Mon
    expect(nextTouchDate('2026-12-31', businessDays(2), new Set(['2027-01-01']))).toBe('2027-01-05');
    expect(nextTouchDate('2026-12-31', businessDays(2))).toBe('2027-01-04'); // without the holiday
    // A holiday on a weekend changes nothing.
    expect(nextTouchDate('2026-11-26', businessDays(2), ['2026-11-28'])).toBe('2026-11-30');
  });
  it("counts calendar days with 'Days'", () => {
    expect(nextTouchDate('2026-11-26', calendarDays(2))).toBe('2026-11-28');
    expect(nextTouchDate('2026-11-27', calendarDays(2), ['2026-11-28'])).toBe('2026-11-29');
    expect(nextTouchDate('2026-02-27', calendarDays(2))).toBe('2026-03-01');
    expect(nextTouchDate('2028-02-28', calendarDays(1))).toBe('2028-02-29');
    expect(nextTouchDate('2026-11-28', calendarDays(0))).toBe('2026-11-28');
  });
  it('gives today for 0 on a business day, else the next business day', () => {
    expect(nextTouchDate('2026-11-26', businessDays(0))).toBe('2026-11-26');
    expect(nextTouchDate('2026-11-28', businessDays(0))).toBe('2026-11-30');
    expect(nextTouchDate('2026-11-26', businessDays(0), ['2026-11-26', '2026-11-27'])).toBe('2026-11-30');
  });
  it('reaches 30 business days across months and refuses bad input', () => {
    expect(nextTouchDate('2026-11-26', businessDays(30))).toBe('2027-01-07');
    expect(() => nextTouchDate('2026-02-30', businessDays(2))).toThrow(RangeError);
    expect(() => nextTouchDate('2026-11-26', businessDays(-1))).toThrow(RangeError);
    expect(() => nextTouchDate('2026-11-26', calendarDays(1.5))).toThrow(RangeError);
  });
  test.prop([fc.integer({ min: 0, max: 3650 }), fc.integer({ min: 1, max: 30 })])(
    'always lands on a business day exactly n business days later',
    (offset, days) => {
      const start = new Date(Date.UTC(2024, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
      const result = addBusinessDays(start, days);
      expect(isBusinessDay(result)).toBe(true);
      let counted = 0;
      for (let date = start; date < result;) {
        date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        if (isBusinessDay(date)) counted += 1;
      }
      expect(counted).toBe(days);
    },
  );
});

describe('dispositions', () => {
  it('lists the eight codes with keys 1-8 and labels', () => {
    expect(DISPOSITIONS.map((d) => [d.code, d.key, d.label])).toEqual([
      ['connected', '1', 'Connected'],
      ['left_voicemail', '2', 'Left Voicemail'],
      ['no_answer', '3', 'No Answer'],
      ['busy', '4', 'Busy'],
      ['appointment_set', '5', 'Appointment Set'],
      ['not_interested', '6', 'Not Interested'],
      ['bad_number', '7', 'Bad Number'],
      ['do_not_call', '8', 'Do Not Call'],
    ]);
    expect(dispositionForKey('5')?.code).toBe('appointment_set');
    expect(dispositionForKey('9')).toBeNull();
  });
  it('validates codes with a clear message', () => {
    expect(dispositionSchema.parse('busy')).toBe('busy');
    const result = dispositionSchema.safeParse('hung_up');
    expect(result.error?.issues[0]?.message).toBe(dispositionInvalidMessage);
  });
  const today = '2026-11-27'; // Friday
  const settings = businessDays(2);
  it('schedules the next touch by the rule for call outcomes', () => {
    for (const code of ['connected', 'left_voicemail', 'no_answer', 'busy'] as const)
      expect(dispositionEffect(code, today, settings, ['2026-11-30'])).toEqual({ nextTouch: '2026-12-02' });
  });
  it('sets an appointment: status 3, the appointment date, the form opens', () => {
    expect(dispositionEffect('appointment_set', today, settings, [], '2026-12-10')).toEqual({
      nextTouch: '2026-12-10',
      status: 3,
      opensAppointment: true,
    });
    expect(dispositionEffect('appointment_set', today, settings).nextTouch).toBe('2026-12-01');
    expect(() => dispositionEffect('appointment_set', today, settings, [], '12/10/2026')).toThrow(RangeError);
  });
  it('rests a not-interested lead 90 days past the rule date', () => {
    expect(dispositionEffect('not_interested', today, settings)).toEqual({ nextTouch: '2027-03-01' });
    expect(dispositionEffect('not_interested', today, calendarDays(0))).toEqual({ nextTouch: '2027-02-25' });
  });
  it('clears the next touch for a bad number and do not call', () => {
    expect(dispositionEffect('bad_number', today, settings)).toEqual({ nextTouch: null, badNumber: true });
    expect(dispositionEffect('do_not_call', today, settings)).toEqual({ nextTouch: null, doNotCall: true });
  });
});

describe('phoneKey', () => {
  it.each(phoneKeyCases)('%j -> %j', (input, key) => {
    expect(phoneKey(input)).toBe(key);
  });
  it('answers null for missing text', () => {
    expect(phoneKey(null)).toBeNull();
    expect(phoneKey(undefined)).toBeNull();
  });
  test.prop([fc.stringMatching(/^[0-9]{10}$/), fc.stringMatching(/^[0-9]{0,4}$/)])(
    'finds the ten digits of any formatted number with or without an extension',
    (digits, extension) => {
      expect(phoneKey(formatPhoneNumber(digits + extension))).toBe(digits);
      expect(phoneKey(`+1 ${digits}`)).toBe(digits);
    },
  );
  it('has a PostgreSQL twin with the same steps', () => {
    expect(crmPhoneKeySql).toMatch(/^CREATE OR REPLACE FUNCTION crm_phone_key\(input text\) RETURNS text/);
    expect(crmPhoneKeySql).toContain('IMMUTABLE');
    expect(crmPhoneKeySql).toContain("'[xX#].*$'");
    expect(crmPhoneKeySql).toContain("'[^0-9]', '', 'g'");
  });
});

describe('emailKey and duplicates', () => {
  it('lower-cases and trims spaces; empty is null', () => {
    expect(emailKey('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(emailKey('   ')).toBeNull();
    expect(emailKey('')).toBeNull();
    expect(emailKey(null)).toBeNull();
    expect(crmEmailKeySql).toBe("nullif(lower(trim(email)), '')");
  });
  it('matches leads by phone key or e-mail key', () => {
    expect(isDuplicateLead({ phone: '(512) 555-0123' }, { phone: '1-512-555-0123 x4' })).toBe(true);
    expect(isDuplicateLead({ email: 'A@b.com ' }, { email: 'a@B.com' })).toBe(true);
    expect(
      isDuplicateLead({ phone: '512 555 0123', email: 'a@b.com' }, { phone: '512 555 0124', email: 'c@b.com' }),
    ).toBe(false);
  });
  it('never matches on empty or invalid keys', () => {
    expect(isDuplicateLead({ phone: '', email: '' }, { phone: '', email: '' })).toBe(false);
    expect(isDuplicateLead({ phone: '123' }, { phone: '123' })).toBe(false);
    expect(isDuplicateLead({}, {})).toBe(false);
    expect(isDuplicateLead({ phone: null, email: ' ' }, { phone: null, email: ' ' })).toBe(false);
  });
});

describe('tollFraudReason', () => {
  it.each(['211', '411', '911', '1911', '+1 611'])('refuses the N11 short code %s', (dial) => {
    expect(tollFraudReason(dial)).toBe(tollFraudN11Message);
  });
  it('refuses N11 area codes and exchanges', () => {
    expect(tollFraudReason('(411) 555-0123')).toBe(tollFraudN11Message);
    expect(tollFraudReason('+1 512 911 0123')).toBe(tollFraudN11Message);
  });
  it('refuses the 900 area code and 976 area codes or exchanges', () => {
    expect(tollFraudReason('+19005551212')).toBe(tollFraud900Message);
    expect(tollFraudReason('1-900-555-1212')).toBe(tollFraud900Message);
    expect(tollFraudReason('(212) 976-1234')).toBe(tollFraud976Message);
    expect(tollFraudReason('976-555-1234')).toBe(tollFraud976Message);
  });
  it('lets ordinary numbers through, a 900 exchange included', () => {
    expect(tollFraudReason('+15125550123')).toBeNull();
    expect(tollFraudReason('(512) 900-0123')).toBeNull();
    expect(tollFraudReason('(111) 555-0123')).toBeNull();
    expect(tollFraudReason('5125550123 x911')).toBeNull();
  });
});

describe('withinCallingWindow', () => {
  // 2026-11-28 is winter time: New York UTC-5, Chicago UTC-6, Denver UTC-7, Phoenix UTC-7, Los Angeles UTC-8.
  const at = (iso: string) => new Date(iso);
  it('reads the hour in the state zone', () => {
    expect(hourInZone('America/Chicago', at('2026-11-28T14:00:00Z'))).toBe(8);
    expect(hourInZone('America/New_York', at('2026-11-28T05:00:00Z'))).toBe(0);
  });
  it('includes the start hour and excludes the end hour', () => {
    expect(withinCallingWindow('TX', at('2026-11-28T14:00:00Z'), 8, 21)).toBe(true); // 08:00 Chicago
    expect(withinCallingWindow('TX', at('2026-11-28T13:59:00Z'), 8, 21)).toBe(false); // 07:59
    expect(withinCallingWindow('TX', at('2026-11-29T02:59:00Z'), 8, 21)).toBe(true); // 20:59
    expect(withinCallingWindow('TX', at('2026-11-29T03:00:00Z'), 8, 21)).toBe(false); // 21:00
  });
  it('differs by zone for the same instant', () => {
    const instant = at('2026-11-28T15:30:00Z'); // 10:30 New York, 07:30 Los Angeles
    expect(withinCallingWindow('NY', instant, 8, 21)).toBe(true);
    expect(withinCallingWindow('ca', instant, 8, 21)).toBe(false);
    expect(withinCallingWindow('HI', at('2026-11-28T20:00:00Z'), 8, 21)).toBe(true); // 10:00 Honolulu
  });
  it('follows daylight saving time, except in Arizona', () => {
    const summer = at('2026-07-01T14:30:00Z'); // 08:30 in Denver (MDT, UTC-6), 07:30 in Phoenix (MST all year)
    expect(hourInZone(stateTimeZones.CO!, summer)).toBe(8);
    expect(hourInZone(stateTimeZones.AZ!, summer)).toBe(7);
    expect(withinCallingWindow('CO', summer, 8, 21)).toBe(true);
    expect(withinCallingWindow('AZ', summer, 8, 21)).toBe(false);
  });
  it('needs the window on both coasts when the state is unknown', () => {
    expect(withinCallingWindow(null, at('2026-11-28T17:00:00Z'), 8, 21)).toBe(true); // 12:00 NY, 09:00 LA
    expect(withinCallingWindow('', at('2026-11-28T14:00:00Z'), 8, 21)).toBe(false); // 09:00 NY, 06:00 LA
    expect(withinCallingWindow('ZZ', at('2026-11-29T03:00:00Z'), 8, 21)).toBe(false); // 22:00 NY, 19:00 LA
  });
  it('maps every state and DC to a zone Intl knows', () => {
    expect(Object.keys(stateTimeZones)).toHaveLength(56);
    for (const zone of Object.values(stateTimeZones))
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });
});

describe('LEAD_LIST_COLUMNS', () => {
  it('has the 14 spec columns in order', () => {
    expect(LEAD_LIST_COLUMNS.map((column) => column.key)).toEqual([
      'company',
      'contact',
      'phone',
      'email',
      'state',
      'city',
      'region',
      'vertical',
      'campaign',
      'next_touch',
      'status',
      'calls',
      'last_call',
      'manager',
    ]);
    expect(LEAD_LIST_COLUMNS.find((column) => column.key === 'next_touch')?.label).toBe('Next Touch');
  });
});

describe('crmSettingsSchema', () => {
  const errors = (input: unknown) => {
    const result = crmSettingsSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  it('accepts the defaults and formats the outgoing number', () => {
    expect(crmSettingsSchema.parse(defaultCrmSettings)).toEqual(defaultCrmSettings);
    expect(crmSettingsSchema.parse({ ...defaultCrmSettings, outgoing_number: '512.555.0123' }).outgoing_number).toBe(
      '(512) 555-0123',
    );
    expect(crmSettingsSchema.parse({ ...defaultCrmSettings, outgoing_number: '' }).outgoing_number).toBeNull();
  });
  it('words each field error', () => {
    expect(
      errors({
        ...defaultCrmSettings,
        view_all_leads: 'yes',
        outgoing_number: '555-0123',
        next_touch_days: 31,
        next_touch_label: 'Weeks',
        calling_hours_start: -1,
        calling_hours_end: 25,
        wrap_up_seconds: 2.5,
      }),
    ).toEqual({
      view_all_leads: 'The view all leads field must be true or false.',
      outgoing_number: 'The phone number must be ten digits, optionally followed by an extension of up to 4 digits.',
      next_touch_days: 'The next touch days must be between 0 and 30.',
      next_touch_label: 'The selected next touch label is invalid.',
      calling_hours_start: 'The calling hours start must be between 0 and 23.',
      calling_hours_end: 'The calling hours end must be between 1 and 24.',
      wrap_up_seconds: 'The wrap up seconds must be an integer.',
    });
  });
  it('needs the start before the end', () => {
    expect(errors({ ...defaultCrmSettings, calling_hours_start: 9, calling_hours_end: 9 })).toEqual({
      calling_hours_end: callingHoursOrderMessage,
    });
    expect(errors({ ...defaultCrmSettings, calling_hours_start: 0, calling_hours_end: 23 })).toEqual({});
    // A window may run to midnight (the table's CHECK allows 24).
    expect(errors({ ...defaultCrmSettings, calling_hours_start: 9, calling_hours_end: 24 })).toEqual({});
  });
});

describe('autoMatchLeadColumns', () => {
  it('matches headers by name, case and punctuation aside', () => {
    const header = ['Company Name', 'First_Name', 'LAST NAME', 'E-mail', 'Phone #', 'Cell', 'Zip Code', 'Industry'];
    const result = autoMatchLeadColumns(header, true);
    expect(result).toMatchObject({
      company_name: 0,
      first_name: 1,
      last_name: 2,
      email: 3,
      phone: 4,
      mobile: 5,
      zip: 6,
      vertical: 7,
      title: null,
      campaign: null,
      manager_email: null,
    });
  });
  it('gives each column to one field only', () => {
    const result = autoMatchLeadColumns(['Manager', 'Owner Email'], true);
    expect(result.manager_email).toBe(0);
    expect(Object.values(result).filter((index) => index !== null)).toEqual([0]);
  });
  it('matches by position without a header', () => {
    const result = autoMatchLeadColumns(['Acme', 'Jane', 'Doe'], false);
    expect(result.company_name).toBe(0);
    expect(result.first_name).toBe(1);
    expect(result.last_name).toBe(2);
    expect(result.title).toBeNull();
    expect(Object.keys(result)).toEqual([...leadImportFields]);
  });
});
