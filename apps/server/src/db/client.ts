import { createHash } from 'node:crypto';
import pg from 'pg';
import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';
import { dbPoolWaits, dbPoolWaitSeconds, trackPool } from '../metrics.js';

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
  // keepAlive: an idle connection to a server that froze or vanished without closing it (a failover) is probed by
  // TCP from 10 s of silence on, and found dead instead of being handed to a request (a query already in flight on
  // a frozen server waits for the proxy to close it: docs/operations.md "When the database goes away");
  // connectionTimeoutMillis: a server that accepts and never answers costs a request 10 s, then a 503 (errors.ts
  // isDatabaseUnavailable), not forever; verify: see verifyPrimary.
  const pool = new pg.Pool({
    connectionString: url, max, idleTimeoutMillis: 30_000, options: '-c jit=off', keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, verify: verifyPrimary,
  });
  survivesLostConnections(pool);
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

const dialect = new PgDialect();
/** Statement names by text: the texts sent through executeNamed are few and fixed (built from code, never data). */
const namedTexts = new Map<string, string>();
/** Past this many distinct texts a caller is building its text from data: those run unnamed, not kept on every connection. */
const MAX_NAMED = 128;

/**
 * `q.execute(query)`, sent as a named prepared statement: each connection parses and plans the text once, and
 * PostgreSQL moves to its generic plan, instead of parsing and planning it for every request (decision 008: for the
 * transfer's one statement, with its CTEs and notifications, pgbench put that work at about a third of its cost). The
 * name is a hash of the text, so one name is always one text. For texts that are the same on every call (values go
 * in parameters): each distinct text stays prepared on every connection that ran it, so past MAX_NAMED distinct
 * texts the rest run unnamed. On the pool or inside a transaction alike. The session lookup uses drizzle's own
 * `.prepare(name)` for the same reason.
 */
export function executeNamed<T extends Record<string, unknown>>(q: DbOrTx, query: SQL): Promise<pg.QueryResult<T>> {
  const compiled = dialect.sqlToQuery(query);
  return q._.session.prepareQuery(compiled, undefined, statementName(compiled.sql), false).execute() as Promise<pg.QueryResult<T>>;
}

/** The name a text is prepared under (undefined: unnamed, past MAX_NAMED). */
function statementName(text: string): string | undefined {
  let name = namedTexts.get(text);
  if (name === undefined && namedTexts.size < MAX_NAMED) {
    name = `x_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    namedTexts.set(text, name);
  }
  return name;
}

/**
 * A statement whose text is built once: `build` writes `sql.placeholder(key)` wherever a call's value goes, and
 * each call fills those from `values` and sends it as executeNamed does. So a hot path (the transfer) pays neither
 * drizzle's building of its text (a tree of fragments walked into a string, on every call: about a sixth of the
 * app's CPU per transfer in a profile) nor PostgreSQL's planning.
 */
export function fixedStatement<T extends Record<string, unknown>, K extends string>(build: (value: (key: K) => SQL) => SQL) {
  let compiled: { sql: string; params: unknown[]; name: string | undefined } | undefined;
  return (q: DbOrTx, values: Record<K, unknown>): Promise<pg.QueryResult<T>> => {
    if (!compiled) {
      const query = dialect.sqlToQuery(build((key) => sql`${sql.placeholder(key)}`));
      compiled = { ...query, name: statementName(query.sql) };
    }
    return q._.session.prepareQuery(compiled, undefined, compiled.name, false).execute(values) as Promise<pg.QueryResult<T>>;
  };
}

/** A table's columns as drizzle's `select()` reads them: [property, column] pairs, listed once per table. */
const columnLists = new WeakMap<PgTable, [string, Column][]>();
function columnList(table: PgTable): [string, Column][] {
  let list = columnLists.get(table);
  if (!list) columnLists.set(table, (list = Object.entries(getTableColumns(table))));
  return list;
}

/** Every column of `table`, for the select or RETURNING list of a statement built once (`fixedStatement`). */
export function allColumns(table: PgTable): SQL {
  return sql.join(
    columnList(table).map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
}

/** A row of `allColumns(table)` from a statement built once, as drizzle's `select()` would return it. */
export function tableRow<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnList(table)) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

export { schema };
