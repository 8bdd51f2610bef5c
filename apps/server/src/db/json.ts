// SQL that writes values the way the API's JSON does, for lists whose JSON PostgreSQL builds (json_build_object).
import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz as Date.prototype.toISOString() writes it: UTC, milliseconds (truncated, as node-pg reads them), Z. */
export function isoTime(column: SQL | string): SQL {
  const col = typeof column === 'string' ? sql.raw(column) : column;
  return sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** Integer cents as the API's money number (cents / 100, as centsToNumber computes it). */
export function centsNumber(column: SQL | string): SQL {
  const col = typeof column === 'string' ? sql.raw(column) : column;
  return sql`(${col})::float8 / 100`;
}
