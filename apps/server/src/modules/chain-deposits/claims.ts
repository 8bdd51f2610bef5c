// Pasted transaction ids while chain deposits are on (decision 013): the chain is asked about the id
// (gettransactioninfobyid) and the transfer is credited only to whoever's payment request it pays, or held for an
// admin who sees who claimed it; a pasted id never credits the person who pastes it on its own.
import { sql } from 'drizzle-orm';
import { CHAIN_MSG, DEPOSIT_MSG } from '@app/contract';
import type { Db } from '../../db/client.js';
import { AppError, conflict } from '../../errors.js';
import { accountClosed } from '../users/closed-accounts.js';
import { ChainApiError, tronApi, type TxInfo } from './tron-api.js';
import type { ChainSettings } from './chain-settings.js';
import { applyReceipt, recordTransfers, settleTransfers, transfersInInfo, type CreditHook } from './settle.js';
import { inTransaction } from '../../db/transaction.js';

export interface ClaimOutcome {
  status: 201 | 202;
  message: string;
  credited: boolean;
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
  if (await inTransaction(db, (tx) => accountClosed(tx, userId))) throw conflict(CHAIN_MSG.accountClosed);
  if (info === null) {
    await inTransaction(db, async (tx) => {
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