import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull().unique(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['USER', 'ADMIN', 'SADMIN'] }).notNull().default('USER'),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    /** API messages, e-mails and notifications in this language (migration 0016). */
    language: text('language', { enum: ['en', 'ar'] }).notNull().default('en'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('USER','ADMIN','SADMIN')`),
    check('users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('users_language_check', sql`${t.language} in ('en','ar')`),
    index('users_created_idx').on(t.createdAt),
    index('users_referred_by_idx').on(t.referredBy),
    // The admin users table: live users, admins first (SADMIN, ADMIN, USER), newest first. Migration 0005 adds
    // INCLUDE (role) by hand (an expression index serves an index-only scan only with its columns in it).
    index('users_admin_list_idx')
      .on(sql`(case ${t.role} when 'SADMIN' then 0 when 'ADMIN' then 1 else 2 end)`, t.createdAt.desc(), t.id)
      .where(sql`${t.deletedAt} is null`),
    // The few admins (the user desk's admin count) and the subscribers (the dashboard), counted without a scan.
    index('users_admins_idx').on(t.id).where(sql`${t.deletedAt} is null and ${t.role} <> 'USER'`),
    index('users_subscribers_idx').on(t.id).where(sql`${t.deletedAt} is null and ${t.subscribedAt} is not null`),
    // The user desk's search (ILIKE '%text%' on name or e-mail) and the admin lists' e-mail filter: trigram
    // indexes (pg_trgm, created by the same migration) instead of reading every user.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`${t.fullName} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the cookie token: a database read never yields a usable cookie.
    tokenHash: text('token_hash').primaryKey(),
    /** What the sessions list shows and ends a session by (migration 0012): the hash is never sent. */
    id: uuid('id').notNull().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Sudo mode (migration 0017, decision 017): when this session last re-entered its password (and code). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  // expires/last-seen: housekeeping's pruning (migration 0007).
  (t) => [uniqueIndex('sessions_id_idx').on(t.id), index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt), index('sessions_last_seen_idx').on(t.lastSeenAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

/** One row per failed attempt (login or reset request), counted over a sliding window; shared by all instances. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttle_bucket_at_idx').on(t.bucket, t.at)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: text('before'),
    after: text('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Each ends with id, the list's tie-break (created_at desc, id desc), so a page is an index-only scan.
    index('audit_created_idx').on(t.createdAt, t.id),
    index('audit_actor_idx').on(t.actorId, t.createdAt, t.id),
    index('audit_action_idx').on(t.action, t.createdAt, t.id),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: text('response'),
    /** The first run checked a second-factor code (only then may a replay of it skip one). */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/**
 * Counts kept by statement-level triggers (migrations 0005, 0023, and 0027 for the dashboard's pending deposits and
 * withdrawals and their sums in cents; read them with `rowCount()` / `rowSum()` from db/row-counts.ts): a count is
 * the sum of its rows, one row per shard (the writer's backend pid mod 16).
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    name: text('name').notNull(),
    shard: integer('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'row_counts_name_shard_pk', columns: [t.name, t.shard] })],
);
