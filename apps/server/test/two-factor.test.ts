// Two-factor sign-in over HTTP (docs/product.md#security-rules), with codes computed here from the secret on the app's injected clock:
// the whole cycle (setup, enable, login needs the code, wrong and replayed codes refused, ±1 period of drift, a
// recovery code once, disable), two logins racing with one code, money out needing a code, ADMIN_2FA=required,
// sessions ending, the sign-in history and the security e-mails.
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECURITY_MSG } from '@app/contract';
import { resetTokenFrom } from './leak-scan.js';
import { lastMail, mailsTo, signUp, signUpAs, startTestApp, waitForEmailQueueIdle, waitForMails, type Client, type TestContext } from './helpers.js';
import { balance, fund } from './money-helpers.js';
import { PERIOD_MS, totpHelpers } from './totp.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const { codeAt, nextPeriod, enable2fa } = totpHelpers(() => ctx);

const sessionCount = async (userId: string) =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${userId}`)).rows[0].n;

async function waitForMail(to: string, subject: string, n = 1) {
  expect(await waitForMails(ctx, to, subject, n), subject).toHaveLength(n);
}

describe('the TOTP cycle over HTTP', () => {
  test('setup, enable, login needs the code, wrong and replayed codes refused, ±30 s drift, recovery code once, disable', async () => {
    const { client, user, password } = await signUp(ctx);
    const login = (c: Client) => c.post('/api/v1/user/login', { email: user.email, password });

    // Setup (in sudo mode): a base32 secret and its otpauth:// URL; nothing is on until a code proves the app has it.
    expect((await client.post('/api/v1/user/reauth', { password })).status).toBe(200);
    const setup = await client.post('/api/v1/user/2fa/setup');
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*secret=[A-Z2-7]+/);
    expect(setup.body.otpauthUrl).toContain('period=30');
    const secret: string = setup.body.secret;
    expect((await client.get('/api/v1/user/me')).body.user.twoFactor).toBe(false);
    expect((await client.post('/api/v1/user/2fa/enable', { code: '000000' === codeAt(secret) ? '111111' : '000000' })).body.message).toBe(SECURITY_MSG.codeInvalid);

    nextPeriod();
    const enabled = await client.post('/api/v1/user/2fa/enable', { code: codeAt(secret) });
    expect(enabled.status).toBe(200);
    const recoveryCodes: string[] = enabled.body.recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c.replace(/-/g, '').length).toBeGreaterThanOrEqual(10);
    // Stored hashed: no code is in the database as it was shown.
    const stored = (await ctx.db.execute<{ code_hash: string }>(sql`select code_hash from recovery_codes where user_id = ${user._id}`)).rows;
    expect(stored).toHaveLength(10);
    for (const r of stored) expect(recoveryCodes.some((c) => r.code_hash.includes(c.replace(/-/g, '')))).toBe(false);
    expect((await client.get('/api/v1/user/me')).body.user.twoFactor).toBe(true);

    // The right password alone starts no session.
    const other = ctx.client();
    const step1 = await login(other);
    expect(step1.status).toBe(200);
    expect(step1.body).toMatchObject({ success: true, twoFactorRequired: true });
    expect(step1.body.user).toBeUndefined();
    expect([...other.cookies.keys()].some((k) => k.endsWith('sid'))).toBe(false);
    expect((await other.get('/api/v1/user/me')).status).toBe(401);

    // A wrong code, and the code already used to enable (same period: a replay), are refused.
    const wrong = await other.post('/api/v1/user/login/2fa', { code: codeAt(secret, 5 * PERIOD_MS) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(SECURITY_MSG.codeInvalid);
    const replay = await other.post('/api/v1/user/login/2fa', { code: codeAt(secret) });
    expect(replay.status).toBe(401);
    expect((await other.get('/api/v1/user/me')).status).toBe(401);

    // Drift: the next period's code (the phone is 30 s ahead) is accepted…
    const ahead = await other.post('/api/v1/user/login/2fa', { code: codeAt(secret, PERIOD_MS) });
    expect(ahead.status, ahead.text).toBe(200);
    expect(ahead.body.user.twoFactor).toBe(true);
    expect((await other.get('/api/v1/user/me')).status).toBe(200);
    // …and once used, it cannot sign in again (a replay within its periods).
    const third = ctx.client();
    await login(third);
    expect((await third.post('/api/v1/user/login/2fa', { code: codeAt(secret, PERIOD_MS) })).status).toBe(401);

    // The phone 30 s behind: the previous period's code, three periods later, is accepted; two periods off is not.
    ctx.clock.advance(3 * PERIOD_MS);
    expect((await third.post('/api/v1/user/login/2fa', { code: codeAt(secret, -2 * PERIOD_MS) })).status).toBe(401);
    expect((await third.post('/api/v1/user/login/2fa', { code: codeAt(secret, 2 * PERIOD_MS) })).status).toBe(401);
    const behind = await third.post('/api/v1/user/login/2fa', { code: codeAt(secret, -PERIOD_MS) });
    expect(behind.status, behind.text).toBe(200);

    // The sign-in in progress lasts 5 minutes.
    const late = ctx.client();
    await login(late);
    ctx.clock.advance(5 * 60_000 + 1_000);
    const tooLate = await late.post('/api/v1/user/login/2fa', { code: codeAt(secret) });
    expect(tooLate.status).toBe(401);
    expect(tooLate.body.message).toBe(SECURITY_MSG.challengeExpired);

    // A recovery code works once.
    const rec = ctx.client();
    await login(rec);
    expect((await rec.post('/api/v1/user/login/2fa', { recoveryCode: recoveryCodes[0].toUpperCase() })).status).toBe(200);
    const again = ctx.client();
    await login(again);
    const reused = await again.post('/api/v1/user/login/2fa', { recoveryCode: recoveryCodes[0] });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(SECURITY_MSG.recoveryInvalid);
    expect((await again.post('/api/v1/user/login/2fa', { recoveryCode: recoveryCodes[1] })).status).toBe(200);

    // Disable needs a code (a wrong one changes nothing) and, the session's sudo mode having run out, the password;
    // then the password alone signs in again.
    nextPeriod();
    expect((await client.post('/api/v1/user/2fa/disable', {})).body.message).toBe(SECURITY_MSG.codeRequired);
    expect((await client.post('/api/v1/user/2fa/disable', { code: codeAt(secret, 4 * PERIOD_MS), password })).status).toBe(400);
    expect((await client.get('/api/v1/user/me')).body.user.twoFactor).toBe(true);
    expect((await client.post('/api/v1/user/2fa/disable', { code: codeAt(secret) })).body.reauthRequired).toBe(true);
    const off = await client.post('/api/v1/user/2fa/disable', { code: codeAt(secret), password });
    expect(off.status, off.text).toBe(200);
    expect((await client.get('/api/v1/user/me')).body.user.twoFactor).toBe(false);
    const plain = await login(ctx.client());
    expect(plain.status).toBe(200);
    expect(plain.body.user.email).toBe(user.email);
    expect(plain.body.twoFactorRequired).toBeUndefined();
  });

  test('wrong codes are throttled like passwords: the 11th failure from one address answers 429, even with the right code', async () => {
    const { client, user, password } = await signUp(ctx);
    const { secret } = await enable2fa(client);
    const c = ctx.client();
    await c.post('/api/v1/user/login', { email: user.email, password });
    nextPeriod();
    const wrongCode = codeAt(secret, 10 * PERIOD_MS);
    for (let i = 0; i < 10; i++) expect((await c.post('/api/v1/user/login/2fa', { code: wrongCode })).status).toBe(401);
    expect((await c.post('/api/v1/user/login/2fa', { code: codeAt(secret) })).status).toBe(429);
    expect(await sessionCount(user._id)).toBe(1); // the sign-up's own
  });

  test('a disabled 2FA can be turned off with a recovery code; enabling twice is refused', async () => {
    const { client } = await signUp(ctx);
    const { recoveryCodes } = await enable2fa(client);
    expect((await client.post('/api/v1/user/2fa/setup')).status).toBe(409);
    expect((await client.post('/api/v1/user/2fa/disable', { recoveryCode: recoveryCodes[3] })).status).toBe(200);
    expect((await client.get('/api/v1/user/me')).body.user.twoFactor).toBe(false);
  });
});

describe('two logins racing with the same valid code', () => {
  test('one session at most, whether the racers share the sign-in in progress or each has their own', async () => {
    const { client, user, password } = await signUp(ctx);
    const { secret } = await enable2fa(client);
    for (let round = 0; round < 4; round++) {
      nextPeriod();
      const before = await sessionCount(user._id);
      const a = ctx.client();
      const b = ctx.client();
      await a.post('/api/v1/user/login', { email: user.email, password });
      await b.post('/api/v1/user/login', { email: user.email, password });
      // `a` twice (one sign-in in progress) and `b` (another), all with one code at once.
      const code = codeAt(secret);
      const twin = ctx.client();
      twin.cookies = new Map(a.cookies);
      const results = await Promise.all([a, twin, b].map((c) => c.post('/api/v1/user/login/2fa', { code })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses, JSON.stringify(results.map((r) => r.body))).toEqual([200, 401, 401]);
      expect(await sessionCount(user._id)).toBe(before + 1);
    }
  });
});

describe('money out with two-factor sign-in on', () => {
  test('withdrawal and transfer without a code are refused and nothing moves; with a code they go through', async () => {
    const { client, user } = await signUp(ctx);
    const { user: friend } = await signUp(ctx);
    await fund(ctx, user._id, 10_000);
    const { secret } = await enable2fa(client);
    const withdrawal = { amount: 10, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' };
    const transfer = { recipientEmail: friend.email, points: 5 };

    const noCodeW = await client.post('/api/v1/withdraw', withdrawal);
    expect(noCodeW.status).toBe(400);
    expect(noCodeW.body.message).toBe('Enter the code from your authenticator app');
    const noCodeT = await client.post('/api/v1/point/transfer', transfer);
    expect(noCodeT.status).toBe(400);
    expect(noCodeT.body.message).toBe('Enter the code from your authenticator app');
    // The enabling code again (a replay) is refused too.
    expect((await client.post('/api/v1/withdraw', { ...withdrawal, code: codeAt(secret) })).status).toBe(400);
    expect(await balance(ctx, user._id)).toBe(10_000);
    expect(await balance(ctx, friend._id)).toBe(0);
    const count = async (table: 'withdrawals') => (await ctx.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n;
    expect(await count('withdrawals')).toBe(0);

    nextPeriod();
    const w = await client.post('/api/v1/withdraw', { ...withdrawal, code: codeAt(secret) });
    expect(w.status, w.text).toBe(201);
    nextPeriod();
    const t = await client.post('/api/v1/point/transfer', { ...transfer, code: codeAt(secret) });
    expect(t.status, t.text).toBe(200);
    expect(await balance(ctx, user._id)).toBe(10_000 - 1_000 - 500);
    expect(await balance(ctx, friend._id)).toBe(500);

    // A retry of an Idempotency-Key already answered repeats the answer without a new code, and moves nothing.
    nextPeriod();
    const headers = { 'idempotency-key': 'retry-2fa-1' };
    const spent = codeAt(secret);
    expect((await client.post('/api/v1/point/transfer', { ...transfer, code: spent }, { headers })).status).toBe(200);
    expect((await client.post('/api/v1/point/transfer', { ...transfer, code: spent }, { headers })).status).toBe(200);
    expect(await balance(ctx, friend._id)).toBe(1_000);
    // …but not a key within an hour of being pruned (24 h): housekeeping could delete it before the operation runs.
    ctx.clock.advance(23.5 * 60 * 60 * 1000);
    expect((await client.post('/api/v1/point/transfer', { ...transfer, code: spent }, { headers })).status).toBe(400);
    expect(await balance(ctx, friend._id)).toBe(1_000);
    // Changing the password needs a code too.
    const pw = await client.post('/api/v1/user/change-password', { oldPassword: 'correct-horse-9', newPassword: 'new-horse-battery-1' });
    expect(pw.status).toBe(400);
    expect(pw.body.message).toBe(SECURITY_MSG.codeRequired);
    nextPeriod();
    expect((await client.post('/api/v1/user/change-password', { oldPassword: 'correct-horse-9', newPassword: 'new-horse-battery-1', code: codeAt(secret) })).status).toBe(200);
    await waitForMail(user.email, 'Your password was changed');
  });

  test('without 2FA no code is asked for', async () => {
    const { client, user } = await signUp(ctx);
    await fund(ctx, user._id, 1_000);
    expect((await client.post('/api/v1/withdraw', { amount: 1, paymentId: 'TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x' })).status).toBe(201);
  });
});

describe('ADMIN_2FA=required', () => {
  let strict: TestContext;
  beforeAll(async () => {
    strict = await startTestApp({ ADMIN_2FA: 'required' });
  });
  afterAll(() => strict.close());

  test('an admin without 2FA gets 403 on every admin route until it is set up', async () => {
    const plain = (await signUp(strict)).client;
    const admins = { ADMIN: await signUpAs(strict, 'ADMIN'), SADMIN: await signUpAs(strict, 'SADMIN') };
    const routes = strict.app.routeTable.filter((r) => r.url.startsWith('/api/v1/'));
    const call = (c: Client, r: { method: string; url: string }) =>
      c.request(r.method, r.url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000'), ['GET', 'HEAD'].includes(r.method) ? undefined : {});
    // Admin routes: those that refuse a plain USER for their role (not the subscriber-only videos, not someone else's profile).
    const adminRoutes: typeof routes = [];
    for (const r of routes) {
      // Not logging out, nor opening the notification stream (a user's answer is a stream that stays open).
      if (r.url.includes('/logout') || r.url.endsWith('/notifications/stream')) continue;
      const res = await call(plain, r);
      if (res.status === 403 && res.body.message === 'You do not have permission to do this') adminRoutes.push(r);
    }
    expect(adminRoutes.length).toBeGreaterThan(15);
    for (const role of ['ADMIN', 'SADMIN'] as const) {
      const c = admins[role].client;
      for (const r of adminRoutes) {
        const res = await call(c, r);
        if (role === 'ADMIN' && res.status === 403 && res.body.message === 'You do not have permission to do this') continue; // SADMIN only
        expect([r, res.status, res.body.message]).toEqual([r, 403, SECURITY_MSG.adminNeeds2fa]);
      }
      // Their own pages still work, so they can set it up.
      expect((await c.get('/api/v1/user/me')).status).toBe(200);
      expect((await c.post('/api/v1/user/reauth', { password: 'correct-horse-9' })).status).toBe(200);
      const setup = await c.post('/api/v1/user/2fa/setup');
      const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate({ timestamp: strict.clock.now().getTime() });
      expect((await c.post('/api/v1/user/2fa/enable', { code })).status).toBe(200);
      for (const r of adminRoutes) {
        const res = await call(c, r);
        expect(res.body.message, `${r.method} ${r.url}`).not.toBe(SECURITY_MSG.adminNeeds2fa);
      }
      expect((await c.get('/api/v1/admin/dashboard')).status).toBe(200);
    }
  });

  test('an admin without 2FA has no video privilege either: no subscription, no videos, until 2FA is on', async () => {
    const { client, password } = await signUpAs(strict, 'ADMIN');
    for (const path of ['/api/v1/video', '/api/v1/video/00000000-0000-4000-8000-000000000000']) {
      const res = await client.get(path);
      expect([path, res.status, res.body.message]).toEqual([path, 403, SECURITY_MSG.adminNeeds2fa]);
    }
    expect((await client.post('/api/v1/user/reauth', { password })).status).toBe(200);
    const setup = await client.post('/api/v1/user/2fa/setup');
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate({ timestamp: strict.clock.now().getTime() });
    expect((await client.post('/api/v1/user/2fa/enable', { code })).status).toBe(200);
    expect((await client.get('/api/v1/video')).status).toBe(200);
  });

  test('optional (the default): admins without 2FA work as before', async () => {
    const { client } = await signUpAs(ctx, 'ADMIN');
    expect((await client.get('/api/v1/admin/dashboard')).status).toBe(200);
  });
});

describe('sessions and sign-in history', () => {
  test('a user sees two sessions, ends the other, and that browser is logged out at its next request', async () => {
    const { client: mine, user, password } = await signUp(ctx, { password: 'correct-horse-9' });
    const theirs = ctx.client();
    expect((await theirs.post('/api/v1/user/login', { email: user.email, password }, { headers: { 'user-agent': 'OtherBrowser/1.0' } })).status).toBe(200);
    const list = await mine.get('/api/v1/user/sessions');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toMatch(/[0-9a-f]{64}/); // no token hash
    const other = list.body.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.userAgent).toBe('OtherBrowser/1.0');
    expect(other.ip).toBe('127.0.0.1');

    // Someone else's session id is not found (and not ended).
    const stranger = (await signUp(ctx)).client;
    expect((await stranger.del(`/api/v1/user/sessions/${other._id}`)).status).toBe(404);
    expect((await theirs.get('/api/v1/user/me')).status).toBe(200);

    expect((await mine.del(`/api/v1/user/sessions/${other._id}`)).status).toBe(200);
    expect((await theirs.get('/api/v1/user/me')).status).toBe(401);
    expect((await mine.get('/api/v1/user/me')).status).toBe(200);
    expect((await mine.get('/api/v1/user/sessions')).body.sessions).toHaveLength(1);

    // End all others: two more browsers, both logged out; this one stays.
    const b = ctx.client();
    const c = ctx.client();
    for (const x of [b, c]) await x.post('/api/v1/user/login', { email: user.email, password });
    expect((await mine.del('/api/v1/user/sessions')).status).toBe(200);
    expect((await b.get('/api/v1/user/me')).status).toBe(401);
    expect((await c.get('/api/v1/user/me')).status).toBe(401);
    expect((await mine.get('/api/v1/user/sessions')).body.sessions).toHaveLength(1);
  });

  test('the last 50 sign-in attempts, newest first, failures included', async () => {
    const { client, user, password } = await signUp(ctx);
    const other = ctx.client();
    await other.post('/api/v1/user/login', { email: user.email, password: 'wrong-password-1' }, { headers: { 'user-agent': 'Guesser/2' } });
    await other.post('/api/v1/user/login', { email: user.email, password });
    const h = await client.get('/api/v1/user/login-history');
    expect(h.status).toBe(200);
    expect(h.body.entries.slice(0, 3).map((e: { success: boolean }) => e.success)).toEqual([true, false, true]);
    expect(h.body.entries[1]).toMatchObject({ ip: '127.0.0.1', userAgent: 'Guesser/2', success: false });
    for (let i = 0; i < 55; i++) await ctx.db.execute(sql`insert into sign_in_attempts (user_id, created_at, ip, user_agent, success) values (${user._id}, now(), '10.0.0.1', 'x', true)`);
    expect((await client.get('/api/v1/user/login-history')).body.entries).toHaveLength(50);
  });
});

describe('security e-mails', () => {
  test('2FA on and off, a sign-in from a browser the account has not used before, a password reset', async () => {
    const { client, user, password } = await signUp(ctx);
    const { secret } = await enable2fa(client);
    await waitForMail(user.email, 'Two-factor sign-in turned on');
    nextPeriod();
    await client.post('/api/v1/user/2fa/disable', { code: codeAt(secret) });
    await waitForMail(user.email, 'Two-factor sign-in turned off');
    // The sign-up browser is known: signing in there again sends no notice; a new browser does.
    const notice = 'New sign-in to your account';
    await client.post('/api/v1/user/login', { email: user.email, password });
    await waitForEmailQueueIdle(ctx); // a notice would have been queued with the sign-in, and sent by now
    expect(await mailsTo(ctx, user.email, notice)).toHaveLength(0);
    await ctx.client().post('/api/v1/user/login', { email: user.email, password });
    await waitForMail(user.email, notice);
    // A password set with a reset link is a password change too.
    await ctx.client().post('/api/v1/user/reset', { email: user.email });
    const token = resetTokenFrom(await lastMail(ctx, user.email));
    expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'reset-horse-77' })).status).toBe(200);
    await waitForMail(user.email, 'Your password was reset');
  });
});
