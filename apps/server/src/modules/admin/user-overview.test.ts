// GET /admin/users/{id} over real HTTP (docs/product.md#admin-desks): an admin sees one user's profile, balance,
// ledger, deposits, withdrawals, sessions, referrals and tickets; unknown or malformed ids are 404; members are
// refused (the role matrix checks every role).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, signUpAs, startTestApp, type Client, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let admin: Client;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = (await signUpAs(ctx, 'ADMIN')).client;
});
afterAll(async () => {
  await ctx.close();
});

test('an admin reads a user: profile, balance, ledger, deposits, withdrawals, sessions, referrals and tickets', async () => {
  const u = await signUp(ctx);
  const invited = await signUp(ctx, { refer: u.user.referralCode });
  expect((await admin.post('/api/v1/adpoint/addpoint', { email: u.user.email, points: 30 })).status).toBe(200);
  const claim = await u.client.post('/api/v1/deposit/deposit', { amount: 12, transactionId: randomBytes(32).toString('hex') });
  expect(claim.status, claim.text).toBe(201);
  expect((await u.client.post('/api/v1/support/tickets', { subject: 'Where is my deposit', category: 'deposit', message: 'Not there yet.' })).status).toBeLessThan(300);

  const r = await admin.get(`/api/v1/admin/users/${u.user._id}`);
  expect(r.status, r.text).toBe(200);
  expect(r.body.user).toMatchObject({ _id: u.user._id, email: u.user.email, role: 'USER', subscription: false, closedAt: null, referredBy: null });
  expect(r.body.balance).toBe(30);
  expect(r.body.ledger).toHaveLength(1);
  expect(r.body.ledger[0]).toMatchObject({ amount: 30, balance: 30 });
  expect(r.body.deposits.map((d: { _id: string }) => d._id)).toEqual([claim.body.deposit._id]);
  expect(r.body.withdrawals).toEqual([]);
  expect(r.body.sessions.length).toBeGreaterThanOrEqual(1);
  expect(r.body.referrals).toMatchObject({ total: 1, recent: [{ email: invited.user.email }] });
  expect(r.body.tickets).toHaveLength(1);
  // Nothing secret of a session leaks: no token or hash.
  expect(Object.keys(r.body.sessions[0]).sort()).toEqual(['_id', 'createdAt', 'ip', 'lastSeenAt', 'userAgent']);

  const invitedPage = await admin.get(`/api/v1/admin/users/${invited.user._id}`);
  expect(invitedPage.body.user.referredBy).toBe(u.user.email);
});

test('unknown or malformed ids → 404 with the message', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    const r = await admin.get(`/api/v1/admin/users/${id}`);
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ success: false, message: 'User not found' });
  }
});
