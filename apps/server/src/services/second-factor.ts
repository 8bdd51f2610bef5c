// The second factor (docs/product.md#security-rules): a code from the user's authenticator app (TOTP, RFC 6238: 6 digits, 30 s, ±1 period
// of drift) or a single-use recovery code. A code is accepted once: the step it belongs to is stored and a code of
// that step or an earlier one is refused, under a lock on the user's row, so two requests racing with one code
// cannot both pass. Money leaving the account (withdrawal, transfer), disabling 2FA and changing the password need a
// current code when 2FA is on; wrong codes count as failed logins of the account (plugins/throttle.ts).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { FastifyRequest } from 'fastify';
import { SECURITY_MSG, TOTP_DIGITS, TOTP_PERIOD_S, RECOVERY_CODE_COUNT } from '@app/contract';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys, recoveryCodes, userTotp } from '../db/schema/index.js';
import type { Clock } from '../clock.js';
import { badRequest } from '../errors.js';
import { takeAttempt, throttleBuckets } from './throttle.js';
import { IDEMPOTENCY_KEEP_MS, requestIdentity } from './idempotency.js';
import { inTransaction } from '../db/transaction.js';

export const ISSUER = 'USDT Points';

export function totpFor(secretBase32: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secretBase32) });
}

/** A new 160-bit secret (RFC 4226's recommended size), base32. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

export const otpauthUrl = (secretBase32: string, email: string) => totpFor(secretBase32, email).toString();

/** The time step a code belongs to when it is valid now (±1 step), else null. */
export function matchingStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: nowMs, window: 1 });
  return delta === null ? null : Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
}

export const hashRecoveryCode = (code: string) => createHash('sha256').update(code.replace(/[\s-]+/g, '').toLowerCase()).digest('hex');

/** 10 codes of 12 base32 characters (60 random bits), shown as xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

export async function twoFactorEnabled(db: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  const rows = await db
    .select({ on: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`));
  return rows.length > 0;
}

export interface Factor {
  code?: string;
  recoveryCode?: string;
}

/**
 * Spends a second factor of a user with 2FA on, inside the caller's transaction: true when the code is valid now
 * and newer than the last one accepted (then it is the last one accepted), or the recovery code is unused (then it
 * is used). The user's TOTP row is locked first, so concurrent uses of one code queue and only the first passes.
 */
export async function spendFactor(tx: Tx, userId: string, now: Date, factor: Factor): Promise<boolean> {
  const [row] = await tx
    .select({ secret: userTotp.secret, lastStep: userTotp.lastStep })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), sql`${userTotp.enabledAt} is not null`))
    .for('update');
  if (!row) return false;
  if (factor.code !== undefined) {
    const step = matchingStep(row.secret, factor.code, now.getTime());
    if (step === null || (row.lastStep !== null && step <= row.lastStep)) return false;
    await tx.update(userTotp).set({ lastStep: step }).where(eq(userTotp.userId, userId));
    return true;
  }
  if (factor.recoveryCode !== undefined) {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(factor.recoveryCode)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }
  return false;
}

/**
 * Checks a factor for a signed-in user with 2FA on, throttled like a password: each attempt counts as a failed
 * login of the account from this address until it proves right. Throws 400 with the message for a bad factor.
 */
export async function confirmFactor(db: Db, clock: Clock, me: { id: string; email: string }, ip: string, factor: Factor) {
  if (factor.code === undefined && factor.recoveryCode === undefined) throw badRequest(SECURITY_MSG.codeRequired);
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', me.email, ip));
  const ok = await inTransaction(db, (tx) => spendFactor(tx, me.id, clock(), factor));
  if (!ok) throw badRequest(factor.code !== undefined ? SECURITY_MSG.codeInvalid : SECURITY_MSG.recoveryInvalid);
  await attempt.release();
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The `code` field of the raw body, kept before the route's schema drops unknown fields. */
    confirmationCode?: unknown;
  }
}

/**
 * Route hooks for an action that needs a current code when 2FA is on (withdrawal, transfer, password change):
 * `{ ...needsCodeWhen2fa }` in the route's options. A code may be skipped only by the exact replay of a keyed
 * request whose first run checked one: the same user, key, route, URL and body (the stored request hash), a stored
 * answer, and the key's `second_factor` mark. A key completed on another route, with another body, or before 2FA was
 * on stands in for nothing (the third outside attack skipped the password change's code with a deposit claim's key).
 * Only a key at least an hour away from being pruned counts, so housekeeping cannot delete it between this check
 * and the operation (which would then run as a new request without a code).
 */
export const needsCodeWhen2fa = {
  preValidation: async (req: FastifyRequest) => {
    const body = req.body as { code?: unknown } | null | undefined;
    req.confirmationCode = body !== null && typeof body === 'object' ? body.code : undefined;
  },
  preHandler: async (req: FastifyRequest) => {
    const me = req.user;
    const { db, clock } = req.server.deps;
    // Read with the session (plugins/session.ts): no query of its own on the money path.
    if (!me || !me.twoFactor) return;
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'].trim() : '';
    if (key) {
      const { route, requestHash } = requestIdentity(req);
      const [done] = await db
        .select({ status: idempotencyKeys.statusCode })
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, me.id),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.route, route),
            eq(idempotencyKeys.requestHash, requestHash),
            eq(idempotencyKeys.secondFactor, true),
            sql`${idempotencyKeys.statusCode} is not null`,
            gt(idempotencyKeys.createdAt, new Date(clock().getTime() - IDEMPOTENCY_KEEP_MS + 60 * 60 * 1000)),
          ),
        );
      if (done) {
        // The replay answers what the first run answered, and that run checked a code.
        req.secondFactorChecked = true;
        return;
      }
    }
    const raw = req.confirmationCode;
    const code = typeof raw === 'number' ? String(raw).padStart(TOTP_DIGITS, '0') : typeof raw === 'string' ? raw.replace(/\s+/g, '') : '';
    if (code === '') throw badRequest(SECURITY_MSG.codeRequired);
    if (!/^\d{6}$/.test(code)) throw badRequest(SECURITY_MSG.codeInvalid);
    await confirmFactor(db, clock, me, req.ip, { code });
    req.secondFactorChecked = true;
  },
};
