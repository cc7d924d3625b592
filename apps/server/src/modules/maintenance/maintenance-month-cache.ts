// The Scheduled Maintenance month is the same answer for every member of staff who opens it (decision 0049): each
// process keeps a page's answer for a second, and any ticket or maintenance change made through this process drops
// them all (as the session reuse of decision 0024). Another process's change shows within the second.

const KEEP_MS = 1_000;

interface Kept {
  at: number;
  value: Promise<{ rowsJson: string; rowCount: number; total: number }>;
}

const kept = new WeakMap<object, Map<string, Kept>>();

/** The kept answer for `key` on this database, or `load()`'s (shared by every request that asks meanwhile). */
export function keptMonthPage(
  db: object,
  key: string,
  load: () => Promise<{ rowsJson: string; rowCount: number; total: number }>,
  now = Date.now(),
) {
  let byKey = kept.get(db);
  if (!byKey) kept.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && now - hit.at < KEEP_MS) return hit.value;
  const value = load();
  byKey.set(key, { at: now, value });
  // A failed read is not kept.
  value.catch(() => byKey.delete(key));
  // Months and pages asked for long ago are not kept forever.
  if (byKey.size > 200) for (const [k, entry] of byKey) if (now - entry.at >= KEEP_MS) byKey.delete(k);
  return value;
}

/** A ticket or a maintenance record changed: the next read of any month is fresh. */
export function dropKeptMonthPages(db: object): void {
  kept.delete(db);
}
