import { describe, expect, it } from 'vitest';
import { isLaborHours, laborStepInputSchema, laborTotals } from './project-labor.ts';

describe('labor hours', () => {
  it('takes 0 or more in steps of 0.25 (spec 3 §9)', () => {
    expect([0, 0.25, 1.5, 7.75, 10_000].every(isLaborHours)).toBe(true);
    expect([-0.25, 0.1, 1.3, Number.NaN, Infinity].some(isLaborHours)).toBe(false);
  });

  it('sums min and max hours exactly, counting a half-typed value as 0', () => {
    const steps = [
      { min_hours: 0.25, max_hours: 0.5 },
      { min_hours: '1.75', max_hours: 2 },
      { min_hours: '', max_hours: 0.25 },
    ];
    expect(laborTotals(steps)).toEqual({ min_hours: 2, max_hours: 2.75 });
    expect(laborTotals([])).toEqual({ min_hours: 0, max_hours: 0 });
  });

  it('names max_hours when it is below min_hours', () => {
    const result = laborStepInputSchema.safeParse({ title: 'Step', min_hours: 2, max_hours: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['max_hours', 'The max hours must be at least the min hours.'],
    ]);
  });
});
