// Transfers and the balance (docs/product.md#validation, #api; docs/money.md): effect, every refusal, and Idempotency-Key.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MSG, POINTS_MSG } from '@app/contract';
import { signUp, startTestApp, type TestContext } from '../../../test/helpers.js';
import { balance, expectLedgerClean, fund, moneySnapshot } from '../../../test/money-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx.close();
});

const T = '/api/v1/point/transfer';

describe('GET /user/point', () => {
  test('answers {success, point} with the balance in points', async () => {
    const a = await signUp(ctx);
    await fund(ctx, a.user._id, 1234);
    const res = await a.client.get('/api/v1/user/point');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, point: 12.34 });
    expect(typeof res.body.message).toBe('string');
  });
  test('anonymous → 401', async () => {
    expect((await ctx.client().get('/api/v1/user/point')).status).toBe(401);
  });
});

describe('POST /point/transfer', () => {
  test('moves the points: sender −x, recipient +x; recipient e-mail any case; answers {success, message}', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await fund(ctx, a.user._id, 10_000);
    const res = await a.client.post(T, { recipientEmail: `  ${b.user.email.toUpperCase()} `, points: 12.5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: POINTS_MSG.transferred });
    expect(await balance(ctx, a.user._id)).toBe(8_750);
    expect(await balance(ctx, b.user._id)).toBe(1_250);
    // A decimal string works too, and the whole balance can be sent.
    const all = await a.client.post(T, { recipientEmail: b.user.email, points: '87.50' });
    expect(all.status).toBe(200);
    expect(await balance(ctx, a.user._id)).toBe(0);
    expect(await balance(ctx, b.user._id)).toBe(10_000);
    expect((await b.client.get('/api/v1/user/point')).body.point).toBe(100);
  });

  describe('refusals: 4xx with a message, nothing moved', () => {
    let a: Awaited<ReturnType<typeof signUp>>;
    let b: Awaited<ReturnType<typeof signUp>>;
    beforeAll(async () => {
      a = await signUp(ctx);
      b = await signUp(ctx);
      await fund(ctx, a.user._id, 5_000);
    });

    async function refused(body: unknown, status: number, message?: string) {
      const before = await moneySnapshot(ctx);
      const res = await a.client.post(T, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
      if (message) expect(res.body.message).toBe(message);
      expect(await moneySnapshot(ctx)).toBe(before);
    }

    test('to oneself → 400', () => refused({ recipientEmail: a.user.email.toUpperCase(), points: 1 }, 400, POINTS_MSG.selfTransfer));
    test('unknown recipient → 404', () => refused({ recipientEmail: 'nobody-here@example.com', points: 1 }, 404, POINTS_MSG.recipientNotFound));
    test('more than the balance → 400', () => refused({ recipientEmail: b.user.email, points: 50.01 }, 400, POINTS_MSG.insufficient));
    test('missing fields → "Please fill all the fields."', async () => {
      await refused({ recipientEmail: b.user.email }, 400, MSG.transferFillAll);
      await refused({ points: 1 }, 400, MSG.transferFillAll);
      await refused({ recipientEmail: '  ', points: 1 }, 400, MSG.transferFillAll);
      await refused({}, 400, MSG.transferFillAll);
    });
    for (const points of [0, -1, 0.001, 1e21, 'abc', null, '', '1e3', 1_000_000.01, true, [], {}, Number.NaN]) {
      test(`points ${JSON.stringify(points)} → 400`, () => refused({ recipientEmail: b.user.email, points }, 400));
    }
    test('a deleted recipient → 404', async () => {
      const c = await signUp(ctx);
      await ctx.db.execute((await import('drizzle-orm')).sql`update users set deleted_at = now() where id = ${c.user._id}`);
      await refused({ recipientEmail: c.user.email, points: 1 }, 404, POINTS_MSG.recipientNotFound);
    });
    test('not JSON → 415; no CSRF header → 403; anonymous → 401', async () => {
      const before = await moneySnapshot(ctx);
      expect((await a.client.post(T, undefined, { raw: 'recipientEmail=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415);
      expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1 }, { csrf: false })).status).toBe(403);
      expect((await ctx.client().post(T, { recipientEmail: b.user.email, points: 1 })).status).toBe(401);
      expect(await moneySnapshot(ctx)).toBe(before);
    });
  });
});

describe('the transfer statement is prepared by name (decision 008)', () => {
  /** The named statements on every connection the pool holds (each connection has its own). */
  async function preparedOnPool(): Promise<{ name: string; statement: string; generic_plans: number; custom_plans: number }[]> {
    const pool = ctx.db.$client;
    const clients = [];
    try {
      // Checking out as many as the pool holds hands out every idle connection, the ones that ran the transfers too.
      for (let i = 0; i < Math.max(1, pool.totalCount); i++) clients.push(await pool.connect());
      const all = await Promise.all(clients.map((c) => c.query('select name, statement, generic_plans, custom_plans from pg_prepared_statements')));
      return all.flatMap((r) => r.rows);
    } finally {
      for (const c of clients) c.release();
    }
  }

  test('each connection that runs it holds it under one name (parsed once, planned per its plan cache); with or without a key', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await fund(ctx, a.user._id, 10_000);
    for (let i = 0; i < 8; i++) expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1 })).status).toBe(200);
    expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1 }, { headers: { 'idempotency-key': 'prepared-1' } })).status).toBe(200);
    const transfers = (await preparedOnPool()).filter((p) => p.statement.includes('ledger_post(') && p.statement.includes('insert into notifications'));
    // Two texts: without a key the session is read by the transfer's own statement (decision 030), with one the
    // ordinary statement runs after the ordinary lookup. Each text has one name wherever it ran, and every one of
    // these nine ran as a named statement (an unnamed statement is never listed, so its runs would be missing from
    // the count). Which connection ran which, and so whether one reached PostgreSQL's generic plan (from its sixth
    // run), is the pool's business.
    const runs = (list: typeof transfers) => list.reduce((sum, p) => sum + Number(p.generic_plans) + Number(p.custom_plans), 0);
    const bySession = transfers.filter((p) => p.statement.includes('token_hash'));
    const ordinary = transfers.filter((p) => !p.statement.includes('token_hash'));
    expect(new Set(bySession.map((p) => p.name)).size).toBe(1);
    expect(new Set(ordinary.map((p) => p.name)).size).toBe(1);
    expect(runs(bySession)).toBeGreaterThanOrEqual(8);
    expect(runs(ordinary)).toBeGreaterThanOrEqual(1);
    expect(await balance(ctx, b.user._id)).toBe(900);
  });
});

describe('Idempotency-Key', () => {
  test('one key sent 50 times at once → one effect and identical answers; same key + other body → 422', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await fund(ctx, a.user._id, 10_000);
    await a.client.get('/api/v1/health');
    const headers = { 'idempotency-key': `k-${Date.now()}` };
    const body = { recipientEmail: b.user.email, points: 7 };
    const results = await Promise.all(Array.from({ length: 50 }, () => a.client.post(T, body, { headers })));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results[0].body).toEqual({ success: true, message: POINTS_MSG.transferred });
    expect(results.filter((r) => r.headers.get('idempotent-replay') === 'true').length).toBe(49);
    expect(await balance(ctx, a.user._id)).toBe(9_300);
    expect(await balance(ctx, b.user._id)).toBe(700);

    const before = await moneySnapshot(ctx);
    const other = await a.client.post(T, { recipientEmail: b.user.email, points: 8 }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.success).toBe(false);
    expect(other.body.message).toMatch(/Idempotency-Key/);
    expect(await moneySnapshot(ctx)).toBe(before);

    // A later retry with the same key and body replays the first answer and moves nothing.
    const again = await a.client.post(T, body, { headers });
    expect(again.status).toBe(200);
    expect(again.text).toBe(results[0].text);
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  test('keys belong to their user: another user may use the same key', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await fund(ctx, a.user._id, 100);
    await fund(ctx, b.user._id, 100);
    const headers = { 'idempotency-key': 'shared-key' };
    expect((await a.client.post(T, { recipientEmail: b.user.email, points: 1 }, { headers })).status).toBe(200);
    expect((await b.client.post(T, { recipientEmail: a.user.email, points: 1 }, { headers })).status).toBe(200);
    expect(await balance(ctx, a.user._id)).toBe(100);
    expect(await balance(ctx, b.user._id)).toBe(100);
  });
});
