import { describe, expect, it } from 'vitest';
import {
  acknowledgeBy,
  anonLookupInputSchema,
  anonPurgeBefore,
  anonReportInputSchema,
  crockfordAlphabet,
  feedbackBy,
  formatReplyCode,
  isReplyCode,
  latestReleaseSlot,
  normalizeReplyCode,
  replyCodeFromBytes,
  zonedInstant,
} from './anon.ts';

// Anonymous e-mail's pure rules (designs/hr.md §4, §9): reply codes, the EU directive's dates, release slots.

const week = { '1': 8, '2': 8, '3': 8, '4': 8, '5': 8, '6': 0, '7': 0 };

describe('reply codes', () => {
  it('are 20 Crockford base32 characters, every symbol reachable, from 20 random bytes', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, index) => index * 13 + 7);
    const code = replyCodeFromBytes(bytes);
    expect(code).toHaveLength(20);
    expect(isReplyCode(code)).toBe(true);
    expect(crockfordAlphabet).toHaveLength(32);
    expect(crockfordAlphabet).not.toMatch(/[ILOU]/);
    const all = new Set(Array.from({ length: 256 }, (_, byte) => replyCodeFromBytes(new Uint8Array(20).fill(byte))[0]));
    expect(all.size).toBe(32);
    expect(() => replyCodeFromBytes(new Uint8Array(19))).toThrow();
  });

  it('are read forgivingly (case, dashes, I and L as 1, O as 0) and refused otherwise', () => {
    expect(normalizeReplyCode('abcd-efgh-ijkl-mnop-qrst')).toBe('ABCDEFGH1JK1MN0PQRST');
    expect(formatReplyCode('ABCDEFGH1JK1MN0PQRST')).toBe('ABCD-EFGH-1JK1-MN0P-QRST');
    expect(isReplyCode('ABCDEFGH1JK1MN0PQRSU')).toBe(false);
    expect(isReplyCode('ABCDEFGH1JK1MN0PQRS')).toBe(false);
    expect(anonLookupInputSchema.parse({ code: 'abcd efgh ijkl mnop qrst' }).code).toBe('ABCDEFGH1JK1MN0PQRST');
    expect(anonLookupInputSchema.safeParse({ code: 'ABCD' }).success).toBe(false);
  });
});

describe('the report form', () => {
  it('asks for a code by default, caps the message at 10,000 characters and keeps no attachment', () => {
    const parsed = anonReportInputSchema.parse({ category: 'safety', subject: ' Exit ', body: 'Blocked.' });
    expect(parsed).toEqual({
      category: 'safety',
      subject: 'Exit',
      body: 'Blocked.',
      contact: '',
      excluded_reader_ids: [],
      want_reply_code: true,
    });
    expect(anonReportInputSchema.safeParse({ ...parsed, body: 'x'.repeat(10_000) }).success).toBe(true);
    expect(anonReportInputSchema.safeParse({ ...parsed, body: 'x'.repeat(10_001) }).success).toBe(false);
  });
});

describe('dates', () => {
  it('acknowledge within 7 days, feed back within 3 months, purge after the retention', () => {
    expect(acknowledgeBy('2026-11-27')).toBe('2026-12-04');
    expect(feedbackBy('2026-11-30')).toBe('2027-02-28');
    expect(feedbackBy('2026-01-15')).toBe('2026-04-15');
    expect(anonPurgeBefore('2028-11-28', 24)).toBe('2026-11-28');
  });
});

describe('latestReleaseSlot', () => {
  it('is the last slot at or before now on a working day', () => {
    // Wednesday 2026-11-25.
    expect(latestReleaseSlot(new Date('2026-11-25T10:00:00Z'), ['09:00', '15:00'], week, 'UTC')).toEqual({
      at: new Date('2026-11-25T09:00:00Z'),
      day: '2026-11-25',
    });
    expect(latestReleaseSlot(new Date('2026-11-25T15:00:00Z'), ['09:00', '15:00'], week, 'UTC')!.at).toEqual(
      new Date('2026-11-25T15:00:00Z'),
    );
    expect(latestReleaseSlot(new Date('2026-11-25T08:59:00Z'), ['15:00', '09:00'], week, 'UTC')!.at).toEqual(
      new Date('2026-11-24T15:00:00Z'),
    );
  });

  it('skips the weekend and non-working days', () => {
    // Monday 2026-11-30 at 08:00: Friday's 15:00.
    expect(latestReleaseSlot(new Date('2026-11-30T08:00:00Z'), ['09:00', '15:00'], week, 'UTC')).toEqual({
      at: new Date('2026-11-27T15:00:00Z'),
      day: '2026-11-27',
    });
    expect(latestReleaseSlot(new Date('2026-11-30T08:00:00Z'), ['09:00'], { ...week, '5': 0 }, 'UTC')!.day).toBe(
      '2026-11-26',
    );
    expect(latestReleaseSlot(new Date('2026-11-30T08:00:00Z'), ['09:00'], { ...week, ...zeroWeek }, 'UTC')).toBeNull();
  });

  it('reads the slots in the company time zone, across daylight-saving changes', () => {
    // New York is UTC-5 in winter, UTC-4 in summer.
    expect(zonedInstant('2026-11-25', '09:00', 'America/New_York')).toEqual(new Date('2026-11-25T14:00:00Z'));
    expect(zonedInstant('2026-07-01', '09:00', 'America/New_York')).toEqual(new Date('2026-07-01T13:00:00Z'));
    expect(latestReleaseSlot(new Date('2026-11-25T13:59:00Z'), ['09:00'], week, 'America/New_York')!.day).toBe(
      '2026-11-24',
    );
  });
});

const zeroWeek = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
