import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/** Subscription activation codes (migration 0008): made by an admin, used once (used_by and used_at set together). */
export const subscriptionCodes = pgTable(
  'subscription_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    createdBy: uuid('created_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedBy: uuid('used_by').references(() => users.id),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    check('subscription_codes_code_format', sql`${t.code} ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$'`),
    check('subscription_codes_used_together', sql`(${t.usedBy} is null) = (${t.usedAt} is null)`),
    index('subscription_codes_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
