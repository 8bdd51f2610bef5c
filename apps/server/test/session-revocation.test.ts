// Sessions end when they should (docs/product.md#security-rules), all in one place: a new session id at every login; an old cookie
// is refused after logout, password change, password reset, role change and account deletion; idle expiry
// (24 h) and absolute expiry (7 days) on the injectable clock. A refused cookie is refused everywhere —
// including a money POST sent with a valid CSRF token — and the session row is gone from the database.
// Also: change-password failures count as failed logins (the guess limit of the login form applies).
// Details already proven elsewhere (cookie flags, fixation, reset link rules) live in
// modules/users/sessions.test.ts and reset.test.ts; this file proves the revocation events side by side.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lastMail, loginClient, sessionClient, signUp, signUpAs, startTestApp, type Client, type TestContext } from './helpers.js';
import { assertNoSecretsLeaked, resetTokenFrom, sha256Hex } from './leak-scan.js';
import { expectLedgerClean, fund, moneySnapshot } from './money-helpers.js';

let ctx: TestContext;
let sadmin: Client;
beforeAll(async () => {
  ctx = await startTestApp();
  sadmin = (await signUpAs(ctx, 'SADMIN')).client;
});
afterAll(() => ctx?.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LOGGED_OUT = { success: false, message: 'Please log in to continue' };

async function sessionRowExists(sid: string): Promise<boolean> {
  const r = await ctx.db.execute(sql`select 1 from sessions where token_hash = ${sha256Hex(sid)}`);
  return r.rows.length > 0;
}

/** The cookie is dead: /user/me → 401, a money POST with a valid CSRF token → 401 and nothing moves, no row. */
async function expectRevoked(sid: string, label: string) {
  const me = await sessionClient(ctx, sid).get('/api/v1/user/me');
  expect(me.status, `${label}: /user/me`).toBe(401);
  expect(me.body).toEqual(LOGGED_OUT);
  const money = await moneySnapshot(ctx);
  const w = await sessionClient(ctx, sid).post('/api/v1/withdraw', { amount: 1, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' });
  expect(w.status, `${label}: withdraw`).toBe(401);
  expect(await moneySnapshot(ctx)).toBe(money);
  expect(await sessionRowExists(sid), `${label}: session row`).toBe(false);
}

async function expectAlive(sid: string, label: string) {
  expect((await sessionClient(ctx, sid).get('/api/v1/user/me')).status, label).toBe(200);
}

test('a new session id at every login (and at sign-up); the database holds only their SHA-256', async () => {
  const { client, user, password } = await signUp(ctx);
  const sids = [client.cookies.get('sid')!];
  for (let i = 0; i < 3; i++) sids.push((await loginClient(ctx, user.email, password)).cookies.get('sid')!);
  // Logging in again on the same browser replaces its cookie as well.
  await client.post('/api/v1/user/login', { email: user.email, password });
  sids.push(client.cookies.get('sid')!);
  expect(new Set(sids).size).toBe(sids.length);
  for (const sid of sids) expect(Buffer.from(sid, 'base64url').length).toBe(32);
  const rows = await ctx.db.execute<{ h: string }>(sql`select token_hash as h from sessions where user_id = ${user._id}`);
  expect(rows.rows.map((r) => r.h).sort()).toEqual(sids.map(sha256Hex).sort());
});

describe('revocation events: which old cookies stop working', () => {
  /** A user with two sessions: `acting` (the one that does things) and `other` (e.g. a second device). */
  async function twoSessions() {
    const s = await signUp(ctx);
    await fund(ctx, s.user._id, 500);
    const other = await loginClient(ctx, s.user.email, s.password);
    return { ...s, acting: s.client, actingSid: s.client.cookies.get('sid')!, otherSid: other.cookies.get('sid')! };
  }

  test('logout (POST and GET): only that session ends; the other device stays logged in', async () => {
    for (const method of ['POST', 'GET'] as const) {
      const s = await twoSessions();
      expect((await s.acting.request(method, '/api/v1/user/logout')).status).toBe(200);
      await expectRevoked(s.actingSid, `logout ${method}`);
      await expectAlive(s.otherSid, `logout ${method}: other session`);
    }
  });

  test('password change: every other session ends, the one that changed it stays', async () => {
    const s = await twoSessions();
    const res = await s.acting.post('/api/v1/user/change-password', { oldPassword: s.password, newPassword: 'brand-new-pass-1' });
    expect(res.status).toBe(200);
    await expectRevoked(s.otherSid, 'password change: other session');
    await expectAlive(s.actingSid, 'password change: acting session');
  });

  test('password reset: every session ends (both devices)', async () => {
    const s = await twoSessions();
    expect((await ctx.client().post('/api/v1/user/reset', { email: s.user.email })).status).toBe(200);
    const token = resetTokenFrom(await lastMail(ctx, s.user.email));
    expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'reset-pass-123' })).status).toBe(200);
    await expectRevoked(s.actingSid, 'reset: first session');
    await expectRevoked(s.otherSid, 'reset: second session');
  });

  test('role change (either way): every session of the target ends; a new login carries the new role', async () => {
    const s = await twoSessions();
    const up = await sadmin.put(`/api/v1/user/${s.user._id}/update-role`, { role: 'ADMIN' });
    expect(up.status).toBe(200);
    await expectRevoked(s.actingSid, 'promotion: first session');
    await expectRevoked(s.otherSid, 'promotion: second session');
    const admin = await loginClient(ctx, s.user.email, s.password);
    expect((await admin.get('/api/v1/user/all')).status).toBe(200);
    const adminSid = admin.cookies.get('sid')!;
    expect((await sadmin.put(`/api/v1/user/${s.user._id}/update-role`, { role: 'USER' })).status).toBe(200);
    await expectRevoked(adminSid, 'demotion');
    expect((await (await loginClient(ctx, s.user.email, s.password)).get('/api/v1/user/all')).status).toBe(403);
  });

  test('account deletion: every session ends and the account can no longer log in', async () => {
    const s = await twoSessions();
    expect((await sadmin.del(`/api/v1/user/${s.user._id}/delete-user`)).status).toBe(200);
    await expectRevoked(s.actingSid, 'deletion: first session');
    await expectRevoked(s.otherSid, 'deletion: second session');
    expect((await ctx.client().post('/api/v1/user/login', { email: s.user.email, password: s.password })).status).toBe(401);
  });

  test('the revocations touched nobody else: a bystander stays logged in throughout', async () => {
    const bystander = await signUp(ctx);
    const sid = bystander.client.cookies.get('sid')!;
    const s = await twoSessions();
    await s.acting.post('/api/v1/user/change-password', { oldPassword: s.password, newPassword: 'brand-new-pass-1' });
    await sadmin.put(`/api/v1/user/${s.user._id}/update-role`, { role: 'ADMIN' });
    await sadmin.del(`/api/v1/user/${s.user._id}/delete-user`);
    await expectAlive(sid, 'bystander');
  });
});

describe('expiry on the injectable clock', () => {
  test('idle: 23 h 59 min idle is fine and activity restarts the 24 h; 24 h without a request ends it', async () => {
    const { client } = await signUp(ctx);
    const sid = client.cookies.get('sid')!;
    ctx.clock.advance(23 * HOUR + 59 * MINUTE);
    await expectAlive(sid, 'after 23 h 59 min');
    ctx.clock.advance(23 * HOUR + 59 * MINUTE); // 47 h 58 min after login, but only 23 h 59 min idle
    await expectAlive(sid, 'after a second 23 h 59 min');
    ctx.clock.advance(DAY);
    await expectRevoked(sid, 'after 24 h idle');
    ctx.clock.advance(-DAY); // turning the clock back does not revive it
    expect((await sessionClient(ctx, sid).get('/api/v1/user/me')).status).toBe(401);
    ctx.clock.advance(DAY);
  });

  test('absolute: used every 12 h, the session still ends 7 days after login; a new login starts again', async () => {
    const { client, user, password } = await signUp(ctx);
    const sid = client.cookies.get('sid')!;
    for (let h = 12; h < 7 * 24; h += 12) {
      ctx.clock.advance(12 * HOUR);
      await expectAlive(sid, `${h} h after login`);
    }
    ctx.clock.advance(12 * HOUR); // exactly 7 days
    await expectRevoked(sid, '7 days after login');
    await expectAlive((await loginClient(ctx, user.email, password)).cookies.get('sid')!, 'a fresh login');
  });
});

describe('change-password is a password guess: it shares the login throttle', () => {
  test('10 wrong old passwords → 400 each; the 11th guess (even the right one) → 429, login too; 15 min later both work', async () => {
    const { client, user, password } = await signUp(ctx);
    const hash = async () => (await ctx.db.execute<{ h: string }>(sql`select password_hash as h from users where id = ${user._id}`)).rows[0].h;
    const before = await hash();
    for (let i = 0; i < 10; i++) {
      const res = await client.post('/api/v1/user/change-password', { oldPassword: `wrong-guess-${i}`, newPassword: 'attacker-pass-1' });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Old password is incorrect' });
    }
    const right = await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'attacker-pass-1' });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ success: false, message: 'Too many attempts. Please try again later.' });
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password })).status).toBe(429);
    expect(await hash()).toBe(before);
    ctx.clock.advance(15 * MINUTE + 1000);
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
    // The session survived the refusals (they are not a logout) and a right old password works again.
    const ok = await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'owner-new-pass-1' });
    expect(ok.status, ok.text).toBe(200);
  });

  test('a successful change does not count as a failure', async () => {
    const { client, user, password } = await signUp(ctx);
    let current = password;
    for (let i = 0; i < 12; i++) {
      const next = `rotated-pass-${i}`;
      expect((await client.post('/api/v1/user/change-password', { oldPassword: current, newPassword: next })).status).toBe(200);
      current = next;
    }
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password: current })).status).toBe(200);
  });
});

test('the ledger is clean, and no response of this file carried a password hash or a token hash', async () => {
  await expectLedgerClean(ctx);
  await assertNoSecretsLeaked(ctx);
});
