// Writing notifications (docs/product.md#notifications). Every service that moves money or changes an account's security calls
// `notify(tx, …)` inside the transaction of that change, so a notification exists exactly when its change
// committed. The row stores the English title and body (contract NOTIFICATION_TEXT) and the kind + params they
// were rendered from. Telling the instances is the table's own business: a statement trigger (migrations 0013 and
// 0021) NOTIFYs channel "notifications" with the users concerned who have a stream open somewhere, which PostgreSQL
// delivers only at commit, so a rolled-back change tells nobody; notifications.stream.ts listens.
//
// Order: the stream sends each user the rows with an id above the last one it sent, so a user's rows must commit
// in id order. Every write here first takes, until its transaction ends, a shared lock of the whole table's
// writers and an exclusive lock per user concerned (advisory, in user order: no deadlock between two writers);
// a bulk write (`notifyAudience`, announcements) takes the whole-table lock exclusively. So no id of a user is
// drawn while an earlier one of theirs is still uncommitted.
// E-mail: the same statement records its notifications (announcements excepted) in one row of
// notification_email_outbox_sets (migrations 0021 and 0035); the e-mail sweeper queues them per batch (email-queue.ts,
// decisions 023 and 031).
import { sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_KIND_CATEGORY, renderNotification, type NotificationCategory, type NotificationKind, type NotificationParams } from '@app/contract';
import { executeNamed, fixedStatement, type DbOrTx, type Tx } from '../../db/client.js';
import { fixedPostingCall, postingValues, runPosting, type PostInput } from '../../ledger/ledger.js';
import { classXactLock } from '../../db/locks.js';
import { emailOutboxFilled } from './email-jobs.js';


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
  const { rows } = await executeNamed<NotificationRow>(tx, sql`
    with ${notificationCtes(inputs.map((n) => ({ ...n, userId: sql`${n.userId}::uuid` })))}
    select id, public_id, user_id, kind, title, body from n`);
  emailOutboxFilled();
  return rows.map((r) => ({
    id: Number(r.id),
    publicId: r.public_id,
    userId: r.user_id,
    kind: r.kind,
    category: NOTIFICATION_KIND_CATEGORY[r.kind],
    title: r.title,
    body: r.body,
  }));
}

/**
 * Posts one ledger transaction (ledger.ts `post`) and writes `notices` in the same statement, after the posting: no
 * round trip while the posting's accounts are locked, and the notifications' user locks come after the account
 * locks, the order every money path keeps (docs/money.md#lock-order). The statement is built once per list of
 * notification kinds (`fixedStatement`): the posting's accounts, amounts and the notifications' users and texts are
 * its parameters.
 */
export async function postNotified(tx: DbOrTx, input: PostInput, notices: NotificationInput[]): Promise<{ transactionId: number }> {
  const values: Record<string, unknown> = postingValues(input);
  notices.forEach((n, i) => {
    const texts = notificationTexts(n.kind, n.params as never);
    values[`user${i}`] = n.userId;
    values[`title${i}`] = texts.title;
    values[`body${i}`] = texts.body;
    values[`params${i}`] = texts.params;
  });
  const statement = postNotifiedStatement(notices.map((n) => n.kind));
  const done = await runPosting(tx, input, () => statement(tx, values));
  emailOutboxFilled();
  return done;
}

const postNotifiedStatements = new Map<string, ReturnType<typeof fixedStatement<{ id: string }, string>>>();
/** postNotified's statement for notifications of these kinds, in this order (kinds are few: the map stays small). */
function postNotifiedStatement(kinds: NotificationKind[]) {
  const shape = kinds.join(',');
  let statement = postNotifiedStatements.get(shape);
  if (!statement) {
    statement = fixedStatement<{ id: string }, string>((v) => {
      const notified = notificationCtes(
        kinds.map((kind, i) => ({ userId: sql`${v(`user${i}`)}::uuid`, kind, title: sql`${v(`title${i}`)}::text`, body: sql`${v(`body${i}`)}::text`, params: sql`${v(`params${i}`)}::jsonb` })),
        { source: sql`posted` },
      );
      return sql`
        with posted as materialized (select ${fixedPostingCall(v)} as id), ${notified}
        select posted.id, (select count(*) from n) as notified from posted`;
    });
    postNotifiedStatements.set(shape, statement);
  }
  return statement;
}

type NotificationRow = { id: number; public_id: string; user_id: string; kind: NotificationKind; title: string; body: string };
type Distribute<T> = T extends unknown ? Omit<T, 'userId'> & { userId: SQL } : never;
/** A notification whose user is an SQL expression of type uuid (a literal, or a column of the statement's source). */
export type NotificationSqlInput = Distribute<NotificationInput>;

/**
 * A notification whose stored texts and params are SQL expressions (a statement built once, `fixedStatement`, passes
 * them as parameters: `notificationTexts` renders each call's values).
 */
export interface NotificationRowSql {
  userId: SQL;
  kind: NotificationKind;
  title: SQL;
  body: SQL;
  params: SQL;
}

const marker = (key: string) => `@@${key}@@`;

/**
 * What a notification stores, rendered now (English title and body, params as JSON text). A parameter in `lateKeys`
 * is one only the statement knows: the texts carry its marker, which notificationCtes replaces in SQL.
 */
export function notificationTexts<K extends NotificationKind>(kind: K, params: NotificationParams[K], lateKeys: string[] = []) {
  const { title, body } = renderNotification(kind, { ...params, ...Object.fromEntries(lateKeys.map((k) => [k, marker(k)])) } as never);
  return { title, body, params: JSON.stringify(params) };
}

const textsAsSql = (t: { title: string; body: string; params: string }) => ({
  title: sql`${t.title}::text`,
  body: sql`${t.body}::text`,
  params: sql`${t.params}::jsonb`,
});

/**
 * Two CTEs for the top-level WITH of a statement (PostgreSQL allows data-modifying CTEs only there): `n` inserts the
 * notifications and returns them, `o` records their ids in the e-mail outbox, one row for them all (decisions 023
 * and 031). For a statement of their own
 * (notifyMany) or inside the statement that moves the money (the transfer: one statement). `source` is what the rows
 * may refer to (`p` for `… from p cross join lateral (values …)`), `where` a condition on it. The insert's trigger
 * NOTIFYs the instances streaming to these users (migration 0021). Call `emailOutboxFilled()` after the statement.
 *
 * Locks: the user list is a sub-select of the WHERE, so PostgreSQL takes the locks before the first row reaches the
 * insert and draws its id: the writers' lock (shared), then each user's in order. With users from `source` the
 * sub-select runs per row; advisory locks are re-entrant, so the second run takes nothing new.
 */
export function notificationCtes(inputs: ((NotificationSqlInput | NotificationRowSql) & { sqlParams?: Record<string, SQL> })[], opts: { source?: SQL; where?: SQL } = {}): SQL {
  const values = inputs.map((n) => {
    // A parameter only the statement knows (the recipient's name, read by the statement itself: no query before it)
    // is rendered as a marker, which SQL replaces with the value in the stored text and adds to the stored params.
    const late = Object.entries(n.sqlParams ?? {});
    let { title: titleSql, body: bodySql, params: paramsSql } = 'title' in n ? n : textsAsSql(notificationTexts(n.kind, n.params, late.map(([k]) => k)));
    for (const [key, value] of late) {
      // In the stored texts the value is shown on one line, as quotedName shows a name (one_line_display, 0032).
      titleSql = sql`replace(${titleSql}, ${marker(key)}::text, one_line_display(${value}))`;
      bodySql = sql`replace(${bodySql}, ${marker(key)}::text, one_line_display(${value}))`;
      paramsSql = sql`${paramsSql} || jsonb_build_object(${key}::text, ${value})`;
    }
    return sql`(${n.userId}, ${n.kind}, ${paramsSql}, ${titleSql}, ${bodySql})`;
  });
  const users = sql.join(
    inputs.map((n) => sql`${n.userId}::text`),
    sql`, `,
  );
  const from = opts.source ? sql`${opts.source} cross join lateral` : sql``;
  return sql`n as (
      insert into notifications (user_id, kind, params, title, body)
      select v.* from ${from} (values ${sql.join(values, sql`, `)}) as v(user_id, kind, params, title, body)
      where ${opts.where ?? sql`true`}
        and (select count(${classXactLock('notifyUser', sql`hashtext(u)`)})
             from (select distinct u from unnest(array[${users}]) u order by u) s
             where ${classXactLock('notifyWriters', sql`0`, { shared: true })} is not null) >= 0
      returning id, public_id, user_id, kind, title, body
    ), o as (
      insert into notification_email_outbox_sets (first_id, notification_ids)
      select min(id), array_agg(id order by id) from n where kind <> 'announcement' having count(*) > 0
    )`;
}

/**
 * One notification of the same kind and params for every user `usersSql` selects (a `select <uuid> …` of one
 * column), in one insert…select: announcements, written in batches by their service. Returns how many were
 * written. It waits for every notification write in flight to commit and holds the others back until this
 * transaction ends, so keep the transaction to one batch. Announcements are not put in the e-mail outbox: their
 * delivery queues their e-mails per batch.
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
