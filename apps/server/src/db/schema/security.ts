import { bigint, bigserial, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Account security (migration 0012): read and written by modules/security only. */

/** A user's authenticator app: the TOTP secret, on once `enabledAt` is set; `lastStep` refuses a replayed code. */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id').primaryKey().references(() => users.id),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as SHA-256 hashes (each has 60 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A sign-in in progress, named by a random token in an HttpOnly cookie (stored hashed): after the password step of
 * an account with two-factor sign-in (userId set), or a passwordless passkey sign-in (userId null). `challenge` is
 * the WebAuthn challenge last issued for it.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').references(() => users.id),
    challenge: text('challenge'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_challenges_expires_idx').on(t.expiresAt)],
);

/** The WebAuthn challenge of a passkey being registered by a signed-in user (one at a time). */
export const passkeyRegistrations = pgTable('passkey_registrations', {
  userId: uuid('user_id').primaryKey().references(() => users.id),
  challenge: text('challenge').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    /** base64url credential id, unique across all users. */
    credentialId: text('credential_id').notNull().unique('passkeys_credential_id_key'),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/** Sign-in attempts of an account (the newest SIGN_IN_ROWS_KEPT are kept per user). */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull(),
    success: boolean('success').notNull(),
  },
  (t) => [index('sign_in_attempts_user_idx').on(t.userId, t.id)],
);

/** Browsers an account has signed in from (SHA-256 of a long-lived cookie): a new one is told by e-mail. */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    browserHash: text('browser_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // Named as PostgreSQL named the migration's PRIMARY KEY (0012).
  (t) => [primaryKey({ name: 'known_browsers_pkey', columns: [t.userId, t.browserHash] })],
);
