// Housekeeping and the session cookie's name.
// - pruneExpired deletes expired/idle sessions, idempotency keys older than 24 h, used or expired reset links and
//   old throttle rows, and nothing that still counts (the TestClock is moved; times are the app's clock).
// - Two instances pruning at once do not fail (an advisory lock: one runs, the other skips).
// - The server starts the schedule itself when it is ready, and stops it when it closes.
// - Under https the session cookie is __Host-sid (Secure, Path=/, no Domain); a cookie under the old name keeps
//   working and is moved to the new name.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client, signUp, startTestApp, type TestContext } from './helpers.js';
import { HOUSEKEEPING_EVERY_MS, pruneExpired } from '../src/services/housekeeping.js';
import { hashToken } from '../src/plugins/session.js';
import { RESET_MAILS_PER_ACCOUNT } from '../src/services/throttle.js';

const HOUR = 60 * 60_000;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const n = async (query: ReturnType<typeof sql>) => (await ctx.db.execute<{ n: number }>(query)).rows[0].n;
const sessionsOf = (userId: string) => n(sql`select count(*)::int as n from sessions where user_id = ${userId}`);
const sessionExists = (token: string) => n(sql`select count(*)::int as n from sessions where token_hash = ${hashToken(token)}`);

describe('pruneExpired on the moved clock', () => {
  test('expired and idle sessions, day-old idempotency keys, used/expired reset links and old throttle rows go; the rest stays', async () => {
    const { client: idle, user } = await signUp(ctx);
    const active = ctx.client();
    expect((await active.post('/api/v1/user/login', { email: user.email, password: 'correct-horse-9' })).status).toBe(200);
    const idleToken = idle.cookies.get('sid')!;
    const activeToken = active.cookies.get('sid')!;

    // Idempotency keys: one made now (real time), one made "later" on the app's clock (after the move below).
    const oldKey = `old-${randomUUID()}`;
    await ctx.db.execute(sql`insert into idempotency_keys (user_id, key, route, request_hash, status_code, response) values (${user._id}, ${oldKey}, 'POST /x', 'h', 200, '{}')`);
    // Reset links: used, expired, live (relative to the app's clock at the time of the prune).
    const reset = (name: string, expiresInMs: number, used: boolean, madeAgoMs = 0) =>
      ctx.db.execute(sql`insert into password_resets (token_hash, user_id, expires_at, used_at, created_at) values
        (${`${name}-${randomUUID()}`}, ${user._id}, ${new Date(ctx.clock.now().getTime() + expiresInMs)}, ${used ? ctx.clock.now() : null},
         ${new Date(ctx.clock.now().getTime() - madeAgoMs)})`);

    ctx.clock.advance(23 * HOUR);
    expect((await active.get('/api/v1/user/me')).status).toBe(200); // touches the active session
    ctx.clock.advance(2 * HOUR); // the idle one: 25 h without a request; the key: 25 h old
    const freshKey = `fresh-${randomUUID()}`;
    await ctx.db.execute(sql`insert into idempotency_keys (user_id, key, route, request_hash, created_at) values (${user._id}, ${freshKey}, 'POST /x', 'h', ${ctx.clock.now()})`);
    await reset('used', 10 * 60_000, true, 20 * 60_000);
    // Voided 5 minutes after it was made: it still counts towards the account's reset-mail cap, so it stays.
    await reset('recentlyvoided', 25 * 60_000, true, 5 * 60_000);
    await reset('expired', -60_000, false);
    await reset('live', 20 * 60_000, false);
    const at = ctx.clock.now();
    await ctx.db.execute(sql`insert into throttle_events (bucket, at) values
      (${`login:pair:old-${randomUUID()}`}, ${new Date(at.getTime() - 2 * HOUR)}),
      (${`login:pair:new-${randomUUID()}`}, ${new Date(at.getTime() - 60_000)})`);

    const pruned = await pruneExpired(ctx.db, ctx.clock.now());
    expect(pruned).not.toBeNull();
    expect(pruned!.sessions).toBeGreaterThanOrEqual(1);
    expect(pruned!.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(pruned!.passwordResets).toBeGreaterThanOrEqual(2);
    expect(pruned!.throttleEvents).toBeGreaterThanOrEqual(1);

    expect(await sessionExists(idleToken)).toBe(0);
    expect(await sessionExists(activeToken)).toBe(1);
    expect((await active.get('/api/v1/user/me')).status).toBe(200);
    expect(await n(sql`select count(*)::int as n from idempotency_keys where key = ${oldKey}`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from idempotency_keys where key = ${freshKey}`)).toBe(1);
    const left = await ctx.db.execute<{ h: string }>(sql`select token_hash as h from password_resets where user_id = ${user._id}`);
    expect(left.rows.map((r) => r.h.split('-')[0]).sort()).toEqual(['live', 'recentlyvoided']);
    expect(await n(sql`select count(*)::int as n from throttle_events where bucket like 'login:pair:old-%'`)).toBe(0);
    expect(await n(sql`select count(*)::int as n from throttle_events where bucket like 'login:pair:new-%'`)).toBe(1);

    // 7 days after login the active session goes too, however busy it was.
    for (let i = 0; i < 6; i++) {
      ctx.clock.advance(23 * HOUR);
      expect((await active.get('/api/v1/user/me')).status).toBe(200);
    }
    ctx.clock.advance(7 * HOUR);
    await pruneExpired(ctx.db, ctx.clock.now());
    expect(await sessionsOf(user._id)).toBe(0);
  });

  test('pruning does not reopen the cap on reset e-mails: voided links made in the window still count', async () => {
    const { user } = await signUp(ctx);
    const resets = () => n(sql`select count(*)::int as n from password_resets where user_id = ${user._id}`);
    for (let i = 0; i < RESET_MAILS_PER_ACCOUNT + 2; i++) expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    expect(await resets()).toBe(RESET_MAILS_PER_ACCOUNT);
    await pruneExpired(ctx.db, ctx.clock.now());
    expect(await resets()).toBe(RESET_MAILS_PER_ACCOUNT); // the voided ones are kept while they count
    expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    expect(await resets()).toBe(RESET_MAILS_PER_ACCOUNT); // still capped: no new link
    ctx.clock.advance(16 * 60_000);
    await pruneExpired(ctx.db, ctx.clock.now());
    expect(await resets()).toBe(1); // only the newest (live) link is left
  });

  test('two instances pruning at once: no error, one of them does the work', async () => {
    const { user } = await signUp(ctx);
    await ctx.db.execute(sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
      values (${`gone-${randomUUID()}`}, ${user._id}, now() - interval '8 days', now() - interval '8 days', now() - interval '1 day')`);
    const results = await Promise.all(Array.from({ length: 4 }, () => pruneExpired(ctx.db, ctx.clock.now())));
    expect(results.some((r) => r !== null)).toBe(true);
    expect(await sessionsOf(user._id)).toBe(1); // the sign-up's own session stays
  });
});

describe('the schedule', () => {
  test('the server starts it when ready (every 10 min by default) and it prunes without being called', async () => {
    expect(HOUSEKEEPING_EVERY_MS).toBe(10 * 60_000);
    expect(ctx.app.housekeeping).not.toBeNull();
    const other = await startTestApp({}, { databaseUrl: ctx.databaseUrl, housekeepingEveryMs: 100 });
    try {
      const { user } = await signUp(ctx);
      const token = `expired-${randomUUID()}`;
      await ctx.db.execute(sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
        values (${token}, ${user._id}, now() - interval '8 days', now() - interval '8 days', now() - interval '1 day')`);
      const deadline = Date.now() + 20_000;
      while ((await n(sql`select count(*)::int as n from sessions where token_hash = ${token}`)) > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await n(sql`select count(*)::int as n from sessions where token_hash = ${token}`)).toBe(0);
      expect(other.app.housekeeping!.runs).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    const runs = other.app.housekeeping!.runs;
    // A fixed wait on purpose: no event marks a timer that does not fire. 300 ms is three of its 100 ms intervals.
    await new Promise((r) => setTimeout(r, 300));
    expect(other.app.housekeeping!.runs).toBe(runs); // stopped with the app
  });
});

describe('the session cookie under https is __Host-sid', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await startTestApp({ APP_URL: 'https://points.example.com' }, { databaseUrl: ctx.databaseUrl });
  });
  afterAll(() => secure.close());

  test('sign-up and login set __Host-sid with Secure, Path=/ and no Domain; it works; logout clears it', async () => {
    const { client, user, password } = await signUp(secure);
    expect(client.cookies.has('__Host-sid')).toBe(true);
    expect(client.cookies.has('sid')).toBe(false);
    const login = await secure.client().post('/api/v1/user/login', { email: user.email, password });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))!;
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).not.toMatch(/Domain=/i);
    expect((await client.get('/api/v1/user/me')).status).toBe(200);
    const out = await client.post('/api/v1/user/logout');
    expect(out.headers.getSetCookie().some((c) => c.startsWith('__Host-sid=;'))).toBe(true);
    expect((await client.get('/api/v1/user/me')).status).toBe(401);
  });

  test('a session cookie under the old name keeps working and is moved to __Host-sid', async () => {
    const { client, user } = await signUp(secure);
    const token = client.cookies.get('__Host-sid')!;
    const old = new Client(secure.url);
    old.cookies.set('sid', token);
    const me = await old.get('/api/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(user.email);
    const set = me.headers.getSetCookie();
    expect(set.some((c) => c.startsWith(`__Host-sid=${token};`))).toBe(true);
    expect(set.some((c) => /^sid=;/.test(c))).toBe(true);
    expect(old.cookies.has('sid')).toBe(false);
    expect((await old.get('/api/v1/user/me')).status).toBe(200); // now with the new name
  });

  test('plain http keeps the plain name', async () => {
    const { client } = await signUp(ctx);
    expect(client.cookies.has('sid')).toBe(true);
    expect(client.cookies.has('__Host-sid')).toBe(false);
  });
});
