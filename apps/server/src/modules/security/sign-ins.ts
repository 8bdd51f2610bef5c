// How a sign-in ends (docs/product.md#security-rules): with 2FA on, the password step opens a 5-minute sign-in in progress (a random token
// in an HttpOnly cookie, stored hashed) instead of a session; a session starts only when the second step succeeds.
// Every sign-in attempt of an account is recorded (the newest are listed on the security page), and a sign-in from a
// browser the account has not used before (no known long-lived browser cookie) is told to the owner by a notification
// (in the centre and by e-mail).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOGIN_CHALLENGE_TTL_MS } from '@app/contract';
import type { Db } from '../../db/client.js';
import { knownBrowsers, loginChallenges, signInAttempts, users } from '../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import type { Mailer } from '../../mail/mailer.js';
import { createSession } from '../../plugins/session.js';
import { notify } from '../notifications/notify.js';
import { inTransaction } from '../../db/transaction.js';

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
/** Attempts kept per account (the page shows LOGIN_HISTORY_SIZE); older ones are deleted as new ones arrive. */
export const SIGN_IN_ROWS_KEPT = 100;
const BROWSER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60; // the longest browsers keep a cookie

export const challengeCookieName = (secure: boolean) => (secure ? '__Host-signin' : 'signin');
export const browserCookieName = (secure: boolean) => (secure ? '__Host-browser' : 'browser');
const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure });

export interface SignInDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  secure: boolean;
}

const agentOf = (req: FastifyRequest) => String(req.headers['user-agent'] ?? '').slice(0, 256);

/** Records an attempt for the account of `userId`, keeping its newest SIGN_IN_ROWS_KEPT. */
export async function recordSignIn(db: Db, clock: Clock, userId: string, req: FastifyRequest, success: boolean) {
  await db.insert(signInAttempts).values({ userId, createdAt: clock(), ip: req.ip, userAgent: agentOf(req), success });
  await db.execute(sql`
    delete from sign_in_attempts where user_id = ${userId} and id < (
      select id from sign_in_attempts where user_id = ${userId} order by id desc offset ${SIGN_IN_ROWS_KEPT - 1} limit 1)`);
}

/** A failed password for an e-mail: recorded on that account when it exists (nothing is said either way). */
export async function recordFailedPassword(db: Db, clock: Clock, email: string, req: FastifyRequest) {
  const [u] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), sql`${users.deletedAt} is null`));
  if (u) await recordSignIn(db, clock, u.id, req, false);
}

/** Opens the second step of a sign-in for `userId` (the password was right): no session yet. */
export async function startSecondStep(deps: SignInDeps, userId: string, reply: FastifyReply) {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  // Expired sign-ins in progress go as new ones arrive (an index on expires_at keeps this cheap).
  await deps.db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await deps.db.insert(loginChallenges).values({ tokenHash: sha256(token), userId, createdAt: now, expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS) });
  reply.setCookie(challengeCookieName(deps.secure), token, { ...cookieOptions(deps.secure), maxAge: LOGIN_CHALLENGE_TTL_MS / 1000 });
}

/** A new passwordless sign-in in progress (passkeys), carrying the WebAuthn challenge it issued. */
export async function startPasskeySignIn(deps: SignInDeps, challenge: string, reply: FastifyReply) {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await deps.db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, now));
  await deps.db.insert(loginChallenges).values({ tokenHash: sha256(token), userId: null, challenge, createdAt: now, expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS) });
  reply.setCookie(challengeCookieName(deps.secure), token, { ...cookieOptions(deps.secure), maxAge: LOGIN_CHALLENGE_TTL_MS / 1000 });
}

/** The hash of the caller's sign-in-in-progress cookie, if any. */
export function challengeHashOf(req: FastifyRequest, secure: boolean): string | null {
  const token = req.cookies[challengeCookieName(secure)];
  return token && token.length <= 100 ? sha256(token) : null;
}

export function clearChallengeCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(challengeCookieName(secure), cookieOptions(secure));
}

/**
 * The sign-in succeeded: a new session, the attempt recorded, and the browser remembered; a browser new to this
 * account is told to the owner by e-mail (not on sign-up, `quiet`, nor for the account's first remembered browser).
 */
export async function completeSignIn(deps: SignInDeps, userId: string, req: FastifyRequest, reply: FastifyReply, opts: { quiet?: boolean } = {}) {
  await createSession(deps.db, deps.clock, userId, req, reply, deps.secure);
  clearChallengeCookie(reply, deps.secure);
  await recordSignIn(deps.db, deps.clock, userId, req, true);
  const name = browserCookieName(deps.secure);
  let token = req.cookies[name];
  if (!token || token.length > 100) {
    token = randomBytes(24).toString('base64url');
    reply.setCookie(name, token, { ...cookieOptions(deps.secure), maxAge: BROWSER_COOKIE_MAX_AGE_S });
  }
  // The browser remembered and, when it is new to the account, the owner's notification (and its e-mail): one
  // transaction.
  await inTransaction(deps.db, async (tx) => {
    const added = await tx.insert(knownBrowsers).values({ userId, browserHash: sha256(token), createdAt: deps.clock() }).onConflictDoNothing().returning({ userId: knownBrowsers.userId });
    if (added.length === 0 || opts.quiet) return;
    // The account's first remembered browser (an account older than this feature) is not "new" to anyone.
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(knownBrowsers).where(eq(knownBrowsers.userId, userId));
    if (n <= 1) return;
    await notify(tx, { userId, kind: 'new_sign_in', params: { userAgent: agentOf(req), ip: req.ip } });
  });
}
