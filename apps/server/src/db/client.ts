import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

// bigint columns arrive as strings by default; every bigint we store (cents, ids) fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export function createDb(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  return drizzle(pool, { schema }) as Db;
}

export { schema };

const RETRYABLE = new Set(['40P01', '40001']); // deadlock_detected, serialization_failure

/**
 * Runs `work` (one database transaction) again, up to 4 more times, when PostgreSQL aborted it as a deadlock victim
 * or for a serialization failure: such a transaction did nothing, and a retry sees what the other one committed.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      const code = (e as { code?: string; cause?: { code?: string } })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= 4) throw e;
    }
  }
}

/** `db.transaction(fn)` under retryOnConflict. */
export function transactionWithRetry<T>(db: Db, fn: Parameters<Db['transaction']>[0] extends (tx: infer X) => unknown ? (tx: X) => Promise<T> : never): Promise<T> {
  return retryOnConflict(() => db.transaction(fn));
}
