// The three calls chain deposits make to a TronGrid-compatible HTTP API (TRON_API_URL), and nothing else:
//   GET  /v1/accounts/{address}/transactions/trc20  (the incoming USDT transfers, paged by meta.fingerprint)
//   GET  /v1/contracts/{contract}/events            (the USDT contract's Transfer events, for per-user addresses)
//   POST /walletsolidity/gettransactioninfobyid      (one transaction's receipt and logs, once solidified)
// Every answer is checked before it is believed: a timeout, a 5xx, a 429 (with its Retry-After), a body that is
// not JSON or not the expected shape all become a ChainApiError, which delays crediting and never credits.
import { z } from 'zod';

export const CHAIN_TIMEOUT_MS = 10_000;

export class ChainApiError extends Error {
  constructor(
    message: string,
    /** From a 429's Retry-After: wait this long before the next call. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const HASH = /^[0-9a-fA-F]{64}$/;

const trc20Item = z.object({
  transaction_id: z.string().regex(HASH),
  token_info: z.object({ address: z.string().min(1).max(64) }).passthrough(),
  from: z.string().max(64).default(''),
  to: z.string().min(1).max(64),
  value: z.string().regex(/^\d{1,78}$/),
  block_timestamp: z.number().int().nonnegative(),
  /** The token event: 'Transfer' moves tokens; 'Approval' only grants an allowance (never credited). */
  type: z.string().max(64).optional(),
}).passthrough();

const trc20Page = z.object({
  data: z.array(trc20Item),
  success: z.boolean().optional(),
  meta: z.object({ fingerprint: z.string().max(2000).optional() }).passthrough().optional(),
}).passthrough();

export type Trc20Item = z.infer<typeof trc20Item>;

/** One event of GET /v1/contracts/{contract}/events. `result` holds the event's parameters by name (and by index). */
const contractEvent = z.object({
  transaction_id: z.string().regex(HASH),
  event_index: z.number().int().nonnegative().max(1_000_000),
  block_number: z.number().int().nonnegative().optional(),
  block_timestamp: z.number().int().nonnegative(),
  contract_address: z.string().max(64).default(''),
  event_name: z.string().max(64),
  result: z.record(z.string(), z.unknown()).default({}),
}).passthrough();

const contractEventsPage = z.object({
  data: z.array(contractEvent),
  success: z.boolean().optional(),
  meta: z.object({ fingerprint: z.string().max(2000).optional() }).passthrough().optional(),
}).passthrough();

export type ContractEvent = z.infer<typeof contractEvent>;

const txLog = z.object({
  address: z.string().regex(/^[0-9a-fA-F]{40}$/).optional(),
  topics: z.array(z.string()).default([]),
  data: z.string().default(''),
}).passthrough();

const txInfo = z.object({
  id: z.string().regex(HASH).optional(),
  blockTimeStamp: z.number().int().nonnegative().optional(),
  receipt: z.object({ result: z.string().optional() }).passthrough().optional(),
  log: z.array(txLog).optional(),
}).passthrough();

export type TxInfo = z.infer<typeof txInfo>;

/** Retry-After: delay-seconds or an HTTP date; capped at 10 minutes, at least 1 s. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 30_000;
  const seconds = Number(header.trim());
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return 30_000;
  return Math.min(Math.max(ms, 1000), 10 * 60_000);
}

export interface TronApi {
  /** One page of confirmed USDT transfers to `address` from `minTimestamp` on, oldest first. */
  trc20Page(q: { address: string; contract: string; minTimestamp: number; fingerprint?: string; limit?: number }): Promise<{ items: Trc20Item[]; fingerprint: string | null }>;
  /** One page of the contract's confirmed Transfer events from `minTimestamp` on, in block-time order. */
  contractEvents(q: { contract: string; minTimestamp: number; fingerprint?: string; limit?: number }): Promise<{ items: ContractEvent[]; fingerprint: string | null }>;
  /** The transaction's info, or null while it is not solidified (the API answers `{}`). */
  transactionInfo(txId: string): Promise<TxInfo | null>;
}

export function tronApi(baseUrl: string, apiKey: string, timeoutMs = CHAIN_TIMEOUT_MS): TronApi {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers['TRON-PRO-API-KEY'] = apiKey;

  async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (e) {
      const name = (e as Error)?.name;
      throw new ChainApiError(name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s` : `cannot reach the API (${(e as Error)?.message ?? e})`);
    }
    if (res.status === 429) throw new ChainApiError('rate limited (429)', retryAfterMs(res.headers.get('retry-after')));
    if (!res.ok) throw new ChainApiError(`HTTP ${res.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new ChainApiError('the answer is not JSON');
    }
  }

  return {
    async trc20Page(q) {
      const params = new URLSearchParams({
        only_to: 'true',
        only_confirmed: 'true',
        contract_address: q.contract,
        limit: String(q.limit ?? 200),
        min_timestamp: String(q.minTimestamp),
        order_by: 'block_timestamp,asc',
      });
      if (q.fingerprint) params.set('fingerprint', q.fingerprint);
      const json = await call('GET', `${baseUrl}/v1/accounts/${encodeURIComponent(q.address)}/transactions/trc20?${params}`);
      const page = trc20Page.safeParse(json);
      if (!page.success) throw new ChainApiError('the transfer list is not in the expected shape');
      if (page.data.success === false) throw new ChainApiError('the API answered success: false');
      return { items: page.data.data, fingerprint: page.data.meta?.fingerprint || null };
    },
    async contractEvents(q) {
      const params = new URLSearchParams({
        event_name: 'Transfer',
        only_confirmed: 'true',
        min_block_timestamp: String(q.minTimestamp),
        order_by: 'block_timestamp,asc',
        limit: String(q.limit ?? 200),
      });
      if (q.fingerprint) params.set('fingerprint', q.fingerprint);
      const json = await call('GET', `${baseUrl}/v1/contracts/${encodeURIComponent(q.contract)}/events?${params}`);
      const page = contractEventsPage.safeParse(json);
      if (!page.success) throw new ChainApiError('the event list is not in the expected shape');
      if (page.data.success === false) throw new ChainApiError('the API answered success: false');
      return { items: page.data.data, fingerprint: page.data.meta?.fingerprint || null };
    },
    async transactionInfo(txId) {
      const json = await call('POST', `${baseUrl}/walletsolidity/gettransactioninfobyid`, { value: txId });
      const info = txInfo.safeParse(json);
      if (!info.success) throw new ChainApiError('the transaction info is not in the expected shape');
      if (!info.data.id) return null; // {}: not solidified yet
      if (info.data.id.toLowerCase() !== txId.toLowerCase()) throw new ChainApiError('the transaction info is for another transaction');
      return info.data;
    },
  };
}
