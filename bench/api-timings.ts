// Benchmark (decision 018): the wall-clock figures the API tests used to assert, measured here instead, so a slow or
// busy machine cannot fail a test and a regression still shows as a number beside its goal:
// - a notification reaches an open stream of the same instance (goal: under 2 s), and of another instance on the
//   same database (under 2 s), from the transfer's POST to the event;
// - closing an instance with an open stream (under 5 s: the shutdown does not wait for streams);
// - hostile inputs answered: a 16,000-slash path and a login with a 90,000-character e-mail (under 1 s each; the
//   quadratic e-mail pattern once took over 10 s);
// - 10 simultaneous subscription activations of one user with distinct Idempotency-Keys (under 5 s: no deadlock
//   detection, 1 s each, on the way).
// Two app instances run in this process on a database of their own of the given PostgreSQL. Run by `npm run bench`
// (bench/run.mjs); alone:
//   BENCH_NOTIFY_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-timings.ts
// Prints one JSON line (milliseconds): { sse_same_instance_ms: {p50, max}, sse_cross_instance_ms: {p50, max},
// close_with_stream_ms, hostile_input_ms: {slashes, long_email}, activation_10_ms: {p50, max} }.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { median, round } from './lib.mjs';
import { freshDatabase } from './fresh-database.js';

const ROUNDS = Number(process.env.BENCH_TIMING_ROUNDS ?? 20);
const XSRF = 'bench-xsrf-token';

type App = Awaited<ReturnType<typeof buildApp>>;

async function startApp(url: string, dataDir: string): Promise<{ app: App; base: string; close(): Promise<void> }> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', APP_URL: 'http://127.0.0.1', SIGNUP_LIMIT_PER_HOUR: '0', SUBSCRIPTION_PRICE: '5.00' });
  const db = createDb(url, 10);
  const app = await buildApp({ config, db, mailer: { send: async () => {} }, clock: () => new Date(), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    app,
    base,
    close: async () => {
      await app.close();
      await db.$client.end();
    },
  };
}

/** POST/GET with a session cookie and the double-submitted CSRF token. */
async function call(base: string, sid: string | null, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(base + p, {
    method,
    headers: { cookie: `${sid ? `sid=${sid}; ` : ''}XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, setCookie: res.headers.getSetCookie() };
}

let n = 0;
async function signUp(base: string): Promise<{ sid: string; email: string; id: string }> {
  const email = `timing${++n}-${randomBytes(3).toString('hex')}@example.com`;
  const r = await call(base, null, 'POST', '/api/v1/user/register', { fullName: `Timing ${n}`, email, phone: '+971500000000', password: 'correct-horse-9' });
  if (r.status !== 201) throw new Error(`sign-up: ${r.status} ${r.text}`);
  const sid = r.setCookie.map((c) => /^sid=([^;]+)/.exec(c)?.[1]).find(Boolean);
  if (!sid) throw new Error('sign-up: no session cookie');
  return { sid, email, id: JSON.parse(r.text).user._id };
}

/** An event stream: `next()` resolves when one more `event: notification` block has arrived. */
async function openStream(base: string, sid: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/api/v1/notifications/stream`, { headers: { accept: 'text/event-stream', cookie: `sid=${sid}` }, signal: abort.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream: ${res.status}`);
  let seen = 0;
  let waiters: { at: number; resolve(): void }[] = [];
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let i: number;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          if (/^event: notification$/m.test(buffer.slice(0, i))) seen++;
          buffer = buffer.slice(i + 2);
        }
        waiters = waiters.filter((w) => (w.at <= seen ? (w.resolve(), false) : true));
      }
    } catch {
      /* aborted */
    }
  })();
  return {
    /** Resolves once `count` notification events have arrived in all. */
    until: (count: number) => (count <= seen ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ at: count, resolve }))),
    ended,
    close: () => abort.abort(),
  };
}

async function main() {
  const { url, drop } = await freshDatabase('BENCH_NOTIFY_ADMIN_URL', 'bench_timing');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-timing-'));
  const started: { close(): Promise<void> }[] = [];
  try {
    const a = await startApp(url, dataDir);
    started.push(a);
    const b = await startApp(url, dataDir);
    started.push(b);
    const db = createDb(url, 2);
    const boss = await signUp(a.base);
    await db.execute(sql`update users set role = 'SADMIN' where id = ${boss.id}`);
    await db.$client.end();
    const fund = async (email: string, points: number) => {
      const r = await call(a.base, boss.sid, 'POST', '/api/v1/adpoint/addpoint', { email, points });
      if (r.status >= 300) throw new Error(`addpoint: ${r.status} ${r.text}`);
    };

    // A transfer through A; the recipient's stream open on A, then on B.
    const sse = async (streamBase: string) => {
      const sender = await signUp(a.base);
      const recipient = await signUp(streamBase);
      await fund(sender.email, ROUNDS);
      const stream = await openStream(streamBase, recipient.sid);
      const times: number[] = [];
      for (let i = 1; i <= ROUNDS; i++) {
        const t0 = performance.now();
        const r = await call(a.base, sender.sid, 'POST', '/api/v1/point/transfer', { recipientEmail: recipient.email, points: '0.5' });
        if (r.status !== 200) throw new Error(`transfer: ${r.status} ${r.text}`);
        await stream.until(i);
        times.push(performance.now() - t0);
      }
      stream.close();
      return { p50: round(median(times), 1), max: round(Math.max(...times), 1) };
    };
    const same = await sse(a.base);
    const cross = await sse(b.base);

    // Hostile inputs, each answered (a 4xx), timed.
    const hostile = async (send: () => Promise<{ status: number }>) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const r = await send();
        if (r.status >= 500) throw new Error(`hostile input: ${r.status}`);
        times.push(performance.now() - t0);
      }
      return round(median(times), 1);
    };
    const slashes = await hostile(() => fetch(`${a.base}/${'/'.repeat(16_000)}`).then(async (r) => (await r.arrayBuffer(), r)));
    const longEmail = await hostile(() => call(a.base, null, 'POST', '/api/v1/user/login', { email: `a@${'a.'.repeat(45_000)}@`, password: 'x'.repeat(10) }));

    // 10 simultaneous activations of one user, distinct Idempotency-Keys: one 200, nine 409.
    const activations: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await signUp(a.base);
      await fund(s.email, 20);
      const t0 = performance.now();
      const res = await Promise.all(
        Array.from({ length: 10 }, (_, k) => call(a.base, s.sid, 'POST', '/api/v1/subscription/activate-with-points', undefined, { 'idempotency-key': `activate-${k}` })),
      );
      activations.push(performance.now() - t0);
      const statuses = res.map((r) => r.status).sort().join(',');
      if (statuses !== ['200', ...Array(9).fill('409')].join(',')) throw new Error(`activations: ${statuses}`);
    }

    // An instance closed with a stream open on it.
    const c = await startApp(url, dataDir);
    const watcher = await signUp(c.base);
    const stream = await openStream(c.base, watcher.sid);
    const t0 = performance.now();
    await c.close();
    await stream.ended;
    const closeMs = performance.now() - t0;

    console.log(
      JSON.stringify({
        sse_same_instance_ms: same,
        sse_cross_instance_ms: cross,
        close_with_stream_ms: round(closeMs, 0),
        hostile_input_ms: { slashes, long_email: longEmail },
        activation_10_ms: { p50: round(median(activations), 0), max: round(Math.max(...activations), 0) },
      }),
    );
  } finally {
    for (const s of started) await s.close().catch(() => {});
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
