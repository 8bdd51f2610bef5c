// Deposits (docs/product.md#api; docs/money.md): claims, approve/revert/delete with their ledger effects, the admin list.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEPOSIT_MSG } from '@app/contract';
import { signUp, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { auditCount, balance, closeMoneyApp, moneySnapshot, startMoneyApp, systemBalance } from '../../../test/money-helpers.js';
import { dbRetries } from '../../metrics.js';

let ctx: TestContext;
let admin: SignedUp;
beforeAll(async () => {
  ({ ctx, admin } = await startMoneyApp());
});
afterAll(() => closeMoneyApp(ctx));

const D = '/api/v1/deposit/deposit';
// A claim's transaction ID is a TRC20 transaction hash (64 hex digits): every claim here uses a fresh one.
const tronHash = () => Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
const txId = (_label?: string) => tronHash();

async function claim(client: Awaited<ReturnType<typeof signUp>>['client'], amount: unknown, transactionId: string) {
  return client.post(D, { amount, transactionId });
}

describe('POST /deposit/deposit (claim)', () => {
  test('201 {success, message, deposit{_id, amount, transactionId, deposited:false, createdAt}}; no money moves', async () => {
    const u = await signUp(ctx);
    const before = await moneySnapshot(ctx);
    const id = txId();
    const res = await claim(u.client, 12, `  ${id}  `);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(DEPOSIT_MSG.submitted);
    expect(Object.keys(res.body.deposit).sort()).toEqual(['_id', 'amount', 'createdAt', 'deposited', 'transactionId']);
    expect(res.body.deposit).toMatchObject({ amount: 12, transactionId: id, deposited: false });
    expect(await moneySnapshot(ctx)).toBe(before);

    const mine = await u.client.get('/api/v1/deposit/my-deposits');
    expect(mine.status).toBe(200);
    expect(mine.body.success).toBe(true);
    expect(mine.body.deposits).toEqual([res.body.deposit]);
  });

  test('a transactionId already claimed (by anyone; Tron hash in any case, with or without 0x) → 409', async () => {
    const u = await signUp(ctx);
    const v = await signUp(ctx);
    const hash = tronHash();
    expect((await claim(u.client, 20, hash)).status).toBe(201);
    for (const again of [hash, hash.toUpperCase(), `0x${hash}`, ` 0x${hash.toUpperCase()} `]) {
      const res = await claim(v.client, 20, again);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, message: DEPOSIT_MSG.duplicate });
    }
    const count = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from deposits where user_id = ${v.user._id}`);
    expect(count.rows[0].n).toBe(0);
  });

  test('refusals → 400 with a message: bad amounts, missing transactionId', async () => {
    const u = await signUp(ctx);
    for (const amount of [0, -1, 0.001, 1e21, 'abc', null, undefined]) {
      const res = await claim(u.client, amount, txId());
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    for (const transactionId of ['', '   ', null, 'x'.repeat(129), 'tx-123', `0x0x${tronHash()}`]) {
      const res = await u.client.post(D, { amount: 5, transactionId });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await u.client.get('/api/v1/deposit/my-deposits')).body.deposits).toEqual([]);
  });
});

describe('approve, revert, delete (admin)', () => {
  test('approve: external:deposits −x, user +x; again: reverted; audit per action; answers {success, message, deposited}', async () => {
    const u = await signUp(ctx);
    const { body } = await claim(u.client, '40.25', txId());
    const id = body.deposit._id;
    const ext = await systemBalance(ctx, 'external:deposits');
    const audits = await auditCount(ctx);

    const approve = await admin.client.post(`${D}/${id}`);
    expect(approve.status).toBe(200);
    expect(approve.body).toEqual({ success: true, message: DEPOSIT_MSG.approved, deposited: true });
    expect(await balance(ctx, u.user._id)).toBe(4025);
    expect(await systemBalance(ctx, 'external:deposits')).toBe(ext - 4025);
    expect((await u.client.get('/api/v1/deposit/my-deposits')).body.deposits[0].deposited).toBe(true);

    const revert = await admin.client.post(`${D}/${id}`);
    expect(revert.status).toBe(200);
    expect(revert.body).toEqual({ success: true, message: DEPOSIT_MSG.reverted, deposited: false });
    expect(await balance(ctx, u.user._id)).toBe(0);
    expect(await systemBalance(ctx, 'external:deposits')).toBe(ext);
    expect(await auditCount(ctx)).toBe(audits + 2);
    const log = await ctx.db.execute<{ action: string; actor_id: string; target_id: string }>(
      sql`select action, actor_id, target_id from audit_log where target_id = ${id} order by id`,
    );
    expect(log.rows).toEqual([
      { action: 'deposit.approved', actor_id: admin.user._id, target_id: id },
      { action: 'deposit.reverted', actor_id: admin.user._id, target_id: id },
    ]);
  });

  test('a POST with Content-Type: application/json and an empty body works; {deposited} sets a state, 409 if already so', async () => {
    const u = await signUp(ctx);
    const { body } = await claim(u.client, 3, txId());
    const id = body.deposit._id;
    const res = await admin.client.post(`${D}/${id}`, undefined, { raw: '', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.body.deposited).toBe(true);
    const same = await admin.client.post(`${D}/${id}`, { deposited: true });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe(DEPOSIT_MSG.alreadyInState);
    expect(await balance(ctx, u.user._id)).toBe(300);
    const back = await admin.client.post(`${D}/${id}`, { deposited: false });
    expect(back.body.deposited).toBe(false);
    expect(await balance(ctx, u.user._id)).toBe(0);
  });

  test('{id} may be the transactionId (Tron hash in any case) when it names one visible deposit', async () => {
    const u = await signUp(ctx);
    const hash = tronHash();
    await claim(u.client, 2, hash);
    const res = await admin.client.post(`${D}/0x${hash.toUpperCase()}`);
    expect(res.status).toBe(200);
    expect(await balance(ctx, u.user._id)).toBe(200);
    expect((await admin.client.post(`${D}/no-such-transaction`)).status).toBe(404);
    expect((await admin.client.post(`${D}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  test('reverting a deposit whose points were spent → 409, nothing moved', async () => {
    const u = await signUp(ctx);
    const other = await signUp(ctx);
    const { body } = await claim(u.client, 10, txId());
    const id = body.deposit._id;
    await admin.client.post(`${D}/${id}`);
    expect((await u.client.post('/api/v1/point/transfer', { recipientEmail: other.user.email, points: 4 })).status).toBe(200);
    const before = await moneySnapshot(ctx);
    const audits = await auditCount(ctx);
    const res = await admin.client.post(`${D}/${id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: DEPOSIT_MSG.revertImpossible });
    const del = await admin.client.del(`${D}/${id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe(DEPOSIT_MSG.revertImpossible);
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await auditCount(ctx)).toBe(audits);
    expect((await u.client.get('/api/v1/deposit/my-deposits')).body.deposits[0]).toMatchObject({ _id: id, deposited: true });
  });

  test('delete: a pending one is hidden; a deposited one is reverted, then hidden; a hidden one is 404', async () => {
    const u = await signUp(ctx);
    const p = (await claim(u.client, 5, txId())).body.deposit._id;
    const d = (await claim(u.client, 7, txId())).body.deposit._id;
    await admin.client.post(`${D}/${d}`);
    expect(await balance(ctx, u.user._id)).toBe(700);

    const before = await moneySnapshot(ctx);
    const r1 = await admin.client.del(`${D}/${p}`);
    expect(r1.status).toBe(200);
    expect(r1.body).toEqual({ success: true, message: DEPOSIT_MSG.deleted });
    expect(await moneySnapshot(ctx)).toBe(before);

    const r2 = await admin.client.del(`${D}/${d}`);
    expect(r2.status).toBe(200);
    expect(await balance(ctx, u.user._id)).toBe(0);
    expect((await u.client.get('/api/v1/deposit/my-deposits')).body.deposits).toEqual([]);
    expect((await admin.client.del(`${D}/${d}`)).status).toBe(404);
    expect((await admin.client.post(`${D}/${p}`)).status).toBe(404);
    const rows = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from deposits where user_id = ${u.user._id} and hidden_at is not null`);
    expect(rows.rows[0].n).toBe(2);
    expect(await auditCount(ctx, 'deposit.deleted')).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /deposit/deposit (admin list)', () => {
  test('paginated newest first, with e-mail; filters by status and e-mail; limit ≤ 100', async () => {
    const u = await signUp(ctx, { email: `listme${Date.now()}@example.com` });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await claim(u.client, i + 1, txId('L'))).body.deposit._id);
    await admin.client.post(`${D}/${ids[1]}`);
    await admin.client.post(`${D}/${ids[3]}`);

    const all = await admin.client.get(`${D}?email=${encodeURIComponent(u.user.email.toUpperCase())}`);
    expect(all.status).toBe(200);
    // No page or limit: every matching deposit (up to 10,000: docs/product.md#drop-in-clients), not a first page of 20.
    expect(all.body).toMatchObject({ success: true, page: 1, limit: 10_000, total: 5, capped: false });
    expect(all.body.deposits.map((d: { _id: string }) => d._id)).toEqual([...ids].reverse());
    expect(Object.keys(all.body.deposits[0]).sort()).toEqual(['_id', 'amount', 'createdAt', 'deposited', 'email', 'transactionId', 'userId']);
    expect(all.body.deposits[0].email).toBe(u.user.email);

    const page2 = await admin.client.get(`${D}?email=listme&limit=2&page=2`);
    expect(page2.body).toMatchObject({ page: 2, limit: 2 });
    expect(page2.body.deposits.map((d: { _id: string }) => d._id)).toEqual([ids[2], ids[1]]);

    const deposited = await admin.client.get(`${D}?status=deposited&email=${u.user.email}`);
    expect(deposited.body.total).toBe(2);
    expect(deposited.body.deposits.every((d: { deposited: boolean }) => d.deposited)).toBe(true);
    const pending = await admin.client.get(`${D}?status=pending&email=${u.user.email}`);
    expect(pending.body.total).toBe(3);
    // The desk's queue: pending, oldest first, paged and unpaged alike.
    const queue = await admin.client.get(`${D}?status=pending&order=oldest&email=${u.user.email}&page=1&limit=20`);
    expect(queue.body.deposits.map((d: { _id: string }) => d._id)).toEqual([ids[0], ids[2], ids[4]]);
    const queueAll = await admin.client.get(`${D}?status=pending&order=oldest&email=${u.user.email}`);
    expect(queueAll.body.deposits.map((d: { _id: string }) => d._id)).toEqual([ids[0], ids[2], ids[4]]);
    expect((await admin.client.get(`${D}?order=sideways`)).status).toBe(400);

    // LIKE wildcards in the filter are literal.
    expect((await admin.client.get(`${D}?email=%25`)).body.total).toBe(0);
    expect((await admin.client.get(`${D}?limit=101`)).status).toBe(400);
    expect((await admin.client.get(`${D}?page=0`)).status).toBe(400);
    expect((await admin.client.get(`${D}?status=bogus`)).status).toBe(400);
    expect((await admin.client.get(`${D}`)).body.deposits.length).toBeLessThanOrEqual(20);
  });

  test('users see only their own deposits; a USER gets 403 on the admin list', async () => {
    const u = await signUp(ctx);
    const v = await signUp(ctx);
    await claim(u.client, 1, txId());
    expect((await v.client.get('/api/v1/deposit/my-deposits')).body.deposits).toEqual([]);
    expect((await u.client.get(D)).status).toBe(403);
    expect((await ctx.client().get(D)).status).toBe(401);
    expect((await ctx.client().get('/api/v1/deposit/my-deposits')).status).toBe(401);
  });
});

describe('approvals at once along a referral chain (one lock order)', () => {
  /** Transactions aborted (deadlock or serialization) and run again, in this process so far. */
  const retries = async () => (await dbRetries.get()).values.reduce((sum, v) => sum + v.value, 0);

  test('20 first deposits of a chain approved at once: each credited once, each bonus paid once, no deadlock', async () => {
    // u0 refers u1, u1 refers u2, …: the bonus of u(i)'s approval notifies u(i-1), whose own deposit another approval
    // credits at the same time. Every approval waits for the one external:deposits account, so a path that took a
    // user's notification lock before the accounts and another's after would close a cycle here.
    const users = [await signUp(ctx)];
    for (let i = 1; i < 20; i++) users.push(await signUp(ctx, { refer: users[i - 1].user.referralCode }));
    const ids: string[] = [];
    for (const u of users) ids.push((await claim(u.client, 50, txId())).body.deposit._id);
    const before = await retries();
    const answers = await Promise.all(ids.map((id) => admin.client.post(`${D}/${id}`, { deposited: true })));
    expect(answers.map((a) => a.status)).toEqual(ids.map(() => 200));
    expect(await retries()).toBe(before);
    const bonuses = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ledger_transactions where kind = 'referral_bonus' and memo->>'depositId' = any(${`{${ids.join(',')}}`}::text[])`);
    expect(bonuses.rows[0].n).toBe(19);
    for (const u of users.slice(1)) expect(await balance(ctx, u.user._id)).toBeGreaterThanOrEqual(5000);
  });
});
