// The third outside attack's first finding: an Idempotency-Key the user had completed on another route made a route
// that asks for a second-factor code treat the request as a retry and skip the code (claim a harmless deposit with
// key K, then change the password with no code and key K: 200, and the new password signed in). A code may be
// skipped only by the exact replay of the same route and body whose first run checked one; everything else checks
// the code. Swept over every route that asks for a code: password change, 2FA off, withdrawal, transfer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECURITY_MSG } from '@app/contract';
import { signUp, startTestApp, type TestContext } from './helpers.js';
import { balance, expectLedgerClean, fund, txHash } from './money-helpers.js';
import { totpHelpers } from './totp.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const { codeAt, nextPeriod, enable2fa } = totpHelpers(() => ctx);

const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });

describe('a key completed elsewhere never stands in for a code', () => {
  test('the attack: a deposit claim’s key, then a password change with no code and the same key, is refused', async () => {
    const { client, user, password } = await signUp(ctx);
    const { secret } = await enable2fa(client);
    // A harmless request completed with key K: a deposit form (chain deposits are off here).
    const claim = await client.post('/api/v1/deposit/deposit', { amount: 12, transactionId: txHash() }, keyed('K-attack'));
    expect(claim.status, claim.text).toBe(201);

    const change = await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'attacker-horse-1' }, keyed('K-attack'));
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(SECURITY_MSG.codeRequired);
    // The new password does not sign in; the old one still does (its second step is asked for).
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password: 'attacker-horse-1' })).status).toBe(401);
    const old = await ctx.client().post('/api/v1/user/login', { email: user.email, password });
    expect(old.status).toBe(200);
    expect(old.body.twoFactorRequired).toBe(true);

    // With a current code the same request goes through: the rule is about the skipped code, not the key.
    nextPeriod();
    const withCode = await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'owner-horse-22', code: codeAt(secret) }, keyed('K-attack'));
    expect(withCode.status, withCode.text).toBe(200);
  });

  test('money out: a key from another route, from another body, or from before 2FA was on asks for the code', async () => {
    const { client, user } = await signUp(ctx);
    const friend = await signUp(ctx);
    await fund(ctx, user._id, 10_000);
    const transfer = { recipientEmail: friend.user.email, points: 5 };
    const withdrawal = { amount: 10, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' };

    // Completed before 2FA was on: the same transfer, same body, same key.
    expect((await client.post('/api/v1/point/transfer', transfer, keyed('before-2fa'))).status).toBe(200);
    const { secret } = await enable2fa(client);
    const claim = await client.post('/api/v1/deposit/deposit', { amount: 12, transactionId: txHash() }, keyed('deposit-key'));
    expect(claim.status).toBe(201);

    for (const [path, body, key] of [
      ['/api/v1/point/transfer', transfer, 'deposit-key'], // another route's key
      ['/api/v1/withdraw', withdrawal, 'deposit-key'],
      ['/api/v1/point/transfer', transfer, 'before-2fa'], // its first run checked no code
    ] as const) {
      const res = await client.post(path, body, keyed(key));
      expect(res.status, `${path} with ${key}`).toBe(400);
      expect(res.body.message).toBe(SECURITY_MSG.codeRequired);
    }

    // A transfer that checked a code, replayed with another body under its key: the code is asked for.
    nextPeriod();
    const first = await client.post('/api/v1/point/transfer', { ...transfer, code: codeAt(secret) }, keyed('checked'));
    expect(first.status, first.text).toBe(200);
    const otherBody = await client.post('/api/v1/point/transfer', { ...transfer, points: 500 }, keyed('checked'));
    expect(otherBody.status).toBe(400);
    expect(otherBody.body.message).toBe(SECURITY_MSG.codeRequired);
    const otherRoute = await client.post('/api/v1/withdraw', { amount: 5, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' }, keyed('checked'));
    expect(otherRoute.status).toBe(400);
    expect(otherRoute.body.message).toBe(SECURITY_MSG.codeRequired);

    // The exact replay of the checked request needs no new code, answers as the first run did and moves nothing.
    const replay = await client.post('/api/v1/point/transfer', { ...transfer, code: '000000' }, keyed('checked'));
    expect(replay.status, replay.text).toBe(200);
    expect(replay.headers.get('idempotent-replay')).toBe('true');
    expect(await balance(ctx, user._id)).toBe(10_000 - 500 - 500);
    expect(await balance(ctx, friend.user._id)).toBe(1_000);
    await expectLedgerClean(ctx);
  });

  test('turning 2FA off with a completed key still needs a code', async () => {
    const { client } = await signUp(ctx);
    await enable2fa(client);
    expect((await client.post('/api/v1/deposit/deposit', { amount: 12, transactionId: txHash() }, keyed('off-key'))).status).toBe(201);
    const off = await client.post('/api/v1/user/2fa/disable', {}, keyed('off-key'));
    expect(off.status).toBe(400);
    expect((await client.get('/api/v1/user/me')).body.user.twoFactor).toBe(true);
  });
});
