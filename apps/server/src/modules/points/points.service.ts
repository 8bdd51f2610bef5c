// Transfers (docs/money.md): sender −x, recipient +x, one ledger transaction. The sender's funds are checked
// under the account lock inside ledger_post, and the CHECK on user balances stands behind that. Both users'
// notifications are written by the same statement (decision 023), so they exist exactly when the money moved.
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { POINTS_MSG, type NotificationParams } from '@app/contract';
import { sessions, users, userTotp } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { checkAmounts, postingCall, postingDone, postingError } from '../../ledger/ledger.js';
import { notificationCtes, notificationTexts } from '../notifications/notify.js';
import { emailOutboxFilled } from '../notifications/email-jobs.js';
import { fixedStatement, type Db, type DbOrTx } from '../../db/client.js';
import type { SessionUser } from '../../plugins/session.js';
import { IDLE_MS, TOUCH_EVERY_MS } from '../../services/session-lifetime.js';
import { inOneStatement } from '../../db/transaction.js';

type Value = 'senderId' | 'senderEmail' | 'recipientEmail' | 'eventKey' | 'cents' | 'receivedTitle' | 'receivedBody' | 'receivedParams' | 'sentTitle' | 'sentBody' | 'sentParams';

/** The transfer's posting in both statements: the sender −cents, the recipient `r` +cents, and the memo naming both. */
function transferPosting(v: (key: 'eventKey' | 'cents') => SQL, sender: { id: SQL; email: SQL }): SQL {
  return postingCall({
    kind: 'transfer',
    eventKey: v('eventKey'),
    postings: [
      { account: { userIdSql: sender.id }, amountSql: sql`-${v('cents')}::bigint` },
      { account: { userIdSql: sql`r.id` }, amountSql: sql`${v('cents')}::bigint` },
    ],
    actorId: sender.id,
    memoSql: sql`jsonb_build_object('fromUserId', ${sender.id}::text, 'fromEmail', ${sender.email}, 'toUserId', r.id, 'toEmail', r.email)`,
  });
}

/**
 * The transfer's one statement, built once (`fixedStatement`): it finds the recipient by e-mail and, unless it is the
 * sender, posts the transfer to them and tells both (notifications; the recipient sees the sender's name, never
 * their e-mail).
 *
 * The e-mail is unique, so at most one row; CASE calls the (volatile) posting only for a recipient who is not the
 * sender. The recipient's row is read under FOR SHARE first (a materialised CTE, so the lock comes before the
 * posting): a deletion (FOR NO KEY UPDATE on that row) either commits first, and the re-checked row no longer
 * matches (404), or waits for this transfer, so nothing is credited to an account closed in the meantime. The
 * notifications' insert reads the posting's CTE, so it runs after the posting, and only when there was one.
 */
const transferStatement = fixedStatement<{ recipient_id: string; transaction_id: number | null; notified: number }, Value>((v) => {
  const senderId = sql`${v('senderId')}::uuid`;
  const posting = transferPosting(v, { id: senderId, email: sql`${v('senderEmail')}::text` });
  const notified = notificationCtes(
    [
      { userId: sql`p.recipient_id`, kind: 'transfer_received', title: sql`${v('receivedTitle')}::text`, body: sql`${v('receivedBody')}::text`, params: sql`${v('receivedParams')}::jsonb` },
      { userId: senderId, kind: 'transfer_sent', title: sql`${v('sentTitle')}::text`, body: sql`${v('sentBody')}::text`, params: sql`${v('sentParams')}::jsonb`,
        // The recipient's name, as the statement reads it (docs/product.md#activity).
        sqlParams: { recipientName: sql`p.recipient_name` },
      },
    ],
    { source: sql`p`, where: sql`p.transaction_id is not null` },
  );
  return sql`
    with r as materialized (
      select id, email, full_name from ${users} where email = ${v('recipientEmail')}::text and deleted_at is null for share
    ), p as materialized (
      select r.id as recipient_id, r.full_name as recipient_name, case when r.id <> ${senderId} then ${posting} end as transaction_id from r
    ), ${notified}
    select p.recipient_id, p.transaction_id, (select count(*) from n)::int as notified from p`;
});

/**
 * The values both transfer statements take from the request: recipient, amount (checked) and the two notifications'
 * texts. A name the statement reads itself (the recipient's; the sender's when it reads the session) is a late key.
 */
function transferValues(input: { recipientEmail: string; points: number }, senderName?: string) {
  const cents = input.points;
  checkAmounts([-cents, cents]);
  const received =
    senderName === undefined
      ? notificationTexts('transfer_received', { amountCents: cents } as NotificationParams['transfer_received'], ['senderName'])
      : notificationTexts('transfer_received', { amountCents: cents, senderName });
  const sent = notificationTexts('transfer_sent', { amountCents: cents, recipientEmail: input.recipientEmail }, ['recipientName']);
  return {
    recipientEmail: input.recipientEmail,
    cents,
    receivedTitle: received.title,
    receivedBody: received.body,
    receivedParams: received.params,
    sentTitle: sent.title,
    sentBody: sent.body,
    sentParams: sent.params,
  };
}

/**
 * Sends `input.points` cents from the sender to the live user with that e-mail, in one statement (above). Sent
 * alone it is its own transaction (runMoneyStatement); inside a caller's transaction it is part of that one.
 */
export async function transfer(
  q: DbOrTx,
  sender: { id: string; email: string; fullName: string },
  input: { recipientEmail: string; points: number },
  idempotencyKey?: string,
) {
  let rows;
  try {
    ({ rows } = await transferStatement(q, {
      senderId: sender.id,
      senderEmail: sender.email,
      eventKey: idempotencyKey ? `transfer:${sender.id}:key:${idempotencyKey}` : `transfer:${randomUUID()}`,
      ...transferValues(input, sender.fullName),
    }));
  } catch (e) {
    throw postingError(e, { insufficientMessage: POINTS_MSG.insufficient, insufficientStatus: 400 });
  }
  if (!rows[0]) throw notFound(POINTS_MSG.recipientNotFound);
  if (rows[0].transaction_id === null) throw badRequest(POINTS_MSG.selfTransfer);
  postingDone(q, 'transfer');
  emailOutboxFilled();
}

type SessionValue = 'hash' | 'now' | 'idleCutoff' | 'touchCutoff' | 'recipientEmail' | 'eventKey' | 'cents' | 'receivedTitle' | 'receivedBody' | 'receivedParams' | 'sentTitle' | 'sentBody' | 'sentParams';

/**
 * The transfer's statement for a session not yet looked up (decision 030): `transferStatement` with the sender read
 * from the session in the same statement, by the ordinary lookup's rules (plugins/session.ts): the session's user
 * live, the session neither past its absolute expiry nor idle too long, and two-factor sign-in off (a user with it on
 * needs a code, which the ordinary path checks). When the session is not usable here no row comes back and nothing is
 * written; otherwise one row with the sender, and the recipient and transaction as `transferStatement` returns them.
 * Saves the lookup's own round trip, which on two cores cost as much as the rest of the transfer's overhead.
 */
const transferBySessionStatement = fixedStatement<
  {
    id: string;
    email: string;
    full_name: string;
    role: SessionUserRow['role'];
    subscribed: boolean;
    language: SessionUserRow['language'];
    recipient_id: string | null;
    transaction_id: number | null;
    notified: number;
  },
  SessionValue
>((v) => {
  const posting = transferPosting(v, { id: sql`s.id`, email: sql`s.email` });
  const notified = notificationCtes(
    [
      { userId: sql`p.recipient_id`, kind: 'transfer_received', title: sql`${v('receivedTitle')}::text`, body: sql`${v('receivedBody')}::text`, params: sql`${v('receivedParams')}::jsonb`,
        // The sender's name, as the statement reads it with the session.
        sqlParams: { senderName: sql`p.sender_name` },
      },
      { userId: sql`p.sender_id`, kind: 'transfer_sent', title: sql`${v('sentTitle')}::text`, body: sql`${v('sentBody')}::text`, params: sql`${v('sentParams')}::jsonb`,
        sqlParams: { recipientName: sql`p.recipient_name` },
      },
    ],
    { source: sql`p`, where: sql`p.transaction_id is not null` },
  );
  return sql`
    with s as materialized (
      select u.id, u.email, u.full_name, u.role, u.subscribed_at is not null as subscribed, u.language, ses.last_seen_at
      from ${sessions} ses join ${users} u on u.id = ses.user_id
      where ses.token_hash = ${v('hash')}::text and u.deleted_at is null
        and ses.expires_at > ${v('now')}::timestamptz and ses.last_seen_at > ${v('idleCutoff')}::timestamptz
        and not exists (select 1 from ${userTotp} t where t.user_id = u.id and t.enabled_at is not null)
    ), r as materialized (
      select id, email, full_name from ${users}
      where email = ${v('recipientEmail')}::text and deleted_at is null and exists (select 1 from s)
      for share
    ), p as materialized (
      select s.id as sender_id, s.full_name as sender_name, r.id as recipient_id, r.full_name as recipient_name,
        case when r.id <> s.id then ${posting} end as transaction_id
      from s cross join r
    ), touched as (
      -- Seen now when last seen over TOUCH_EVERY_MS ago, as the ordinary lookup does, but in this statement: a
      -- second round trip for the touch waited for the pool again and was the transfer's slowest percent.
      update ${sessions} set last_seen_at = ${v('now')}::timestamptz
      where token_hash = ${v('hash')}::text and last_seen_at < ${v('touchCutoff')}::timestamptz and exists (select 1 from s)
    ), ${notified}
    select s.id, s.email, s.full_name, s.role, s.subscribed, s.language,
      p.recipient_id, p.transaction_id, (select count(*) from n)::int as notified
    from s left join p on true`;
});

type SessionUserRow = Omit<SessionUser, 'sessionHash'>;

/**
 * A transfer by a request whose session lookup was deferred (`deferSession`): the lookup, the session's touch (once a
 * minute) and the transfer in one statement. Returns false when the session is not usable here (unknown, expired,
 * idle, closed account, two-factor on): nothing was written then, and the caller settles the session the ordinary way.
 * Otherwise `sender` is called with the user the session belongs to (the route adopts it, so even a refusal is
 * answered in their language) before the refusals read from the row are thrown (recipient unknown, oneself). A
 * refusal the statement raises itself (funds short) comes before that: the error handler settles the session then.
 */
export async function transferBySession(
  db: Db,
  hash: string,
  now: Date,
  input: { recipientEmail: string; points: number },
  sender: (user: SessionUserRow) => void,
): Promise<boolean> {
  const at = now.getTime();
  const values = { hash, now, idleCutoff: new Date(at - IDLE_MS), touchCutoff: new Date(at - TOUCH_EVERY_MS), eventKey: `transfer:${randomUUID()}`, ...transferValues(input) };
  let rows;
  try {
    // Only the statement is retried (a deadlock rolled it back whole); `sender` runs once, after it.
    ({ rows } = await inOneStatement(db, () => transferBySessionStatement(db, values)));
  } catch (e) {
    throw postingError(e, { insufficientMessage: POINTS_MSG.insufficient, insufficientStatus: 400 });
  }
  const row = rows[0];
  if (!row) return false;
  sender({ id: row.id, email: row.email, fullName: row.full_name, twoFactor: false, role: row.role, subscribed: row.subscribed, language: row.language });
  if (row.recipient_id === null) throw notFound(POINTS_MSG.recipientNotFound);
  if (row.transaction_id === null) throw badRequest(POINTS_MSG.selfTransfer);
  postingDone(db, 'transfer');
  emailOutboxFilled();
  return true;
}
