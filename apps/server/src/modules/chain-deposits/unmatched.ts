// The admins' desk of chain transfers that credited nobody (decision 013): assign one to a user by e-mail (credited
// once, audited) or dismiss it (audited); and the poller's health for that page. A transfer to a user's own
// address below MIN_DEPOSIT lands here too, with its owner noted.
import { sql } from 'drizzle-orm';
import { CHAIN_MSG, centsToNumber, type ChainHealth, type UnmatchedTransfer } from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { recheckActor } from '../../services/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import type { ReferralRules } from '../referrals/referrals.service.js';
import { floorCents, iso, wholeCents, type ChainSettings } from './chain-settings.js';
import { NotCreditable, creditTransfer, lockTransfer, type TransferRow } from './settle.js';

export async function listUnmatched(db: Db, q: { page: number; limit: number }): Promise<{ transfers: UnmatchedTransfer[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.execute<{
      id: string; tx_id: string; position: number; token: string; from_address: string; to_address: string; value: string;
      block_time: Date | string; reason: string | null; created_at: Date | string; claimed_by: string[] | null; source: 'listing' | 'events';
    }>(sql`
      select t.id, t.tx_id, t.position, t.token, t.from_address, t.to_address, t.value::text as value, t.block_time, t.reason, t.created_at, t.source,
        (select array_agg(u.email order by c.created_at) from deposit_claims c join users u on u.id = c.user_id where c.tx_id = t.tx_id) as claimed_by
      from chain_transfers t where t.status = 'unmatched'
      order by t.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from chain_transfers where status = 'unmatched'`),
  ]);
  return {
    total: total.rows[0].n,
    transfers: rows.rows.map((r) => {
      const cents = r.source === 'events' ? floorCents(r.value) : wholeCents(r.value);
      return {
        _id: String(r.id),
        transactionId: r.tx_id,
        position: r.position,
        token: r.token,
        from: r.from_address,
        to: r.to_address,
        value: r.value,
        amount: cents === null ? null : centsToNumber(cents),
        blockTime: iso(r.block_time),
        reason: r.reason ?? '',
        claimedBy: r.claimed_by ?? [],
        createdAt: iso(r.created_at),
      };
    }),
  };
}

async function lockUnmatched(tx: Tx, id: string): Promise<TransferRow> {
  if (!/^\d{1,18}$/.test(id)) throw notFound(CHAIN_MSG.transferNotFound);
  const t = await lockTransfer(tx, Number(id));
  if (!t) throw notFound(CHAIN_MSG.transferNotFound);
  if (t.status !== 'unmatched') throw conflict(CHAIN_MSG.notUnmatched);
  return t;
}

const transferAudit = (t: TransferRow) => ({ transactionId: t.tx_id, position: t.position, value: t.value, token: t.token, status: t.status });

/** POST /deposit/unmatched/{id}/assign { email }: credits the transfer to that user, once, audited. */
export async function assignTransfer(tx: Tx, actorId: string, id: string, email: string, s: ChainSettings | null, referral: ReferralRules): Promise<void> {
  await recheckActor(tx, actorId);
  const t = await lockUnmatched(tx, id);
  const usdt = s?.usdtContract;
  // The shared address's transfers must be to it; a user's own address's (source 'events') were recorded only
  // because a user's address received them.
  if ((usdt && t.token !== usdt) || (s && t.source === 'listing' && t.to_address !== s.depositAddress)) throw conflict(CHAIN_MSG.notUsdtAssign);
  // Per-user addresses credit whole cents rounded down (the fraction stays on the address); payment requests' are exact.
  const cents = t.source === 'events' ? floorCents(t.value) : wholeCents(t.value);
  if (cents === null) throw conflict(CHAIN_MSG.fractionAssign);
  // Only a transfer the solidified receipt confirmed moves money: a reverted one (or one not checked yet) never does.
  if (t.verified !== true) throw conflict(t.verified === false ? CHAIN_MSG.failedAssign : CHAIN_MSG.uncheckedAssign);
  const { rows } = await tx.execute<{ id: string }>(sql`select id from users where email = ${email} and deleted_at is null`);
  const userId = rows[0]?.id;
  if (!userId) throw notFound(CHAIN_MSG.userNotFound);
  try {
    await creditTransfer(tx, t, cents, userId, { kind: 'deposit_chain_assigned', actorId, referral });
  } catch (e) {
    if (e instanceof NotCreditable) throw conflict(e.message);
    throw e;
  }
  await recordAudit(tx, {
    actorId,
    action: 'deposit.chain_assigned',
    targetType: 'chain_transfer',
    targetId: String(t.id),
    before: transferAudit(t),
    after: { ...transferAudit(t), status: 'credited', userId, email, amount: centsToNumber(cents) },
  });
}

/** POST /deposit/unmatched/{id}/dismiss: the transfer leaves the list without any credit, audited. */
export async function dismissTransfer(tx: Tx, actorId: string, id: string): Promise<void> {
  await recheckActor(tx, actorId);
  const t = await lockUnmatched(tx, id);
  await tx.execute(sql`update chain_transfers set status = 'dismissed', resolved_by = ${actorId}, resolved_at = now() where id = ${t.id}`);
  await recordAudit(tx, {
    actorId,
    action: 'deposit.chain_dismissed',
    targetType: 'chain_transfer',
    targetId: String(t.id),
    before: transferAudit(t),
    after: { ...transferAudit(t), status: 'dismissed' },
  });
}

export async function chainHealth(db: Db, enabled: boolean): Promise<ChainHealth> {
  const { rows } = await db.execute<{
    cursor_ms: string | null; last_poll_at: Date | null; last_success_at: Date | null; last_error_at: Date | null; last_error: string | null; seen: number; unmatched: number;
  }>(sql`
    select p.cursor_ms, p.last_poll_at, p.last_success_at, p.last_error_at, p.last_error,
      (select count(*)::int from chain_transfers) as seen,
      (select count(*)::int from chain_transfers where status = 'unmatched') as unmatched
    from chain_poller p where p.id = 1`);
  const r = rows[0];
  const t = (d: Date | string | null | undefined) => (d ? iso(d) : null);
  return {
    enabled,
    lastPollAt: t(r?.last_poll_at),
    lastSuccessAt: t(r?.last_success_at),
    lastErrorAt: t(r?.last_error_at),
    lastError: r?.last_error ?? null,
    cursor: r?.cursor_ms ? iso(new Date(Number(r.cursor_ms))) : null,
    transfersSeen: r?.seen ?? 0,
    unmatched: r?.unmatched ?? 0,
  };
}
