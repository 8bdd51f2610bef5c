// SQL that writes values the way the API's JSON does, for lists whose JSON PostgreSQL builds.
//
// An unpaged list's rows are aggregated as records, each row's API fields a lateral select over the list's row:
//   select json_agg(r order by p.rn) from page p cross join lateral (select p.id as "_id", … ) r
// json_agg writes a record's columns under their names. On the 100,000-user bench data that took the 10,000
// withdrawals' query from 260 ms (a json_build_object a row, merged as jsonb with the extra fields) to 150 ms, and the
// users' from 205 to 175 ms (one json_build_object a row); docs/performance.md#unpaged-records.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { inTransaction } from './transaction.js';

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

/**
 * One JSON-building read (an unpaged list) with JIT off for its transaction: the planner prices 10,000 per-row key
 * lookups above `jit_above_cost`, and compiling the query then took longer (0.8 s measured on the 100,000-user
 * bench data) than running it.
 */
export async function readJson(db: Db, query: SQL): Promise<{ n: number; json: string }> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const { rows } = await tx.execute<{ n: number; json: string }>(query);
    return rows[0];
  });
}
