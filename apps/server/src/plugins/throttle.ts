// Failed-attempt throttling kept in PostgreSQL, so every instance counts the same attempts.
// 10 failures per account and 100 per IP in 15 minutes; the next attempt answers 429.
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { throttleEvents } from '../db/schema/index.js';
import type { Clock } from '../clock.js';
import { tooMany } from '../errors.js';

export const WINDOW_MS = 15 * 60 * 1000;
export const PER_ACCOUNT = 10;
export const PER_IP = 100;

export function throttleBuckets(kind: 'login' | 'reset', email: string, ip: string) {
  return { account: `${kind}:acct:${email}`, ip: `${kind}:ip:${ip}` };
}

export async function assertNotThrottled(db: Db, clock: Clock, b: { account: string; ip: string }) {
  const since = new Date(clock().getTime() - WINDOW_MS);
  const rows = await db
    .select({ bucket: throttleEvents.bucket, n: sql<number>`count(*)::int` })
    .from(throttleEvents)
    .where(and(inArray(throttleEvents.bucket, [b.account, b.ip]), gt(throttleEvents.at, since)))
    .groupBy(throttleEvents.bucket);
  const count = (k: string) => rows.find((r) => r.bucket === k)?.n ?? 0;
  if (count(b.account) >= PER_ACCOUNT || count(b.ip) >= PER_IP) throw tooMany();
}

export async function recordAttempt(db: Db, clock: Clock, b: { account: string; ip: string }) {
  const at = clock();
  await db.insert(throttleEvents).values([
    { bucket: b.account, at },
    { bucket: b.ip, at },
  ]);
  // Old rows are worthless; trim a few on each write so the table stays small without a scheduler.
  if (Math.random() < 0.02) {
    await db.delete(throttleEvents).where(lt(throttleEvents.at, new Date(at.getTime() - WINDOW_MS)));
  }
}
