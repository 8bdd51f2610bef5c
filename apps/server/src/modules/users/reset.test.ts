// Password reset end to end (docs/product.md#security-rules): e-mailed link, single use, 30 minutes, stored hashed, all sessions end.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { lastMail, signUp, startTestApp, type TestContext } from '../../../test/helpers.js';
import { assertNoSecretsLeaked, resetTokenFrom, sha256Hex } from '../../../test/leak-scan.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const SENT = { success: true, message: 'If an account exists for this e-mail, a reset link has been sent to it.' };
const INVALID = { success: false, message: 'This reset link is invalid or has expired.' };
const MINUTE = 60_000;

async function passwordHash(id: string): Promise<string> {
  const r = await ctx.db.execute<{ h: string }>(sql`select password_hash as h from users where id = ${id}`);
  return r.rows[0].h;
}

/** Asks for a reset and returns the token of the link e-mailed for it (a new mail, not an earlier one). */
async function requestToken(email: string, previousMail?: string): Promise<{ token: string; mail: string }> {
  const res = await ctx.client().post('/api/v1/user/reset', { email });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(SENT);
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = await lastMail(ctx, email);
    if (mail !== previousMail) return { token: resetTokenFrom(mail), mail };
    if (Date.now() > deadline) throw new Error('no new reset mail');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const login = (email: string, password: string) => ctx.client().post('/api/v1/user/login', { email, password });

test('reset end to end: the link works once, the old password stops working, every session ends', async () => {
  const { client: first, user, password } = await signUp(ctx);
  const second = ctx.client();
  expect((await second.post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
  expect((await first.get('/api/v1/user/me')).status).toBe(200);
  expect((await second.get('/api/v1/user/me')).status).toBe(200);

  // Asked with a differently written e-mail: the link still goes to the account's address.
  const res = await ctx.client().post('/api/v1/user/reset', { email: `  ${user.email.toUpperCase()} ` });
  expect(res.status).toBe(200);
  expect(res.body).toEqual(SENT);
  const mail = await lastMail(ctx, user.email);
  expect(mail).toContain('Subject: Reset your password');
  expect(mail).toContain('http://localhost:3000/user/profile/reset-password/');
  const token = resetTokenFrom(mail);
  expect(Buffer.from(token, 'base64url').length).toBe(32);

  // Stored only as its hash.
  const stored = await ctx.db.execute<{ token_hash: string }>(sql`select token_hash from password_resets where user_id = ${user._id}`);
  expect(stored.rows.map((r) => r.token_hash)).toEqual([sha256Hex(token)]);

  const reset = await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'a-new-password-7' });
  expect(reset.status).toBe(200);
  expect(reset.body).toEqual({ success: true, message: 'Password reset successfully. Please log in.' });

  // All sessions ended.
  expect((await first.get('/api/v1/user/me')).status).toBe(401);
  expect((await second.get('/api/v1/user/me')).status).toBe(401);
  const left = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${user._id}`);
  expect(left.rows[0].n).toBe(0);

  expect((await login(user.email, password)).status).toBe(401);
  expect((await login(user.email, 'a-new-password-7')).status).toBe(200);

  // Second use: refused, and the password stays the one just set.
  const hashAfter = await passwordHash(user._id);
  const again = await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'a-third-password-7' });
  expect(again.status).toBe(400);
  expect(again.body).toEqual(INVALID);
  expect(await passwordHash(user._id)).toBe(hashAfter);
  expect((await login(user.email, 'a-third-password-7')).status).toBe(401);
  expect((await login(user.email, 'a-new-password-7')).status).toBe(200);
});

test('a link expires after 30 minutes (31 min → 400, nothing changes); at 29 minutes it still works', async () => {
  const { user, password } = await signUp(ctx);
  const { token, mail } = await requestToken(user.email);
  const before = await passwordHash(user._id);
  ctx.clock.advance(31 * MINUTE);
  const res = await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'a-new-password-7' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual(INVALID);
  expect(await passwordHash(user._id)).toBe(before);
  expect((await login(user.email, password)).status).toBe(200);

  const fresh = await requestToken(user.email, mail);
  ctx.clock.advance(29 * MINUTE);
  const ok = await ctx.client().post(`/api/v1/user/reset/${fresh.token}`, { password: 'a-new-password-7' });
  expect(ok.status).toBe(200);
  expect((await login(user.email, 'a-new-password-7')).status).toBe(200);
});

test('using one link voids the other links sent before it', async () => {
  const { user } = await signUp(ctx);
  const a = await requestToken(user.email);
  const b = await requestToken(user.email, a.mail);
  expect(a.token).not.toBe(b.token);
  expect((await ctx.client().post(`/api/v1/user/reset/${b.token}`, { password: 'a-new-password-7' })).status).toBe(200);
  const hash = await passwordHash(user._id);
  const old = await ctx.client().post(`/api/v1/user/reset/${a.token}`, { password: 'a-third-password-7' });
  expect(old.status).toBe(400);
  expect(old.body).toEqual(INVALID);
  expect(await passwordHash(user._id)).toBe(hash);
});

test('an unknown, tampered or oversized token → 400 and no password changes', async () => {
  const { user } = await signUp(ctx);
  const { token } = await requestToken(user.email);
  const before = await passwordHash(user._id);
  const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
  for (const t of ['nope', tampered]) {
    const res = await ctx.client().post(`/api/v1/user/reset/${t}`, { password: 'a-new-password-7' });
    expect(res.status, t).toBe(400);
    expect(res.body).toEqual(INVALID);
  }
  // A path parameter over Fastify's 100 characters is refused before routing (414), still as JSON.
  const long = await ctx.client().post(`/api/v1/user/reset/${'x'.repeat(300)}`, { password: 'a-new-password-7' });
  expect(long.status).toBe(414);
  expect(long.body).toEqual({ success: false, message: expect.any(String) });
  expect(await passwordHash(user._id)).toBe(before);
  // The real link is untouched by those attempts.
  expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'a-new-password-7' })).status).toBe(200);
});

test('a too-short new password → 400 naming the rule; the link stays usable', async () => {
  const { user, password } = await signUp(ctx);
  const { token } = await requestToken(user.email);
  const res = await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'short' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ success: false, message: 'Password must be at least 8 characters' });
  expect((await login(user.email, password)).status).toBe(200);
  expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'long-enough-1' })).status).toBe(200);
});

test('no response of this file carried a password hash or a token hash', async () => {
  await assertNoSecretsLeaked(ctx);
});
