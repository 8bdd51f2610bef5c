// Notifications (docs/product.md#notifications): every money and security event writes exactly one notification for the user it concerns,
// in the transaction of the change (none when it rolls back); the centre's list and read mark; the live stream
// (server-sent events), its Last-Event-ID catch-up and its end at shutdown.
import { Secret, TOTP } from 'otpauth';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POINTS_MSG, renderNotification } from '@app/contract';
import { transfer } from '../src/modules/points/points.service.js';
import { resetTokenFrom } from './leak-scan.js';
import { lastMail, signUp, signUpAs, startTestApp, type Client, type TestContext } from './helpers.js';
import { balance, fund, moneySnapshot, txHash } from './money-helpers.js';
import { openSse } from './sse.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({ REFERRAL_FIRST_DEPOSIT_BONUS: '1.50', SUBSCRIPTION_PRICE: '12', SUBSCRIPTION_MIN_BALANCE: '12' });
});
afterAll(() => ctx?.close());

type Row = {
  id: number;
  kind: string;
  title: string;
  body: string;
  params: Record<string, unknown>;
};
const rowsOf = async (userId: string) =>
  (await ctx.db.execute<Row>(sql`select id, kind, title, body, params from notifications where user_id = ${userId} order by id`)).rows;
const totalRows = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications`)).rows[0].n;

/** Runs `act` and returns the notifications it added for each of `userIds`. */
async function added(userIds: string[], act: () => Promise<unknown>): Promise<Row[][]> {
  const before = await Promise.all(userIds.map(async (id) => (await rowsOf(id)).length));
  await act();
  return Promise.all(userIds.map(async (id, i) => (await rowsOf(id)).slice(before[i])));
}

const ok = (res: { status: number; text: string }, status = 200) => expect(res.status, res.text).toBe(status);

describe('each event writes one notification for the user it concerns, with the contract’s words', () => {
  test('a transfer: the recipient sees the sender’s name and never their e-mail; the sender is told too', async () => {
    const sender = await signUp(ctx, { fullName: 'Alice Sender' });
    const recipient = await signUp(ctx, { fullName: 'Bob Recipient' });
    await fund(ctx, sender.user._id, 5_000);
    const [toSender, toRecipient] = await added([sender.user._id, recipient.user._id], async () =>
      ok(await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: '12.34' })),
    );
    expect(toRecipient.map((r) => r.kind)).toEqual(['transfer_received']);
    expect(toRecipient[0].title).toBe('Points received');
    expect(toRecipient[0].body).toBe('“Alice Sender” sent you 12.34 USDT.');
    expect(JSON.stringify(toRecipient[0])).not.toContain(sender.user.email);
    expect(toRecipient[0].params).toEqual({ amountCents: 1234, senderName: 'Alice Sender' });
    expect(toSender.map((r) => r.kind)).toEqual(['transfer_sent']);
    // The sender's line names the person, as the activity feed does; their e-mail stays in the params only.
    expect(toSender[0].body).toBe('You sent 12.34 USDT to “Bob Recipient”.');
    expect(toSender[0].body).not.toContain(recipient.user.email);
    expect(toSender[0].params).toEqual({ amountCents: 1234, recipientEmail: recipient.user.email, recipientName: 'Bob Recipient' });
  });

  test('an admin approves then reverts a deposit; the approval pays the referrer’s first-deposit bonus', async () => {
    const { client: admin } = await signUpAs(ctx, 'ADMIN');
    const referrer = await signUp(ctx);
    const member = await signUp(ctx, { fullName: 'Bob Member', refer: referrer.user.referralCode });
    const tx = txHash();
    ok(await member.client.post('/api/v1/deposit/deposit', { amount: '25', transactionId: tx }), 201);
    const [credited, bonus] = await added([member.user._id, referrer.user._id], async () =>
      ok(await admin.post(`/api/v1/deposit/deposit/${tx}`, {})),
    );
    expect(credited.map((r) => [r.kind, r.body])).toEqual([
      ['deposit_credited', `Your deposit of 25.00 USDT (transaction ${tx}) was approved and credited to your balance.`],
    ]);
    expect(bonus.map((r) => [r.kind, r.body])).toEqual([
      ['referral_earned', 'You earned 1.50 USDT: “Bob Member”, whom you referred, made their first deposit.'],
    ]);
    const [reverted, none] = await added([member.user._id, referrer.user._id], async () =>
      ok(await admin.post(`/api/v1/deposit/deposit/${tx}`, {})),
    );
    expect(reverted.map((r) => [r.kind, r.title])).toEqual([['deposit_reverted', 'Deposit reverted']]);
    expect(none).toEqual([]);
  });

  test('a withdrawal requested, processed; another refunded on deletion (taking a payment back tells nobody)', async () => {
    const { client: admin } = await signUpAs(ctx, 'ADMIN');
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 10_000);
    const [requested] = await added([u.user._id], async () => ok(await u.client.post('/api/v1/withdraw', { amount: '30', paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' }), 201));
    expect(requested.map((r) => [r.kind, r.body])).toEqual([
      ['withdrawal_requested', 'Your withdrawal of 30.00 USDT to TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV was received. The amount is held until it is processed.'],
    ]);
    const [processed] = await added([u.user._id], async () => ok(await admin.post('/api/v1/withdraw/TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV', {})));
    expect(processed.map((r) => [r.kind, r.body])).toEqual([['withdrawal_processed', 'Your withdrawal of 30.00 USDT to TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV was processed.']]);
    const [unprocessed] = await added([u.user._id], async () => ok(await admin.post('/api/v1/withdraw/TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV', {})));
    expect(unprocessed).toEqual([]);
    ok(await u.client.post('/api/v1/withdraw', { amount: '5', paymentId: 'TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x' }), 201);
    const [refunded] = await added([u.user._id], async () => ok(await admin.del('/api/v1/withdraw/TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x')));
    expect(refunded.map((r) => r.kind)).toEqual(['withdrawal_refunded']);
    expect(refunded[0].body).toContain('5.00 USDT to TQ4FrWgcE6Yo73RQL7qX8zyR3CeatAa94x was deleted and the amount returned');
  });

  test('a subscription paid with points, and one activated with a code', async () => {
    const { client: admin } = await signUpAs(ctx, 'ADMIN');
    const a = await signUp(ctx);
    await fund(ctx, a.user._id, 2_000);
    const [paid] = await added([a.user._id], async () => ok(await a.client.post('/api/v1/subscription/activate-with-points')));
    expect(paid.map((r) => [r.kind, r.body])).toEqual([['subscription_activated', 'Your subscription is active. 12.00 USDT was charged to your balance.']]);
    const b = await signUp(ctx);
    const code = (await admin.post('/api/v1/subscription/add-code')).body.code.code as string;
    const [byCode] = await added([b.user._id], async () => ok(await b.client.post('/api/v1/subscription/apply-code', { code })));
    expect(byCode.map((r) => [r.kind, r.body])).toEqual([['subscription_activated', 'Your subscription is active: you redeemed a subscription code.']]);
  });

  test('an admin adds and removes points', async () => {
    const { client: admin } = await signUpAs(ctx, 'ADMIN');
    const u = await signUp(ctx);
    const [addedRows] = await added([u.user._id], async () => ok(await admin.post('/api/v1/adpoint/addpoint', { email: u.user.email, points: '7.5' })));
    expect(addedRows.map((r) => [r.kind, r.body])).toEqual([['points_added', 'An administrator added 7.50 USDT to your balance.']]);
    const [removed] = await added([u.user._id], async () => ok(await admin.post('/api/v1/adpoint/removepoint', { email: u.user.email, points: '2' })));
    expect(removed.map((r) => [r.kind, r.body])).toEqual([['points_removed', 'An administrator removed 2.00 USDT from your balance.']]);
  });

  test('security: password changed, 2FA on and off, a sign-in from a new browser, a password reset', async () => {
    const u = await signUp(ctx);
    const id = u.user._id;
    const [changed] = await added([id], async () =>
      ok(await u.client.post('/api/v1/user/change-password', { oldPassword: u.password, newPassword: 'another-horse-7' })),
    );
    expect(changed.map((r) => r.kind)).toEqual(['password_changed']);
    expect(changed[0].body).toBe(renderNotification('password_changed', {}).body);

    // Turning 2FA on and off needs sudo mode: the password re-entered in this session.
    ok(await u.client.post('/api/v1/user/reauth', { password: 'another-horse-7' }));
    const setup = await u.client.post('/api/v1/user/2fa/setup');
    ok(setup);
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(setup.body.secret) });
    const nextPeriod = () => ctx.clock.advance(30_000 - (ctx.clock.now().getTime() % 30_000) + 1_000);
    nextPeriod();
    const [on] = await added([id], async () => ok(await u.client.post('/api/v1/user/2fa/enable', { code: totp.generate({ timestamp: ctx.clock.now().getTime() }) })));
    expect(on.map((r) => [r.kind, r.title])).toEqual([['two_factor_enabled', 'Two-factor sign-in turned on']]);
    nextPeriod();
    const [off] = await added([id], async () => ok(await u.client.post('/api/v1/user/2fa/disable', { code: totp.generate({ timestamp: ctx.clock.now().getTime() }) })));
    expect(off.map((r) => r.kind)).toEqual(['two_factor_disabled']);

    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const [signIn] = await added([id], async () =>
      ok(await ctx.client().post('/api/v1/user/login', { email: u.user.email, password: 'another-horse-7' }, { headers: { 'user-agent': chrome } }), 200),
    );
    expect(signIn.map((r) => r.kind)).toEqual(['new_sign_in']);
    // The browser and system by name, never the raw header.
    expect(signIn[0].body).toContain('had not used before: Chrome on Linux, address 127.0.0.1.');
    expect(signIn[0].body).not.toContain('Mozilla');
    // The same browser again is not new.
    const [again] = await added([id], async () => ok(await u.client.post('/api/v1/user/login', { email: u.user.email, password: 'another-horse-7' })));
    expect(again).toEqual([]);

    ok(await ctx.client().post('/api/v1/user/reset', { email: u.user.email }));
    const token = resetTokenFrom(await lastMail(ctx, u.user.email));
    const [reset] = await added([id], async () => ok(await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'third-horse-55' })));
    expect(reset.map((r) => r.kind)).toEqual(['password_reset']);
  });
});

describe('a change that does not commit leaves no notification (and sends nothing to a stream)', () => {
  test('refused transfers and a transaction that fails after its posting', async () => {
    const sender = await signUp(ctx);
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 1_000);
    const stream = await openSse(ctx.url, recipient.client, '/api/v1/notifications/stream');
    const before = await totalRows();
    const money = await moneySnapshot(ctx);
    // Refused inside the transaction: more than the balance, to oneself, to nobody.
    expect((await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: '10.01' })).body.message).toBe(POINTS_MSG.insufficient);
    expect((await sender.client.post('/api/v1/point/transfer', { recipientEmail: sender.user.email, points: '1' })).body.message).toBe(POINTS_MSG.selfTransfer);
    expect((await sender.client.post('/api/v1/point/transfer', { recipientEmail: 'nobody@example.com', points: '1' })).status).toBe(404);
    // A transfer whose posting and notifications were written, then the transaction failed.
    await expect(
      ctx.db.transaction(async (tx) => {
        await transfer(tx, { id: sender.user._id, email: sender.user.email, fullName: 'Sender' }, { recipientEmail: recipient.user.email, points: 500 });
        const mid = await tx.execute<{ n: number }>(sql`select count(*)::int as n from notifications where user_id = ${recipient.user._id}`);
        expect(mid.rows[0].n).toBe(1); // written in the transaction…
        throw new Error('forced failure after the posting');
      }),
    ).rejects.toThrow('forced failure');
    expect(await totalRows()).toBe(before); // …and gone with it
    expect(await moneySnapshot(ctx)).toBe(money);
    expect(await balance(ctx, recipient.user._id)).toBe(0);
    // Nothing reached the recipient's open stream; a committed transfer then does, alone. Its event is the signal:
    // one NOTIFY connection delivers in commit order, so anything the failed transaction had sent would come first.
    ok(await sender.client.post('/api/v1/point/transfer', { recipientEmail: recipient.user.email, points: '1' }));
    const [ev] = await stream.waitFor(1, 10_000);
    expect(JSON.parse(ev.data)).toMatchObject({ kind: 'transfer_received', body: expect.stringContaining('1.00 USDT') });
    expect(stream.events).toHaveLength(1);
    stream.close();
  });
});

describe('the centre: list, unread, read', () => {
  async function userWith(n: number) {
    const u = await signUp(ctx);
    await ctx.db.execute(sql`
      insert into notifications (user_id, kind, params, title, body)
      select ${u.user._id}, 'announcement', '{}', 'Note ' || g, 'Body ' || g from generate_series(1, ${n}) g`);
    return u;
  }

  test('paged newest first, with total and unread; limit is capped', async () => {
    const u = await userWith(25);
    const p1 = await u.client.get('/api/v1/notifications?page=1&limit=10');
    ok(p1);
    expect(p1.body).toMatchObject({ success: true, page: 1, total: 25, unread: 25 });
    expect(p1.body.notifications.map((n: { title: string }) => n.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Note ${25 - i}`));
    expect(Object.keys(p1.body.notifications[0]).sort()).toEqual(['_id', 'body', 'createdAt', 'kind', 'read', 'title']);
    const p3 = await u.client.get('/api/v1/notifications?page=3&limit=10');
    expect(p3.body.notifications.map((n: { title: string }) => n.title)).toEqual(['Note 5', 'Note 4', 'Note 3', 'Note 2', 'Note 1']);
    const dflt = await u.client.get('/api/v1/notifications');
    expect(dflt.body.notifications).toHaveLength(20);
    expect((await u.client.get('/api/v1/notifications?limit=101')).status).toBe(400);
    expect((await ctx.client().get('/api/v1/notifications')).status).toBe(401);
  });

  test('read one, then all; another user’s ids change nothing', async () => {
    const u = await userWith(3);
    const other = await userWith(2);
    const mine = (await u.client.get('/api/v1/notifications')).body.notifications as { _id: string; read: boolean }[];
    const theirs = (await other.client.get('/api/v1/notifications')).body.notifications as { _id: string }[];
    const one = await u.client.post('/api/v1/notifications/read', { ids: [mine[1]._id] });
    ok(one);
    expect(one.body.unread).toBe(2);
    const list = (await u.client.get('/api/v1/notifications')).body;
    expect(list.unread).toBe(2);
    expect(list.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, true, false]);
    // Someone else's ids: accepted, but nothing of theirs changes.
    const foreign = await u.client.post('/api/v1/notifications/read', { ids: theirs.map((n) => n._id) });
    ok(foreign);
    expect(foreign.body.unread).toBe(2);
    expect((await other.client.get('/api/v1/notifications')).body.unread).toBe(2);
    ok(await u.client.post('/api/v1/notifications/read', { all: true }));
    expect((await u.client.get('/api/v1/notifications')).body.unread).toBe(0);
    expect((await other.client.get('/api/v1/notifications')).body.unread).toBe(2);
    expect((await u.client.post('/api/v1/notifications/read', {})).status).toBe(400);
    expect((await u.client.post('/api/v1/notifications/read', { ids: ['not-an-id'] })).status).toBe(400);
    expect((await u.client.post('/api/v1/notifications/read', { all: true }, { csrf: false })).status).toBe(403);
  });
});

describe('the stream (server-sent events)', () => {
  const fundAndSend = async (from: { client: Client }, toEmail: string, points: string) =>
    ok(await from.client.post('/api/v1/point/transfer', { recipientEmail: toEmail, points }));

  // How soon it arrives is a benchmark figure (bench/api-timings.ts), not a test threshold.
  test('an open stream receives a new notification, with its id and the unread count', async () => {
    const sender = await signUp(ctx, { fullName: 'Carol Streams' });
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 1_000);
    const stream = await openSse(ctx.url, recipient.client, '/api/v1/notifications/stream');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('content-security-policy')).toBeTruthy();
    await fundAndSend(sender, recipient.user.email, '2.50');
    const [ev] = await stream.waitFor(1, 10_000);
    expect(stream.retry).toBeGreaterThan(0);
    expect(ev.event).toBe('notification');
    const data = JSON.parse(ev.data);
    expect(data).toMatchObject({ kind: 'transfer_received', title: 'Points received', body: '“Carol Streams” sent you 2.50 USDT.', read: false, unread: 1 });
    const [row] = await rowsOf(recipient.user._id);
    expect(ev.id).toBe(String(row.id));
    // The sender's own stream would have had the sent one; the recipient's has nothing else: the next transfer's
    // event (delivered in commit order) comes right after the first.
    await fundAndSend(sender, recipient.user.email, '0.25');
    const events = await stream.waitFor(2, 10_000);
    expect(JSON.parse(events[1].data).body).toBe('“Carol Streams” sent you 0.25 USDT.');
    expect(stream.events).toHaveLength(2);
    stream.close();
  });

  test('reconnecting with Last-Event-ID gets the ones missed while away, and not the earlier ones', async () => {
    const sender = await signUp(ctx, { fullName: 'Dave Away' });
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 10_000);
    // Two before the first connection: a new stream without Last-Event-ID starts after them.
    await fundAndSend(sender, recipient.user.email, '1');
    await fundAndSend(sender, recipient.user.email, '2');
    const first = await openSse(ctx.url, recipient.client, '/api/v1/notifications/stream');
    await fundAndSend(sender, recipient.user.email, '3');
    const [seen] = await first.waitFor(1);
    expect(JSON.parse(seen.data).body).toContain('3.00 USDT');
    first.close();
    await first.ended;
    // Away: three more.
    for (const p of ['4', '5', '6']) await fundAndSend(sender, recipient.user.email, p);
    const again = await openSse(ctx.url, recipient.client, '/api/v1/notifications/stream', seen.id);
    const caught = await again.waitFor(3);
    expect(caught.map((e) => JSON.parse(e.data).body)).toEqual(['4.00', '5.00', '6.00'].map((p) => `“Dave Away” sent you ${p} USDT.`));
    expect(JSON.parse(caught[2].data).unread).toBe(6);
    // And it stays live; the next event is the new one (nothing earlier was sent twice).
    await fundAndSend(sender, recipient.user.email, '7');
    expect(JSON.parse((await again.waitFor(4, 10_000))[3].data).body).toContain('7.00 USDT');
    expect(again.events).toHaveLength(4);
    again.close();
  });

  test('the instance’s LISTEN connection is cut: it reconnects, and what committed meanwhile still arrives', async () => {
    const sender = await signUp(ctx, { fullName: 'Fay Cut' });
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 1_000);
    const stream = await openSse(ctx.url, recipient.client, '/api/v1/notifications/stream');
    const cut = await ctx.db.execute<{ ok: boolean }>(sql`
      select pg_terminate_backend(pid) as ok from pg_stat_activity
      where datname = current_database() and query = 'LISTEN notifications' and pid <> pg_backend_pid()`);
    expect(cut.rows.length).toBe(1); // this app's one listener
    // Written while no connection listens: its NOTIFY reaches nobody.
    await fundAndSend(sender, recipient.user.email, '1.25');
    const [ev] = await stream.waitFor(1, 5_000);
    expect(JSON.parse(ev.data).body).toBe('“Fay Cut” sent you 1.25 USDT.');
    // Listening again: the next one arrives as usual.
    await fundAndSend(sender, recipient.user.email, '2.25');
    expect(JSON.parse((await stream.waitFor(2, 2_000))[1].data).body).toBe('“Fay Cut” sent you 2.25 USDT.');
    stream.close();
  });

  test('NOTIFY names only users someone streams to, one a user, also for a bulk insert (migration 0030)', async () => {
    const listener = new pg.Client({ connectionString: ctx.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => m.channel === 'notifications' && heard.push(m.payload ?? ''));
    await listener.query('LISTEN notifications');
    try {
      const sender = await signUp(ctx, { fullName: 'Gus Quiet' });
      const quiet = await signUp(ctx);
      const watched = await signUp(ctx);
      await fund(ctx, sender.user._id, 10_000);
      const stream = await openSse(ctx.url, watched.client, '/api/v1/notifications/stream');
      expect(stream.status).toBe(200);
      // Nobody streams to the sender or to `quiet`: that transfer NOTIFYs nothing. NOTIFYs arrive in commit order,
      // so the first payload heard after it is the next transfer's, to the watched user alone (not the sender).
      await fundAndSend(sender, quiet.user.email, '1');
      await fundAndSend(sender, watched.user.email, '2');
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(heard[0]).toBe(watched.user._id);
      await stream.waitFor(1, 10_000);
      // A bulk insert for 150 users, the watched one among them (the trigger of 0013/0021 sent "*" above 100 users):
      // one NOTIFY, naming that user only.
      const bulk = await ctx.db.execute<{ id: string }>(sql`
        with added as (
          insert into users (full_name, email, phone, password_hash, referral_code)
          select 'Bulk ' || i, 'bulk-notify-' || i || '@example.com', '+971500000000', 'x', 'BULKNTF' || i from generate_series(1, 149) i
          returning id
        ), accounts as (insert into ledger_accounts (user_id) select id from added)
        select id from added`);
      heard.length = 0;
      const ids = [...bulk.rows.map((r) => r.id), watched.user._id];
      await ctx.db.execute(sql`
        insert into notifications (user_id, kind, title, body)
        select u, 'announcement', 'Bulk', 'One of many' from unnest(${`{${ids.join(',')}}`}::uuid[]) u`);
      const [, got] = await stream.waitFor(2, 10_000);
      expect(JSON.parse(got.data).body).toBe('One of many');
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(heard).toEqual([watched.user._id]);
      stream.close();
    } finally {
      await listener.end();
    }
  });

  test('only a signed-in user may open one', async () => {
    const res = await openSse(ctx.url, ctx.client(), '/api/v1/notifications/stream');
    expect(res.status).toBe(401);
  });

  // How long the shutdown takes is a benchmark figure (bench/api-timings.ts); a hang fails on the test's timeout.
  test('closing the app ends its streams (the shutdown does not wait for them)', async () => {
    const other = await startTestApp({}, { databaseUrl: ctx.databaseUrl });
    const u = await signUp(other);
    const stream = await openSse(other.url, u.client, '/api/v1/notifications/stream');
    expect(stream.status).toBe(200);
    await other.close();
    await stream.ended;
  });
});
