// Failed-attempt throttling kept in PostgreSQL, so every instance counts the same attempts.
// 10 failures per account and 100 per IP in 15 minutes; the next attempt answers 429.
//
// An attempt is counted *before* it is evaluated (a row is inserted, then the window is counted with it),
// so concurrent guesses cannot all pass a "fewer than 10 so far?" check at once: a request whose own row is
// the 11th committed one is refused, however many arrive together. An attempt that turns out not to be a
// failure (a correct password) gives its row back; a refused attempt does not count either.
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { throttleEvents } from '../db/schema/index.js';
import type { Clock } from '../clock.js';
import { tooMany } from '../errors.js';

export const WINDOW_MS = 15 * 60 * 1000;
export const PER_ACCOUNT = 10;
export const PER_IP = 100;

export interface Buckets {
  account: string;
  ip: string;
}

export function throttleBuckets(kind: 'login' | 'reset', email: string, ip: string): Buckets {
  return { account: `${kind}:acct:${email}`, ip: `${kind}:ip:${ip}` };
}

export interface Attempt {
  /** The attempt did not fail (e.g. the password was right): it no longer counts. */
  release(): Promise<void>;
}

/** Counts one attempt in both buckets, or throws 429 (counting nothing) when either is over its limit. */
export async function takeAttempt(db: Db, clock: Clock, b: Buckets): Promise<Attempt> {
  const at = clock();
  const rows = await db
    .insert(throttleEvents)
    .values([
      { bucket: b.account, at },
      { bucket: b.ip, at },
    ])
    .returning({ id: throttleEvents.id });
  const ids = rows.map((r) => r.id);
  const release = async () => {
    await db.delete(throttleEvents).where(inArray(throttleEvents.id, ids));
  };

  const since = new Date(at.getTime() - WINDOW_MS);
  const counts = await db
    .select({ bucket: throttleEvents.bucket, n: sql<number>`count(*)::int` })
    .from(throttleEvents)
    .where(and(inArray(throttleEvents.bucket, [b.account, b.ip]), gt(throttleEvents.at, since)))
    .groupBy(throttleEvents.bucket);
  const count = (k: string) => counts.find((r) => r.bucket === k)?.n ?? 0;
  if (count(b.account) > PER_ACCOUNT || count(b.ip) > PER_IP) {
    await release();
    throw tooMany();
  }

  // Old rows are worthless; trim them now and then so the table stays small without a scheduler.
  if (Math.random() < 0.02) {
    await db.delete(throttleEvents).where(lt(throttleEvents.at, since));
  }
  return { release };
}
