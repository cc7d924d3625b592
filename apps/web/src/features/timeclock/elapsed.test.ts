import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed.ts';

describe('formatElapsed (time since the timeclock status began)', () => {
  const start = '2025-06-01T08:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('formats H:MM:SS', () => {
    expect(formatElapsed(start, at('2025-06-01T08:00:05Z'))).toBe('0:00:05');
    expect(formatElapsed(start, at('2025-06-01T09:05:07Z'))).toBe('1:05:07');
    expect(formatElapsed(start, at('2025-06-02T10:00:00Z'))).toBe('26:00:00');
  });

  it('never goes negative and is empty without a start', () => {
    expect(formatElapsed(start, at('2025-06-01T07:59:00Z'))).toBe('0:00:00');
    expect(formatElapsed(null, Date.now())).toBe('');
    expect(formatElapsed('garbage', Date.now())).toBe('');
  });
});
