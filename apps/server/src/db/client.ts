import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';

// bigint columns arrive as strings by default; every bigint we store (cents, ids) fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** How long a request waits for a connection (a new one, or a free one of the pool) before it is answered 503. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createDb(url: string, max = 20): Db {
  // No JIT: every query here is short OLTP work, and a bad row estimate (a join of grouped CTEs) made PostgreSQL
  // spend ~400 ms compiling the dashboard's 16 ms query. Listeners and workers copy these options.
  // keepAlive: a connection to a server that froze or vanished without closing it (a failover) is found dead by
  // TCP instead of hanging; connectionTimeoutMillis: a server that accepts and never answers costs a request 10 s,
  // then a 503 (errors.ts isDatabaseUnavailable), not forever; verify: see verifyPrimary.
  const pool = new pg.Pool({
    connectionString: url, max, idleTimeoutMillis: 30_000, options: '-c jit=off', keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, verify: verifyPrimary,
  });
  survivesLostConnections(pool);
  return drizzle(pool, { schema }) as Db;
}

/**
 * A connection that dies (a failover, a restart, pg_terminate_backend) makes its client emit 'error'; with no
 * listener that would end the process. The pool listens while a client is idle; while one is checked out (a
 * transaction awaiting something, the chain poller's lock session) only this listener does. Nothing else is
 * needed: the client is no longer queryable, its next query fails (a 503, app.ts), and the pool discards it on
 * release and opens a new connection for the next request (docs/operations.md "When the database goes away").
 */
export function survivesLostConnections(pool: pg.Pool): void {
  const ignore = () => {};
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
}

/**
 * A pool's check of each new connection: it must reach the primary. One that reaches a read-only standby (HAProxy a
 * step behind Patroni during a failover) is refused with 25006, which isDatabaseUnavailable answers 503, instead of
 * joining the pool, where every transaction on it would fail until it closed (a transaction gives its connection
 * back as healthy after an error). One query per new connection, none per request.
 */
export function verifyPrimary(client: pg.PoolClient, done: (err?: Error) => void): void {
  client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby').then(
    (r) => done(r.rows[0]?.standby ? Object.assign(new Error('the database server is a read-only standby'), { code: '25006' }) : undefined),
    (e: Error) => done(e),
  );
}

export { schema };
