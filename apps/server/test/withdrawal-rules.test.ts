// Withdrawal rules and payout proof over HTTP (docs/product.md#withdrawals, decision 021): the Tron address check,
// minimum, maximum, fee (posted and refunded through the ledger), the 24-hour limit under a race, the new-address
// hold on the injected clock, four-eyes, proof required, and payouts checked against the TronGrid stand-in.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { WITHDRAW_MSG } from '@app/contract';
import { loginClient, setRole, signUp, signUpAs, startTestApp, type SignedUp, type TestContext } from './helpers.js';
import { balance, expectLedgerClean, fund, moneySnapshot, systemBalance } from './money-helpers.js';
import { TronStandIn, USDT, randomTronAddress, randomTxId, usdtUnits } from './tron-standin.js';

const W = '/api/v1/withdraw';
const HOUR = 60 * 60 * 1000;
const DEFAULTS = {
  withdrawMin: 0.01,
  withdrawMax: 0,
  withdrawFeeFixed: 0,
  withdrawFeePercent: 0,
  withdrawDailyLimit: 0,
  withdrawNewAddressHoldHours: 0,
  withdrawFourEyesAbove: 0,
  withdrawProofRequired: 'optional',
};

let chain: TronStandIn;
let ctx: TestContext;
let boss: SignedUp;
let adminA: SignedUp;
let adminB: SignedUp;

beforeAll(async () => {
  chain = await new TronStandIn().start();
  ctx = await startTestApp({ TRON_API_URL: chain.url });
  boss = await signUpAs(ctx, 'SADMIN');
  adminA = await signUpAs(ctx, 'ADMIN');
  adminB = await signUpAs(ctx, 'ADMIN');
});
afterAll(async () => {
  if (ctx) await expectLedgerClean(ctx);
  await ctx?.close();
  await chain?.stop();
});

async function settings(patch: Record<string, unknown>) {
  const res = await boss.client.put('/api/v1/settings', patch);
  expect([200], res.text).toContain(res.status);
}
beforeEach(async () => {
  await settings(DEFAULTS).catch(() => {});
});

async function funded(cents: number) {
  const u = await signUp(ctx);
  if (cents > 0) await fund(ctx, u.user._id, cents);
  return u;
}

/** A fresh session: moving the clock a day on expires the ones open before (the originals stay untouched). */
const relogin = (s: SignedUp) => loginClient(ctx, s.user.email, s.password);

describe('the payout address is a Tron address', () => {
  test('wrong checksum, too short, an Ethereum address, spaces inside → 400 saying what is expected; spaces around are trimmed', async () => {
    const u = await funded(1_000);
    const good = randomTronAddress();
    // One character changed (still base58, still 34 characters): the checksum no longer matches.
    const last = good[33] === 'a' ? 'b' : 'a';
    const typo = good.slice(0, 33) + last;
    const before = await moneySnapshot(ctx);
    const cases: [string, string][] = [
      [typo, WITHDRAW_MSG.checksum],
      [good.slice(0, 30), WITHDRAW_MSG.address],
      ['0x52908400098527886E0F7030069857D2E4169EE7', WITHDRAW_MSG.address],
      [`${good.slice(0, 10)} ${good.slice(10, 33)}`, WITHDRAW_MSG.address],
      [`${good.slice(0, 17)} ${good.slice(17)}`, WITHDRAW_MSG.address],
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O', WITHDRAW_MSG.address], // O is not base58
    ];
    for (const [paymentId, message] of cases) {
      const res = await u.client.post(W, { amount: 1, paymentId });
      expect(res.status, paymentId).toBe(400);
      expect(res.body.message, paymentId).toBe(message);
    }
    expect(await moneySnapshot(ctx)).toBe(before);
    const ok = await u.client.post(W, { amount: 1, paymentId: `  ${good}\t` });
    expect(ok.status).toBe(201);
    expect(ok.body.withdrawal.paymentId).toBe(good);
  });
});

describe('minimum, maximum and fee', () => {
  test('below the minimum and above the maximum → 400 with the limit; at the limits → 201', async () => {
    await settings({ withdrawMin: 5, withdrawMax: 100 });
    const u = await funded(50_000);
    const addr = randomTronAddress();
    const low = await u.client.post(W, { amount: 4.99, paymentId: addr });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe(WITHDRAW_MSG.belowMin('5.00'));
    const high = await u.client.post(W, { amount: 100.01, paymentId: addr });
    expect(high.status).toBe(400);
    expect(high.body.message).toBe(WITHDRAW_MSG.aboveMax('100.00'));
    expect((await u.client.post(W, { amount: 5, paymentId: addr })).status).toBe(201);
    expect((await u.client.post(W, { amount: 100, paymentId: addr })).status).toBe(201);
    expect(await balance(ctx, u.user._id)).toBe(50_000 - 10_500);
  });

  test('the fee goes to income:withdrawal_fees at the request, the net is paid out, and a deleted request returns both', async () => {
    await settings({ withdrawFeeFixed: 1, withdrawFeePercent: 2.5 });
    const rules = await (await funded(0)).client.get(`${W}/rules`);
    expect(rules.body.rules).toMatchObject({ feeFixed: 1, feePercent: 2.5, min: 0.01 });
    const u = await funded(50_000);
    const fees = await systemBalance(ctx, 'income:withdrawal_fees');
    const hold = await systemBalance(ctx, 'hold:withdrawals');
    const ext = await systemBalance(ctx, 'external:withdrawals');
    const res = await u.client.post(W, { amount: 100, paymentId: randomTronAddress() });
    expect(res.status).toBe(201);
    expect(res.body.withdrawal).toMatchObject({ amount: 100, fee: 3.5, net: 96.5 });
    expect(await balance(ctx, u.user._id)).toBe(40_000);
    expect(await systemBalance(ctx, 'income:withdrawal_fees')).toBe(fees + 350);
    expect(await systemBalance(ctx, 'hold:withdrawals')).toBe(hold + 9_650);
    const paid = await adminA.client.post(`${W}/${res.body.withdrawal._id}`);
    expect(paid.status).toBe(200);
    expect(await systemBalance(ctx, 'external:withdrawals')).toBe(ext + 9_650);
    expect(await systemBalance(ctx, 'hold:withdrawals')).toBe(hold);

    const second = await u.client.post(W, { amount: 10, paymentId: randomTronAddress() });
    expect(second.body.withdrawal).toMatchObject({ fee: 1.25, net: 8.75 });
    expect((await adminA.client.del(`${W}/${second.body.withdrawal._id}`)).status).toBe(200);
    expect(await balance(ctx, u.user._id)).toBe(40_000);
    expect(await systemBalance(ctx, 'income:withdrawal_fees')).toBe(fees + 350);
    expect(await systemBalance(ctx, 'hold:withdrawals')).toBe(hold);

    // A fee that takes the whole amount is refused.
    const tiny = await u.client.post(W, { amount: 1, paymentId: randomTronAddress() });
    expect(tiny.status).toBe(400);
    expect(tiny.body.message).toBe(WITHDRAW_MSG.feeTooHigh('1.03'));
  });
});

describe('the 24-hour limit', () => {
  test('10 requests at once never pass the limit together; 24 hours later (injected clock) it is free again', async () => {
    await settings({ withdrawDailyLimit: 50 });
    const u = await funded(100_000);
    const addr = randomTronAddress();
    const results = await Promise.all(Array.from({ length: 10 }, () => u.client.post(W, { amount: 10, paymentId: addr })));
    expect(results.filter((r) => r.status === 201).length).toBe(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual(Array(5).fill(400));
    expect(refused[0].body.message).toBe(WITHDRAW_MSG.dailyLimit('50.00', '0.00'));
    expect(await balance(ctx, u.user._id)).toBe(95_000);
    ctx.clock.advance(24 * HOUR + 1000);
    try {
      const later = await relogin(u);
      expect((await later.post(W, { amount: 50, paymentId: addr })).status).toBe(201);
      expect((await later.post(W, { amount: 0.01, paymentId: addr })).status).toBe(400);
    } finally {
      ctx.clock.advance(-(24 * HOUR + 1000));
    }
  });
});

describe('the new-address hold', () => {
  test('"paid" is refused until the hold passes; an address paid before is not held again', async () => {
    await settings({ withdrawNewAddressHoldHours: 24 });
    const u = await funded(10_000);
    const addr = randomTronAddress();
    const res = await u.client.post(W, { amount: 10, paymentId: addr });
    expect(res.status).toBe(201);
    const until = res.body.withdrawal.payableAfter as string;
    expect(new Date(until).getTime() - ctx.clock.now().getTime()).toBeGreaterThan(23.9 * HOUR);
    expect(res.body.message).toBe(WITHDRAW_MSG.submittedHeld(until));
    const early = await adminA.client.post(`${W}/${res.body.withdrawal._id}`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(WITHDRAW_MSG.heldUntil(until));
    ctx.clock.advance(23 * HOUR);
    try {
      expect((await (await relogin(adminA)).post(`${W}/${res.body.withdrawal._id}`)).status).toBe(409);
      ctx.clock.advance(HOUR + 1000);
      const [admin, user] = [await relogin(adminA), await relogin(u)];
      expect((await admin.post(`${W}/${res.body.withdrawal._id}`)).status).toBe(200);
      const again = await user.post(W, { amount: 10, paymentId: addr });
      expect(again.body.withdrawal.payableAfter).toBeNull();
      expect(again.body.message).toBe(WITHDRAW_MSG.submitted);
      expect((await admin.post(`${W}/${again.body.withdrawal._id}`)).status).toBe(200);
    } finally {
      ctx.clock.advance(-(24 * HOUR + 1000));
    }
  });
});

describe('four-eyes', () => {
  test('above the threshold: the same admin cannot approve twice nor pay on their own approval; a second admin can', async () => {
    await settings({ withdrawFourEyesAbove: 50 });
    const u = await funded(20_000);
    const small = (await u.client.post(W, { amount: 50, paymentId: randomTronAddress() })).body.withdrawal._id;
    expect((await adminA.client.post(`${W}/${small}`)).status).toBe(200); // not above: one admin is enough
    const id = (await u.client.post(W, { amount: 50.01, paymentId: randomTronAddress() })).body.withdrawal._id;
    const alone = await adminA.client.post(`${W}/${id}`);
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe(WITHDRAW_MSG.fourEyes);
    expect((await adminA.client.post(`${W}/${id}/approve`)).status).toBe(200);
    const twice = await adminA.client.post(`${W}/${id}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(WITHDRAW_MSG.alreadyApproved);
    expect((await adminA.client.post(`${W}/${id}`)).body.message).toBe(WITHDRAW_MSG.fourEyes);
    // B pays on A's approval.
    expect((await adminB.client.post(`${W}/${id}`)).status).toBe(200);
    expect((await u.client.post(`${W}/${id}/approve`)).status).toBe(403);
  });

  test('a demoted admin’s approval does not count', async () => {
    await settings({ withdrawFourEyesAbove: 50 });
    const c = await signUpAs(ctx, 'ADMIN');
    const u = await funded(20_000);
    const id = (await u.client.post(W, { amount: 60, paymentId: randomTronAddress() })).body.withdrawal._id;
    expect((await c.client.post(`${W}/${id}/approve`)).status).toBe(200);
    await setRole(ctx, c.user._id, 'USER');
    expect((await adminA.client.post(`${W}/${id}`)).body.message).toBe(WITHDRAW_MSG.fourEyes);
    expect((await adminB.client.post(`${W}/${id}/approve`)).status).toBe(200);
    expect((await adminA.client.post(`${W}/${id}`)).status).toBe(200);
  });
});

describe('the desk', () => {
  test('pending requests oldest first with their rule state; the approved queue as CSV (address, net, id)', async () => {
    await settings({ withdrawFourEyesAbove: 50, withdrawNewAddressHoldHours: 24, withdrawFeeFixed: 0.5 });
    const u = await funded(50_000);
    const [a1, a2, a3] = [randomTronAddress(), randomTronAddress(), randomTronAddress()];
    const held = (await u.client.post(W, { amount: 10, paymentId: a1 })).body.withdrawal;
    await settings({ withdrawNewAddressHoldHours: 0 });
    const big = (await u.client.post(W, { amount: 80, paymentId: a2 })).body.withdrawal;
    const ready = (await u.client.post(W, { amount: 20, paymentId: a3 })).body.withdrawal;
    const desk = await adminB.client.get(`${W}/desk`);
    expect(desk.status).toBe(200);
    const mine = (desk.body.withdrawals as { _id: string }[]).filter((w) => [held._id, big._id, ready._id].includes(w._id));
    expect(mine.map((w) => w._id)).toEqual([held._id, big._id, ready._id]);
    expect(mine[0]).toMatchObject({ heldUntil: held.payableAfter, awaitingSecondAdmin: false, approvedBy: [] });
    expect(mine[1]).toMatchObject({ heldUntil: null, awaitingSecondAdmin: true, approvedBy: [] });
    const csv = async () => (await adminB.client.get(`${W}/approved.csv`)).text;
    expect(await csv()).toContain(`${a3},19.50,${ready._id}\r\n`);
    expect(await csv()).not.toContain(a1);
    expect(await csv()).not.toContain(a2);
    await adminA.client.post(`${W}/${big._id}/approve`);
    const after = (await adminB.client.get(`${W}/desk`)).body.withdrawals.find((w: { _id: string }) => w._id === big._id);
    expect(after).toMatchObject({ awaitingSecondAdmin: false, approvedBy: [adminA.user.email] });
    expect((await csv()).split('\r\n')[0]).toBe('address,net_amount,id');
    expect(await csv()).toContain(`${a2},79.50,${big._id}`);
    for (const id of [held._id, big._id, ready._id]) expect((await adminA.client.del(`${W}/${id}`)).status).toBe(200);
  });
});

describe('payout proof on the chain', () => {
  test('wrong recipient, wrong amount, reverted, fake token, not solidified, reused → refused; the right one pays once', async () => {
    await settings({ withdrawFeeFixed: 0.5 });
    const u = await funded(10_000);
    const addr = randomTronAddress();
    const id = (await u.client.post(W, { amount: 20, paymentId: addr })).body.withdrawal._id as string;
    const net = usdtUnits('19.50');
    const pay = (transactionId: string, who = adminA) => who.client.post(`${W}/${id}/payout`, { transactionId });
    const before = await moneySnapshot(ctx);

    const refusals: [string, number, string][] = [
      [chain.feed({ to: randomTronAddress(), value: net }).txId, 409, WITHDRAW_MSG.txWrongRecipient],
      [chain.feed({ to: addr, value: usdtUnits('20.00') }).txId, 409, WITHDRAW_MSG.txWrongAmount('19.50')],
      [chain.feed({ to: addr, value: net, failed: true }).txId, 409, WITHDRAW_MSG.txReverted],
      [chain.feed({ to: addr, value: net, token: randomTronAddress() }).txId, 409, WITHDRAW_MSG.txNotUsdt],
      [chain.feed({ to: addr, value: net, solid: false }).txId, 409, WITHDRAW_MSG.txNotSolid],
      [randomTxId(), 409, WITHDRAW_MSG.txNotSolid],
      ['not-a-hash', 400, WITHDRAW_MSG.txFormat],
    ];
    for (const [txId, status, message] of refusals) {
      const res = await pay(txId);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
    }
    expect(await moneySnapshot(ctx)).toBe(before);

    const good = chain.feed({ to: addr, value: net, token: USDT });
    const ok = await pay(`  0x${good.txId.toUpperCase()} `);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: WITHDRAW_MSG.paidOnChain, withdrawed: true, payoutTxId: good.txId });
    expect((await pay(good.txId)).status).toBe(409);
    const mine = (await u.client.get(`${W}/my-withdrawals`)).body.withdrawals[0];
    expect(mine).toMatchObject({ _id: id, withdrawed: true, payoutTxId: good.txId, net: 19.5 });
    const processed = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ledger_transactions where kind = 'withdrawal_process' and memo->>'withdrawalId' = ${id}`,
    );
    expect(processed.rows[0].n).toBe(1);
    const note = await ctx.db.execute<{ params: { txId?: string }; body: string }>(
      sql`select params, body from notifications where user_id = ${u.user._id} and kind = 'withdrawal_processed'`,
    );
    expect(note.rows[0].params.txId).toBe(good.txId);
    // The body (what the notification and its e-mail say) names the transaction and links the explorer.
    expect(note.rows[0].body).toContain(`https://tronscan.org/#/transaction/${good.txId}`);
    // Proven on the chain: it stays paid.
    expect((await adminA.client.post(`${W}/${id}`)).body.message).toBe(WITHDRAW_MSG.provenOnChain);

    // The same transaction cannot pay a second withdrawal of the same address and net.
    const other = (await u.client.post(W, { amount: 20, paymentId: addr })).body.withdrawal._id;
    const reused = await adminA.client.post(`${W}/${other}/payout`, { transactionId: good.txId });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(WITHDRAW_MSG.txUsed);
  });

  test('proof required: the toggle is refused, the payout route pays', async () => {
    await settings({ withdrawProofRequired: 'required' });
    const u = await funded(10_000);
    const addr = randomTronAddress();
    const id = (await u.client.post(W, { amount: 7, paymentId: addr })).body.withdrawal._id;
    const plain = await adminA.client.post(`${W}/${id}`);
    expect(plain.status).toBe(409);
    expect(plain.body.message).toBe(WITHDRAW_MSG.proofRequired);
    const t = chain.feed({ to: addr, value: usdtUnits('7') });
    expect((await adminA.client.post(`${W}/${id}/payout`, { transactionId: t.txId })).status).toBe(200);
  });
});
