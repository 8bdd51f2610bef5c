// Benchmark (decision 013): the chain poller catches up on 10,000 incoming transfers in one run — 2,000 of them pay
// open payment requests and are credited through the ledger, 8,000 match nothing and go to the unmatched list. The
// chain is the TronGrid stand-in of the tests (apps/server/test/tron-standin.ts), 200 transfers a page. Goal: the
// catch-up takes under 30 s. Run by `npm run bench` (bench/run.mjs); alone:
//   BENCH_CHAIN_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/chain-catchup.ts
// Prints one JSON line: { transfers, credited, unmatched, pages, seconds, ledger_ok }.
import { sql } from 'drizzle-orm';
import { createDb } from '../apps/server/src/db/client.js';
import { checkLedger } from '../apps/server/src/ledger/check.js';
import { pollOnce } from '../apps/server/src/modules/chain-deposits/poller.js';
import type { ChainSettings } from '../apps/server/src/modules/chain-deposits/chain-deposits.service.js';
import { freshDatabase } from './fresh-database.js';
import { TronStandIn, USDT, randomTronAddress } from '../apps/server/test/tron-standin.js';

const TRANSFERS = Number(process.env.BENCH_CHAIN_TRANSFERS ?? 10_000);
const MATCHED = Number(process.env.BENCH_CHAIN_MATCHED ?? 2_000);

async function main() {
  const { url, drop } = await freshDatabase('BENCH_CHAIN_ADMIN_URL', 'bench_chain');
  const chain = await new TronStandIn().start();
  const db = createDb(url, 10);
  try {
    const address = randomTronAddress();
    const now = Date.now();
    // MATCHED users, each with one open request of a distinct pay amount (10.00, 10.01, … spread over amounts).
    await db.execute(sql`
      insert into users (id, full_name, email, phone, password_hash, role, referral_code)
      select md5('chain-bench-' || i)::uuid, 'Chain Bench ' || i, 'chain' || i || '@example.com', '+971500000000', 'x', 'USER', 'chainbench' || i
      from generate_series(1, ${MATCHED}) as i`);
    await db.execute(sql`insert into ledger_accounts (user_id) select md5('chain-bench-' || i)::uuid from generate_series(1, ${MATCHED}) as i`);
    await db.execute(sql`
      insert into deposit_requests (user_id, amount_cents, pay_amount_cents, address, expires_at, created_at)
      select md5('chain-bench-' || i)::uuid, 1000 + (i - 1) / 100 * 100, 1000 + (i - 1) / 100 * 100 + (i - 1) % 100, ${address},
             ${new Date(now + 50 * 60_000)}, ${new Date(now - 20 * 60_000)}
      from generate_series(1, ${MATCHED}) as i`);
    const { rows: pays } = await db.execute<{ pay: string }>(sql`select pay_amount_cents as pay from deposit_requests order by pay_amount_cents`);
    // The transfers, over the last 10 minutes: the matched ones pay each request's exact amount; the others are
    // amounts no request has (x.xx5 USDT: fractions of a cent) or whole amounts far above every request.
    for (let i = 0; i < TRANSFERS; i++) {
      const blockTimestamp = now - 10 * 60_000 + Math.floor((i * 10 * 60_000) / TRANSFERS);
      const value = i % 5 === 0 && i / 5 < pays.length ? BigInt(pays[i / 5].pay) * 10_000n : BigInt(500_000_000 + i * 10_000 + (i % 2 ? 5_000 : 0));
      chain.feed({ to: address, token: USDT, value, blockTimestamp });
    }
    const s: ChainSettings = {
      apiUrl: chain.url,
      apiKey: '',
      usdtContract: USDT,
      depositAddress: address,
      xpub: '',
      pollMs: 15_000,
      windowMin: 60,
      minDepositCents: 1,
      referral: { levelsBp: [], firstDepositBonusCents: 0, bonusMinDepositCents: 0 },
    };
    const t0 = performance.now();
    const r = await pollOnce(db, s, () => new Date());
    const seconds = (performance.now() - t0) / 1000;
    if (r.error) throw new Error(`the poll failed: ${r.error}`);
    const { rows } = await db.execute<{ credited: number; unmatched: number }>(sql`
      select count(*) filter (where status = 'credited')::int as credited, count(*) filter (where status = 'unmatched')::int as unmatched from chain_transfers`);
    const ledger = await checkLedger(db);
    console.log(JSON.stringify({ transfers: TRANSFERS, recorded: r.recorded, credited: rows[0].credited, unmatched: rows[0].unmatched, pages: r.pages, seconds: Math.round(seconds * 100) / 100, ledger_ok: ledger.ok }));
    if (rows[0].credited !== Math.min(MATCHED, Math.ceil(TRANSFERS / 5)) || r.recorded !== TRANSFERS || !ledger.ok) process.exitCode = 1;
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
