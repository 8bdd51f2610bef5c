// Transfers (DESIGN §5): sender −x, recipient +x, one ledger transaction. The sender's funds are checked
// under the account lock inside post(), and the CHECK on user balances stands behind that.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { POINTS_MSG } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import type { DbOrTx } from '../../ledger/accounts.js';
import { post } from '../../ledger/ledger.js';

/** One read (the recipient), then one write (the posting): runs inside a transaction or, being one write, on the pool. */
export async function transfer(
  tx: DbOrTx,
  sender: { id: string; email: string },
  input: { recipientEmail: string; points: number },
  idempotencyKey?: string,
) {
  // A named prepared statement: each connection plans it once.
  const [recipient] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, sql.placeholder('email')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('transfer_recipient')
    .execute({ email: input.recipientEmail });
  if (!recipient) throw notFound(POINTS_MSG.recipientNotFound);
  if (recipient.id === sender.id) throw badRequest(POINTS_MSG.selfTransfer);
  await post(tx, {
    kind: 'transfer',
    eventKey: idempotencyKey ? `transfer:${sender.id}:key:${idempotencyKey}` : `transfer:${randomUUID()}`,
    postings: [
      { account: { userId: sender.id }, amountCents: -input.points },
      { account: { userId: recipient.id }, amountCents: input.points },
    ],
    actorId: sender.id,
    memo: { fromUserId: sender.id, fromEmail: sender.email, toUserId: recipient.id, toEmail: recipient.email },
    insufficientMessage: POINTS_MSG.insufficient,
    insufficientStatus: 400,
  });
}
