import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

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
  // A client checked out of the pool has no error listener of the pool's: a server that goes away between two of
  // its queries (a failover, docs/operations.md#running-on-several-machines) would throw from the socket and stop
  // the process. Its next query fails instead, and the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  return drizzle(pool, { schema }) as Db;
}

export { schema };
