// The transfer reads its session in its own statement (decision 030, http/deferred-session.ts): every rule of the
// ordinary session lookup (plugins/session.ts) must hold there too. Logged out, closed account, idle 24 h, past the
// absolute 7 days: 401 and nothing moves; an unknown cookie is 401 even with a body that would be refused; a valid
// session is touched once a minute as everywhere; refusals and validation errors come in the user's saved language,
// word for word as the ordinary path (a request with an Idempotency-Key) answers them.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sessionClient, signUp, signUpAs, startTestApp, type Client, type TestContext } from './helpers.js';
import { sha256Hex } from './leak-scan.js';
import { balance, fund, moneySnapshot } from './money-helpers.js';
import { totpHelpers } from './totp.js';

let ctx: TestContext;
let sadmin: Client;
beforeAll(async () => {
  ctx = await startTestApp();
  sadmin = (await signUpAs(ctx, 'SADMIN')).client;
});
afterAll(() => ctx?.close());

const T = '/api/v1/point/transfer';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LOGGED_OUT = { success: false, message: 'Please log in to continue' };
const { codeAt, enable2fa, nextPeriod } = totpHelpers(() => ctx);

async function lastSeen(sid: string): Promise<number | null> {
  const { rows } = await ctx.db.execute<{ t: string }>(sql`select last_seen_at::text as t from sessions where token_hash = ${sha256Hex(sid)}`);
  return rows[0] ? new Date(rows[0].t).getTime() : null;
}

/** The texts of the statements sent to PostgreSQL while `run` runs (the app runs in this process, on this pg). */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const texts: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    texts.push(typeof q === 'string' ? q : String((q as { text?: string } | null)?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    return { result: await run(), texts };
  } finally {
    proto.query = original;
  }
}

async function funded() {
  const a = await signUp(ctx);
  const b = await signUp(ctx);
  await fund(ctx, a.user._id, 100_000);
  return { a, b, sid: a.client.cookies.get('sid')! };
}

/** The cookie is refused by the transfer: 401, the logged-out message, and no money moved. */
async function expectRefused(sid: string, to: string, label: string) {
  const before = await moneySnapshot(ctx);
  const res = await sessionClient(ctx, sid).post(T, { recipientEmail: to, points: 1 });
  expect(res.status, label).toBe(401);
  expect(res.body, label).toEqual(LOGGED_OUT);
  expect(await moneySnapshot(ctx), label).toBe(before);
}

describe('the transfer reads its session in its own statement', () => {
  test('a valid session sends, and is touched when last seen over a minute ago, not more often', async () => {
    const { a, b, sid } = await funded();
    expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1 })).status).toBe(200);
    expect(await balance(ctx, b.user._id)).toBe(100);
    const seen = await lastSeen(sid);
    ctx.clock.advance(30_000);
    expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1 })).status).toBe(200);
    expect(await lastSeen(sid)).toBe(seen);
    ctx.clock.advance(MINUTE);
    // The touch is in the transfer's own statement: the request sends no statement of its own for it (a second
    // round trip waited for the pool again, and was the transfer's slowest percent under load).
    const sent = await statementsDuring(() => a.client.post(T, { recipientEmail: b.user.email, points: 1 }));
    expect(sent.result.status).toBe(200);
    const onSessions = sent.texts.filter((t) => /\bsessions\b/.test(t));
    expect(onSessions).toEqual([expect.stringMatching(/^\s*with s as materialized/)]);
    expect(onSessions[0]).toMatch(/update "sessions" set last_seen_at/);
    const touched = await lastSeen(sid);
    // Seen at this request's time (the clock runs on in real time too).
    expect(touched).toBeGreaterThan(seen! + 90_000);
    expect(touched).toBeLessThanOrEqual(ctx.clock.now().getTime());
    expect(await balance(ctx, b.user._id)).toBe(300);
  });

  test('logged out, closed account, idle 24 h, 7 days old: 401, nothing moves, and an expired row is deleted', async () => {
    const out = await funded();
    expect((await out.a.client.post('/api/v1/user/logout')).status).toBe(200);
    await expectRefused(out.sid, out.b.user.email, 'logged out');

    const closed = await funded();
    expect((await sadmin.del(`/api/v1/user/${closed.a.user._id}/delete-user`)).status).toBe(200);
    await expectRefused(closed.sid, closed.b.user.email, 'closed account');

    const idle = await funded();
    ctx.clock.advance(DAY);
    await expectRefused(idle.sid, idle.b.user.email, 'idle 24 h');
    expect(await lastSeen(idle.sid)).toBeNull();

    const old = await funded();
    for (let h = 12; h < 7 * 24; h += 12) {
      ctx.clock.advance(12 * HOUR);
      expect((await old.a.client.post(T, { recipientEmail: old.b.user.email, points: 1 })).status, `${h} h`).toBe(200);
    }
    ctx.clock.advance(12 * HOUR);
    await expectRefused(old.sid, old.b.user.email, '7 days after login');
    expect(await lastSeen(old.sid)).toBeNull();
  });

  test('an unknown cookie is answered 401 even with a body that would be refused; a valid one gets the refusal', async () => {
    const stranger = sessionClient(ctx, 'not-a-session-token');
    for (const body of [{}, { recipientEmail: 'x@example.com', points: -1 }]) {
      const res = await stranger.post(T, body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(LOGGED_OUT);
    }
    const { a } = await funded();
    expect((await a.client.post(T, { recipientEmail: 'x@example.com', points: -1 })).status).toBe(400);
  });

  test('refusals and validation errors in the saved language, word for word as the ordinary path answers them', async () => {
    const { a, b } = await funded();
    expect((await a.client.put('/api/v1/user/language', { language: 'ar' })).status).toBe(200);
    const cases = [
      { recipientEmail: 'nobody-here@example.com', points: 1 }, // 404
      { recipientEmail: a.user.email, points: 1 }, // to oneself: 400
      { recipientEmail: b.user.email, points: 5_000 }, // funds short (1,000.00 held): 400
      { recipientEmail: b.user.email }, // does not validate: 400
    ];
    const before = await moneySnapshot(ctx);
    for (const [i, body] of cases.entries()) {
      const deferred = await a.client.post(T, body);
      const ordinary = await a.client.post(T, body, { headers: { 'idempotency-key': `language-${i}` } });
      expect(deferred.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect({ status: deferred.status, body: deferred.body }, JSON.stringify(body)).toEqual({ status: ordinary.status, body: ordinary.body });
      // Arabic, not the English text.
      expect(deferred.body.message, JSON.stringify(body)).toMatch(/[\u0600-\u06ff]/);
    }
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  test('a blank Idempotency-Key is refused as on the ordinary path (400), and nothing moves', async () => {
    const { a, b } = await funded();
    const before = await moneySnapshot(ctx);
    const res = await a.client.post(T, { recipientEmail: b.user.email, points: 1 }, { headers: { 'idempotency-key': '  ' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Idempotency-Key must be 1-200 characters');
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  test('two-factor on: without a code the code is asked for and nothing moves; with one it sends', async () => {
    const { a, b } = await funded();
    const { secret } = await enable2fa(a.client);
    const before = await moneySnapshot(ctx);
    const noCode = await a.client.post(T, { recipientEmail: b.user.email, points: 1 });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toMatch(/code/i);
    expect(await moneySnapshot(ctx)).toBe(before);
    nextPeriod();
    expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1, code: codeAt(secret) })).status).toBe(200);
    expect(await balance(ctx, b.user._id)).toBe(100);
  });
});
