import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';
import { dbPoolWaits, dbPoolWaitSeconds, trackPool } from '../metrics.js';

// bigint columns arrive as strings by default; every bigint we store (cents, ids) fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export function createDb(url: string, max = 20): Db {
  // No JIT: every query here is short OLTP work, and a bad row estimate (a join of grouped CTEs) made PostgreSQL
  // spend ~400 ms compiling the dashboard's 16 ms query. Listeners and workers copy these options.
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, options: '-c jit=off' });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  countWaits(pool, max);
  trackPool(pool);
  return drizzle(pool, { schema }) as Db;
}

/**
 * Counts the connections asked for while every one of the pool's `max` was busy, and times those waits
 * (docs/operations.md#metrics). pool.query asks through this.connect too, so every caller is seen; a connection
 * handed out at once costs two property reads.
 */
function countWaits(pool: pg.Pool, max: number) {
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void) => Promise<pg.PoolClient> | void;
  const waiting = (...args: Parameters<typeof connect>) => {
    if (pool.idleCount > 0 || pool.totalCount < max) return connect(...args);
    dbPoolWaits.inc();
    const end = dbPoolWaitSeconds.startTimer();
    const [cb] = args;
    if (cb) return connect((err, client, done) => (end(), cb(err, client, done)));
    return (connect() as Promise<pg.PoolClient>).finally(end);
  };
  pool.connect = waiting as typeof pool.connect;
}

export { schema };
