// The chain poller (decision 013): every instance runs the timer, one at a time polls. Each run takes a session-level
// PostgreSQL advisory lock on a connection of its own without waiting (another instance holding it: skip this
// turn); a crash drops the connection and with it the lock, and a run whose lock session dies (a failover) stops
// before acting on its next answer (db/leader.ts). The cursor (min_timestamp) lives in chain_poller and
// advances after each page is recorded and settled, so a restart re-reads at most a page plus the overlap, and
// what it re-reads is skipped by the transfers' unique key.
//
// Each run: confirm against the chain's receipts the transfers still unchecked and settle those a crash left 'new';
// then, with a DEPOSIT_ADDRESS (payment requests), read the confirmed USDT transfers to DEPOSIT_ADDRESS from
// the cursor minus CURSOR_OVERLAP_MS, oldest first, following meta.fingerprint until a page comes back empty or
// without one; record each page's Transfer items in one statement, confirm each new one against its solidified
// transaction's receipt (gettransactioninfobyid: SUCCESS, and a USDT Transfer log to the address with that value at
// that position) and settle those confirmed; a reverted one becomes unmatched, one not solidified yet waits. A failing API (timeout, 5xx, 429,
// bad JSON or shape) ends the run with its error saved for the admin page; after a 429 nobody polls until its
// Retry-After has passed. Nothing is credited from a failed answer. Then, with TRON_XPUB (or addresses made from an
// earlier key), the USDT contract's Transfer events for users' own addresses (events-watcher.ts), from their own
// cursor.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../clock.js';
import type { SettingsStore } from '../settings/settings.store.js';
import { serializeError } from '../../logging.js';
import { ChainApiError, tronApi, type TronApi, type Trc20Item } from './tron-api.js';
import { chainSettings, type ChainSettings } from './chain-settings.js';
import { confirmOnChain, recordTransfers, settleLeftovers, settleTransfers, type CreditHook, type SeenTransfer } from './settle.js';
import { watchEvents } from './events-watcher.js';
import { LeadershipLost, takeSessionLock, type SessionLeader } from '../../db/leader.js';

/** Re-read this much before the cursor: an indexer that lists a confirmed transfer a little late is still seen. */
export const CURSOR_OVERLAP_MS = 5 * 60_000;
/** How often an instance with chain deposits off looks at the settings again. */
const IDLE_CHECK_MS = 1_000;
const MAX_PAGES_PER_RUN = 10_000;

export interface PollResult {
  ran: boolean;
  pages: number;
  recorded: number;
  credited: number;
  error?: string;
}

/**
 * The listing's Transfer items (an Approval, or any other event, moves no USDT and is never recorded), each with its
 * position among its transaction's Transfer items in this listing (the listing starts at a block boundary): the same
 * index as among the transaction's log entries of USDT transfers to the address (transfersInInfo).
 */
function toSeen(items: Trc20Item[], counters: Map<string, number>): SeenTransfer[] {
  return items.filter((i) => i.type === 'Transfer').map((i) => {
    const txId = i.transaction_id.toLowerCase();
    const position = counters.get(txId) ?? 0;
    counters.set(txId, position + 1);
    return { txId, position, token: i.token_info.address, from: i.from, to: i.to, value: i.value, blockTimeMs: i.block_timestamp };
  });
}

/** One poll, if this instance gets the lock. Throws LeadershipLost when its lock session dies during the run. */
export async function pollOnce(db: Db, s: ChainSettings, now: () => Date, onCredit?: CreditHook): Promise<PollResult> {
  const leader = await takeSessionLock(db, 'chainPoller');
  if (!leader) return { ran: false, pages: 0, recorded: 0, credited: 0 };
  try {
    const state = (await db.execute<{ cursor_ms: string | null; retry_after: Date | null }>(sql`select cursor_ms, retry_after from chain_poller where id = 1`)).rows[0];
    if (state?.retry_after && new Date(state.retry_after).getTime() > now().getTime()) return { ran: false, pages: 0, recorded: 0, credited: 0 };
    await leader.assert();
    return await run(db, s, state?.cursor_ms ? Number(state.cursor_ms) : null, now, leaderOnly(tronApi(s.apiUrl, s.apiKey), leader), onCredit);
  } finally {
    await leader.release();
  }
}

/**
 * The API as a leader uses it: each answer is taken only while this instance still holds the lock (db/leader.ts),
 * so a run whose lock session died stops before it records or settles anything more.
 */
function leaderOnly(api: TronApi, leader: SessionLeader): TronApi {
  const checked = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const answer = await call(...args);
    await leader.assert();
    return answer;
  };
  return { trc20Page: checked(api.trc20Page), contractEvents: checked(api.contractEvents), transactionInfo: checked(api.transactionInfo) };
}

async function run(db: Db, s: ChainSettings, cursor: number | null, now: () => Date, api: TronApi, onCredit?: CreditHook): Promise<PollResult> {
  const result: PollResult = { ran: true, pages: 0, recorded: 0, credited: 0 };
  await db.execute(sql`update chain_poller set last_poll_at = ${now()} where id = 1`);
  try {
    // Transfers listed before their transaction was solidified: their receipts are asked for again, then whatever
    // they confirmed is settled.
    await confirmOnChain(db, s, api, null);
    result.credited += await settleLeftovers(db, s, onCredit);
    if (s.depositAddress) await readListing(db, s, api, cursor, now, result, onCredit);
    const events = await watchEvents(db, s, api, now, onCredit);
    result.pages += events.pages;
    result.recorded += events.recorded;
    result.credited += events.credited;
    await db.execute(sql`update chain_poller set last_success_at = ${now()}, retry_after = null where id = 1`);
  } catch (e) {
    // No longer the leader: the status row is the new leader's to write.
    if (e instanceof LeadershipLost) throw e;
    const message = e instanceof ChainApiError ? e.message : `internal error: ${(e as Error)?.message ?? e}`;
    const retryAfter = e instanceof ChainApiError && e.retryAfterMs ? new Date(now().getTime() + e.retryAfterMs) : null;
    await db.execute(sql`update chain_poller set last_error_at = ${now()}, last_error = ${message.slice(0, 500)}, retry_after = ${retryAfter} where id = 1`);
    result.error = message;
    if (!(e instanceof ChainApiError)) throw e;
  }
  return result;
}

/** The shared deposit address's listing (payment requests), from the cursor. */
async function readListing(db: Db, s: ChainSettings, api: TronApi, cursor: number | null, now: () => Date, result: PollResult, onCredit?: CreditHook) {
  // The first run starts one deposit window back: older transfers cannot match an open request anyway.
  const start = cursor ?? now().getTime() - s.windowMin * 60_000;
  const minTimestamp = Math.max(0, start - CURSOR_OVERLAP_MS);
  let fingerprint: string | undefined;
  let high = cursor ?? start;
  const counters = new Map<string, number>();
  const seenFingerprints = new Set<string>();
  for (;;) {
    const page = await api.trc20Page({ address: s.depositAddress, contract: s.usdtContract, minTimestamp, fingerprint });
    result.pages++;
    if (page.items.length === 0) break;
    const ids = await recordTransfers(db, toSeen(page.items, counters), false);
    result.recorded += ids.length;
    // Nothing listed is believed until the solidified receipt confirms it: one gettransactioninfobyid per new
    // transaction (4 at a time); those not solidified yet stay 'new' (asked again at the next poll) without holding
    // back the rest.
    await confirmOnChain(db, s, api, ids);
    result.credited += await settleTransfers(db, s, ids, onCredit);
    for (const i of page.items) high = Math.max(high, i.block_timestamp);
    await db.execute(sql`update chain_poller set cursor_ms = ${high} where id = 1`);
    if (!page.fingerprint) break;
    if (seenFingerprints.has(page.fingerprint) || result.pages >= MAX_PAGES_PER_RUN) throw new ChainApiError('the API keeps answering the same page');
    seenFingerprints.add(page.fingerprint);
    fingerprint = page.fingerprint;
  }
}

export interface ChainPoller {
  /** Completed polls of this instance (runs that got the lock). */
  runs: number;
  last: PollResult | null;
  stop(): Promise<void>;
}

/** Starts the timer (app.ts, when the app is ready). Reads the settings before every turn: changes apply live. */
export function startChainPoller(db: Db, settings: Pick<SettingsStore, 'get'>, clock: Clock, log: FastifyBaseLogger, onCredit?: CreditHook): ChainPoller {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  const poller: ChainPoller = {
    runs: 0,
    last: null,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => (running = null));
    }, ms);
    timer.unref();
  };
  const tick = async () => {
    const s = chainSettings(settings);
    if (!s) return schedule(IDLE_CHECK_MS);
    try {
      const r = await pollOnce(db, s, clock, onCredit);
      if (r.ran) {
        poller.runs++;
        poller.last = r;
        if (r.error) log.warn({ error: r.error }, 'chain poll failed; crediting resumes at the next successful poll');
        else if (r.recorded) log.info({ recorded: r.recorded, credited: r.credited }, 'chain poll');
      }
    } catch (e) {
      if (stopped) return;
      if (e instanceof LeadershipLost) log.warn({ err: serializeError(e) }, 'chain poller lost its lock; whichever instance takes it next polls');
      else log.error({ err: serializeError(e) }, 'chain poll failed');
    }
    schedule(s.pollMs);
  };
  schedule(Math.floor(Math.random() * 200));
  return poller;
}
