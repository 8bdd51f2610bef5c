// `npm run test:crash`: the built server (apps/server/dist/main.js) on its embedded PostgreSQL is killed with
// SIGKILL while a mixed money load is in flight, ten times over one DATA_DIR. After each kill it must start again
// on the same data directory, and then:
//   - every acknowledged (2xx) operation is there exactly once, with its Idempotency-Key stored beside it;
//     every refused one left nothing; every unknown one (in flight at the kill) is all there or not at all;
//   - retrying every acknowledged and unknown operation with the same key and body adds nothing beyond
//     exactly-once: acknowledged ones replay their answer, unknown ones replay or execute once;
//   - the balances equal a model built only from the final answers (to the cent), and `ledger:check` is clean.
// Odd runs kill the whole process group (Node and PostgreSQL); even runs kill only the Node process, leaving
// its PostgreSQL behind for the next start to find and stop.
// Env: CRASH_RUNS (default 10), CRASH_SEED (default random), CRASH_KEEP=1 keeps the data directory,
// CRASH_SERVER_JS runs another server bundle (e.g. a deliberately broken one, to see this test catch it).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import pg from 'pg';
import { alive, buildServerIfStale, freePort, seededRandom, serverEnv, tronAddress } from './load-client.mjs';
import { removeDataDir } from './data-dir.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = path.join(root, 'apps/server');
const builtMainJs = process.env.CRASH_SERVER_JS ? path.resolve(process.env.CRASH_SERVER_JS) : path.join(serverDir, 'dist/main.js');
const builtCheckJs = path.join(serverDir, 'dist/ledger-check.js');
// The runs use a private copy of the bundle (and its migrations), so a rebuild of apps/server/dist by someone
// else during the ~2 minutes cannot change the server, or its migrations, between a kill and the restart.
let binDir = '';
let mainJs = builtMainJs;
let checkJs = builtCheckJs;

async function snapshotBundle() {
  binDir = await mkdtemp(path.join(os.tmpdir(), 'points-crash-bin-'));
  // The copy keeps the checkout's layout (apps/server/dist), so its imports resolve as the original's do: first the
  // server workspace's own node_modules (where npm puts the versions held for Node 20), then the root's.
  const copyDir = path.join(binDir, 'apps/server/dist');
  await cp(path.dirname(builtMainJs), copyDir, { recursive: true });
  await symlink(path.join(root, 'node_modules'), path.join(binDir, 'node_modules'), 'dir'); // dependencies stay external
  if (existsSync(path.join(serverDir, 'node_modules'))) {
    await symlink(path.join(serverDir, 'node_modules'), path.join(binDir, 'apps/server/node_modules'), 'dir');
  }
  mainJs = path.join(copyDir, path.basename(builtMainJs));
  checkJs = path.join(copyDir, path.basename(builtCheckJs));
}

const RUNS = Number(process.env.CRASH_RUNS ?? 10);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const LOOPS = 12; // concurrent request loops during the load
const USERS = 10;
const START_LIMIT_MS = 90_000; // first start (initdb) and every restart must answer /health within this
const ADMIN = { email: 'crash-admin@example.com', password: 'crash-admin-password-1' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;

// mulberry32: seeded, so the choice of operations and kill delays can be replayed with CRASH_SEED.
const rand = seededRandom(SEED);
const pick = (list) => list[rand(list.length)];

// ---------------------------------------------------------------- build

// ---------------------------------------------------------------- processes

let dataDir = '';
const groups = []; // process group ids we created (each server's Node pid)
let current = null; // the server that is up

const groupAlive = (pgid) => alive(-pgid);

async function startServer() {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [mainJs], {
    cwd: dataDir, // no .env of the repository is read
    env: serverEnv({ port, dataDir, admin: ADMIN }),
    detached: true, // its own process group: Node and the PostgreSQL it starts
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  groups.push(child.pid);
  let out = '';
  const keep = (b) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let gone = false;
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    gone = true;
    resolve(code ?? signal);
  }));
  const server = { child, pid: child.pid, port, base: `http://127.0.0.1:${port}`, output: () => out, exited };
  for (;;) {
    if (gone) throw new Error(`the server exited during start (${await exited}):\n${out}`);
    if (Date.now() - started > START_LIMIT_MS) throw new Error(`the server did not answer /api/v1/health within ${START_LIMIT_MS} ms:\n${out}`);
    try {
      const res = await fetch(`${server.base}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) break;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  server.startMs = Date.now() - started;
  current = server;
  return server;
}

async function cleanup() {
  const last = current;
  current = null;
  if (last && last.child.exitCode === null && last.child.signalCode === null) {
    try {
      process.kill(-last.pid, 'SIGTERM'); // a clean stop: it stops its PostgreSQL
      await Promise.race([last.exited, sleep(30_000)]);
    } catch {
      /* already gone */
    }
  }
  for (const g of groups) {
    if (groupAlive(g)) {
      try {
        process.kill(-g, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  if (binDir) await rm(binDir, { recursive: true, force: true }).catch(() => {});
  if (dataDir && !process.env.CRASH_KEEP) removeDataDir(dataDir);
  else if (dataDir) console.log(`crash: data directory kept in ${dataDir}`);
}

// ---------------------------------------------------------------- HTTP with a cookie jar and the CSRF header

function actor(email, password) {
  return { email, password, id: '', cookies: new Map() };
}

function storeCookies(a, res) {
  for (const c of res.headers.getSetCookie()) {
    const [pair, ...attrs] = c.split(';');
    const i = pair.indexOf('=');
    const name = pair.slice(0, i).trim();
    const value = pair.slice(i + 1).trim();
    const expired = attrs.some((x) => /expires=Thu, 01 Jan 1970/i.test(x) || /max-age=0\b/i.test(x.trim()));
    if (expired || value === '') a.cookies.delete(name);
    else a.cookies.set(name, value);
  }
}

async function http(a, method, pathname, body, { key, timeoutMs = 20_000 } = {}) {
  if (method !== 'GET' && !a.cookies.has('XSRF-TOKEN')) await http(a, 'GET', '/api/v1/health', undefined, { timeoutMs });
  const headers = {};
  if (a.cookies.size) headers.cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = a.cookies.get('XSRF-TOKEN');
  if (xsrf && method !== 'GET') headers['x-xsrf-token'] = xsrf;
  if (key) headers['idempotency-key'] = key;
  let payload;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(current.base + pathname, { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) });
  storeCookies(a, res);
  const text = await res.text();
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, text, body: parsed, replay: res.headers.get('idempotent-replay') === 'true' };
}

// ---------------------------------------------------------------- the model: every operation and its answer

const admin = actor(ADMIN.email, ADMIN.password);
const users = [];
/** @type {any[]} every money operation ever sent, across all runs */
const ops = [];
const approvable = []; // acknowledged deposit claims no approval was sent for yet
const processable = []; // acknowledged withdrawals no processing was sent for yet
let opSeq = 0;

const ok2xx = (s) => s >= 200 && s < 300;

function newOp(run, kind, who, pathname, body, meta) {
  const op = {
    n: ++opSeq,
    run,
    kind,
    who, // the actor sending it
    path: pathname,
    body,
    key: `crash-${SEED}-${run}-${opSeq}-${randomBytes(4).toString('hex')}`,
    meta,
    state: 'pending', // → acked | rejected | unknown
    status: 0, // the answer's status (for unknown: the final one after the retry)
    response: undefined,
    committed: undefined, // unknown ones: whether the key was in the database after the restart
  };
  ops.push(op);
  return op;
}

function nextOperation(run) {
  const roll = rand(100);
  if (roll < 12) {
    const u = pick(users);
    const cents = pick([12, 20, 40, 60, 100, 200, 400]) * 100;
    const txid = randomBytes(32).toString('hex');
    return newOp(run, 'deposit', u, '/api/v1/deposit/deposit', { amount: cents / 100, transactionId: txid }, { user: u, cents, txKey: txid });
  }
  if (roll < 22) {
    const u = pick(users);
    const cents = rand(10) === 0 ? 1_000_000 + rand(100) : 1 + rand(2_000); // now and then more than anyone has: refused
    return newOp(run, 'withdraw', u, '/api/v1/withdraw', { amount: cents / 100, paymentId: tronAddress() }, { user: u, cents });
  }
  if (roll < 35 && approvable.length) {
    const d = approvable.splice(rand(approvable.length), 1)[0];
    return newOp(run, 'approve', admin, `/api/v1/deposit/deposit/${d.response.deposit._id}`, { deposited: true }, { deposit: d });
  }
  if (roll < 45 && processable.length) {
    const w = processable.splice(rand(processable.length), 1)[0];
    return newOp(run, 'process', admin, `/api/v1/withdraw/${w.response.withdrawal._id}`, { withdrawed: true }, { withdrawal: w });
  }
  if (roll < 52) {
    const u = pick(users);
    const cents = 100 + rand(5_000);
    return newOp(run, 'addpoint', admin, '/api/v1/adpoint/addpoint', { email: u.email, points: (cents / 100).toFixed(2) }, { user: u, cents });
  }
  const from = rand(users.length);
  let to = rand(users.length - 1);
  if (to >= from) to++;
  const cents = rand(20) === 0 ? 1_000_000 + rand(100) : 1 + rand(3_000);
  return newOp(run, 'transfer', users[from], '/api/v1/point/transfer', { recipientEmail: users[to].email, points: (cents / 100).toFixed(2) }, {
    from: users[from],
    to: users[to],
    cents,
  });
}

/** Answers a load request may get; anything else is a failure of the run (a 5xx counts as unknown). */
function acceptable(op, status) {
  if (ok2xx(status)) return true;
  if ((op.kind === 'transfer' || op.kind === 'withdraw') && status === 400) return true; // insufficient points
  return false;
}

function onAnswer(op, res) {
  op.status = res.status;
  op.response = res.body;
  if (ok2xx(res.status)) {
    op.state = 'acked';
    if (op.kind === 'deposit') approvable.push(op);
    if (op.kind === 'withdraw') processable.push(op);
  } else if (res.status >= 500) {
    op.state = 'unknown';
  } else {
    op.state = 'rejected';
  }
}

// ---------------------------------------------------------------- database snapshot and checks

function embeddedUrl() {
  const pid = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const creds = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'));
  return `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${Number(pid[3])}/app`;
}

async function snapshot() {
  const c = new pg.Client({ connectionString: embeddedUrl() });
  await c.connect();
  try {
    const q = async (text) => (await c.query(text)).rows;
    const keys = new Map((await q('select user_id, key, status_code, response from idempotency_keys')).map((r) => [`${r.user_id}|${r.key}`, r]));
    const txs = await q(`select event_key, kind, memo->>'depositId' as deposit_id from ledger_transactions`);
    const eventKeys = new Set(txs.map((t) => t.event_key));
    const approveCount = new Map();
    const processCount = new Map();
    for (const t of txs) {
      if (t.kind === 'deposit_approve') approveCount.set(t.deposit_id, (approveCount.get(t.deposit_id) ?? 0) + 1);
      if (t.kind === 'withdrawal_process') {
        const id = t.event_key.split(':')[1];
        processCount.set(id, (processCount.get(id) ?? 0) + 1);
      }
    }
    const group = (rows, k) => {
      const m = new Map();
      for (const r of rows) m.set(r[k], [...(m.get(r[k]) ?? []), r]);
      return m;
    };
    const deposits = await q('select id, user_id, transaction_key, amount_cents::int as cents, deposited, hidden_at from deposits');
    const withdrawals = await q('select id, user_id, payment_id, amount_cents::int as cents, withdrawed, hidden_at from withdrawals');
    const accounts = await q('select user_id, code, balance_cents::text as balance from ledger_accounts');
    return {
      keys,
      eventKeys,
      approveCount,
      processCount,
      depositsByKey: group(deposits, 'transaction_key'),
      withdrawalsByPid: group(withdrawals, 'payment_id'),
      deposits,
      withdrawals,
      userBalance: new Map(accounts.filter((a) => a.user_id).map((a) => [a.user_id, Number(a.balance)])),
      systemBalance: new Map(accounts.filter((a) => a.code).map((a) => [a.code, Number(a.balance)])),
    };
  } finally {
    await c.end();
  }
}

/** How many times the operation took effect in the database (0, 1, or a breach). */
function effectCount(op, s, problems) {
  switch (op.kind) {
    case 'transfer':
      return s.eventKeys.has(`transfer:${op.who.id}:key:${op.key}`) ? 1 : 0;
    case 'addpoint':
      return s.eventKeys.has(`adjustment:${admin.id}:key:${op.key}`) ? 1 : 0;
    case 'deposit': {
      const rows = s.depositsByKey.get(op.meta.txKey) ?? [];
      if (rows.length && ok2xx(op.status) && op.response?.deposit?._id && rows[0].id !== op.response.deposit._id) {
        problems.push(`op ${op.n} deposit claim answered _id ${op.response.deposit._id} but the row is ${rows[0].id}`);
      }
      return rows.length;
    }
    case 'withdraw': {
      const rows = s.withdrawalsByPid.get(op.body.paymentId) ?? [];
      for (const r of rows) {
        if (!s.eventKeys.has(`withdrawal:${r.id}:request`)) problems.push(`op ${op.n} withdrawal ${r.id} has no hold transaction`);
      }
      if (rows.length && ok2xx(op.status) && op.response?.withdrawal?._id && rows[0].id !== op.response.withdrawal._id) {
        problems.push(`op ${op.n} withdrawal answered _id ${op.response.withdrawal._id} but the row is ${rows[0].id}`);
      }
      return rows.length;
    }
    case 'approve':
      return s.approveCount.get(op.meta.deposit.response.deposit._id) ?? 0;
    case 'process':
      return s.processCount.get(op.meta.withdrawal.response.withdrawal._id) ?? 0;
  }
  throw new Error(`unknown kind ${op.kind}`);
}

/**
 * Every operation whose outcome is known (acked / rejected, or unknown resolved by a retry): the key is stored
 * iff it succeeded, and it took effect exactly that often. Unknown ones not yet retried: key ⇔ effect.
 */
function checkOperations(s, problems) {
  for (const op of ops) {
    const row = s.keys.get(`${op.who.id}|${op.key}`);
    const n = effectCount(op, s, problems);
    const label = `op ${op.n} (run ${op.run} ${op.kind} ${op.state} ${op.status})`;
    if (op.state === 'unknown' && op.committed === undefined) {
      if (row && row.status_code === null) problems.push(`${label}: key stored without an answer`);
      if (n !== (row ? 1 : 0)) problems.push(`${label}: key ${row ? 'stored' : 'absent'} but the effect is there ${n} times`);
      continue;
    }
    const success = ok2xx(op.status);
    if (success) {
      if (!row) problems.push(`${label}: succeeded but its Idempotency-Key is not stored`);
      else if (row.status_code !== op.status) problems.push(`${label}: stored status ${row.status_code}`);
      if (n !== 1) problems.push(`${label}: took effect ${n} times, not once`);
    } else {
      if (row) problems.push(`${label}: refused but its key is stored`);
      if (n !== 0) problems.push(`${label}: refused but took effect ${n} times`);
    }
  }
}

/** Balances, deposit and withdrawal states rebuilt from the final answers alone, compared to the database. */
function checkModel(s, problems) {
  const bal = new Map(users.map((u) => [u.id, 0]));
  const add = (u, c) => bal.set(u.id, bal.get(u.id) + c);
  const sys = { 'equity:adjustments': 0, 'external:deposits': 0, 'hold:withdrawals': 0, 'external:withdrawals': 0 };
  const approved = new Set();
  const processed = new Set();
  for (const op of ops) {
    if (!ok2xx(op.status)) continue;
    const m = op.meta;
    if (op.kind === 'transfer') {
      add(m.from, -m.cents);
      add(m.to, m.cents);
    } else if (op.kind === 'addpoint') {
      add(m.user, m.cents);
      sys['equity:adjustments'] -= m.cents;
    } else if (op.kind === 'approve') {
      add(m.deposit.meta.user, m.deposit.meta.cents);
      sys['external:deposits'] -= m.deposit.meta.cents;
      approved.add(m.deposit.response.deposit._id);
    } else if (op.kind === 'withdraw') {
      add(m.user, -m.cents);
      sys['hold:withdrawals'] += m.cents;
    } else if (op.kind === 'process') {
      sys['hold:withdrawals'] -= m.withdrawal.meta.cents;
      sys['external:withdrawals'] += m.withdrawal.meta.cents;
      processed.add(m.withdrawal.response.withdrawal._id);
    }
  }
  for (const u of users) {
    const actual = s.userBalance.get(u.id);
    if (actual !== bal.get(u.id)) problems.push(`balance of ${u.email}: database ${actual}, model ${bal.get(u.id)}`);
    if (actual < 0) problems.push(`balance of ${u.email} is negative: ${actual}`);
  }
  for (const [code, expected] of Object.entries(sys)) {
    const actual = s.systemBalance.get(code) ?? 0;
    if (actual !== expected) problems.push(`system account ${code}: database ${actual}, model ${expected}`);
  }
  const userSum = [...s.userBalance.values()].reduce((a, b) => a + b, 0);
  const modelSum = -(sys['equity:adjustments'] + sys['external:deposits']) - sys['hold:withdrawals'] - sys['external:withdrawals'];
  if (userSum !== modelSum) problems.push(`all user balances sum to ${userSum}, expected added + approved − withdrawn = ${modelSum}`);
  for (const d of s.deposits) {
    if (d.deposited !== approved.has(d.id)) problems.push(`deposit ${d.id} deposited=${d.deposited}, model ${approved.has(d.id)}`);
  }
  for (const w of s.withdrawals) {
    if (w.withdrawed !== processed.has(w.id)) problems.push(`withdrawal ${w.id} withdrawed=${w.withdrawed}, model ${processed.has(w.id)}`);
  }
  const claims = ops.filter((o) => o.kind === 'deposit' && ok2xx(o.status)).length;
  if (s.deposits.length !== claims) problems.push(`${s.deposits.length} deposit rows for ${claims} successful claims`);
  const wds = ops.filter((o) => o.kind === 'withdraw' && ok2xx(o.status)).length;
  if (s.withdrawals.length !== wds) problems.push(`${s.withdrawals.length} withdrawal rows for ${wds} successful requests`);
}

function ledgerCheck() {
  const r = spawnSync(process.execPath, [checkJs], {
    cwd: dataDir,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

// ---------------------------------------------------------------- the runs

async function pool(items, n, fn) {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]);
    }),
  );
}

async function seed() {
  for (let i = 0; i < USERS; i++) {
    const u = actor(`crash-${SEED}-${i}@example.com`, `crash-user-password-${i}`);
    const res = await http(u, 'POST', '/api/v1/user/register', { fullName: `Crash User ${i}`, email: u.email, phone: '+971500000000', password: u.password });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    u.id = res.body.user._id;
    users.push(u);
  }
  const login = await http(admin, 'POST', '/api/v1/user/login', { email: admin.email, password: admin.password });
  if (login.status !== 200 || login.body.user.role !== 'SADMIN') throw new Error(`admin login failed: ${login.status} ${login.text}`);
  admin.id = login.body.user._id;
  for (const u of users) {
    const op = newOp(0, 'addpoint', admin, '/api/v1/adpoint/addpoint', { email: u.email, points: '1000.00' }, { user: u, cents: 100_000 });
    const res = await http(admin, 'POST', op.path, op.body, { key: op.key });
    if (res.status !== 200) throw new Error(`addpoint failed: ${res.status} ${res.text}`);
    onAnswer(op, res);
  }
}

async function load(run, stopAfterMs, killMode) {
  let stop = false;
  const unexpected = [];
  const loop = async () => {
    while (!stop) {
      const op = nextOperation(run);
      try {
        const res = await http(op.who, 'POST', op.path, op.body, { key: op.key });
        onAnswer(op, res);
        if (!acceptable(op, res.status) && res.status < 500) unexpected.push(`op ${op.n} ${op.kind}: ${res.status} ${res.text.slice(0, 200)}`);
      } catch {
        op.state = 'unknown'; // no answer: in flight when the server died (or timed out)
      }
    }
  };
  const loops = Array.from({ length: LOOPS }, loop);
  await sleep(stopAfterMs);
  const victim = current;
  stop = true;
  process.kill(killMode === 'group' ? -victim.pid : victim.pid, 'SIGKILL');
  current = null;
  await victim.exited;
  await Promise.all(loops);
  return { victim, unexpected };
}

async function retry(op) {
  try {
    return await http(op.who, 'POST', op.path, op.body, { key: op.key, timeoutMs: 30_000 });
  } catch (e) {
    return { status: 0, text: String(e), body: undefined, replay: false };
  }
}

async function oneRun(run) {
  const problems = [];
  const killMode = run % 2 === 1 ? 'group' : 'node';
  const delay = 300 + rand(2_201);
  const before = ops.length;

  const { victim, unexpected } = await load(run, delay, killMode);
  problems.push(...unexpected);
  const runOps = ops.slice(before);
  const count = (st) => runOps.filter((o) => o.state === st).length;
  const acked = count('acked');
  const rejected = count('rejected');
  const unknown = runOps.filter((o) => o.state === 'unknown');
  if (killMode === 'node' && !groupAlive(victim.pid)) problems.push('no PostgreSQL outlived the killed Node process (nothing for the restart to clean up)');

  // Restart on the same data directory.
  const server = await startServer();
  if (/initialising a new PostgreSQL data directory/.test(server.output())) problems.push('the restart re-initialised the data directory');
  if (groupAlive(victim.pid)) {
    const deadline = Date.now() + 10_000;
    while (groupAlive(victim.pid) && Date.now() < deadline) await sleep(50);
    if (groupAlive(victim.pid)) problems.push(`processes of the killed server (group ${victim.pid}) still run after the restart`);
  }

  // Sessions live in PostgreSQL: the cookies from before the crash still work.
  for (const a of [admin, users[0]]) {
    const me = await http(a, 'GET', '/api/v1/user/me');
    if (me.status !== 200 || me.body.user._id !== a.id) problems.push(`the session of ${a.email} did not survive the crash: ${me.status}`);
  }

  // 1. Before any retry: every known outcome is in the database exactly as answered; unknown ones are all-or-nothing.
  const s1 = await snapshot();
  checkOperations(s1, problems);
  for (const op of unknown) op.committed = s1.keys.has(`${op.who.id}|${op.key}`);
  const committed = unknown.filter((o) => o.committed).length;

  // 2. Retry every acknowledged and unknown operation of this run with the same key and body.
  let replayed = 0;
  let executed = 0;
  await pool(runOps.filter((o) => o.state === 'acked' || o.state === 'unknown'), 8, async (op) => {
    const res = await retry(op);
    const label = `op ${op.n} ${op.kind} ${op.state}`;
    if (op.state === 'acked') {
      if (res.status !== op.status || !res.replay || !isDeepStrictEqual(res.body, op.response)) {
        problems.push(`${label}: retry answered ${res.status} replay=${res.replay} ${res.text.slice(0, 200)}, first answer ${op.status} ${JSON.stringify(op.response)}`);
      }
      replayed++;
      return;
    }
    const row = s1.keys.get(`${op.who.id}|${op.key}`);
    if (op.committed) {
      if (!res.replay || res.status !== row.status_code) problems.push(`${label}: committed before the crash but the retry answered ${res.status} replay=${res.replay}`);
      replayed++;
    } else {
      if (res.replay) problems.push(`${label}: not committed before the crash but the retry was a replay`);
      if (!acceptable(op, res.status)) problems.push(`${label}: the retry answered ${res.status} ${res.text.slice(0, 200)}`);
      executed++;
    }
    op.status = res.status;
    op.response = res.body;
    if (ok2xx(res.status)) {
      if (op.kind === 'deposit') approvable.push(op);
      if (op.kind === 'withdraw') processable.push(op);
    }
  });

  // 3. A second retry of the unknown ones that now succeeded: a pure replay of the same answer.
  for (const op of unknown.filter((o) => ok2xx(o.status))) {
    const res = await retry(op);
    if (res.status !== op.status || !res.replay || !isDeepStrictEqual(res.body, op.response)) {
      problems.push(`op ${op.n} ${op.kind}: second retry answered ${res.status} replay=${res.replay}, first ${op.status}`);
    }
  }
  for (const op of unknown) op.state = ok2xx(op.status) ? 'acked' : 'rejected';

  // 4. After the retries: each key has exactly one effect, the model matches to the cent, ledger:check is clean.
  const s2 = await snapshot();
  checkOperations(s2, problems);
  checkModel(s2, problems);
  const lc = ledgerCheck();
  if (!lc.ok) problems.push(`ledger:check failed:\n${lc.output}`);

  const pass = problems.length === 0;
  const cleaned = /waiting for the dead PostgreSQL/.test(server.output())
    ? ', waited for the dead postmaster to be reaped'
    : /stopping the PostgreSQL \(pid \d+\) left running/.test(server.output())
      ? ', stopped the orphaned postmaster'
      : '';
  console.log(
    `run ${String(run).padStart(2)}/${RUNS} ${pass ? 'PASS' : 'FAIL'}: kill -9 ${killMode === 'group' ? 'process group' : 'node only  '} after ${String(delay).padStart(4)} ms; ` +
      `${runOps.length} ops (${acked} acked, ${rejected} refused, ${unknown.length} unknown: ${committed} committed, ${unknown.length - committed} not); ` +
      `restart ${(server.startMs / 1000).toFixed(1)}s${cleaned}; retried ${replayed + executed} (${replayed} replayed, ${executed} executed); ledger:check ${lc.ok ? 'clean' : 'BREACH'} [${elapsed()}]`,
  );
  for (const p of problems.slice(0, 20)) console.log(`    ${p}`);
  if (problems.length > 20) console.log(`    … and ${problems.length - 20} more`);
  return pass;
}

let passed = 0;
let failed = 0;
let exitCode = 1;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.log(`crash: ${signal}, cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
try {
  if (!process.env.CRASH_SERVER_JS) buildServerIfStale(root, 'crash');
  await snapshotBundle();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'points-crash-'));
  await chmod(dataDir, 0o711); // 0711: run as root, the embedded PostgreSQL's unprivileged account must reach its cluster in this folder of ours.
  console.log(`crash: ${RUNS} runs, seed ${SEED}, ${LOOPS} concurrent loops, DATA_DIR ${dataDir}`);
  const first = await startServer();
  console.log(`crash: first start (new data directory) answered /health after ${(first.startMs / 1000).toFixed(1)}s`);
  await seed();
  for (let run = 1; run <= RUNS; run++) {
    try {
      if (await oneRun(run)) passed++;
      else failed++;
    } catch (e) {
      failed++;
      console.log(`run ${String(run).padStart(2)}/${RUNS} FAIL: ${e instanceof Error ? e.message : String(e)}`);
      if (!current) {
        failed += RUNS - run; // no server to go on with
        break;
      }
    }
  }
  const totals = ['acked', 'rejected'].map((st) => ops.filter((o) => o.state === st).length);
  console.log(`crash: ${ops.length} operations in all (${totals[0]} succeeded, ${totals[1]} refused) in ${elapsed()}`);
  exitCode = failed === 0 ? 0 : 1;
} catch (e) {
  console.error(`crash: ${e instanceof Error ? e.stack : String(e)}`);
  failed = Math.max(failed, RUNS - passed);
} finally {
  await cleanup();
}
console.log(`crash: ${passed} passed, ${failed} failed`);
process.exit(exitCode);
