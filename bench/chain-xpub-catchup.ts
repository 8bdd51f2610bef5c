// Benchmark: per-user deposit addresses — the events watcher catches up on 50,000 USDT Transfer events
// in one run, 5,000 of them to 2,000 of 100,000 users' own addresses (credited through the ledger), 45,000 to
// addresses nobody here has (ignored). The chain is the TronGrid stand-in of the tests (its contract events call,
// 200 events a page, and one gettransactioninfobyid per transfer to a user's address). Goal: under 60 s. Reports
// the chain API requests of the catch-up and the peak memory (RSS) of the process during it (the poll runs in this
// process; the stand-in, holding the 50,000 events, does too, so the figure is an upper bound for the server).
// Run by `npm run bench` (bench/run.mjs); alone:
//   BENCH_CHAIN_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chain-xpub-catchup.ts
// Prints one JSON line: { events, to_users, credited, users, seconds, requests: { events, receipts }, rss_mb, ledger_ok }.
// The 2,000 receiving users' addresses are derived from the key (m/44'/195'/0'/0/n); the other 98,000 rows carry
// random addresses at their own indexes (deriving 100,000 addresses would only lengthen the setup: the watcher
// looks addresses up in the table, it never derives them).
import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { HDKey } from '@scure/bip32';
import { createDb } from '../apps/server/src/db/client.js';
import { checkLedger } from '../apps/server/src/ledger/check.js';
import { pollOnce } from '../apps/server/src/modules/chain-deposits/poller.js';
import type { ChainSettings } from '../apps/server/src/modules/chain-deposits/chain-deposits.service.js';
import { deriveTronAddress, xpubKeyId } from '../apps/server/src/modules/chain-deposits/xpub.js';
import { hex20ToTron } from '../apps/server/src/modules/chain-deposits/tron-address.js';
import { freshDatabase } from './fresh-database.js';
import { TronStandIn, USDT, randomTronAddress } from '../apps/server/test/tron-standin.js';

const EVENTS = Number(process.env.BENCH_XPUB_EVENTS ?? 50_000);
const TO_USERS = Number(process.env.BENCH_XPUB_TO_USERS ?? 5_000);
const RECEIVERS = Number(process.env.BENCH_XPUB_RECEIVERS ?? 2_000);
const USERS = Number(process.env.BENCH_XPUB_USERS ?? 100_000);

async function main() {
  const { url, drop } = await freshDatabase('BENCH_CHAIN_ADMIN_URL', 'bench_xpub');
  const chain = await new TronStandIn().start();
  const db = createDb(url, 10);
  try {
    const xpub = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/195'/0'").publicExtendedKey;
    await db.execute(sql`
      insert into users (id, full_name, email, phone, password_hash, role, referral_code)
      select md5('xpub-bench-' || i)::uuid, 'Xpub Bench ' || i, 'xpub' || i || '@example.com', '+971500000000', 'x', 'USER', 'xpubbench' || i
      from generate_series(1, ${USERS}) as i`);
    await db.execute(sql`insert into ledger_accounts (user_id) select md5('xpub-bench-' || i)::uuid from generate_series(1, ${USERS}) as i`);
    const { rows: key } = await db.execute<{ id: number }>(sql`insert into deposit_xpubs (xpub, key_id, next_index) values (${xpub}, ${xpubKeyId(xpub)}, ${USERS}) returning id`);
    const receivers: string[] = [];
    for (let start = 1; start <= USERS; start += 5_000) {
      const batch = [];
      for (let i = start; i < Math.min(start + 5_000, USERS + 1); i++) {
        const a = i <= RECEIVERS ? deriveTronAddress(xpub, i - 1) : (() => { const hex = randomBytes(20).toString('hex'); return { address: hex20ToTron(hex), hex }; })();
        if (i <= RECEIVERS) receivers.push(a.address);
        batch.push({ i, idx: i - 1, address: a.address, hex: a.hex });
      }
      await db.execute(sql`
        insert into deposit_addresses (user_id, xpub_id, idx, address, address_hex)
        select md5('xpub-bench-' || x.i)::uuid, ${key[0].id}, x.idx, x.address, x.hex
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(i int, idx int, address text, hex text)`);
    }
    const now = Date.now();
    await db.execute(sql`update chain_poller set events_min_ms = ${now - 11 * 60_000} where id = 1`);
    // The events over the last 10 minutes; every tenth goes to a receiving user (each gets 2 or 3), 1.00–500.00 USDT.
    let expectedCents = 0;
    for (let i = 0; i < EVENTS; i++) {
      const blockTimestamp = now - 10 * 60_000 + Math.floor((i * 10 * 60_000) / EVENTS);
      const toUser = i % Math.round(EVENTS / TO_USERS) === 0 && expectedCents >= 0 && i / Math.round(EVENTS / TO_USERS) < TO_USERS;
      const cents = 100 + randomInt(49_900);
      if (toUser) expectedCents += cents;
      const to = toUser ? receivers[(i / Math.round(EVENTS / TO_USERS)) % RECEIVERS] : randomTronAddress();
      chain.feed({ to, token: USDT, value: BigInt(cents) * 10_000n, blockTimestamp });
    }
    const s: ChainSettings = {
      apiUrl: chain.url,
      apiKey: '',
      usdtContract: USDT,
      depositAddress: '',
      xpub,
      pollMs: 15_000,
      windowMin: 60,
      minDepositCents: 100,
      referral: { levelsBp: [], firstDepositBonusCents: 0, bonusMinDepositCents: 0 },
    };
    let rss = process.memoryUsage().rss;
    const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 50);
    const t0 = performance.now();
    const r = await pollOnce(db, s, () => new Date());
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (r.error) throw new Error(`the poll failed: ${r.error}`);
    const { rows } = await db.execute<{ credited: number; cents: string }>(sql`
      select count(*) filter (where status = 'credited')::int as credited,
        coalesce(sum(value) filter (where status = 'credited'), 0)::text as cents from chain_transfers`);
    const ledger = await checkLedger(db);
    const credited = rows[0].credited;
    console.log(JSON.stringify({
      events: EVENTS,
      to_users: TO_USERS,
      receivers: RECEIVERS,
      users: USERS,
      credited,
      seconds: Math.round(seconds * 100) / 100,
      requests: { events: chain.eventCalls, receipts: chain.infoCalls },
      rss_mb: Math.round(rss / 1024 / 1024),
      ledger_ok: ledger.ok,
    }));
    if (credited !== TO_USERS || Number(rows[0].cents) / 10_000 !== expectedCents || !ledger.ok) process.exitCode = 1;
  } finally {
    await db.$client.end();
    await chain.stop();
    await drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
