// Deposits (docs/money.md): a claim moves no money; approving credits the user from external:deposits,
// reverting takes it back (409 when the user no longer has it). Each state change locks the deposit row
// first (then the accounts, inside post()), bumps deposits.version and posts under the event key
// deposit:<id>:v<version>, so concurrent admin clicks apply one after another and never twice.
import { eq, sql } from 'drizzle-orm';
import { DEPOSIT_MSG, centsToNumber, transactionKey, type DepositRecord } from '@app/contract';
import { allColumns, fixedStatement, tableRow, type Tx } from '../../db/client.js';
import { deposits } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockRecord, type MoneyRecordKind } from '../money-records/money-records.service.js';
import { accountClosed } from '../users/closed-accounts.js';
import { recheckActor } from '../../services/actor.js';
import { payReferralShares, prepareFirstDepositBonus, type ReferralRules } from '../referrals/referrals.service.js';
import { postNotified, type NotificationInput } from '../notifications/notify.js';

type DepositRow = typeof deposits.$inferSelect;

const toRecord = (d: Pick<DepositRow, 'id' | 'amountCents' | 'transactionId' | 'deposited' | 'createdAt'>): DepositRecord => ({
  _id: d.id,
  amount: centsToNumber(d.amountCents),
  transactionId: d.transactionId,
  deposited: d.deposited,
  createdAt: d.createdAt.toISOString(),
});

export async function createDeposit(tx: Tx, userId: string, input: { amount: number; transactionId: string }): Promise<DepositRecord> {
  const [row] = await tx
    .insert(deposits)
    .values({ userId, amountCents: input.amount, transactionId: input.transactionId, transactionKey: transactionKey(input.transactionId) })
    .onConflictDoNothing({ target: deposits.transactionKey })
    .returning();
  if (!row) throw conflict(DEPOSIT_MSG.duplicate);
  return toRecord(row);
}

/** How the shared admin records (modules/money-records) read deposits. */
export const depositRecords: MoneyRecordKind<DepositRow, DepositRecord> = {
  table: deposits,
  done: { column: deposits.deposited, name: 'deposited', status: 'deposited' },
  reference: { column: deposits.transactionId, name: 'transactionId' },
  // A claim is named by its normalised transactionId (unique), so a pasted id in another spelling finds it too.
  byReference: (id) => eq(deposits.transactionKey, transactionKey(id)),
  visibleCount: 'deposits_visible',
  pendingCount: 'deposits_pending',
  toRecord,
  messages: { notFound: DEPOSIT_MSG.notFound, ambiguous: DEPOSIT_MSG.ambiguous },
};

/** A deposit's new state (approve or revert), built once: every approval writes it. */
const toggleStatement = fixedStatement<Record<string, unknown>, 'id' | 'deposited' | 'version' | 'updatedAt'>(
  (v) => sql`update ${deposits} set deposited = ${v('deposited')}::boolean, version = ${v('version')}::int, updated_at = ${v('updatedAt')}::timestamptz
    where id = ${v('id')}::uuid returning ${allColumns(deposits)}`,
);

/**
 * Posts the approve or revert of a locked deposit and returns its new state. An approval that is the user's first
 * credit also pays their referrer's first-deposit bonus (modules/referrals) under `referral`'s rules; a revert
 * takes no bonus back.
 */
async function applyToggle(
  tx: Tx,
  d: DepositRow,
  actorId: string,
  referral: ReferralRules | null,
  beforePosting?: (updated: DepositRow) => Promise<void>,
): Promise<DepositRow> {
  const version = d.version + 1;
  const approve = !d.deposited;
  // A closed (deleted) account takes no new money; a revert may still take back what was credited.
  if (approve && (await accountClosed(tx, d.userId))) throw conflict(DEPOSIT_MSG.accountClosed);
  const eventKey = `deposit:${d.id}:v${version}`;
  // The deposit's new state and the caller's audit record are written before the posting, and the user's
  // notification by the posting's own statement: the posting (or the bonus's locks) takes the one external:deposits
  // account that every approval shares, until the commit, so each statement after it holds every other approval back
  // (a refused posting rolls these back with the rest). The notification's lock comes after the accounts', as on
  // every money path (docs/money.md#lock-order): written before them, it closed a cycle with an approval whose bonus
  // notifies this user.
  const told = { amountCents: d.amountCents, reference: d.transactionId };
  const notice: NotificationInput = approve ? { userId: d.userId, kind: 'deposit_credited', params: { ...told, via: 'admin' } } : { userId: d.userId, kind: 'deposit_reverted', params: told };
  const { rows } = await toggleStatement(tx, { id: d.id, deposited: approve, version, updatedAt: new Date() });
  const updated = tableRow(deposits, rows[0]);
  await beforePosting?.(updated);
  const bonus = approve && referral ? await prepareFirstDepositBonus(tx, referral, d.userId, d.amountCents, { codes: ['external:deposits'], userIds: [d.userId] }) : [];
  await postNotified(tx, {
    kind: approve ? 'deposit_approve' : 'deposit_revert',
    eventKey,
    postings: approve
      ? [
          { account: { code: 'external:deposits' }, amountCents: -d.amountCents },
          { account: { userId: d.userId }, amountCents: d.amountCents },
        ]
      : [
          { account: { userId: d.userId }, amountCents: -d.amountCents },
          { account: { code: 'external:deposits' }, amountCents: d.amountCents },
        ],
    actorId,
    memo: { depositId: d.id, transactionId: d.transactionId },
    insufficientMessage: DEPOSIT_MSG.revertImpossible,
    insufficientStatus: 409,
  }, [notice]);
  await payReferralShares(tx, bonus, { kind: 'referral_bonus', causeKey: eventKey, actorId, memo: { depositId: d.id } });
  return updated;
}

const auditView = (d: DepositRow) => ({ deposited: d.deposited, amount: centsToNumber(d.amountCents), transactionId: d.transactionId, hidden: d.hiddenAt !== null });

/** POST /deposit/deposit/{id}: approve a pending deposit, revert a deposited one (or set `target`). */
export async function toggleDeposit(
  tx: Tx,
  actorId: string,
  id: string,
  target: boolean | undefined,
  referral: ReferralRules,
): Promise<{ deposited: boolean; message: string }> {
  await recheckActor(tx, actorId);
  const d = await lockRecord(tx, depositRecords, id);
  if (target !== undefined && target === d.deposited) throw conflict(DEPOSIT_MSG.alreadyInState);
  const updated = await applyToggle(tx, d, actorId, referral, (after) =>
    recordAudit(tx, {
      actorId,
      action: after.deposited ? 'deposit.approved' : 'deposit.reverted',
      targetType: 'deposit',
      targetId: d.id,
      before: auditView(d),
      after: auditView(after),
    }),
  );
  return { deposited: updated.deposited, message: updated.deposited ? DEPOSIT_MSG.approved : DEPOSIT_MSG.reverted };
}

/** DELETE /deposit/deposit/{id}: pending → hidden; deposited → reverted (409 if impossible), then hidden. */
export async function deleteDeposit(tx: Tx, actorId: string, id: string): Promise<void> {
  await recheckActor(tx, actorId);
  const d = await lockRecord(tx, depositRecords, id);
  const current = d.deposited ? await applyToggle(tx, d, actorId, null) : d;
  const [hidden] = await tx.update(deposits).set({ hiddenAt: new Date(), updatedAt: new Date() }).where(eq(deposits.id, d.id)).returning();
  await recordAudit(tx, {
    actorId,
    action: 'deposit.deleted',
    targetType: 'deposit',
    targetId: d.id,
    before: auditView(d),
    after: { ...auditView(hidden), reverted: current !== d },
  });
}
