// Deposits (docs/money.md): a claim moves no money; approving credits the user from external:deposits,
// reverting takes it back (409 when the user no longer has it). Each state change locks the deposit row
// first (then the accounts, inside post()), bumps deposits.version and posts under the event key
// deposit:<id>:v<version>, so concurrent admin clicks apply one after another and never twice.
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DEPOSIT_MSG, centsToNumber, transactionKey, type AdminDepositRecord, type DepositRecord } from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { deposits, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import { post } from '../../ledger/ledger.js';
import { UUID_PATTERN, likePattern } from '../../http/route-helpers.js';
import { recordAudit } from '../audit/audit.service.js';
import { readRowCount } from '../../db/row-counts.js';
import { centsNumber, isoTime, readJson } from '../../db/json.js';
import { accountClosed } from '../users/closed-accounts.js';
import { recheckActor } from '../../services/actor.js';
import { payReferralShares, prepareFirstDepositBonus, type ReferralRules } from '../referrals/referrals.service.js';
import { notify } from '../notifications/notify.js';

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

export async function myDeposits(db: Db, userId: string): Promise<DepositRecord[]> {
  const rows = await db
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), isNull(deposits.hiddenAt)))
    .orderBy(desc(deposits.createdAt), desc(deposits.id));
  return rows.map(toRecord);
}

/** The admin list's filter: visible records, optionally by status and by part of the owner's e-mail. */
function listFilter(db: Db, q: { status?: 'pending' | 'deposited'; email?: string }): SQL | undefined {
  const where: SQL[] = [isNull(deposits.hiddenAt)];
  if (q.status) where.push(eq(deposits.deposited, q.status === 'deposited'));
  if (q.email) where.push(inArray(deposits.userId, db.select({ id: users.id }).from(users).where(sql`${users.email} like ${likePattern(q.email)}`)));
  return and(...where);
}

/**
 * Unfiltered, the trigger-kept count; filtered, a count through the filter's index (every deposit has its user, a
 * foreign key, so it needs no join).
 */
function countListed(db: Db, q: { status?: string; email?: string }, cond: SQL | undefined): Promise<number> {
  return q.status || q.email ? db.select({ total: count() }).from(deposits).where(cond).then((r) => r[0].total) : readRowCount(db, 'deposits_visible');
}

export async function listDeposits(
  db: Db,
  q: { page: number; limit: number; status?: 'pending' | 'deposited'; email?: string },
): Promise<{ deposits: AdminDepositRecord[]; total: number }> {
  const cond = listFilter(db, q);
  // The page's ids first, from an index-only scan of deposits_admin_list_idx / deposits_admin_status_idx (a deep
  // page skips index entries, not joined rows); then only those rows are read and joined to their users.
  const page = db
    .select({ id: deposits.id })
    .from(deposits)
    .where(cond)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .as('page');
  const [rows, total] = await Promise.all([
    db
      .select({ d: deposits, email: users.email })
      .from(page)
      .innerJoin(deposits, eq(deposits.id, page.id))
      .innerJoin(users, eq(users.id, deposits.userId))
      .orderBy(desc(deposits.createdAt), desc(deposits.id)),
    countListed(db, q, cond),
  ]);
  return { deposits: rows.map((r) => ({ ...toRecord(r.d), email: r.email, userId: r.d.userId })), total };
}

/**
 * The unpaged read of a public-API client (no page or limit): the records of listDeposits, in the same order, at
 * most `max`, as JSON text built by PostgreSQL (10,000 rows cost no JavaScript object per row). `more`: there were
 * more than `max`.
 */
export async function listAllDepositsJson(db: Db, q: { status?: 'pending' | 'deposited'; email?: string }, max: number) {
  const cond = listFilter(db, q);
  const order = sql`${deposits.createdAt} desc, ${deposits.id} desc`;
  const [list, total] = await Promise.all([
    readJson(db, sql`
      -- The rows straight from the list's index scan; the owner's e-mail by key, row by row.
      with page as (
        select ${deposits.id} as id, ${deposits.amountCents} as amount_cents, ${deposits.transactionId} as transaction_id,
               ${deposits.deposited} as deposited, ${deposits.createdAt} as created_at, ${deposits.userId} as user_id,
               row_number() over (order by ${order}) as rn
        from ${deposits}
        where ${cond} order by ${order} limit ${max + 1}
      )
      select count(*)::int as n, coalesce(json_agg(json_build_object(
               '_id', p.id, 'amount', ${centsNumber('p.amount_cents')}, 'transactionId', p.transaction_id, 'deposited', p.deposited,
               'createdAt', ${isoTime('p.created_at')}, 'email', (select u.email from users u where u.id = p.user_id), 'userId', p.user_id
             ) order by p.rn) filter (where p.rn <= ${max}), '[]')::text as json
      from page p`),
    countListed(db, q, cond),
  ]);
  return { json: list.json, more: list.n > max, total };
}

/**
 * Locks and returns the visible deposit named by {id}. A UUID-shaped {id} is only ever an _id (hidden or unknown:
 * 404), never a transactionId: otherwise a claim whose transactionId is another deposit's _id would receive the
 * admin's action once that deposit is hidden. Any other {id} (for the product's clients) is a transactionId that must
 * name exactly one visible deposit.
 */
async function lockDeposit(tx: Tx, id: string): Promise<DepositRow> {
  const byId = UUID_PATTERN.test(id);
  const candidates = await tx
    .select()
    .from(deposits)
    .where(and(byId ? eq(deposits.id, id.toLowerCase()) : eq(deposits.transactionKey, transactionKey(id)), isNull(deposits.hiddenAt)))
    .orderBy(deposits.id)
    .limit(2)
    .for('update');
  if (candidates.length === 0) throw notFound(DEPOSIT_MSG.notFound);
  if (candidates.length > 1) throw conflict(DEPOSIT_MSG.ambiguous);
  return candidates[0];
}

/**
 * Posts the approve or revert of a locked deposit and returns its new state. An approval that is the user's first
 * credit also pays their referrer's first-deposit bonus (modules/referrals) under `referral`'s rules; a revert
 * takes no bonus back.
 */
async function applyToggle(tx: Tx, d: DepositRow, actorId: string, referral: ReferralRules | null): Promise<DepositRow> {
  const version = d.version + 1;
  const approve = !d.deposited;
  // A closed (deleted) account takes no new money; a revert may still take back what was credited.
  if (approve && (await accountClosed(tx, d.userId))) throw conflict(DEPOSIT_MSG.accountClosed);
  const eventKey = `deposit:${d.id}:v${version}`;
  const bonus = approve && referral ? await prepareFirstDepositBonus(tx, referral, d.userId, d.amountCents, { codes: ['external:deposits'], userIds: [d.userId] }) : [];
  await post(tx, {
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
  });
  const told = { amountCents: d.amountCents, reference: d.transactionId };
  await notify(tx, approve ? { userId: d.userId, kind: 'deposit_credited', params: { ...told, via: 'admin' } } : { userId: d.userId, kind: 'deposit_reverted', params: told });
  await payReferralShares(tx, bonus, { kind: 'referral_bonus', causeKey: eventKey, actorId, memo: { depositId: d.id } });
  const [updated] = await tx
    .update(deposits)
    .set({ deposited: approve, version, updatedAt: new Date() })
    .where(eq(deposits.id, d.id))
    .returning();
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
  const d = await lockDeposit(tx, id);
  if (target !== undefined && target === d.deposited) throw conflict(DEPOSIT_MSG.alreadyInState);
  const updated = await applyToggle(tx, d, actorId, referral);
  await recordAudit(tx, {
    actorId,
    action: updated.deposited ? 'deposit.approved' : 'deposit.reverted',
    targetType: 'deposit',
    targetId: d.id,
    before: auditView(d),
    after: auditView(updated),
  });
  return { deposited: updated.deposited, message: updated.deposited ? DEPOSIT_MSG.approved : DEPOSIT_MSG.reverted };
}

/** DELETE /deposit/deposit/{id}: pending → hidden; deposited → reverted (409 if impossible), then hidden. */
export async function deleteDeposit(tx: Tx, actorId: string, id: string): Promise<void> {
  await recheckActor(tx, actorId);
  const d = await lockDeposit(tx, id);
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
