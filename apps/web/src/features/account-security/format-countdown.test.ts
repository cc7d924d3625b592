import { describe, expect, it } from 'vitest';
import { formatCountdown, millisecondsUntil } from './format-countdown.ts';

describe('shadow countdown formatting (spec 1 §2.4)', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(29 * 60_000 + 59_000)).toBe('29:59');
    expect(formatCountdown(65_000)).toBe('1:05');
    expect(formatCountdown(9_000)).toBe('0:09');
  });

  it('rounds a part second up, so it reads 0:00 only when the time has come', () => {
    expect(formatCountdown(500)).toBe('0:01');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('adds hours from an hour on', () => {
    expect(formatCountdown(60 * 60_000)).toBe('1:00:00');
    expect(formatCountdown(2 * 3_600_000 + 3 * 60_000 + 4_000)).toBe('2:03:04');
  });

  it('never shows a negative or broken time', () => {
    expect(formatCountdown(-5_000)).toBe('0:00');
    expect(formatCountdown(Number.NaN)).toBe('0:00');
  });

  it('measures the time left until an ISO expiry', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(millisecondsUntil('2026-01-01T10:30:00Z', now)).toBe(30 * 60_000);
    expect(millisecondsUntil('2026-01-01T09:59:00Z', now)).toBe(0);
    expect(millisecondsUntil(null, now)).toBe(0);
    expect(millisecondsUntil('not a date', now)).toBe(0);
  });
});
