// Every user their own deposit address, derived from a watch-only key, against the TronGrid stand-in's
// contract events call (tron-standin.ts): the derivation cross-checked with tronweb, one address per user for good,
// the events watcher crediting each transfer to a user's address once (two instances, a restart in the middle of a
// page, a misbehaving API), and what never credits.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { TronWeb, utils as tronUtils } from 'tronweb';
import { CHAIN_MSG } from '@app/contract';
import { signUp, signUpAs, startTestApp, type TestContext } from './helpers.js';
import { auditCount, balance, expectLedgerClean } from './money-helpers.js';
import { startChainApps, stopChainApps } from './chain-apps.js';
import { TronStandIn, randomTronAddress, usdtUnits } from './tron-standin.js';
import { deriveTronAddress } from '../src/modules/chain-deposits/xpub.js';
import { ensureOwnAddress } from '../src/modules/chain-deposits/deposit-addresses.js';
import { loadConfig } from '../src/config.js';

const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC));
const account = root.derive("m/44'/195'/0'");
const XPUB = account.publicExtendedKey;
/** A second account of the same wallet (m/44'/195'/1'): the key after a rotation. */
const XPUB_2 = root.derive("m/44'/195'/1'").publicExtendedKey;

/** The independent derivation: tronweb (ethers' HD wallet, tronweb's address from the private key). */
const { ethersHDNodeWallet, Mnemonic } = tronUtils.ethersUtils;
const tronwebChain = ethersHDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(MNEMONIC), "m/44'/195'/0'/0");
const tronwebAddress = (n: number) => TronWeb.address.fromPrivateKey(tronwebChain.deriveChild(n).privateKey.slice(2)) as string;

const SHARED = randomTronAddress();
const POLL_MS = 150;
let chain: TronStandIn;
let a: TestContext;
let b: TestContext;

const env = (chainUrl = chain.url) => ({ TRON_API_URL: chainUrl, DEPOSIT_ADDRESS: SHARED, TRON_POLL_MS: String(POLL_MS), DEPOSIT_WINDOW_MIN: '60', MIN_DEPOSIT: '1.00' });
const eventually = (check: () => Promise<void> | void, timeout = 15_000) => vi.waitFor(check, { timeout, interval: 100 });

async function pollsPass(n = 2) {
  const start = (a.app.chainPoller?.runs ?? 0) + (b.app.chainPoller?.runs ?? 0);
  await eventually(() => expect((a.app.chainPoller?.runs ?? 0) + (b.app.chainPoller?.runs ?? 0)).toBeGreaterThanOrEqual(start + n));
}

const chainCredits = async (txId: string) =>
  (await a.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where event_key like ${`chain:${txId}:%`}`)).rows[0].n;

async function myAddress(client: ReturnType<TestContext['client']>) {
  const res = await client.get('/api/v1/deposit/address');
  expect(res.status, res.text).toBe(200);
  return res.body.deposit as { address: string; index: number; minDeposit: number; deposits: { transactionId: string; amount: number; status: string }[] };
}

beforeAll(async () => {
  ({ chain, a, b } = await startChainApps(env));
});
afterAll(() => stopChainApps(a, b, chain));

describe('the key', () => {
  test('the first 1,000 addresses of a known mnemonic equal tronweb’s derivation (m/44’/195’/0’/0/n)', () => {
    expect(deriveTronAddress(XPUB, 0).address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'); // the well-known vector
    expect(TronWeb.fromMnemonic(MNEMONIC, "m/44'/195'/0'/0/0").address).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    const ours = Array.from({ length: 1000 }, (_, n) => deriveTronAddress(XPUB, n).address);
    for (let n = 0; n < 1000; n++) expect(ours[n], `index ${n}`).toBe(tronwebAddress(n));
    expect(new Set(ours).size).toBe(1000);
  });

  test('TRON_XPUB refuses an extended private key (never to be given), a key at another depth (naming the path), and garbage; each error names the setting', async () => {
    const xprv = account.privateExtendedKey;
    const rootXpub = root.publicExtendedKey;
    const addressKey = root.derive("m/44'/195'/0'/0/0").publicExtendedKey;
    const cases: [string, string][] = [
      [xprv, CHAIN_MSG.tronXpubPrivate],
      [root.privateExtendedKey, CHAIN_MSG.tronXpubPrivate],
      [rootXpub, CHAIN_MSG.tronXpubDepth],
      [addressKey, CHAIN_MSG.tronXpubDepth],
      [`${XPUB.slice(0, -1)}${XPUB.endsWith('a') ? 'b' : 'a'}`, CHAIN_MSG.tronXpub],
      ['not a key', CHAIN_MSG.tronXpub],
    ];
    const sadmin = await signUpAs(a, 'SADMIN');
    for (const [value, message] of cases) {
      expect(message).toMatch(/^TRON_XPUB/);
      const res = await sadmin.client.put('/api/v1/settings', { tronXpub: value });
      expect(res.status, value).toBe(400);
      expect(res.body.message).toBe(message);
      expect(() => loadConfig({ TRON_XPUB: value })).toThrow(message);
    }
    expect(CHAIN_MSG.tronXpubPrivate).toMatch(/never give it to the platform/);
    expect(CHAIN_MSG.tronXpubDepth).toContain('m/44’/195’/0’');
    expect(a.app.settings.get('tronXpub')).toBe('');
  });
});

describe('addresses', () => {
  test('a payment request open before the key is set keeps working; the key set live turns own addresses on', async () => {
    const u = await signUp(a);
    expect((await u.client.get('/api/v1/deposit/address')).status).toBe(409);
    expect((await u.client.get('/api/v1/config')).body.ownDepositAddresses).toBe(false);
    const r = (await u.client.post('/api/v1/deposit/request', { amount: 25 })).body.request;
    const sadmin = await signUpAs(a, 'SADMIN');
    expect((await sadmin.client.put('/api/v1/settings', { tronXpub: XPUB })).status).toBe(200);
    await eventually(() => {
      expect(a.app.settings.get('tronXpub')).toBe(XPUB);
      expect(b.app.settings.get('tronXpub')).toBe(XPUB);
    });
    expect((await u.client.get('/api/v1/config')).body.ownDepositAddresses).toBe(true);
    chain.feed({ to: SHARED, value: usdtUnits(String(r.payAmount)) });
    await eventually(async () => expect((await u.client.get(`/api/v1/deposit/request/${r._id}`)).body.request.status).toBe('credited'));
    expect(await balance(a, u.user._id)).toBe(2500);
  });

  test('the same user always gets the same address, on both instances and after a restart; concurrent first views make one; two users never share one; nobody sees another’s', async () => {
    const u = await signUp(a);
    const v = await signUp(b);
    // 20 first views at once, half on each instance.
    const uB = b.client();
    await uB.post('/api/v1/user/login', { email: u.user.email, password: u.password });
    const [onA, onB] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => myAddress(u.client))),
      Promise.all(Array.from({ length: 10 }, () => myAddress(uB))),
    ]);
    const all = [...onA, ...onB].map((d) => `${d.index}:${d.address}`);
    expect(new Set(all).size).toBe(1);
    const mine = onA[0];
    expect(mine.address).toBe(tronwebAddress(mine.index));
    expect(mine.minDeposit).toBe(1);
    const theirs = await myAddress(v.client);
    expect(theirs.address).not.toBe(mine.address);
    expect(theirs.index).not.toBe(mine.index);
    const { rows } = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from deposit_addresses where user_id = ${u.user._id}`);
    expect(rows[0].n).toBe(1);
    // After a restart of A, the same.
    await a.close();
    a = await startTestApp(env(), { databaseUrl: b.databaseUrl });
    const again = a.client();
    await again.post('/api/v1/user/login', { email: u.user.email, password: u.password });
    expect(await myAddress(again)).toMatchObject({ address: mine.address, index: mine.index });
    // The route takes no id: there is no way to ask for someone else's address.
    expect((await v.client.get(`/api/v1/deposit/address?userId=${u.user._id}`)).body.deposit.address).toBe(theirs.address);
  });

  test('1,000 users get 1,000 distinct addresses equal to the independent derivation, indexes never reused', async () => {
    const { rows: users } = await a.db.execute<{ id: string }>(sql`
      insert into users (full_name, email, phone, password_hash, role, referral_code)
      select 'Many ' || i, 'many-' || i || '-' || ${String(Date.now())} || '@example.com', '+971500000000', 'x', 'USER', 'many' || i || 'x' || ${String(Date.now() % 100000)}
      from generate_series(1, 1000) as i returning id`);
    await a.db.execute(sql`insert into ledger_accounts (user_id) select unnest(${`{${users.map((u) => u.id).join(',')}}`}::uuid[])`);
    const made: { address: string; idx: number }[] = [];
    for (let i = 0; i < users.length; i += 50) {
      made.push(...(await Promise.all(users.slice(i, i + 50).map((u, j) => ensureOwnAddress((j % 2 ? b : a).db, u.id, XPUB)))));
    }
    expect(new Set(made.map((m) => m.address)).size).toBe(1000);
    expect(new Set(made.map((m) => m.idx)).size).toBe(1000);
    for (const m of made) expect(m.address).toBe(tronwebAddress(m.idx));
    const { rows } = await a.db.execute<{ dup: number; max: number; next: number }>(sql`
      select (select count(*) - count(distinct (xpub_id, idx)) from deposit_addresses)::int as dup,
             (select max(idx) from deposit_addresses)::int as max, (select next_index from deposit_xpubs where xpub = ${XPUB}) as next`);
    expect(rows[0].dup).toBe(0);
    expect(rows[0].next).toBeGreaterThan(rows[0].max);
  });
});

describe('the events watcher', () => {
  test('a transfer to a user’s address credits that user the amount received, once, within two polls; any amount, no request; shown with its status; notified', async () => {
    const u = await signUp(a);
    const { address } = await myAddress(u.client);
    const before = a.app.chainPoller!.runs + b.app.chainPoller!.runs;
    const paid = chain.feed({ to: address, value: usdtUnits('19.00') }); // an exchange took its fee from 20.01
    await eventually(async () => expect(await balance(a, u.user._id)).toBe(1900));
    expect(a.app.chainPoller!.runs + b.app.chainPoller!.runs - before).toBeLessThanOrEqual(3); // this poll or the next
    // A second payment, late, of another amount: credited too.
    const late = chain.feed({ to: address, value: usdtUnits('7.5') });
    await eventually(async () => expect(await balance(a, u.user._id)).toBe(2650));
    await pollsPass(4);
    expect(await balance(a, u.user._id)).toBe(2650);
    expect(await chainCredits(paid.txId)).toBe(1);
    expect(await chainCredits(late.txId)).toBe(1);
    const d = await myAddress(u.client);
    expect(d.deposits).toMatchObject([
      { transactionId: late.txId, amount: 7.5, status: 'credited' },
      { transactionId: paid.txId, amount: 19, status: 'credited' },
    ]);
    expect((await u.client.get('/api/v1/deposit/my-deposits')).body.deposits).toHaveLength(2);
    const { rows } = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${u.user._id} and kind = 'deposit_credited'`);
    expect(rows[0].n).toBe(2);
  });

  test('addresses in base58 as well as 0x hex; a fraction of a cent is rounded down and the remainder noted', async () => {
    const u = await signUp(a);
    const { address } = await myAddress(u.client);
    chain.eventAddresses = 'base58';
    try {
      const t = chain.feed({ to: address, value: usdtUnits('3.00') + 4_321n });
      await eventually(async () => expect(await balance(a, u.user._id)).toBe(300));
      const { rows } = await a.db.execute<{ memo: { remainderUnits?: string } }>(sql`select memo from ledger_transactions where event_key = ${`chain:${t.txId}:0`}`);
      expect(rows[0].memo.remainderUnits).toBe('4321');
    } finally {
      chain.eventAddresses = 'hex';
    }
  });

  test('a reverted transfer, a fake token, an Approval and one below the minimum never credit; one to nobody’s address is ignored; below the minimum is shown and an admin can credit it (audited)', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const u = await signUp(a);
    const { address } = await myAddress(u.client);
    const reverted = chain.feed({ to: address, value: usdtUnits('30'), failed: true });
    chain.ignoreContractFilter = true;
    const fake = chain.feed({ to: address, value: usdtUnits('30'), token: randomTronAddress() });
    const approval = chain.feed({ to: address, value: usdtUnits('30'), type: 'Approval' });
    const small = chain.feed({ to: address, value: usdtUnits('0.99') });
    const nobody = chain.feed({ to: randomTronAddress(), value: usdtUnits('30') });
    const row = async (txId: string) =>
      (await a.db.execute<{ id: string; status: string; reason: string | null; verified: boolean | null }>(sql`select id, status, reason, verified from chain_transfers where tx_id = ${txId}`)).rows;
    await eventually(async () => {
      expect(await row(reverted.txId)).toMatchObject([{ status: 'unmatched', verified: false }]);
      expect(await row(fake.txId)).toMatchObject([{ status: 'unmatched', verified: false }]);
      expect(await row(small.txId)).toMatchObject([{ status: 'unmatched', verified: true, reason: 'Below the minimum deposit (MIN_DEPOSIT)' }]);
    });
    chain.ignoreContractFilter = false;
    await pollsPass(2);
    expect(await row(approval.txId)).toEqual([]);
    expect(await row(nobody.txId)).toEqual([]);
    expect(await balance(a, u.user._id)).toBe(0);
    const shown = (await myAddress(u.client)).deposits;
    expect(shown.find((d) => d.transactionId === small.txId)).toMatchObject({ amount: 0.99, status: 'below_minimum' });
    expect(shown.find((d) => d.transactionId === reverted.txId)?.status).toBe('refused');
    // The admin's unmatched list: the reverted one cannot be assigned, the small one can, once.
    const list = (await admin.client.get('/api/v1/deposit/unmatched?page=1&limit=100')).body.transfers as { _id: string; transactionId: string; amount: number | null }[];
    const failedRow = list.find((t) => t.transactionId === reverted.txId)!;
    expect((await admin.client.post(`/api/v1/deposit/unmatched/${failedRow._id}/assign`, { email: u.user.email })).status).toBe(409);
    const smallRow = list.find((t) => t.transactionId === small.txId)!;
    expect(smallRow.amount).toBe(0.99);
    const audits = await auditCount(a, 'deposit.chain_assigned');
    const [x, y] = await Promise.all([
      admin.client.post(`/api/v1/deposit/unmatched/${smallRow._id}/assign`, { email: u.user.email }),
      admin.client.post(`/api/v1/deposit/unmatched/${smallRow._id}/assign`, { email: u.user.email }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect(await balance(a, u.user._id)).toBe(99);
    expect(await auditCount(a, 'deposit.chain_assigned')).toBe(audits + 1);
    await expectLedgerClean(a);
  });

  test('the requests a poll makes do not grow with the number of users: one per 200 events read, plus one receipt per transfer to a user’s address', async () => {
    const { rows } = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from deposit_addresses`);
    expect(rows[0].n).toBeGreaterThan(1000);
    await pollsPass(1);
    const [events0, infos0] = [chain.eventCalls, chain.infoCalls];
    const runs0 = a.app.chainPoller!.runs + b.app.chainPoller!.runs;
    await pollsPass(3);
    const runs = a.app.chainPoller!.runs + b.app.chainPoller!.runs - runs0;
    // Nothing new: each run reads the last block again (one page) and asks for no receipt.
    expect(chain.eventCalls - events0).toBeLessThanOrEqual(runs + 1);
    expect(chain.infoCalls - infos0).toBe(0);
  });

  test('500, 429 and garbage from the chain API delay crediting and never double-credit; a page cut short by a failure and a restart in the middle lose nothing', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => signUp(a)));
    const addresses = await Promise.all(users.map(async (u) => (await myAddress(u.client)).address));
    chain.pageSize = 2;
    chain.mode = '500';
    try {
      const fed = addresses.flatMap((address, i) => [chain.feed({ to: address, value: usdtUnits(`${10 + i}`) }), chain.feed({ to: randomTronAddress(), value: usdtUnits('5') })]);
      await pollsPass(2);
      chain.mode = 'garbage';
      await pollsPass(2);
      chain.mode = '429';
      chain.retryAfterSeconds = 1;
      const admin = await signUpAs(a, 'ADMIN');
      await eventually(async () => expect((await admin.client.get('/api/v1/deposit/unmatched')).body.health.lastError).toMatch(/429/));
      for (const u of users) expect(await balance(a, u.user._id)).toBe(0);
      chain.mode = 'none';
      // Restart A while it may be inside a page (B keeps polling).
      await eventually(async () => expect(await balance(a, users[0].user._id)).toBe(1000));
      await a.close();
      a = await startTestApp(env(), { databaseUrl: b.databaseUrl });
      await eventually(async () => {
        for (const [i, u] of users.entries()) expect(await balance(a, u.user._id)).toBe((10 + i) * 100);
      });
      await pollsPass(4);
      for (const [i, u] of users.entries()) expect(await balance(a, u.user._id)).toBe((10 + i) * 100);
      for (const t of fed.filter((_, i) => i % 2 === 0)) expect(await chainCredits(t.txId)).toBe(1);
    } finally {
      chain.pageSize = null;
      chain.mode = 'none';
    }
  });

  test('two instances polling at once, each crash-stopped mid-run in turn: 40 transfers to 20 users, each credited exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => signUp(a)));
    const addresses = await Promise.all(users.map(async (u) => (await myAddress(u.client)).address));
    chain.pageSize = 3;
    try {
      const fed = addresses.flatMap((address) => [chain.feed({ to: address, value: usdtUnits('2') }), chain.feed({ to: address, value: usdtUnits('3') })]);
      await new Promise((r) => setTimeout(r, POLL_MS));
      await b.close();
      b = await startTestApp(env(), { databaseUrl: a.databaseUrl });
      await eventually(async () => {
        for (const u of users) expect(await balance(a, u.user._id)).toBe(500);
      }, 30_000);
      await pollsPass(4);
      for (const u of users) expect(await balance(a, u.user._id)).toBe(500);
      for (const t of fed) expect(await chainCredits(t.txId)).toBe(1);
    } finally {
      chain.pageSize = null;
    }
    await expectLedgerClean(a);
  });

  test('a crash between the receipts and the page’s commit: the cursor stays with the page, so the page is read again and credited once', async () => {
    const u = await signUp(a);
    const { address } = await myAddress(u.client);
    // Freeze the cursor where it is, as a crash before the page's commit would leave it, after a credit committed.
    const t = chain.feed({ to: address, value: usdtUnits('4') });
    await eventually(async () => expect(await balance(a, u.user._id)).toBe(400));
    const { rows } = await a.db.execute<{ min: string }>(sql`select events_min_ms as min from chain_poller where id = 1`);
    await a.db.execute(sql`update chain_poller set events_min_ms = ${Number(rows[0].min) - 60_000}, events_fingerprint = null where id = 1`);
    await pollsPass(3);
    expect(await balance(a, u.user._id)).toBe(400);
    expect(await chainCredits(t.txId)).toBe(1);
  });
});

describe('rotation and the operator’s desk', () => {
  test('a new key: existing users keep their address (still watched), new users get the new key’s; the desk lists both with totals; CSV; the sweep mark (audited)', async () => {
    const old = await signUp(a);
    const oldAddress = await myAddress(old.client);
    const sadmin = await signUpAs(a, 'SADMIN');
    expect((await sadmin.client.put('/api/v1/settings', { tronXpub: XPUB_2 })).status).toBe(200);
    await eventually(() => expect(a.app.settings.get('tronXpub')).toBe(XPUB_2));
    expect(await myAddress(old.client)).toMatchObject({ address: oldAddress.address, index: oldAddress.index });
    const fresh = await signUp(a);
    const freshAddress = await myAddress(fresh.client);
    expect(freshAddress.address).toBe(deriveTronAddress(XPUB_2, freshAddress.index).address);
    expect(freshAddress.index).toBe(0);
    chain.feed({ to: oldAddress.address, value: usdtUnits('6') });
    chain.feed({ to: freshAddress.address, value: usdtUnits('8') });
    await eventually(async () => {
      expect(await balance(a, old.user._id)).toBe(600);
      expect(await balance(a, fresh.user._id)).toBe(800);
    });
    const admin = await signUpAs(a, 'ADMIN');
    const page = (await admin.client.get('/api/v1/deposit/addresses?page=1&limit=5')).body;
    expect(page.total).toBeGreaterThan(1000);
    expect(page.addresses).toHaveLength(5);
    expect(page.heldSinceSweep).toBeGreaterThanOrEqual(14);
    const mine = page.addresses.find((r: { userId: string }) => r.userId === fresh.user._id);
    expect(mine).toMatchObject({ address: freshAddress.address, index: 0, totalReceived: 8, sinceSweep: 8 });
    const keys = await a.db.execute<{ n: number }>(sql`
      select count(distinct xpub_id)::int as n from deposit_addresses where user_id in (${old.user._id}, ${fresh.user._id})`);
    expect(keys.rows[0].n).toBe(2);
    const csv = await admin.client.get('/api/v1/deposit/addresses.csv');
    expect(csv.status).toBe(200);
    expect(csv.text.split('\n')[0]).toBe('index,address,total,key_id');
    expect(csv.text).toContain(`0,${freshAddress.address},8.000000,`);
    expect(csv.text).toContain(`${oldAddress.index},${oldAddress.address},6.000000,`);
    expect((await old.client.get('/api/v1/deposit/addresses')).status).toBe(403);
    const audits = await auditCount(a, 'deposit.addresses_swept');
    expect((await admin.client.post('/api/v1/deposit/addresses/sweep', {})).status).toBe(400);
    expect((await admin.client.post('/api/v1/deposit/addresses/sweep', { at: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(400);
    expect((await admin.client.post('/api/v1/deposit/addresses/sweep', { at: new Date().toISOString() })).status).toBe(200);
    expect(await auditCount(a, 'deposit.addresses_swept')).toBe(audits + 1);
    const after = (await admin.client.get('/api/v1/deposit/addresses?page=1&limit=5')).body;
    expect(after.heldSinceSweep).toBe(0);
    expect((await admin.client.get('/api/v1/deposit/addresses.csv')).text).toBe('index,address,total,key_id\n');
    await expectLedgerClean(a);
  });
});
