// Subscription with points (docs/money.md): needs balance ≥ SUBSCRIPTION_MIN_BALANCE, and at least that much money
// brought into the platform by this user (FUNDING_KINDS: approved deposits and admin additions, net of reverts
// and removals; points received by transfer do not count, so twelve points passed along a chain of fresh accounts
// subscribe one of them, not all). Charges SUBSCRIPTION_PRICE to income:subscriptions, once. The user row is locked first (then the account),
// so concurrent activations run one after another and only the first finds the user unsubscribed;
// the accounts are then locked in id order, as everywhere else.
import { eq, sql } from 'drizzle-orm';
import { MSG, SUBSCRIPTION_MSG, formatCents } from '@app/contract';
import { users } from '../../db/schema/index.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { post } from '../../ledger/ledger.js';
import { notify } from '../notifications/notify.js';
import type { Tx } from '../../db/client.js';

// deposit_chain / deposit_chain_assigned: deposits confirmed on the Tron chain (chain-deposits module).
/** Ledger kinds that bring money into the platform for a user (or take it back out): the funding that counts. */
export const FUNDING_KINDS = ['deposit_approve', 'deposit_revert', 'adjustment_add', 'adjustment_remove', 'deposit_chain', 'deposit_chain_assigned'] as const;

/** Net money brought in for the user: the sum of their account's entries in FUNDING_KINDS transactions. */
export async function fundedCents(tx: Tx, userId: string): Promise<number> {
  const { rows } = await tx.execute<{ funded: number | null }>(sql`
    select sum(e.amount_cents)::bigint as funded
    from ledger_entries e
    join ledger_transactions t on t.id = e.transaction_id
    where e.account_id = (select id from ledger_accounts where user_id = ${userId})
      and t.kind in (${sql.join(FUNDING_KINDS.map((k) => sql`${k}`), sql`, `)})`);
  return Number(rows[0]?.funded ?? 0);
}

/** 1200 → "12", 1250 → "12.50": the minimum as the original message writes it. */
function minimumText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : formatCents(cents);
}

export async function activateWithPoints(tx: Tx, userId: string, priceCents: number, minBalanceCents: number): Promise<void> {
  // FOR NO KEY UPDATE, not FOR UPDATE: this transaction may already hold a FOR KEY SHARE lock on the row (the
  // foreign key of the Idempotency-Key row it inserted), and so may a concurrent activation; FOR UPDATE conflicts
  // with KEY SHARE, so two of them would deadlock (→ retries, then 500). NO KEY UPDATE still serialises them.
  const rows = await tx.execute<{ subscribed_at: Date | null; deleted_at: Date | null }>(
    sql`select subscribed_at, deleted_at from users where id = ${userId} for no key update`,
  );
  const user = rows.rows[0];
  if (!user || user.deleted_at) throw notFound('User not found');
  if (user.subscribed_at) throw conflict(SUBSCRIPTION_MSG.already);
  // Lock both accounts the charge touches, in id order like post() does, then read the balance.
  const accounts = await tx.execute<{ user_id: string | null; balance_cents: number }>(
    sql`select user_id, balance_cents from ledger_accounts where user_id = ${userId} or code = 'income:subscriptions' order by id for update`,
  );
  const balance = Number(accounts.rows.find((a) => a.user_id === userId)?.balance_cents ?? 0);
  if (balance < minBalanceCents || balance < priceCents) throw badRequest(MSG.subscriptionNotEnough);
  if (minBalanceCents > 0 && (await fundedCents(tx, userId)) < minBalanceCents) {
    throw badRequest(SUBSCRIPTION_MSG.depositFirst(minimumText(minBalanceCents)));
  }
  if (priceCents > 0) {
    await post(tx, {
      kind: 'subscription',
      eventKey: `subscription:${userId}`,
      postings: [
        { account: { userId }, amountCents: -priceCents },
        { account: { code: 'income:subscriptions' }, amountCents: priceCents },
      ],
      actorId: userId,
      memo: { userId },
      insufficientMessage: MSG.subscriptionNotEnough,
      insufficientStatus: 400,
    });
  }
  const updated = await tx.update(users).set({ subscribedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId)).returning({ id: users.id });
  if (updated.length !== 1) throw new AppError(500, 'Subscription could not be saved');
  await notify(tx, { userId, kind: 'subscription_activated', params: { priceCents, via: 'points' } });
}
