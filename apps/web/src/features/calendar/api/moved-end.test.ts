import { describe, expect, it } from 'vitest';
import { movedEnd } from './calendar.ts';

// A dragged interview keeps its length: the end moves by as much as the start (brief: the drag moved only the start).

describe('movedEnd', () => {
  const item = { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T16:30:00.000Z' };

  it('moves the end by as much as the start moved', () => {
    expect(movedEnd(item, new Date('2026-12-03T09:00:00.000Z')).toISOString()).toBe('2026-12-03T10:30:00.000Z');
    expect(movedEnd(item, new Date('2026-11-30T23:00:00.000Z')).toISOString()).toBe('2026-12-01T00:30:00.000Z');
  });

  it('keeps a one-hour interview one hour long', () => {
    const hour = { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T16:00:00.000Z' };
    expect(movedEnd(hour, new Date('2026-12-02T08:00:00.000Z')).toISOString()).toBe('2026-12-02T09:00:00.000Z');
  });
});
