import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/**
 * Each user's referrers up to 10 levels above (level 1 = who referred them), filled by a trigger on users
 * (migration 0010), with what that referrer earned because of this member.
 */
export const referralTeam = pgTable(
  'referral_team',
  {
    memberId: uuid('member_id').notNull().references(() => users.id),
    level: smallint('level').notNull(),
    ancestorId: uuid('ancestor_id').notNull().references(() => users.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    earnedCents: bigint('earned_cents', { mode: 'number' }).notNull().default(0),
    /** The member's account is closed (kept from users.deleted_at by a trigger). */
    memberDeleted: boolean('member_deleted').notNull().default(false),
  },
  (t) => [
    primaryKey({ name: 'referral_team_pk', columns: [t.memberId, t.level] }),
    index('referral_team_ancestor_idx').on(t.ancestorId, t.level, t.joinedAt.desc(), t.memberId),
    // Members who earned their referrer something. Migration 0010 adds INCLUDE (earned_cents) by hand.
    index('referral_team_earned_idx').on(t.ancestorId).where(sql`${t.earnedCents} > 0`),
  ],
);

/**
 * The referral page's summary per ancestor and level, kept by statement triggers on referral_team (migration 0028):
 * people (members not closed) and what they earned, each the sum of the rows of its shards (backend pid mod 16).
 */
export const referralLevels = pgTable(
  'referral_levels',
  {
    ancestorId: uuid('ancestor_id').notNull(),
    level: smallint('level').notNull(),
    shard: integer('shard').notNull(),
    people: bigint('people', { mode: 'number' }).notNull(),
    earnedCents: bigint('earned_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'referral_levels_pk', columns: [t.ancestorId, t.level, t.shard] })],
);

/** Referred users whose first credited deposit has been seen: the first-deposit bonus is decided once. */
export const referralFirstDeposits = pgTable('referral_first_deposits', {
  userId: uuid('user_id').primaryKey().references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
