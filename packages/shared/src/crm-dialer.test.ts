import { describe, expect, it } from 'vitest';
import { dialSessionCreateSchema, dialsPerHour } from './crm-dialer.ts';

describe('dialsPerHour', () => {
  it('is dials over the hours run, at least a minute, one decimal', () => {
    expect(dialsPerHour(0, 0)).toBe(0);
    expect(dialsPerHour(1, 5)).toBe(60);
    expect(dialsPerHour(30, 1800)).toBe(60);
    expect(dialsPerHour(7, 3600)).toBe(7);
    expect(dialsPerHour(10, 7000)).toBe(5.1);
  });
});

describe('dialSessionCreateSchema', () => {
  it('defaults to due leads, no filters, the setting wrap-up; bounds wrap-up 0-30', () => {
    expect(dialSessionCreateSchema.parse({})).toEqual({ filters: {}, due_only: true });
    expect(dialSessionCreateSchema.parse({ wrap_up_seconds: 0, voicemail_id: '' })).toMatchObject({
      wrap_up_seconds: 0,
      voicemail_id: null,
    });
    expect(dialSessionCreateSchema.safeParse({ wrap_up_seconds: 31 }).success).toBe(false);
    expect(dialSessionCreateSchema.safeParse({ wrap_up_seconds: -1 }).success).toBe(false);
    expect(dialSessionCreateSchema.safeParse({ wrap_up_seconds: 2.5 }).success).toBe(false);
  });

  it("takes the leads list's filters with their rules", () => {
    expect(dialSessionCreateSchema.parse({ filters: { state: 'tx', campaign_id: '3', q: ' ' } }).filters).toEqual({
      state: 'TX',
      campaign_id: 3,
    });
    const range = dialSessionCreateSchema.safeParse({
      filters: { next_touch_from: '2026-02-01', next_touch_to: '2026-01-01' },
    });
    expect(range.success).toBe(false);
    expect(range.error?.issues[0].path).toEqual(['filters', 'next_touch_to']);
    expect(dialSessionCreateSchema.safeParse({ filters: { state: 'Texas' } }).success).toBe(false);
  });
});
