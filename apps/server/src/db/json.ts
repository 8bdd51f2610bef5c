// SQL that writes values the way the API's JSON does, for lists whose JSON PostgreSQL builds (json_build_object).
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
