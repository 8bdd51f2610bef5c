// Admin add/remove points (docs/product.md#validation, #api; docs/money.md), and every admin money route refusing a USER.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_MSG, MSG } from '@app/contract';
import { signUp, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { auditCount, balance, closeMoneyApp, fund, moneySnapshot, startMoneyApp, systemBalance, txHash } from '../../../test/money-helpers.js';

let ctx: TestContext;
let admin: SignedUp;
beforeAll(async () => {
  ({ ctx, admin } = await startMoneyApp());
});
afterAll(() => closeMoneyApp(ctx));

const ADD = '/api/v1/adpoint/addpoint';
const REMOVE = '/api/v1/adpoint/removepoint';

describe('POST /adpoint/addpoint and /removepoint', () => {
  test('add: equity:adjustments −x, user +x; remove: the reverse; {success, message}; one audit record each', async () => {
    const u = await signUp(ctx);
    const eq0 = await systemBalance(ctx, 'equity:adjustments');
    const audits = await auditCount(ctx);
    const add = await admin.client.post(ADD, { email: ` ${u.user.email.toUpperCase()} `, points: 15.75 });
    expect(add.status).toBe(200);
    expect(add.body).toEqual({ success: true, message: ADMIN_MSG.pointsAdded });
    expect(await balance(ctx, u.user._id)).toBe(1_575);
    expect(await systemBalance(ctx, 'equity:adjustments')).toBe(eq0 - 1_575);
    const remove = await admin.client.post(REMOVE, { email: u.user.email, points: '5.75' });
    expect(remove.status).toBe(200);
    expect(remove.body).toEqual({ success: true, message: ADMIN_MSG.pointsRemoved });
    expect(await balance(ctx, u.user._id)).toBe(1_000);
    expect(await systemBalance(ctx, 'equity:adjustments')).toBe(eq0 - 1_000);
    expect(await auditCount(ctx)).toBe(audits + 2);
    const log = await ctx.db.execute<{ action: string; actor_id: string; target_id: string; after: string }>(
      sql`select action, actor_id, target_id, after from audit_log where target_id = ${u.user._id} order by id`,
    );
    expect(log.rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['points.added', admin.user._id],
      ['points.removed', admin.user._id],
    ]);
    expect(JSON.parse(log.rows[0].after)).toMatchObject({ points: 15.75 });
  });

  test('remove more than the balance → 409, nothing moved, no audit', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 500);
    const before = await moneySnapshot(ctx);
    const audits = await auditCount(ctx);
    const res = await admin.client.post(REMOVE, { email: u.user.email, points: 5.01 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: ADMIN_MSG.insufficient });
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await auditCount(ctx)).toBe(audits);
  });

  test('unknown e-mail → 404; empty e-mail or points not > 0 → 400 "Please enter a valid email and positive points."', async () => {
    const u = await signUp(ctx);
    const before = await moneySnapshot(ctx);
    for (const path of [ADD, REMOVE]) {
      const nf = await admin.client.post(path, { email: 'ghost@example.com', points: 1 });
      expect(nf.status).toBe(404);
      expect(nf.body).toEqual({ success: false, message: ADMIN_MSG.userNotFound });
      for (const body of [
        { email: '', points: 1 },
        { email: '   ', points: 1 },
        { points: 1 },
        { email: u.user.email },
        { email: u.user.email, points: 0 },
        { email: u.user.email, points: -1 },
        { email: u.user.email, points: 0.001 },
        { email: u.user.email, points: 1e21 },
        { email: u.user.email, points: 'abc' },
        { email: u.user.email, points: null },
        { email: 5, points: 1 },
      ]) {
        const res = await admin.client.post(path, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toEqual({ success: false, message: MSG.adminPointsInvalid });
      }
    }
    expect(await moneySnapshot(ctx)).toBe(before);
  });
});

describe('a USER calling any admin money route → 403 and nothing moved', () => {
  test('every admin money route', async () => {
    const u = await signUp(ctx);
    const victim = await signUp(ctx);
    await fund(ctx, victim.user._id, 1_000);
    const dep = (await victim.client.post('/api/v1/deposit/deposit', { amount: 5, transactionId: txHash() })).body.deposit._id;
    const wd = (await victim.client.post('/api/v1/withdraw', { amount: 5, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' })).body.withdrawal._id;
    const before = await moneySnapshot(ctx);
    const audits = await auditCount(ctx);
    const calls: [string, string, unknown?][] = [
      ['POST', ADD, { email: u.user.email, points: 100 }],
      ['POST', REMOVE, { email: victim.user.email, points: 1 }],
      ['POST', ADD, {}], // the role is checked before the body
      ['GET', '/api/v1/deposit/deposit'],
      ['POST', `/api/v1/deposit/deposit/${dep}`],
      ['DELETE', `/api/v1/deposit/deposit/${dep}`],
      ['GET', '/api/v1/withdraw'],
      ['POST', `/api/v1/withdraw/${wd}`],
      ['DELETE', `/api/v1/withdraw/${wd}`],
      ['GET', '/api/v1/admin/ledger-check'],
    ];
    for (const [method, path, body] of calls) {
      const res = await u.client.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.success).toBe(false);
      const anon = await ctx.client().request(method, path, body);
      expect(anon.status, `anonymous ${method} ${path}`).toBe(401);
    }
    // An ADMIN (not SADMIN) may not read the ledger check either.
    expect((await admin.client.get('/api/v1/admin/ledger-check')).status).toBe(403);
    expect(await moneySnapshot(ctx)).toBe(before);
    expect(await auditCount(ctx)).toBe(audits);
    const state = await ctx.db.execute<{ deposited: boolean; hidden: boolean }>(sql`select deposited, hidden_at is not null as hidden from deposits where id = ${dep}`);
    expect(state.rows[0]).toEqual({ deposited: false, hidden: false });
  });
});

test('the OpenAPI document lists every money route', async () => {
  const res = await ctx.client().get('/api/docs/json');
  expect(res.status).toBe(200);
  const paths = res.body.paths as Record<string, Record<string, unknown>>;
  const expected: [string, string][] = [
    ['/api/v1/point/transfer', 'post'],
    ['/api/v1/deposit/deposit', 'post'],
    ['/api/v1/deposit/deposit', 'get'],
    ['/api/v1/deposit/my-deposits', 'get'],
    ['/api/v1/deposit/deposit/{id}', 'post'],
    ['/api/v1/deposit/deposit/{id}', 'delete'],
    ['/api/v1/withdraw', 'post'],
    ['/api/v1/withdraw', 'get'],
    ['/api/v1/withdraw/my-withdrawals', 'get'],
    ['/api/v1/withdraw/{id}', 'post'],
    ['/api/v1/withdraw/{id}', 'delete'],
    ['/api/v1/adpoint/addpoint', 'post'],
    ['/api/v1/adpoint/removepoint', 'post'],
    ['/api/v1/subscription/activate-with-points', 'post'],
    ['/api/v1/user/statement', 'get'],
    ['/api/v1/user/statement.csv', 'get'],
    ['/api/v1/admin/ledger-check', 'get'],
  ];
  for (const [p, m] of expected) expect(paths[p]?.[m], `${m.toUpperCase()} ${p}`).toBeDefined();
});
