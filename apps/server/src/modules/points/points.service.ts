// Transfers (docs/money.md): sender −x, recipient +x, one ledger transaction. The sender's funds are checked
// under the account lock inside ledger_post, and the CHECK on user balances stands behind that. Both users' notifications
// are written in the same transaction.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { POINTS_MSG } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { postingCall, postingError } from '../../ledger/ledger.js';
import { notifyMany } from '../notifications/notify.js';
import type { Tx } from '../../db/client.js';

/**
 * One statement finds the recipient by e-mail and, unless it is the sender, posts the transfer to them; then both
 * are told (notifications), in the caller's transaction: the recipient sees the sender's name, never their e-mail.
 */
export async function transfer(
  tx: Tx,
  sender: { id: string; email: string },
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
  // The e-mail is unique, so at most one row; CASE calls the (volatile) posting only for a recipient who is not
  // the sender. The recipient's row is read under FOR SHARE first (a materialised CTE, so the lock comes before the
  // posting): a deletion (FOR NO KEY UPDATE on that row) either commits first, and the re-checked row no longer
  // matches (404), or waits for this transfer, so nothing is credited to an account closed in the meantime.
  const statement = sql`
    with r as materialized (
      select id, email from ${users} where email = ${input.recipientEmail} and deleted_at is null for share
    )
    select r.id as recipient_id, case when r.id <> ${sender.id}::uuid then ${postingCall(posting)} end as transaction_id,
           (select s.full_name from ${users} s where s.id = ${sender.id}::uuid) as sender_name
    from r`;
  type Row = { recipient_id: string; transaction_id: number | null; sender_name: string };
  let rows: Row[];
  try {
    rows = (await tx.execute<Row>(statement)).rows;
  } catch (e) {
    throw postingError(e, posting);
  }
  if (!rows[0]) throw notFound(POINTS_MSG.recipientNotFound);
  if (rows[0].transaction_id === null) throw badRequest(POINTS_MSG.selfTransfer);
  await notifyMany(tx, [
    { userId: rows[0].recipient_id, kind: 'transfer_received', params: { amountCents: input.points, senderName: rows[0].sender_name } },
    { userId: sender.id, kind: 'transfer_sent', params: { amountCents: input.points, recipientEmail: input.recipientEmail } },
  ]);
}
