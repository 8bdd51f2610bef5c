// Withdrawals (docs/money.md): a request holds the amount at once (user −x, hold:withdrawals +x); processing
// pays it out (hold −x, external:withdrawals +x) and unprocessing reverses that; deleting a pending
// request refunds the hold. The withdrawal row is locked before the accounts, its version bumped on
// every state change, and each change posts under its own event key, so nothing happens twice.
import { eq } from 'drizzle-orm';
import { WITHDRAW_MSG, centsToNumber, type WithdrawalRecord } from '@app/contract';
import type { Tx } from '../../db/client.js';
import { withdrawals } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { post } from '../../ledger/ledger.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockRecord, type MoneyRecordKind } from '../money-records/money-records.service.js';
import { recheckActor } from '../../services/actor.js';
import { notify } from '../notifications/notify.js';

type WithdrawalRow = typeof withdrawals.$inferSelect;

const toRecord = (w: WithdrawalRow): WithdrawalRecord => ({
  _id: w.id,
  amount: centsToNumber(w.amountCents),
  paymentId: w.paymentId,
  withdrawed: w.withdrawed,
  createdAt: w.createdAt.toISOString(),
});

export async function requestWithdrawal(tx: Tx, userId: string, input: { amount: number; paymentId: string }): Promise<WithdrawalRecord> {
  const [row] = await tx.insert(withdrawals).values({ userId, amountCents: input.amount, paymentId: input.paymentId }).returning();
  await post(tx, {
    kind: 'withdrawal_request',
    eventKey: `withdrawal:${row.id}:request`,
    postings: [
      { account: { userId }, amountCents: -input.amount },
      { account: { code: 'hold:withdrawals' }, amountCents: input.amount },
    ],
    actorId: userId,
    memo: { withdrawalId: row.id, paymentId: row.paymentId },
    insufficientMessage: WITHDRAW_MSG.insufficient,
    insufficientStatus: 400,
  });
  await notify(tx, { userId, kind: 'withdrawal_requested', params: { amountCents: input.amount, paymentId: row.paymentId } });
  return toRecord(row);
}

/** How the shared admin records (modules/money-records) read withdrawals. */
export const withdrawalRecords: MoneyRecordKind<WithdrawalRow, WithdrawalRecord> = {
  table: withdrawals,
  done: { column: withdrawals.withdrawed, name: 'withdrawed', status: 'processed' },
  reference: { column: withdrawals.paymentId, name: 'paymentId' },
  // A paymentId as typed; several requests may share one (then {id} must be the _id).
  byReference: (id) => eq(withdrawals.paymentId, id),
  visibleCount: 'withdrawals_visible',
  toRecord,
  messages: { notFound: WITHDRAW_MSG.notFound, ambiguous: WITHDRAW_MSG.ambiguous },
};

const auditView = (w: WithdrawalRow) => ({ withdrawed: w.withdrawed, amount: centsToNumber(w.amountCents), paymentId: w.paymentId, hidden: w.hiddenAt !== null });

/** POST /withdraw/{id}: pending → processed (paid out of the hold), processed → pending (back into the hold). */
export async function toggleWithdrawal(tx: Tx, actorId: string, id: string, target?: boolean): Promise<{ withdrawed: boolean; message: string }> {
  await recheckActor(tx, actorId);
  const w = await lockRecord(tx, withdrawalRecords, id);
  if (target !== undefined && target === w.withdrawed) throw conflict(WITHDRAW_MSG.alreadyInState);
  const version = w.version + 1;
  const processing = !w.withdrawed;
  await post(tx, {
    kind: processing ? 'withdrawal_process' : 'withdrawal_unprocess',
    eventKey: `withdrawal:${w.id}:v${version}`,
    postings: processing
      ? [
          { account: { code: 'hold:withdrawals' }, amountCents: -w.amountCents },
          { account: { code: 'external:withdrawals' }, amountCents: w.amountCents },
        ]
      : [
          { account: { code: 'external:withdrawals' }, amountCents: -w.amountCents },
          { account: { code: 'hold:withdrawals' }, amountCents: w.amountCents },
        ],
    actorId,
    memo: { withdrawalId: w.id, paymentId: w.paymentId, userId: w.userId },
  });
  // Paid out: the user is told. Taking a payment back into the hold (an admin's correction) moves none of theirs.
  if (processing) await notify(tx, { userId: w.userId, kind: 'withdrawal_processed', params: { amountCents: w.amountCents, paymentId: w.paymentId } });
  const [updated] = await tx
    .update(withdrawals)
    .set({ withdrawed: processing, version, updatedAt: new Date() })
    .where(eq(withdrawals.id, w.id))
    .returning();
  await recordAudit(tx, {
    actorId,
    action: processing ? 'withdrawal.processed' : 'withdrawal.unprocessed',
    targetType: 'withdrawal',
    targetId: w.id,
    before: auditView(w),
    after: auditView(updated),
  });
  return { withdrawed: updated.withdrawed, message: processing ? WITHDRAW_MSG.processed : WITHDRAW_MSG.unprocessed };
}

/** DELETE /withdraw/{id}: a pending request is refunded (hold −x, user +x) then hidden; a processed one is only hidden. */
export async function deleteWithdrawal(tx: Tx, actorId: string, id: string): Promise<{ refunded: boolean }> {
  await recheckActor(tx, actorId);
  const w = await lockRecord(tx, withdrawalRecords, id);
  const refunded = !w.withdrawed;
  if (refunded) {
    await post(tx, {
      kind: 'withdrawal_refund',
      eventKey: `withdrawal:${w.id}:refund`,
      postings: [
        { account: { code: 'hold:withdrawals' }, amountCents: -w.amountCents },
        { account: { userId: w.userId }, amountCents: w.amountCents },
      ],
      actorId,
      memo: { withdrawalId: w.id, paymentId: w.paymentId },
    });
    await notify(tx, { userId: w.userId, kind: 'withdrawal_refunded', params: { amountCents: w.amountCents, paymentId: w.paymentId } });
  }
  const [hidden] = await tx
    .update(withdrawals)
    .set({ hiddenAt: new Date(), version: w.version + 1, updatedAt: new Date() })
    .where(eq(withdrawals.id, w.id))
    .returning();
  await recordAudit(tx, {
    actorId,
    action: 'withdrawal.deleted',
    targetType: 'withdrawal',
    targetId: w.id,
    before: auditView(w),
    after: { ...auditView(hidden), refunded },
  });
  return { refunded };
}
