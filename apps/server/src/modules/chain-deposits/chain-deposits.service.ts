// Deposits confirmed on the Tron chain (attribution: docs/decisions/013-chain-deposit-attribution.md).
//
// A payment request reserves a payAmount (amount + 0.00 … 0.99) for its window [created_at, expires_at]; no two
// requests with overlapping windows share one, so a USDT transfer to the deposit address whose value equals a
// payAmount and whose block time lies inside that window names exactly one request. Transfers are recorded once
// (chain_transfers, unique on transaction id + position) and settled: credited to the request's user, or left
// unmatched for an admin (assign to a user by e-mail, or dismiss).
//
// Crediting is one database transaction: the transfer row (locked first), the request, the user row (FOR SHARE: a
// closed account takes no new money), a `deposits` row as the user's receipt (its transaction_key is unique, so a
// manual claim of the same transaction and a chain credit can never both exist), the ledger posting under the
// event key chain:<txid>:<position> (unique: whoever credits a transfer — poller, pasted id, admin — does so once),
// the audit record of an admin assignment, and the referrer's first-deposit bonus (modules/referrals).
import { sql } from 'drizzle-orm';
import {
  CHAIN_MSG,
  DEPOSIT_MSG,
  PAY_AMOUNT_SLOTS,
  centsToNumber,
  formatCents,
  type ChainHealth,
  type DepositRequestRecord,
  type UnmatchedTransfer,
} from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { post } from '../../ledger/ledger.js';
import type { SettingsStore } from '../settings/settings.store.js';
import { accountClosed } from '../users/closed-accounts.js';
import { recheckActor } from '../../services/actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { TRANSFER_TOPIC, hex20ToTron, tronToHex20 } from './tron-address.js';
import { ChainApiError, tronApi, type TronApi, type TxInfo } from './tron-api.js';
import { payReferralShares, prepareFirstDepositBonus, referralRules, type ReferralRules } from '../referrals/referrals.service.js';
import { notify } from '../notifications/notify.js';

/** The ledger kinds of chain deposits: credited automatically, or assigned by an admin (both in FUNDING_KINDS). */
export const CHAIN_CREDIT_KINDS = ['deposit_chain', 'deposit_chain_assigned'] as const;
export type ChainCreditKind = (typeof CHAIN_CREDIT_KINDS)[number];

/** USDT has 6 decimals: one cent is 10,000 units. */
const UNITS_PER_CENT = 10_000n;
/** Open payment requests one user may hold: a few accounts cannot take all 100 pay amounts of a popular sum. */
const MAX_OPEN_REQUESTS = 3;
/** Transactions whose receipts a poll asks for again (listed before they were solidified), at most. */
const MAX_RECEIPTS_PER_POLL = 200;
/** Transfers settled per database transaction (a poll page is 200). */
const SETTLE_BATCH = 200;
const ALLOCATION_LOCK = 724_311_015;

export interface ChainSettings {
  apiUrl: string;
  apiKey: string;
  usdtContract: string;
  depositAddress: string;
  pollMs: number;
  windowMin: number;
  /** MIN_DEPOSIT: requests below it are refused, transfers below it go to the unmatched list. */
  minDepositCents: number;
  /** The referral rules in force (a first credited deposit pays the referrer's bonus). */
  referral: ReferralRules;
}

/** The live chain settings, or null when chain deposits are off (no API URL, or no deposit address). */
export function chainSettings(settings: Pick<SettingsStore, 'get'>): ChainSettings | null {
  const apiUrl = settings.get('tronApiUrl');
  const depositAddress = settings.get('depositAddress');
  if (!apiUrl || !depositAddress) return null;
  return {
    apiUrl,
    apiKey: settings.get('tronApiKey'),
    usdtContract: settings.get('usdtContract'),
    depositAddress,
    pollMs: Number(settings.get('tronPollMs')),
    windowMin: Number(settings.get('depositWindowMin')),
    minDepositCents: settings.get('minDeposit'),
    referral: referralRules(settings),
  };
}

// ---------------------------------------------------------------- payment requests

type RequestRow = {
  id: string;
  user_id: string;
  amount_cents: string | number;
  pay_amount_cents: string | number;
  address: string;
  status: 'awaiting' | 'confirming' | 'credited';
  expires_at: Date | string;
  created_at: Date | string;
  credited_cents: string | number | null;
  tx_id: string | null;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function toRequestRecord(r: RequestRow, now: Date): DepositRequestRecord {
  const expired = r.status !== 'credited' && new Date(r.expires_at).getTime() < now.getTime();
  return {
    _id: r.id,
    amount: centsToNumber(r.amount_cents),
    payAmount: centsToNumber(r.pay_amount_cents),
    address: r.address,
    expiresAt: iso(r.expires_at),
    status: expired ? 'expired' : r.status,
    creditedAmount: r.credited_cents === null ? null : centsToNumber(r.credited_cents),
    transactionId: r.tx_id,
    createdAt: iso(r.created_at),
  };
}

const requestColumns = sql`r.id, r.user_id, r.amount_cents, r.pay_amount_cents, r.address, r.status, r.expires_at, r.created_at, r.credited_cents,
  (select t.tx_id from chain_transfers t where t.id = r.transfer_id) as tx_id`;

/**
 * POST /deposit/request: the caller's open request for this amount if there is one, else a new one with the smallest
 * free payAmount. Allocation runs under one transaction-level advisory lock: two requests never pick the same amount.
 */
export async function createRequest(tx: Tx, userId: string, amountCents: number, s: ChainSettings, now: Date): Promise<{ created: boolean; request: DepositRequestRecord }> {
  if (amountCents < s.minDepositCents) throw badRequest(DEPOSIT_MSG.belowMinimum(formatCents(s.minDepositCents)));
  if (await accountClosed(tx, userId)) throw conflict(CHAIN_MSG.accountClosed);
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOCATION_LOCK})`);
  const own = await tx.execute<RequestRow>(sql`
    select ${requestColumns} from deposit_requests r
    where r.user_id = ${userId} and r.status <> 'credited' and r.expires_at > ${now}
    order by r.created_at`);
  const same = own.rows.find((r) => Number(r.amount_cents) === amountCents && r.address === s.depositAddress);
  if (same) return { created: false, request: toRequestRecord(same, now) };
  if (own.rows.length >= MAX_OPEN_REQUESTS) throw conflict(CHAIN_MSG.tooManyOpen);
  // Taken: every pay amount in range whose request's window has not ended (credited ones too: a second payment of
  // the same amount inside that window must not be attributed to someone else).
  const taken = await tx.execute<{ pay: string }>(sql`
    select pay_amount_cents as pay from deposit_requests
    where pay_amount_cents between ${amountCents} and ${amountCents + PAY_AMOUNT_SLOTS - 1} and expires_at > ${now}`);
  const used = new Set(taken.rows.map((r) => Number(r.pay)));
  let pay = -1;
  for (let i = 0; i < PAY_AMOUNT_SLOTS; i++) {
    if (!used.has(amountCents + i)) {
      pay = amountCents + i;
      break;
    }
  }
  if (pay < 0) throw conflict(CHAIN_MSG.allTaken(formatCents(amountCents)));
  const expires = new Date(now.getTime() + s.windowMin * 60_000);
  const { rows } = await tx.execute<RequestRow>(sql`
    insert into deposit_requests as r (user_id, amount_cents, pay_amount_cents, address, expires_at, created_at)
    values (${userId}, ${amountCents}, ${pay}, ${s.depositAddress}, ${expires}, ${now})
    returning ${requestColumns}`);
  return { created: true, request: toRequestRecord(rows[0], now) };
}

/** GET /deposit/request/{id}: the caller's own request (anyone else's is a 404). */
export async function readRequest(db: Db, userId: string, id: string, now: Date): Promise<DepositRequestRecord> {
  const { rows } = await db.execute<RequestRow>(sql`select ${requestColumns} from deposit_requests r where r.id = ${id} and r.user_id = ${userId}`);
  if (!rows[0]) throw notFound(CHAIN_MSG.requestNotFound);
  return toRequestRecord(rows[0], now);
}

// ---------------------------------------------------------------- recording transfers

export interface SeenTransfer {
  txId: string;
  position: number;
  token: string;
  from: string;
  to: string;
  /** Token units (6 decimals), as decimal text. */
  value: string;
  blockTimeMs: number;
}

/**
 * Records the transfers not recorded yet (one statement); returns the ids of the new rows. `verified`: they come from
 * the solidified transaction's receipt (a pasted id); the poller's come from a listing and are confirmed against
 * the receipt before anything is credited (`confirmOnChain`).
 */
export async function recordTransfers(db: Db | Tx, items: SeenTransfer[], verified: boolean): Promise<number[]> {
  if (items.length === 0) return [];
  const json = JSON.stringify(
    items.map((t) => ({ tx_id: t.txId.toLowerCase(), position: t.position, token: t.token, from_address: t.from, to_address: t.to, value: t.value, block_ms: t.blockTimeMs })),
  );
  const { rows } = await db.execute<{ id: string }>(sql`
    insert into chain_transfers (tx_id, position, token, from_address, to_address, value, block_time, verified)
    select x.tx_id, x.position, x.token, x.from_address, x.to_address, x.value::numeric, to_timestamp(x.block_ms / 1000.0), ${verified ? true : null}::boolean
    from jsonb_to_recordset(${json}::jsonb) as x(tx_id text, position int, token text, from_address text, to_address text, value text, block_ms bigint)
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
} as const;

/**
 * Applies a solidified transaction's info to its transfers recorded unchecked (by the poller, from a listing): each
 * is confirmed when the receipt is SUCCESS and the log holds a USDT Transfer to the deposit address with the same
 * value at the same position (its block time and sender are then taken from the chain); otherwise it is refused for
 * good (`verified = false`) and, if still open, becomes unmatched with the reason. Idempotent: only rows not yet
 * checked are touched.
 */
export async function applyReceipt(db: Db | Tx, s: ChainSettings, txId: string, info: TxInfo): Promise<void> {
  const { rows } = await db.execute<{ id: string; position: number; token: string; to_address: string; value: string }>(sql`
    select id, position, token, to_address, value::text as value from chain_transfers
    where tx_id = ${txId.toLowerCase()} and verified is null and status in ('new', 'unmatched')`);
  if (rows.length === 0) return;
  const { transfers, refusal } = transfersInInfo(info, txId.toLowerCase(), s);
  const refusalReason =
    refusal === CHAIN_MSG.reverted ? RECEIPT_REASON.reverted : refusal === CHAIN_MSG.wrongRecipient ? RECEIPT_REASON.wrongRecipient : refusal ? RECEIPT_REASON.notUsdt : null;
  for (const r of rows) {
    const onChain = refusal ? undefined : transfers[r.position];
    const confirmed = onChain !== undefined && onChain.value === r.value && r.token === s.usdtContract && r.to_address === s.depositAddress;
    if (confirmed) {
      await db.execute(sql`
        update chain_transfers set verified = true, from_address = ${onChain.from},
          block_time = coalesce(to_timestamp(${info.blockTimeStamp ?? null}::bigint / 1000.0), block_time)
        where id = ${r.id} and verified is null`);
    } else {
      const reason = refusalReason ?? (r.token !== s.usdtContract ? RECEIPT_REASON.notUsdt : RECEIPT_REASON.notInLog);
      await db.execute(sql`
        update chain_transfers set verified = false, reason = ${reason},
          status = case when status = 'new' then 'unmatched' else status end
        where id = ${r.id} and verified is null`);
    }
  }
}

/**
 * The poller's check of what it recorded: for every transaction with transfers not yet checked among `ids` (or, with
 * `ids` null, among all open ones, at most MAX_RECEIPTS_PER_POLL transactions), one gettransactioninfobyid. Not
 * solidified yet ({}): they stay unchecked ('new', never credited) and are asked again at the next poll; the others
 * are confirmed or refused (`applyReceipt`). A failing API throws (ChainApiError): the poll ends, nothing credited.
 */
export async function confirmOnChain(db: Db, s: ChainSettings, api: Pick<TronApi, 'transactionInfo'>, ids: number[] | null): Promise<number> {
  if (ids !== null && ids.length === 0) return 0;
  const { rows } = await db.execute<{ tx_id: string }>(
    ids === null
      ? sql`select tx_id from (select tx_id, min(id) as first from chain_transfers where verified is null and status in ('new', 'unmatched') group by tx_id) x
            order by first limit ${MAX_RECEIPTS_PER_POLL}`
      : sql`select distinct tx_id from chain_transfers where id = any(${`{${ids.join(',')}}`}::bigint[]) and verified is null`,
  );
  for (const { tx_id: txId } of rows) {
    const info = await api.transactionInfo(txId);
    if (info) await applyReceipt(db, s, txId, info);
  }
  return rows.length;
}

const BELOW_MINIMUM = 'Below the minimum deposit (MIN_DEPOSIT)';

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
    where t.id = any(${idList}::bigint[]) and t.status = 'new' and t.verified and ${unmatchedReason(s)} is not null`);
  // Only transfers the chain's receipt confirmed are settled; unchecked ones wait for confirmOnChain.
  const { rows } = await db.execute<{ id: string }>(sql`select id from chain_transfers where id = any(${idList}::bigint[]) and status = 'new' and verified order by id`);
  // One transaction per SETTLE_BATCH transfers (one commit instead of one each). If the batch fails (a deadlock,
  // anything unexpected) it is rolled back and its transfers are settled one transaction each: one that fails again
  // stays 'new' (settled again at the next poll) without holding back the others.
  const credits: { transferId: number; userId: string; cents: number }[] = [];
  let failure: unknown;
  for (let i = 0; i < rows.length; i += SETTLE_BATCH) {
    const ids = rows.slice(i, i + SETTLE_BATCH).map((r) => Number(r.id));
    const batch: typeof credits = [];
    try {
      await db.transaction(async (tx) => {
        for (const id of ids) {
          const c = await settleOne(tx, s, id);
          if (c) batch.push({ transferId: id, ...c });
        }
      });
      credits.push(...batch);
    } catch {
      for (const id of ids) {
        try {
          const c = await db.transaction((tx) => settleOne(tx, s, id));
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

type TransferRow = {
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
};

async function lockTransfer(tx: Tx, id: number): Promise<TransferRow | undefined> {
  const { rows } = await tx.execute<TransferRow>(sql`
    select id, tx_id, position, token, to_address, value::text as value, block_time, status, user_id, verified
    from chain_transfers where id = ${id} for update`);
  return rows[0];
}

/** Called after each credit commits (the poller's tests and health count them). */
export type CreditHook = (c: { transferId: number; userId: string; cents: number }) => void;

class NotCreditable extends Error {}

/** Matches one new transfer to its request and credits it, or marks it unmatched with the reason (in `tx`). */
async function settleOne(tx: Tx, s: ChainSettings, id: number): Promise<{ userId: string; cents: number } | null> {
  const t = await lockTransfer(tx, id);
  // Never credit what the chain's receipt has not confirmed (a reverted transaction, an Approval, a lying listing).
  if (!t || t.status !== 'new' || t.verified !== true) return null;
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

function wholeCents(value: string): number | null {
  const v = BigInt(value);
  if (v <= 0n || v % UNITS_PER_CENT !== 0n) return null;
  const cents = v / UNITS_PER_CENT;
  return cents > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(cents);
}

/**
 * The credit of a locked transfer to `userId`: everything that must exist with the money, in the caller's transaction.
 * Throws NotCreditable (nothing written yet) for a closed account or an existing manual claim of the transaction.
 */
async function creditTransfer(
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
    memo: { transferId: Number(t.id), transactionId: t.tx_id, position: t.position, requestId: opts.requestId ?? null, depositId },
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

// ---------------------------------------------------------------- pasted transaction ids

export interface ClaimOutcome {
  status: 201 | 202;
  message: string;
  credited: boolean;
}

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
      value: /^(0x)?[0-9a-fA-F]{1,64}$/.test(l.data) ? BigInt(`0x${l.data.replace(/^0x/, '')}`).toString() : '0',
      blockTimeMs: info.blockTimeStamp ?? 0,
    })),
  };
}

/**
 * POST /deposit/deposit while chain deposits are on: `info` is the chain's answer for the pasted id (null: not
 * solidified yet). The claim is remembered for admins; money moves only when the transfer matches a request
 * (whoever's it is); a transfer matching none of this user's requests is never credited to the claimant here.
 */
export async function claimTransaction(
  db: Db,
  s: ChainSettings,
  userId: string,
  body: { amount: number; transactionId: string },
  info: TxInfo | null,
  now: Date,
  onCredit?: CreditHook,
): Promise<ClaimOutcome> {
  const txId = body.transactionId;
  if (await db.transaction((tx) => accountClosed(tx, userId))) throw conflict(CHAIN_MSG.accountClosed);
  if (info === null) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into deposit_claims (tx_id, user_id, amount_cents) values (${txId}, ${userId}, ${body.amount}) on conflict do nothing`);
      // The caller's open request for this amount now waits for the chain ("confirming").
      await tx.execute(sql`
        update deposit_requests set status = 'confirming'
        where id = (select id from deposit_requests where user_id = ${userId} and status = 'awaiting' and expires_at > ${now}
                      and (pay_amount_cents = ${body.amount} or amount_cents = ${body.amount}) order by created_at limit 1)`);
    });
    return { status: 202, message: CHAIN_MSG.notSolid, credited: false };
  }
  const { transfers, refusal } = transfersInInfo(info, txId, s);
  // Rows the poller recorded from its listing are checked against this receipt too (confirmed or refused).
  if (refusal) {
    await applyReceipt(db, s, txId, info);
    throw new AppError(400, refusal);
  }
  await db.execute(sql`insert into deposit_claims (tx_id, user_id, amount_cents) values (${txId}, ${userId}, ${body.amount}) on conflict do nothing`);
  await recordTransfers(db, transfers, true);
  await applyReceipt(db, s, txId, info);
  // Settle every transfer of the transaction still 'new', also one the poller has just recorded: settling locks the
  // row, so this waits for the poller's settlement (and then finds it settled) or settles it first.
  const { rows: open } = await db.execute<{ id: string }>(sql`select id from chain_transfers where tx_id = ${txId} and status = 'new' order by position`);
  const creditedNow = new Set<number>();
  await settleTransfers(db, s, open.map((r) => Number(r.id)), (c) => {
    creditedNow.add(c.transferId);
    onCredit?.(c);
  });
  const { rows } = await db.execute<{ id: string; status: string; user_id: string | null }>(
    sql`select id, status, user_id from chain_transfers where tx_id = ${txId} order by position`,
  );
  const mine = rows.filter((r) => r.status === 'credited' && r.user_id === userId);
  if (mine.some((r) => creditedNow.has(Number(r.id)))) return { status: 201, message: CHAIN_MSG.credited, credited: true };
  if (mine.length > 0) throw conflict(CHAIN_MSG.alreadyCredited);
  if (rows.some((r) => r.status === 'credited')) throw conflict(DEPOSIT_MSG.duplicate);
  return { status: 202, message: CHAIN_MSG.held, credited: false };
}

/** POST /deposit/deposit with chain deposits on: asks the chain about the pasted id, then `claimTransaction`. */
export async function claimOnChain(db: Db, s: ChainSettings, userId: string, body: { amount: number; transactionId: string }, now: Date): Promise<ClaimOutcome> {
  let info: TxInfo | null;
  try {
    info = await tronApi(s.apiUrl, s.apiKey).transactionInfo(body.transactionId);
  } catch (e) {
    if (e instanceof ChainApiError) throw new AppError(503, CHAIN_MSG.chainUnavailable);
    throw e;
  }
  return claimTransaction(db, s, userId, body, info, now);
}

// ---------------------------------------------------------------- admin: unmatched transfers

export async function listUnmatched(db: Db, q: { page: number; limit: number }): Promise<{ transfers: UnmatchedTransfer[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.execute<{
      id: string; tx_id: string; position: number; token: string; from_address: string; to_address: string; value: string;
      block_time: Date | string; reason: string | null; created_at: Date | string; claimed_by: string[] | null;
    }>(sql`
      select t.id, t.tx_id, t.position, t.token, t.from_address, t.to_address, t.value::text as value, t.block_time, t.reason, t.created_at,
        (select array_agg(u.email order by c.created_at) from deposit_claims c join users u on u.id = c.user_id where c.tx_id = t.tx_id) as claimed_by
      from chain_transfers t where t.status = 'unmatched'
      order by t.id desc limit ${q.limit} offset ${(q.page - 1) * q.limit}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from chain_transfers where status = 'unmatched'`),
  ]);
  return {
    total: total.rows[0].n,
    transfers: rows.rows.map((r) => {
      const cents = wholeCents(r.value);
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
  if ((usdt && t.token !== usdt) || (s && t.to_address !== s.depositAddress)) throw conflict(CHAIN_MSG.notUsdtAssign);
  const cents = wholeCents(t.value);
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
