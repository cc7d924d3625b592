import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { groupHistoryByDate, historyTime } from './shipment-history.ts';

const event = (id: number, time: string, status_details = `event ${id}`) => ({
  id,
  time,
  city: 'Louisville',
  state: 'KY',
  status_details,
});

describe('groupHistoryByDate', () => {
  it('groups events by their local day as MM/DD/YYYY, newest day and newest event first', () => {
    // Noon UTC stays on its calendar day in every time zone the tests run in.
    const history = [
      event(1, '2026-11-20T12:00:00Z'),
      event(3, '2026-11-21T12:30:00Z'),
      event(2, '2026-11-21T11:00:00Z'),
      event(4, '2026-01-02T12:00:00Z'),
    ];
    const days = groupHistoryByDate(history);
    expect(days.map((day) => [day.date, day.events.map((entry) => entry.id)])).toEqual([
      ['11/21/2026', [3, 2]],
      ['11/20/2026', [1]],
      ['01/02/2026', [4]],
    ]);
  });

  it('uses the viewer’s local day, not the UTC one', () => {
    const late = '2026-11-21T23:30:00Z';
    const [day] = groupHistoryByDate([event(1, late)]);
    expect(day!.date).toBe(dayjs(late).format('MM/DD/YYYY'));
    expect(historyTime(late)).toBe(dayjs(late).format('hh:mm A'));
  });

  it('keeps events of the same time apart by id and answers nothing for no history', () => {
    const days = groupHistoryByDate([event(5, '2026-11-21T12:00:00Z'), event(6, '2026-11-21T12:00:00Z')]);
    expect(days[0]!.events.map((entry) => entry.id)).toEqual([6, 5]);
    expect(groupHistoryByDate([])).toEqual([]);
  });
});
