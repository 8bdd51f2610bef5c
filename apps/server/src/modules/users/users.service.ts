// Accounts: sign-up, login, profile, passwords and resets (docs/product.md#api-conventions, #security-rules, #referrals).
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MSG, normaliseEmail, type Language, type PublicUser } from '@app/contract';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, loginChallenges, passkeys, passwordResets, sessions, users } from '../../db/schema/index.js';
import type { Clock } from '../../clock.js';
import { AppError, PG, badRequest, conflict, forbidden, notFound, pgCode, unauthorized } from '../../errors.js';
import { openUserAccount } from '../../ledger/accounts.js';
import { revokeUserSessions } from '../../plugins/session.js';
import { RESET_MAILS_PER_ACCOUNT, RESET_MAIL_WINDOW_MS, clearLoginFailures, takeAttempt, throttleBuckets } from '../../services/throttle.js';
import type { Mailer } from '../../mail/mailer.js';
import { resetPasswordEmail } from './reset-email.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { publicUserColumns, toPublicUser } from '../../services/public-user.js';
import { notify } from '../notifications/notify.js';
import { inTransaction } from '../../db/transaction.js';

export const RESET_TTL_MS = 30 * 60 * 1000;
export const LOGIN_FAILED = 'Invalid email or password';
export const RESET_SENT = 'If an account exists for this e-mail, a reset link has been sent to it.';
export const RESET_INVALID = 'This reset link is invalid or has expired.';
export const NOT_YOUR_PROFILE = 'You can only update your own profile';

// GET /user/me gets the public user from its session lookup (plugins/session.ts); the other routes run this,
// built once per database handle and sent as a named prepared statement (no query building in Node, no
// parse/plan in PostgreSQL per request).
const publicUserQueries = new WeakMap<Db, ReturnType<typeof preparePublicUser>>();
function preparePublicUser(db: Db) {
  return db
    .select(publicUserColumns)
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    // No LIMIT: users.id is the primary key, and a `LIMIT $n` would keep PostgreSQL re-planning (see session.ts).
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .prepare('public_user');
}

export async function loadPublicUser(db: Db, id: string): Promise<PublicUser> {
  let query = publicUserQueries.get(db);
  if (!query) publicUserQueries.set(db, (query = preparePublicUser(db)));
  const rows = await query.execute({ id });
  const u = rows[0];
  if (!u) throw notFound('User not found');
  return toPublicUser(u);
}

function referralBase(email: string): string {
  const local = email.split('@')[0].toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 30);
  return local || 'user';
}

/** The part of the e-mail before @, made unique with a number if taken (docs/product.md#referrals). */
async function freeReferralCode(db: Db, email: string): Promise<string> {
  const base = referralBase(email);
  const rows = await db
    .select({ code: users.referralCode })
    .from(users)
    .where(sql`${users.referralCode} ~ ${`^${base.replace(/[.]/g, '\\.')}[0-9]*$`}`);
  const taken = new Set(rows.map((r) => r.code));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

async function findReferrer(db: Db, refer: string | undefined): Promise<string | null> {
  const value = refer?.trim().toLowerCase();
  if (!value) return null;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.deletedAt), value.includes('@') ? eq(users.email, value) : eq(users.referralCode, value)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export async function createUser(
  db: Db,
  input: { fullName: string; email: string; phone: string; password: string; refer?: string; role?: 'USER' | 'SADMIN'; language?: Language },
): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const referredBy = await findReferrer(db, input.refer);
  for (let attempt = 0; attempt < 5; attempt++) {
    const referralCode = attempt < 3 ? await freeReferralCode(db, input.email) : `${referralBase(input.email)}${randomBytes(3).toString('hex')}`;
    try {
      return await inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            fullName: input.fullName,
            email: input.email,
            phone: input.phone,
            passwordHash,
            role: input.role ?? 'USER',
            referralCode,
            referredBy,
            language: input.language ?? 'en',
          })
          .returning({ id: users.id });
        await openUserAccount(tx, row.id);
        return row.id;
      });
    } catch (e) {
      const detail = String((e as { constraint?: string; cause?: { constraint?: string } })?.cause?.constraint ?? (e as { constraint?: string }).constraint ?? '');
      if (pgCode(e) === PG.uniqueViolation && detail.includes('email')) throw conflict(ACCOUNT_MSG.emailTaken);
      if (pgCode(e) === PG.uniqueViolation) continue; // referral code taken in a race: pick again
      throw e;
    }
  }
  throw new AppError(503, 'Please try again');
}

export async function login(db: Db, clock: Clock, email: string, password: string, ip: string): Promise<string> {
  // Counted as a failure until the password proves right (so concurrent guesses cannot slip past the limit).
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', email, ip));
  const rows = await db
    .select({ id: users.id, hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  const ok = await verifyPassword(rows[0]?.hash, password);
  if (!ok || !rows[0]) throw unauthorized(LOGIN_FAILED);
  await attempt.release();
  return rows[0].id;
}

export async function updateProfile(db: Db, actorId: string, targetId: string, patch: { fullName?: string; phone?: string }) {
  if (actorId !== targetId) throw forbidden(NOT_YOUR_PROFILE);
  const values: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (patch.fullName !== undefined) values.fullName = patch.fullName;
  if (patch.phone !== undefined) values.phone = patch.phone;
  await db.update(users).set(values).where(and(eq(users.id, targetId), isNull(users.deletedAt)));
}

/** Saves the user's language (users.language, migration 0016). */
export async function updateLanguage(db: Db, userId: string, language: Language) {
  await db.update(users).set({ language, updatedAt: new Date() }).where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/**
 * A wrong old password is a password guess made with a session: it counts in the same throttle buckets as a
 * failed login of that account and IP (10 per account, 100 per IP, 15 min), so a stolen session cannot be used
 * to guess the password faster than the login form allows.
 */
export async function changePassword(
  db: Db,
  clock: Clock,
  me: { id: string; email: string; sessionHash: string },
  ip: string,
  oldPassword: string,
  newPassword: string,
) {
  const userId = me.id;
  const attempt = await takeAttempt(db, clock, throttleBuckets('login', me.email, ip));
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(row.hash, oldPassword))) throw badRequest(ACCOUNT_MSG.oldPasswordWrong);
  await attempt.release();
  const sessionHash = me.sessionHash;
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(db, async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await revokeUserSessions(tx, userId, sessionHash);
    await notify(tx, { userId, kind: 'password_changed', params: {} });
  });
}

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * Reset requests (docs/product.md#security-rules) are limited per e-mail *and client address* (10 in 15 min → 429 for that
 * pair) and per address (100), never per account alone, so an attacker's requests cannot refuse the owner's.
 * What an account is protected by instead is a cap on e-mails: RESET_MAILS_PER_ACCOUNT links per
 * RESET_MAIL_WINDOW_MS; past it the request answers as always, no link is made, and the newest link already
 * sent keeps working (the window is shorter than a link's life). A new link voids the earlier ones.
 */
export async function requestReset(
  deps: { db: Db; clock: Clock; mailer: Mailer; appUrl: string; log: (m: string) => void },
  email: string,
  ip: string,
) {
  const { db, clock } = deps;
  // Every reset request counts, whether or not the e-mail has an account.
  await takeAttempt(db, clock, throttleBuckets('reset', email, ip));
  const token = randomBytes(32).toString('base64url');
  const now = clock();
  const user = await inTransaction(db, async (tx) => {
    // The user's row first (the same order as resetPassword), so concurrent requests for one account queue here
    // and the cap below is exact.
    const [found] = await tx
      .select({ id: users.id, fullName: users.fullName, language: users.language })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt)))
      .for('no key update');
    if (!found) return null;
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, found.id), gt(passwordResets.createdAt, new Date(now.getTime() - RESET_MAIL_WINDOW_MS))));
    if (recent.n >= RESET_MAILS_PER_ACCOUNT) return null;
    // A new link voids every earlier one (they stay as used rows until housekeeping prunes them).
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, found.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      tokenHash: sha256(token),
      userId: found.id,
      expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      createdAt: now,
    });
    // The e-mail lists the account's passkeys: a passkey signs in without a password, so a reset alone
    // would not lock out someone who planted one; the owner sees it and removes it on the security page.
    const keys = await tx
      .select({ name: passkeys.name, createdAt: passkeys.createdAt })
      .from(passkeys)
      .where(eq(passkeys.userId, found.id))
      .orderBy(passkeys.createdAt, passkeys.id);
    return { ...found, passkeys: keys };
  });
  if (!user) return;
  const link = `${deps.appUrl.replace(/\/$/, '')}/user/profile/reset-password/${token}`;
  // Sent in the background: the answer must not take longer when the e-mail exists.
  void deps.mailer
    // In the account's language (mail/reset-email.ts).
    .send(resetPasswordEmail({ to: email, fullName: user.fullName, link, lang: user.language, passkeys: user.passkeys, appUrl: deps.appUrl.replace(/\/$/, '') }))
    // Neither the address nor the link goes into the log (item 9).
    .catch((e) => deps.log(`a reset mail could not be sent: ${e instanceof Error ? e.name : 'error'}`));
}

/**
 * Sets a new password with a reset link. Locks in a fixed order (the user's row, then the reset rows), so two
 * links of one user used at once cannot deadlock: the second waits, then finds its link voided → 400. A
 * deadlock or serialization failure (with some other writer) is retried.
 */
/** Returns the owner's e-mail; the owner is told by a notification (and its e-mail), written in the same transaction. */
export async function resetPassword(db: Db, clock: Clock, token: string, password: string): Promise<string> {
  if (token.length > 100) throw badRequest(RESET_INVALID);
  const tokenHash = sha256(token);
  const liveReset = () => and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, clock()));
  // A token that names no live reset is refused before the (deliberately slow) password hash: an anonymous
  // caller cannot make the server spend an argon2 hash per made-up token. The transaction below re-checks it.
  const [live] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(liveReset()).limit(1);
  if (!live) throw badRequest(RESET_INVALID);
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
    const [owner] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, live.userId), isNull(users.deletedAt)))
      .for('no key update');
    if (!owner) throw badRequest(RESET_INVALID);
    // Single use: only the request that flips used_at wins; using a link voids the user's other links too.
    const [reset] = await tx.update(passwordResets).set({ usedAt: clock() }).where(liveReset()).returning({ userId: passwordResets.userId });
    if (!reset || reset.userId !== owner.id) throw badRequest(RESET_INVALID);
    await tx.update(passwordResets).set({ usedAt: clock() }).where(and(eq(passwordResets.userId, owner.id), isNull(passwordResets.usedAt)));
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, owner.id));
    await revokeUserSessions(tx, owner.id);
    // …and every sign-in in progress (a password step passed with the old password, waiting for its code).
    await tx.delete(loginChallenges).where(eq(loginChallenges.userId, owner.id));
    // The owner proved control of the mailbox: earlier failed logins (anyone's) no longer hold the account back.
    await clearLoginFailures(tx, owner.email);
    await notify(tx, { userId: owner.id, kind: 'password_reset', params: {} });
    return owner.email;
  });
}

export async function endSession(db: Db, sessionHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, sessionHash));
}

/** First start: make sure a SADMIN exists (docs/product.md#running). Returns the generated password when one was made up. */
export async function ensureSuperAdmin(db: Db, email: string, password: string): Promise<{ email: string; generated?: string } | null> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.role, 'SADMIN')).limit(1);
  if (existing.length > 0) return null;
  const adminEmail = normaliseEmail(email || 'admin@example.com');
  const generated = password ? undefined : randomBytes(12).toString('base64url');
  try {
    await createUser(db, { fullName: 'Super Admin', email: adminEmail, phone: '-', password: password || generated!, role: 'SADMIN' });
  } catch (e) {
    if (e instanceof AppError && e.statusCode === 409) {
      // The e-mail belongs to an existing account (or another instance just made it): promote it.
      await db.update(users).set({ role: 'SADMIN' }).where(eq(users.email, adminEmail));
      return { email: adminEmail };
    }
    throw e;
  }
  return { email: adminEmail, generated };
}
