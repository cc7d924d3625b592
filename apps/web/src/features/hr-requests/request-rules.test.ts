import { describe, expect, it } from 'vitest';
import {
  choiceForPart,
  choicesOfDays,
  dayInputs,
  endSlots,
  fullDay,
  isNegative,
  listQueryOf,
  nonWorkingLabel,
  partLabel,
  previewInputOf,
  idParamOf,
  slotHours,
  startSlots,
  type TimeOffFields,
} from './request-rules.ts';

// The request form's pure rules (designs/hr.md §2.3): half-hour slots, the days sent, when a preview is asked, and
// the URL's filters.

const day = (date: string, extra: Partial<Parameters<typeof nonWorkingLabel>[0]> = {}) => ({
  date,
  weekday: 4,
  part: 'full' as const,
  start: null,
  end: null,
  hours: 8,
  scheduled_hours: 8,
  holiday: null,
  non_working: false,
  ...extra,
});

const fields = (overrides: Partial<TimeOffFields> = {}): TimeOffFields => ({
  reason: 'Vacation',
  bank: 'lump_sum',
  start_date: '2026-03-05',
  end_date: '2026-03-06',
  choices: {},
  ...overrides,
});

describe('half-hour slots', () => {
  it('has the 48 starts 00:00 to 23:30 and ends 00:30 to 24:00', () => {
    expect(startSlots).toHaveLength(48);
    expect(startSlots[0]).toBe('00:00');
    expect(startSlots[19]).toBe('09:30');
    expect(startSlots[47]).toBe('23:30');
    expect(endSlots[0]).toBe('00:30');
    expect(endSlots[47]).toBe('24:00');
  });

  it('counts the hours between two slots, 0 when the end is not after the start', () => {
    expect(slotHours('09:00', '13:30')).toBe(4.5);
    expect(slotHours('22:00', '24:00')).toBe(2);
    expect(slotHours('13:00', '09:00')).toBe(0);
  });
});

describe('dayInputs', () => {
  it('sends only the days that are not Full, inside the range, in date order', () => {
    const choices = {
      '2026-03-06': choiceForPart('morning'),
      '2026-03-05': fullDay,
      '2026-03-09': choiceForPart('afternoon'),
      '2026-03-04': choiceForPart('morning'),
    };
    expect(dayInputs({ start_date: '2026-03-05', end_date: '2026-03-06' }, choices)).toEqual([
      { date: '2026-03-06', part: 'morning' },
    ]);
  });

  it('sends a custom day as its slots or as its hours', () => {
    const slots = choiceForPart('custom');
    const hours = { ...choiceForPart('custom'), mode: 'hours' as const, hours: 2.75 };
    expect(
      dayInputs({ start_date: '2026-03-05', end_date: '2026-03-06' }, { '2026-03-05': slots, '2026-03-06': hours }),
    ).toEqual([
      { date: '2026-03-05', part: 'custom', start: '09:00', end: '13:00' },
      { date: '2026-03-06', part: 'custom', hours: 2.75 },
    ]);
  });

  it('keeps a custom choice when Custom is picked again, and resets other parts', () => {
    const custom = { ...choiceForPart('custom'), start: '10:00', end: '12:30' };
    expect(choiceForPart('custom', custom)).toBe(custom);
    expect(choiceForPart('morning', custom)).toEqual({ ...fullDay, part: 'morning' });
  });

  it('reads stored days back into choices (editing a request)', () => {
    expect(
      choicesOfDays([
        day('2026-03-05'),
        day('2026-03-06', { part: 'morning', hours: 4 }),
        day('2026-03-09', { part: 'custom', start: '08:00', end: '10:00', hours: 2 }),
        day('2026-03-10', { part: 'custom', hours: 1.25 }),
      ]),
    ).toEqual({
      '2026-03-06': { ...fullDay, part: 'morning' },
      '2026-03-09': { part: 'custom', mode: 'slots', start: '08:00', end: '10:00', hours: null },
      '2026-03-10': { part: 'custom', mode: 'hours', start: null, end: null, hours: 1.25 },
    });
  });
});

describe('previewInputOf', () => {
  it('asks the preview once reason, bank and both dates are there', () => {
    const input = previewInputOf(fields({ choices: { '2026-03-06': choiceForPart('morning') } }));
    expect(input).toEqual({
      reason: 'Vacation',
      bank: 'lump_sum',
      start_date: '2026-03-05',
      end_date: '2026-03-06',
      days: [{ date: '2026-03-06', part: 'morning' }],
    });
    expect(previewInputOf(fields(), { user_id: 9, request_id: 4 })).toMatchObject({ user_id: 9, request_id: 4 });
  });

  it('asks nothing while a field is missing or the contract refuses the range', () => {
    expect(previewInputOf(fields({ reason: null }))).toBeNull();
    expect(previewInputOf(fields({ bank: null }))).toBeNull();
    expect(previewInputOf(fields({ end_date: '' }))).toBeNull();
    expect(previewInputOf(fields({ start_date: '2026-03-07' }))).toBeNull();
    expect(previewInputOf(fields({ end_date: '2027-04-01' }))).toBeNull();
    // A custom day whose end is not after its start.
    const backwards = { ...choiceForPart('custom'), start: '13:00', end: '09:00' };
    expect(previewInputOf(fields({ choices: { '2026-03-05': backwards } }))).toBeNull();
  });
});

describe('how days read', () => {
  it('greys holidays, weekends and days off with why', () => {
    expect(nonWorkingLabel(day('2026-09-07', { holiday: 'Labor Day', non_working: true, hours: 0 }))).toBe(
      'Holiday: Labor Day',
    );
    expect(nonWorkingLabel(day('2026-03-07', { weekday: 6, non_working: true, hours: 0 }))).toBe('Weekend');
    expect(nonWorkingLabel(day('2026-03-06', { weekday: 5, non_working: true, hours: 0 }))).toBe('Day off');
    expect(nonWorkingLabel(day('2026-03-05'))).toBeNull();
  });

  it('labels parts', () => {
    expect(partLabel(day('2026-03-05'))).toBe('Full day');
    expect(partLabel(day('2026-03-05', { part: 'afternoon' }))).toBe('Afternoon');
    expect(partLabel(day('2026-03-05', { part: 'custom', start: '09:00', end: '11:30' }))).toBe('09:00–11:30');
    expect(partLabel(day('2026-03-05', { part: 'custom', hours: 3.5 }))).toBe('3.50 h');
  });

  it('calls a balance negative only below zero', () => {
    expect(isNegative({ after: -0.25 })).toBe(true);
    expect(isNegative({ after: 0 })).toBe(false);
    expect(isNegative({ after: 12 })).toBe(false);
  });
});

describe('the URL', () => {
  it('reads the filters, and keeps the good ones when one is bad', () => {
    expect(listQueryOf(new URLSearchParams('scope=approvals&status=pending&page=2'), 'mine')).toMatchObject({
      scope: 'approvals',
      status: 'pending',
      page: 2,
      per_page: 50,
    });
    expect(listQueryOf(new URLSearchParams('scope=all&user_id=12&to=2026-04-01'), 'mine')).toMatchObject({
      scope: 'all',
      user_id: 12,
      to: '2026-04-01',
    });
    const bad = listQueryOf(new URLSearchParams('status=maybe&category_id=3&from=2026-13-45'), 'mine');
    expect(bad).toMatchObject({ scope: 'mine', category_id: 3 });
    expect(bad.status).toBeUndefined();
    expect(bad.from).toBeUndefined();
  });

  it('reads the open request id', () => {
    expect(idParamOf(new URLSearchParams('request=42'))).toBe(42);
    expect(idParamOf(new URLSearchParams('request=0'))).toBeNull();
    expect(idParamOf(new URLSearchParams('request=abc'))).toBeNull();
    expect(idParamOf(new URLSearchParams('request=99999999999'))).toBeNull();
    expect(idParamOf(new URLSearchParams('new=1&for=9'), 'for')).toBe(9);
  });
});
