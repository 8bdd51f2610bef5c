// Sudo mode (decision 017). A stolen session cookie alone must not change how the account signs in: adding
// a passkey (which then signs in with neither password nor code), removing one, and turning two-factor sign-in on or
// off need this session to have re-entered the password (plus a code or a recovery code when two-factor sign-in is
// on) within REAUTH_TTL_MS, on the app's clock. The stamp is the session row's own `reauthenticated_at` (migration
// 0017), so another session's re-authentication never counts, and a sign-in does not set it: a cookie stolen right
// after a sign-in is as useless for these changes as an old one. Every password and code tried here counts as a failed
// login of the account and client address until it proves right (plugins/throttle.ts), like change-password.
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REAUTH_TTL_MS, SECURITY_MSG } from '@app/contract';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import { badRequest, unauthorized } from '../../errors.js';
import { takeAttempt, throttleBuckets } from '../../services/throttle.js';
import { verifyPassword } from '../users/passwords.js';
import { spendFactor, twoFactorEnabled, type Factor } from '../../services/second-factor.js';
import { inTransaction } from '../../db/transaction.js';

interface Me {
  id: string;
  email: string;
  sessionHash: string;
}

/** The 403 of a change that needs sudo mode: the web client asks for the password (and code) and retries. */
export const REAUTH_REQUIRED = { success: false as const, message: SECURITY_MSG.reauthRequired, reauthRequired: true as const };

/**
 * Whether this session re-authenticated within REAUTH_TTL_MS of the app's clock. Stamps are written from that clock
 * only; one that looks newer than now (the clock was set back) counts as fresh until the clock passes it by 5 minutes.
 */
export async function inSudoMode(db: Db, clock: Clock, sessionHash: string): Promise<boolean> {
  const [row] = await db.select({ at: sessions.reauthenticatedAt }).from(sessions).where(eq(sessions.tokenHash, sessionHash));
  return row?.at ? clock().getTime() - row.at.getTime() < REAUTH_TTL_MS : false;
}

/**
 * Route hook (`onRequest: [requireUser, requireSudo]`): answers 403 `{ reauthRequired: true }` unless this session is
 * in sudo mode. It runs before the body is read, like the other guards.
 */
export async function requireSudo(req: FastifyRequest, reply: FastifyReply) {
  if (!req.user) throw unauthorized();
  const { db, clock } = req.server.deps;
  if (await inSudoMode(db, clock, req.user.sessionHash)) return;
  return reply.status(403).send(REAUTH_REQUIRED);
}

/**
 * Checks the account's password, throttled like a login: the attempt counts as a failure unless the password is
 * right. Throws 400 SECURITY_MSG.passwordWrong (not 401: the session itself is fine).
 */
export async function checkPassword(db: Db, clock: Clock, me: Me, ip: string, password: string) {
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', me.email, ip));
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!row || !(await verifyPassword(row.hash, password))) throw badRequest(SECURITY_MSG.passwordWrong);
  await attempt.release();
}

/** Stamps this session: in sudo mode for the next REAUTH_TTL_MS. */
export async function stampSudo(db: Pick<Db, 'update'>, clock: Clock, me: Me) {
  await db.update(sessions).set({ reauthenticatedAt: clock() }).where(and(eq(sessions.tokenHash, me.sessionHash), eq(sessions.userId, me.id)));
}

/**
 * POST /user/reauth: the password, and with two-factor sign-in on a current code (newer than the last one accepted)
 * or an unused recovery code. One throttled attempt covers both: it is released only when everything proved right,
 * so neither a wrong password nor a wrong or missing code is free.
 */
export async function reauthenticate(db: Db, clock: Clock, me: Me, ip: string, input: Factor & { password: string }) {
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', me.email, ip));
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!row || !(await verifyPassword(row.hash, input.password))) throw badRequest(SECURITY_MSG.passwordWrong);
  const factor: Factor = { code: input.code, recoveryCode: input.recoveryCode };
  await inTransaction(db, async (tx) => {
    if (await twoFactorEnabled(tx, me.id)) {
      if (factor.code === undefined && factor.recoveryCode === undefined) throw badRequest(SECURITY_MSG.codeRequired);
      if (!(await spendFactor(tx, me.id, clock(), factor))) {
        throw badRequest(factor.code !== undefined ? SECURITY_MSG.codeInvalid : SECURITY_MSG.recoveryInvalid);
      }
    }
    await stampSudo(tx, clock, me);
  });
  await attempt.release();
}
