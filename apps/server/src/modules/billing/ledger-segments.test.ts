import { describe, expect, it } from 'vitest';
import { ledgerSegments } from './ledger-segments.ts';

describe('ledgerSegments', () => {
  it('reads a balance early in a month from the rollup before it and the lines up to the date', () => {
    expect(ledgerSegments(null, '2026-11-10')).toEqual({
      rollupFrom: '0001-01-01',
      rollupUntil: '2026-11-01',
      plus: [{ from: '2026-11-01', until: '2026-11-11' }],
      minus: [],
    });
  });

  it('reads a balance late in a month from the rollup through the month less the lines after the date', () => {
    expect(ledgerSegments(null, '2026-11-28')).toEqual({
      rollupFrom: '0001-01-01',
      rollupUntil: '2026-12-01',
      plus: [],
      minus: [{ from: '2026-11-29', until: '2026-12-01' }],
    });
    // December: the next month is in the next year.
    expect(ledgerSegments(null, '2026-12-30').minus).toEqual([{ from: '2026-12-31', until: '2027-01-01' }]);
  });

  it('reads a month-end balance from the rollup alone', () => {
    expect(ledgerSegments(null, '2026-02-28')).toEqual({
      rollupFrom: '0001-01-01',
      rollupUntil: '2026-03-01',
      plus: [],
      minus: [],
    });
  });

  it('takes each partial end of a period from its cheaper side', () => {
    // 3 days of January's end are fewer than its 28 before; 10 days of March are fewer than its 21 after.
    expect(ledgerSegments('2026-01-29', '2026-03-10')).toEqual({
      rollupFrom: '2026-02-01',
      rollupUntil: '2026-03-01',
      plus: [
        { from: '2026-01-29', until: '2026-02-01' },
        { from: '2026-03-01', until: '2026-03-11' },
      ],
      minus: [],
    });
    // From the 3rd: January less its first two days; to the 25th: March less its last six.
    expect(ledgerSegments('2026-01-03', '2026-03-25')).toEqual({
      rollupFrom: '2026-01-01',
      rollupUntil: '2026-04-01',
      plus: [],
      minus: [
        { from: '2026-01-01', until: '2026-01-03' },
        { from: '2026-03-26', until: '2026-04-01' },
      ],
    });
  });

  it('takes a period inside one month from its days or from the month less the days around it', () => {
    expect(ledgerSegments('2026-04-10', '2026-04-12')).toEqual({
      rollupFrom: '2026-04-01',
      rollupUntil: '2026-04-01',
      plus: [{ from: '2026-04-10', until: '2026-04-13' }],
      minus: [],
    });
    expect(ledgerSegments('2026-04-02', '2026-04-29')).toEqual({
      rollupFrom: '2026-04-01',
      rollupUntil: '2026-05-01',
      plus: [],
      minus: [
        { from: '2026-04-01', until: '2026-04-02' },
        { from: '2026-04-30', until: '2026-05-01' },
      ],
    });
  });

  it('reads nothing for a period that ends before it starts', () => {
    const empty = ledgerSegments('2026-05-10', '2026-05-09');
    expect(empty.rollupFrom).toBe(empty.rollupUntil);
    expect([...empty.plus, ...empty.minus]).toEqual([]);
  });

  it('covers every day of a period exactly once, whatever the dates', () => {
    const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    const wrong: string[] = [];
    for (let start = 0; start < 70; start += 3)
      for (let end = start; end < start + 100; end += 7) {
        const { rollupFrom, rollupUntil, plus, minus } = ledgerSegments(day(start), day(end));
        // Count each day of 2025-2026 by the segments: rollup months add whole months.
        for (let n = 0; n < 730; n++) {
          const d = day(n);
          const month = `${d.slice(0, 7)}-01`;
          let count = month >= rollupFrom && month < rollupUntil ? 1 : 0;
          count += plus.filter((r) => d >= r.from && d < r.until).length;
          count -= minus.filter((r) => d >= r.from && d < r.until).length;
          if (count !== (n >= start && n <= end ? 1 : 0)) wrong.push(`${day(start)}..${day(end)} counts ${d} ${count}`);
        }
      }
    expect(wrong).toEqual([]);
  });
});
