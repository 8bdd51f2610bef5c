// `npm run test:failover`: the database dies under a bank workload and nothing acknowledged is lost.
// Layout (docs/operations.md#running-on-several-machines, decision 024): one etcd, three PostgreSQL 15 nodes under
// Patroni with synchronous replication (synchronous_mode_strict, synchronous_commit on), HAProxy sending
// connections to whichever node Patroni's REST API calls the primary, and two instances of the built server with
// DATABASE_URL through HAProxy. Twenty clients sign up, claim deposits an admin approves, transfer, withdraw and
// earn video rewards, every money operation with an Idempotency-Key and retried on a network error or a 503 until
// it has a definitive answer. Meanwhile the primary is killed (kill -9 of its postmaster and its Patroni) three
// times and frozen once (SIGSTOP, SIGCONT after the failover); a killed node's Patroni is started again and
// rejoins as a replica before the next fault.
// Passes when every acknowledged operation is on the final primary exactly once, no unacknowledged one twice,
// `ledger:check` is clean, the users' balances sum to money in minus money out (and equal a model built from the
// answers), no answer was a 5xx other than 503 with Retry-After, and writes resumed within 30 s of each fault.
// Prints each failover's time to resume and the counts, and writes them to bench/failover-results.json.
// Needs patroni, etcd-server, haproxy and postgresql-15 from Debian: installs them with apt-get when missing (as
// root). Everything runs on free high ports with its data in a private temporary folder; every process it started
// is stopped and the folder removed, on success, failure or Ctrl-C.
// Env: FAILOVER_SEED (default random), FAILOVER_KEEP=1 keeps the folder (the processes are stopped all the same),
// FAILOVER_RESULTS (the JSON's path), FAILOVER_FAULTS (another sequence of faults, e.g. freeze,kill).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alive, buildServerIfStale, freePort, seededRandom, serverEnv, tronAddress } from './load-client.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const here = path.join(root, 'scripts/failover');
const mainJs = path.join(root, 'apps/server/dist/main.js');
const checkJs = path.join(root, 'apps/server/dist/ledger-check.js');
const resultsPath = path.resolve(process.env.FAILOVER_RESULTS ?? path.join(root, 'bench/failover-results.json'));

const CLIENTS = 20;
const VIDEOS = 60; // a reward is paid once per user, video and UTC day: enough videos for every client's rewards
// FAILOVER_FAULTS (comma-separated kill / freeze) rehearses other sequences; the test's own is the default.
const FAULTS = (process.env.FAILOVER_FAULTS ?? 'kill,kill,freeze,kill').split(',');
const RESUME_LIMIT_MS = 30_000;
const OP_DEADLINE_MS = 120_000; // a client gives up retrying one operation after this (counted as unanswered)
const STEADY_MS = 6_000; // load on a healthy cluster before each fault
const ACCOUNT = 'usdt-points'; // PostgreSQL refuses root: the same unprivileged account as the embedded one (decision 011)
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PASSWORD = randomBytes(12).toString('hex');
const ADMIN = { email: 'failover-admin@example.com', password: 'failover-admin-password-1' };
const SEED = Number(process.env.FAILOVER_SEED ?? Math.floor(Math.random() * 2 ** 31));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const log = (line) => console.log(`failover [${((Date.now() - t0) / 1000).toFixed(1)}s] ${line}`);

// mulberry32: the operations and their targets can be replayed with FAILOVER_SEED.
const rand = seededRandom(SEED);

// ---------------------------------------------------------------- tools and build

const isRoot = process.getuid?.() === 0;
const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function ensureTools() {
  const wanted = [
    ['patroni', onPath('patroni')],
    ['etcd-server', onPath('etcd')],
    ['haproxy', onPath('haproxy')],
    ['postgresql-15', existsSync(path.join(PG_BIN, 'postgres'))],
  ]
    .filter(([, present]) => !present)
    .map(([pkg]) => pkg);
  if (!wanted.length) return;
  if (!isRoot) throw new Error(`missing Debian packages: ${wanted.join(' ')} (run as root, or apt-get install them)`);
  log(`installing ${wanted.join(' ')} from Debian's packages`);
  // A package's own service must not start (a default etcd on 2379, a cluster on 5432): policy-rc.d says no.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...wanted]]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get ${args[0]} failed`);
  }
}

/** The account PostgreSQL and Patroni run as: this user, or the unprivileged system account when root. */
function runAs() {
  if (!isRoot) return {};
  if (spawnSync('id', ['-u', ACCOUNT], { stdio: 'ignore' }).status !== 0) {
    const r = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', ACCOUNT]);
    if (r.status !== 0) throw new Error(`could not create the account ${ACCOUNT}: ${r.stderr}`);
  }
  const id = (flag) => Number(spawnSync('id', [flag, ACCOUNT], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

// ---------------------------------------------------------------- processes

const started = []; // { name, child } of every process spawned, stopped at the end
let workDir = '';
const nodes = []; // { name, dir, pgPort, restPort, patroni }

function launch(name, cmd, args, { env = process.env, user = {}, cwd = workDir, detached = false } = {}) {
  const out = openSync(path.join(workDir, `${name}.log`), 'a');
  const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', out, out], detached, ...user });
  closeSync(out);
  const proc = { name, child, exited: new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal))) };
  child.on('error', (e) => log(`${name}: ${e.message}`));
  started.push(proc);
  return proc;
}

const signal = (pid, sig) => {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone already */
  }
};

function postmasterPid(node) {
  try {
    const pid = Number(readFileSync(path.join(node.dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 && alive(pid) ? pid : 0;
  } catch {
    return 0;
  }
}

/** A postmaster and every process it forked (backends, walsender, checkpointer…). */
function processTree(pid) {
  const children = new Map();
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(e)]);
    } catch {
      /* exited meanwhile */
    }
  }
  const all = [];
  const walk = (p) => {
    all.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return all;
}

async function waitFor(what, fn, limitMs) {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${limitMs / 1000} s`);
    await sleep(250);
  }
}

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(1500) });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

function fill(template, values) {
  return readFileSync(path.join(here, template), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, k) => {
    if (values[k] === undefined) throw new Error(`${template}: no value for {{${k}}}`);
    return String(values[k]);
  });
}

let user = {};

async function startEtcd() {
  const client = await freePort();
  const peer = await freePort();
  const dir = path.join(workDir, 'etcd');
  const url = (p) => `http://127.0.0.1:${p}`;
  launch('etcd', 'etcd', [
    '--name=failover-etcd',
    `--data-dir=${dir}`,
    `--listen-client-urls=${url(client)}`,
    `--advertise-client-urls=${url(client)}`,
    `--listen-peer-urls=${url(peer)}`,
    `--initial-advertise-peer-urls=${url(peer)}`,
    `--initial-cluster=failover-etcd=${url(peer)}`,
    '--enable-v2=true', // Patroni's etcd (v2) store: scripts/failover/patroni.yml says why
    '--log-level=warn',
  ]);
  await waitFor('etcd answering /health', async () => (await getJson(`${url(client)}/health`)).body?.health === 'true', 30_000);
  return client;
}

function startPatroni(node) {
  node.patroni = launch(node.name, 'patroni', [path.join(node.dir, 'patroni.yml')], { user, env: { ...process.env, HOME: node.dir }, cwd: node.dir });
}

async function makeNode(i, etcdPort) {
  const node = { name: `node${i}`, dir: path.join(workDir, `node${i}`), pgPort: await freePort(), restPort: await freePort(), patroni: null };
  mkdirSync(path.join(node.dir, 'log'), { recursive: true, mode: 0o700 });
  writeFileSync(
    path.join(node.dir, 'patroni.yml'),
    fill('patroni.yml', { NAME: node.name, REST_PORT: node.restPort, PG_PORT: node.pgPort, ETCD_PORT: etcdPort, NODE_DIR: node.dir, PG_BIN, PASSWORD }),
    { mode: 0o600 },
  );
  if (user.uid !== undefined) {
    for (const p of [node.dir, path.join(node.dir, 'log'), path.join(node.dir, 'patroni.yml')]) chownSync(p, user.uid, user.gid);
  }
  nodes.push(node);
  return node;
}

const isPrimary = async (node) => (await getJson(`http://127.0.0.1:${node.restPort}/primary`)).status === 200;

async function currentPrimary() {
  for (const node of nodes) if (await isPrimary(node).catch(() => false)) return node;
  return undefined;
}

/** Three members running, one leader, a synchronous standby, and the others streaming. */
async function clusterHealthy() {
  const { body } = await getJson(`http://127.0.0.1:${nodes[0].restPort}/cluster`).catch(() => getJson(`http://127.0.0.1:${nodes[1].restPort}/cluster`));
  const members = body?.members ?? [];
  if (members.length !== 3) return false;
  const roles = members.map((m) => m.role);
  const running = members.every((m) => m.state === 'running' || m.state === 'streaming');
  const caughtUp = members.every((m) => m.role === 'leader' || (typeof m.lag === 'number' && m.lag < 1_048_576));
  return running && caughtUp && roles.filter((r) => r === 'leader').length === 1 && roles.includes('sync_standby');
}

// ---------------------------------------------------------------- the app instances

const instances = [];

async function startInstance(i, haproxyPort) {
  const port = await freePort();
  const dataDir = path.join(workDir, `app${i}`);
  mkdirSync(dataDir, { recursive: true });
  const proc = launch(`app${i}`, process.execPath, [mainJs], {
    cwd: dataDir,
    detached: true,
    env: serverEnv({
      port,
      dataDir,
      admin: ADMIN,
      databaseUrl: `postgres://postgres:${PASSWORD}@127.0.0.1:${haproxyPort}/postgres`,
      extra: {
        SUBSCRIPTION_MIN_BALANCE: '0', // clients subscribe before their first deposit, to earn video rewards
        TRON_API_URL: '', // chain-free: deposits are claims an admin approves
      },
    }),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`app${i} answering /api/v1/health`, async () => {
    if (proc.child.exitCode !== null) throw new Error(`app${i} exited: ${readFileSync(path.join(workDir, `app${i}.log`), 'utf8').slice(-4000)}`);
    return (await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(2000) })).status === 200;
  }, 120_000).catch((e) => {
    throw new Error(`${e.message}\n${readFileSync(path.join(workDir, `app${i}.log`), 'utf8').slice(-4000)}`);
  });
  instances.push({ base, proc });
}

// ---------------------------------------------------------------- HTTP clients that retry until a definitive answer

const answers = { total: 0, s503: 0, s503WithoutRetryAfter: 0, otherServerErrors: 0, networkErrors: 0 };
const serverErrors = []; // every 5xx that was not a 503 with Retry-After: a failure of the run

function actor(email, password) {
  return { email, password, id: '', cookies: new Map() };
}

function storeCookies(a, res) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const i = pair.indexOf('=');
    const value = pair.slice(i + 1).trim();
    if (value === '' || /max-age=0\b/i.test(c)) a.cookies.delete(pair.slice(0, i).trim());
    else a.cookies.set(pair.slice(0, i).trim(), value);
  }
}

let rr = 0;

/**
 * One request, sent again (same key, same body, to either instance) after a network error or any 5xx, until an
 * answer below 500 comes or OP_DEADLINE_MS passes. Returns the answer and when its successful attempt was sent.
 */
async function send(a, method, pathname, body, key) {
  const deadline = Date.now() + OP_DEADLINE_MS;
  let attempts = 0;
  for (;;) {
    if (Date.now() > deadline) return { status: 0, body: undefined, attempts };
    if (method !== 'GET' && !a.cookies.has('XSRF-TOKEN')) {
      await send(a, 'GET', '/api/v1/health'); // the CSRF cookie first; not an attempt of this request
      continue;
    }
    attempts++;
    const base = instances[rr++ % instances.length].base;
    const headers = {};
    if (a.cookies.size) headers.cookie = [...a.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-xsrf-token'] = a.cookies.get('XSRF-TOKEN');
    if (key) headers['idempotency-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const sentAt = Date.now();
    let res;
    let text;
    try {
      res = await fetch(base + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
      text = await res.text();
    } catch {
      answers.networkErrors++;
      await sleep(300);
      continue;
    }
    answers.total++;
    storeCookies(a, res);
    if (res.status >= 500) {
      const retryAfter = res.headers.get('retry-after');
      if (res.status === 503) answers.s503++;
      if (res.status === 503 && retryAfter) {
        await sleep(Math.min(Number(retryAfter) * 1000 || 500, 2000));
      } else {
        if (res.status === 503) answers.s503WithoutRetryAfter++;
        else answers.otherServerErrors++;
        serverErrors.push({ at: Date.now() - t0, method, pathname, status: res.status, retryAfter, text: text.slice(0, 300) });
        await sleep(300);
      }
      continue;
    }
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, sentAt, at: Date.now(), attempts, replay: res.headers.get('idempotent-replay') === 'true' };
  }
}

// ---------------------------------------------------------------- the workload and its record

const admin = actor(ADMIN.email, ADMIN.password);
const clients = [];
const ops = []; // every operation: { n, kind, who, key, body, meta, status, response, sentAt, at }
const videos = [];
let opSeq = 0;
const ok2xx = (s) => s >= 200 && s < 300;
const WRITES = new Set(['signup', 'subscribe', 'claim', 'approve', 'transfer', 'withdraw', 'reward']);

async function operation(kind, who, method, pathname, body, meta = {}) {
  const op = { n: ++opSeq, kind, who, key: `failover-${SEED}-${opSeq}-${randomBytes(4).toString('hex')}`, body, meta, status: 0, response: undefined };
  ops.push(op);
  const res = await send(who, method, pathname, body, kind === 'signup' ? undefined : op.key);
  op.status = res.status;
  op.response = res.body;
  op.sentAt = res.sentAt;
  op.at = res.at;
  op.attempts = res.attempts;
  op.text = res.text;
  return op;
}

async function signUp(c) {
  const op = await operation('signup', c.user, 'POST', '/api/v1/user/register', { fullName: `Failover ${c.i}`, email: c.user.email, phone: '+971500000000', password: c.user.password });
  if (op.status === 201) {
    c.user.id = op.response.user._id;
    return;
  }
  // A sign-up has no Idempotency-Key: one that committed while its answer was lost comes back as "already taken"
  // on the retry. Logging in with its password proves it is this client's own account.
  const login = await operation('login', c.user, 'POST', '/api/v1/user/login', { email: c.user.email, password: c.user.password });
  if (login.status !== 200) throw new Error(`sign-up of ${c.user.email}: ${op.status} ${op.text}; login ${login.status} ${login.text}`);
  op.status = 201;
  op.meta.provenByLogin = true;
  c.user.id = login.response.user._id;
}

function pickOther(c) {
  const others = clients.filter((o) => o !== c && o.user.id);
  return others[rand(others.length)];
}

async function clientLoop(c, stop) {
  await signUp(c);
  const sub = await operation('subscribe', c.user, 'POST', '/api/v1/subscription/activate-with-points', {});
  if (!ok2xx(sub.status)) throw new Error(`subscription of ${c.user.email}: ${sub.status} ${sub.text}`);
  const unwatched = videos.map((v) => v);
  while (!stop.now) {
    const roll = rand(100);
    if (roll < 30) {
      // A deposit: the user's claim, then an admin's approval (both keyed, each retried on its own).
      const cents = (5 + rand(50)) * 100;
      const claim = await operation('claim', c.user, 'POST', '/api/v1/deposit/deposit', { amount: cents / 100, transactionId: randomBytes(32).toString('hex') }, { cents });
      if (ok2xx(claim.status)) {
        await operation('approve', admin, 'POST', `/api/v1/deposit/deposit/${claim.response.deposit._id}`, { deposited: true }, { claim, user: c.user, cents });
      }
    } else if (roll < 60) {
      const to = pickOther(c);
      if (!to) continue;
      const cents = 1 + rand(1_500);
      await operation('transfer', c.user, 'POST', '/api/v1/point/transfer', { recipientEmail: to.user.email, points: (cents / 100).toFixed(2) }, { from: c.user, to: to.user, cents });
    } else if (roll < 80) {
      const cents = 1 + rand(1_000);
      await operation('withdraw', c.user, 'POST', '/api/v1/withdraw', { amount: cents / 100, paymentId: tronAddress() }, { user: c.user, cents });
    } else if (unwatched.length) {
      // A video pays once per user, video and day, after it was opened: open one not yet paid, then claim.
      const video = unwatched.splice(rand(unwatched.length), 1)[0];
      const open = await send(c.user, 'GET', `/api/v1/video/${video._id}`);
      if (open.status !== 200) throw new Error(`opening video ${video._id}: ${open.status} ${open.text}`);
      await operation('reward', c.user, 'POST', '/api/v1/video/add-point', { videoId: video._id }, { user: c.user, video });
    }
  }
}

/** Answers the workload may get; anything else (a 4xx other than these) fails the run. */
function expected(op) {
  if (ok2xx(op.status)) return true;
  if ((op.kind === 'transfer' || op.kind === 'withdraw') && op.status === 400) return true; // not enough points yet
  return op.kind === 'login';
}

async function setUp() {
  const login = await send(admin, 'POST', '/api/v1/user/login', { email: admin.email, password: admin.password });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${login.text}`);
  admin.id = login.body.user._id;
  for (let i = 0; i < VIDEOS; i++) {
    // time 0.01 minutes: the reward is due as soon as the video is opened (time × 60 − 2 s is below zero).
    const res = await send(admin, 'POST', '/api/v1/video', { link: `https://www.youtube.com/watch?v=failover${String(i).padStart(3, '0')}`, point: '0.50', time: 0.01, title: `Failover ${i}` });
    if (res.status !== 201) throw new Error(`adding a video: ${res.status} ${res.text}`);
    videos.push(res.body.video);
  }
  for (let i = 0; i < CLIENTS; i++) clients.push({ i, user: actor(`failover-${SEED}-${i}@example.com`, `failover-password-${i}`) });
}

// ---------------------------------------------------------------- faults

const failovers = [];

async function fault(n, kind) {
  const victim = await waitFor('a primary', currentPrimary, 30_000);
  const patroniPid = victim.patroni.child.pid;
  const postmaster = postmasterPid(victim);
  const at = Date.now();
  let frozen = [];
  if (kind === 'kill') {
    signal(postmaster, 'SIGKILL');
    signal(patroniPid, 'SIGKILL');
  } else {
    // The whole postmaster tree: a stopped postmaster alone would leave its backends serving.
    frozen = [patroniPid, ...processTree(postmaster)];
    for (const pid of frozen) signal(pid, 'SIGSTOP');
  }
  log(`fault ${n}: ${kind === 'kill' ? 'kill -9' : 'SIGSTOP'} of the primary ${victim.name} (postmaster ${postmaster}, patroni ${patroniPid})`);
  const promoted = await waitFor('a new primary', async () => {
    const p = await currentPrimary();
    return p && p !== victim ? p : undefined;
  }, 60_000);
  const electedMs = Date.now() - at;
  // Writes have resumed when a write sent after the fault is acknowledged.
  const firstWrite = await waitFor('an acknowledged write after the fault', async () => {
    const after = ops.filter((o) => WRITES.has(o.kind) && ok2xx(o.status) && o.sentAt >= at);
    return after.length ? after.reduce((a, b) => (a.at < b.at ? a : b)) : undefined;
  }, 90_000);
  const resumeMs = firstWrite.at - at;
  if (kind === 'freeze') {
    for (const pid of frozen) signal(pid, 'SIGCONT');
  } else {
    await victim.patroni.exited;
    startPatroni(victim);
  }
  await waitFor(`${victim.name} back as a replica and the cluster healthy`, async () => (await clusterHealthy()) && (await currentPrimary()) === promoted, 180_000).catch(
    async (e) => {
      const state = await getJson(`http://127.0.0.1:${promoted.restPort}/cluster`).catch(() => ({ body: 'no answer' }));
      throw new Error(`${e.message}; the cluster: ${JSON.stringify(state.body)}`);
    },
  );
  const entry = { n, kind, victim: victim.name, newPrimary: promoted.name, electedMs, resumeMs, rejoinedMs: Date.now() - at };
  failovers.push(entry);
  log(`fault ${n}: ${promoted.name} is the primary after ${(electedMs / 1000).toFixed(1)} s, writes resumed after ${(resumeMs / 1000).toFixed(1)} s, ${victim.name} rejoined after ${(entry.rejoinedMs / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------- checks on the final primary

async function verify(primary) {
  const problems = [];
  const c = new pg.Client({ host: '127.0.0.1', port: primary.pgPort, user: 'postgres', password: PASSWORD, database: 'postgres' });
  await c.connect();
  const q = async (text, values) => (await c.query(text, values)).rows;
  try {
    const keys = new Map((await q('select user_id, key, status_code from idempotency_keys')).map((r) => [`${r.user_id}|${r.key}`, r]));
    const txs = await q(`select event_key, kind, memo->>'depositId' as deposit_id from ledger_transactions`);
    const count = (pred) => txs.filter(pred).length;
    const users = new Map();
    for (const r of await q('select id, email from users')) users.set(r.email, [...(users.get(r.email) ?? []), r.id]);
    const deposits = await q('select id, transaction_key, deposited from deposits');
    const withdrawals = await q('select id, payment_id from withdrawals');
    const rewards = await q('select user_id, video_id from video_rewards');

    /** How often an operation took effect in the database. */
    const effect = (op) => {
      switch (op.kind) {
        case 'signup':
          return (users.get(op.body.email) ?? []).length;
        case 'subscribe':
          return 1; // subscribed_at is set once whatever happens; checked below through the users
        case 'claim':
          return deposits.filter((d) => d.transaction_key === op.body.transactionId).length;
        case 'approve':
          return count((t) => t.kind === 'deposit_approve' && t.deposit_id === op.meta.claim.response.deposit._id);
        case 'transfer':
          return count((t) => t.event_key === `transfer:${op.who.id}:key:${op.key}`);
        case 'withdraw':
          return withdrawals.filter((w) => w.payment_id === op.body.paymentId).length;
        case 'reward':
          return rewards.filter((r) => r.user_id === op.who.id && r.video_id === op.meta.video._id).length;
        default:
          return 0;
      }
    };
    for (const op of ops.filter((o) => WRITES.has(o.kind))) {
      const label = `op ${op.n} ${op.kind} (${op.status})`;
      const n = effect(op);
      const keyRow = op.kind === 'signup' ? undefined : keys.get(`${op.who.id}|${op.key}`);
      if (ok2xx(op.status)) {
        if (n !== 1) problems.push(`${label}: acknowledged but there ${n} times`);
        if (op.kind !== 'signup' && (!keyRow || keyRow.status_code !== op.status)) problems.push(`${label}: acknowledged but its Idempotency-Key is ${keyRow ? `stored with ${keyRow.status_code}` : 'missing'}`);
      } else if (op.status === 0) {
        if (n > 1) problems.push(`${label}: never answered, yet there ${n} times`);
      } else if (n !== 0 || keyRow) {
        problems.push(`${label}: refused, yet there ${n} times${keyRow ? ' with its key stored' : ''}`);
      }
      if (op.status !== 0 && !expected(op)) problems.push(`${label}: unexpected answer ${op.text?.slice(0, 200)}`);
    }
    const subscribed = await q('select count(*)::int as n from users where subscribed_at is not null and email = any($1)', [clients.map((cl) => cl.user.email)]);
    if (subscribed[0].n !== clients.length) problems.push(`${subscribed[0].n} of ${clients.length} clients are subscribed`);

    // Balances: each user's equals the model built from the acknowledged answers alone, and all of them together
    // equal the money that came in minus the money that went out (docs/money.md#accounts-ledger_accounts).
    const model = new Map(clients.map((cl) => [cl.user.id, 0]));
    const add = (u, cents) => model.set(u.id, model.get(u.id) + cents);
    for (const op of ops.filter((o) => ok2xx(o.status))) {
      if (op.kind === 'approve') add(op.meta.user, op.meta.cents);
      if (op.kind === 'transfer') {
        add(op.meta.from, -op.meta.cents);
        add(op.meta.to, op.meta.cents);
      }
      if (op.kind === 'withdraw') add(op.meta.user, -op.meta.cents);
      if (op.kind === 'reward') add(op.meta.user, Math.round(op.response.point * 100));
    }
    const accounts = await q('select user_id, code, balance_cents::text as balance from ledger_accounts');
    const balance = new Map(accounts.map((a) => [a.user_id ?? a.code, Number(a.balance)]));
    for (const cl of clients) {
      if (balance.get(cl.user.id) !== model.get(cl.user.id)) problems.push(`${cl.user.email}: balance ${balance.get(cl.user.id)}, the answers make it ${model.get(cl.user.id)}`);
    }
    const sys = (code) => balance.get(code) ?? 0;
    const userSum = accounts.filter((a) => a.user_id).reduce((s, a) => s + Number(a.balance), 0);
    const moneyIn = -(sys('external:deposits') + sys('equity:adjustments') + sys('expense:rewards') + sys('expense:referrals'));
    const moneyOut = sys('hold:withdrawals') + sys('external:withdrawals') + sys('income:withdrawal_fees') + sys('income:subscriptions');
    if (userSum !== moneyIn - moneyOut) problems.push(`the balances sum to ${userSum}, money in − money out is ${moneyIn} − ${moneyOut}`);
    const approved = ops.filter((o) => o.kind === 'approve' && ok2xx(o.status)).reduce((s, o) => s + o.meta.cents, 0);
    if (-sys('external:deposits') !== approved) problems.push(`external:deposits is ${sys('external:deposits')}, approvals acknowledged ${approved}`);
    return { problems, userSum, moneyIn, moneyOut };
  } finally {
    await c.end();
  }
}

function ledgerCheck(primary) {
  const r = spawnSync(process.execPath, [checkJs], {
    cwd: workDir,
    env: { ...process.env, DATABASE_URL: `postgres://postgres:${PASSWORD}@127.0.0.1:${primary.pgPort}/postgres`, DATA_DIR: workDir },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { ok: r.status === 0, output: `${r.stdout ?? ''}${r.stderr ?? ''}`.trim() };
}

// ---------------------------------------------------------------- cleanup

async function cleanup() {
  // Frozen processes first get to run again, so a kill reaches them; then everything we started, by pid.
  const postmasters = nodes.map(postmasterPid).filter(Boolean);
  for (const pm of postmasters) for (const pid of processTree(pm)) signal(pid, 'SIGCONT');
  for (const p of [...started].reverse()) {
    if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
    signal(p.child.pid, 'SIGCONT');
    if (p.name.startsWith('app')) signal(-p.child.pid, 'SIGTERM');
    else signal(p.child.pid, 'SIGKILL');
  }
  // A postmaster outlives its killed Patroni: stop each by its pid file (immediate shutdown, the data goes too).
  for (const pm of postmasters) signal(pm, 'SIGQUIT');
  await Promise.race([Promise.all(started.map((p) => p.exited)), sleep(15_000)]);
  for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) signal(p.name.startsWith('app') ? -p.child.pid : p.child.pid, 'SIGKILL');
  for (const pm of postmasters) {
    for (let i = 0; i < 50 && alive(pm); i++) await sleep(100);
    for (const pid of processTree(pm)) signal(pid, 'SIGKILL');
  }
  if (workDir && !process.env.FAILOVER_KEEP) rmSync(workDir, { recursive: true, force: true });
  else if (workDir) log(`folder kept: ${workDir}`);
}

// ---------------------------------------------------------------- the run

let exitCode = 1;
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    log(`${sig}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}
try {
  ensureTools();
  buildServerIfStale(root, 'failover');
  user = runAs();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'points-failover-'));
  chmodSync(workDir, 0o711); // ours: the PostgreSQL account must reach its node folders inside
  log(`seed ${SEED}, folder ${workDir}`);

  const etcdPort = await startEtcd();
  for (let i = 1; i <= 3; i++) await makeNode(i, etcdPort);
  startPatroni(nodes[0]);
  await waitFor('node1 bootstrapped as the primary', () => isPrimary(nodes[0]), 120_000);
  startPatroni(nodes[1]);
  startPatroni(nodes[2]);
  await waitFor('three nodes with a synchronous standby', clusterHealthy, 180_000);
  const haproxyPort = await freePort();
  const ports = Object.fromEntries(nodes.flatMap((n, i) => [[`PG_PORT_${i + 1}`, n.pgPort], [`REST_PORT_${i + 1}`, n.restPort]]));
  writeFileSync(path.join(workDir, 'haproxy.cfg'), fill('haproxy.cfg', { HAPROXY_PORT: haproxyPort, ...ports }));
  launch('haproxy', 'haproxy', ['-db', '-f', path.join(workDir, 'haproxy.cfg')]);
  log(`etcd on ${etcdPort}, PostgreSQL on ${nodes.map((n) => n.pgPort).join(', ')}, HAProxy on ${haproxyPort}`);
  // HAProxy starts with every server up and marks a standby down only after its checks fail (fall 2, inter 1s): a
  // connection in those first seconds may reach a read-only standby, where the first instance's migration failed
  // once. So the instances start when eight connections in a row through HAProxy all reach the primary.
  let inARow = 0;
  await waitFor('HAProxy sending every connection to the primary', async () => {
    const c = new pg.Client({ host: '127.0.0.1', port: haproxyPort, user: 'postgres', password: PASSWORD, database: 'postgres', connectionTimeoutMillis: 2000 });
    try {
      await c.connect();
      inARow = (await c.query('select pg_is_in_recovery() as standby')).rows[0].standby === false ? inARow + 1 : 0;
    } catch {
      inARow = 0;
    } finally {
      await c.end().catch(() => {});
    }
    return inARow >= 8;
  }, 60_000);

  // The first instance migrates alone; the second starts on the migrated database.
  await startInstance(1, haproxyPort);
  await startInstance(2, haproxyPort);
  log(`two app instances: ${instances.map((i) => i.base).join(', ')}`);
  await setUp();

  const stop = { now: false };
  const failures = [];
  const loops = clients.map((c) => clientLoop(c, stop).catch((e) => failures.push(`client ${c.i}: ${e.message}`)));
  await sleep(STEADY_MS);
  for (let i = 0; i < FAULTS.length && !failures.length; i++) {
    await fault(i + 1, FAULTS[i]);
    await sleep(STEADY_MS);
  }
  stop.now = true;
  await Promise.all(loops);

  const primary = await waitFor('a primary for the checks', currentPrimary, 30_000);
  const { problems, userSum, moneyIn, moneyOut } = await verify(primary);
  problems.unshift(...failures);
  const lc = ledgerCheck(primary);
  if (!lc.ok) problems.push(`ledger:check failed:\n${lc.output}`);
  for (const e of serverErrors.slice(0, 10)) problems.push(`${e.method} ${e.pathname} answered ${e.status}${e.retryAfter ? '' : ' without Retry-After'} at ${(e.at / 1000).toFixed(1)} s: ${e.text}`);
  if (serverErrors.length > 10) problems.push(`… and ${serverErrors.length - 10} more 5xx answers`);
  for (const f of failovers) if (f.resumeMs > RESUME_LIMIT_MS) problems.push(`fault ${f.n} (${f.kind}): writes resumed after ${f.resumeMs} ms, over ${RESUME_LIMIT_MS}`);
  if (failovers.length !== FAULTS.length) problems.push(`${failovers.length} of ${FAULTS.length} faults ran`);

  const writes = ops.filter((o) => WRITES.has(o.kind));
  const byKind = {};
  for (const o of writes) {
    const k = (byKind[o.kind] ??= { sent: 0, acknowledged: 0, refused: 0, unanswered: 0, retried: 0 });
    k.sent++;
    if (ok2xx(o.status)) k.acknowledged++;
    else if (o.status === 0) k.unanswered++;
    else k.refused++;
    if (o.attempts > 1) k.retried++;
  }
  const results = {
    pass: problems.length === 0,
    seed: SEED,
    finishedAt: new Date().toISOString(),
    layout: { etcd: 1, postgresqlNodes: 3, synchronousModeStrict: true, haproxy: 1, appInstances: instances.length, clients: CLIENTS },
    failovers,
    operations: {
      sent: writes.length,
      acknowledged: writes.filter((o) => ok2xx(o.status)).length,
      refused: writes.filter((o) => o.status !== 0 && !ok2xx(o.status)).length,
      unanswered: writes.filter((o) => o.status === 0).length,
      retried: writes.filter((o) => o.attempts > 1).length,
      byKind,
    },
    answers,
    money: { balancesSumCents: userSum, moneyInCents: moneyIn, moneyOutCents: moneyOut },
    ledgerCheck: lc.ok ? 'clean' : 'breach',
    finalPrimary: primary.name,
    problems: problems.slice(0, 50),
    durationS: Math.round((Date.now() - t0) / 1000),
  };
  mkdirSync(path.dirname(resultsPath), { recursive: true });
  writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  copyFileSync(resultsPath, path.join(workDir, 'failover-results.json'));
  for (const f of failovers) log(`failover ${f.n} (${f.kind} ${f.victim} → ${f.newPrimary}): writes resumed after ${(f.resumeMs / 1000).toFixed(1)} s`);
  log(`${results.operations.sent} operations: ${results.operations.acknowledged} acknowledged, ${results.operations.refused} refused, ${results.operations.unanswered} unanswered, ${results.operations.retried} retried; ${answers.s503} answers 503, ${answers.otherServerErrors + answers.s503WithoutRetryAfter} other 5xx, ${answers.networkErrors} network errors; ledger:check ${results.ledgerCheck}`);
  for (const p of problems.slice(0, 30)) log(`  ${p}`);
  log(`${results.pass ? 'PASS' : 'FAIL'}; results in ${resultsPath}`);
  exitCode = results.pass ? 0 : 1;
} catch (e) {
  log(`FAIL: ${e instanceof Error ? e.stack : String(e)}`);
  if (workDir) for (const f of ['etcd', 'node1', 'node2', 'node3', 'haproxy', 'app1', 'app2']) {
    const p = path.join(workDir, `${f}.log`);
    if (existsSync(p)) console.log(`--- ${f}.log (end)\n${readFileSync(p, 'utf8').slice(-3000)}`);
  }
} finally {
  await cleanup();
}
process.exit(exitCode);
