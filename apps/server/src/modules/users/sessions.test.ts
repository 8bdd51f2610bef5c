// Sessions (docs/product.md#security-rules): opaque token stored hashed, new at each login, ended at logout and password change,
// idle expiry 24 h and absolute expiry 7 days (the server's clock is moved by the test).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loginClient, sessionClient, signUp, startTestApp, type TestContext } from '../../../test/helpers.js';
import { assertNoSecretsLeaked, sha256Hex } from '../../../test/leak-scan.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test('the cookie: HttpOnly, SameSite=Lax, Path=/, 7 days; the database holds only its SHA-256', async () => {
  const { client, user } = await signUp(ctx);
  const sid = client.cookies.get('sid')!;
  expect(Buffer.from(sid, 'base64url').length).toBe(32);
  const res = await client.post('/api/v1/user/login', { email: user.email, password: 'correct-horse-9' });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='))!;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
  expect(cookie).toMatch(/Path=\//);
  expect(cookie).toMatch(/Max-Age=604800/);
  const rows = await ctx.db.execute<{ token_hash: string }>(sql`select token_hash from sessions where user_id = ${user._id}`);
  const hashes = rows.rows.map((r) => r.token_hash);
  expect(hashes).toContain(sha256Hex(sid));
  expect(hashes).toContain(sha256Hex(client.cookies.get('sid')!));
  expect(hashes).not.toContain(sid);
});

test('a new session cookie value at each login (a planted cookie is not adopted)', async () => {
  const { client, user, password } = await signUp(ctx);
  const seen = new Set([client.cookies.get('sid')!]);
  for (let i = 0; i < 3; i++) {
    const c = await loginClient(ctx, user.email, password);
    seen.add(c.cookies.get('sid')!);
  }
  // Logging in again on the same client replaces its cookie too.
  await client.post('/api/v1/user/login', { email: user.email, password });
  seen.add(client.cookies.get('sid')!);
  expect(seen.size).toBe(5);

  // Session fixation: a cookie an attacker set before the login is not the one that gets logged in.
  const planted = 'attacker-chosen-session-value-0000000000000';
  const victim = sessionClient(ctx, planted);
  expect((await victim.post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
  expect(victim.cookies.get('sid')).not.toBe(planted);
  expect((await sessionClient(ctx, planted).get('/api/v1/user/me')).status).toBe(401);
});

test('after logout the old cookie is refused, and only that session ended', async () => {
  const { client, user, password } = await signUp(ctx);
  const other = await loginClient(ctx, user.email, password);
  const old = client.cookies.get('sid')!;
  expect((await sessionClient(ctx, old).get('/api/v1/user/me')).status).toBe(200);
  const res = await client.post('/api/v1/user/logout');
  expect(res.status).toBe(200);
  const replay = await sessionClient(ctx, old).get('/api/v1/user/me');
  expect(replay.status).toBe(401);
  expect(replay.body).toEqual({ success: false, message: 'Please log in to continue' });
  const row = await ctx.db.execute(sql`select 1 from sessions where token_hash = ${sha256Hex(old)}`);
  expect(row.rows.length).toBe(0);
  expect((await other.get('/api/v1/user/me')).status).toBe(200);
});

test('GET /user/logout also ends the session (the spec calls it with GET)', async () => {
  const { client } = await signUp(ctx);
  const old = client.cookies.get('sid')!;
  expect((await client.get('/api/v1/user/logout')).status).toBe(200);
  expect((await sessionClient(ctx, old).get('/api/v1/user/me')).status).toBe(401);
});

test('logout without a session answers 200 and changes nothing', async () => {
  const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
  const res = await ctx.client().post('/api/v1/user/logout');
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
  expect(after.rows[0].n).toBe(before.rows[0].n);
});

test('change-password ends the other sessions but keeps the current one', async () => {
  const { client: current, user, password } = await signUp(ctx);
  const other1 = await loginClient(ctx, user.email, password);
  const other2 = await loginClient(ctx, user.email, password);
  const res = await current.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'brand-new-pass-1' });
  expect(res.status).toBe(200);
  expect((await current.get('/api/v1/user/me')).status).toBe(200);
  expect((await other1.get('/api/v1/user/me')).status).toBe(401);
  expect((await other2.get('/api/v1/user/me')).status).toBe(401);
  const n = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${user._id}`);
  expect(n.rows[0].n).toBe(1);
});

test('a session of another user is untouched by a password change', async () => {
  const a = await signUp(ctx);
  const b = await signUp(ctx);
  expect((await a.client.post('/api/v1/user/change-password', { oldPassword: a.password, newPassword: 'brand-new-pass-1' })).status).toBe(200);
  expect((await b.client.get('/api/v1/user/me')).status).toBe(200);
});

test('idle expiry: 23 h idle is fine, 24 h 1 min idle → 401 and the session row is gone', async () => {
  const { client } = await signUp(ctx);
  const sid = client.cookies.get('sid')!;
  ctx.clock.advance(23 * HOUR);
  expect((await client.get('/api/v1/user/me')).status).toBe(200);
  ctx.clock.advance(DAY + MINUTE);
  const res = await client.get('/api/v1/user/me');
  expect(res.status).toBe(401);
  const row = await ctx.db.execute(sql`select 1 from sessions where token_hash = ${sha256Hex(sid)}`);
  expect(row.rows.length).toBe(0);
  // Going back in time does not revive it.
  ctx.clock.advance(-(DAY + MINUTE));
  expect((await client.get('/api/v1/user/me')).status).toBe(401);
});

test('absolute expiry: active every 12 h, the session still ends at 7 days', async () => {
  const { client, user, password } = await signUp(ctx);
  for (let step = 1; step < 14; step++) {
    ctx.clock.advance(12 * HOUR);
    const res = await client.get('/api/v1/user/me');
    expect(res.status, `after ${step * 12} h`).toBe(200);
  }
  ctx.clock.advance(12 * HOUR); // 7 days after the login
  expect((await client.get('/api/v1/user/me')).status).toBe(401);
  // Logging in again gives a fresh 7 days.
  const again = await loginClient(ctx, user.email, password);
  expect((await again.get('/api/v1/user/me')).status).toBe(200);
});

test('a cookie that is garbage, empty or huge is simply not a session (401, not 500)', async () => {
  for (const sid of ['garbage', 'x'.repeat(5000), '%00%ff', '"quoted"']) {
    const res = await sessionClient(ctx, sid).get('/api/v1/user/me');
    expect(res.status, sid.slice(0, 20)).toBe(401);
    expect(res.body.success).toBe(false);
  }
});

test('no response of this file carried a password hash or a token hash', async () => {
  await assertNoSecretsLeaked(ctx);
});
