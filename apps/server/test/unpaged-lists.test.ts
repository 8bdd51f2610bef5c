// Admin lists read the way a public-API client reads them (docs/product.md#drop-in-clients): GET /user/all, /deposit/deposit and
// /withdraw without page or limit return every row, in the list's order, up to LIST_ALL_MAX (then capped: true and
// a message saying so); with page or limit they page as before.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { LIST_ALL_MAX } from '@app/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setRole, signUp, startTestApp, type Client, type TestContext } from './helpers.js';
import { expectLedgerClean, fund } from './money-helpers.js';

let ctx: TestContext;
let admin: Client;
let adminEmail: string;
const users: { _id: string; email: string }[] = [];

const hash = () => randomUUID().replaceAll('-', '').repeat(2);

beforeAll(async () => {
  ctx = await startTestApp();
  const boss = await signUp(ctx);
  await setRole(ctx, boss.user._id, 'SADMIN');
  admin = boss.client;
  adminEmail = boss.user.email;
  // 25 users, each with one deposit claim and one withdrawal request (a public-API client counts 25 of each).
  for (let i = 0; i < 25; i++) {
    const s = await signUp(ctx);
    users.push(s.user);
    await fund(ctx, s.user._id, 1_000);
    expect((await s.client.post('/api/v1/deposit/deposit', { amount: 12, transactionId: hash() })).status).toBe(201);
    expect((await s.client.post('/api/v1/withdraw', { amount: 1, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' })).status).toBe(201);
  }
}, 120_000);
afterAll(() => ctx.close());

describe('without page or limit: every row', () => {
  test('GET /user/all returns the 25 users plus the SADMIN, admins first then newest, capped: false', async () => {
    const res = await admin.get('/api/v1/user/all');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.users).toHaveLength(26);
    expect(res.body.total).toBe(26);
    expect(res.body.capped).toBe(false);
    expect(res.body.users[0].email).toBe(adminEmail);
    // Newest first after the admins: the reverse of sign-up order.
    expect(res.body.users.slice(1).map((u: { _id: string }) => u._id)).toEqual(users.map((u) => u._id).reverse());
  });

  test('GET /deposit/deposit and GET /withdraw return all 25, newest first', async () => {
    const deposits = await admin.get('/api/v1/deposit/deposit');
    expect(deposits.status).toBe(200);
    expect(deposits.body.deposits).toHaveLength(25);
    expect(deposits.body.capped).toBe(false);
    expect(deposits.body.deposits.map((d: { email: string }) => d.email)).toEqual(users.map((u) => u.email).reverse());
    const withdrawals = await admin.get('/api/v1/withdraw');
    expect(withdrawals.status).toBe(200);
    expect(withdrawals.body.withdrawals).toHaveLength(25);
    expect(withdrawals.body.capped).toBe(false);
    expect(withdrawals.body.withdrawals.map((w: { email: string }) => w.email)).toEqual(users.map((u) => u.email).reverse());
  });

  test('filters still apply to an unpaged read (status, e-mail, search)', async () => {
    expect((await admin.get('/api/v1/deposit/deposit?status=pending')).body.deposits).toHaveLength(25);
    expect((await admin.get('/api/v1/deposit/deposit?status=deposited')).body.deposits).toHaveLength(0);
    expect((await admin.get(`/api/v1/withdraw?email=${encodeURIComponent(users[3].email)}`)).body.withdrawals).toHaveLength(1);
    expect((await admin.get(`/api/v1/user/all?q=${encodeURIComponent(users[7].email)}`)).body.users).toHaveLength(1);
  });
});

describe('with page or limit: pages as before', () => {
  test.each([
    { query: '?page=1&limit=20', length: 20, page: 1, limit: 20 },
    { query: '?page=2&limit=20', length: 6, page: 2, limit: 20 },
    { query: '?limit=10', length: 10, page: 1, limit: 10 },
    { query: '?page=2', length: 6, page: 2, limit: 20 },
    { query: '?page=3&limit=10', length: 6, page: 3, limit: 10 },
  ])('GET /user/all$query → $length users', async ({ query, length, page, limit }) => {
    const res = await admin.get(`/api/v1/user/all${query}`);
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(length);
    expect(res.body).toMatchObject({ page, limit, total: 26, capped: false });
  });

  test('pages put together are exactly the unpaged list, record for record (the same fields and values)', async () => {
    // One approved deposit, one processed withdrawal and a subscriber, so every field has both values somewhere.
    const some = (await admin.get('/api/v1/deposit/deposit?limit=1')).body.deposits[0];
    expect((await admin.post(`/api/v1/deposit/deposit/${some._id}`, { deposited: true })).status).toBe(200);
    const w = (await admin.get('/api/v1/withdraw?limit=1')).body.withdrawals[0];
    expect((await admin.post(`/api/v1/withdraw/${w._id}`, { withdrawed: true })).status).toBe(200);
    await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${users[2]._id}`);
    for (const [path, key, total] of [['/api/v1/deposit/deposit', 'deposits', 25], ['/api/v1/withdraw', 'withdrawals', 25], ['/api/v1/user/all', 'users', 26]] as const) {
      const all = await admin.get(path);
      const p1 = await admin.get(`${path}?page=1&limit=20`);
      const p2 = await admin.get(`${path}?page=2&limit=20`);
      expect(p1.body[key]).toHaveLength(20);
      expect(p2.body[key]).toHaveLength(total - 20);
      expect(p1.body).toMatchObject({ page: 1, limit: 20, total, capped: false });
      expect(all.body[key]).toEqual([...p1.body[key], ...p2.body[key]]);
      expect(all.headers.get('content-type')).toMatch(/^application\/json/);
      expect(all.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(all.body).sort()).toEqual(Object.keys(p1.body).sort());
    }
  });

  test('paging parameters are still validated: limit over 100 or page 0 → 400', async () => {
    expect((await admin.get('/api/v1/user/all?limit=101')).status).toBe(400);
    expect((await admin.get('/api/v1/deposit/deposit?page=0')).status).toBe(400);
    expect((await admin.get('/api/v1/withdraw?limit=0')).status).toBe(400);
  });

  test('an unpaged read is still admin-only', async () => {
    const user = await signUp(ctx);
    for (const path of ['/api/v1/user/all', '/api/v1/deposit/deposit', '/api/v1/withdraw']) {
      expect((await user.client.get(path)).status).toBe(403);
      expect((await ctx.client().get(path)).status).toBe(401);
    }
  });
});

describe('the cap', () => {
  test(`more than ${LIST_ALL_MAX} deposits: an unpaged read returns the newest ${LIST_ALL_MAX}, capped: true, and says so`, async () => {
    // Claims move no money, so they can be written straight into the table (as many claims would be).
    await ctx.db.execute(sql`
      insert into deposits (user_id, amount_cents, transaction_id, transaction_key, created_at)
      select ${users[0]._id}, 100, 'bulk-' || g, 'bulk-' || g, now() - interval '1 day' - g * interval '1 second'
      from generate_series(1, ${LIST_ALL_MAX}) g`);
    const res = await admin.get('/api/v1/deposit/deposit');
    expect(res.status).toBe(200);
    expect(res.body.deposits).toHaveLength(LIST_ALL_MAX);
    expect(res.body.capped).toBe(true);
    expect(res.body.total).toBe(LIST_ALL_MAX + 25);
    expect(res.body.message).toBe(`Showing the first ${LIST_ALL_MAX} of ${LIST_ALL_MAX + 25} deposits; ask with page and limit to read them all`);
    // Newest first: the 25 real claims, then the bulk ones from the newest; the oldest 25 are left out.
    expect(res.body.deposits[24].transactionId).not.toMatch(/^bulk-/);
    expect(res.body.deposits[25].transactionId).toBe('bulk-1');
    expect(res.body.deposits.at(-1).transactionId).toBe(`bulk-${LIST_ALL_MAX - 25}`);
    // Paged, the rest is reachable.
    const last = await admin.get(`/api/v1/deposit/deposit?page=${(LIST_ALL_MAX + 25) / 25}&limit=25`);
    expect(last.body.deposits.at(-1).transactionId).toBe(`bulk-${LIST_ALL_MAX}`);
    expect(last.body.capped).toBe(false);
    await expectLedgerClean(ctx);
  });
});
