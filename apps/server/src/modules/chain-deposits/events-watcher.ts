// The watcher of users' own deposit addresses: one feed for every address, so the requests a poll makes
// do not grow with the number of users. It reads the USDT contract's confirmed Transfer events in block-time order
// (GET /v1/contracts/{USDT}/events, 200 a page, following meta.fingerprint); a page's events whose `to` is a user's
// address (one database lookup a page) are the only ones kept. Each such transaction is asked for once
// (gettransactioninfobyid, the same receipt check as every chain credit: settle.ts applyReceipts, matched at the
// event's event_index in the log); then one database transaction records the page's transfers, applies the
// receipts, credits what they confirm (settleOne) and saves the cursor (min_block_timestamp, the next page's
// fingerprint, the highest block time). A crash or restart resumes from the last committed page and loses nothing;
// an event read twice is skipped by the transfers' unique key (tx id, event_index) and credited under one ledger
// event key, so two instances never credit twice (and only one polls at a time anyway, poller.ts). A transaction
// not solidified yet is recorded unchecked and confirmed by a later poll (confirmOnChain, at the start of each run).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { anyToHex20, hex20ToTron } from './tron-address.js';
import { ChainApiError, type ContractEvent, type TronApi } from './tron-api.js';
import type { ChainSettings } from './chain-settings.js';
import { applyReceipts, receiptsOf, recordTransfers, settleOne, type CreditHook, type SeenTransfer } from './settle.js';
import { xpubRow } from './deposit-addresses.js';
import { inTransaction } from '../../db/transaction.js';

/** The first read starts this far back (an address shown a moment before the key was first polled is still seen). */
const FIRST_READ_BACK_MS = 5 * 60_000;
const MAX_PAGES_PER_RUN = 100_000;

export interface WatchResult {
  pages: number;
  recorded: number;
  credited: number;
  receipts: number;
}

const DIGITS = /^\d{1,78}$/;

/** The events of a page that are transfers to a user's address (of any contract the API returned: checked later). */
async function toUsersAddresses(db: Db, items: ContractEvent[]): Promise<SeenTransfer[]> {
  const candidates: { e: ContractEvent; toHex: string }[] = [];
  for (const e of items) {
    if (e.event_name !== 'Transfer') continue; // an Approval moves nothing
    const to = typeof e.result.to === 'string' ? anyToHex20(e.result.to) : null;
    if (to) candidates.push({ e, toHex: to });
  }
  if (candidates.length === 0) return [];
  const hexes = [...new Set(candidates.map((c) => c.toHex))];
  const { rows } = await db.execute<{ address: string; address_hex: string }>(sql`
    select address, address_hex from deposit_addresses where address_hex = any(${`{${hexes.join(',')}}`}::text[])`);
  const known = new Map(rows.map((r) => [r.address_hex, r.address]));
  const out: SeenTransfer[] = [];
  for (const { e, toHex } of candidates) {
    const address = known.get(toHex);
    if (!address) continue; // nobody's address: ignored
    const value = typeof e.result.value === 'string' && DIGITS.test(e.result.value) ? e.result.value : typeof e.result.value === 'number' && Number.isSafeInteger(e.result.value) && e.result.value >= 0 ? String(e.result.value) : null;
    if (value === null) continue; // the receipt is the truth; a garbled event value is not recorded (the log would refuse it anyway)
    const fromHex = typeof e.result.from === 'string' ? anyToHex20(e.result.from) : null;
    const contractHex = anyToHex20(e.contract_address);
    out.push({
      txId: e.transaction_id.toLowerCase(),
      position: e.event_index,
      token: contractHex ? hex20ToTron(contractHex) : e.contract_address,
      from: fromHex ? hex20ToTron(fromHex) : '',
      to: address,
      value,
      blockTimeMs: e.block_timestamp,
      source: 'events',
    });
  }
  return out;
}

/** Leaves out the transfers recorded already (the block read again at the start of a run): no second receipt asked. */
async function notRecorded(db: Db, transfers: SeenTransfer[]): Promise<SeenTransfer[]> {
  if (transfers.length === 0) return transfers;
  const json = JSON.stringify(transfers.map((t) => ({ tx_id: t.txId, position: t.position })));
  const { rows } = await db.execute<{ tx_id: string; position: number }>(sql`
    select c.tx_id, c.position from chain_transfers c
    join jsonb_to_recordset(${json}::jsonb) as x(tx_id text, position int) on c.tx_id = x.tx_id and c.position = x.position`);
  const known = new Set(rows.map((r) => `${r.tx_id}:${r.position}`));
  return transfers.filter((t) => !known.has(`${t.txId}:${t.position}`));
}

/** Whether the watcher has anything to do: a key is set, or addresses made from an earlier key are still watched. */
async function watching(db: Db, s: ChainSettings): Promise<boolean> {
  if (s.xpub) return true;
  const { rows } = await db.execute<{ any: boolean }>(sql`select exists (select 1 from deposit_addresses) as any`);
  return rows[0].any;
}

/** One catch-up: reads pages until the feed has no next page. Throws ChainApiError (nothing of that page committed). */
export async function watchEvents(db: Db, s: ChainSettings, api: Pick<TronApi, 'contractEvents' | 'transactionInfo'>, now: () => Date, onCredit?: CreditHook): Promise<WatchResult> {
  const result: WatchResult = { pages: 0, recorded: 0, credited: 0, receipts: 0 };
  if (!(await watching(db, s))) return result;
  if (s.xpub) await xpubRow(db, s.xpub);
  const state = (await db.execute<{ min: string | null; fp: string | null; high: string | null }>(sql`
    select events_min_ms as min, events_fingerprint as fp, events_high_ms as high from chain_poller where id = 1`)).rows[0];
  const minTimestamp = state?.min !== null && state?.min !== undefined ? Number(state.min) : Math.max(0, now().getTime() - FIRST_READ_BACK_MS);
  let fingerprint = state?.fp ?? undefined;
  let high = state?.high ? Number(state.high) : minTimestamp;
  const seen = new Set<string>();
  for (;;) {
    const page = await api.contractEvents({ contract: s.usdtContract, minTimestamp, fingerprint });
    result.pages++;
    const transfers = await notRecorded(db, await toUsersAddresses(db, page.items));
    // One receipt per transaction with a transfer to a user's address (asked before the page's database transaction).
    const infos = await receiptsOf(api, [...new Set(transfers.map((t) => t.txId))]);
    result.receipts += infos.size;
    for (const e of page.items) high = Math.max(high, e.block_timestamp);
    const next = page.items.length > 0 ? page.fingerprint : null;
    // The page's counts and credits are the body's result: a retried attempt (deadlock) starts from nothing.
    const { recorded, credits } = await inTransaction(db, async (tx) => {
      const credits: Parameters<CreditHook>[0][] = [];
      const ids = await recordTransfers(tx, transfers, false);
      await applyReceipts(tx, s, infos);
      for (const id of ids) {
        const c = await settleOne(tx, s, id);
        if (c) credits.push({ transferId: id, ...c });
      }
      // The cursor, with the page it settles: the next page of this query, or (read to the end) a new query from the
      // highest block time (its block is read again; what was recorded is skipped by its key).
      await tx.execute(sql`
        update chain_poller set events_min_ms = ${next ? minTimestamp : high}, events_fingerprint = ${next}, events_high_ms = ${high} where id = 1`);
      return { recorded: ids.length, credits };
    });
    result.recorded += recorded;
    result.credited += credits.length;
    for (const c of credits) onCredit?.(c);
    if (!next) break;
    if (seen.has(next) || result.pages >= MAX_PAGES_PER_RUN) throw new ChainApiError('the API keeps answering the same page');
    seen.add(next);
    fingerprint = next;
  }
  return result;
}
