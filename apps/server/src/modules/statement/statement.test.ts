// GET /user/statement(.csv) and GET /admin/ledger-check.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STATEMENT_CSV_HEADER } from '@app/contract';
import { signUp, signUpAs, type Res, type SignedUp, type TestContext } from '../../../test/helpers.js';
import { closeMoneyApp, startMoneyApp, txHash } from '../../../test/money-helpers.js';

let ctx: TestContext;
let admin: SignedUp;
beforeAll(async () => {
  ({ ctx, admin } = await startMoneyApp());
});
afterAll(() => closeMoneyApp(ctx));

describe('GET /user/statement', () => {
  test('descriptions in the reader’s language: Arabic for an Arabic user, the ids and e-mails kept as they are', async () => {
    const u = await signUp(ctx);
    const other = await signUp(ctx);
    expect((await admin.client.post('/api/v1/adpoint/addpoint', { email: u.user.email, points: 50 })).status).toBe(200);
    expect((await u.client.post('/api/v1/point/transfer', { recipientEmail: other.user.email, points: 5 })).status).toBe(200);
    const wd = (await u.client.post('/api/v1/withdraw', { amount: 10, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' })).body.withdrawal;
    expect(wd).toBeTruthy();
    const english = (await u.client.get('/api/v1/user/statement')).body.entries.map((e: { description: string }) => e.description);
    expect(english).toEqual(['Withdrawal requested (payout address TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV)', `Transfer to ${other.user.email}`, 'Points added by an admin']);

    expect((await u.client.put('/api/v1/user/language', { language: 'ar' })).status).toBe(200);
    const res = await u.client.get('/api/v1/user/statement');
    const arabic = res.body.entries.map((e: { description: string }) => e.description);
    expect(arabic).toEqual([
      'طلب سحب (عنوان الاستلام \u2068TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV\u2069)',
      `تحويل إلى \u2068${other.user.email}\u2069`,
      'نقاط أضافها مشرف',
    ]);
    const csv = await u.client.get('/api/v1/user/statement.csv');
    expect(csv.text).toContain('نقاط أضافها مشرف');
  });


  test('every entry of the caller, newest first, signed amounts, running balance, descriptions; cursor paging', async () => {
    const u = await signUp(ctx);
    const other = await signUp(ctx);
    expect((await admin.client.post('/api/v1/adpoint/addpoint', { email: u.user.email, points: 100 })).status).toBe(200);
    expect((await u.client.post('/api/v1/point/transfer', { recipientEmail: other.user.email, points: 10.5 })).status).toBe(200);
    expect((await other.client.post('/api/v1/point/transfer', { recipientEmail: u.user.email, points: 0.25 })).status).toBe(200);
    const dep = (await u.client.post('/api/v1/deposit/deposit', { amount: 20, transactionId: txHash() })).body.deposit;
    expect((await admin.client.post(`/api/v1/deposit/deposit/${dep._id}`)).status).toBe(200);
    const wd = (await u.client.post('/api/v1/withdraw', { amount: 30, paymentId: 'TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x' })).body.withdrawal;
    expect((await admin.client.del(`/api/v1/withdraw/${wd._id}`)).status).toBe(200);
    expect((await admin.client.post('/api/v1/adpoint/removepoint', { email: u.user.email, points: 1 })).status).toBe(200);

    const res = await u.client.get('/api/v1/user/statement');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.balance).toBe(108.75);
    expect(res.body.nextCursor).toBeNull();
    const rows = res.body.entries.map((e: { kind: string; amount: number; balance: number }) => [e.kind, e.amount, e.balance]);
    expect(rows).toEqual([
      ['adjustment_remove', -1, 108.75],
      ['withdrawal_refund', 30, 109.75],
      ['withdrawal_request', -30, 79.75],
      ['deposit_approve', 20, 109.75],
      ['transfer', 0.25, 89.75],
      ['transfer', -10.5, 89.5],
      ['adjustment_add', 100, 100],
    ]);
    // The original fields keep their names; the activity feed's are added beside them.
    expect(Object.keys(res.body.entries[0]).sort()).toEqual(['_id', 'amount', 'balance', 'counterparty', 'counterpartyEmail', 'createdAt', 'description', 'kind', 'reference']);
    const descriptions = res.body.entries.map((e: { description: string }) => e.description);
    expect(descriptions[5]).toBe(`Transfer to ${other.user.email}`);
    expect(descriptions[4]).toBe(`Transfer from ${other.user.email}`);
    expect(descriptions[3]).toContain(dep.transactionId);
    expect(descriptions[2]).toContain('TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x');

    // Pages of 3 walk the same list with the same balances.
    const seen: unknown[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const p: Res = await u.client.get(`/api/v1/user/statement?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.status).toBe(200);
      seen.push(...p.body.entries);
      cursor = p.body.nextCursor;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(res.body.entries);

    // The other user's statement shows only their side.
    const o = await other.client.get('/api/v1/user/statement');
    expect(o.body.entries.map((e: { amount: number }) => e.amount)).toEqual([-0.25, 10.5]);

    // CSV: the whole statement with the header.
    const csv = await u.client.get('/api/v1/user/statement.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="statement\.csv"/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(STATEMENT_CSV_HEADER);
    expect(lines.length).toBe(8);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\dT[^,]+,adjustment_remove,Points removed by an admin,-1\.00,108\.75$/);
    expect(lines[7]).toMatch(/,adjustment_add,Points added by an admin,100\.00,100\.00$/);
    expect(lines[6]).toContain(`,Transfer to ${other.user.email},-10.50,89.50`);
  });

  test('the activity feed’s fields: a transfer names the other person (their name, e-mail kept apart), a deposit and a withdrawal their reference', async () => {
    const alice = await signUp(ctx, { fullName: 'Alice Feed' });
    const bob = await signUp(ctx, { fullName: 'Bob Feed' });
    expect((await admin.client.post('/api/v1/adpoint/addpoint', { email: alice.user.email, points: 50 })).status).toBe(200);
    expect((await alice.client.post('/api/v1/point/transfer', { recipientEmail: bob.user.email, points: 5 })).status).toBe(200);
    const dep = (await alice.client.post('/api/v1/deposit/deposit', { amount: 20, transactionId: txHash() })).body.deposit;
    expect((await admin.client.post(`/api/v1/deposit/deposit/${dep._id}`)).status).toBe(200);
    expect((await alice.client.post('/api/v1/withdraw', { amount: 10, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' })).status).toBe(201);

    const pick = (e: { kind: string; counterparty: string | null; counterpartyEmail: string | null; reference: string | null }) => [e.kind, e.counterparty, e.counterpartyEmail, e.reference];
    const mine = (await alice.client.get('/api/v1/user/statement')).body.entries.map(pick);
    expect(mine).toEqual([
      ['withdrawal_request', null, null, 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV'],
      ['deposit_approve', null, null, dep.transactionId],
      ['transfer', 'Bob Feed', bob.user.email, null],
      ['adjustment_add', null, null, null],
    ]);
    const theirs = (await bob.client.get('/api/v1/user/statement')).body.entries.map(pick);
    expect(theirs).toEqual([['transfer', 'Alice Feed', alice.user.email, null]]);
    // The name is the person's current one.
    expect((await alice.client.post(`/api/v1/user/update/${alice.user._id}`, { fullName: 'Alice Renamed', phone: '+971500000001', id: alice.user._id })).status).toBe(200);
    expect((await bob.client.get('/api/v1/user/statement')).body.entries[0].counterparty).toBe('Alice Renamed');
  });

  test('an empty statement; bad paging → 400; anonymous → 401', async () => {
    const u = await signUp(ctx);
    const res = await u.client.get('/api/v1/user/statement');
    expect(res.body).toMatchObject({ success: true, balance: 0, entries: [], nextCursor: null });
    expect((await u.client.get('/api/v1/user/statement.csv')).text).toBe(`${STATEMENT_CSV_HEADER}\r\n`);
    expect((await u.client.get('/api/v1/user/statement?limit=101')).status).toBe(400);
    expect((await u.client.get('/api/v1/user/statement?cursor=abc')).status).toBe(400);
    expect((await ctx.client().get('/api/v1/user/statement')).status).toBe(401);
    expect((await ctx.client().get('/api/v1/user/statement.csv')).status).toBe(401);
  });
});

describe('GET /admin/ledger-check', () => {
  test('SADMIN gets checkLedger’s report; ADMIN and USER get 403', async () => {
    const sadmin = await signUpAs(ctx, 'SADMIN');
    const res = await sadmin.client.get('/api/v1/admin/ledger-check');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ok: true, breaches: [] });
    expect(res.body.stats.accounts).toBeGreaterThan(6);
    expect((await admin.client.get('/api/v1/admin/ledger-check')).status).toBe(403);
    expect((await (await signUp(ctx)).client.get('/api/v1/admin/ledger-check')).status).toBe(403);
  });
});
