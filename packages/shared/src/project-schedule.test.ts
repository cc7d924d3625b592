import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  noSlotsMessage,
  projectDateInputSchema,
  requiredSlots,
  scheduleProjectDateInputSchema,
} from './projects.ts';

// Issue 18 parts 5 and 10: the slot count of Schedule Project Date and the date panels' contracts.

describe('requiredSlots', () => {
  it('asks one slot per started 8 hours of the estimate, at least one', () => {
    expect(requiredSlots(0)).toBe(1);
    expect(requiredSlots(-3)).toBe(1);
    expect(requiredSlots(Number.NaN)).toBe(1);
    expect(requiredSlots(0.25)).toBe(1);
    expect(requiredSlots(8)).toBe(1);
    expect(requiredSlots(8.25)).toBe(2);
    expect(requiredSlots(16)).toBe(2);
    expect(requiredSlots(40.5)).toBe(6);
    // A sum of many quarters and tenths carries float noise; it must not cost a slot.
    expect(requiredSlots(Array.from({ length: 80 }, () => 0.1).reduce((a, b) => a + b, 0))).toBe(1);
    expect(noSlotsMessage(requiredSlots(20))).toBe(
      'There are no slots reserved for this project. This project current requires 3 slots.',
    );
  });
});

describe('addDaysToDate', () => {
  it('counts calendar days across months, years and leap days', () => {
    expect(addDaysToDate('2026-01-01', 90)).toBe('2026-04-01');
    expect(addDaysToDate('2026-11-15', 60)).toBe('2027-01-14');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    // Daylight saving changes nothing: days are counted in UTC.
    expect(addDaysToDate('2026-03-01', 90)).toBe('2026-05-30');
  });
});

describe('date and slot contracts', () => {
  it('reads close as 1, true or "1", and refuses a day that does not exist', () => {
    for (const close of [1, true, '1', 'true']) {
      expect(projectDateInputSchema.parse({ start_date: '2026-03-01', id: 5, close }).close).toBe(true);
    }
    for (const close of [0, false, '0', '', null, undefined]) {
      expect(projectDateInputSchema.parse({ start_date: '2026-03-01', id: 5, close }).close).toBe(false);
    }
    const bad = projectDateInputSchema.safeParse({ start_date: '2026-02-29', id: 5 });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(['The start date is not a valid date.']);
  });

  it('keeps times as HH:MM and an end at or after the start', () => {
    const parsed = scheduleProjectDateInputSchema.parse({
      project_id: 3,
      dates: [{ start_date: '2026-03-02', start_time: '08:00:00', end_time: '08:00', employee_id: '4' }],
    });
    expect(parsed.dates).toEqual([
      { id: null, start_date: '2026-03-02', start_time: '08:00', end_time: '08:00', employee_id: 4 },
    ]);
    const early = scheduleProjectDateInputSchema.safeParse({
      project_id: 3,
      dates: [{ start_date: '2026-03-02', start_time: '10:00', end_time: '09:59', employee_id: 4 }],
    });
    expect(early.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['dates.0.end_time', 'The end time must be at or after the start time.'],
    ]);
  });
});
