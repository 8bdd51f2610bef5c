// Account security (docs/product.md#security-rules): turning the authenticator app on and off, the second step of a sign-in, passkeys,
// sessions and the sign-in history. The factor checks themselves live in security/second-factor.ts.
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { LOGIN_CHALLENGE_TTL_MS, LOGIN_HISTORY_SIZE, SECURITY_MSG, type LoginHistoryEntry, type PasskeyRecord, type SessionRecord } from '@app/contract';
import type { Db } from '../../db/client.js';
import { loginChallenges, passkeyRegistrations, passkeys, recoveryCodes, sessions, signInAttempts, userTotp, users } from '../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound, unauthorized } from '../../errors.js';
import { revokeUserSessions } from '../../plugins/session.js';
import { takeAttempt, throttleBuckets } from '../../services/throttle.js';
import { ISSUER, hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret, otpauthUrl, spendFactor, type Factor } from '../../services/second-factor.js';
import { notify } from '../notifications/notify.js';
import { inTransaction } from '../../db/transaction.js';

interface Me {
  id: string;
  email: string;
  sessionHash: string;
}

// --- Authenticator app ---------------------------------------------------------------------------------------

/** A new secret, waiting for its first code (a setup started again replaces the waiting one). */
export async function startTotpSetup(db: Db, me: Me) {
  const secret = newTotpSecret();
  const done = await db
    .insert(userTotp)
    .values({ userId: me.id, secret })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, lastStep: null, createdAt: sql`now()` }, setWhere: isNull(userTotp.enabledAt) })
    .returning({ userId: userTotp.userId });
  if (done.length === 0) throw conflict(SECURITY_MSG.alreadyOn);
  return { secret, otpauthUrl: otpauthUrl(secret, me.email) };
}

/** The first code proves the app has the secret: 2FA goes on, with 10 new recovery codes (returned once). */
export async function enableTotp(db: Db, clock: Clock, me: Me, ip: string, code: string): Promise<string[]> {
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', me.email, ip));
  const codes = newRecoveryCodes();
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(userTotp).where(eq(userTotp.userId, me.id)).for('update');
    if (row?.enabledAt) throw conflict(SECURITY_MSG.alreadyOn);
    if (!row) throw badRequest(SECURITY_MSG.setupFirst);
    const step = matchingStep(row.secret, code, clock().getTime());
    if (step === null) throw badRequest(SECURITY_MSG.codeInvalid);
    await tx.update(userTotp).set({ enabledAt: clock(), lastStep: step }).where(eq(userTotp.userId, me.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId: me.id, codeHash: hashRecoveryCode(c) })));
    await notify(tx, { userId: me.id, kind: 'two_factor_enabled', params: {} });
  });
  await attempt.release();
  return codes;
}

/** Off, with a current code or a recovery code (throttled like a password). */
export async function disableTotp(db: Db, clock: Clock, me: Me, ip: string, factor: Factor) {
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', me.email, ip));
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, me.id));
    if (!row?.enabledAt) throw conflict(SECURITY_MSG.notOn);
    if (!(await spendFactor(tx, me.id, clock(), factor))) {
      throw badRequest(factor.code !== undefined ? SECURITY_MSG.codeInvalid : SECURITY_MSG.recoveryInvalid);
    }
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, me.id));
    await tx.delete(userTotp).where(eq(userTotp.userId, me.id));
    await notify(tx, { userId: me.id, kind: 'two_factor_disabled', params: {} });
  });
  await attempt.release();
}

// --- The second step of a sign-in -----------------------------------------------------------------------------

const liveChallenge = (hash: string, now: Date) => and(eq(loginChallenges.tokenHash, hash), gt(loginChallenges.expiresAt, now));

/**
 * Finishes a sign-in whose password step passed, with a code or a recovery code: returns the user's id. The sign-in
 * in progress is locked and deleted by the request that succeeds, and the code is spent under the user's lock, so
 * two requests racing with one valid code make one session at most. Failures count as failed logins (throttled).
 */
export async function finishSecondStep(db: Db, clock: Clock, challengeHash: string | null, ip: string, factor: Factor): Promise<string> {
  if (!challengeHash) throw unauthorized(SECURITY_MSG.challengeExpired);
  const [pending] = await db
    .select({ userId: loginChallenges.userId, email: users.email })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(liveChallenge(challengeHash, clock()));
  if (!pending?.userId) throw unauthorized(SECURITY_MSG.challengeExpired);
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', pending.email, ip));
  const userId = await inTransaction(db, async (tx) => {
    const [row] = await tx.select({ userId: loginChallenges.userId }).from(loginChallenges).where(liveChallenge(challengeHash, clock())).for('update');
    if (!row?.userId) throw unauthorized(SECURITY_MSG.challengeExpired);
    if (!(await spendFactor(tx, row.userId, clock(), factor))) return null;
    await tx.delete(loginChallenges).where(eq(loginChallenges.tokenHash, challengeHash));
    return row.userId;
  });
  if (!userId) throw unauthorized(factor.code !== undefined ? SECURITY_MSG.codeInvalid : SECURITY_MSG.recoveryInvalid);
  await attempt.release();
  return userId;
}

export async function pendingUserOf(db: Db, clock: Clock, challengeHash: string | null): Promise<string | null> {
  if (!challengeHash) return null;
  const [row] = await db.select({ userId: loginChallenges.userId }).from(loginChallenges).where(liveChallenge(challengeHash, clock()));
  return row?.userId ?? null;
}

// --- Passkeys -------------------------------------------------------------------------------------------------

/** Where passkeys belong: APP_URL's host (the relying party) and origin. */
export interface RelyingParty {
  id: string;
  origin: string;
}
export const relyingPartyOf = (appUrl: string): RelyingParty => {
  const u = new URL(appUrl);
  return { id: u.hostname, origin: u.origin };
};

const transportsOf = (t: string) => (t ? t.split(',') : undefined) as ('usb' | 'internal')[] | undefined;

export async function passkeyRegistrationOptions(db: Db, clock: Clock, me: Me, rp: RelyingParty) {
  const mine = await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, me.id));
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID: rp.id,
    userName: me.email,
    userID: new TextEncoder().encode(me.id),
    attestationType: 'none',
    excludeCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const expiresAt = new Date(clock().getTime() + LOGIN_CHALLENGE_TTL_MS);
  await db
    .insert(passkeyRegistrations)
    .values({ userId: me.id, challenge: options.challenge, expiresAt })
    .onConflictDoUpdate({ target: passkeyRegistrations.userId, set: { challenge: options.challenge, expiresAt } });
  return options;
}

export async function registerPasskey(db: Db, clock: Clock, me: Me, rp: RelyingParty, name: string, response: unknown): Promise<PasskeyRecord> {
  const [pending] = await db
    .delete(passkeyRegistrations)
    .where(and(eq(passkeyRegistrations.userId, me.id), gt(passkeyRegistrations.expiresAt, clock())))
    .returning({ challenge: passkeyRegistrations.challenge });
  if (!pending) throw badRequest(SECURITY_MSG.passkeyFailed);
  const result = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw badRequest(SECURITY_MSG.passkeyFailed);
  const { credential } = result.registrationInfo;
  const row = await inTransaction(db, async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        userId: me.id,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) throw conflict('This passkey is already registered');
    await notify(tx, { userId: me.id, kind: 'passkey_added', params: { name: added.name } });
    return added;
  });
  return toPasskeyRecord(row);
}

const toPasskeyRecord = (p: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyRecord => ({
  _id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRecord[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.createdAt, passkeys.id);
  return rows.map(toPasskeyRecord);
}

export async function renamePasskey(db: Db, userId: string, id: string, name: string) {
  const done = await db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  if (done.length === 0) throw notFound(SECURITY_MSG.passkeyNotFound);
}

export async function removePasskey(db: Db, userId: string, id: string): Promise<string> {
  return inTransaction(db, async (tx) => {
    const [done] = await tx.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ name: passkeys.name });
    if (!done) throw notFound(SECURITY_MSG.passkeyNotFound);
    await notify(tx, { userId, kind: 'passkey_removed', params: { name: done.name } });
    return done.name;
  });
}

/**
 * Options for signing in with a passkey. During the second step of a sign-in (`pendingUserId`), only that user's
 * passkeys are offered; otherwise any passkey of this site (a discoverable credential: no password at all).
 */
export async function passkeySignInOptions(db: Db, rp: RelyingParty, pendingUserId: string | null) {
  const mine = pendingUserId
    ? await db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, pendingUserId))
    : [];
  if (pendingUserId && mine.length === 0) throw badRequest('This account has no passkey');
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: pendingUserId ? 'preferred' : 'required',
    allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
  });
}

export async function setChallenge(db: Db, challengeHash: string, challenge: string) {
  await db.update(loginChallenges).set({ challenge }).where(eq(loginChallenges.tokenHash, challengeHash));
}

/**
 * Verifies a passkey assertion for the sign-in in progress: returns the user's id. A passwordless sign-in needs
 * user verification (the authenticator's PIN or biometrics: two factors in one); a second step needs the passkey
 * to belong to the account whose password was given. Single use, like the code step.
 */
export async function finishPasskeySignIn(db: Db, clock: Clock, rp: RelyingParty, challengeHash: string | null, response: unknown): Promise<string> {
  const fail = () => unauthorized(SECURITY_MSG.passkeyFailed);
  if (!challengeHash) throw unauthorized(SECURITY_MSG.challengeExpired);
  const credentialId = typeof (response as { id?: unknown }).id === 'string' ? (response as { id: string }).id : '';
  return inTransaction(db, async (tx) => {
    const [pending] = await tx.select().from(loginChallenges).where(liveChallenge(challengeHash, clock())).for('update');
    if (!pending?.challenge) throw unauthorized(SECURITY_MSG.challengeExpired);
    const [key] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).for('update');
    if (!key || (pending.userId !== null && key.userId !== pending.userId)) throw fail();
    const result = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: pending.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: transportsOf(key.transports) },
      requireUserVerification: pending.userId === null,
    }).catch(() => null);
    if (!result?.verified) throw fail();
    const [live] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, key.userId), isNull(users.deletedAt)));
    if (!live) throw fail();
    await tx.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: clock() }).where(eq(passkeys.id, key.id));
    await tx.delete(loginChallenges).where(eq(loginChallenges.tokenHash, challengeHash));
    return key.userId;
  });
}

// --- Sessions and history -------------------------------------------------------------------------------------

export async function listSessions(db: Db, me: Me): Promise<SessionRecord[]> {
  const rows = await db.select().from(sessions).where(eq(sessions.userId, me.id)).orderBy(desc(sessions.lastSeenAt));
  return rows.map((s) => ({
    _id: s.id,
    current: s.tokenHash === me.sessionHash,
    userAgent: s.userAgent ?? '',
    ip: s.ip ?? '',
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
  }));
}

export async function endSessionById(db: Db, me: Me, id: string) {
  const done = await db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.userId, me.id))).returning({ hash: sessions.tokenHash });
  if (done.length === 0) throw notFound(SECURITY_MSG.sessionNotFound);
  return done[0].hash === me.sessionHash;
}

export const endOtherSessions = (db: Db, me: Me) => revokeUserSessions(db, me.id, me.sessionHash);

export async function loginHistory(db: Db, userId: string): Promise<LoginHistoryEntry[]> {
  const rows = await db.select().from(signInAttempts).where(eq(signInAttempts.userId, userId)).orderBy(desc(signInAttempts.id)).limit(LOGIN_HISTORY_SIZE);
  return rows.map((r) => ({ createdAt: r.createdAt.toISOString(), ip: r.ip, userAgent: r.userAgent, success: r.success }));
}
