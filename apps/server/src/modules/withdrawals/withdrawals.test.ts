// Withdrawals (docs/product.md#api; docs/money.md): held at once, processed/unprocessed, refunded once on delete.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WITHDRAW_MSG } from '@app/contract';
import { signUp, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { auditCount, balance, closeMoneyApp, fund, moneySnapshot, startMoneyApp, systemBalance } from '../../../test/money-helpers.js';
import { randomTronAddress } from '../../../test/tron-standin.js';

const ADDR = randomTronAddress();

let ctx: TestContext;
let admin: SignedUp;
beforeAll(async () => {
  ({ ctx, admin } = await startMoneyApp());
});
afterAll(() => closeMoneyApp(ctx));

const W = '/api/v1/withdraw';

async function funded(cents: number) {
  const u = await signUp(ctx);
  await fund(ctx, u.user._id, cents);
  return u;
}

describe('POST /withdraw', () => {
  test('user −x, hold:withdrawals +x at once; 201 {success, message, withdrawal}; listed in my-withdrawals', async () => {
    const u = await funded(10_000);
    const hold = await systemBalance(ctx, 'hold:withdrawals');
    const res = await u.client.post(W, { amount: 25.5, paymentId: `  ${ADDR}  ` });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(WITHDRAW_MSG.submitted);
    expect(res.body.withdrawal).toMatchObject({ amount: 25.5, paymentId: ADDR, withdrawed: false, fee: 0, net: 25.5, payableAfter: null, payoutTxId: null });
    expect(await balance(ctx, u.user._id)).toBe(7_450);
    expect(await systemBalance(ctx, 'hold:withdrawals')).toBe(hold + 2_550);
    const mine = await u.client.get(`${W}/my-withdrawals`);
    expect(mine.status).toBe(200);
    expect(mine.body.success).toBe(true);
    expect(mine.body.withdrawals).toEqual([res.body.withdrawal]);
    expect(Object.keys(mine.body.withdrawals[0]).sort()).toEqual(['_id', 'amount', 'createdAt', 'fee', 'net', 'payableAfter', 'paymentId', 'payoutTxId', 'withdrawed']);
  });

  test('refusals → 4xx with a message, nothing moved', async () => {
    const u = await funded(1_000);
    const before = await moneySnapshot(ctx);
    const cases: [unknown, number][] = [
      [{ amount: 10.01, paymentId: ADDR }, 400],
      [{ amount: 0, paymentId: ADDR }, 400],
      [{ amount: -1, paymentId: ADDR }, 400],
      [{ amount: 0.001, paymentId: ADDR }, 400],
      [{ amount: 1e21, paymentId: ADDR }, 400],
      [{ amount: 'abc', paymentId: ADDR }, 400],
      [{ amount: null, paymentId: ADDR }, 400],
      [{ amount: 1, paymentId: '' }, 400],
      [{ amount: 1, paymentId: '   ' }, 400],
      [{ amount: 1, paymentId: 'x'.repeat(129) }, 400],
      [{ amount: 1, paymentId: 'TXYZ wallet address' }, 400],
      [{ amount: 1 }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await u.client.post(W, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    expect((await u.client.post(W, { amount: 10.01, paymentId: ADDR })).body.message).toBe(WITHDRAW_MSG.insufficient);
    expect(await moneySnapshot(ctx)).toBe(before);
    expect((await u.client.get(`${W}/my-withdrawals`)).body.withdrawals).toEqual([]);
    // Exactly the balance is allowed.
    expect((await u.client.post(W, { amount: 10, paymentId: ADDR })).status).toBe(201);
    expect(await balance(ctx, u.user._id)).toBe(0);
  });
});

describe('admin: process, unprocess, delete', () => {
  test('process: hold −x, external:withdrawals +x, answers withdrawed:true; again: back to pending', async () => {
    const u = await funded(5_000);
    const id = (await u.client.post(W, { amount: 20, paymentId: ADDR })).body.withdrawal._id;
    const hold = await systemBalance(ctx, 'hold:withdrawals');
    const ext = await systemBalance(ctx, 'external:withdrawals');
    const r1 = await admin.client.post(`${W}/${id}`);
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ success: true, message: WITHDRAW_MSG.processed, withdrawed: true });
    expect(await systemBalance(ctx, 'hold:withdrawals')).toBe(hold - 2_000);
    expect(await systemBalance(ctx, 'external:withdrawals')).toBe(ext + 2_000);
    expect(await balance(ctx, u.user._id)).toBe(3_000);
    const r2 = await admin.client.post(`${W}/${id}`, undefined, { raw: '', headers: { 'content-type': 'application/json' } });
    expect(r2.body).toEqual({ success: true, message: WITHDRAW_MSG.unprocessed, withdrawed: false });
    expect(await systemBalance(ctx, 'hold:withdrawals')).toBe(hold);
    expect(await systemBalance(ctx, 'external:withdrawals')).toBe(ext);
    expect((await admin.client.post(`${W}/${id}`, { withdrawed: false })).status).toBe(409);
    const log = await ctx.db.execute<{ action: string }>(sql`select action from audit_log where target_id = ${id} order by id`);
    expect(log.rows.map((r) => r.action)).toEqual(['withdrawal.processed', 'withdrawal.unprocessed']);
  });

  test('deleting a pending withdrawal refunds exactly once (even when sent 10 times at once)', async () => {
    const u = await funded(5_000);
    const id = (await u.client.post(W, { amount: 30, paymentId: ADDR })).body.withdrawal._id;
    expect(await balance(ctx, u.user._id)).toBe(2_000);
    await admin.client.get('/api/v1/health');
    const results = await Promise.all(Array.from({ length: 10 }, () => admin.client.del(`${W}/${id}`)));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    expect(results.filter((r) => r.status === 404).length).toBe(9);
    expect(results.find((r) => r.status === 200)!.body).toEqual({ success: true, message: WITHDRAW_MSG.deletedRefunded });
    expect(await balance(ctx, u.user._id)).toBe(5_000);
    expect((await u.client.get(`${W}/my-withdrawals`)).body.withdrawals).toEqual([]);
    const refunds = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_refund' and memo->>'withdrawalId' = ${id}`);
    expect(refunds.rows[0].n).toBe(1);
  });

  test('deleting a processed withdrawal refunds nothing; it is only hidden', async () => {
    const u = await funded(5_000);
    const id = (await u.client.post(W, { amount: 10, paymentId: ADDR })).body.withdrawal._id;
    await admin.client.post(`${W}/${id}`);
    const before = await moneySnapshot(ctx);
    const res = await admin.client.del(`${W}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: WITHDRAW_MSG.deleted });
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await balance(ctx, u.user._id)).toBe(4_000);
    const row = await ctx.db.execute<{ hidden: boolean }>(sql`select hidden_at is not null as hidden from withdrawals where id = ${id}`);
    expect(row.rows[0].hidden).toBe(true);
    expect(await auditCount(ctx, 'withdrawal.deleted')).toBeGreaterThanOrEqual(1);
  });

  test('{id} may be the paymentId when it names exactly one visible withdrawal; else 409 / 404', async () => {
    const u = await funded(5_000);
    const unique = randomTronAddress();
    await u.client.post(W, { amount: 1, paymentId: unique });
    expect((await admin.client.post(`${W}/${unique}`)).body.withdrawed).toBe(true);
    const shared = randomTronAddress();
    await u.client.post(W, { amount: 1, paymentId: shared });
    await u.client.post(W, { amount: 2, paymentId: shared });
    const before = await moneySnapshot(ctx);
    const amb = await admin.client.post(`${W}/${shared}`);
    expect(amb.status).toBe(409);
    expect(amb.body.message).toBe(WITHDRAW_MSG.ambiguous);
    expect((await admin.client.del(`${W}/${shared}`)).status).toBe(409);
    expect((await admin.client.post(`${W}/nothing-like-this`)).status).toBe(404);
    expect(await moneySnapshot(ctx)).toBe(before);
  });

  test('admin list: newest first, with e-mail, status and e-mail filters, paging', async () => {
    const u = await funded(5_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await u.client.post(W, { amount: 1, paymentId: ADDR })).body.withdrawal._id);
    await admin.client.post(`${W}/${ids[0]}`);
    const res = await admin.client.get(`${W}?email=${encodeURIComponent(u.user.email)}`);
    expect(res.status).toBe(200);
    // No page or limit: every matching withdrawal (up to 10,000: docs/product.md#drop-in-clients), not a first page of 20.
    expect(res.body).toMatchObject({ success: true, page: 1, limit: 10_000, total: 3, capped: false });
    expect(res.body.withdrawals.map((w: { _id: string }) => w._id)).toEqual([...ids].reverse());
    expect(res.body.withdrawals[0].email).toBe(u.user.email);
    expect((await admin.client.get(`${W}?status=processed&email=${u.user.email}`)).body.total).toBe(1);
    expect((await admin.client.get(`${W}?status=pending&email=${u.user.email}`)).body.total).toBe(2);
    const p2 = await admin.client.get(`${W}?email=${u.user.email}&limit=1&page=3`);
    expect(p2.body.withdrawals.map((w: { _id: string }) => w._id)).toEqual([ids[0]]);
    expect((await admin.client.get(`${W}?limit=500`)).status).toBe(400);
    expect((await u.client.get(W)).status).toBe(403);
  });
});
