import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  billingDate,
  daysBetween,
  daysInMonth,
  isIsoDate,
  monthEnd,
  monthOf,
} from './billing-date.ts';

describe('billingDate', () => {
  it('is the UTC date until a zone is set', () => {
    expect(billingDate('2026-04-30T23:59:59Z')).toEqual({ date: '2026-04-30', month: '2026-04-01' });
    expect(billingDate(new Date('2026-05-01T00:00:00Z'), 'UTC')).toEqual({ date: '2026-05-01', month: '2026-05-01' });
  });

  it('moves an instant near midnight to the zone’s own day and month', () => {
    // 03:30 UTC on May 1st is still April 30th in New York (EDT, UTC-4) and already May 1st in Tokyo.
    expect(billingDate('2026-05-01T03:30:00Z', 'America/New_York')).toEqual({
      date: '2026-04-30',
      month: '2026-04-01',
    });
    expect(billingDate('2026-04-30T15:30:00Z', 'Asia/Tokyo')).toEqual({ date: '2026-05-01', month: '2026-05-01' });
    // Year boundary.
    expect(billingDate('2027-01-01T04:59:59Z', 'America/New_York').month).toBe('2026-12-01');
    expect(billingDate('2027-01-01T05:00:00Z', 'America/New_York').month).toBe('2027-01-01');
  });

  it('follows daylight saving time', () => {
    // US DST starts 2026-03-08 at 02:00 local: midnight is 05:00Z before, and 04:00Z from March 9th.
    expect(billingDate('2026-03-08T04:59:00Z', 'America/New_York').date).toBe('2026-03-07');
    expect(billingDate('2026-03-08T05:00:00Z', 'America/New_York').date).toBe('2026-03-08');
    expect(billingDate('2026-03-09T03:59:00Z', 'America/New_York').date).toBe('2026-03-08');
    expect(billingDate('2026-03-09T04:00:00Z', 'America/New_York').date).toBe('2026-03-09');
    // DST ends 2026-11-01: the 25-hour day still has one date; midnight on Nov 2nd is 05:00Z.
    expect(billingDate('2026-11-01T04:00:00Z', 'America/New_York').date).toBe('2026-11-01');
    expect(billingDate('2026-11-02T04:59:00Z', 'America/New_York').date).toBe('2026-11-01');
    expect(billingDate('2026-11-02T05:00:00Z', 'America/New_York').date).toBe('2026-11-02');
    // Southern hemisphere: Sydney leaves DST on 2026-04-05; April 1st 00:00 local is 13:00Z on March 31st.
    expect(billingDate('2026-03-31T12:59:00Z', 'Australia/Sydney').month).toBe('2026-03-01');
    expect(billingDate('2026-03-31T13:00:00Z', 'Australia/Sydney').month).toBe('2026-04-01');
  });

  it('refuses what is not an instant or a zone', () => {
    expect(() => billingDate('not a date', 'UTC')).toThrow(RangeError);
    expect(() => billingDate('2026-04-01T00:00:00Z', 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('calendar arithmetic', () => {
  it('adds days and counts them across months, leap years and DST', () => {
    expect(addDays('2026-04-01', 20)).toBe('2026-04-21');
    expect(addDays('2026-02-20', 20)).toBe('2026-03-12');
    expect(addDays('2028-02-20', 20)).toBe('2028-03-11');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(daysBetween('2026-03-31', '2026-03-01')).toBe(-30);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('knows months', () => {
    expect(monthOf('2026-04-18')).toBe('2026-04-01');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(monthEnd('2028-02-10')).toBe('2028-02-29');
    expect(daysInMonth('2026-04-01')).toBe(30);
    expect(daysInMonth('2026-12-05')).toBe(31);
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-01');
    expect(addMonths('2026-01-31', -1)).toBe('2025-12-01');
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-02-28')).toBe(true);
  });

  const date = fc
    .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  test.prop([date, fc.integer({ min: -4000, max: 4000 })])('addDays and daysBetween agree', (from, days) => {
    expect(daysBetween(from, addDays(from, days))).toBe(days);
  });

  const zone = fc.constantFrom(
    'UTC',
    'America/New_York',
    'America/Los_Angeles',
    'Europe/London',
    'Asia/Kolkata',
    'Australia/Sydney',
    'Pacific/Chatham',
  );
  const instant = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2060-01-01T00:00:00Z'),
    noInvalidDate: true,
  });
  test.prop([instant, zone])('the date lies within a day of the UTC date and its month is its first day', (at, tz) => {
    const { date, month } = billingDate(at, tz);
    expect(isIsoDate(date)).toBe(true);
    expect(month).toBe(`${date.slice(0, 7)}-01`);
    expect(Math.abs(daysBetween(at.toISOString().slice(0, 10), date))).toBeLessThanOrEqual(1);
  });
  test.prop([instant, zone])('a later instant never has an earlier date', (at, tz) => {
    const later = new Date(at.getTime() + 3_600_000);
    expect(billingDate(later, tz).date >= billingDate(at, tz).date).toBe(true);
  });
});
