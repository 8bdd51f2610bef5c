import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Deposits confirmed on the Tron chain (migration 0011, decision 013): read and written by
 * modules/chain-deposits. Declared here so db/schema describes every table the migrations make (decision 019,
 * test/schema-drift.test.ts); the migration is the source of truth for the checks.
 */

/**
 * A user's payment request. `payAmountCents` is the amount plus 0.00 … 0.99, chosen so that no two requests whose
 * windows [createdAt, expiresAt] overlap share a pay amount. status: awaiting | confirming | credited ("expired" is
 * worked out when read).
 */
export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    payAmountCents: bigint('pay_amount_cents', { mode: 'number' }).notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: ['awaiting', 'confirming', 'credited'] }).notNull().default('awaiting'),
    transferId: bigint('transfer_id', { mode: 'number' }),
    creditedCents: bigint('credited_cents', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    check('deposit_requests_amount_positive', sql`${t.amountCents} > 0`),
    check('deposit_requests_pay_amount', sql`${t.payAmountCents} >= ${t.amountCents} and ${t.payAmountCents} < ${t.amountCents} + 100`),
    check('deposit_requests_status', sql`${t.status} in ('awaiting', 'confirming', 'credited')`),
    check('deposit_requests_window', sql`${t.expiresAt} > ${t.createdAt}`),
    index('deposit_requests_pay_idx').on(t.payAmountCents, t.expiresAt),
    index('deposit_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Every USDT transfer to the deposit address seen on the chain, once (by transaction id and position among the
 * transaction's transfers to the address). status: new | credited | unmatched | dismissed. `value` is the token's
 * raw integer amount (numeric(78, 0): any uint256), read as a string.
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txId: text('tx_id').notNull(),
    position: integer('position').notNull(),
    token: text('token').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    value: numeric('value', { precision: 78, scale: 0 }).notNull(),
    blockTime: timestamp('block_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['new', 'credited', 'unmatched', 'dismissed'] }).notNull().default('new'),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id),
    requestId: uuid('request_id').references(() => depositRequests.id),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The solidified receipt: null not checked yet, true confirms the transfer, false refuses it (never credited). */
    verified: boolean('verified'),
    /** Where it was seen: the shared address's listing, or the contract's events (a user's own address). */
    source: text('source', { enum: ['listing', 'events'] }).notNull().default('listing'),
  },
  (t) => [
    unique('chain_transfers_tx_position').on(t.txId, t.position),
    check('chain_transfers_status', sql`${t.status} in ('new', 'credited', 'unmatched', 'dismissed')`),
    check('chain_transfers_tx_hash', sql`${t.txId} ~ '^[0-9a-f]{64}$'`),
    index('chain_transfers_open_idx').on(t.status, t.id).where(sql`${t.status} in ('new', 'unmatched')`),
    check('chain_transfers_source', sql`${t.source} in ('listing', 'events')`),
    index('chain_transfers_to_address_idx').on(t.toAddress, t.blockTime).where(sql`${t.source} = 'events'`),
    index('chain_transfers_unverified_idx').on(t.id).where(sql`${t.verified} is null and ${t.status} in ('new', 'unmatched')`),
  ],
);

/** Who pasted which transaction id (shown to admins beside an unmatched transfer; never credits anyone by itself). */
export const depositClaims = pgTable(
  'deposit_claims',
  {
    txId: text('tx_id').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'deposit_claims_pkey', columns: [t.txId, t.userId] })],
);

/** The poller's cursor and health: one row (id 1, inserted by the migration). */
export const chainPoller = pgTable(
  'chain_poller',
  {
    id: integer('id').primaryKey().default(1),
    cursorMs: bigint('cursor_ms', { mode: 'number' }),
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
    lastError: text('last_error'),
    retryAfter: timestamp('retry_after', { withTimezone: true }),
    /** The contract-events watcher's cursor (per-user addresses): block time, the page's fingerprint, the highest seen. */
    eventsMinMs: bigint('events_min_ms', { mode: 'number' }),
    eventsFingerprint: text('events_fingerprint'),
    eventsHighMs: bigint('events_high_ms', { mode: 'number' }),
    /** The operator's last sweep of the deposit addresses (the admin page totals what came in since). */
    sweepMarkAt: timestamp('sweep_mark_at', { withTimezone: true }),
  },
  (t) => [check('chain_poller_one_row', sql`${t.id} = 1`)],
);
