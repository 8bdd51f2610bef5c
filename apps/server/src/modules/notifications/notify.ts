// Writing notifications (docs/product.md#notifications). Every service that moves money or changes an account's security calls
// `notify(tx, …)` inside the transaction of that change, so a notification exists exactly when its change
// committed. The row stores the English title and body (contract NOTIFICATION_TEXT) and the kind + params they
// were rendered from. Telling the instances is the table's own business: a statement trigger (migration 0013)
// NOTIFYs channel "notifications" with the users concerned, which PostgreSQL delivers only at commit, so a
// rolled-back change tells nobody; notifications.stream.ts listens.
//
// Order: the stream sends each user the rows with an id above the last one it sent, so a user's rows must commit
// in id order. Every write here first takes, until its transaction ends, a shared lock of the whole table's
// writers and an exclusive lock per user concerned (advisory, in user order: no deadlock between two writers);
// a bulk write (`notifyAudience`, announcements) takes the whole-table lock exclusively. So no id of a user is
// drawn while an earlier one of theirs is still uncommitted.
import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_KIND_CATEGORY, renderNotification, type NotificationCategory, type NotificationKind, type NotificationParams } from '@app/contract';
import { afterNotify } from './email-hook.js';
import type { Tx } from '../../db/client.js';
import { classXactLock } from '../../db/locks.js';


export type NotificationInput = { [K in NotificationKind]: { userId: string; kind: K; params: NotificationParams[K] } }[NotificationKind];

/** A notification just written (in the caller's transaction, not committed yet). */
export interface WrittenNotification {
  id: number;
  publicId: string;
  userId: string;
  kind: NotificationKind;
  category: NotificationCategory;
  title: string;
  body: string;
}

/** One notification for one user, in the caller's transaction. */
export async function notify(tx: Tx, input: NotificationInput): Promise<WrittenNotification> {
  const [row] = await notifyMany(tx, [input]);
  return row;
}

/** Several notifications (any users, any kinds) in one insert, in the caller's transaction. */
export async function notifyMany(tx: Tx, inputs: NotificationInput[]): Promise<WrittenNotification[]> {
  if (inputs.length === 0) return [];
  const userIds = [...new Set(inputs.map((n) => n.userId))].sort();
  const values = inputs.map((n) => {
    const { title, body } = renderNotification(n.kind, n.params as never);
    return sql`(${n.userId}::uuid, ${n.kind}, ${JSON.stringify(n.params)}::jsonb, ${title}, ${body})`;
  });
  // One round trip: the locks are an uncorrelated sub-select of the WHERE (an InitPlan), so PostgreSQL takes them
  // once, before the first row reaches the insert and draws its id: the writers' lock, then each user's in order.
  const { rows } = await tx.execute<{ id: number; public_id: string; user_id: string; kind: NotificationKind; title: string; body: string }>(sql`
    insert into notifications (user_id, kind, params, title, body)
    select v.* from (values ${sql.join(values, sql`, `)}) as v(user_id, kind, params, title, body)
    where (select count(${classXactLock('notifyUser', sql`hashtext(u)`)})
           from (select u from unnest(${sql.param(userIds)}::text[]) u order by u) s
           where ${classXactLock('notifyWriters', sql`0`, { shared: true })} is not null) >= 0
    returning id, public_id, user_id, kind, title, body`);
  const written = rows.map((r) => ({
    id: Number(r.id),
    publicId: r.public_id,
    userId: r.user_id,
    kind: r.kind,
    category: NOTIFICATION_KIND_CATEGORY[r.kind],
    title: r.title,
    body: r.body,
  }));
  // The one place where what follows a notification in its transaction happens (the e-mail job).
  await afterNotify(tx, written);
  return written;
}

/**
 * One notification of the same kind and params for every user `usersSql` selects (a `select <uuid> …` of one
 * column), in one insert…select: announcements, written in batches by their service. Returns how many were
 * written. It waits for every notification write in flight to commit and holds the others back until this
 * transaction ends, so keep the transaction to one batch. `afterNotify` is not called: the caller sees to what
 * follows (the announcement's e-mails are enqueued per batch).
 */
export async function notifyAudience<K extends NotificationKind>(
  tx: Tx,
  input: { usersSql: SQL; kind: K; params: NotificationParams[K] },
): Promise<number> {
  const { title, body } = renderNotification(input.kind, input.params);
  await tx.execute(sql`select ${classXactLock('notifyWriters', sql`0`)}`);
  const result = await tx.execute(sql`
    insert into notifications (user_id, kind, params, title, body)
    select u, ${input.kind}, ${JSON.stringify(input.params)}::jsonb, ${title}, ${body} from (${input.usersSql}) as audience(u)`);
  return result.rowCount ?? 0;
}
