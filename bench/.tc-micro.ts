import { performance } from 'node:perf_hooks';
import { datesBetween, sumTimeclockDays, zonedDayStart } from '@switchboard/shared';
import { demoTimeclockTimeline } from '../apps/server/src/modules/reports/timeclock-report.demo.ts';
const zones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'UTC'];
const now = Date.now();
const users = Array.from({ length: 200 }, (_, i) => ({ tz: zones[i % 5]!, changes: demoTimeclockTimeline({ userId: i + 1, timezone: zones[i % 5]!, from: '2026-10-20', to: '2026-11-25', now }).filter(e => e.status !== 5).map(e => ({ status: e.status, start: e.startedAt.getTime(), end: e.endedAt?.getTime() ?? null })) }));
const dates = datesBetween('2026-10-27', '2026-11-25');
for (let k = 0; k < 10; k++) {
  const t0 = performance.now();
  for (const u of users) sumTimeclockDays({ dates, changes: u.changes, timeOff: [], timezone: u.tz, now });
  const t1 = performance.now();
  let x = 0; for (let j = 0; j < 6200; j++) x += zonedDayStart(dates[j % 30]!, zones[j % 4]!);
  const t2 = performance.now();
  console.log(`sums ${(t1 - t0).toFixed(1)} ms, 6200 zonedDayStart ${(t2 - t1).toFixed(1)} ms`);
}
