import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    transactionId: text('transaction_id').notNull(),
    // Normalised transactionId (trimmed; Tron hashes lower-cased without 0x): one claim per chain transaction.
    transactionKey: text('transaction_key').notNull().unique(),
    deposited: boolean('deposited').notNull().default(false),
    // Bumped on every approve/revert so each state change has its own ledger event key.
    version: integer('version').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('deposits_amount_positive', sql`${t.amountCents} > 0`),
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_created_idx').on(t.createdAt),
    // Pending claims: the admin dashboard's count and sum (amount_cents in the index: an index-only scan), and
    // the admins' to-do list.
    index('deposits_pending_idx').on(t.createdAt, t.amountCents).where(sql`${t.deposited} = false and ${t.hiddenAt} is null`),
    // The admins' list, newest first (read backwards), with and without the status filter: pages come from
    // index-only scans.
    // Migration 0005 adds INCLUDE (amount_cents) by hand: the dashboard's daily sums read the index alone.
    index('deposits_admin_list_idx').on(t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
    index('deposits_admin_status_idx').on(t.deposited, t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paymentId: text('payment_id').notNull(),
    withdrawed: boolean('withdrawed').notNull().default(false),
    version: integer('version').notNull().default(0),
    // Taken when the request was made (income:withdrawal_fees); what is paid out is amount − fee.
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    // A payout address new to the user: not payable before this time (null: not held).
    payableAfter: timestamp('payable_after', { withTimezone: true }),
    // The chain transaction proven to pay it (64 lower-case hex digits); one transaction pays one withdrawal.
    payoutTxId: text('payout_tx_id'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('withdrawals_amount_positive', sql`${t.amountCents} > 0`),
    check('withdrawals_fee_range', sql`${t.feeCents} >= 0 and ${t.feeCents} < ${t.amountCents}`),
    uniqueIndex('withdrawals_payout_tx_idx').on(t.payoutTxId).where(sql`${t.payoutTxId} is not null`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_created_idx').on(t.createdAt),
    index('withdrawals_payment_idx').on(t.paymentId),
    index('withdrawals_pending_idx').on(t.createdAt, t.amountCents).where(sql`${t.withdrawed} = false and ${t.hiddenAt} is null`),
    // The admins' list, newest first (read backwards), with and without the status filter: pages come from
    // index-only scans.
    // Migration 0005 adds INCLUDE (amount_cents) by hand: the dashboard's daily sums read the index alone.
    index('withdrawals_admin_list_idx').on(t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
    index('withdrawals_admin_status_idx').on(t.withdrawed, t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
  ],
);

/** Four-eyes: each admin's approval of a withdrawal, once per admin. */
export const withdrawalApprovals = pgTable(
  'withdrawal_approvals',
  {
    withdrawalId: uuid('withdrawal_id').notNull().references(() => withdrawals.id),
    adminId: uuid('admin_id').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'withdrawal_approvals_pkey', columns: [t.withdrawalId, t.adminId] })],
);

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    link: text('link').notNull(),
    // Optional name; the contract trims it and refuses invisible characters and > 120 characters.
    title: text('title'),
    pointCents: bigint('point_cents', { mode: 'number' }).notNull(),
    // Minutes × 100, so 0.05 minutes (3 s) is exact.
    timeCentiminutes: integer('time_centiminutes').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('videos_point_positive', sql`${t.pointCents} > 0`),
    check('videos_time_range', sql`${t.timeCentiminutes} > 0 and ${t.timeCentiminutes} <= 60000`),
  ],
);

export const videoViews = pgTable(
  'video_views',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    videoId: uuid('video_id').notNull().references(() => videos.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId] })],
);

export const videoRewards = pgTable(
  'video_rewards',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    videoId: uuid('video_id').notNull().references(() => videos.id),
    day: text('day').notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('video_rewards_once_a_day').on(t.userId, t.videoId, t.day)],
);
