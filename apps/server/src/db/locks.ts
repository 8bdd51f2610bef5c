// Every PostgreSQL advisory lock of the server (docs/architecture.md "Transactions and locks").
// The SQL that takes one is built here only: `pg_advisory…` is allowed nowhere else in the server's source
// (eslint.config.js), so a new lock is a new entry below, and the unit test (locks.test.ts) sees every key.
//
// PostgreSQL has two advisory key spaces that never overlap: one bigint key (pg_locks: objsubid 1) and two int
// keys (objsubid 2); `pg_advisory_lock(1, 2)` and `pg_advisory_lock((1::bigint << 32) | 2)` are different locks
// (docs: "Advisory Lock Functions", "these two key spaces do not overlap"; view pg_locks).
// - FIXED: a lock with one meaning takes one bigint key. The values are the ones these locks had before this
//   registry, so an instance of the previous version and a new one still exclude each other during a deploy.
// - CLASSES: a family of locks named by a computed key (a hash of a bucket name, a user id) takes the two-int form
//   (class, key), each family with a class of its own. A hashed key therefore never lands in the bigint space of
//   the fixed locks, nor in another family's class: no hash can collide with a registry key, whatever it hashes.
import { sql, type SQL } from 'drizzle-orm';

/** Fixed locks: one bigint key each (distinct; locks.test.ts). */
export const FIXED_LOCKS = {
  /** db/migrate.ts: one instance migrates at a time (session lock on its own connection). */
  migrations: 724_311_001,
  /** services/housekeeping.ts: one instance prunes at a time (transaction lock, not waited for). */
  housekeeping: 724_311_012,
  /** modules/chain-deposits: pay amounts are allocated one request at a time (transaction lock). */
  chainAllocation: 724_311_015,
  /** modules/chain-deposits poller: one instance polls the chain (session lock on its own connection, not waited for). */
  chainPoller: 724_311_016,
} as const;

/** Lock families: the two-int form (class, key), one class each (distinct; locks.test.ts). */
export const LOCK_CLASSES = {
  /** modules/notifications/notify.ts: every notification writer (key 0; shared by writers, exclusive for a bulk write). */
  notifyWriters: 18_001,
  /** modules/notifications/notify.ts: one user's notifications (key hashtext(user id)). */
  notifyUser: 18_002,
  /** modules/notifications/announcements.service.ts: announcement batches run one at a time (key 1). */
  announcementDelivery: 18_014,
  /** services/throttle.ts: one throttle bucket (key hashtext(bucket name)). */
  throttleBucket: 27_001,
  /** modules/support: one user's tickets and messages, so the open-ticket and hourly limits hold when raced (key hashtext(user id)). */
  supportUser: 22_001,
} as const;

export type FixedLock = keyof typeof FIXED_LOCKS;
export type LockClass = keyof typeof LOCK_CLASSES;

/** `pg_advisory_xact_lock(key)`: waits for the fixed lock and holds it until the transaction ends. */
export const xactLock = (lock: FixedLock): SQL => sql`pg_advisory_xact_lock(${FIXED_LOCKS[lock]}::bigint)`;

/** `pg_try_advisory_xact_lock(key)`: true when the fixed lock was free (held until the transaction ends), else false. */
export const tryXactLock = (lock: FixedLock): SQL => sql`pg_try_advisory_xact_lock(${FIXED_LOCKS[lock]}::bigint)`;

/**
 * `pg_advisory_xact_lock(class, key)` (or `_shared`): the lock of `key` (an SQL int expression, e.g. `hashtext(…)`)
 * in the family `lockClass`, held until the transaction ends.
 */
export function classXactLock(lockClass: LockClass, key: SQL, opts: { shared?: boolean } = {}): SQL {
  const fn = opts.shared ? sql.raw('pg_advisory_xact_lock_shared') : sql.raw('pg_advisory_xact_lock');
  return sql`${fn}(${LOCK_CLASSES[lockClass]}::int, ${key})`;
}

/** Session-level fixed locks, for a `pg.Client` of their own (`client.query(sessionLock('migrations'))`). */
export const sessionLock = (lock: FixedLock) => ({ text: 'select pg_advisory_lock($1::bigint)', values: [FIXED_LOCKS[lock]] });
/** Also names the session and its server (pid, postmaster start), which `sessionLockHeld` checks later. */
export const trySessionLock = (lock: FixedLock) => ({
  text: 'select pg_try_advisory_lock($1::bigint) as ok, pg_backend_pid() as pid, pg_postmaster_start_time()::text as server',
  values: [FIXED_LOCKS[lock]],
});
/**
 * True while session `pid` of server `server` (trySessionLock's answer) still holds the fixed lock, asked on any
 * connection: false once that session died, or when the connection reached another server (a failover: locks are
 * not replicated, so the old leader's lock means nothing there).
 */
export const sessionLockHeld = (lock: FixedLock, pid: number, server: string): SQL => sql`select pg_postmaster_start_time()::text = ${server} and exists (
    select 1 from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and pid = ${pid}
      and ((classid::bigint << 32) | objid::bigint) = ${FIXED_LOCKS[lock]}::bigint) as held`;
export const sessionUnlock = (lock: FixedLock) => ({ text: 'select pg_advisory_unlock($1::bigint)', values: [FIXED_LOCKS[lock]] });
