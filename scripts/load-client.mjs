// What the load scripts (crash-test.mjs, failover-test.mjs) share: the server bundle they run, and the requests
// they make.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else if (!e.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds apps/server/dist when it is missing or older than the server's or the contract's sources. */
export function buildServerIfStale(root, label) {
  const serverDir = path.join(root, 'apps/server');
  const newest = Math.max(newestMtime(path.join(serverDir, 'src')), newestMtime(path.join(root, 'packages/contract/src')));
  const stale = (f) => !existsSync(f) || statSync(f).mtimeMs < newest;
  if (!['dist/main.js', 'dist/ledger-check.js'].some((f) => stale(path.join(serverDir, f)))) return;
  console.log(`${label}: building the server (dist is missing or older than the sources)`);
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the server build failed');
}

/** mulberry32: `rand(n)` is an integer in [0, n), the same sequence for the same seed (a run can be replayed). */
export function seededRandom(seed) {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
}

/** A TCP port free on 127.0.0.1 at this moment. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Whether a process (or, given a negative pid, a process group) still exists; EPERM: it does, not ours. */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/**
 * The environment of a built server under a load test: its own port and folder, no mail, a known super admin, no
 * proxy, and no sign-up limit (the load signs up its users from one address). `extra` adds or overrides.
 */
export function serverEnv({ port, dataDir, admin, databaseUrl = '', extra = {} }) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: '',
    SIGNUP_LIMIT_PER_HOUR: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A fresh Tron address (base58check of 0x41 + 20 random bytes): a withdrawal's paymentId must be one, and each
 * operation's is unique so its rows are found by it. */
export function tronAddress() {
  const body = Buffer.concat([Buffer.from([0x41]), randomBytes(20)]);
  const sha = (b) => createHash('sha256').update(b).digest();
  let n = BigInt(`0x${Buffer.concat([body, sha(sha(body)).subarray(0, 4)]).toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  return out;
}
