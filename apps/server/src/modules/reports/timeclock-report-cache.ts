import type { ReportRange, TimeclockReport } from '@switchboard/shared';

// The timeclock report over a range is the same answer for everyone allowed to read it (every employee's row, no
// per-viewer filter): each process keeps a range's answer, with its JSON text, for a second and shares it with the
// requests that ask meanwhile, as the maintenance month does (decision 0049). Times run until now and are shown in
// minutes, so an answer a second old is the same answer; a status change shows within the second (decision 0052).

const KEEP_MS = 1_000;

export interface KeptReport {
  report: TimeclockReport;
  /** `{"data": report}` as sent. */
  json: string;
  /** The CSV export, written by the first request that asks for it. */
  csv?: string;
}

interface Kept {
  at: number;
  value: Promise<KeptReport>;
}

const kept = new WeakMap<object, Map<string, Kept>>();

/** The kept answer for the range on this database, or `load()`'s (shared by every request that asks meanwhile). */
export function keptTimeclockReport(
  db: object,
  range: ReportRange,
  load: () => Promise<TimeclockReport>,
  now = Date.now(),
): Promise<KeptReport> {
  let byRange = kept.get(db);
  if (!byRange) kept.set(db, (byRange = new Map()));
  const key = `${range.start} ${range.end}`;
  const hit = byRange.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.value;
  const value = load().then((report) => ({ report, json: JSON.stringify({ data: report }) }));
  byRange.set(key, { at: now, value });
  // A failed read is not kept.
  value.catch(() => byRange.delete(key));
  // Ranges asked for a while ago are not kept.
  if (byRange.size > 50) for (const [k, entry] of byRange) if (now - entry.at >= KEEP_MS) byRange.delete(k);
  return value;
}

/** Tests that change the timeclock between two reads start fresh. */
export function dropKeptTimeclockReports(db: object): void {
  kept.delete(db);
}
