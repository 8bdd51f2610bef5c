// The app rides a lost database (docs/operations.md "When the database goes away"): what a failover behind HAProxy
// looks like to it (every connection dies, new ones are refused for a while, then reach a new server) and what each
// part does about it. No timing is asserted: each step waits for the state it needs (up to WAIT_MS, a limit for a
// loaded machine, not a requirement).
import http from 'node:http';
import net from 'node:net';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isDatabaseUnavailable } from '../src/errors.js';
import { createDb, verifyPrimary, type Db } from '../src/db/client.js';
import { startEmbedded, type EmbeddedDatabase } from '../src/db/embedded.js';
import { runMigrations } from '../src/db/migrate.js';
import { listenToChannel, listenerName } from '../src/db/listen.js';
import { FIXED_LOCKS } from '../src/db/locks.js';
import { LeadershipLost } from '../src/db/leader.js';
import { pollOnce } from '../src/modules/chain-deposits/poller.js';
import { startEmailWorker, type EmailWorker } from '../src/modules/notifications/email-queue.js';
import { EMAIL_TASK } from '../src/modules/notifications/email-jobs.js';
import { chainSettings } from '../src/modules/chain-deposits/chain-settings.js';
import { freshDatabaseUrl, signUp, startTestApp, withDatabase, type TestContext } from './helpers.js';
import { balance, fund } from './money-helpers.js';
import { randomTronAddress } from './tron-standin.js';

const WAIT_MS = 90_000;

/** Waits until `check` returns a value other than undefined/false (polled every 50 ms). */
async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A TCP forwarder in front of PostgreSQL, as HAProxy is in front of Patroni's primary: the app's DATABASE_URL names
 * it, `target` is the server's port of the moment. A connection it cannot make upstream is closed at once (what
 * HAProxy does with no primary). `cutCommitAfter(marker)`: on the next connection that carried `marker`, the COMMIT
 * is delivered to PostgreSQL but the connection to the app is cut before the answer: a commit whose fate the app
 * cannot know.
 */
class Forwarder {
  private server = net.createServer((c) => this.connection(c));
  private pairs = new Set<{ app: net.Socket; db: net.Socket }>();
  private cut: { marker: string; done: () => void } | null = null;
  private refusing = false;
  port = 0;
  constructor(public target: number) {}

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Resolves when a COMMIT has been delivered and its answer withheld. */
  cutCommitAfter(marker: string): Promise<void> {
    return new Promise((done) => (this.cut = { marker, done }));
  }

  /** No primary: every connection is dropped, and new ones are closed at once, until up(). */
  down() {
    this.refusing = true;
    this.dropAll();
  }

  private dropAll() {
    for (const { app, db } of this.pairs) {
      app.destroy();
      db.destroy();
    }
  }

  up() {
    this.refusing = false;
  }

  private connection(app: net.Socket) {
    if (this.refusing) return void app.destroy();
    const db = net.connect(this.target, '127.0.0.1');
    const pair = { app, db };
    this.pairs.add(pair);
    let sawMarker = false;
    app.on('data', (chunk: Buffer) => {
      const cut = this.cut;
      if (cut) {
        if (chunk.includes(cut.marker)) sawMarker = true;
        if (sawMarker && chunk.includes('commit\0')) {
          this.cut = null;
          // The COMMIT goes out, then a graceful end: PostgreSQL reads it, commits, and finds nobody to answer.
          db.end(chunk);
          app.destroy();
          cut.done();
          return;
        }
      }
      db.write(chunk);
    });
    db.on('data', (chunk: Buffer) => {
      if (!app.destroyed) app.write(chunk);
    });
    const close = () => {
      this.pairs.delete(pair);
      app.destroy();
      if (!db.writableEnded) db.destroy();
    };
    app.on('error', close);
    app.on('close', close);
    db.on('error', close);
    db.on('close', close);
  }

  async close() {
    this.dropAll();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('a LISTEN whose connection is killed', () => {
  let db: Db;
  beforeAll(async () => {
    db = createDb(await freshDatabaseUrl(), 4);
  });
  afterAll(() => db.$client.end());

  test('listens again, says so (the owner catches up), and a later NOTIFY still arrives', async () => {
    const channel = `reconnect_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const payloads: string[] = [];
    let listening = 0;
    const listener = await listenToChannel(db, channel, { onNotification: (p) => payloads.push(p), onListening: () => listening++ });
    try {
      expect(listening).toBe(1);
      await db.execute(sql`select pg_notify(${channel}, 'before')`);
      await until('the first NOTIFY', () => payloads.includes('before'));

      const pidOf = async () =>
        (await db.execute<{ pid: number }>(sql`select pid from pg_stat_activity where application_name = ${listenerName(channel)} and datname = current_database()`)).rows[0]?.pid;
      const first = await pidOf();
      expect(first).toBeTypeOf('number');
      await db.execute(sql`select pg_terminate_backend(${first})`);
      // onListening runs again once the new LISTEN is in place: that is where the settings reload and every
      // notification stream reads again what may have been missed.
      await until('the listener to listen again', () => listening === 2);
      const second = await pidOf();
      expect(second).not.toBe(first);

      await db.execute(sql`select pg_notify(${channel}, 'after')`);
      await until('the NOTIFY after the reconnection', () => payloads.includes('after'));
    } finally {
      await listener.close();
    }
  });
});

describe('a chain poller whose lock session dies', () => {
  let ctx: TestContext;
  let other: Db;
  let gate: http.Server;
  let held: (() => void)[] = [];
  let hold = false;
  let listings = 0;

  beforeAll(async () => {
    ctx = await startTestApp();
    other = createDb(ctx.databaseUrl, 4); // a second instance's pool on the same database
    // The chain API: an empty listing, held open while `hold` is set (the leader is busy talking to the chain).
    gate = http.createServer((_req, res) => {
      listings++;
      const answer = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [], success: true, meta: {} }));
      if (hold) held.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    held.forEach((answer) => answer());
    await new Promise((resolve) => gate.close(resolve));
    await other?.$client.end();
    await ctx?.close();
  });

  test('stops before acting on its next answer, and the lock is taken again: one leader at a time', async () => {
    const apiUrl = `http://127.0.0.1:${(gate.address() as net.AddressInfo).port}`;
    const address = randomTronAddress();
    const s = chainSettings({ get: (n) => (n === 'tronApiUrl' ? apiUrl : n === 'depositAddress' ? address : ctx.app.settings.get(n)) as never })!;
    const now = () => new Date();

    hold = true;
    const leader = pollOnce(ctx.db, s, now);
    const outcome = leader.then(() => 'finished', (e: unknown) => e);
    await until('the leader to wait on the chain API', () => held.length === 1);

    const holders = () =>
      ctx.db.execute<{ pid: number }>(sql`select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and objid = ${FIXED_LOCKS.chainPoller}::bigint::oid`);
    const [lockSession] = (await holders()).rows;
    expect(lockSession).toBeDefined();
    await ctx.db.execute(sql`select pg_terminate_backend(${lockSession.pid})`);

    // The lock went with its session: the other instance takes it and polls (its answer is not held).
    hold = false;
    const second = await until('the other instance to take the lock', async () => {
      const r = await pollOnce(other, s, now);
      return r.ran ? r : undefined;
    });
    expect(second.error).toBeUndefined();

    // The first leader gets its answer only now: it must not act on it, as it is no longer the leader.
    const before = listings;
    held.forEach((answer) => answer());
    held = [];
    const result = await outcome;
    expect(result).toBeInstanceOf(LeadershipLost);
    expect(listings).toBe(before); // it asked the chain nothing more
    const status = (await ctx.db.execute<{ last_error: string | null }>(sql`select last_error from chain_poller where id = 1`)).rows[0];
    expect(status.last_error).toBeNull(); // nor wrote the status as if it still led

    // And the first instance leads again at its next turn, like anyone.
    expect((await holders()).rows).toEqual([]);
    const again = await pollOnce(ctx.db, s, now);
    expect(again.ran).toBe(true);
  });
});

describe('the database server restarts under a running app', () => {
  let dataDir: string;
  let embedded: EmbeddedDatabase | undefined;
  let forwarder: Forwarder;
  let ctx: TestContext | undefined;

  const portOf = (url: string) => Number(new URL(url).port);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'points-reconnect-pg-'));
    await chmod(dataDir, 0o711); // run as root, the embedded PostgreSQL's own account must reach its cluster here
    embedded = await startEmbedded(dataDir, () => {});
    await runMigrations(embedded.url);
    forwarder = new Forwarder(portOf(embedded.url));
    await forwarder.start();
    const u = new URL(embedded.url);
    u.port = String(forwarder.port);
    ctx = await startTestApp({}, { databaseUrl: u.toString() });
  });
  afterAll(async () => {
    await ctx?.close();
    await forwarder?.close();
    await embedded?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('requests meanwhile get 503 with Retry-After, then everything works again and a retried transfer counts once', async () => {
    const app = ctx!;
    const a = await signUp(app);
    const b = await signUp(app);
    await fund(app, a.user._id, 10_000);
    const key = `restart-${randomUUID()}`;
    const transfer = () => a.client.post('/api/v1/point/transfer', { recipientEmail: b.user.email, points: 7 }, { headers: { 'idempotency-key': key } });

    await embedded!.stop(); // a fast shutdown: every connection is told 57P01, then the port refuses
    embedded = undefined;
    for (const res of [await transfer(), await a.client.get('/api/v1/notifications?page=1'), await app.client().get('/api/v1/health')]) {
      expect(res.status, res.text).toBe(503);
    }
    const refused = await transfer();
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.body).toEqual({ success: false, message: 'The service is briefly unavailable; please try again in a few seconds' });

    embedded = await startEmbedded(dataDir, () => {}); // the same cluster, on a new port: the new "primary"
    forwarder.target = portOf(embedded.url);
    await until('the app to reach the database again', async () => (await app.client().get('/api/v1/health')).status === 200);

    const done = await transfer();
    expect(done.status, done.text).toBe(200);
    expect(done.headers.get('idempotent-replay')).toBeNull(); // the refused attempts left nothing behind
    const replay = await transfer();
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(await balance(app, a.user._id)).toBe(10_000 - 700);
    expect(await balance(app, b.user._id)).toBe(700);

    // The listeners came back on their own (settings, notification streams).
    const listeners = async () =>
      new Set((await app.db.execute<{ name: string }>(sql`select application_name as name from pg_stat_activity where application_name like 'points-listen-%'`)).rows.map((r) => r.name));
    await until('both listeners to listen again', async () => {
      const names = await listeners();
      return names.has(listenerName('platform_settings')) && names.has(listenerName('notifications'));
    });
  });

  test('a COMMIT whose answer is lost: 503, and the retry with the same Idempotency-Key finds it committed', async () => {
    const app = ctx!;
    const a = await signUp(app);
    const b = await signUp(app);
    await fund(app, a.user._id, 10_000);
    const key = `lost-ack-${randomUUID()}`;
    const transfer = () => a.client.post('/api/v1/point/transfer', { recipientEmail: b.user.email, points: 5 }, { headers: { 'idempotency-key': key } });

    const cut = forwarder.cutCommitAfter(key);
    const first = await transfer();
    await cut;
    expect(first.status, first.text).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    // It did commit: the money moved once, with its key.
    expect(await balance(app, b.user._id)).toBe(500);

    const retry = await transfer();
    expect(retry.status, retry.text).toBe(200);
    expect(retry.headers.get('idempotent-replay')).toBe('true');
    expect(retry.body).toEqual({ success: true, message: 'Points transferred successfully' });
    expect(await balance(app, a.user._id)).toBe(10_000 - 500);
    expect(await balance(app, b.user._id)).toBe(500);
  });
});

describe('an e-mail worker whose database goes away in the middle of a job', () => {
  let url: string;
  let direct: Db;
  let forwarded: Db;
  let forwarder: Forwarder;
  let worker: EmailWorker | undefined;
  beforeAll(async () => {
    url = await freshDatabaseUrl();
    direct = createDb(url, 2);
    forwarder = new Forwarder(Number(new URL(url).port || 5432));
    await forwarder.start();
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(forwarder.port);
    forwarded = createDb(u.toString(), 4);
  });
  afterAll(async () => {
    forwarder.up();
    await worker?.stop();
    await forwarded.$client.end();
    await forwarder.close();
    await direct.$client.end();
  });

  test('is replaced once the database is back, and the job it held runs to its end', async () => {
    let turns = 0;
    const warnings: string[] = [];
    const log = { info: () => {}, warn: (_: object, m: string) => void warnings.push(m), error: () => {} };
    worker = await startEmailWorker({
      db: forwarded,
      mailer: { send: async () => {} },
      appUrl: 'http://localhost:3000',
      log,
      // Asked as the job starts: the first time, the database goes away right there (the job's own query and then
      // graphile-worker's failJob both fail, and the library drops that worker).
      ratePerSecond: () => (turns++ === 0 && forwarder.down(), 0),
    });
    await direct.execute(sql`select graphile_worker.add_job(${EMAIL_TASK}, json_build_object('id', 987654321))`);
    await until('graphile-worker to drop the worker', () => warnings.includes('an e-mail worker lost the database; starting another'));
    expect(worker.replaced).toBe(0); // not while the database is away
    forwarder.up();
    await until('the queue to be empty', async () => (await direct.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker._private_jobs`)).rows[0].n === 0);
    expect(worker.replaced).toBe(1);
    expect(turns).toBe(2); // the job ran again, on the new worker
  });
});

// A direct check of the pool rule behind everything above (db/client.ts): a checked-out client whose connection
// dies while no query runs emits 'error'; without a listener that would end the process (and this test file).
describe('a checked-out connection that dies between queries', () => {
  test('does not end the process; the pool replaces it', async () => {
    const url = await freshDatabaseUrl();
    const db = createDb(url, 2);
    const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
    await admin.connect();
    try {
      const client = await db.$client.connect();
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
      // Only 'end' is listened to here: the 'error' before it is the pool's to handle.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await ended;
      await expect(client.query('select 1')).rejects.toThrow();
      client.release();
      expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0].one).toBe(1);
    } finally {
      await admin.end();
      await db.$client.end();
    }
  });
});

describe('a new connection that reaches a standby', () => {
  const check = (standby: boolean) =>
    new Promise<Error | undefined>((resolve) => verifyPrimary({ query: async () => ({ rows: [{ standby }] }) } as unknown as pg.PoolClient, resolve));

  test('is refused (a 503), and one that reaches the primary is taken', async () => {
    const refused = await check(true);
    expect(refused).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(await check(false)).toBeUndefined();
  });

  test('the pool asks it of each new connection: the primary passes', async () => {
    const db = createDb(await freshDatabaseUrl(), 1);
    try {
      expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows[0].one).toBe(1);
      expect(db.$client.options.verify).toBe(verifyPrimary);
    } finally {
      await db.$client.end();
    }
  });
});
