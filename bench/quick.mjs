// `npm run bench:quick`: the few minutes of `npm run bench` that catch a lost money path. On a fresh embedded
// PostgreSQL with a tenth of the full seed: GET /user/me and POST /point/transfer against their bare baselines
// (bench/baseline-server.mjs), alternated QUICK_RUNS times, and three lists. Exits 1 when a ratio falls below its
// floor (QUICK_FLOORS below), or a list misses its goal; `.ci/run` runs it. The floors come from repeated runs on the
// 2-core CI machine (docs/performance.md#quick-benchmark).
//
// Environment: BENCH_SKIP_BUILD=1 (use the server bundle in apps/server/dist as it is), QUICK_RUNS (3),
// QUICK_DURATION (s per run, 5), BENCH_QUICK_OUT (a file for the JSON figures).
import { writeFileSync } from 'node:fs';
import { round } from './lib.mjs';
import {
  adminCookie,
  buildBundle,
  cleanup,
  cookieOf,
  ledgerCheck,
  listTimings,
  loadSessions,
  machine,
  makeLog,
  meLoad,
  paired,
  startBaseline,
  startBenchServer,
  transferLoad,
} from './harness.mjs';
import { seed } from './seed.mjs';
import { removeDataDir } from '../scripts/data-dir.mjs';

const RUNS = Number(process.env.QUICK_RUNS ?? 3);
const DURATION = Number(process.env.QUICK_DURATION ?? 5);
/**
 * What a quick run must show, and why (docs/performance.md#quick-benchmark): each floor is what this code measured
 * in quick runs on the 2-core machine, less a margin wider than the spread of those runs, so a quick run fails on a
 * loss like the notifications' (the transfer fell from 0.85 to 0.36 of its baseline) and not on the machine's drift.
 * `goal` is the full bench's goal, printed beside; a floor rises toward it as the code meets it.
 */
const QUICK_FLOORS = {
  me_ratio: { floor: 0.5, goal: 0.6 },
  transfer_ratio: { floor: 0.6, goal: 0.8 },
  transfer_p99_ratio: { ceiling: 3.0, goal: 1.25 },
  list_p95_ms: { ceiling: 50, goal: 50 },
};

const log = makeLog();

async function main() {
  log(`machine: ${JSON.stringify(machine())}`);
  buildBundle(log, ['apps/server']);
  const s = await startBenchServer(log, { prefix: 'bench-quick-' });
  try {
    const seeded = await seed(s.db.url, { adminEmail: s.adminEmail, log, scale: 0.1 });
    const { heavy, load } = await loadSessions(s.db.url, 1000);
    const admin = await adminCookie(s);
    const baseline = await startBaseline(s.db.url, s.dataDir, load[0].id);

    const meL = meLoad(load);
    const me = await paired(log, 'me', { appUrl: s.baseUrl, baseUrl: baseline.url, app: meL.app, base: meL.base, runs: RUNS, duration: DURATION });
    const tl = transferLoad(load);
    const transfer = await paired(log, 'transfer', { appUrl: s.baseUrl, baseUrl: baseline.url, app: tl.app, base: tl.base, runs: RUNS, duration: DURATION });
    const ledger = ledgerCheck(s.db.url, s.dataDir);
    log(`ledger:check after the transfers: ${ledger.output}`);

    const lists = {
      'GET /user/statement first page': '/api/v1/user/statement?limit=20',
      'GET /admin/audit actor=admin': `/api/v1/admin/audit?page=1&limit=20&actor=${encodeURIComponent(s.adminEmail)}`,
      'GET /admin/dashboard': '/api/v1/admin/dashboard',
    };
    const { p95 } = await listTimings(log, s.baseUrl, lists, { runs: 2, duration: 2, cookieFor: (p) => (p.includes('/user/statement') ? cookieOf(heavy.token) : admin) });

    const g = QUICK_FLOORS;
    const checks = [
      [`me_ratio >= ${g.me_ratio.floor} (full bench goal ${g.me_ratio.goal})`, me.ratio, me.ratio >= g.me_ratio.floor],
      [`transfer_ratio >= ${g.transfer_ratio.floor} (full bench goal ${g.transfer_ratio.goal})`, transfer.ratio, transfer.ratio >= g.transfer_ratio.floor],
      [
        `transfer p99 / baseline p99 <= ${g.transfer_p99_ratio.ceiling} (full bench goal ${g.transfer_p99_ratio.goal})`,
        transfer.p99_ratio,
        transfer.p99_ratio <= g.transfer_p99_ratio.ceiling,
      ],
      ['transfer errors = 0', transfer.errors, transfer.errors === 0],
      ['ledger:check clean', ledger.clean, ledger.clean],
      ...Object.entries(p95).map(([k, v]) => [`${k} p95 < ${g.list_p95_ms.ceiling} ms`, v, v < g.list_p95_ms.ceiling]),
    ];
    const results = { generated_at: new Date().toISOString(), machine: machine(), seed: seeded.counts, runs: RUNS, duration_s: DURATION, me, transfer, list_p95_ms: p95, seconds: round(log.elapsed(), 0) };
    if (process.env.BENCH_QUICK_OUT) writeFileSync(process.env.BENCH_QUICK_OUT, `${JSON.stringify(results, null, 2)}\n`);
    console.log('\nQuick benchmark:');
    for (const [name, value, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'MISS'} ${name}: ${value}`);
    console.log(`  total ${results.seconds} s`);
    return checks.every(([, , ok]) => ok);
  } finally {
    await cleanup();
    removeDataDir(s.dataDir);
  }
}

let ok = false;
try {
  ok = await main();
} catch (e) {
  console.error(e);
  await cleanup();
}
process.exit(ok ? 0 : 1);
