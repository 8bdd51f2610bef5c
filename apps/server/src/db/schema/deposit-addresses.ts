import { check, integer, pgTable, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';

/** Every account-level extended public key ever set as TRON_XPUB (migration 0020): rotation keeps old addresses watched. */
export const depositXpubs = pgTable(
  'deposit_xpubs',
  {
    id: serial('id').primaryKey(),
    xpub: text('xpub').notNull(),
    keyId: text('key_id').notNull(),
    nextIndex: integer('next_index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('deposit_xpubs_xpub_unique').on(t.xpub),
    unique('deposit_xpubs_key_id_unique').on(t.keyId),
    check('deposit_xpubs_next_index', sql`${t.nextIndex} >= 0 AND ${t.nextIndex} < 2147483647`),
  ],
);

/** Each user's own deposit address, m/44'/195'/0'/0/idx of its key (migration 0020); never deleted, never reused. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    userId: uuid('user_id').primaryKey().references(() => users.id),
    xpubId: integer('xpub_id').notNull().references(() => depositXpubs.id),
    idx: integer('idx').notNull(),
    address: text('address').notNull(),
    addressHex: text('address_hex').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('deposit_addresses_key_index_unique').on(t.xpubId, t.idx),
    unique('deposit_addresses_address_unique').on(t.address),
    unique('deposit_addresses_address_hex_unique').on(t.addressHex),
    check('deposit_addresses_hex', sql`${t.addressHex} ~ '^[0-9a-f]{40}$'`),
  ],
);
