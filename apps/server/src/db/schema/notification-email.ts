import { bigint, boolean, customType, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.js';
import { notifications } from './notifications.js';

/**
 * Notification e-mail (migration 0014, decision 014): read and written by modules/notifications (the
 * e-mail queue, preferences, unsubscribe links and announcements).
 */

/** The e-mail categories a user turned off (a row per category; none: every e-mail on). Security has none. */
export const notificationEmailOff = pgTable(
  'notification_email_off',
  {
    userId: uuid('user_id').notNull().references(() => users.id),
    category: text('category').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_email_off_pk', columns: [t.userId, t.category] })],
);

/** An announcement an admin sent: the recipients' notifications were written in the same transaction. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audience: text('audience', { enum: ['all', 'subscribers', 'admins'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    email: boolean('email').notNull(),
    recipients: integer('recipients').notNull(),
    deliveredThrough: uuid('delivered_through'),
    delivered: integer('delivered').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/** An e-mail SMTP accepted: the queue's job looks here first, so a retried job never sends twice. */
export const notificationEmails = pgTable('notification_emails', {
  notificationId: bigint('notification_id', { mode: 'number' })
    .primaryKey()
    .references(() => notifications.id, { onDelete: 'cascade' }),
  messageId: text('message_id').notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().default(sql`now()`),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Secrets this database made for itself (e.g. the key that signs unsubscribe links), shared by every instance. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: bytea('value').notNull(),
});

/**
 * Notifications whose e-mail is still to be queued, one row per notification (migration 0021, decision 023): what an
 * instance of the release before decision 031 writes during a rolling upgrade. The e-mail sweeper (email-jobs.ts)
 * empties it with the table below. No foreign key: a check per row on the money path, for a row that lives a
 * fraction of a second (a notification gone meanwhile is skipped by the job).
 */
export const notificationEmailOutbox = pgTable('notification_email_outbox', {
  notificationId: bigint('notification_id', { mode: 'number' }).primaryKey(),
});

/**
 * Notifications whose e-mail is still to be queued, one row per statement that wrote them (migration 0035, decision
 * 031): notify.ts records the statement's notifications (announcements excepted) here, keyed by the first id; the
 * e-mail sweeper takes whole rows and queues one job per batch. No foreign key, for the reason above.
 */
export const notificationEmailOutboxSets = pgTable('notification_email_outbox_sets', {
  firstId: bigint('first_id', { mode: 'number' }).primaryKey(),
  notificationIds: bigint('notification_ids', { mode: 'number' }).array().notNull(),
});
