import { z } from 'zod';

/** Query of every paged list (GUIDE): page is 1-based, per_page 1 to 500, default 50 (spec 1 §9). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** The paginator body of spec 1 §3.5: rows plus total, current_page, per_page, from, to, last_page. */
export interface Page<T> {
  data: T[];
  total: number;
  current_page: number;
  per_page: number;
  /** 1-based position of the first row on this page; null when the page is empty. */
  from: number | null;
  to: number | null;
  last_page: number;
}

/** Response schema of a paginator of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    current_page: z.number().int(),
    per_page: z.number().int(),
    from: z.number().int().nullable(),
    to: z.number().int().nullable(),
    last_page: z.number().int(),
  });
}

/** Rows to skip for a page. */
export function pageOffset(query: PageQuery): number {
  return (query.page - 1) * query.per_page;
}

/** Wraps one page of rows (already limited to per_page at pageOffset) and the total count. */
export function toPage<T>(rows: T[], total: number, query: PageQuery): Page<T> {
  const from = rows.length > 0 ? pageOffset(query) + 1 : null;
  return {
    data: rows,
    total,
    current_page: query.page,
    per_page: query.per_page,
    from,
    to: from === null ? null : from + rows.length - 1,
    last_page: Math.max(1, Math.ceil(total / query.per_page)),
  };
}

/** The JSON text of a page whose rows are already JSON text (an array of `rowCount` rows). */
export function pageJson(rowsJson: string, rowCount: number, total: number, query: PageQuery): string {
  const { data: _rows, ...meta } = toPage(new Array<never>(rowCount), total, query);
  return `{"data":${rowsJson},${JSON.stringify(meta).slice(1)}`;
}

/**
 * One page from two queries: the count and the rows (given limit and offset). Both run in parallel.
 * Usage: paginate(query, () => db.$count(table, where), (limit, offset) => db.select()...limit(limit).offset(offset)).
 */
export async function paginate<T>(
  query: PageQuery,
  count: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [total, data] = await Promise.all([count(), rows(query.per_page, pageOffset(query))]);
  return toPage(data, Number(total), query);
}

// A filter whose count reached its cap is shown as 'more than …': that answer is kept for a few seconds instead of
// counting up to the cap again on every page of a busy list. Totals under the cap are always counted.
const CAPPED_COUNT_TTL_MS = 5_000;
const CAPPED_KEYS_KEPT = 1_000;

/** The filters (by key) of one list statement whose count reached `cap` in the last few seconds. */
export class CappedCounts {
  private readonly reached = new Map<string, number>();

  constructor(readonly cap: number) {}

  /** Whether `key`'s count reached the cap lately, so counting again can be skipped. */
  reachedLately(key: string): boolean {
    const at = this.reached.get(key);
    return at !== undefined && Date.now() - at < CAPPED_COUNT_TTL_MS;
  }

  /** Notes a count just made for `key`. */
  note(key: string, total: number): void {
    if (total < this.cap) {
      this.reached.delete(key);
      return;
    }
    if (this.reached.size >= CAPPED_KEYS_KEPT) this.reached.clear();
    this.reached.set(key, Date.now());
  }

  /** `count()` (which stops at the cap), or the cap when `key` reached it lately. */
  async count(key: string, count: () => Promise<number>): Promise<number> {
    if (this.reachedLately(key)) return this.cap;
    const total = await count();
    this.note(key, total);
    return total;
  }
}
