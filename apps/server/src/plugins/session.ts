// Sessions: a 256-bit random token in an HttpOnly cookie, stored only as its SHA-256 hash.
// Idle expiry 24 h, absolute 7 days; times come from the injected clock so tests can move them.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language, PublicUser, Role } from '@app/contract';
import type { Db } from '../db/client.js';
import { ledgerAccounts, sessions, users, userTotp } from '../db/schema/index.js';
import { publicUserColumns, toPublicUser } from '../services/public-user.js';
import type { Clock } from '../clock.js';
import { ABSOLUTE_MS, IDLE_MS, TOUCH_EVERY_MS } from '../services/session-lifetime.js';
import { deferSession } from '../http/deferred-session.js';

export const SESSION_COOKIE = 'sid';
/**
 * Under https (secure mode) the cookie is `__Host-sid`: browsers accept it only with Secure, Path=/ and no
 * Domain, so neither a sibling subdomain nor a plain-http page can plant or overwrite it. A session cookie
 * still under the old name keeps working and is moved to the new name on its next request.
 */
export const SECURE_SESSION_COOKIE = '__Host-sid';
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

export interface SessionUser {
  id: string;
  email: string;
  /** users.full_name, as the session was read (what notifications show to others). */
  fullName: string;
  /** Two-factor sign-in is on (user_totp enabled), read by the same lookup: money routes ask for a code then. */
  twoFactor: boolean;
  role: Role;
  subscribed: boolean;
  /** The saved language (users.language): the request's language (i18n.ts). */
  language: Language;
  sessionHash: string;
  /** The public user, read by the same statement on routes with `config: { sessionProfile: true }`. */
  profile?: PublicUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The route answers with the public user (GET /user/me): the session lookup reads it too (one query). */
    sessionProfile?: boolean;
    /** The route reads the session in its own statement (the transfer, decision 030; http/deferred-session.ts). */
    deferSession?: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, clock: Clock, userId: string, req: FastifyRequest, reply: FastifyReply, secure: boolean) {
  const token = randomBytes(32).toString('base64url');
  const now = clock();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? '').slice(0, 256),
  });
  setSessionCookie(reply, token, secure, ABSOLUTE_MS);
  if (secure && req.cookies[SESSION_COOKIE] !== undefined) reply.clearCookie(SESSION_COOKIE, cookieOptions(true));
}

const cookieOptions = (secure: boolean) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure });

function setSessionCookie(reply: FastifyReply, token: string, secure: boolean, maxAgeMs: number) {
  reply.setCookie(sessionCookieName(secure), token, { ...cookieOptions(secure), maxAge: Math.max(1, Math.floor(maxAgeMs / 1000)) });
}

/** Ends sessions of a user: all of them, or all but the one given. */
export async function revokeUserSessions(db: Pick<Db, 'delete'>, userId: string, keepHash?: string) {
  await db
    .delete(sessions)
    .where(keepHash ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepHash)) : eq(sessions.userId, userId));
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), cookieOptions(secure));
  // A cookie still under the old name (before secure mode named it __Host-sid) goes too.
  if (secure) reply.clearCookie(SESSION_COOKIE, cookieOptions(true));
}

/** A session last seen more than TOUCH_EVERY_MS before `now` is seen now (its idle time starts again). */
async function touchSession(db: Db, hash: string, lastSeenAt: Date, now: Date): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, hash));
  }
}

export default fp(
  async (app, opts: { db: Db; clock: Clock; secure?: boolean }) => {
    const { db, clock } = opts;
    const secure = opts.secure === true;
    const cookieName = sessionCookieName(secure);
    app.decorateRequest('user', null);
    // Every authenticated request runs this lookup: built once and sent as a named prepared statement, so
    // neither the ORM (query building) nor PostgreSQL (parse and plan) redoes the work per request. Routes that
    // answer with the public user (GET /user/me) use a second form that also reads it: one query, not two.
    // No LIMIT: token_hash is the primary key, so there is at most one row, and a `LIMIT $n` (drizzle sends the
    // limit as a parameter) makes PostgreSQL keep re-planning the statement instead of using its generic plan.
    const sessionColumns = { lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt };
    const twoFactor = sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.enabledAt} is not null)`.as('two_factor');
    const liveSession = and(eq(sessions.tokenHash, sql.placeholder('hash')), sql`${users.deletedAt} is null`);
    const lookup = db
      .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role, subscribedAt: users.subscribedAt, language: users.language, twoFactor, ...sessionColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(liveSession)
      .prepare('session_lookup');
    const lookupWithProfile = db
      .select({ ...publicUserColumns, twoFactor, ...sessionColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
      .where(liveSession)
      .prepare('session_lookup_profile');
    app.addHook('onRequest', async (req, reply) => {
      let token = req.cookies[cookieName];
      // Secure mode: a session made before the cookie was named __Host-sid still works (and is renamed below).
      const legacy = !token && secure && req.cookies[SESSION_COOKIE] !== undefined;
      if (legacy) token = req.cookies[SESSION_COOKIE];
      if (!token || token.length > 100) return;
      const hash = hashToken(token);
      if (req.routeOptions.config?.deferSession === true && !legacy) {
        deferSession(req, hash, () => lookUp(req, reply, token, hash, legacy));
        return;
      }
      await lookUp(req, reply, token, hash, legacy);
    });
    /** The ordinary lookup: the session and its user, refused when expired or idle too long, touched once a minute. */
    async function lookUp(req: FastifyRequest, reply: FastifyReply, token: string, hash: string, legacy: boolean) {
      const now = clock();
      const withProfile = req.routeOptions.config?.sessionProfile === true;
      const full = withProfile ? (await lookupWithProfile.execute({ hash }))[0] : undefined;
      const row = withProfile ? full : (await lookup.execute({ hash }))[0];
      if (!row) return;
      if (row.expiresAt.getTime() <= now.getTime() || now.getTime() - row.lastSeenAt.getTime() >= IDLE_MS) {
        await db.delete(sessions).where(eq(sessions.tokenHash, hash));
        return;
      }
      await touchSession(db, hash, row.lastSeenAt, now);
      if (legacy) {
        setSessionCookie(reply, token, true, row.expiresAt.getTime() - now.getTime());
        reply.clearCookie(SESSION_COOKIE, cookieOptions(true));
      }
      req.user = { id: row.id, email: row.email, fullName: row.fullName, twoFactor: row.twoFactor, role: row.role, subscribed: row.subscribedAt !== null, language: row.language, sessionHash: hash };
      if (full) req.user.profile = toPublicUser(full);
    }
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);
