// A local stand-in for TronGrid (test code only): an HTTP server on 127.0.0.1 answering the two calls chain deposits
// make, in TronGrid's own response shapes, fed by the test:
//   GET  /v1/accounts/{address}/transactions/trc20?only_to&only_confirmed&contract_address&limit&min_timestamp&fingerprint&order_by
//        → { data: [{ transaction_id, token_info: { symbol, address, decimals, name }, block_timestamp, from, to, type, value }],
//            success: true, meta: { at, page_size, fingerprint?, links?: { next } } }
//   POST /walletsolidity/gettransactioninfobyid { value } → {} while not solidified, else { id, fee, blockNumber,
//        blockTimeStamp, contractResult, contract_address, receipt: { …, result }, log: [{ address, topics, data }] }
//   GET  /v1/contracts/{contract}/events?event_name&only_confirmed&min_block_timestamp&order_by&limit&fingerprint
//        → { data: [{ block_number, block_timestamp, caller_contract_address, contract_address, event_index,
//            event_name, result: { 0, 1, 2, from, to, value } (Approval: owner, spender, value), result_type, event,
//            transaction_id }], success: true, meta: { at, page_size, fingerprint?, links?: { next } } }
//        event_index is the event's log index in its transaction (the log gettransactioninfobyid answers); addresses
//        in `result` are 20-byte hex '0x…' as TronGrid gives them (or base58 with eventAddresses = 'base58').
// The test can make it misbehave: answer 500, 429 with Retry-After, or garbage, or ignore the contract filter.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { TRANSFER_TOPIC, hex20ToTron, tronToHex20 } from '../src/modules/chain-deposits/tron-address.js';

export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A fresh valid Tron address (base58check). */
export const randomTronAddress = () => hex20ToTron(randomBytes(20).toString('hex'));
export const randomTxId = () => randomBytes(32).toString('hex');

export interface FedTransfer {
  txId: string;
  token: string;
  from: string;
  to: string;
  /** Token units (6 decimals). */
  value: bigint;
  blockTimestamp: number;
  /** Listed with only_confirmed=true, and solid for gettransactioninfobyid. */
  confirmed: boolean;
  /** The listing item's type: 'Approval' (an allowance: no USDT moves, its log holds an Approval event). */
  type?: 'Transfer' | 'Approval';
  /** false: listed as confirmed, but gettransactioninfobyid still answers {} (not solidified yet). */
  solid?: boolean;
  /** The transaction failed on the chain: listed all the same, its receipt says REVERT and its log is empty. */
  failed?: boolean;
  /** false: on the chain but never listed (only a pasted id or an earlier recording finds it). */
  listed?: boolean;
  /** A listing that lies: the value it shows instead of the one in the log. */
  listedValue?: bigint;
}

export type Misbehaviour = 'none' | '500' | '429' | 'garbage' | 'bad-shape' | 'hang';

/** USDT amount text "20.01" → 6-decimal units. */
export const usdtUnits = (amount: string) => {
  const [w, f = ''] = amount.split('.');
  return BigInt(w) * 1_000_000n + BigInt((f + '000000').slice(0, 6));
};

const pad64 = (hex: string) => hex.padStart(64, '0');
/** keccak256("Approval(address,address,uint256)"). */
export const APPROVAL_TOPIC = '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';

export class TronStandIn {
  transfers: FedTransfer[] = [];
  /** Transactions that failed on the chain (receipt.result REVERT), by id. */
  reverted = new Map<string, { token: string; to: string; blockTimestamp: number }>();
  mode: Misbehaviour = 'none';
  retryAfterSeconds = 1;
  ignoreContractFilter = false;
  pageSize: number | null = null;
  listCalls = 0;
  infoCalls = 0;
  eventCalls = 0;
  /** How the events API writes addresses in `result`: TronGrid's 20-byte hex ('0x…'), or base58 'T…'. */
  eventAddresses: 'hex' | 'base58' = 'hex';
  /** The transfers of each transaction, in log order (kept by feed()). */
  private byTx = new Map<string, FedTransfer[]>();
  apiKeys = new Set<string>();
  private server: http.Server;
  url = '';

  constructor() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  feed(t: Partial<FedTransfer> & { to: string; value: bigint }): FedTransfer {
    const full: FedTransfer = { txId: randomTxId(), token: USDT, from: randomTronAddress(), blockTimestamp: Date.now(), confirmed: true, ...t };
    this.transfers.push(full);
    const same = this.byTx.get(full.txId) ?? [];
    same.push(full);
    this.byTx.set(full.txId, same);
    return full;
  }

  confirm(txId: string) {
    for (const t of this.transfers) if (t.txId === txId) t.confirmed = true;
  }

  /** The transaction is solidified: gettransactioninfobyid answers with its receipt from now on. */
  solidify(txId: string) {
    for (const t of this.transfers) if (t.txId === txId) t.solid = true;
  }

  private send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const key = req.headers['tron-pro-api-key'];
    if (typeof key === 'string') this.apiKeys.add(key);
    if (this.mode === 'hang') return; // never answers
    if (this.mode === '500') return this.send(res, 500, { Error: 'internal' });
    if (this.mode === '429') return this.send(res, 429, { Error: 'rate limit' }, { 'retry-after': String(this.retryAfterSeconds) });
    if (this.mode === 'garbage') return this.send(res, 200, '<html>upstream exploded</html>');
    if (this.mode === 'bad-shape') return this.send(res, 200, { data: [{ transaction_id: 'nope', value: 12 }], success: true, meta: {} });
    const url = new URL(req.url ?? '/', 'http://x');
    const list = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/.exec(url.pathname);
    if (req.method === 'GET' && list) return this.listTrc20(res, decodeURIComponent(list[1]), url.searchParams);
    const events = /^\/v1\/contracts\/([^/]+)\/events$/.exec(url.pathname);
    if (req.method === 'GET' && events) return this.contractEvents(res, decodeURIComponent(events[1]), url.searchParams);
    if (req.method === 'POST' && url.pathname === '/walletsolidity/gettransactioninfobyid') {
      this.infoCalls++;
      let body: { value?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return this.send(res, 400, { Error: 'bad json' });
      }
      return this.send(res, 200, this.transactionInfo(String(body.value ?? '')));
    }
    this.send(res, 404, { Error: 'not found' });
  }

  private listTrc20(res: http.ServerResponse, address: string, q: URLSearchParams) {
    this.listCalls++;
    const contract = q.get('contract_address');
    const minTs = Number(q.get('min_timestamp') ?? 0);
    const limit = Math.min(Number(q.get('limit') ?? 20), 200, this.pageSize ?? 200);
    const asc = (q.get('order_by') ?? '').endsWith(',asc');
    let rows = this.transfers.filter(
      (t) =>
        t.listed !== false &&
        (q.get('only_to') !== 'true' || t.to === address) &&
        (q.get('only_confirmed') !== 'true' || t.confirmed) &&
        (this.ignoreContractFilter || !contract || t.token === contract) &&
        t.blockTimestamp >= minTs,
    );
    rows = rows.map((t, i) => ({ t, i })).sort((a, b) => (asc ? 1 : -1) * (a.t.blockTimestamp - b.t.blockTimestamp) || a.i - b.i).map((x) => x.t);
    const offset = q.get('fingerprint') ? Number(Buffer.from(q.get('fingerprint')!, 'base64url').toString()) : 0;
    const page = rows.slice(offset, offset + limit);
    const more = offset + limit < rows.length;
    const fingerprint = more ? Buffer.from(String(offset + limit)).toString('base64url') : undefined;
    this.send(res, 200, {
      data: page.map((t) => ({
        transaction_id: t.txId,
        token_info: { symbol: t.token === USDT ? 'USDT' : 'USDT', address: t.token, decimals: 6, name: 'Tether USD' },
        block_timestamp: t.blockTimestamp,
        from: t.from,
        to: t.to,
        type: t.type ?? 'Transfer',
        value: (t.listedValue ?? t.value).toString(),
      })),
      success: true,
      meta: { at: Date.now(), page_size: page.length, ...(fingerprint ? { fingerprint, links: { next: `${this.url}/v1/accounts/${address}/transactions/trc20?fingerprint=${fingerprint}` } } : {}) },
    });
  }

  /** The contract's events in block-time order (the index of the log each one is, in its transaction). */
  private contractEvents(res: http.ServerResponse, contract: string, q: URLSearchParams) {
    this.eventCalls++;
    const minTs = Number(q.get('min_block_timestamp') ?? 0);
    const limit = Math.min(Number(q.get('limit') ?? 20), 200, this.pageSize ?? 200);
    const name = q.get('event_name');
    const asc = (q.get('order_by') ?? '').endsWith(',asc');
    let rows = this.transfers
      .map((t, i) => ({ t, i }))
      .filter(
        ({ t }) =>
          t.listed !== false &&
          (q.get('only_confirmed') !== 'true' || t.confirmed) &&
          (this.ignoreContractFilter || t.token === contract) &&
          (!name || (t.type ?? 'Transfer') === name) &&
          t.blockTimestamp >= minTs,
      );
    rows = rows.sort((a, b) => (asc ? 1 : -1) * (a.t.blockTimestamp - b.t.blockTimestamp) || a.i - b.i);
    const offset = q.get('fingerprint') ? Number(Buffer.from(q.get('fingerprint')!, 'base64url').toString()) : 0;
    const page = rows.slice(offset, offset + limit);
    const more = offset + limit < rows.length;
    const fingerprint = more ? Buffer.from(String(offset + limit)).toString('base64url') : undefined;
    const addr = (a: string) => (this.eventAddresses === 'hex' ? `0x${tronToHex20(a)}` : a);
    this.send(res, 200, {
      data: page.map(({ t }) => {
        const approval = t.type === 'Approval';
        const value = (t.listedValue ?? t.value).toString();
        return {
          block_number: 60_000_000 + Math.floor(t.blockTimestamp / 3000) % 1_000_000,
          block_timestamp: t.blockTimestamp,
          caller_contract_address: t.token,
          contract_address: t.token,
          event_index: (this.byTx.get(t.txId) ?? []).filter((x) => x.confirmed).indexOf(t),
          event_name: approval ? 'Approval' : 'Transfer',
          result: approval
            ? { 0: addr(t.from), 1: addr(t.to), 2: value, owner: addr(t.from), spender: addr(t.to), value }
            : { 0: addr(t.from), 1: addr(t.to), 2: value, from: addr(t.from), to: addr(t.to), value },
          result_type: approval ? { owner: 'address', spender: 'address', value: 'uint256' } : { from: 'address', to: 'address', value: 'uint256' },
          event: approval ? 'Approval(address indexed owner, address indexed spender, uint256 value)' : 'Transfer(address indexed from, address indexed to, uint256 value)',
          transaction_id: t.txId,
        };
      }),
      success: true,
      meta: { at: Date.now(), page_size: page.length, ...(fingerprint ? { fingerprint, links: { next: `${this.url}/v1/contracts/${contract}/events?fingerprint=${fingerprint}` } } : {}) },
    });
  }

  private transactionInfo(txId: string): object {
    const reverted = this.reverted.get(txId);
    if (reverted) {
      return {
        id: txId,
        fee: 13_844_850,
        blockNumber: 60_000_000,
        blockTimeStamp: reverted.blockTimestamp,
        contractResult: ['08c379a0'],
        contract_address: `41${tronToHex20(reverted.token)}`,
        receipt: { energy_fee: 13_499_850, energy_usage_total: 64_285, net_fee: 345_000, result: 'REVERT' },
        result: 'FAILED',
        resMessage: '5452433230',
      };
    }
    const transfers = (this.byTx.get(txId) ?? []).filter((t) => t.confirmed);
    if (transfers.length === 0 || transfers.some((t) => t.solid === false)) return {};
    const first = transfers[0];
    if (transfers.some((t) => t.failed)) {
      return {
        id: txId,
        fee: 13_844_850,
        blockNumber: 60_000_002,
        blockTimeStamp: first.blockTimestamp,
        contractResult: ['08c379a0'],
        contract_address: `41${tronToHex20(first.token)}`,
        receipt: { energy_fee: 13_499_850, energy_usage_total: 64_285, net_fee: 345_000, result: 'REVERT' },
        result: 'FAILED',
        resMessage: '5452433230',
      };
    }
    return {
      id: txId,
      fee: 345_000,
      blockNumber: 60_000_001,
      blockTimeStamp: first.blockTimestamp,
      contractResult: [''],
      contract_address: `41${tronToHex20(first.token)}`,
      receipt: { energy_usage: 0, energy_usage_total: 14_650, net_usage: 345, result: 'SUCCESS' },
      log: transfers.map((t) => ({
        address: tronToHex20(t.token),
        topics: [t.type === 'Approval' ? APPROVAL_TOPIC : TRANSFER_TOPIC, pad64(tronToHex20(t.from)!), pad64(tronToHex20(t.to)!)],
        data: pad64(t.value.toString(16)),
      })),
    };
  }
}
