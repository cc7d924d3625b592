import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// JSON text written by PostgreSQL for the hot read paths (decision 0023), by concatenation: json_build_object looks up
// every argument's type on every call and costs PostgreSQL about four times as much. Numbers and booleans print as
// JSON already; to_json quotes and escapes text. A null part makes the whole concatenation null: coalesce it.

/** A time as Date.toISOString writes it, like every other time the API answers. */
export const isoText = (time: AnyColumn | SQL) =>
  sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A text value as a JSON string (null stays null). */
export const jsonString = (value: AnyColumn | SQL) => sql`to_json(${value})::text`;

/** A time as a JSON string, or JSON null. */
export const jsonTime = (time: AnyColumn | SQL) => sql`coalesce('"' || ${isoText(time)} || '"', 'null')`;

/** {"id":…,"name":…} of a reference and its name (null when either is null). */
export const jsonNamed = (id: AnyColumn | SQL, name: AnyColumn | SQL) =>
  sql`'{"id":' || ${id} || ',"name":' || ${jsonString(name)} || '}'`;
