// Failed-attempt throttling kept in PostgreSQL, so every instance counts the same attempts (docs/security.md).
//
// Nobody can lock an owner out:
// - 10 failures per account *and client address* in 15 minutes → 429 for that pair only: an attacker's
//   failures from one address never refuse the owner's login from another.
// - 100 failures per client address in 15 minutes → 429 for that address (spraying many accounts). Behind a
//   proxy every client has the proxy's address unless TRUST_PROXY is set: see README "TRUST_PROXY".
// - Across all addresses an account is never locked: from the 10th failure in the window on, each further
//   attempt waits before its password is evaluated (slowdownMs: 250 ms, doubling every 10 failures, at most 5 s).
//
// An attempt is counted *before* it is evaluated (a row is inserted, then the window is counted with it),
// so concurrent guesses cannot all pass a "fewer than 10 so far?" check at once: a request whose own row is
// the 11th committed one is refused, however many arrive together. An attempt that turns out not to be a
// failure (a correct password) gives its rows back; a refused attempt does not count either.
import { and, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { throttleEvents } from '../db/schema/index.js';
import type { Clock } from '../clock.js';
import { tooMany } from '../errors.js';
import { inTransaction } from '../db/transaction.js';
import { classXactLock } from '../db/locks.js';

export const WINDOW_MS = 15 * 60 * 1000;
/** Failures per account and client address in WINDOW_MS; the next attempt of that pair answers 429. */
export const PER_PAIR = 10;
export const PER_IP = 100;
/** Failures of one account (all addresses together) in WINDOW_MS before each attempt is slowed down. */
export const ACCOUNT_FREE = 10;
export const MAX_DELAY_MS = 5000;
/** Reset e-mails per account in RESET_MAIL_WINDOW_MS; beyond it the answer is the same but no new link is made. */
export const RESET_MAILS_PER_ACCOUNT = 3;
/** Not longer than RESET_TTL_MS: while the cap holds, the newest link sent is still valid (it always works). */
export const RESET_MAIL_WINDOW_MS = 15 * 60 * 1000;
export const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

export interface Buckets {
  /** The account and the client address together: limited to PER_PAIR. */
  pair: string;
  ip: string;
  /** The account over all addresses: slowed down (login only), never refused. */
  account?: string;
}

/**
 * The client address as throttling counts it: an IPv4 address as it is (also when written IPv4-mapped,
 * ::ffff:192.0.2.1), an IPv6 address as its /64 network — one subscriber usually holds a whole /64, so counting
 * single IPv6 addresses would give an attacker 2^64 fresh addresses.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function throttleBuckets(kind: 'login' | 'reset', email: string, clientIp: string): Buckets {
  const ip = addressKey(clientIp);
  return {
    pair: `${kind}:pair:${email}|${ip}`,
    ip: `${kind}:ip:${ip}`,
    ...(kind === 'login' ? { account: `${kind}:acct:${email}` } : {}),
  };
}

/** The wait before the password of an account with `failures` recent failures (all addresses) is evaluated. */
export function slowdownMs(failures: number): number {
  if (failures < ACCOUNT_FREE) return 0;
  return Math.min(MAX_DELAY_MS, Math.round(250 * 2 ** ((failures - ACCOUNT_FREE) / 10)));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Attempt {
  /** The attempt did not fail (e.g. the password was right): it no longer counts. */
  release(): Promise<void>;
}

async function counts(db: DbOrTx, buckets: string[], since: Date) {
  const rows = await db
    .select({ bucket: throttleEvents.bucket, n: sql<number>`count(*)::int` })
    .from(throttleEvents)
    .where(and(inArray(throttleEvents.bucket, buckets), gt(throttleEvents.at, since)))
    .groupBy(throttleEvents.bucket);
  return (k: string) => rows.find((r) => r.bucket === k)?.n ?? 0;
}

/**
 * Counts one attempt in its buckets, or throws 429 (counting nothing) when the pair or the address is over its
 * limit. With an account bucket, waits slowdownMs(failures of the account before this one) before returning.
 */
export async function takeAttempt(db: Db, clock: Clock, b: Buckets): Promise<Attempt & { delayMs: number }> {
  const at = clock();
  const names = [b.pair, b.ip, ...(b.account ? [b.account] : [])];
  const since = new Date(at.getTime() - WINDOW_MS);
  // The limited buckets (pair, address) are counted and taken under their advisory locks, taken in a fixed order:
  // concurrent attempts then get exactly the places left (40 guesses at once: exactly 10 evaluated), never more.
  const taken = await inTransaction(db, async (tx) => {
    for (const k of [b.pair, b.ip].sort()) await tx.execute(sql`select ${classXactLock('throttleBucket', sql`hashtext(${k})`)}`);
    const count = await counts(tx, names, since);
    if (count(b.pair) >= PER_PAIR || count(b.ip) >= PER_IP) return null;
    const rows = await tx
      .insert(throttleEvents)
      .values(names.map((bucket) => ({ bucket, at })))
      .returning({ id: throttleEvents.id });
    return { ids: rows.map((r) => r.id), accountBefore: b.account ? count(b.account) : 0 };
  });
  if (!taken) throw tooMany();
  const release = async () => {
    await db.delete(throttleEvents).where(inArray(throttleEvents.id, taken.ids));
  };
  const delayMs = b.account ? slowdownMs(taken.accountBefore) : 0;
  if (delayMs > 0) await sleep(delayMs);
  return { release, delayMs };
}

export const SIGNUP_LIMITED = 'Too many accounts were created from this address. Please try again later.';

/**
 * One place in `bucket` (at most `limit` in `windowMs`), counted and taken under a lock on the bucket, so concurrent
 * requests get exactly the places there are. Refused: how long until the oldest place leaves the window.
 */
async function takePlace(db: Db, at: Date, bucket: string, limit: number, windowMs: number): Promise<{ id: number } | { retryAfterMs: number }> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select ${classXactLock('throttleBucket', sql`hashtext(${bucket})`)}`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${throttleEvents.at})::text` })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), gt(throttleEvents.at, new Date(at.getTime() - windowMs))));
    if (row.n >= limit) return { retryAfterMs: row.oldest ? new Date(row.oldest).getTime() + windowMs - at.getTime() : windowMs };
    const [taken] = await tx.insert(throttleEvents).values({ bucket, at }).returning({ id: throttleEvents.id });
    return { id: taken.id };
  });
}

/**
 * Sign-ups per client address: at most `perHour` accounts an hour (0: no limit). A place is taken before the
 * account is made; a sign-up that fails (e.g. the e-mail is taken) gives its place back.
 */
export async function takeSignup(db: Db, clock: Clock, ip: string, perHour: number): Promise<Attempt> {
  if (perHour <= 0) return { release: async () => {} };
  const place = await takePlace(db, clock(), `signup:ip:${addressKey(ip)}`, perHour, SIGNUP_WINDOW_MS);
  if (!('id' in place)) throw tooMany(SIGNUP_LIMITED);
  return {
    release: async () => {
      await db.delete(throttleEvents).where(eq(throttleEvents.id, place.id));
    },
  };
}

/**
 * A use of a rate-limited call by one user (every use counts, whatever it answers). Refused: whole seconds to wait,
 * at least 1, for a Retry-After header.
 */
export async function takeUserRate(db: Db, clock: Clock, name: string, userId: string, limit: number, windowMs: number): Promise<{ retryAfterS: number } | null> {
  const place = await takePlace(db, clock(), `${name}:user:${userId}`, limit, windowMs);
  return 'id' in place ? null : { retryAfterS: Math.max(1, Math.ceil(place.retryAfterMs / 1000)) };
}

/**
 * The owner proved control of the mailbox (a password reset): the account's login failures, from every
 * address, no longer count.
 */
export async function clearLoginFailures(db: Pick<Db, 'delete'>, email: string) {
  const pairPrefix = `login:pair:${email}|`;
  await db
    .delete(throttleEvents)
    .where(or(eq(throttleEvents.bucket, `login:acct:${email}`), sql`left(${throttleEvents.bucket}, ${pairPrefix.length}) = ${pairPrefix}`));
}

/** Rows older than the longest window (sign-ups, 1 h) count for nothing: housekeeping deletes them. */
export async function pruneThrottleEvents(db: Pick<Db, 'delete'>, now: Date): Promise<number> {
  const result = await db.delete(throttleEvents).where(lt(throttleEvents.at, new Date(now.getTime() - Math.max(WINDOW_MS, SIGNUP_WINDOW_MS))));
  return result.rowCount ?? 0;
}
