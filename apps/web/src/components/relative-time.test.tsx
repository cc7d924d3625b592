import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRelativeTime, relativeTimeRefreshMs } from './relative-time-format.ts';
import { RelativeTime } from './relative-time.tsx';

const now = Date.parse('2025-06-01T12:00:00Z');

describe('formatRelativeTime', () => {
  it('says "just now" under 45 seconds either way', () => {
    expect(formatRelativeTime(now - 10_000, now)).toBe('just now');
    expect(formatRelativeTime(now + 30_000, now)).toBe('just now');
  });

  it('counts minutes, hours, days, months and years in the past', () => {
    expect(formatRelativeTime(now - 50_000, now)).toBe('1 minute ago');
    expect(formatRelativeTime(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(formatRelativeTime(now - 60 * 60_000, now)).toBe('1 hour ago');
    expect(formatRelativeTime(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(formatRelativeTime(now - 2 * 86_400_000, now)).toBe('2 days ago');
    expect(formatRelativeTime(now - 65 * 86_400_000, now)).toBe('2 months ago');
    expect(formatRelativeTime(now - 800 * 86_400_000, now)).toBe('2 years ago');
  });

  it('speaks of the future with "in"', () => {
    expect(formatRelativeTime(now + 2 * 3_600_000, now)).toBe('in 2 hours');
  });

  it('accepts ISO text and Dates, and gives nothing for an unreadable date', () => {
    expect(formatRelativeTime('2025-06-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelativeTime(new Date(now - 120_000), new Date(now))).toBe('2 minutes ago');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('<RelativeTime> (spec 1 §2.4: refreshes every 6 seconds)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('moves on by itself every 6 seconds', () => {
    vi.useFakeTimers({ now });
    render(
      <MantineProvider env="test">
        <RelativeTime value={new Date(now - 20_000).toISOString()} />
      </MantineProvider>,
    );
    const time = screen.getByText('just now');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(new Date(now - 20_000).toISOString());

    // 24 s later the value is 44 s old: still "just now" (4 ticks of 6 s).
    act(() => vi.advanceTimersByTime(4 * relativeTimeRefreshMs));
    expect(screen.getByText('just now')).toBeTruthy();
    // One more tick: 50 s old.
    act(() => vi.advanceTimersByTime(relativeTimeRefreshMs));
    expect(screen.getByText('1 minute ago')).toBeTruthy();
    // Between ticks nothing changes: at 91 s the text would be "2 minutes ago", but the last tick was at 86 s.
    act(() => vi.advanceTimersByTime(41_000));
    expect(screen.getByText('1 minute ago')).toBeTruthy();
    // The tick at 92 s shows it.
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('2 minutes ago')).toBeTruthy();
  });
});
