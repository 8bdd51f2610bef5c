import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * What a user is told (migration 0013): written by modules/notifications/notify.ts in the transaction of
 * the change it reports. `id` is the server-sent-events id; `publicId` is the `_id` the API shows. A trigger on
 * insert NOTIFYs the channel "notifications" with the users concerned (delivered at commit). A table that refers to
 * a notification references `id` (bigint); `public_id` is random and looked up only with the user id.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    publicId: uuid('public_id').notNull().defaultRandom(),
    // Not a foreign key (migration 0031, decision 029): checkLedger reports a notification whose user is missing.
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_unread_idx').on(t.userId, t.id).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Users an instance holds an open notification stream for (migration 0021, decision 023): the insert trigger of
 * notifications NOTIFYs only for users with a row seen in the last minute. Written by notifications.stream.ts.
 */
export const notificationStreams = pgTable(
  'notification_streams',
  {
    userId: uuid('user_id').notNull(),
    instance: uuid('instance').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'notification_streams_pk', columns: [t.userId, t.instance] }), index('notification_streams_instance_idx').on(t.instance)],
);
