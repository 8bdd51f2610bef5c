// Transfers (docs/money.md): sender −x, recipient +x, one ledger transaction. The sender's funds are checked
// under the account lock inside ledger_post, and the CHECK on user balances stands behind that. Both users'
// notifications are written by the same statement (decision 023), so they exist exactly when the money moved.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POINTS_MSG } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { postingCall, postingDone, postingError } from '../../ledger/ledger.js';
import { notificationCtes } from '../notifications/notify.js';
import { emailOutboxFilled } from '../notifications/email-jobs.js';
import { executeNamed, type DbOrTx } from '../../db/client.js';

/**
 * One statement finds the recipient by e-mail and, unless it is the sender, posts the transfer to them and tells
 * both (notifications; the recipient sees the sender's name, never their e-mail). Sent alone it is its own
 * transaction (runMoneyStatement); inside a caller's transaction it is part of that one.
 */
export async function transfer(
  q: DbOrTx,
  sender: { id: string; email: string; fullName: string },
  input: { recipientEmail: string; points: number },
  idempotencyKey?: string,
) {
  const posting = {
    kind: 'transfer',
    eventKey: idempotencyKey ? `transfer:${sender.id}:key:${idempotencyKey}` : `transfer:${randomUUID()}`,
    postings: [
      { account: { userId: sender.id }, amountCents: -input.points },
      { account: { userIdSql: sql`r.id` }, amountCents: input.points },
    ],
    actorId: sender.id,
    memoSql: sql`jsonb_build_object('fromUserId', ${sender.id}::text, 'fromEmail', ${sender.email}::text, 'toUserId', r.id, 'toEmail', r.email)`,
    insufficientMessage: POINTS_MSG.insufficient,
    insufficientStatus: 400,
  };
  const notified = notificationCtes(
    [
      { userId: sql`p.recipient_id`, kind: 'transfer_received', params: { amountCents: input.points, senderName: sender.fullName } },
      { userId: sql`${sender.id}::uuid`, kind: 'transfer_sent', params: { amountCents: input.points, recipientEmail: input.recipientEmail },
        // The recipient's name, as the statement reads it (docs/product.md#activity).
        sqlParams: { recipientName: sql`p.recipient_name` },
      },
    ],
    { source: sql`p`, where: sql`p.transaction_id is not null` },
  );
  // The e-mail is unique, so at most one row; CASE calls the (volatile) posting only for a recipient who is not
  // the sender. The recipient's row is read under FOR SHARE first (a materialised CTE, so the lock comes before the
  // posting): a deletion (FOR NO KEY UPDATE on that row) either commits first, and the re-checked row no longer
  // matches (404), or waits for this transfer, so nothing is credited to an account closed in the meantime. The
  // notifications' insert reads the posting's CTE, so it runs after the posting, and only when there was one.
  const statement = sql`
    with r as materialized (
      select id, email, full_name from ${users} where email = ${input.recipientEmail} and deleted_at is null for share
    ), p as materialized (
      select r.id as recipient_id, r.full_name as recipient_name, case when r.id <> ${sender.id}::uuid then ${postingCall(posting)} end as transaction_id from r
    ), ${notified}
    select p.recipient_id, p.transaction_id, (select count(*) from n)::int as notified from p`;
  type Row = { recipient_id: string; transaction_id: number | null; notified: number };
  let rows: Row[];
  try {
    rows = (await executeNamed<Row>(q, statement)).rows;
  } catch (e) {
    throw postingError(e, posting);
  }
  if (!rows[0]) throw notFound(POINTS_MSG.recipientNotFound);
  if (rows[0].transaction_id === null) throw badRequest(POINTS_MSG.selfTransfer);
  postingDone(q, posting.kind);
  emailOutboxFilled();
}
