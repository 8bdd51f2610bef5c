// Helpers shared by the bench scripts: processes, ports, autocannon runs and statistics.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function median(values) {
  const v = values.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Nearest-rank percentile of a list of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  return v[Math.min(v.length - 1, Math.max(0, Math.ceil((p / 100) * v.length) - 1))];
}

export const round = (x, digits = 2) => (x === null || x === undefined ? null : Math.round(x * 10 ** digits) / 10 ** digits);

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Spawns a Node process; its output goes to the log function, prefixed. */
export function startNode(args, { env, cwd, name, log }) {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) log(`[${name}] ${line}`);
  };
  child.stdout.on('data', out);
  child.stderr.on('data', out);
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return child;
}

/** Polls a URL until it answers with `status` (default: any 2xx) or the process dies or time runs out. */
export async function waitForHttp(url, { child, timeoutMs = 120_000, intervalMs = 50 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let dead = false;
  child?.exited.then(() => (dead = true));
  while (Date.now() < deadline) {
    if (dead) throw new Error(`process exited before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(intervalMs);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The machine's CPU time so far from /proc/stat (all cores): busy and total jiffies; null without /proc. */
function cpuTimes() {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

/**
 * Waits until the machine is quiet: at most `maxBusy` of its CPU busy in each of `windows` one-second windows in a
 * row, for up to `timeoutS`. Returns the seconds waited, the last window's busy share and whether it came quiet.
 * Lighthouse times the page's main thread on the same cores as the server and its PostgreSQL, and multiplies what it
 * sees by four: vacuum and checkpoints after the money loads, running beside a run, showed up as the page's own
 * blocking time. A browser on a reader's phone shares no core with the server.
 */
export async function waitForQuietCpu({ maxBusy = 0.25, windows = 3, timeoutS = 30 } = {}) {
  const started = Date.now();
  let quietWindows = 0;
  let share = null;
  let prev = cpuTimes();
  if (!prev) return { waited_s: 0, busy: null, quiet: false };
  while (Date.now() - started < timeoutS * 1000) {
    await sleep(1000);
    const now = cpuTimes();
    share = now.total > prev.total ? (now.busy - prev.busy) / (now.total - prev.total) : 0;
    prev = now;
    quietWindows = share <= maxBusy ? quietWindows + 1 : 0;
    if (quietWindows >= windows) break;
  }
  return { waited_s: round((Date.now() - started) / 1000, 1), busy: round(share, 2), quiet: quietWindows >= windows };
}

/** Stops a process we started, by its pid: SIGTERM, then SIGKILL after a grace period. */
export async function stopChild(child, graceMs = 30_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** The URL of the embedded PostgreSQL a running server started in dataDir (as ledger:check finds it). */
export function embeddedUrl(dataDir) {
  // As root with a DATA_DIR out of the PostgreSQL account's reach, the cluster lives where postgres-location says.
  const pointer = path.join(dataDir, 'postgres-location');
  const cluster = existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : path.join(dataDir, 'postgres');
  const pidFile = path.join(cluster, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  const creds = JSON.parse(readFileSync(path.join(dataDir, 'postgres-credentials.json'), 'utf8'));
  return { url: `postgres://${encodeURIComponent(creds.user)}:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/app`, port, ...creds };
}

/**
 * One autocannon run. `next(i)` gives the i-th request ({ method, path, headers, body }), so every request can
 * name a different user. Returns throughput, latency percentiles (from every response time) and error counts.
 */
export async function cannon({ url, connections, duration, next, timeout = 10 }) {
  let i = 0;
  const latencies = [];
  const instance = autocannon({
    url,
    connections,
    duration,
    timeout,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req) => {
          const r = next(i++);
          return { ...req, method: r.method ?? 'GET', path: r.path, headers: { ...r.headers }, body: r.body };
        },
      },
    ],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
