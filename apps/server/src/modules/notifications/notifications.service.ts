// The notification centre's reads and the "read" mark. A user only ever sees and marks their own rows.
import { sql } from 'drizzle-orm';
import type { NotificationItem } from '@app/contract';
import type { Db } from '../../db/client.js';

export type NotificationRow = {
  id: number;
  public_id: string;
  kind: string;
  title: string;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
};

/** The columns a NotificationRow needs, of `notifications` as `n`. */
export const ITEM_COLUMNS = sql`n.id, n.public_id, n.kind, n.title, n.body, n.created_at, n.read_at`;

export const toItem = (r: NotificationRow): NotificationItem => ({
  _id: r.public_id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
  read: r.read_at !== null,
});

const unreadSql = (userId: string) => sql`(select count(*) from notifications u where u.user_id = ${userId} and u.read_at is null)::int`;

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const { rows } = await db.execute<{ unread: number }>(sql`select ${unreadSql(userId)} as unread`);
  return rows[0].unread;
}

/** A page of the user's notifications, newest first, with their total and unread counts: one statement. */
export async function listNotifications(db: Db, userId: string, q: { page: number; limit: number }) {
  const { rows } = await db.execute<{ total: number; unread: number; items: NotificationRow[] }>(sql`
    select (select count(*) from notifications t where t.user_id = ${userId})::int as total, ${unreadSql(userId)} as unread,
           coalesce((select json_agg(p order by p.id desc) from (
             select ${ITEM_COLUMNS} from notifications n where n.user_id = ${userId}
             order by n.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}) p), '[]') as items`);
  const { total, unread, items } = rows[0];
  return { notifications: items.map(toItem), total, unread };
}

/** Marks the user's notifications `ids` (their public ids; anyone else's are left alone), or all, as read. */
export async function markRead(db: Db, userId: string, which: { ids: string[] } | { all: true }): Promise<number> {
  const only = 'ids' in which ? sql`and public_id = any(${sql.param(which.ids)}::uuid[])` : sql``;
  await db.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null ${only}`);
  return unreadCount(db, userId);
}

/** The user's notifications after `afterId` (oldest first, at most `max`), each with the unread count. */
export async function notificationsAfter(db: Db, userId: string, afterId: number, max: number) {
  const { rows } = await db.execute<NotificationRow & { unread: number }>(sql`
    select ${ITEM_COLUMNS}, ${unreadSql(userId)} as unread from notifications n
    where n.user_id = ${userId} and n.id > ${afterId} order by n.id limit ${max}`);
  return rows;
}

/** The id of the user's newest notification (0: none): a new stream without Last-Event-ID starts after it. */
export async function lastNotificationId(db: Db, userId: string): Promise<number> {
  const { rows } = await db.execute<{ id: number | null }>(sql`select max(id) as id from notifications where user_id = ${userId}`);
  return Number(rows[0].id ?? 0);
}

/** Which of these sessions (token hashes) still exist (not signed out, revoked or pruned). */
export async function liveSessions(db: Db, hashes: string[]): Promise<Set<string>> {
  const { rows } = await db.execute<{ token_hash: string }>(
    sql`select token_hash from sessions where token_hash = any(${sql.param(hashes)}::text[])`,
  );
  return new Set(rows.map((r) => r.token_hash));
}
