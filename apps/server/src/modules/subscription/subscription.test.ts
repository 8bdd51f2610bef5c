// Subscription with points (docs/money.md): the minimum balance, the price, once only, an empty body.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MSG, SUBSCRIPTION_MSG } from '@app/contract';
import { signUp, startTestApp, type TestContext } from '../../../test/helpers.js';
import { balance, expectLedgerClean, fund, moneySnapshot, systemBalance } from '../../../test/money-helpers.js';

const S = '/api/v1/subscription/activate-with-points';

async function subscribedAt(ctx: TestContext, id: string) {
  const r = await ctx.db.execute<{ s: Date | null }>(sql`select subscribed_at as s from users where id = ${id}`);
  return r.rows[0].s;
}

describe('with a price (SUBSCRIPTION_PRICE 5.00, minimum balance 12.00)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ SUBSCRIPTION_PRICE: '5.00' });
  });
  afterAll(async () => {
    await expectLedgerClean(ctx);
    await ctx.close();
  });

  test('below the minimum balance → 400 "Not enough points to activate subscription.", nothing changes', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 1_199);
    const before = await moneySnapshot(ctx);
    const res = await u.client.post(S);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MSG.subscriptionNotEnough });
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await subscribedAt(ctx, u.user._id)).toBeNull();
  });

  test('charges the price to income:subscriptions once; the profile shows the subscription; again → 409', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 1_200);
    const income = await systemBalance(ctx, 'income:subscriptions');
    const res = await u.client.post(S);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SUBSCRIPTION_MSG.activated });
    expect(await balance(ctx, u.user._id)).toBe(700);
    expect(await systemBalance(ctx, 'income:subscriptions')).toBe(income + 500);
    const me = await u.client.get('/api/v1/user/me');
    expect(me.body.user.subscription).toBe(true);
    const again = await u.client.post(S);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: SUBSCRIPTION_MSG.already });
    expect(await balance(ctx, u.user._id)).toBe(700);
  });

  test('30 simultaneous activations → one 200, the rest 409; charged once', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 2_000);
    await u.client.get('/api/v1/health');
    const results = await Promise.all(Array.from({ length: 30 }, () => u.client.post(S)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(results.filter((r) => r.status === 409).length).toBe(29);
    expect(await balance(ctx, u.user._id)).toBe(1_500);
    const charges = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'subscription' and actor_id = ${u.user._id}`);
    expect(charges.rows[0].n).toBe(1);
  });

  test('an empty body works whether or not Content-Type: application/json is sent; anonymous → 401', async () => {
    const a = await signUp(ctx);
    await fund(ctx, a.user._id, 1_200);
    const res = await a.client.post(S, undefined, { raw: '', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    const b = await signUp(ctx);
    await fund(ctx, b.user._id, 1_200);
    expect((await b.client.post(S, {})).status).toBe(200);
    expect((await ctx.client().post(S)).status).toBe(401);
  });
});

describe('free (default price 0.00)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ SUBSCRIPTION_MIN_BALANCE: '12.00' });
  });
  afterAll(async () => {
    await expectLedgerClean(ctx);
    await ctx.close();
  });

  test('needs the minimum balance, moves no money, sets the subscription once (20 at once → one 200)', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 1_200);
    await u.client.get('/api/v1/health');
    const before = await moneySnapshot(ctx);
    const results = await Promise.all(Array.from({ length: 20 }, () => u.client.post(S)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(results.filter((r) => r.status === 409).length).toBe(19);
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await subscribedAt(ctx, u.user._id)).not.toBeNull();
    const poor = await signUp(ctx);
    expect((await poor.client.post(S)).body).toEqual({ success: false, message: MSG.subscriptionNotEnough });
  });
});
