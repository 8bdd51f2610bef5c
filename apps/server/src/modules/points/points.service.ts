// Transfers (docs/money.md): sender −x, recipient +x, one ledger transaction. The sender's funds are checked
// under the account lock inside ledger_post, and the CHECK on user balances stands behind that. Both users'
// notifications are written by the same statement (decision 023), so they exist exactly when the money moved.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POINTS_MSG } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { checkAmounts, postingCall, postingDone, postingError } from '../../ledger/ledger.js';
import { notificationCtes, notificationTexts } from '../notifications/notify.js';
import { emailOutboxFilled } from '../notifications/email-jobs.js';
import { fixedStatement, type DbOrTx } from '../../db/client.js';

type Value = 'senderId' | 'senderEmail' | 'recipientEmail' | 'eventKey' | 'cents' | 'receivedTitle' | 'receivedBody' | 'receivedParams' | 'sentTitle' | 'sentBody' | 'sentParams';

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
  const posting = postingCall({
    kind: 'transfer',
    eventKey: v('eventKey'),
    postings: [
      { account: { userIdSql: senderId }, amountSql: sql`-${v('cents')}::bigint` },
      { account: { userIdSql: sql`r.id` }, amountSql: sql`${v('cents')}::bigint` },
    ],
    actorId: senderId,
    memoSql: sql`jsonb_build_object('fromUserId', ${v('senderId')}::text, 'fromEmail', ${v('senderEmail')}::text, 'toUserId', r.id, 'toEmail', r.email)`,
  });
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
 * Sends `input.points` cents from the sender to the live user with that e-mail, in one statement (above). Sent
 * alone it is its own transaction (runMoneyStatement); inside a caller's transaction it is part of that one.
 */
export async function transfer(
  q: DbOrTx,
  sender: { id: string; email: string; fullName: string },
  input: { recipientEmail: string; points: number },
  idempotencyKey?: string,
) {
  const cents = input.points;
  checkAmounts([-cents, cents]);
  const received = notificationTexts('transfer_received', { amountCents: cents, senderName: sender.fullName });
  const sent = notificationTexts('transfer_sent', { amountCents: cents, recipientEmail: input.recipientEmail }, ['recipientName']);
  let rows;
  try {
    ({ rows } = await transferStatement(q, {
      senderId: sender.id,
      senderEmail: sender.email,
      recipientEmail: input.recipientEmail,
      eventKey: idempotencyKey ? `transfer:${sender.id}:key:${idempotencyKey}` : `transfer:${randomUUID()}`,
      cents,
      receivedTitle: received.title,
      receivedBody: received.body,
      receivedParams: received.params,
      sentTitle: sent.title,
      sentBody: sent.body,
      sentParams: sent.params,
    }));
  } catch (e) {
    throw postingError(e, { insufficientMessage: POINTS_MSG.insufficient, insufficientStatus: 400 });
  }
  if (!rows[0]) throw notFound(POINTS_MSG.recipientNotFound);
  if (rows[0].transaction_id === null) throw badRequest(POINTS_MSG.selfTransfer);
  postingDone(q, 'transfer');
  emailOutboxFilled();
}
