// Withdrawals (docs/money.md): a request takes the amount at once (user −x, hold:withdrawals +net,
// income:withdrawal_fees +fee); processing pays the net out (hold −net, external:withdrawals +net) and unprocessing
// reverses that; deleting a pending request returns the hold and the fee. The withdrawal row is locked before the
// accounts, its version bumped on every state change, and each change posts under its own event key, so nothing
// happens twice. The rules (docs/product.md#withdrawals, decision 021) are live settings read per request.
import { eq, sql } from 'drizzle-orm';
import { WITHDRAW_MSG, centsToNumber, formatCents, withdrawalFeeCents, type DeskWithdrawal, type WithdrawalRecord } from '@app/contract';
import { allColumns, fixedStatement, tableRow, type Db, type Tx } from '../../db/client.js';
import { withdrawalApprovals, withdrawals } from '../../db/schema/index.js';
import { PG, badRequest, conflict, pgCode } from '../../errors.js';
import { centsNumber, isoTime } from '../../db/json.js';
import type { SettingsStore } from '../settings/settings.store.js';
import { post } from '../../ledger/ledger.js';
import { recordAudit } from '../audit/audit.service.js';
import { lockRecord, type MoneyRecordKind } from '../money-records/money-records.service.js';
import { recheckActor } from '../../services/actor.js';
import { notify, postNotified } from '../notifications/notify.js';

type WithdrawalRow = typeof withdrawals.$inferSelect;

const netCents = (w: Pick<WithdrawalRow, 'amountCents' | 'feeCents'>) => w.amountCents - w.feeCents;

const toRecord = (w: WithdrawalRow): WithdrawalRecord => ({
  _id: w.id,
  amount: centsToNumber(w.amountCents),
  paymentId: w.paymentId,
  withdrawed: w.withdrawed,
  createdAt: w.createdAt.toISOString(),
  fee: centsToNumber(w.feeCents),
  net: centsToNumber(netCents(w)),
  payableAfter: w.payableAfter?.toISOString() ?? null,
  payoutTxId: w.payoutTxId,
});

/** The withdrawal rules in force (settings, read at each request; amounts in cents, the percentage in basis points). */
export interface WithdrawRuleSet {
  minCents: number;
  maxCents: number;
  feeFixedCents: number;
  feePercentBp: number;
  dailyLimitCents: number;
  holdHours: number;
  fourEyesAboveCents: number;
  proofRequired: boolean;
}

export function withdrawRuleSet(settings: Pick<SettingsStore, 'get'>): WithdrawRuleSet {
  return {
    minCents: settings.get('withdrawMin'),
    maxCents: settings.get('withdrawMax'),
    feeFixedCents: settings.get('withdrawFeeFixed'),
    feePercentBp: settings.get('withdrawFeePercent'),
    dailyLimitCents: settings.get('withdrawDailyLimit'),
    holdHours: settings.get('withdrawNewAddressHoldHours'),
    fourEyesAboveCents: settings.get('withdrawFourEyesAbove'),
    proofRequired: settings.get('withdrawProofRequired') === 'required',
  };
}

const HOUR_MS = 60 * 60 * 1000;
const usdt = (cents: number) => formatCents(cents);

// A withdrawal request's statements, built once (fixedStatement): every request sends them.
/**
 * The user's row locked first, so two requests of one user read and add to the 24-hour sum one after the other. Two
 * statements, not one: the sum must be read with a snapshot taken after the lock was granted (READ COMMITTED takes
 * one per statement), or it would miss the request it waited for.
 */
const lockUserStatement = fixedStatement<Record<string, never>, 'userId'>((v) => sql`select 1 from users where id = ${v('userId')}::uuid for no key update`);
const dailySumStatement = fixedStatement<{ total: number }, 'userId' | 'since'>(
  (v) => sql`select coalesce(sum(amount_cents), 0)::bigint as total from ${withdrawals} where user_id = ${v('userId')}::uuid and hidden_at is null and created_at > ${v('since')}::timestamptz`,
);
/** An address paid to this user before. */
const knownAddressStatement = fixedStatement<{ id: string }, 'userId' | 'paymentId'>(
  (v) => sql`select id from ${withdrawals} where user_id = ${v('userId')}::uuid and payment_id = ${v('paymentId')}::text and withdrawed limit 1`,
);
const requestInsert = fixedStatement<Record<string, unknown>, 'userId' | 'amountCents' | 'feeCents' | 'paymentId' | 'payableAfter' | 'now'>(
  (v) => sql`
    insert into ${withdrawals} (user_id, amount_cents, fee_cents, payment_id, payable_after, created_at, updated_at)
    values (${v('userId')}::uuid, ${v('amountCents')}::bigint, ${v('feeCents')}::bigint, ${v('paymentId')}::text, ${v('payableAfter')}::timestamptz, ${v('now')}::timestamptz, ${v('now')}::timestamptz)
    returning ${allColumns(withdrawals)}`,
);

export async function requestWithdrawal(
  tx: Tx,
  userId: string,
  input: { amount: number; paymentId: string },
  rules: WithdrawRuleSet,
  now: Date,
): Promise<{ record: WithdrawalRecord; held: boolean }> {
  const amount = input.amount;
  if (amount < rules.minCents) throw badRequest(WITHDRAW_MSG.belowMin(usdt(rules.minCents)));
  if (rules.maxCents > 0 && amount > rules.maxCents) throw badRequest(WITHDRAW_MSG.aboveMax(usdt(rules.maxCents)));
  const fee = withdrawalFeeCents(amount, { fixedCents: rules.feeFixedCents, percentBp: rules.feePercentBp });
  if (fee >= amount) throw badRequest(WITHDRAW_MSG.feeTooHigh(usdt(fee)));
  if (rules.dailyLimitCents > 0) {
    // The user's row is locked first, so two requests of one user read and add to the 24-hour sum one after the other.
    await lockUserStatement(tx, { userId });
    const since = new Date(now.getTime() - 24 * HOUR_MS);
    const [{ total }] = (await dailySumStatement(tx, { userId, since })).rows;
    const left = Math.max(rules.dailyLimitCents - Number(total), 0);
    if (amount > left) throw badRequest(WITHDRAW_MSG.dailyLimit(usdt(rules.dailyLimitCents), usdt(left)));
  }
  let payableAfter: Date | null = null;
  if (rules.holdHours > 0) {
    // New to this user: never paid to them before (a request alone does not make an address known).
    const { rows: known } = await knownAddressStatement(tx, { userId, paymentId: input.paymentId });
    if (known.length === 0) payableAfter = new Date(now.getTime() + rules.holdHours * HOUR_MS);
  }
  const { rows } = await requestInsert(tx, { userId, amountCents: amount, feeCents: fee, paymentId: input.paymentId, payableAfter, now });
  const row = tableRow(withdrawals, rows[0]);
  // The notification is written by the posting's own statement: the posting locks the one hold:withdrawals account
  // that every request shares, until the commit, so a statement after it would hold every other request back; and its
  // lock comes after the accounts', as on every money path (docs/money.md#lock-order).
  await postNotified(tx, {
    kind: 'withdrawal_request',
    eventKey: `withdrawal:${row.id}:request`,
    postings: [
      { account: { userId }, amountCents: -amount },
      { account: { code: 'hold:withdrawals' }, amountCents: amount - fee },
      ...(fee > 0 ? [{ account: { code: 'income:withdrawal_fees' as const }, amountCents: fee }] : []),
    ],
    actorId: userId,
    memo: { withdrawalId: row.id, paymentId: row.paymentId, ...(fee > 0 ? { feeCents: fee } : {}) },
    insufficientMessage: WITHDRAW_MSG.insufficient,
    insufficientStatus: 400,
  }, [{ userId, kind: 'withdrawal_requested', params: { amountCents: amount, paymentId: row.paymentId } }]);
  return { record: toRecord(row), held: payableAfter !== null };
}

/** Admins (still admins, not `exceptId`) who approved withdrawal `id`. */
async function currentApprovers(tx: Tx, id: string): Promise<{ id: string; email: string }[]> {
  const { rows } = await tx.execute<{ id: string; email: string }>(sql`
    select u.id, u.email from withdrawal_approvals a join users u on u.id = a.admin_id
    where a.withdrawal_id = ${id} and u.deleted_at is null and u.role in ('ADMIN', 'SADMIN')
    order by a.created_at, u.id`);
  return rows;
}

/** The rules that stand before marking `w` paid by `actorId`: the new-address hold, then four-eyes. */
async function assertPayable(tx: Tx, w: WithdrawalRow, actorId: string, rules: WithdrawRuleSet, now: Date): Promise<void> {
  if (w.payableAfter && w.payableAfter.getTime() > now.getTime()) throw conflict(WITHDRAW_MSG.heldUntil(w.payableAfter.toISOString()));
  if (rules.fourEyesAboveCents > 0 && w.amountCents > rules.fourEyesAboveCents) {
    const others = (await currentApprovers(tx, w.id)).filter((a) => a.id !== actorId);
    if (others.length === 0) throw conflict(WITHDRAW_MSG.fourEyes);
  }
}

/** POST /withdraw/{id}/approve: one admin's approval (four-eyes), once. */
export async function approveWithdrawal(tx: Tx, actorId: string, id: string): Promise<void> {
  await recheckActor(tx, actorId);
  const w = await lockRecord(tx, withdrawalRecords, id);
  if (w.withdrawed) throw conflict(WITHDRAW_MSG.approveNotPending);
  const inserted = await tx.insert(withdrawalApprovals).values({ withdrawalId: w.id, adminId: actorId }).onConflictDoNothing().returning();
  if (inserted.length === 0) throw conflict(WITHDRAW_MSG.alreadyApproved);
  await recordAudit(tx, { actorId, action: 'withdrawal.approved', targetType: 'withdrawal', targetId: w.id, before: auditView(w), after: auditView(w) });
}

/** How many pending requests the desk shows at once (the oldest first: the work). */
export const DESK_MAX = 500;

/**
 * The desk: pending requests, oldest first, each with its rule state (held until, awaiting a second admin,
 * approved by). `approvedOnly`: only those payable now (the queue a wallet's batch send pays).
 */
export async function deskQueue(db: Db, rules: WithdrawRuleSet, now: Date, approvedOnly = false): Promise<DeskWithdrawal[]> {
  const { rows } = await db.execute<WithdrawalRow & { email: string; approved_by: string[] | null }>(sql`
    select w.id, w.user_id, w.amount_cents::text as amount_cents, w.fee_cents::text as fee_cents, w.payment_id, w.withdrawed,
           w.created_at, w.payable_after, w.payout_tx_id, u.email,
           (select array_agg(a.email order by ap.created_at) from withdrawal_approvals ap join users a on a.id = ap.admin_id
            where ap.withdrawal_id = w.id and a.deleted_at is null and a.role in ('ADMIN', 'SADMIN')) as approved_by
    from withdrawals w join users u on u.id = w.user_id
    where w.withdrawed = false and w.hidden_at is null
    order by w.created_at, w.id
    limit ${DESK_MAX}`);
  const out: DeskWithdrawal[] = [];
  for (const r of rows as unknown as Record<string, unknown>[]) {
    const row = {
      id: r.id as string,
      userId: r.user_id as string,
      amountCents: Number(r.amount_cents),
      feeCents: Number(r.fee_cents),
      paymentId: r.payment_id as string,
      withdrawed: r.withdrawed as boolean,
      createdAt: new Date(r.created_at as string),
      payableAfter: r.payable_after ? new Date(r.payable_after as string) : null,
      payoutTxId: (r.payout_tx_id as string | null) ?? null,
    } as WithdrawalRow;
    const approvedBy = (r.approved_by as string[] | null) ?? [];
    const heldUntil = row.payableAfter && row.payableAfter.getTime() > now.getTime() ? row.payableAfter.toISOString() : null;
    const awaitingSecondAdmin = rules.fourEyesAboveCents > 0 && row.amountCents > rules.fourEyesAboveCents && approvedBy.length === 0;
    if (approvedOnly && (heldUntil || awaitingSecondAdmin)) continue;
    out.push({ ...toRecord(row), email: r.email as string, userId: row.userId, approvedBy, heldUntil, awaitingSecondAdmin });
  }
  return out;
}

/** The approved queue as CSV for a wallet's batch send: address, net amount, withdrawal id. */
export function deskCsv(queue: DeskWithdrawal[]): string {
  // Addresses are base58 and ids UUIDs: nothing to quote; the amount has a dot and no thousands separator.
  return ['address,net_amount,id', ...queue.map((w) => `${w.paymentId},${w.net.toFixed(2)},${w._id}`)].join('\r\n') + '\r\n';
}

/** How the shared admin records (modules/money-records) read withdrawals. */
export const withdrawalRecords: MoneyRecordKind<WithdrawalRow, WithdrawalRecord> = {
  table: withdrawals,
  done: { column: withdrawals.withdrawed, name: 'withdrawed', status: 'processed' },
  reference: { column: withdrawals.paymentId, name: 'paymentId' },
  // A paymentId as typed; several requests may share one (then {id} must be the _id).
  byReference: (id) => eq(withdrawals.paymentId, id),
  visibleCount: 'withdrawals_visible',
  pendingCount: 'withdrawals_pending',
  toRecord,
  messages: { notFound: WITHDRAW_MSG.notFound, ambiguous: WITHDRAW_MSG.ambiguous },
  extraFields: sql`${centsNumber('p.fee_cents')} as fee, ${centsNumber('p.amount_cents - p.fee_cents')} as net,
    case when p.payable_after is null then null else ${isoTime('p.payable_after')} end as "payableAfter", p.payout_tx_id as "payoutTxId"`,
};

const auditView = (w: WithdrawalRow) => ({
  withdrawed: w.withdrawed,
  amount: centsToNumber(w.amountCents),
  fee: centsToNumber(w.feeCents),
  paymentId: w.paymentId,
  payoutTxId: w.payoutTxId,
  hidden: w.hiddenAt !== null,
});

interface RuleContext {
  rules: WithdrawRuleSet;
  now: Date;
}

/**
 * POST /withdraw/{id}: pending → processed (the net paid out of the hold), processed → pending (back into the hold).
 * Marking paid passes the rules first (proof required, hold, four-eyes); one proven on the chain stays paid.
 */
export async function toggleWithdrawal(tx: Tx, actorId: string, id: string, target: boolean | undefined, rc: RuleContext): Promise<{ withdrawed: boolean; message: string }> {
  await recheckActor(tx, actorId);
  const w = await lockRecord(tx, withdrawalRecords, id);
  if (target !== undefined && target === w.withdrawed) throw conflict(WITHDRAW_MSG.alreadyInState);
  if (w.withdrawed && w.payoutTxId) throw conflict(WITHDRAW_MSG.provenOnChain);
  if (!w.withdrawed) {
    if (rc.rules.proofRequired) throw conflict(WITHDRAW_MSG.proofRequired);
    await assertPayable(tx, w, actorId, rc.rules, rc.now);
  }
  const updated = await setPaid(tx, actorId, w, !w.withdrawed, null);
  return { withdrawed: updated.withdrawed, message: updated.withdrawed ? WITHDRAW_MSG.processed : WITHDRAW_MSG.unprocessed };
}

/**
 * POST /withdraw/{id}/payout, after the chain confirmed `txId` pays exactly this withdrawal (`checked`: the address
 * and net it was checked against): marks it paid with its transaction id, under the same rules as the toggle.
 */
export async function payWithProof(
  tx: Tx,
  actorId: string,
  id: string,
  txId: string,
  checked: { paymentId: string; netCents: number },
  rc: RuleContext,
): Promise<void> {
  await recheckActor(tx, actorId);
  const w = await lockRecord(tx, withdrawalRecords, id);
  if (w.withdrawed) throw conflict(WITHDRAW_MSG.alreadyInState);
  if (w.paymentId !== checked.paymentId || netCents(w) !== checked.netCents) throw conflict(WITHDRAW_MSG.txWrongAmount(usdt(netCents(w))));
  await assertPayable(tx, w, actorId, rc.rules, rc.now);
  await setPaid(tx, actorId, w, true, txId);
}

/** The ledger, the notification, the row and the audit record of a state change, in that order. */
async function setPaid(tx: Tx, actorId: string, w: WithdrawalRow, processing: boolean, txId: string | null): Promise<WithdrawalRow> {
  const version = w.version + 1;
  const net = netCents(w);
  let updated: WithdrawalRow;
  try {
    // The row first: the unique payout_tx_id refuses a transaction that already pays another withdrawal.
    [updated] = await tx
      .update(withdrawals)
      .set({ withdrawed: processing, version, payoutTxId: txId, updatedAt: new Date() })
      .where(eq(withdrawals.id, w.id))
      .returning();
  } catch (e) {
    if (pgCode(e) === PG.uniqueViolation) throw conflict(WITHDRAW_MSG.txUsed);
    throw e;
  }
  await post(tx, {
    kind: processing ? 'withdrawal_process' : 'withdrawal_unprocess',
    eventKey: `withdrawal:${w.id}:v${version}`,
    postings: processing
      ? [
          { account: { code: 'hold:withdrawals' }, amountCents: -net },
          { account: { code: 'external:withdrawals' }, amountCents: net },
        ]
      : [
          { account: { code: 'external:withdrawals' }, amountCents: -net },
          { account: { code: 'hold:withdrawals' }, amountCents: net },
        ],
    actorId,
    memo: { withdrawalId: w.id, paymentId: w.paymentId, userId: w.userId, ...(txId ? { payoutTxId: txId } : {}) },
  });
  // Paid out: the user is told. Taking a payment back into the hold (an admin's correction) moves none of theirs.
  if (processing) {
    await notify(tx, { userId: w.userId, kind: 'withdrawal_processed', params: { amountCents: net, paymentId: w.paymentId, ...(txId ? { txId } : {}) } });
  }
  await recordAudit(tx, {
    actorId,
    action: processing ? 'withdrawal.processed' : 'withdrawal.unprocessed',
    targetType: 'withdrawal',
    targetId: w.id,
    before: auditView(w),
    after: auditView(updated),
  });
  return updated;
}

/** DELETE /withdraw/{id}: a pending request is refunded (hold −net, fee −fee, user +x) then hidden; a processed one is only hidden. */
export async function deleteWithdrawal(tx: Tx, actorId: string, id: string): Promise<{ refunded: boolean }> {
  await recheckActor(tx, actorId);
  const w = await lockRecord(tx, withdrawalRecords, id);
  const refunded = !w.withdrawed;
  if (refunded) {
    await post(tx, {
      kind: 'withdrawal_refund',
      eventKey: `withdrawal:${w.id}:refund`,
      postings: [
        { account: { code: 'hold:withdrawals' }, amountCents: -netCents(w) },
        ...(w.feeCents > 0 ? [{ account: { code: 'income:withdrawal_fees' as const }, amountCents: -w.feeCents }] : []),
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
