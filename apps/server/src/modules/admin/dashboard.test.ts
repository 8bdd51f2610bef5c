// The admin dashboard against figures computed straight from the database, after a seeded mix of
// pending and approved deposits (some hidden), withdrawals, sign-ups on past days and a deleted user.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { deposits, withdrawals } from '../../db/schema/index.js';
import { post } from '../../ledger/ledger.js';
import { signUp, signUpAs, type TestContext, startTestApp } from '../../../test/helpers.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUpAs>>;

const api = (p: string) => `/api/v1${p}`;
const DAY = 86_400_000;
const todayStart = () => Date.parse(new Date().toISOString().slice(0, 10));
/** A moment `days` UTC days before today, `ms` after that day's midnight. */
const at = (days: number, ms = 12 * 3_600_000) => new Date(todayStart() - days * DAY + ms);

// [days ago, ms into the day, cents, approved?, hidden?]
type Seed = [number, number, number, boolean, boolean];
const depositSeeds: Seed[] = [
  [0, 3_600_000, 1_234, false, false],
  [0, 7_200_000, 5_000, true, false],
  [5, 0, 2_050, false, false],
  [5, 1, 999_900, false, true], // hidden: counted nowhere
  [29, 0, 700, true, false], // first day of the window, at midnight
  [30, DAY - 1, 800, false, false], // a millisecond before the window: pending, but not in the series
  [45, 0, 10_000, true, false],
];
const withdrawalSeeds: Seed[] = [
  [0, 1_000, 300, false, false],
  [3, 0, 4_500, true, false],
  [3, 10, 1_500, false, true], // hidden
  [12, 0, 2_575, false, false],
  [31, 0, 9_900, false, false],
];

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signUpAs(ctx, 'ADMIN');

  const users: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let i = 0; i < 6; i++) users.push(await signUp(ctx));
  // Sign-ups on past days (one outside the window), two subscribers, one deleted (and subscribed) user.
  const backdate = [2, 2, 29, 30];
  for (const [i, days] of backdate.entries()) {
    await ctx.db.execute(sql`update users set created_at = ${at(days)} where id = ${users[i].user._id}`);
  }
  // Staff who joined 7 days ago, beside one member: only the member is a sign-up.
  const staff = [await signUpAs(ctx, 'ADMIN'), await signUpAs(ctx, 'SADMIN')];
  for (const s of [...staff, await signUp(ctx)]) await ctx.db.execute(sql`update users set created_at = ${at(7)} where id = ${s.user._id}`);
  for (const u of [users[0], users[4]]) await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${u.user._id}`);

  const owner = (i: number) => users[i % users.length].user._id;
  await ctx.db.insert(deposits).values(
    depositSeeds.map(([days, ms, cents, approved, hidden], i) => {
      const key = randomBytes(32).toString('hex');
      return { userId: owner(i), amountCents: cents, transactionId: key, transactionKey: key, deposited: approved, hiddenAt: hidden ? new Date() : null, createdAt: at(days, ms) };
    }),
  );
  await ctx.db.insert(withdrawals).values(
    withdrawalSeeds.map(([days, ms, cents, processed, hidden], i) => ({
      userId: owner(i),
      amountCents: cents,
      paymentId: `pay-${i}`,
      withdrawed: processed,
      hiddenAt: hidden ? new Date() : null,
      createdAt: at(days, ms),
    })),
  );
  // Balances move only through the ledger: credits to three users, one of them then holds a withdrawal.
  await ctx.db.transaction(async (tx) => {
    for (const [i, cents] of [[0, 12_345], [1, 6_000], [4, 10_000]] as const) {
      await post(tx, {
        kind: 'test.credit',
        eventKey: `test:credit:${i}`,
        postings: [
          { account: { code: 'external:deposits' }, amountCents: -cents },
          { account: { userId: users[i].user._id }, amountCents: cents },
        ],
      });
    }
    await post(tx, {
      kind: 'test.hold',
      eventKey: 'test:hold:1',
      postings: [
        { account: { userId: users[1].user._id }, amountCents: -1_000 },
        { account: { code: 'hold:withdrawals' }, amountCents: 1_000 },
      ],
    });
  });
  expect((await admin.client.del(api(`/user/${users[4].user._id}/delete-user`))).status).toBe(200);
});
afterAll(() => ctx.close());

test('anonymous → 401, USER → 403', async () => {
  const user = await signUp(ctx);
  expect((await ctx.client().get(api('/admin/dashboard'))).status).toBe(401);
  expect((await user.client.get(api('/admin/dashboard'))).status).toBe(403);
});

test('headline figures equal the database’s own sums', async () => {
  const res = await admin.client.get(api('/admin/dashboard'));
  expect(res.status).toBe(200);
  const { rows } = await ctx.db.execute<Record<string, number>>(sql`
    select
      (select count(*)::int from users where deleted_at is null) as users,
      (select count(*)::int from users where deleted_at is null and subscribed_at is not null) as subscribers,
      (select count(*)::int from deposits where not deposited and hidden_at is null) as dep_n,
      (select coalesce(sum(amount_cents), 0)::int from deposits where not deposited and hidden_at is null) as dep_c,
      (select count(*)::int from withdrawals where not withdrawed and hidden_at is null) as wd_n,
      (select coalesce(sum(amount_cents), 0)::int from withdrawals where not withdrawed and hidden_at is null) as wd_c,
      (select coalesce(sum(balance_cents), 0)::int from ledger_accounts where user_id is not null) as balances`);
  const db = rows[0];
  expect(res.body).toMatchObject({
    success: true,
    users: db.users,
    subscribers: db.subscribers,
    pendingDeposits: { count: db.dep_n, amount: db.dep_c / 100 },
    pendingWithdrawals: { count: db.wd_n, amount: db.wd_c / 100 },
    userBalances: db.balances / 100,
  });
  // And the seed as written by hand: 11 accounts (3 of them the staff and member of 7 days ago), one deleted;
  // subscribers 1 (the other was deleted).
  expect(res.body).toMatchObject({
    users: 10,
    subscribers: 1,
    pendingDeposits: { count: 3, amount: 40.84 },
    pendingWithdrawals: { count: 3, amount: 127.75 },
    userBalances: 273.45, // 123.45 + 60.00 − 10.00 held + 100.00 (the deleted user’s, still owed)
  });
});

test('the series: the last 30 UTC days, oldest first, zeros filled, equal to per-day SQL sums', async () => {
  const res = await admin.client.get(api('/admin/dashboard'));
  const series: { day: string; deposits: number; withdrawals: number; signups: number }[] = res.body.series;
  const days = Array.from({ length: 30 }, (_, i) => new Date(todayStart() - (29 - i) * DAY).toISOString().slice(0, 10));
  expect(series.map((d) => d.day)).toEqual(days);

  for (const d of series) {
    const { rows } = await ctx.db.execute<{ dep: number; wd: number; su: number }>(sql`
      select
        (select coalesce(sum(amount_cents), 0)::int from deposits
          where hidden_at is null and created_at >= ${d.day}::timestamp at time zone 'UTC'
            and created_at < (${d.day}::date + 1)::timestamp at time zone 'UTC') as dep,
        (select coalesce(sum(amount_cents), 0)::int from withdrawals
          where hidden_at is null and created_at >= ${d.day}::timestamp at time zone 'UTC'
            and created_at < (${d.day}::date + 1)::timestamp at time zone 'UTC') as wd,
        (select count(*)::int from users
          where role = 'USER' and created_at >= ${d.day}::timestamp at time zone 'UTC'
            and created_at < (${d.day}::date + 1)::timestamp at time zone 'UTC') as su`);
    expect(d, d.day).toEqual({ day: d.day, deposits: rows[0].dep / 100, withdrawals: rows[0].wd / 100, signups: rows[0].su });
  }

  // The seed by hand: today, 2, 3, 5, 12 and 29 days ago carry figures; everything else is zero.
  const byAge = (age: number) => series[29 - age];
  expect(byAge(0)).toMatchObject({ deposits: 62.34, withdrawals: 3 });
  // Today: the 2 members not backdated and the member of the 403 test; the ADMIN of beforeAll is staff.
  expect(byAge(0).signups).toBe(3);
  expect(byAge(2)).toEqual({ day: days[27], deposits: 0, withdrawals: 0, signups: 2 });
  expect(byAge(3)).toEqual({ day: days[26], deposits: 0, withdrawals: 45, signups: 0 });
  expect(byAge(5)).toEqual({ day: days[24], deposits: 20.5, withdrawals: 0, signups: 0 });
  expect(byAge(12)).toEqual({ day: days[17], deposits: 0, withdrawals: 25.75, signups: 0 });
  expect(byAge(29)).toEqual({ day: days[0], deposits: 7, withdrawals: 0, signups: 1 });
  // Seven days ago an ADMIN, a SADMIN and one member joined: staff are not sign-ups.
  expect(byAge(7)).toEqual({ day: days[22], deposits: 0, withdrawals: 0, signups: 1 });
  const busy = new Set([0, 2, 3, 5, 7, 12, 29]);
  for (let age = 0; age < 30; age++) {
    if (!busy.has(age)) expect(byAge(age), `${age} days ago`).toEqual({ day: days[29 - age], deposits: 0, withdrawals: 0, signups: 0 });
  }
});

test('the figures come from aggregate queries served by indexes', async () => {
  // The partial indexes the pending figures use exist (a migration that lost them would fail here).
  const { rows } = await ctx.db.execute<{ indexname: string }>(sql`
    select indexname from pg_indexes where indexname in ('deposits_pending_idx', 'withdrawals_pending_idx', 'users_admin_list_idx')`);
  expect(rows.map((r) => r.indexname).sort()).toEqual(['deposits_pending_idx', 'users_admin_list_idx', 'withdrawals_pending_idx']);
});
