// Housekeeping (docs/security.md): rows that can no longer mean anything are deleted on a schedule, by a timer
// in every server process (buildApp starts it when the app is ready and stops it when the app closes):
// - sessions past their absolute expiry or idle for IDLE_MS (the session lookup refuses them anyway),
// - idempotency keys older than IDEMPOTENCY_KEEP_MS (24 h: a retry after that is a new request),
// - reset links that have expired, or were used (or voided by a newer link) and were made before the reset-mail
//   window (they still count towards an account's cap of reset e-mails until then),
// - throttle rows older than the longest window.
// Safe with several instances: a run takes a transaction-level advisory lock without waiting; when another
// instance holds it, this run is skipped (and the deletes are idempotent anyway).
import { and, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { passwordResets, sessions } from '../db/schema/index.js';
import type { Clock } from '../clock.js';
import { pruneIdempotencyKeys } from './idempotency.js';
import { pruneThrottleEvents, RESET_MAIL_WINDOW_MS } from './throttle.js';
import { serializeError } from '../logging.js';
import { IDLE_MS } from './session-lifetime.js';
import { inTransaction } from '../db/transaction.js';
import { tryXactLock } from '../db/locks.js';

export const HOUSEKEEPING_EVERY_MS = 10 * 60 * 1000;

export interface PruneCounts {
  sessions: number;
  idempotencyKeys: number;
  passwordResets: number;
  throttleEvents: number;
}

/** One housekeeping run at `now` (the app's clock). Null when another instance is running one. */
export async function pruneExpired(db: Db, now: Date): Promise<PruneCounts | null> {
  return inTransaction(db, async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(sql`select ${tryXactLock('housekeeping')} as locked`);
    if (!lock.rows[0]?.locked) return null;
    const s = await tx
      .delete(sessions)
      .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, new Date(now.getTime() - IDLE_MS))));
    const i = await pruneIdempotencyKeys(tx, now);
    const r = await tx
      .delete(passwordResets)
      .where(
        or(
          lte(passwordResets.expiresAt, now),
          and(isNotNull(passwordResets.usedAt), lte(passwordResets.createdAt, new Date(now.getTime() - RESET_MAIL_WINDOW_MS))),
        ),
      );
    const t = await pruneThrottleEvents(tx, now);
    return { sessions: s.rowCount ?? 0, idempotencyKeys: i, passwordResets: r.rowCount ?? 0, throttleEvents: t };
  });
}

export interface Housekeeping {
  /** Completed runs of this process (skipped ones included). */
  runs: number;
  last: PruneCounts | null;
  stop(): void;
}

/**
 * Runs pruneExpired every `everyMs`; the first run comes after a random part of the interval, so instances
 * started together spread out. The timer never keeps the process alive.
 */
export function startHousekeeping(db: Db, clock: Clock, log: FastifyBaseLogger, everyMs = HOUSEKEEPING_EVERY_MS): Housekeeping {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const state: Housekeeping = {
    runs: 0,
    last: null,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };
  const run = async () => {
    try {
      state.last = await pruneExpired(db, clock());
      if (state.last && Object.values(state.last).some((n) => n > 0)) log.info({ pruned: state.last }, 'housekeeping');
    } catch (e) {
      if (!stopped) log.warn({ err: serializeError(e) }, 'housekeeping failed; trying again at the next run');
    }
    state.runs++;
    schedule(everyMs);
  };
  schedule(Math.floor(Math.random() * everyMs));
  return state;
}
