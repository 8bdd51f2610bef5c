// Money POSTs run through runMoneyOperation: one database transaction holding the operation and, when the
// caller sent an Idempotency-Key, the key's record and stored answer. A retry with the same key and body
// waits for the first attempt to commit, then gets its answer; with another body, 422. Because the key
// commits with the money, a crash can never leave one without the other.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { inOneStatement, inTransaction } from '../db/transaction.js';
import { AppError, unauthorized } from '../errors.js';
import { localiseAnswer, requestLanguage } from '../i18n.js';

export interface OperationResult {
  status?: number;
  body: Record<string, unknown>;
}

const MAX_RETRIES = 4;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's second-factor code was checked (security/second-factor.ts): its key records that. */
    secondFactorChecked?: boolean;
  }
}

/** What a keyed request is remembered by: its route and the hash of its route, URL and body. */
export function requestIdentity(req: FastifyRequest): { route: string; requestHash: string } {
  const route = `${req.method} ${req.routeOptions.url}`;
  return { route, requestHash: createHash('sha256').update(`${route}\n${req.url}\n${canonical(req.body)}`).digest('hex') };
}

/**
 * Runs `op` in one transaction of `inTransaction` (db/transaction.ts) with the request's Idempotency-Key, if any.
 * `op` may run more than once (a deadlock or serialization failure runs it again), so it must be pure apart from
 * the database, as inTransaction's body must.
 */
export async function runMoneyOperation(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  op: (tx: Tx) => Promise<OperationResult>,
): Promise<FastifyReply> {
  const user = req.user;
  if (!user) throw unauthorized();
  const rawKey = req.headers['idempotency-key'];
  const key = typeof rawKey === 'string' ? rawKey.trim() : undefined;
  if (key !== undefined && (key.length === 0 || key.length > 200)) throw new AppError(400, 'Idempotency-Key must be 1-200 characters');
  // Only a keyed request is remembered, so only it needs the hash of what it asked.
  const { route, requestHash } = key ? requestIdentity(req) : { route: `${req.method} ${req.routeOptions.url}`, requestHash: '' };
  const secondFactor = req.secondFactorChecked === true;

  // A deadlock or serialization failure rolls the whole attempt back (the key's row with it) and inTransaction runs
  // it again; this loop only waits out a key whose row exists without an answer yet.
  for (let attempt = 0; ; attempt++) {
    const result = await inTransaction(db, async (tx) => {
      if (key) {
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ userId: user.id, key, route, requestHash, secondFactor })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length === 0) return { replay: true as const };
      }
      const outcome = await op(tx);
      const status = outcome.status ?? 200;
      if (key) {
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: status, response: JSON.stringify(outcome.body) })
          .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
      }
      return { replay: false as const, status, body: outcome.body };
    });
    if (!result.replay) return reply.status(result.status).send(result.body);
    // The first attempt with this key has committed (the insert waited for it): answer as it did.
    const [stored] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key!)));
    if (!stored || stored.statusCode === null) {
      if (attempt < MAX_RETRIES) continue;
      throw new AppError(409, 'A request with this Idempotency-Key is still in progress');
    }
    if (stored.requestHash !== requestHash) {
      throw new AppError(422, 'This Idempotency-Key was already used with a different request');
    }
    reply.header('idempotent-replay', 'true');
    // The stored answer is the English one (the message is translated on the way out): a replay asked in
    // Arabic gets its message in Arabic too; an English replay is the stored text itself.
    const response = requestLanguage(req) === 'en' || stored.response === null ? stored.response : JSON.stringify(localiseAnswer(req, JSON.parse(stored.response)));
    return reply.status(stored.statusCode).type('application/json').send(response);
  }
}

/**
 * A money operation whose every write is one statement (the transfer, decision 023). Without an Idempotency-Key
 * that statement is sent alone on the pool (`inOneStatement`: no BEGIN/COMMIT, two round trips fewer); with one it
 * runs as `runMoneyOperation` runs it, in a transaction with the key's row, which must commit with the money.
 */
export async function runMoneyStatement(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  op: (q: DbOrTx) => Promise<OperationResult>,
): Promise<FastifyReply> {
  if (req.headers['idempotency-key'] !== undefined) return runMoneyOperation(db, req, reply, op);
  if (!req.user) throw unauthorized();
  const outcome = await inOneStatement(db, op);
  return reply.status(outcome.status ?? 200).send(outcome.body);
}

/** A key answers retries for 24 h; after that a request with it is a new one. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

/** Deletes keys older than IDEMPOTENCY_KEEP_MS at `now` (housekeeping.ts runs it on a schedule); returns how many. */
export async function pruneIdempotencyKeys(db: Pick<Db, 'delete'>, now: Date): Promise<number> {
  const result = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)));
  return result.rowCount ?? 0;
}
