// The notification centre's reads and the "read" mark. A user only ever sees and marks their own rows.
// The list and the stream give each row's title and body in the reading user's users.language, read
// with the rows (so a language switch shows at the next read); the web client shows them as they come.
import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_KIND_CATEGORY,
  multiLineDisplay,
  notificationLanguage,
  oneLineDisplay,
  renderNotification,
  type NotificationItem,
  type NotificationKind,
  type NotificationLanguage,
} from '@app/contract';
import type { Db } from '../../db/client.js';

export type NotificationRow = {
  id: number;
  public_id: string;
  kind: string;
  title: string;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
  params: unknown;
};

/**
 * A stored notification's title and body in `lang`, rendered from its kind + params, in English too: a row written
 * before one-line texts were enforced may hold, in its stored text, a name with CR/LF or bidi controls that today's rendering shows as a
 * quoted line. A kind this release does not know (or params it cannot render) keeps the stored text.
 */
export function localisedText(n: { kind: string; title: string; body: string; params: unknown }, lang: NotificationLanguage): { title: string; body: string } {
  // An announcement is one text for every language: its stored title and body, made safe the way rendering does.
  if (n.kind === 'announcement') return { title: oneLineDisplay(n.title), body: multiLineDisplay(n.body) };
  if (!Object.hasOwn(NOTIFICATION_KIND_CATEGORY, n.kind) || n.params === null || typeof n.params !== 'object') return { title: n.title, body: n.body };
  try {
    return renderNotification(n.kind as NotificationKind, n.params as never, lang);
  } catch {
    return { title: n.title, body: n.body };
  }
}

/** The columns a NotificationRow needs, of `notifications` as `n`. */
export const ITEM_COLUMNS = sql`n.id, n.public_id, n.kind, n.title, n.body, n.created_at, n.read_at, n.params`;

/** The user's language (English for a user not found). */
const languageSql = (userId: string) => sql`coalesce((select l.language from users l where l.id = ${userId}), 'en')`;

export const toItem = (r: NotificationRow, lang: NotificationLanguage = 'en'): NotificationItem => ({
  _id: r.public_id,
  kind: r.kind,
  ...localisedText(r, lang),
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
  const { rows } = await db.execute<{ total: number; unread: number; language: string; items: NotificationRow[] }>(sql`
    select (select count(*) from notifications t where t.user_id = ${userId})::int as total, ${unreadSql(userId)} as unread,
           ${languageSql(userId)} as language,
           coalesce((select json_agg(p order by p.id desc) from (
             select ${ITEM_COLUMNS} from notifications n where n.user_id = ${userId}
             order by n.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}) p), '[]') as items`);
  const { total, unread, language, items } = rows[0];
  const lang = notificationLanguage(language);
  return { notifications: items.map((r) => toItem(r, lang)), total, unread };
}

/** Marks the user's notifications `ids` (their public ids; anyone else's are left alone), or all, as read. */
export async function markRead(db: Db, userId: string, which: { ids: string[] } | { all: true }): Promise<number> {
  const only = 'ids' in which ? sql`and public_id = any(${sql.param(which.ids)}::uuid[])` : sql``;
  await db.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null ${only}`);
  return unreadCount(db, userId);
}

/** The user's notifications after `afterId` (oldest first, at most `max`), each with the unread count and the user's language. */
export async function notificationsAfter(db: Db, userId: string, afterId: number, max: number) {
  const { rows } = await db.execute<NotificationRow & { unread: number; language: string }>(sql`
    select ${ITEM_COLUMNS}, ${unreadSql(userId)} as unread, ${languageSql(userId)} as language from notifications n
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
