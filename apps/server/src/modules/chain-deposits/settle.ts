// Recording and settling chain transfers (docs/money.md, decisions 013 and 020; the receipt rule: docs/security.md §7b). Every USDT transfer seen on the chain is one
// chain_transfers row (unique on transaction id + position); nothing a listing or an event feed says is believed
// on its own: a row is credited only once the solidified transaction's receipt is SUCCESS and its log holds that
// USDT Transfer (applyReceipts). Two sources, one crediting path:
//   listing — the shared address's listing (payment requests): position = the index among the transaction's USDT
//             Transfer logs to the deposit address; credited to the payment request it matches.
//   events  — the USDT contract's Transfer events to a user's own address: position = the event's event_index,
//             the index of the log entry in the transaction's log (java-tron's event plugin numbers a transaction's
//             logs in order, and TronGrid serves that number); credited to the address's owner, any amount from
//             MIN_DEPOSIT up, rounded down to whole cents (the fraction of a cent stays on the address, in the memo).
//
// Crediting is one database transaction: the transfer row (locked first), the request (if any), the user row (FOR
// SHARE: a closed account takes no new money), a `deposits` row as the user's receipt (its transaction_key is unique,
// so a manual claim of the same transaction and a chain credit can never both exist), the ledger posting under the
// event key chain:<txid>:<position> (unique: whoever credits a transfer — poller, watcher, pasted id, admin — does
// so once), the notification, the audit record of an admin assignment, and the referrer's first-deposit bonus.
import { sql } from 'drizzle-orm';
import { CHAIN_MSG } from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { post } from '../../ledger/ledger.js';
import { accountClosed } from '../users/closed-accounts.js';
import { TRANSFER_TOPIC, hex20ToTron, tronToHex20 } from './tron-address.js';
import type { TronApi, TxInfo } from './tron-api.js';
import { payReferralShares, prepareFirstDepositBonus, type ReferralRules } from '../referrals/referrals.service.js';
import { notify } from '../notifications/notify.js';
import { UNITS_PER_CENT, floorCents, wholeCents, type ChainCreditKind, type ChainSettings } from './chain-settings.js';
import { inTransaction } from '../../db/transaction.js';

/** Transactions whose receipts a poll asks for again (listed before they were solidified), at most. */
const MAX_RECEIPTS_PER_POLL = 200;
/** Transfers settled per database transaction (a poll page is 200). */
const SETTLE_BATCH = 200;

export interface SeenTransfer {
  txId: string;
  position: number;
  token: string;
  from: string;
  to: string;
  /** Token units (6 decimals), as decimal text. */
  value: string;
  blockTimeMs: number;
  /** Where it was seen (default 'listing'); 'events': a transfer to a user's own address, position = event_index. */
  source?: 'listing' | 'events';
}

/**
 * Records the transfers not recorded yet (one statement); returns the ids of the new rows. `verified`: they come from
 * the solidified transaction's receipt (a pasted id); the poller's come from a listing and are confirmed against
 * the receipt before anything is credited (`confirmOnChain`).
 */
export async function recordTransfers(db: Db | Tx, items: SeenTransfer[], verified: boolean): Promise<number[]> {
  if (items.length === 0) return [];
  const json = JSON.stringify(
    items.map((t) => ({
      tx_id: t.txId.toLowerCase(), position: t.position, token: t.token, from_address: t.from, to_address: t.to, value: t.value, block_ms: t.blockTimeMs,
      source: t.source ?? 'listing',
    })),
  );
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into chain_transfers (tx_id, position, token, from_address, to_address, value, block_time, verified, source)
    select x.tx_id, x.position, x.token, x.from_address, x.to_address, x.value::numeric, to_timestamp(x.block_ms / 1000.0), ${verified ? true : null}::boolean, x.source
    from jsonb_to_recordset(${json}::jsonb) as x(tx_id text, position int, token text, from_address text, to_address text, value text, block_ms bigint, source text)
    on conflict (tx_id, position) do nothing
    returning id`);
  return rows.map((r) => Number(r.id));
}

/** Why the chain refuses a recorded transfer (kept as the unmatched reason; such a transfer is never credited). */
export const RECEIPT_REASON = {
  reverted: 'Failed on the chain (the receipt is not SUCCESS): no USDT moved',
  notUsdt: 'Not the USDT contract (no USDT Transfer in the transaction’s log)',
  wrongRecipient: 'Not sent to the deposit address (the transaction’s log names another recipient)',
  notInLog: 'Not in the transaction’s log: no USDT Transfer of this amount to the deposit address at this position',
  notInLogOwn: 'Not in the transaction’s log: no USDT Transfer of this amount to this address at this event index',
} as const;

/**
 * Applies solidified transactions' info to their transfers recorded unchecked (by the poller, from a listing, or by
 * the events watcher): each is confirmed when the receipt is SUCCESS and the log holds a USDT Transfer to the deposit
 * address with the same value at the same position (its block time and sender are then taken from the chain);
 * otherwise it is refused for good (`verified = false`) and, if still open, becomes unmatched with the reason.
 * Idempotent: only rows not yet checked are touched. A page of receipts costs one read and at most two updates, not
 * two statements a transaction (the catch-up spent a quarter of its time on those round trips). `null` (not
 * solidified yet) is skipped.
 */
export async function applyReceipts(db: Db | Tx, s: ChainSettings, infos: ReadonlyMap<string, TxInfo | null>): Promise<void> {
  const solid = new Map<string, TxInfo>();
  for (const [txId, info] of infos) if (info) solid.set(txId.toLowerCase(), info);
  if (solid.size === 0) return;
  const { rows } = await db.execute<{ id: string; tx_id: string; position: number; token: string; to_address: string; value: string; source: 'listing' | 'events' }>(sql`
    select id, tx_id, position, token, to_address, value::text as value, source from chain_transfers
    where tx_id = any(${sql.param([...solid.keys()])}::text[]) and verified is null and status in ('new', 'unmatched')`);
  if (rows.length === 0) return;
  // What each receipt says, read once per transaction.
  const read = new Map<string, { transfers: SeenTransfer[]; refusalReason: string | null; logs: ReturnType<typeof usdtTransferLogs> | null }>();
  const readingOf = (txId: string, info: TxInfo) => {
    let r = read.get(txId);
    if (!r) {
      const { transfers, refusal } = transfersInInfo(info, txId, s);
      const refusalReason =
        refusal === CHAIN_MSG.reverted ? RECEIPT_REASON.reverted : refusal === CHAIN_MSG.wrongRecipient ? RECEIPT_REASON.wrongRecipient : refusal ? RECEIPT_REASON.notUsdt : null;
      r = { transfers, refusalReason, logs: info.receipt?.result === 'SUCCESS' ? usdtTransferLogs(info, s.usdtContract) : null };
      read.set(txId, r);
    }
    return r;
  };
  const confirmed = { ids: [] as string[], from: [] as string[], blockMs: [] as (number | null)[] };
  const refused = { ids: [] as string[], reasons: [] as string[] };
  for (const r of rows) {
    const info = solid.get(r.tx_id)!;
    const { transfers, refusalReason, logs } = readingOf(r.tx_id, info);
    let onChain: { from: string; value: string } | undefined;
    let reason: string;
    if (r.source === 'events') {
      // The event's log entry, by its index in the transaction's log: a USDT Transfer to this address of this value.
      const log = logs?.get(r.position);
      if (r.token === s.usdtContract && log && log.toHex === tronToHex20(r.to_address) && log.value === r.value) onChain = log;
      reason = logs === null ? RECEIPT_REASON.reverted : r.token !== s.usdtContract ? RECEIPT_REASON.notUsdt : RECEIPT_REASON.notInLogOwn;
    } else {
      const listed = refusalReason ? undefined : transfers[r.position];
      if (listed !== undefined && listed.value === r.value && r.token === s.usdtContract && r.to_address === s.depositAddress) onChain = listed;
      reason = refusalReason ?? (r.token !== s.usdtContract ? RECEIPT_REASON.notUsdt : RECEIPT_REASON.notInLog);
    }
    if (onChain) {
      confirmed.ids.push(r.id);
      confirmed.from.push(onChain.from);
      confirmed.blockMs.push(info.blockTimeStamp ?? null);
    } else {
      refused.ids.push(r.id);
      refused.reasons.push(reason);
    }
  }
  if (confirmed.ids.length) {
    await db.execute(sql`
      update chain_transfers c set verified = true, from_address = v.from_address,
        block_time = coalesce(to_timestamp(v.block_ms / 1000.0), c.block_time)
      from unnest(${sql.param(confirmed.ids)}::bigint[], ${sql.param(confirmed.from)}::text[], ${sql.param(confirmed.blockMs)}::bigint[]) as v(id, from_address, block_ms)
      where c.id = v.id and c.verified is null`);
  }
  if (refused.ids.length) {
    await db.execute(sql`
      update chain_transfers c set verified = false, reason = v.reason,
        status = case when c.status = 'new' then 'unmatched' else c.status end
      from unnest(${sql.param(refused.ids)}::bigint[], ${sql.param(refused.reasons)}::text[]) as v(id, reason)
      where c.id = v.id and c.verified is null`);
  }
}

/** `applyReceipts` for one transaction (a pasted transaction id, claims.ts). */
export function applyReceipt(db: Db | Tx, s: ChainSettings, txId: string, info: TxInfo): Promise<void> {
  return applyReceipts(db, s, new Map([[txId, info]]));
}

/**
 * The poller's check of what it recorded: for every transaction with transfers not yet checked among `ids` (or, with
 * `ids` null, among all open ones, at most MAX_RECEIPTS_PER_POLL transactions), one gettransactioninfobyid. Not
 * solidified yet ({}): they stay unchecked ('new', never credited) and are asked again at the next poll; the others
 * are confirmed or refused (`applyReceipts`). A failing API throws (ChainApiError): the poll ends, nothing credited.
 */
export async function confirmOnChain(db: Db, s: ChainSettings, api: Pick<TronApi, 'transactionInfo'>, ids: number[] | null): Promise<number> {
  if (ids !== null && ids.length === 0) return 0;
  const { rows } = await db.execute<{ tx_id: string }>(
    ids === null
      ? sql`select tx_id from (select tx_id, min(id) as first from chain_transfers where verified is null and status in ('new', 'unmatched') group by tx_id) x
            order by first limit ${MAX_RECEIPTS_PER_POLL}`
      : sql`select distinct tx_id from chain_transfers where id = any(${`{${ids.join(',')}}`}::bigint[]) and verified is null and status = 'new'`,
  );
  const infos = await receiptsOf(api, rows.map((r) => r.tx_id));
  // The answers are applied in one transaction (one commit per page, not per transaction).
  await inTransaction(db, (tx) => applyReceipts(tx, s, infos));
  return rows.length;
}

/** Receipts asked for at once: a few connections to the chain API, not one per transaction, nor one at a time. */
const RECEIPTS_AT_ONCE = 4;

/** The receipts of `txIds` (null: not solidified yet), RECEIPTS_AT_ONCE requests at a time; a failing call throws. */
export async function receiptsOf(api: Pick<TronApi, 'transactionInfo'>, txIds: string[]): Promise<Map<string, TxInfo | null>> {
  const infos = new Map<string, TxInfo | null>();
  for (let i = 0; i < txIds.length; i += RECEIPTS_AT_ONCE) {
    const batch = txIds.slice(i, i + RECEIPTS_AT_ONCE);
    const answers = await Promise.all(batch.map((id) => api.transactionInfo(id)));
    batch.forEach((id, j) => infos.set(id, answers[j]));
  }
  return infos;
}

export const BELOW_MINIMUM = 'Below the minimum deposit (MIN_DEPOSIT)';

/** Why a transfer cannot be credited automatically, as SQL over chain_transfers t (null: it may match a request). */
const unmatchedReason = (s: ChainSettings) => sql`case
  when t.token <> ${s.usdtContract} then 'Not the USDT contract'
  when t.to_address <> ${s.depositAddress} then 'Not sent to the deposit address'
  when t.value % ${Number(UNITS_PER_CENT)} <> 0 then 'Not a whole number of cents'
  when t.value / ${Number(UNITS_PER_CENT)} > 9000000000000000 then 'Amount too large'
  when t.value / ${Number(UNITS_PER_CENT)} < ${s.minDepositCents} then ${BELOW_MINIMUM}
  when not exists (
    select 1 from deposit_requests r
    where r.pay_amount_cents = t.value / ${Number(UNITS_PER_CENT)} and r.address = t.to_address
      and r.created_at <= t.block_time and r.expires_at >= t.block_time and r.status <> 'credited'
  ) then 'No open payment request for this amount at the time of the transfer'
end`;

/**
 * Settles the given new transfers: those that cannot match any request are marked unmatched in one statement; each
 * of the others is settled in its own transaction. Returns how many were credited.
 */
export async function settleTransfers(db: Db, s: ChainSettings, ids: number[], onCredit?: CreditHook): Promise<number> {
  if (ids.length === 0) return 0;
  const idList = `{${ids.join(',')}}`;
  await db.execute(sql`
    update chain_transfers t set status = 'unmatched', reason = ${unmatchedReason(s)}
    where t.id = any(${idList}::bigint[]) and t.status = 'new' and t.verified and t.source = 'listing' and ${unmatchedReason(s)} is not null`);
  // Only transfers the chain's receipt confirmed are settled; unchecked ones wait for confirmOnChain.
  const { rows } = await db.execute<{ id: string }>(sql`select id from chain_transfers where id = any(${idList}::bigint[]) and status = 'new' and verified order by id`);
  // One transaction per SETTLE_BATCH transfers (one commit instead of one each). If the batch fails (a deadlock,
  // anything unexpected) it is rolled back and its transfers are settled one transaction each: one that fails again
  // stays 'new' (settled again at the next poll) without holding back the others.
  const credits: { transferId: number; userId: string; cents: number }[] = [];
  let failure: unknown;
  for (let i = 0; i < rows.length; i += SETTLE_BATCH) {
    const ids = rows.slice(i, i + SETTLE_BATCH).map((r) => Number(r.id));
    try {
      // The batch's credits are the body's result: a retried attempt (deadlock) starts from an empty list.
      const batch = await inTransaction(db, async (tx) => {
        const out: typeof credits = [];
        for (const id of ids) {
          const c = await settleOne(tx, s, id);
          if (c) out.push({ transferId: id, ...c });
        }
        return out;
      });
      credits.push(...batch);
    } catch {
      for (const id of ids) {
        try {
          const c = await inTransaction(db, (tx) => settleOne(tx, s, id));
          if (c) credits.push({ transferId: id, ...c });
        } catch (e) {
          failure ??= e;
        }
      }
    }
  }
  for (const c of credits) onCredit?.(c);
  if (failure) throw failure;
  return credits.length;
}

/** Confirmed transfers left 'new' (by a crash between recording and settling, or confirmed since): settled at the start of each poll. */
export async function settleLeftovers(db: Db, s: ChainSettings, onCredit?: CreditHook): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(sql`select id from chain_transfers where status = 'new' and verified order by id limit 10000`);
  return settleTransfers(db, s, rows.map((r) => Number(r.id)), onCredit);
}

export type TransferRow = {
  id: string;
  tx_id: string;
  position: number;
  token: string;
  to_address: string;
  value: string;
  block_time: Date | string;
  status: 'new' | 'credited' | 'unmatched' | 'dismissed';
  user_id: string | null;
  /** null: not checked against the receipt yet; false: refused by the chain (reverted, not in the log). */
  verified: boolean | null;
  source: 'listing' | 'events';
};

export async function lockTransfer(tx: Tx, id: number): Promise<TransferRow | undefined> {
  const { rows } = await tx.execute<TransferRow>(sql`
    select id, tx_id, position, token, to_address, value::text as value, block_time, status, user_id, verified, source
    from chain_transfers where id = ${id} for update`);
  return rows[0];
}

/** Called after each credit commits (the poller's tests and health count them). */
export type CreditHook = (c: { transferId: number; userId: string; cents: number }) => void;

export class NotCreditable extends Error {}

/** Matches one new transfer to its request and credits it, or marks it unmatched with the reason (in `tx`). */
export async function settleOne(tx: Tx, s: ChainSettings, id: number): Promise<{ userId: string; cents: number } | null> {
  const t = await lockTransfer(tx, id);
  // Never credit what the chain's receipt has not confirmed (a reverted transaction, an Approval, a lying listing).
  if (!t || t.status !== 'new' || t.verified !== true) return null;
  if (t.source === 'events') return settleOwnAddress(tx, s, t);
  const cents = wholeCents(t.value);
  let reason = 'Not a USDT transfer of whole cents to the deposit address';
  if (cents !== null && cents < s.minDepositCents) reason = BELOW_MINIMUM;
  else if (t.token === s.usdtContract && t.to_address === s.depositAddress && cents !== null) {
    const { rows } = await tx.execute<{ id: string; user_id: string }>(sql`
      select id, user_id from deposit_requests
      where pay_amount_cents = ${cents} and address = ${t.to_address} and created_at <= ${t.block_time} and expires_at >= ${t.block_time}
        and status <> 'credited'
      order by created_at limit 1 for update`);
    const request = rows[0];
    reason = 'No open payment request for this amount at the time of the transfer';
    if (request) {
      try {
        await creditTransfer(tx, t, cents, request.user_id, { kind: 'deposit_chain', requestId: request.id, referral: s.referral });
        return { userId: request.user_id, cents };
      } catch (e) {
        if (!(e instanceof NotCreditable)) throw e;
        reason = e.message;
      }
    }
  }
  await tx.execute(sql`update chain_transfers set status = 'unmatched', reason = ${reason} where id = ${id}`);
  return null;
}

/**
 * A confirmed transfer to a user's own address: credited to the address's owner when it is USDT of at least
 * MIN_DEPOSIT (whole cents, rounded down); otherwise unmatched with the reason and the owner noted (their deposit
 * list shows it: "received, below the minimum: contact support"), for an admin to credit or dismiss.
 */
async function settleOwnAddress(tx: Tx, s: ChainSettings, t: TransferRow): Promise<{ userId: string; cents: number } | null> {
  const { rows } = await tx.execute<{ user_id: string }>(sql`select user_id from deposit_addresses where address = ${t.to_address}`);
  const owner = rows[0]?.user_id ?? null;
  const cents = floorCents(t.value);
  let reason: string = 'Not sent to a user’s deposit address';
  if (t.token !== s.usdtContract) reason = 'Not the USDT contract';
  else if (cents === null || cents < s.minDepositCents) reason = BELOW_MINIMUM;
  else if (owner) {
    try {
      await creditTransfer(tx, t, cents, owner, { kind: 'deposit_chain', referral: s.referral });
      return { userId: owner, cents };
    } catch (e) {
      if (!(e instanceof NotCreditable)) throw e;
      reason = e.message;
    }
  }
  await tx.execute(sql`update chain_transfers set status = 'unmatched', reason = ${reason}, user_id = ${owner} where id = ${t.id}`);
  return null;
}

/**
 * The credit of a locked transfer to `userId`: everything that must exist with the money, in the caller's transaction.
 * Throws NotCreditable (nothing written yet) for a closed account or an existing manual claim of the transaction.
 */
export async function creditTransfer(
  tx: Tx,
  t: TransferRow,
  cents: number,
  userId: string,
  opts: { kind: ChainCreditKind; requestId?: string; actorId?: string; referral: ReferralRules },
): Promise<string> {
  if (await accountClosed(tx, userId)) throw new NotCreditable(CHAIN_MSG.accountClosed);
  // The user's receipt in their deposit list; the key of the transaction's first transfer is the hash itself, so a
  // manual claim of it (POST /deposit/deposit before chain deposits were on) and this credit exclude each other.
  const key = t.position === 0 ? t.tx_id : `${t.tx_id}:${t.position}`;
  const receipt = await tx.execute<{ id: string }>(sql`
    insert into deposits (user_id, amount_cents, transaction_id, transaction_key, deposited)
    values (${userId}, ${cents}, ${t.tx_id}, ${key}, true)
    on conflict (transaction_key) do nothing
    returning id`);
  const depositId = receipt.rows[0]?.id;
  if (!depositId) throw new NotCreditable('A deposit form was already submitted for this transaction; settle it on the deposit list');
  const eventKey = `chain:${t.tx_id}:${t.position}`;
  // The referrer's first-deposit bonus (modules/referrals): its accounts are locked with the credit's, before posting.
  const bonus = await prepareFirstDepositBonus(tx, opts.referral, userId, cents, { codes: ['external:deposits'], userIds: [userId] });
  await post(tx, {
    kind: opts.kind,
    eventKey,
    postings: [
      { account: { code: 'external:deposits' }, amountCents: -cents },
      { account: { userId }, amountCents: cents },
    ],
    actorId: opts.actorId ?? null,
    memo: {
      transferId: Number(t.id), transactionId: t.tx_id, position: t.position, requestId: opts.requestId ?? null, depositId,
      // A fraction of a cent received (per-user addresses round down): it stays on the address, noted here.
      ...(BigInt(t.value) !== BigInt(cents) * UNITS_PER_CENT ? { value: t.value, remainderUnits: (BigInt(t.value) - BigInt(cents) * UNITS_PER_CENT).toString() } : {}),
    },
  });
  await notify(tx, { userId, kind: 'deposit_credited', params: { amountCents: cents, via: 'chain', reference: t.tx_id } });
  await payReferralShares(tx, bonus, { kind: 'referral_bonus', causeKey: eventKey, actorId: opts.actorId ?? null, memo: { depositId } });
  // The transfer and its request (if any) marked credited, in one statement.
  await tx.execute(sql`
    with request as (
      update deposit_requests set status = 'credited', transfer_id = ${t.id}, credited_cents = ${cents}, credited_at = now()
      where id = ${opts.requestId ?? null}::uuid
    )
    update chain_transfers set status = 'credited', reason = null, user_id = ${userId}, request_id = ${opts.requestId ?? null},
      resolved_by = ${opts.actorId ?? null}, resolved_at = now()
    where id = ${t.id}`);
  return depositId;
}

/** Every USDT Transfer log of a transaction, by its index in the log: what an event's event_index points at. */
function usdtTransferLogs(info: TxInfo, usdtContract: string): Map<number, { from: string; toHex: string; value: string }> {
  const usdtHex = tronToHex20(usdtContract);
  const out = new Map<number, { from: string; toHex: string; value: string }>();
  (info.log ?? []).forEach((l, index) => {
    if (l.topics.length < 3 || l.topics[0].toLowerCase().replace(/^0x/, '') !== TRANSFER_TOPIC || l.address?.toLowerCase() !== usdtHex) return;
    out.set(index, { from: hex20ToTron(l.topics[1].slice(-40)), toHex: l.topics[2].toLowerCase().slice(-40), value: logValue(l.data) });
  });
  return out;
}

const logValue = (data: string) => (/^(0x)?[0-9a-fA-F]{1,64}$/.test(data) ? BigInt(`0x${data.replace(/^0x/, '')}`).toString() : '0');

/** The USDT transfers to the deposit address in a solidified transaction's logs, in log order, as recorded rows. */
export function transfersInInfo(info: TxInfo, txId: string, s: ChainSettings): { transfers: SeenTransfer[]; refusal: string | null } {
  // A TRC20 call that went through has receipt.result SUCCESS; anything else (REVERT, OUT_OF_ENERGY, none) moved nothing.
  if (info.receipt?.result !== 'SUCCESS') return { transfers: [], refusal: CHAIN_MSG.reverted };
  const usdtHex = tronToHex20(s.usdtContract);
  const addressHex = tronToHex20(s.depositAddress);
  const transfers = (info.log ?? []).filter((l) => l.topics.length >= 3 && l.topics[0].toLowerCase().replace(/^0x/, '') === TRANSFER_TOPIC);
  if (transfers.length === 0) return { transfers: [], refusal: CHAIN_MSG.notUsdt };
  const usdt = transfers.filter((l) => l.address?.toLowerCase() === usdtHex);
  if (usdt.length === 0) return { transfers: [], refusal: CHAIN_MSG.notUsdt };
  const mine = usdt.filter((l) => l.topics[2].toLowerCase().slice(-40) === addressHex);
  if (mine.length === 0) return { transfers: [], refusal: CHAIN_MSG.wrongRecipient };
  return {
    refusal: null,
    transfers: mine.map((l, position) => ({
      txId,
      position,
      token: s.usdtContract,
      from: hex20ToTron(l.topics[1].slice(-40)),
      to: s.depositAddress,
      value: logValue(l.data),
      blockTimeMs: info.blockTimeStamp ?? 0,
    })),
  };
}
