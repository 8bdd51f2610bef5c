// Payment requests on the shared deposit address (decision 013). A request reserves a payAmount (amount +
// 0.00 … 0.99) for its window [created_at, expires_at]; no two requests with overlapping windows share one, so a
// USDT transfer to the deposit address whose value equals a payAmount and whose block time lies inside that window
// names exactly one request (settle.ts credits it). Unchanged by per-user addresses: requests already open keep
// working after TRON_XPUB is set.
import { sql } from 'drizzle-orm';
import { CHAIN_MSG, DEPOSIT_MSG, PAY_AMOUNT_SLOTS, centsToNumber, formatCents, type DepositRequestRecord } from '@app/contract';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { accountClosed } from '../users/closed-accounts.js';
import { iso, type ChainSettings } from './chain-settings.js';
import { xactLock } from '../../db/locks.js';

/** Open payment requests one user may hold: a few accounts cannot take all 100 pay amounts of a popular sum. */
const MAX_OPEN_REQUESTS = 3;

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
  await tx.execute(sql`select ${xactLock('chainAllocation')}`);
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
