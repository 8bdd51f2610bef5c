// Deposits confirmed on the Tron chain (decision 013), against the local TronGrid stand-in (tron-standin.ts): payment
// requests with exact amounts, one poller across instances, each transfer credited once, unmatched transfers for
// admins, pasted transaction ids checked on the chain, and a misbehaving chain API.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAIN_MSG, DEPOSIT_MSG } from '@app/contract';
import { signUp, signUpAs, startTestApp, type TestContext } from './helpers.js';
import { auditCount, balance, expectLedgerClean } from './money-helpers.js';
import { startChainApps, stopChainApps } from './chain-apps.js';
import { TronStandIn, USDT, randomTronAddress, randomTxId, usdtUnits } from './tron-standin.js';
import { ChainApiError, retryAfterMs, tronApi, type TxInfo } from '../src/modules/chain-deposits/tron-api.js';
import { TRANSFER_TOPIC, hex20ToTron, tronToHex20 } from '../src/modules/chain-deposits/tron-address.js';
import { RECEIPT_REASON, applyReceipts, recordTransfers } from '../src/modules/chain-deposits/settle.js';
import { loadConfig } from '../src/config.js';

const ADDRESS = randomTronAddress();
const POLL_MS = 150;
let chain: TronStandIn;
let a: TestContext; // instance A (restarted in the first test)
let b: TestContext; // instance B on the same database

const env = (chainUrl = chain.url) => ({ TRON_API_URL: chainUrl, TRON_API_KEY: 'test-key-1', DEPOSIT_ADDRESS: ADDRESS, TRON_POLL_MS: String(POLL_MS), DEPOSIT_WINDOW_MIN: '60' });
/** Waits (without asserting any duration) until `check` passes; polls are every 150 ms, so this is generous. */
const eventually = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 15_000, interval: 100 });

/** Resolves once both instances have completed `n` more poll runs that got the lock between them. */
async function pollsPass(n = 2) {
  const start = (a.app.chainPoller?.runs ?? 0) + (b.app.chainPoller?.runs ?? 0);
  await eventually(() => expect((a.app.chainPoller?.runs ?? 0) + (b.app.chainPoller?.runs ?? 0)).toBeGreaterThanOrEqual(start + n));
}

async function request(client: ReturnType<TestContext['client']>, amount: number | string) {
  const res = await client.post('/api/v1/deposit/request', { amount });
  expect([200, 201], res.text).toContain(res.status);
  return res.body.request as { _id: string; amount: number; payAmount: number; address: string; status: string; expiresAt: string; createdAt: string };
}

const chainCredits = async (ctx: TestContext) =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where event_key like 'chain:%'`)).rows[0].n;

beforeAll(async () => {
  ({ chain, a, b } = await startChainApps(env));
});
afterAll(() => stopChainApps(a, b, chain));

/** A user's notifications, oldest first: [kind, body]. */
const told = async (userId: string) =>
  (await a.db.execute<{ kind: string; body: string }>(sql`select kind, body from notifications where user_id = ${userId} order by id`)).rows.map((r) => [r.kind, r.body]);

describe('payment requests and the poller', () => {
  test('20 → 20.00, a second open request for 20 → 20.01; a confirmed 20.01 credits the second user once, across two instances and a restart', async () => {
    const u1 = await signUp(a);
    const u2 = await signUp(b);
    const r1 = await request(u1.client, 20);
    const r2 = await request(u2.client, '20');
    expect(r1).toMatchObject({ amount: 20, payAmount: 20, address: ADDRESS, status: 'awaiting' });
    expect(r2).toMatchObject({ amount: 20, payAmount: 20.01, status: 'awaiting' });
    expect(new Date(r2.expiresAt).getTime() - new Date(r2.createdAt).getTime()).toBe(60 * 60_000);
    // Asking again for the same amount gives the same open request, not a third amount.
    expect((await request(u1.client, 20))._id).toBe(r1._id);

    chain.feed({ to: ADDRESS, value: usdtUnits('20.01') });
    await eventually(async () => expect((await u2.client.get(`/api/v1/deposit/request/${r2._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, u2.user._id)).toBe(2001);
    expect(await balance(a, u1.user._id)).toBe(0);
    expect((await u1.client.get(`/api/v1/deposit/request/${r1._id}`)).body.request.status).toBe('awaiting');

    // Restart instance A; both keep polling (the stand-in lists the same transfer again: the cursor overlaps).
    await a.close();
    a = await startTestApp(env(), { databaseUrl: b.databaseUrl });
    await pollsPass(4);
    expect(await balance(a, u2.user._id)).toBe(2001);
    expect(await chainCredits(a)).toBe(1);
    const receipt = await u2.client.get('/api/v1/deposit/my-deposits');
    expect(receipt.body.deposits).toMatchObject([{ amount: 20.01, deposited: true }]);
    expect(chain.apiKeys).toEqual(new Set(['test-key-1'])); // TRON-PRO-API-KEY sent
    await expectLedgerClean(a);
  });

  test('a crash between recording a transfer and settling it loses nothing: the next poll settles it, once', async () => {
    const u = await signUp(a);
    const r = await request(u.client, 21);
    // What a crash leaves: the transfer recorded ('new', not yet checked against its receipt), the cursor already
    // past it (the stand-in never lists it again), no credit.
    const { txId, from } = chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)), listed: false });
    await a.db.execute(sql`
      insert into chain_transfers (tx_id, position, token, from_address, to_address, value, block_time)
      values (${txId}, 0, ${USDT}, ${from}, ${ADDRESS}, ${usdtUnits(String(r.payAmount)).toString()}::numeric, now())`);
    await eventually(async () => expect((await u.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('credited'));
    await pollsPass(2);
    expect(await balance(a, u.user._id)).toBe(Math.round(r.payAmount * 100));
    // Its pay amount stays taken until the window ends, credited or not: a new request for 21 gets another one.
    const v = await signUp(a);
    expect((await request(v.client, 21)).payAmount).not.toBe(r.payAmount);
  });

  test('only one instance polls at a time', async () => {
    const before = chain.listCalls;
    await pollsPass(6);
    const { rows } = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 724311016`);
    expect(rows[0].n).toBeLessThanOrEqual(1);
    expect(chain.listCalls).toBeGreaterThan(before);
  });

  test('other token, unconfirmed, unrequested amount, older than the request: none credits; unmatched ones listed; assigning credits once', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const u3 = await signUp(a);
    const r3 = await request(u3.client, 40);
    expect(r3.payAmount).toBe(40);
    // Another token of the same amount, listed by an API that ignores the contract filter.
    chain.ignoreContractFilter = true;
    const fake = chain.feed({ to: ADDRESS, value: usdtUnits('40'), token: randomTronAddress() });
    // Not confirmed yet: absent from only_confirmed=true.
    const pending = chain.feed({ to: ADDRESS, value: usdtUnits('40'), confirmed: false });
    // No request for this amount.
    const stray = chain.feed({ to: ADDRESS, value: usdtUnits('41.37') });
    // A request exists for 60.00, but the transfer was made before it.
    const u4 = await signUp(a);
    const r4 = await request(u4.client, 60);
    const early = chain.feed({ to: ADDRESS, value: usdtUnits('60'), blockTimestamp: new Date(r4.createdAt).getTime() - 60_000 });
    // Fractions of a cent.
    const dust = chain.feed({ to: ADDRESS, value: usdtUnits('40') + 1n });

    await eventually(async () => {
      const list = await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100');
      const ids = list.body.transfers.map((t: { transactionId: string }) => t.transactionId);
      for (const t of [fake, stray, early, dust]) expect(ids).toContain(t.txId);
    });
    chain.ignoreContractFilter = false;
    await pollsPass(2);
    expect(await balance(a, u3.user._id)).toBe(0);
    expect(await balance(a, u4.user._id)).toBe(0);
    const list = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body;
    expect(list.transfers.map((t: { transactionId: string }) => t.transactionId)).not.toContain(pending.txId);
    const byTx = (id: string) => list.transfers.find((t: { transactionId: string }) => t.transactionId === id);
    expect(byTx(fake.txId).reason).toMatch(/USDT/);
    expect(byTx(stray.txId)).toMatchObject({ amount: 41.37, from: stray.from, to: ADDRESS });
    expect(byTx(dust.txId).amount).toBeNull();
    expect(list.health).toMatchObject({ enabled: true, lastError: null });
    expect(list.health.lastSuccessAt).not.toBeNull();

    // Once confirmed, the pending transfer credits the request it was made for.
    chain.confirm(pending.txId);
    await eventually(async () => expect((await u3.client.get(`/api/v1/deposit/request/${r3._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, u3.user._id)).toBe(4000);

    // Assign the stray transfer: two admins click at once; it is credited once, audited once.
    const admin2 = await signUpAs(a, 'ADMIN');
    const u5 = await signUp(a);
    const id = byTx(stray.txId)._id;
    const answers = await Promise.all([admin, admin2].map((x) => x.client.post(`/api/v1/deposit/unmatched/${id}/assign`, { email: u5.user.email.toUpperCase() })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(a, u5.user._id)).toBe(4137);
    expect(await auditCount(a, 'deposit.chain_assigned')).toBe(1);
    expect(await told(u5.user._id)).toEqual([['deposit_credited', expect.stringContaining('41.37 USDT was confirmed on the Tron network')]]);
    // The fake token and the dust can only be dismissed; an unknown e-mail is a 404; nothing moves.
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${byTx(fake.txId)._id}/assign`, { email: u5.user.email })).status).toBe(409);
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${byTx(dust.txId)._id}/assign`, { email: u5.user.email })).status).toBe(409);
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${byTx(early.txId)._id}/assign`, { email: 'nobody@example.com' })).status).toBe(404);
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${byTx(fake.txId)._id}/dismiss`)).status).toBe(200);
    expect(await auditCount(a, 'deposit.chain_dismissed')).toBe(1);
    // A user cannot reach the admin calls.
    expect((await u5.client.post(`/api/v1/deposit/unmatched/${byTx(early.txId)._id}/assign`, { email: u5.user.email })).status).toBe(403);
    expect((await u5.client.get('/api/v1/deposit/unmatched')).status).toBe(403);
    // The early transfer, assigned to the user who paid it, credits once.
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${byTx(early.txId)._id}/assign`, { email: u4.user.email })).status).toBe(200);
    expect(await balance(a, u4.user._id)).toBe(6000);
    expect(await balance(a, u5.user._id)).toBe(4137);
    await expectLedgerClean(a);
  });

  test('the 100 pay amounts of one amount: the 101st open request is refused with a message', async () => {
    const users = await Promise.all(Array.from({ length: 101 }, () => signUp(a)));
    const answers = await Promise.all(users.map((u) => u.client.post('/api/v1/deposit/request', { amount: 77 })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(100);
    const refused = answers.filter((r) => r.status === 409);
    expect(refused).toHaveLength(1);
    expect(refused[0].body.message).toBe(CHAIN_MSG.allTaken('77.00'));
    const pays = answers.filter((r) => r.status === 201).map((r) => Math.round(r.body.request.payAmount * 100));
    expect(new Set(pays).size).toBe(100);
    expect(Math.min(...pays)).toBe(7700);
    expect(Math.max(...pays)).toBe(7799);
  });
});

describe('what comes with a chain credit', () => {
  test('a referred user’s first chain deposit pays the referrer’s first-deposit bonus once; the credit counts as funding', async () => {
    const referrer = await signUp(a);
    const member = await signUp(a, { refer: referrer.user.referralCode });
    const r = await request(member.client, 12);
    chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)) });
    await eventually(async () => expect((await member.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, referrer.user._id)).toBe(100); // REFERRAL_FIRST_DEPOSIT_BONUS default 1.00
    const second = await request(member.client, 13);
    chain.feed({ to: ADDRESS, value: usdtUnits(String(second.payAmount)) });
    await eventually(async () => expect((await member.client.get(`/api/v1/deposit/request/${second._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, referrer.user._id)).toBe(100);
    // Money brought in on the chain counts towards the subscription minimum (FUNDING_KINDS).
    const sub = await member.client.post('/api/v1/subscription/activate-with-points');
    expect(sub.status, sub.text).toBe(200);
    // Each credit told the member once, the bonus the referrer once.
    expect(await told(member.user._id)).toEqual([
      ['deposit_credited', `Your deposit of ${(r.payAmount as number).toFixed(2)} USDT was confirmed on the Tron network and credited to your balance.`],
      ['deposit_credited', `Your deposit of ${(second.payAmount as number).toFixed(2)} USDT was confirmed on the Tron network and credited to your balance.`],
      ['subscription_activated', expect.any(String)],
    ]);
    expect((await told(referrer.user._id)).map(([kind]) => kind)).toEqual(['referral_earned']);
    await expectLedgerClean(a);
  });

  test('a closed account is not credited: its transfer waits for an admin', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const u = await signUp(a);
    const r = await request(u.client, 17);
    await a.db.execute(sql`update users set deleted_at = now() where id = ${u.user._id}`);
    const t = chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)) });
    await eventually(async () => {
      const list = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body.transfers;
      expect(list.find((x: { transactionId: string }) => x.transactionId === t.txId)?.reason).toBe(CHAIN_MSG.accountClosed);
    });
    expect(await balance(a, u.user._id)).toBe(0);
  });
});

describe('pasted transaction ids, checked on the chain', () => {
  test('a user pasting another user’s matching transaction id is not credited; the rightful user is', async () => {
    const owner = await signUp(a);
    const thief = await signUp(a);
    const r = await request(owner.client, 12);
    // Whether the thief's paste or the poller sees the transfer first, the owner is credited and the thief is not.
    const t = chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)) });
    const stolen = await thief.client.post('/api/v1/deposit/deposit', { amount: r.payAmount, transactionId: t.txId });
    expect(stolen.status).toBe(409);
    expect(stolen.body.message).toBe(DEPOSIT_MSG.duplicate);
    expect(await balance(a, thief.user._id)).toBe(0);
    expect(await balance(a, owner.user._id)).toBe(Math.round(r.payAmount * 100));
    expect((await owner.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('credited');
    // The owner pasting it too: already credited, nothing moves.
    const again = await owner.client.post('/api/v1/deposit/deposit', { amount: 12, transactionId: t.txId });
    expect(again.status).toBe(409);
    await pollsPass(2);
    expect(await balance(a, owner.user._id)).toBe(Math.round(r.payAmount * 100));
    await expectLedgerClean(a);
  });

  test('a pasted transfer matching the caller’s request credits at once; one matching none of theirs is held, never credited to the claimant', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const u = await signUp(a);
    const r = await request(u.client, 33);
    chain.mode = '500'; // the poller cannot see anything: the pasted id is the only way in
    try {
      const own = chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)) });
      chain.mode = 'none';
      const res = await u.client.post('/api/v1/deposit/deposit', { amount: r.payAmount, transactionId: own.txId.toUpperCase() });
      expect([201, 409]).toContain(res.status); // 409 only if the poller got there first
      expect(await balance(a, u.user._id)).toBe(Math.round(r.payAmount * 100));
    } finally {
      chain.mode = 'none';
    }
    const claimant = await signUp(a);
    const other = chain.feed({ to: ADDRESS, value: usdtUnits('13.33') });
    const held = await claimant.client.post('/api/v1/deposit/deposit', { amount: 13.33, transactionId: other.txId });
    expect([202, 409]).toContain(held.status);
    await pollsPass(2);
    expect(await balance(a, claimant.user._id)).toBe(0);
    const list = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body.transfers;
    const entry = list.find((x: { transactionId: string }) => x.transactionId === other.txId);
    expect(entry.claimedBy).toEqual([claimant.user.email]);
  });

  test('a reverted transaction, a fake-token transfer and one to another address are refused with their reasons; an unsolidified one waits', async () => {
    const u = await signUp(a);
    const r = await request(u.client, 15);
    const revertedId = randomTxId();
    chain.reverted.set(revertedId, { token: USDT, to: ADDRESS, blockTimestamp: Date.now() });
    const reverted = await u.client.post('/api/v1/deposit/deposit', { amount: 15, transactionId: revertedId });
    expect(reverted.status).toBe(400);
    expect(reverted.body.message).toBe(CHAIN_MSG.reverted);

    const fake = chain.feed({ to: ADDRESS, value: usdtUnits('15'), token: randomTronAddress() });
    const fakeRes = await u.client.post('/api/v1/deposit/deposit', { amount: 15, transactionId: fake.txId });
    expect(fakeRes.status).toBe(400);
    expect(fakeRes.body.message).toBe(CHAIN_MSG.notUsdt);

    const elsewhere = chain.feed({ to: randomTronAddress(), value: usdtUnits('15') });
    const elsewhereRes = await u.client.post('/api/v1/deposit/deposit', { amount: 15, transactionId: elsewhere.txId });
    expect(elsewhereRes.status).toBe(400);
    expect(elsewhereRes.body.message).toBe(CHAIN_MSG.wrongRecipient);

    const unsolid = chain.feed({ to: ADDRESS, value: usdtUnits('15'), confirmed: false });
    const wait = await u.client.post('/api/v1/deposit/deposit', { amount: 15, transactionId: unsolid.txId });
    expect(wait.status).toBe(202);
    expect(wait.body.message).toBe(CHAIN_MSG.notSolid);
    expect((await u.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('confirming');
    expect(await balance(a, u.user._id)).toBe(0);
    // Confirmed later: the poller credits it.
    chain.confirm(unsolid.txId);
    await eventually(async () => expect((await u.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, u.user._id)).toBe(1500);
  });
});

describe('a misbehaving chain API', () => {
  test('500, 429 and garbage for a while: no credit, the error shows on the admin page; crediting resumes once, after', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const u = await signUp(a);
    const r = await request(u.client, 44);
    chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)) });
    for (const mode of ['500', 'garbage', 'bad-shape', '429'] as const) {
      chain.mode = mode;
      await eventually(async () => {
        const h = (await admin.client.get('/api/v1/deposit/unmatched')).body.health;
        expect(h.lastError).toBe(mode === '500' ? 'HTTP 500' : mode === '429' ? 'rate limited (429)' : mode === 'garbage' ? 'the answer is not JSON' : 'the transfer list is not in the expected shape');
      });
      expect(await balance(a, u.user._id)).toBe(0);
      await a.db.execute(sql`update chain_poller set last_error = null where id = 1`);
    }
    // While rate limited, nobody polls until Retry-After has passed.
    const calls = chain.listCalls;
    const { rows } = await a.db.execute<{ r: Date | null }>(sql`select retry_after as r from chain_poller where id = 1`);
    expect(rows[0].r).not.toBeNull();
    chain.mode = 'none';
    await eventually(async () => expect((await u.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('credited'));
    expect(chain.listCalls).toBeGreaterThan(calls);
    await pollsPass(3);
    expect(await balance(a, u.user._id)).toBe(Math.round(r.payAmount * 100));
    await expectLedgerClean(a);
  });

  test('Tron addresses: base58check to the 20 bytes of a transaction log and back; a bad checksum names nothing', () => {
    expect(tronToHex20(USDT)).toBe('a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(hex20ToTron('a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT);
    expect(tronToHex20('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBeNull();
    expect(tronToHex20('0x1234')).toBeNull();
  });

  test('the client: a timeout, Retry-After in seconds or as a date', async () => {
    chain.mode = 'hang';
    try {
      await expect(tronApi(chain.url, '', 100).transactionInfo(randomTxId())).rejects.toBeInstanceOf(ChainApiError);
    } finally {
      chain.mode = 'none';
    }
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000);
    expect(retryAfterMs('soon')).toBe(30_000);
  });
});

describe('with TRON_API_URL empty', () => {
  test('third outside attack, 4. the manual approval path: a first deposit under REFERRAL_BONUS_MIN_DEPOSIT pays no bonus, and the bonus never exceeds the deposit', async () => {
    const off = await startTestApp({ DEPOSIT_ADDRESS: ADDRESS, REFERRAL_BONUS_MIN_DEPOSIT: '0.50', REFERRAL_FIRST_DEPOSIT_BONUS: '1.00' });
    try {
      const admin = await signUpAs(off, 'ADMIN');
      const referrer = await signUp(off);
      const approve = async (amount: number) => {
        const m = await signUp(off, { refer: referrer.user.referralCode });
        const claim = await m.client.post('/api/v1/deposit/deposit', { amount, transactionId: randomTxId() });
        expect(claim.status, claim.text).toBe(201);
        expect((await admin.client.post(`/api/v1/deposit/deposit/${claim.body.deposit._id}`)).status).toBe(200);
      };
      await approve(0.3); // under 0.50: no bonus
      expect(await balance(off, referrer.user._id)).toBe(0);
      await approve(0.6); // bonus 1.00 capped at the deposit
      expect(await balance(off, referrer.user._id)).toBe(60);
      await approve(20);
      expect(await balance(off, referrer.user._id)).toBe(160);
      await expectLedgerClean(off);
    } finally {
      await off.close();
    }
  });

  test('no payment requests, the manual claim as before, /config says so', async () => {
    const off = await startTestApp({ DEPOSIT_ADDRESS: ADDRESS });
    try {
      const u = await signUp(off);
      const res = await u.client.post('/api/v1/deposit/request', { amount: 20 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(CHAIN_MSG.notEnabled);
      expect((await u.client.get('/api/v1/config')).body.chainDeposits).toBe(false);
      const claim = await u.client.post('/api/v1/deposit/deposit', { amount: 20, transactionId: randomTxId() });
      expect(claim.status).toBe(201);
      expect(claim.body.deposit).toMatchObject({ amount: 20, deposited: false });
    } finally {
      await off.close();
    }
  });
});

// The third outside attack (docs/security.md §7b), replayed over HTTP against the TronGrid stand-in: each test performs one finding
// and asserts that it now fails, with the ledger clean afterwards.
describe('the third outside attack on chain deposits', () => {
  test('2. a listed transfer whose transaction was reverted is never credited: unmatched with the reason, and an admin cannot assign it', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const u = await signUp(a);
    const r = await request(u.client, 19);
    // Listed by the indexer (as TronGrid lists failed TRC20 calls), but its receipt says REVERT: no USDT moved.
    const failed = chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)), failed: true });
    const row = async () =>
      (await a.db.execute<{ id: string; status: string; reason: string | null; verified: boolean | null }>(sql`select id, status, reason, verified from chain_transfers where tx_id = ${failed.txId}`)).rows;
    await eventually(async () => expect(await row()).toMatchObject([{ status: 'unmatched', verified: false }]));
    await pollsPass(2);
    expect(await balance(a, u.user._id)).toBe(0);
    expect((await u.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('awaiting');
    const listed = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body.transfers.find((t: { transactionId: string }) => t.transactionId === failed.txId);
    expect(listed.reason).toMatch(/^Failed on the chain/);
    const assign = await admin.client.post(`/api/v1/deposit/unmatched/${listed._id}/assign`, { email: u.user.email });
    expect(assign.status).toBe(409);
    expect(assign.body.message).toBe(CHAIN_MSG.failedAssign);
    // The same transaction pasted is refused, as before.
    const pasted = await u.client.post('/api/v1/deposit/deposit', { amount: r.payAmount, transactionId: failed.txId });
    expect(pasted.status).toBe(400);
    expect(pasted.body.message).toBe(CHAIN_MSG.reverted);
    expect(await balance(a, u.user._id)).toBe(0);
    await expectLedgerClean(a);
  });

  test('2. a listing whose value is not in the transaction’s log is not credited; one listed before it is solidified waits, without holding back the rest, and is asked for once more per poll', async () => {
    const liar = await signUp(a);
    const waiting = await signUp(a);
    const other = await signUp(a);
    const [rl, rw, ro] = [await request(liar.client, 29), await request(waiting.client, 31), await request(other.client, 32)];
    // The indexer shows the liar's pay amount; the log holds 0.01.
    const lie = chain.feed({ to: ADDRESS, value: usdtUnits('0.01'), listedValue: usdtUnits(String(rl.payAmount)) });
    // Listed as confirmed, but not solidified yet: gettransactioninfobyid answers {}.
    const early = chain.feed({ to: ADDRESS, value: usdtUnits(String(rw.payAmount)), solid: false });
    const fine = chain.feed({ to: ADDRESS, value: usdtUnits(String(ro.payAmount)) });
    await eventually(async () => expect((await other.client.get(`/api/v1/deposit/request/${ro._id}`)).body.request.status).toBe('credited'));
    await pollsPass(2);
    const status = async (txId: string) =>
      (await a.db.execute<{ status: string; verified: boolean | null; reason: string | null }>(sql`select status, verified, reason from chain_transfers where tx_id = ${txId}`)).rows[0];
    expect(await status(lie.txId)).toMatchObject({ status: 'unmatched', verified: false, reason: expect.stringMatching(/^Not in the transaction’s log/) });
    expect(await status(early.txId)).toMatchObject({ status: 'new', verified: null });
    expect(await status(fine.txId)).toMatchObject({ status: 'credited', verified: true });
    expect(await balance(a, liar.user._id)).toBe(0);
    expect(await balance(a, waiting.user._id)).toBe(0);
    // Solidified later: the next poll confirms and credits it, once.
    chain.solidify(early.txId);
    await eventually(async () => expect((await waiting.client.get(`/api/v1/deposit/request/${rw._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, waiting.user._id)).toBe(Math.round(rw.payAmount * 100));
    // Settled transfers are never asked for again: further polls make no receipt calls.
    await pollsPass(1);
    const calls = chain.infoCalls;
    await pollsPass(3);
    expect(chain.infoCalls).toBe(calls);
    await expectLedgerClean(a);
  });

  test('3. an Approval listed with a pay amount’s value is not credited (nor even recorded); a Transfer in the same transaction is', async () => {
    const victim = await signUp(a);
    const payer = await signUp(a);
    const rv = await request(victim.client, 27);
    const rp = await request(payer.client, 28);
    const txId = randomTxId();
    // One transaction: an approve() naming the deposit address as spender for the victim's pay amount (listed first),
    // and a real transfer of the payer's pay amount.
    const approval = chain.feed({ txId, to: ADDRESS, value: usdtUnits(String(rv.payAmount)), type: 'Approval' });
    chain.feed({ txId, to: ADDRESS, value: usdtUnits(String(rp.payAmount)), from: approval.from });
    const lone = chain.feed({ to: ADDRESS, value: usdtUnits(String(rv.payAmount)), type: 'Approval' });
    await eventually(async () => expect((await payer.client.get(`/api/v1/deposit/request/${rp._id}`)).body.request.status).toBe('credited'));
    await pollsPass(2);
    expect(await balance(a, payer.user._id)).toBe(Math.round(rp.payAmount * 100));
    expect(await balance(a, victim.user._id)).toBe(0);
    expect((await victim.client.get(`/api/v1/deposit/request/${rv._id}`)).body.request.status).toBe('awaiting');
    const { rows } = await a.db.execute<{ tx_id: string; position: number; value: string }>(
      sql`select tx_id, position, value::text as value from chain_transfers where tx_id in (${txId}, ${lone.txId}) order by position`,
    );
    expect(rows).toEqual([{ tx_id: txId, position: 0, value: usdtUnits(String(rp.payAmount)).toString() }]);
    await expectLedgerClean(a);
  });

  test('4. the first-deposit bonus is not farmed with cent deposits: five referred accounts paying 0.01–0.05 on the chain, and one assigned by an admin, earn the referrer nothing', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const referrer = await signUp(a);
    const sybils = await Promise.all(Array.from({ length: 5 }, () => signUp(a, { refer: referrer.user.referralCode })));
    const requests: Awaited<ReturnType<typeof request>>[] = [];
    for (const u of sybils) requests.push(await request(u.client, '0.01'));
    expect(requests.map((r) => r.payAmount).sort()).toEqual([0.01, 0.02, 0.03, 0.04, 0.05]);
    for (const r of requests) chain.feed({ to: ADDRESS, value: usdtUnits(String(r.payAmount)) });
    for (const [i, u] of sybils.entries()) {
      await eventually(async () => expect((await u.client.get(`/api/v1/deposit/request/${requests[i]._id}`)).body.request.status).toBe('credited'));
    }
    // A stray cent transfer assigned by an admin to a sixth referred account pays nothing either.
    const sixth = await signUp(a, { refer: referrer.user.referralCode });
    const stray = chain.feed({ to: ADDRESS, value: usdtUnits('0.07') });
    let strayId = '';
    await eventually(async () => {
      const t = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body.transfers.find((x: { transactionId: string }) => x.transactionId === stray.txId);
      expect(t).toBeTruthy();
      strayId = t._id;
    });
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${strayId}/assign`, { email: sixth.user.email })).status).toBe(200);
    expect(await balance(a, sixth.user._id)).toBe(7);
    expect(await balance(a, referrer.user._id)).toBe(0);
    // The bonus was decided by those first deposits: a later 12.00 pays none; a new member's first 12.00 pays 1.00.
    const later = await request(sybils[0].client, 12);
    chain.feed({ to: ADDRESS, value: usdtUnits(String(later.payAmount)) });
    const honest = await signUp(a, { refer: referrer.user.referralCode });
    const first = await request(honest.client, 12);
    chain.feed({ to: ADDRESS, value: usdtUnits(String(first.payAmount)) });
    await eventually(async () => expect((await honest.client.get(`/api/v1/deposit/request/${first._id}`)).body.request.status).toBe('credited'));
    await eventually(async () => expect((await sybils[0].client.get(`/api/v1/deposit/request/${later._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, referrer.user._id)).toBe(100);
    await expectLedgerClean(a);
  });

  test('4. MIN_DEPOSIT (a live setting): requests and claims below it are refused with the minimum; a smaller transfer that arrives anyway is unmatched', async () => {
    const boss = await signUpAs(a, 'SADMIN');
    const admin = await signUpAs(a, 'ADMIN');
    const u = await signUp(a);
    const before = await request(u.client, '3.5'); // made while the minimum is still 0.01
    try {
      expect((await boss.client.put('/api/v1/settings', { minDeposit: 5 })).status).toBe(200);
      await eventually(() => expect(b.app.settings.get('minDeposit')).toBe(500));
      const refused = await u.client.post('/api/v1/deposit/request', { amount: '4.99' });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(DEPOSIT_MSG.belowMinimum('5.00'));
      expect(refused.body.message).toBe('The minimum deposit is 5.00 USDT. Enter an amount of at least 5.00.');
      const claim = await u.client.post('/api/v1/deposit/deposit', { amount: 4.99, transactionId: randomTxId() });
      expect(claim.status).toBe(400);
      expect(claim.body.message).toBe(DEPOSIT_MSG.belowMinimum('5.00'));
      expect((await u.client.post('/api/v1/deposit/request', { amount: 5 })).status).toBe(201);
      // The transfer of the request made before the raise arrives: below the minimum, it waits for an admin.
      const small = chain.feed({ to: ADDRESS, value: usdtUnits(String(before.payAmount)) });
      await eventually(async () => {
        const t = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body.transfers.find((x: { transactionId: string }) => x.transactionId === small.txId);
        expect(t?.reason).toBe('Below the minimum deposit (MIN_DEPOSIT)');
      });
      expect(await balance(a, u.user._id)).toBe(0);
    } finally {
      await boss.client.put('/api/v1/settings', { minDeposit: 0.01 });
      await eventually(() => expect(b.app.settings.get('minDeposit')).toBe(1));
    }
  });

  test('7b. TRON_API_URL with credentials or a link-local / metadata address is refused, naming the setting; nothing changes', async () => {
    const boss = await signUpAs(a, 'SADMIN');
    const before = a.app.settings.get('tronApiUrl');
    for (const url of [
      'http://user:pass@api.trongrid.io',
      'https://key@api.trongrid.io',
      'http://169.254.169.254/latest/meta-data',
      'http://2852039166', // 169.254.169.254 as one decimal number
      'http://0xa9fea9fe',
      'http://[fe80::1]:8090',
      'http://[::ffff:169.254.169.254]',
    ]) {
      const res = await boss.client.put('/api/v1/settings', { tronApiUrl: url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(CHAIN_MSG.tronApiUrlUnsafe);
      expect(res.body.message).toMatch(/^Tron API URL /);
      expect(a.app.settings.get('tronApiUrl')).toBe(before);
    }
    expect(() => loadConfig({ TRON_API_URL: 'http://user:pass@api.trongrid.io' })).toThrow(/TRON_API_URL: Tron API URL must not hold a user name or password/);
    expect(() => loadConfig({ TRON_API_URL: 'http://169.254.169.254' })).toThrow(/TRON_API_URL: .*link-local/);
    // An ordinary address (a private one too: a self-hosted node) is still accepted.
    expect(loadConfig({ TRON_API_URL: 'http://10.0.0.5:8090' }).TRON_API_URL).toBe('http://10.0.0.5:8090');
  });

  test('7c. a user holds at most 3 open payment requests: a 4th amount, asked in turn or all at once, is refused with a message', async () => {
    const attacker = await signUp(a);
    // Distinct amounts 88.00, 88.01, … each take one of the 100 pay amounts 88.00 … 88.99.
    for (const amount of ['88', '88.01', '88.02']) expect((await attacker.client.post('/api/v1/deposit/request', { amount })).status).toBe(201);
    const fourth = await attacker.client.post('/api/v1/deposit/request', { amount: '88.03' });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe(CHAIN_MSG.tooManyOpen);
    expect(fourth.body.message).toContain('3 open payment requests');
    // Asking again for an amount already requested still returns that request.
    expect((await attacker.client.post('/api/v1/deposit/request', { amount: '88.01' })).status).toBe(200);
    // Fired at once, the limit still holds (allocation runs under one lock).
    const racer = await signUp(b);
    const answers = await Promise.all(['88.10', '88.11', '88.12', '88.13', '88.14'].map((amount) => racer.client.post('/api/v1/deposit/request', { amount })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409]);
    const { rows } = await a.db.execute<{ user_id: string; n: number }>(
      sql`select user_id, count(*)::int as n from deposit_requests where user_id in (${attacker.user._id}, ${racer.user._id}) group by user_id`,
    );
    expect(rows.map((r) => r.n)).toEqual([3, 3]);
  });
});

// The receipts of a page are applied in one read and at most two updates (settle.ts applyReceipts), each transfer by
// its own transaction's receipt. Its own deposit address and transaction ids the stand-in does not know: the two
// instances' pollers, which also ask about every unchecked row, hear "not solidified" for them and leave them be.
describe('receipts applied a page at a time', () => {
  test('one read and two updates for a page: each transfer confirmed or refused with its own reason, one not solidified left unchecked', async () => {
    const address = randomTronAddress();
    const s = { apiUrl: chain.url, apiKey: '', usdtContract: USDT, depositAddress: address, xpub: '', pollMs: POLL_MS, windowMin: 60, minDepositCents: 1,
      referral: { levelsBp: [], firstDepositBonusCents: 0, bonusMinDepositCents: 0 } };
    const sender = randomTronAddress();
    const word = (hex: string) => hex.padStart(64, '0');
    const hex = (tron: string) => tronToHex20(tron)!;
    const transferLog = (to: string, units: bigint) => ({ address: hex(USDT), topics: [TRANSFER_TOPIC, word(hex(sender)), word(hex(to))], data: word(units.toString(16)) });
    const at = Date.now() - 60_000;
    const value = usdtUnits('12.34');
    const ids = { confirmed: randomTxId(), reverted: randomTxId(), lie: randomTxId(), elsewhere: randomTxId(), early: randomTxId() };
    // Each listed as a transfer of 12.34 to the address, by a listing that names some other sender and time.
    await recordTransfers(a.db, Object.values(ids).map((txId) => ({ txId, position: 0, token: USDT, from: randomTronAddress(), to: address, value: value.toString(), blockTimeMs: at - 5_000 })), false);
    const infos = new Map<string, TxInfo | null>([
      [ids.confirmed, { blockTimeStamp: at, receipt: { result: 'SUCCESS' }, log: [transferLog(address, value)] }],
      [ids.reverted, { blockTimeStamp: at, receipt: { result: 'REVERT' }, log: [] }],
      [ids.lie, { blockTimeStamp: at, receipt: { result: 'SUCCESS' }, log: [transferLog(address, 1n)] }],
      [ids.elsewhere, { blockTimeStamp: at, receipt: { result: 'SUCCESS' }, log: [transferLog(randomTronAddress(), value)] }],
      [ids.early, null],
    ]);
    let statements = 0;
    const counted = { execute: (q: Parameters<typeof a.db.execute>[0]) => (statements++, a.db.execute(q)) } as unknown as typeof a.db;
    await applyReceipts(counted, s, infos);
    expect(statements).toBe(3);
    const row = async (txId: string) =>
      (await a.db.execute<{ verified: boolean | null; reason: string | null; from_address: string; block_ms: string }>(
        sql`select verified, reason, from_address, (extract(epoch from block_time) * 1000)::bigint::text as block_ms from chain_transfers where tx_id = ${txId}`,
      )).rows[0];
    expect(await row(ids.confirmed)).toMatchObject({ verified: true, reason: null, from_address: sender, block_ms: String(at) });
    expect(await row(ids.reverted)).toMatchObject({ verified: false, reason: RECEIPT_REASON.reverted });
    expect(await row(ids.lie)).toMatchObject({ verified: false, reason: RECEIPT_REASON.notInLog });
    expect(await row(ids.elsewhere)).toMatchObject({ verified: false, reason: RECEIPT_REASON.wrongRecipient });
    expect(await row(ids.early)).toMatchObject({ verified: null, reason: null });
    // Applied again: nothing left to check for those, and the one not solidified is still open.
    statements = 0;
    await applyReceipts(counted, s, infos);
    expect(statements).toBe(1);
    expect(await row(ids.early)).toMatchObject({ verified: null });
  });
});
