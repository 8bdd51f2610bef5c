// Scale-out (docs/product.md#running): two app instances, each with its own pool and port, on ONE PostgreSQL database.
// The process keeps no state of its own, so money, throttling, idempotency keys and sessions behave as on one.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, freshDatabaseUrl, signUp, signUpAs, startTestApp, type TestContext } from './helpers.js';
import { balance, expectLedgerClean, fund } from './money-helpers.js';
import { openSse } from './sse.js';

let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  const databaseUrl = await freshDatabaseUrl();
  a = await startTestApp({}, { databaseUrl });
  b = await startTestApp({}, { databaseUrl });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

/** The same browser session, sent to the other instance (as a load balancer would). */
function on(ctx: TestContext, from: Client): Client {
  const c = ctx.client();
  c.cookies = from.cookies; // shared jar: a logout on one instance is seen by both
  return c;
}

test('the two instances really are separate: own port, own pool, one database', async () => {
  expect(a.url).not.toBe(b.url);
  expect(a.db.$client).not.toBe(b.db.$client);
  expect(a.databaseUrl).toBe(b.databaseUrl);
  const [ra, rb] = await Promise.all([a.db.execute(sql`select pg_backend_pid() as pid`), b.db.execute(sql`select pg_backend_pid() as pid`)]);
  expect(ra.rows[0].pid).not.toBe(rb.rows[0].pid);
});

describe('a transfer storm split across both instances', () => {
  test('300 transfers among 10 users, 40 at a time, alternating instances: exact to the cent, nothing negative, ledger clean', async () => {
    const FUND = 5_000; // 50.00 each: small enough that some transfers are refused for want of funds
    const people: (Awaited<ReturnType<typeof signUp>> & { via: [Client, Client] })[] = [];
    for (let i = 0; i < 10; i++) {
      const s = await signUp(i % 2 ? b : a);
      await fund(a, s.user._id, FUND);
      await s.client.get('/api/v1/health');
      people.push({ ...s, via: [on(a, s.client), on(b, s.client)] });
    }
    const ids = people.map((p) => p.user._id);
    const expected = new Map(ids.map((id) => [id, FUND]));

    let seed = 7;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
    };
    const jobs = Array.from({ length: 300 }, (_, i) => {
      const from = rand(10);
      let to = rand(9);
      if (to >= from) to++;
      return { i, from, to, cents: 1 + rand(2_000), key: `storm-${i}` };
    });
    const results: { job: (typeof jobs)[number]; status: number; text: string; body: unknown }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 40 }, async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          const client = people[job.from].via[job.i % 2]; // even jobs on A, odd on B
          const res = await client.post(
            '/api/v1/point/transfer',
            { recipientEmail: people[job.to].user.email, points: (job.cents / 100).toFixed(2) },
            { headers: { 'idempotency-key': job.key } },
          );
          results.push({ job, status: res.status, text: res.text, body: res.body });
        }
      }),
    );

    let ok = 0;
    const byInstance = [0, 0];
    for (const r of results) {
      if (r.status === 200) {
        ok++;
        byInstance[r.job.i % 2]++;
        expected.set(ids[r.job.from], expected.get(ids[r.job.from])! - r.job.cents);
        expected.set(ids[r.job.to], expected.get(ids[r.job.to])! + r.job.cents);
      } else {
        expect(r.status, r.text).toBe(400); // only "insufficient points" may refuse one
      }
    }
    expect(results).toHaveLength(300);
    expect(ok).toBeGreaterThan(150);
    expect(byInstance[0]).toBeGreaterThan(50);
    expect(byInstance[1]).toBeGreaterThan(50);

    // A retry of a successful transfer on the OTHER instance replays the answer and moves nothing.
    const retried = results.filter((r) => r.status === 200).slice(0, 20);
    for (const r of retried) {
      const client = people[r.job.from].via[(r.job.i + 1) % 2];
      const res = await client.post(
        '/api/v1/point/transfer',
        { recipientEmail: people[r.job.to].user.email, points: (r.job.cents / 100).toFixed(2) },
        { headers: { 'idempotency-key': r.job.key } },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('idempotent-replay')).toBe('true');
      expect(res.body).toEqual(r.body);
    }

    const total = await a.db.execute<{ t: string }>(sql`select coalesce(sum(balance_cents), 0)::text as t from ledger_accounts where user_id in ${ids}`);
    expect(Number(total.rows[0].t)).toBe(10 * FUND);
    for (const id of ids) {
      const got = await balance(b, id);
      expect(got).toBeGreaterThanOrEqual(0);
      expect(got, `balance of ${id}`).toBe(expected.get(id));
    }
    const count = await b.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'transfer'`);
    expect(count.rows[0].n).toBe(ok);
    await expectLedgerClean(a);
  });
});

describe('login throttling counts across both instances', () => {
  test('10 failed logins alternating A and B → the 11th on either answers 429, even with the right password', async () => {
    const { user, password } = await signUp(a);
    const tries = [a.client(), b.client()];
    for (let i = 0; i < 10; i++) {
      const res = await tries[i % 2].post('/api/v1/user/login', { email: user.email, password: `wrong-password-${i}` });
      expect(res.status, `attempt ${i + 1} on ${i % 2 ? 'B' : 'A'}: ${res.text}`).toBe(401);
    }
    for (const c of tries) {
      const res = await c.post('/api/v1/user/login', { email: user.email, password: 'wrong-again-1' });
      expect(res.status, res.text).toBe(429);
    }
    const right = await b.client().post('/api/v1/user/login', { email: user.email, password });
    expect(right.status, right.text).toBe(429);
    const rows = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from throttle_events where bucket = ${`login:acct:${user.email}`}`);
    expect(rows.rows[0].n).toBe(10); // refused attempts do not count
  });
});

describe('login throttling under a concurrent burst across both instances', () => {
  test('30 wrong passwords at once, split over A and B: never more than 10 are evaluated, the rest answer 429', async () => {
    const { user } = await signUp(b);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? b : a).client().post('/api/v1/user/login', { email: user.email, password: `burst-wrong-${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 401 || s === 429), statuses.join(',')).toBe(true);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    const rows = await a.db.execute<{ n: number }>(sql`select count(*)::int as n from throttle_events where bucket = ${`login:acct:${user.email}`}`);
    expect(rows.rows[0].n).toBeLessThanOrEqual(10);
    const after = await a.client().post('/api/v1/user/login', { email: user.email, password: 'burst-wrong-x' });
    if (rows.rows[0].n === 10) expect(after.status).toBe(429);
  });
});

describe('sessions are shared', () => {
  test('a session made on A works on B; logout on B ends it on A', async () => {
    const { client, user } = await signUp(a);
    const token = client.cookies.get('sid')!;
    expect(token).toBeTruthy();
    const onB = on(b, client);
    const meB = await onB.get('/api/v1/user/me');
    expect(meB.status, meB.text).toBe(200);
    expect(meB.body.user._id).toBe(user._id);
    const meA = await client.get('/api/v1/user/me');
    expect(meA.status, meA.text).toBe(200);

    const out = await onB.post('/api/v1/user/logout');
    expect(out.status, out.text).toBe(200);
    expect(client.cookies.has('sid')).toBe(false); // the logout answer cleared the cookie in the shared jar

    // The old token, sent again by hand, is unknown to A (and to B): the session ended in the database.
    for (const ctx of [a, b]) {
      const c = ctx.client();
      c.cookies.set('sid', token);
      const res = await c.get('/api/v1/user/me');
      expect(res.status, res.text).toBe(401);
    }
  });

  test('a login on B is an admin session on A too (roles come from the database)', async () => {
    const admin = await signUpAs(a, 'ADMIN');
    const fresh = b.client();
    const login = await fresh.post('/api/v1/user/login', { email: admin.user.email, password: admin.password });
    expect(login.status, login.text).toBe(200);
    const list = await on(a, fresh).get('/api/v1/deposit/deposit');
    expect(list.status, list.text).toBe(200);
  });
});

describe('notifications across instances', () => {
  // How soon is a benchmark figure (bench/api-timings.ts, goal under 2 s), not a test threshold.
  test('a notification written through A reaches a stream open on B; a batch marker ("*") too', async () => {
    const sender = await signUp(a, { fullName: 'Erin on A' });
    const recipient = await signUp(b);
    await fund(a, sender.user._id, 1_000);
    const stream = await openSse(b.url, recipient.client, '/api/v1/notifications/stream');
    expect(stream.status).toBe(200);
    const res = await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: '3' });
    expect(res.status, res.text).toBe(200);
    const [ev] = await stream.waitFor(1, 10_000);
    expect(JSON.parse(ev.data)).toMatchObject({ kind: 'transfer_received', body: '“Erin on A” sent you 3.00 USDT.', unread: 1 });
    // A bulk insert through A for more users than one NOTIFY names (the payload is "*"): B re-checks every stream.
    await a.db.execute(sql`
      insert into users (full_name, email, phone, password_hash, referral_code)
      select 'Bulk ' || g, 'bulk-notify-' || g || '@example.com', '+971500000000', 'x', 'BULKN' || g from generate_series(1, 120) g`);
    // Each account has its ledger account, as a sign-up makes it (the ledger check at the end of the file asks).
    await a.db.execute(sql`insert into ledger_accounts (user_id) select id from users where email like 'bulk-notify-%'`);
    await a.db.execute(sql`
      insert into notifications (user_id, kind, params, title, body)
      select id, 'announcement', '{}', 'To everyone', 'Hello' from users`);
    const [, bulk] = await stream.waitFor(2, 10_000);
    expect(JSON.parse(bulk.data)).toMatchObject({ kind: 'announcement', title: 'To everyone', unread: 2 });
    stream.close();
  });
});
