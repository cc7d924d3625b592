import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// The text-search documents of global search. The GIN expression indexes (declared on the companies and
// users tables) and the queries (search.service.ts) build them with these same functions: PostgreSQL uses
// an expression index only when the query's expression is the same.
//
// 'simple' configuration: names and e-mail addresses are not English prose, so no stemming and no stop words.

/** Document of a company: its name. */
export function companySearchDocument(name: AnyColumn): SQL {
  return sql`to_tsvector('simple'::regconfig, ${name})`;
}

/**
 * Document of a user: name plus the e-mail split into words ('jane.doe@acme.com' → jane doe acme com), so
 * a search for a mailbox or a domain finds it.
 */
export function userSearchDocument(name: AnyColumn, email: AnyColumn): SQL {
  return sql`to_tsvector('simple'::regconfig, ${name} || ' ' || regexp_replace(${email}, '[^[:alnum:]]+', ' ', 'g'))`;
}

/**
 * Document of a device: its name, asset tag and serial number, the three things a technician reads off it, split at
 * every sign ('AT-1001' → at 1001: the parser would read '-1001' as a negative number).
 */
export function deviceSearchDocument(name: AnyColumn, assetTag: AnyColumn, serialNumber: AnyColumn): SQL {
  const text = sql`${name} || ' ' || coalesce(${assetTag}, '') || ' ' || coalesce(${serialNumber}, '')`;
  return sql`to_tsvector('simple'::regconfig, regexp_replace(${text}, '[^[:alnum:]]+', ' ', 'g'))`;
}
