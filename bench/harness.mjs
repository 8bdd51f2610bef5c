// What `npm run bench` (run.mjs), `npm run bench:quick` (quick.mjs) and the large-data bench (large.mjs) share:
// the production build, a production server on a fresh embedded PostgreSQL, the bare baseline server beside it,
// sessions for seeded users, the paired app/baseline loads and the list timings.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cannon, embeddedUrl, freePort, median, round, sleep, stopChild, waitForHttp } from './lib.mjs';
import { createSessions, isDeleted, userIds } from './seed.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const XSRF = 'bench-xsrf-token';
export const cookieOf = (token) => `sid=${token}; XSRF-TOKEN=${XSRF}`;
export const CONNECTIONS = 50;
export const LIST_CONNECTIONS = 2;

const children = [];

/** A Node process of ours whose output goes to a log file; stopped by `cleanup()` if still running. */
export function spawnLogged(args, env, logFile) {
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  children.push(child);
  return child;
}

export async function cleanup() {
  for (const c of children.reverse()) await stopChild(c).catch(() => {});
}

export function makeLog() {
  const started = Date.now();
  const log = (m) => console.log(`[bench +${((Date.now() - started) / 1000).toFixed(0)}s] ${m}`);
  log.elapsed = () => (Date.now() - started) / 1000;
  return log;
}

export function machine() {
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model,
    memory_gb: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** The production bundle (web, then server), unless BENCH_SKIP_BUILD=1. `only` limits it to some workspaces. */
export function buildBundle(log, only = ['apps/web', 'apps/server']) {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  log(`building the production bundle (${only.join(', ')})…`);
  for (const ws of only) {
    const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`build of ${ws} failed`);
  }
}

/**
 * The production server on a new data directory (it initialises its embedded PostgreSQL there and migrates it),
 * with the bench admin. Returns its URL, the database's URL and what a restart needs.
 */
export async function startBenchServer(log, { prefix = 'bench-data-', env = {}, dataDir: existing, nodeArgs = [] } = {}) {
  // `existing`: a data directory a run kept (BENCH_KEEP_DATA=1), started again as it is (its migrations run).
  const dataDir = existing ?? mkdtempSync(path.join(os.tmpdir(), prefix));
  const serverLog = path.join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminEmail = 'bench-admin@example.com';
  const adminPassword = `Bench-${Math.random().toString(36).slice(2)}-pass`;
  const serverEnv = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    SIGNUP_LIMIT_PER_HOUR: '0', // a load test: every client is 127.0.0.1
    NODE_ENV: 'production',
    ...env,
  };
  log(`data directory ${dataDir} (server log: ${serverLog})`);
  const t = Date.now();
  const server = spawnLogged([...nodeArgs, 'apps/server/dist/main.js'], serverEnv, serverLog);
  await waitForHttp(`${baseUrl}/api/v1/health`, { child: server });
  log(`server up on a new data directory in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return { dataDir, serverLog, baseUrl, adminEmail, adminPassword, serverEnv, server, db: embeddedUrl(dataDir) };
}

/** The admin's session cookie, signed in through the API (the real login path). */
export async function adminCookie({ baseUrl, adminEmail, adminPassword }) {
  const login = await fetch(`${baseUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  });
  const sid = /sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (login.status !== 200 || !sid) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
  return cookieOf(sid);
}

/** The bare baseline server (bench/baseline-server.mjs) on the same database. */
export async function startBaseline(dbUrl, dataDir, probeUserId) {
  const basePort = await freePort();
  const baseline = spawnLogged(['bench/baseline-server.mjs'], { DATABASE_URL: dbUrl, PORT: String(basePort) }, path.join(dataDir, 'baseline.log'));
  const url = `http://127.0.0.1:${basePort}`;
  await waitForHttp(`${url}/me?id=${probeUserId}`, { child: baseline });
  return { child: baseline, url };
}

/** Sessions for the heavy user #1 and `count` live load users from #2 on: { heavy, load } with tokens. */
export async function loadSessions(dbUrl, count) {
  const indexes = [];
  for (let i = 2; indexes.length < count; i++) if (!isDeleted(i)) indexes.push(i);
  const users = await userIds(dbUrl, [1, ...indexes]);
  const tokens = await createSessions(dbUrl, users.map((u) => u.id));
  return { heavy: { ...users[0], token: tokens[0] }, load: users.slice(1).map((u, k) => ({ ...u, token: tokens[k + 1] })), lastIndex: indexes.at(-1) };
}

/** GET /user/me against one row by primary key: the request makers for the app and the baseline. */
export function meLoad(load) {
  return {
    app: (k) => ({ path: '/api/v1/user/me', headers: { cookie: cookieOf(load[k % load.length].token) } }),
    base: (k) => ({ path: `/me?id=${load[k % load.length].id}` }),
  };
}

/**
 * Transfers over many pairs: request k is sent by load user k mod n to another load user whose offset changes
 * with every round over the senders, so ~1,000 senders x 999 recipients, no single hot row.
 */
export function transferLoad(load) {
  const n = load.length;
  const pair = (k) => {
    const from = k % n;
    const to = (from + 1 + ((Math.floor(k / n) * 37 + k) % (n - 1))) % n;
    return [load[from], load[to]];
  };
  return {
    pairs: `${n} live users; request k: sender k mod ${n}, recipient offset 1 + ((floor(k/${n})*37 + k) mod ${n - 1})`,
    app: (k) => {
      const [from, to] = pair(k);
      return {
        method: 'POST',
        path: '/api/v1/point/transfer',
        headers: { cookie: cookieOf(from.token), 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
        body: JSON.stringify({ recipientEmail: to.email, points: 0.01 }),
      };
    },
    base: (k) => {
      const [from, to] = pair(k);
      return { method: 'POST', path: '/transfer', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: from.id, to: to.id, cents: 1 }) };
    },
  };
}

/** A valid TRC20 address (base58check) for payout requests. */
export const PAYOUT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** Withdrawal requests of 0.01 by the load users in turn (the app's POST /withdraw vs the bare request). */
export function withdrawalLoad(load) {
  return {
    app: (k) => ({
      method: 'POST',
      path: '/api/v1/withdraw',
      headers: { cookie: cookieOf(load[k % load.length].token), 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 0.01, paymentId: PAYOUT_ADDRESS }),
    }),
    base: (k) => ({
      method: 'POST',
      path: '/withdraw',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: load[k % load.length].id, cents: 1, paymentId: PAYOUT_ADDRESS }),
    }),
  };
}

/**
 * Deposit approvals by the admin, each request a different pending deposit: the app's POST /deposit/deposit/{id}
 * takes the even ones of `pending`, the bare approval the odd ones, so neither finds its deposit already approved.
 */
export function approvalLoad(pending, admin) {
  const app = pending.filter((_, i) => i % 2 === 0);
  const base = pending.filter((_, i) => i % 2 === 1);
  // Counters of their own: every autocannon run numbers its requests from 0 again, and a deposit approved in an
  // earlier run (or the warm-up) would answer 409.
  let nextApp = 0;
  let nextBase = 0;
  return {
    capacity: Math.min(app.length, base.length),
    app: () => ({
      method: 'POST',
      path: `/api/v1/deposit/deposit/${app[nextApp++ % app.length]}`,
      headers: { cookie: admin.cookie, 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ deposited: true }),
    }),
    base: () => ({
      method: 'POST',
      path: '/approve',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ deposit: base[nextBase++ % base.length], admin: admin.id }),
    }),
  };
}

/**
 * Video rewards for the load users, who are made subscribers, each with a view of every bench video opened an hour
 * ago (`prepareRewards`). The app's POST /video/add-point takes the first half of the videos, the bare reward the
 * other half, so neither finds a reward already paid: request j of a side pays user j mod n for video floor(j/n) of
 * its half, on counters of its own across runs (autocannon numbers each run from 0). Rewards of 1.00 pay the
 * referral shares of REFERRAL_LEVELS (10,5,3 by default) to the users' referrers, as the app does.
 */
export function rewardLoad(load, videos, levelsBp) {
  const half = Math.floor(videos.length / 2);
  const sides = { app: videos.slice(0, half), base: videos.slice(half, 2 * half) };
  const counters = { app: 0, base: 0 };
  const next = (side) => {
    const j = counters[side]++;
    return { user: load[j % load.length], video: sides[side][Math.floor(j / load.length) % half] };
  };
  return {
    capacity: load.length * half,
    app: () => {
      const { user, video } = next('app');
      return {
        method: 'POST',
        path: '/api/v1/video/add-point',
        headers: { cookie: cookieOf(user.token), 'x-xsrf-token': XSRF, 'content-type': 'application/json' },
        body: JSON.stringify({ videoId: video }),
      };
    },
    base: () => {
      const { user, video } = next('base');
      return { method: 'POST', path: '/reward', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: user.id, video, levelsBp }) };
    },
  };
}

/** Makes the load users subscribers and gives them a view, opened an hour ago, of `count` new 1.00 videos; returns the videos. */
export async function prepareRewards(dbUrl, load, count) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const ids = load.map((u) => u.id);
    await c.query('update users set subscribed_at = now() - interval \'1 day\' where id = any($1::uuid[]) and subscribed_at is null', [ids]);
    const { rows } = await c.query(
      `insert into videos (link, title, point_cents, time_centiminutes, created_at, updated_at)
       select 'https://www.youtube.com/watch?v=bench' || i, 'Bench video ' || i, 100, 1, now(), now() from generate_series(1, $1) as i
       returning id`,
      [count],
    );
    const videos = rows.map((r) => r.id);
    await c.query(
      `insert into video_views (user_id, video_id, started_at)
       select u, v, now() - interval '1 hour' from unnest($1::uuid[]) as u cross join unnest($2::uuid[]) as v`,
      [ids, videos],
    );
    await c.query('analyze video_views');
    return videos;
  } finally {
    await c.end();
  }
}

/**
 * A load against the app and its baseline, alternated `runs` times after a 2 s warm-up of each: the median
 * throughput ratio and p99 ratio, with each run's figures.
 */
export async function paired(log, name, { appUrl, baseUrl, app, base, runs, duration, connections = CONNECTIONS }) {
  await cannon({ url: appUrl, connections, duration: 2, next: app });
  await cannon({ url: baseUrl, connections, duration: 2, next: base });
  const r = { app: [], baseline: [] };
  // A run ends with up to `connections` requests still being served: a pause before the next lets them finish, so
  // the app's and the baseline's transactions never run at once (they deadlocked across servers at run boundaries).
  const settle = () => sleep(1000);
  for (let i = 0; i < runs; i++) {
    await settle();
    r.baseline.push(await cannon({ url: baseUrl, connections, duration, next: base }));
    await settle();
    r.app.push(await cannon({ url: appUrl, connections, duration, next: app }));
    const a = r.app[i];
    const b = r.baseline[i];
    log(`${name} run ${i + 1}: app ${a.rps.toFixed(0)}/s p99 ${a.p99} ms (errors ${a.errors}, timeouts ${a.timeouts}, non-2xx ${a.non2xx}), baseline ${b.rps.toFixed(0)}/s p99 ${b.p99} ms (non-2xx ${b.non2xx})`);
  }
  const appRps = median(r.app.map((x) => x.rps));
  const baseRps = median(r.baseline.map((x) => x.rps));
  const appP99 = median(r.app.map((x) => x.p99));
  const baseP99 = median(r.baseline.map((x) => x.p99));
  return {
    ratio: appRps && baseRps ? round(appRps / baseRps, 3) : null,
    p99_ratio: appP99 && baseP99 ? round(appP99 / baseP99, 3) : null,
    app_rps: round(appRps, 0),
    baseline_rps: round(baseRps, 0),
    app_p99_ms: round(appP99, 1),
    baseline_p99_ms: round(baseP99, 1),
    ratio_per_run: r.app.map((a, i) => round(a.rps / r.baseline[i].rps, 3)),
    errors: r.app.reduce((s, x) => s + x.errors + x.timeouts + x.non2xx, 0),
    baseline_errors: r.baseline.reduce((s, x) => s + x.errors + x.timeouts + x.non2xx, 0),
  };
}

/**
 * The lists, searches, statements, dashboard and team pages the bench times (admin pages as the admin, the statement
 * and the team as the heavy user #1), with the deep cursor 25,000 entries into #1's statement.
 */
export async function benchLists(dbUrl, adminEmail, heavyId) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  let cursor;
  let heavyEntries;
  try {
    const q = (text) => c.query(text, [heavyId]);
    cursor = (await q(`select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1 order by e.id desc offset 25000 limit 1`)).rows[0].id;
    heavyEntries = (await q(`select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1`)).rows[0].n;
  } finally {
    await c.end();
  }
  const someone = 'bench4242@example.com';
  const lists = {
    'GET /user/all page 1': '/api/v1/user/all?page=1&limit=20',
    'GET /user/all page 4000': '/api/v1/user/all?page=4000&limit=20',
    'GET /user/all q=bench4242': '/api/v1/user/all?page=1&limit=20&q=bench4242',
    'GET /deposit/deposit page 1': '/api/v1/deposit/deposit?page=1&limit=20',
    'GET /deposit/deposit page 4000': '/api/v1/deposit/deposit?page=4000&limit=20',
    'GET /deposit/deposit status=pending page 1': '/api/v1/deposit/deposit?page=1&limit=20&status=pending',
    'GET /deposit/deposit status=pending page 1000': '/api/v1/deposit/deposit?page=1000&limit=20&status=pending',
    'GET /deposit/deposit email=': `/api/v1/deposit/deposit?page=1&limit=20&email=${encodeURIComponent(someone)}`,
    'GET /withdraw page 1': '/api/v1/withdraw?page=1&limit=20',
    'GET /withdraw page 4000': '/api/v1/withdraw?page=4000&limit=20',
    'GET /withdraw status=processed page 1': '/api/v1/withdraw?page=1&limit=20&status=processed',
    'GET /withdraw email=': `/api/v1/withdraw?page=1&limit=20&email=${encodeURIComponent(someone)}`,
    'GET /admin/audit page 1': '/api/v1/admin/audit?page=1&limit=20',
    'GET /admin/audit page 5000': '/api/v1/admin/audit?page=5000&limit=20',
    'GET /admin/audit action=withdrawal.processed': '/api/v1/admin/audit?page=1&limit=20&action=withdrawal.processed',
    'GET /admin/audit actor=admin': `/api/v1/admin/audit?page=1&limit=20&actor=${encodeURIComponent(adminEmail)}`,
    'GET /user/statement first page': '/api/v1/user/statement?limit=20',
    'GET /user/statement deep cursor': `/api/v1/user/statement?limit=20&cursor=${cursor}`,
    'GET /admin/dashboard': '/api/v1/admin/dashboard',
    // User #1 has 10,000 × scale people in the three paid levels of the referral program (seed.mjs).
    'GET /user/referrals page 1': '/api/v1/user/referrals?page=1&limit=20',
    'GET /user/referrals page 400': '/api/v1/user/referrals?page=400&limit=20',
    'GET /user/referrals (team page)': '/user/referrals',
  };
  return { lists, heavyEntries };
}

/** Each list's p95 (median over `runs` runs of `duration` s at LIST_CONNECTIONS), after a check that it answers 200. */
export async function listTimings(log, baseUrl, lists, { runs, duration, cookieFor }) {
  const p95 = {};
  const detail = {};
  for (const [name, p] of Object.entries(lists)) {
    const cookie = cookieFor(p);
    const check = await fetch(`${baseUrl}${p}`, { headers: { cookie } });
    const body = p.startsWith('/api/') ? await check.json() : await check.text();
    if (check.status !== 200) throw new Error(`${name}: ${check.status} ${JSON.stringify(body)}`);
    const rs = [];
    for (let r = 0; r < runs; r++) rs.push(await cannon({ url: baseUrl, connections: LIST_CONNECTIONS, duration, next: () => ({ path: p, headers: { cookie } }) }));
    p95[name] = round(median(rs.map((x) => x.p95)), 1);
    detail[name] = { p50_ms: round(median(rs.map((x) => x.p50)), 1), rps: round(median(rs.map((x) => x.rps)), 0), non2xx: rs.reduce((s, x) => s + x.non2xx, 0) };
    log(`${name}: p95 ${p95[name]} ms (p50 ${detail[name].p50_ms} ms)`);
  }
  return { p95, detail };
}

/** Runs `node apps/server/dist/ledger-check.js` on the bench database: clean or not, and what it printed. */
export function ledgerCheck(dbUrl, dataDir) {
  const r = spawnSync(process.execPath, ['apps/server/dist/ledger-check.js'], { cwd: root, env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir }, encoding: 'utf8' });
  return { clean: r.status === 0, output: (r.stdout + r.stderr).trim().replace(/\n/g, ' | ') };
}
