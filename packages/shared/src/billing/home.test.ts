import { describe, expect, it } from 'vitest';
import { defaultRunMonth, isLargeChange, lastTwelveMonths, runMonthLabel, shiftRunMonth } from './home.ts';

describe('/billing home rules', () => {
  it("opens the run card on the month whose 1st has passed: today's month", () => {
    expect(defaultRunMonth('2026-04-01')).toBe('2026-04');
    expect(defaultRunMonth('2026-04-30')).toBe('2026-04');
  });

  it('moves months across years', () => {
    expect(shiftRunMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftRunMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftRunMonth('2026-03', -14)).toBe('2025-01');
    expect(lastTwelveMonths('2026-03')).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(runMonthLabel('2026-04')).toBe('April 2026');
  });

  it('highlights a change of more than 10 % either way', () => {
    expect(isLargeChange(null)).toBe(false);
    expect(isLargeChange(10)).toBe(false);
    expect(isLargeChange(-10)).toBe(false);
    expect(isLargeChange(10.01)).toBe(true);
    expect(isLargeChange(-25)).toBe(true);
  });
});
