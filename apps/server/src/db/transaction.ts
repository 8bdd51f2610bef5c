// The one way to run a database transaction (docs/architecture.md "Transactions and locks").
// `db.transaction(` is allowed nowhere else in the server's source (eslint.config.js).
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import { PG, pgCode } from '../errors.js';
import type { Db, DbOrTx, Tx } from './client.js';
import { dbRetries } from '../metrics.js';

/** Attempts in all (the first and up to 4 retries) unless the caller says otherwise. */
const ATTEMPTS = 5;
/** The backoff before retry n (1, 2, …) is a random wait in [0, min(BACKOFF_CAP_MS, BACKOFF_BASE_MS · 2^(n−1))). */
const BACKOFF_BASE_MS = 5;
const BACKOFF_CAP_MS = 50;

/** True for the aborts a retry cures: deadlock victim (40P01) and serialization failure (40001). */
export function isRetryable(e: unknown): boolean {
  const code = pgCode(e);
  return code === PG.deadlock || code === PG.serializationFailure;
}

export interface TransactionOptions {
  /** Attempts in all, at least 1 (default 5). */
  attempts?: number;
  /** Isolation level, access mode, deferrable: passed to PostgreSQL's BEGIN as drizzle does. */
  config?: PgTransactionConfig;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in one database transaction (`db.transaction(fn)`) and returns what it returns. When PostgreSQL aborts
 * the transaction as a deadlock victim (40P01) or for a serialization failure (40001), the whole transaction rolled
 * back and did nothing, so it runs `fn` again in a new transaction (after a short random wait: two victims of one
 * deadlock do not meet again at once), up to `attempts` times in all; the last failure is thrown. Every other error
 * (an AppError, a unique violation, a lost connection, …) is thrown at once, never retried.
 *
 * **`fn` must be pure apart from the database**: it may run more than once, and only the last run's writes commit.
 * No e-mail sent, no callback called, no in-memory counter or cache changed inside it: return what happened and do
 * such things after `inTransaction` returns (or queue them in the database, as notify()'s e-mail jobs are).
 *
 * Takes the pool (`Db`), never a transaction: a retry inside an outer transaction cannot help (the outer one is
 * aborted too), so code that runs inside a caller's transaction takes a `Tx` and leaves the retry to the caller.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  return retried(async () => {
    const committed: (() => void)[] = [];
    // The one place in the server's source allowed to open a transaction (eslint.config.js).
    const result = await db.transaction((tx) => {
      afterCommitOf.set(tx, committed);
      return fn(tx);
    }, opts.config);
    for (const then of committed) then();
    return result;
  }, opts.attempts);
}

/** What each open inTransaction transaction runs once it committed (an attempt that rolled back drops its list). */
const afterCommitOf = new WeakMap<Tx, (() => void)[]>();

/**
 * Runs `then` once what `q` wrote has committed: at once when `q` is the pool (a statement sent alone committed as it
 * returned), after the commit of the inTransaction transaction `q` is, and never when that attempt rolls back or is
 * retried. The way for code inside a transaction to change in-memory state (a metric's counter) about what it did.
 */
export function afterCommit(q: DbOrTx, then: () => void): void {
  const list = afterCommitOf.get(q as Tx);
  if (list) list.push(then);
  // The pool, or a transaction opened elsewhere (a test's own): nothing will call back, so now.
  else then();
}

/**
 * Runs `fn`, whose every write is ONE statement sent on the pool, with no BEGIN or COMMIT around it: PostgreSQL runs
 * a lone statement as a transaction of its own, so it commits whole or not at all, and two round trips are saved
 * (the transfer, decision 023). Retried as `inTransaction` retries; the same purity rule holds for `fn`. Whatever
 * else `fn` sends must only read.
 */
export async function inOneStatement<T>(db: Db, fn: (db: Db) => Promise<T>, opts: Pick<TransactionOptions, 'attempts'> = {}): Promise<T> {
  return retried(() => fn(db), opts.attempts);
}

async function retried<T>(run: () => Promise<T>, attemptsWanted: number | undefined): Promise<T> {
  const attempts = Math.max(1, attemptsWanted ?? ATTEMPTS);
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isRetryable(e)) throw e;
      dbRetries.inc({ reason: pgCode(e) === PG.deadlock ? 'deadlock' : 'serialization' });
      await sleep(Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)));
    }
  }
}
