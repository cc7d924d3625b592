import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageJson, type PageQuery } from '../../db/paginate.ts';
import { pageWindow, runPrepared, type PageWindow } from '../../db/prepared.ts';

// The purchasing lists and drawers as JSON text written by PostgreSQL in one prepared statement (decision 0151, 0129's
// pattern; purchasing-list-json.test.ts holds each answer to its contract and to the Node shaping it replaced).

/** A value bound by name: the SQL's placeholder, its value kept in `values` for the call. */
export type Bind = (name: string, value: unknown) => SQL;

/** A named-placeholder binder and the values it collected. */
export function binder(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    values[name] = value;
    return sql`${sql.placeholder(name)}`;
  };
  return { bind, values };
}

/** A numeric column as a JSON number ('12.50' reads as 12.5, what dollarsFromCents gives). */
export const jsonNumeric = (value: SQL) => sql`(${value})::text`;

/** A date column as a JSON string, or JSON null. */
export const jsonDate = (value: SQL) => sql`coalesce('"' || (${value})::text || '"', 'null')`;

/** An integer column as JSON, or JSON null. */
export const jsonInt = (value: SQL) => sql`coalesce((${value})::text, 'null')`;

/** `'"…"'` where the text needs no escaping (numeric text, enum codes from a CHECK). */
export const jsonPlain = (value: SQL) => sql`'"' || (${value})::text || '"'`;

/** ILIKE pattern of "contains `term`" with LIKE's wildcards escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page as the paginator's JSON text, from one named prepared statement per `key` (its filter shape) and page
 * window: `ids(window)` selects the page's ids in order (`limit`/`offset` of the window), `rows` writes each one as
 * `position, row` from the CTE `page` (its `id` and `position`), `count` counts the filter. The count runs only when
 * the page is full or empty past the first page (an InitPlan runs on first use): otherwise the page's end is the total.
 */
export async function writtenPage(
  db: Db,
  key: string,
  page: PageQuery,
  parts: { ids: (window: PageWindow) => SQL; rows: SQL; count: SQL },
  values: Record<string, unknown>,
): Promise<string> {
  const window = pageWindow(page);
  const offset = (page.page - 1) * page.per_page;
  const [written] = await runPrepared<{ rows: string; fetched: number; total: number }>(
    db,
    `${key}_${window.key}`,
    () => sql`
    with page as (
      select ids.id, row_number() over () as position from (${parts.ids(window)}) ids
    )
    select count(*)::int as fetched,
      '[' || coalesce(string_agg(r.row, ',' order by r.position), '') || ']' as rows,
      case when count(*) > 0 and count(*) < ${sql.placeholder('per_page')}::int
        then ${sql.placeholder('skip')}::int + count(*)::int
        when count(*) = 0 and ${sql.placeholder('skip')}::int = 0 then 0
        else ${parts.count} end as total
    from (${parts.rows}) r`,
    { ...values, per_page: page.per_page, skip: offset, limit: page.per_page, offset },
  );
  return pageJson(written?.rows ?? '[]', written?.fetched ?? 0, written?.total ?? 0, page);
}

/** The one row of a drawer's statement, as JSON text (null when the record does not exist). */
export async function writtenRecord(
  db: Db,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<string | null> {
  const [written] = await runPrepared<{ json: string | null }>(db, key, build, values);
  return written?.json ?? null;
}
