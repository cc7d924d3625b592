import { describe, expect, it } from 'vitest';
import { hrCalendarUrl } from './calendar.ts';

// GET /api/hr/calendar's query (designs/hr.md §8): the range, the kinds shown and only the filters that are set.

describe('hrCalendarUrl', () => {
  const range = { from: '2026-02-22', to: '2026-04-04' };
  it('sends the range and the kinds, leaving unset filters out', () => {
    const url = hrCalendarUrl(range, {
      kinds: ['time_off', 'holidays'],
      department_id: null,
      region_id: null,
      user_id: null,
    });
    expect(url).toBe('/api/hr/calendar?from=2026-02-22&to=2026-04-04&kinds=time_off%2Cholidays');
  });
  it('adds the department, region and person when chosen', () => {
    const url = new URL(
      hrCalendarUrl(range, { kinds: ['birthdays'], department_id: '3', region_id: '2', user_id: '17' }),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: '2026-02-22',
      to: '2026-04-04',
      kinds: 'birthdays',
      department_id: '3',
      region_id: '2',
      user_id: '17',
    });
  });
});
