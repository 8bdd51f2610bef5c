// Withdrawals (docs/money.md): a request holds the amount at once (user −x, hold:withdrawals +x); processing
// pays it out (hold −x, external:withdrawals +x) and unprocessing reverses that; deleting a pending
// request refunds the hold. The withdrawal row is locked before the accounts, its version bumped on
// every state change, and each change posts under its own event key, so nothing happens twice.
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { WITHDRAW_MSG, centsToNumber, type AdminWithdrawalRecord, type WithdrawalRecord } from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { users, withdrawals } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { post } from '../../ledger/ledger.js';
import { UUID_PATTERN, likePattern } from '../../http/route-helpers.js';
import { recordAudit } from '../audit/audit.service.js';
import { readRowCount } from '../../db/row-counts.js';
import { centsNumber, isoTime, readJson } from '../../db/json.js';
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

export async function myWithdrawals(db: Db, userId: string): Promise<WithdrawalRecord[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), isNull(withdrawals.hiddenAt)))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id));
  return rows.map(toRecord);
}

/** The admin list's filter: visible records, optionally by status and by part of the owner's e-mail. */
function listFilter(db: Db, q: { status?: 'pending' | 'processed'; email?: string }): SQL | undefined {
  const where: SQL[] = [isNull(withdrawals.hiddenAt)];
  if (q.status) where.push(eq(withdrawals.withdrawed, q.status === 'processed'));
  if (q.email) where.push(inArray(withdrawals.userId, db.select({ id: users.id }).from(users).where(sql`${users.email} like ${likePattern(q.email)}`)));
  return and(...where);
}

/**
 * Unfiltered, the trigger-kept count; filtered, a count through the filter's index (every withdrawal has its user, a
 * foreign key, so it needs no join).
 */
function countListed(db: Db, q: { status?: string; email?: string }, cond: SQL | undefined): Promise<number> {
  return q.status || q.email ? db.select({ total: count() }).from(withdrawals).where(cond).then((r) => r[0].total) : readRowCount(db, 'withdrawals_visible');
}

export async function listWithdrawals(
  db: Db,
  q: { page: number; limit: number; status?: 'pending' | 'processed'; email?: string },
): Promise<{ withdrawals: AdminWithdrawalRecord[]; total: number }> {
  const cond = listFilter(db, q);
  // The page's ids first, from an index-only scan of withdrawals_admin_list_idx / withdrawals_admin_status_idx (a deep
  // page skips index entries, not joined rows); then only those rows are read and joined to their users.
  const page = db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(cond)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({ w: withdrawals, email: users.email })
      .from(page)
      .innerJoin(withdrawals, eq(withdrawals.id, page.id))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id)),
    countListed(db, q, cond),
  ]);
  return { withdrawals: rows.map((r) => ({ ...toRecord(r.w), email: r.email, userId: r.w.userId })), total };
}

/**
 * The unpaged read of a public-API client (no page or limit): the records of listWithdrawals, in the same order, at
 * most `max`, as JSON text built by PostgreSQL (10,000 rows cost no JavaScript object per row). `more`: there were
 * more than `max`.
 */
export async function listAllWithdrawalsJson(db: Db, q: { status?: 'pending' | 'processed'; email?: string }, max: number) {
  const cond = listFilter(db, q);
  const order = sql`${withdrawals.createdAt} desc, ${withdrawals.id} desc`;
  const [list, total] = await Promise.all([
    readJson(db, sql`
      -- The rows straight from the list's index scan; the owner's e-mail by key, row by row.
      with page as (
        select ${withdrawals.id} as id, ${withdrawals.amountCents} as amount_cents, ${withdrawals.paymentId} as payment_id,
               ${withdrawals.withdrawed} as withdrawed, ${withdrawals.createdAt} as created_at, ${withdrawals.userId} as user_id,
               row_number() over (order by ${order}) as rn
        from ${withdrawals}
        where ${cond} order by ${order} limit ${max + 1}
      )
      select count(*)::int as n, coalesce(json_agg(json_build_object(
               '_id', p.id, 'amount', ${centsNumber('p.amount_cents')}, 'paymentId', p.payment_id, 'withdrawed', p.withdrawed,
               'createdAt', ${isoTime('p.created_at')}, 'email', (select u.email from users u where u.id = p.user_id), 'userId', p.user_id
             ) order by p.rn) filter (where p.rn <= ${max}), '[]')::text as json
      from page p`),
    countListed(db, q, cond),
  ]);
  return { json: list.json, more: list.n > max, total };
}

/**
 * Locks the visible withdrawal named by {id}. A UUID-shaped {id} is only ever an _id (hidden or unknown: 404), never
 * a paymentId, so a request whose paymentId is another withdrawal's _id can never receive that one's processing.
 * Any other {id} is a paymentId that must name exactly one visible withdrawal.
 */
async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow> {
  const byId = UUID_PATTERN.test(id);
  const rows = await tx
    .select()
    .from(withdrawals)
    .where(and(byId ? eq(withdrawals.id, id.toLowerCase()) : eq(withdrawals.paymentId, id), isNull(withdrawals.hiddenAt)))
    .orderBy(withdrawals.id)
    .limit(2)
    .for('update');
  if (rows.length === 0) throw notFound(WITHDRAW_MSG.notFound);
  if (rows.length > 1) throw conflict(WITHDRAW_MSG.ambiguous);
  return rows[0];
}

const auditView = (w: WithdrawalRow) => ({ withdrawed: w.withdrawed, amount: centsToNumber(w.amountCents), paymentId: w.paymentId, hidden: w.hiddenAt !== null });

/** POST /withdraw/{id}: pending → processed (paid out of the hold), processed → pending (back into the hold). */
export async function toggleWithdrawal(tx: Tx, actorId: string, id: string, target?: boolean): Promise<{ withdrawed: boolean; message: string }> {
  await recheckActor(tx, actorId);
  const w = await lockWithdrawal(tx, id);
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
  const w = await lockWithdrawal(tx, id);
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
