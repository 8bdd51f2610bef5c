// The trigger-kept counts (migration 0005) against count(*) after sign-ups, claims and withdrawal requests at
// once, deletions, hidden records, role changes, bulk statements and audit records, and the pages showing them; the
// dashboard's figures per UTC day (migration 0033) against the records' own sums by day.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, signUpAs, type TestContext, startTestApp } from '../../../test/helpers.js';
import { fund, txHash } from '../../../test/money-helpers.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUpAs>>;
const api = (p: string) => `/api/v1${p}`;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = await signUpAs(ctx, 'SADMIN');
});
afterAll(() => ctx.close());

async function counts() {
  const { rows } = await ctx.db.execute<{ name: string; n: number; actual: number }>(sql`
    select name, sum(n)::int as n,
           case name when 'users_live' then (select count(*)::int from users where deleted_at is null)
                     when 'audit_log' then (select count(*)::int from audit_log)
                     when 'deposits_visible' then (select count(*)::int from deposits where hidden_at is null)
                     when 'withdrawals_visible' then (select count(*)::int from withdrawals where hidden_at is null)
                     when 'deposits_pending' then (select count(*)::int from deposits where deposited = false and hidden_at is null)
                     when 'deposits_pending_cents' then (select coalesce(sum(amount_cents), 0)::int from deposits where deposited = false and hidden_at is null)
                     when 'withdrawals_pending' then (select count(*)::int from withdrawals where withdrawed = false and hidden_at is null)
                     when 'withdrawals_pending_cents' then (select coalesce(sum(amount_cents), 0)::int from withdrawals where withdrawed = false and hidden_at is null)
                     end as actual
    from row_counts where name not like 'audit\_a%' and name not like '%\_day%:%' group by name order by name`);
  return rows;
}

/** The audit log's kept counts by actor and by action (migration 0023) against count(*): every one exact, none missing. */
async function expectAuditFilterCountsExact() {
  const { rows } = await ctx.db.execute<{ name: string; kept: number | null; actual: number | null }>(sql`
    with kept as (select name, sum(n)::int as n from row_counts where name like 'audit\_a%' group by name having sum(n) <> 0),
    actual as (
      select 'audit_actor:' || actor_id as name, count(*)::int as n from audit_log where actor_id is not null group by actor_id
      union all select 'audit_action:' || action, count(*)::int from audit_log group by action)
    select coalesce(k.name, a.name) as name, k.n as kept, a.n as actual from kept k full join actual a on a.name = k.name`);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.kept, r.name).toBe(r.actual);
}

/**
 * The dashboard's series kept per UTC day (migration 0033) against sums by day of the records themselves: every day
 * of every figure exact, none missing (a day whose kept rows net to zero is the same as no rows).
 */
async function expectDaySeriesExact() {
  const { rows } = await ctx.db.execute<{ name: string; kept: string | null; actual: string | null }>(sql`
    with kept as (select name, sum(n) as n from row_counts where name like '%\_day%:%' group by name having sum(n) <> 0),
    actual as (
      select 'deposits_day_cents:' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as name, sum(amount_cents) as n
        from deposits where hidden_at is null group by 1
      union all select 'withdrawals_day_cents:' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), sum(amount_cents)
        from withdrawals where hidden_at is null group by 1
      union all select 'signups_day:' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), count(*)
        from users where role = 'USER' group by 1)
    select coalesce(k.name, a.name) as name, k.n::text as kept, a.n::text as actual
    from kept k full join (select * from actual where n <> 0) a on a.name = k.name order by 1`);
  expect(rows.length).toBeGreaterThan(0);
  for (const r of rows) expect(r.kept, r.name).toBe(r.actual);
  return rows;
}

const KEPT = [
  'audit_log',
  'deposits_pending',
  'deposits_pending_cents',
  'deposits_visible',
  'users_live',
  'withdrawals_pending',
  'withdrawals_pending_cents',
  'withdrawals_visible',
] as const;

async function expectExact() {
  const rows = await counts();
  expect(rows.map((r) => r.name)).toEqual(KEPT);
  for (const r of rows) expect(r.n, r.name).toBe(r.actual);
  return Object.fromEntries(rows.map((r) => [r.name, r.n])) as Record<(typeof KEPT)[number], number>;
}

test('20 sign-ups at once, deletions and role changes keep users_live exact, and the pages show it', async () => {
  const before = await expectExact();
  const made = await Promise.all(Array.from({ length: 20 }, () => signUp(ctx)));
  expect((await expectExact()).users_live).toBe(before.users_live + 20);

  // Three deletions at once (each audited), a role change and back: live users −3, audit +5.
  const deleted = await Promise.all(made.slice(0, 3).map((m) => admin.client.del(api(`/user/${m.user._id}/delete-user`))));
  expect(deleted.map((r) => r.status)).toEqual([200, 200, 200]);
  for (const role of ['ADMIN', 'USER']) {
    expect((await admin.client.put(api(`/user/${made[3].user._id}/update-role`), { role })).status).toBe(200);
  }
  const after = await expectExact();
  expect(after.users_live).toBe(before.users_live + 17);
  expect(after.audit_log).toBe(before.audit_log + 5);
  await expectAuditFilterCountsExact();
  // The log filtered by the actor alone and by the action alone answers with the kept totals.
  const byActor = await admin.client.get(api(`/admin/audit?page=1&limit=5&actor=${encodeURIComponent(admin.user.email)}`));
  const actual = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where actor_id = ${admin.user._id}`);
  expect(byActor.body.total).toBe(actual.rows[0].n);
  expect(byActor.body.total).toBeGreaterThanOrEqual(5);
  const byAction = await admin.client.get(api('/admin/audit?page=1&limit=5&action=user.deleted'));
  const deletions = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'user.deleted'`);
  expect(byAction.body.total).toBe(deletions.rows[0].n);
  expect(byAction.body.total).toBeGreaterThanOrEqual(3);
  expect((await admin.client.get(api('/admin/audit?page=1&limit=5&actor=nobody%40example.com'))).body.total).toBe(0);
  // Today's sign-ups: the 20 (deletions keep them); the role change took one out and put it back.
  const today = new Date().toISOString().slice(0, 10);
  const signupsToday = (await expectDaySeriesExact()).find((r) => r.name === `signups_day:${today}`);
  expect(Number(signupsToday?.kept)).toBeGreaterThanOrEqual(20);

  const list = await admin.client.get(api('/user/all?page=1&limit=5'));
  expect(list.body.total).toBe(after.users_live);
  expect((await admin.client.get(api('/admin/stats/users'))).body.allUsersCount).toBe(after.users_live);
  expect((await admin.client.get(api('/admin/dashboard'))).body.users).toBe(after.users_live);
  expect((await admin.client.get(api('/admin/audit?page=1&limit=5'))).body.total).toBe(after.audit_log);
  // Filtered, the total is still counted: only the deletions.
  expect((await admin.client.get(api('/admin/audit?page=1&limit=5&action=user.deleted'))).body.total).toBe(3);
});

test('bulk statements move the counts once each; a rollback moves nothing; an edit that keeps liveness leaves the row alone', async () => {
  const before = await expectExact();
  await ctx.db.execute(sql`
    insert into users (full_name, email, phone, password_hash, referral_code, deleted_at)
    select 'Bulk ' || i, 'bulk' || i || '@example.com', '+971500000000', 'x', 'bulk' || i, case when i = 3 then now() end
    from generate_series(1, 4) as i`);
  expect((await expectExact()).users_live).toBe(before.users_live + 3); // the 4th was inserted deleted
  // Sign-ups by day: one statement moves three members to other days (each day's figure follows); staff are not sign-ups.
  await ctx.db.execute(sql`update users set created_at = now() - (i.n || ' days')::interval from (values ('bulk1@example.com', 3), ('bulk2@example.com', 40), ('bulk3@example.com', 40)) as i(email, n) where users.email = i.email`);
  await ctx.db.execute(sql`update users set role = 'ADMIN' where email = 'bulk4@example.com'`);
  await expectDaySeriesExact();
  await ctx.db.execute(sql`update users set deleted_at = now() where email in ('bulk1@example.com', 'bulk2@example.com')`);
  await ctx.db.execute(sql`update users set deleted_at = null where email = 'bulk3@example.com'`);
  expect((await expectExact()).users_live).toBe(before.users_live + 2);
  await ctx.db.execute(sql`delete from users where email like 'bulk%@example.com'`);
  expect((await expectExact()).users_live).toBe(before.users_live);
  await expectDaySeriesExact();

  await expect(
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into audit_log (action, target_type) select 'test', 'x' from generate_series(1, 7)`);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await expectExact()).toEqual(before);
  await expectDaySeriesExact();
  // A bulk insert of audit records and their deletion move the actor and action counts once each.
  await ctx.db.execute(sql`insert into audit_log (actor_id, action, target_type) select ${admin.user._id}, 'test.bulk', 'x' from generate_series(1, 7)`);
  await expectAuditFilterCountsExact();
  await ctx.db.execute(sql`delete from audit_log where action = 'test.bulk'`);
  await expectAuditFilterCountsExact();

  const version = async () => (await ctx.db.execute<{ v: string }>(sql`select string_agg(name || shard || ':' || xmin::text, ',' order by name, shard) as v from row_counts`)).rows[0].v;
  const v0 = await version();
  await ctx.db.execute(sql`update users set full_name = full_name || '!' where deleted_at is null`);
  expect(await version()).toBe(v0);
});

test('deposit claims and withdrawal requests at once, then hidden by the desk: the desk totals stay exact', async () => {
  const before = await expectExact();
  const users = await Promise.all(Array.from({ length: 10 }, () => signUp(ctx)));
  await Promise.all(users.map((u) => fund(ctx, u.user._id, 10_000)));
  const claims = await Promise.all(users.map((u) => u.client.post(api('/deposit/deposit'), { amount: 12, transactionId: txHash() })));
  const requests = await Promise.all(users.map((u) => u.client.post(api('/withdraw'), { amount: 10, paymentId: 'TDqgr8iGLyrjBvKPfsvbsH4rDaJrkXnRLV' })));
  expect(claims.map((r) => r.status)).toEqual(Array(10).fill(201));
  expect(requests.map((r) => r.status)).toEqual(Array(10).fill(201));
  let now = await expectExact();
  expect(now.deposits_visible).toBe(before.deposits_visible + 10);
  expect(now.withdrawals_visible).toBe(before.withdrawals_visible + 10);
  // Ten pending claims of 12.00 and ten pending requests of 10.00 (the dashboard's pending money, migration 0027).
  expect(now.deposits_pending).toBe(before.deposits_pending + 10);
  expect(now.deposits_pending_cents).toBe(before.deposits_pending_cents + 12_000);
  expect(now.withdrawals_pending).toBe(before.withdrawals_pending + 10);
  expect(now.withdrawals_pending_cents).toBe(before.withdrawals_pending_cents + 10_000);
  await expectDaySeriesExact();

  // The desk hides two of each (a pending deposit is hidden; a pending withdrawal is refunded, then hidden).
  for (const r of claims.slice(0, 2)) expect((await admin.client.del(api(`/deposit/deposit/${r.body.deposit._id}`))).status).toBe(200);
  for (const r of requests.slice(0, 2)) expect((await admin.client.del(api(`/withdraw/${r.body.withdrawal._id}`))).status).toBe(200);
  // An approval changes no count.
  expect((await admin.client.post(api(`/deposit/deposit/${claims[2].body.deposit._id}`), {})).status).toBe(200);
  now = await expectExact();
  expect(now.deposits_visible).toBe(before.deposits_visible + 8);
  expect(now.withdrawals_visible).toBe(before.withdrawals_visible + 8);
  // Two hidden and one approved leave seven pending claims; two refunded and hidden leave eight pending requests.
  expect(now.deposits_pending).toBe(before.deposits_pending + 7);
  expect(now.deposits_pending_cents).toBe(before.deposits_pending_cents + 7 * 1200);
  expect(now.withdrawals_pending).toBe(before.withdrawals_pending + 8);
  expect(now.withdrawals_pending_cents).toBe(before.withdrawals_pending_cents + 8 * 1000);
  const dash = (await admin.client.get(api('/admin/dashboard'))).body;
  expect(dash.pendingDeposits).toEqual({ count: now.deposits_pending, amount: now.deposits_pending_cents / 100 });
  expect(dash.pendingWithdrawals).toEqual({ count: now.withdrawals_pending, amount: now.withdrawals_pending_cents / 100 });
  expect((await admin.client.get(api('/deposit/deposit?page=1&limit=5'))).body.total).toBe(now.deposits_visible);
  expect((await admin.client.get(api('/withdraw?page=1&limit=5'))).body.total).toBe(now.withdrawals_visible);
  // Filtered totals are counted: this user's one visible deposit.
  const email = encodeURIComponent(users[3].user.email);
  expect((await admin.client.get(api(`/deposit/deposit?page=1&limit=5&email=${email}`))).body.total).toBe(1);
  // By status alone the desks' totals come from the kept counts (pending, and visible − pending), equal to count(*).
  // One request marked processed straight in the table (the payout rules are not this test's business): the triggers see it too.
  await ctx.db.execute(sql`update withdrawals set withdrawed = true where id = ${requests[3].body.withdrawal._id}`);
  const desks = [
    { path: '/deposit/deposit', table: 'deposits', done: 'deposited', doneStatus: 'deposited' },
    { path: '/withdraw', table: 'withdrawals', done: 'withdrawed', doneStatus: 'processed' },
  ];
  for (const d of desks) {
    for (const [status, isDone] of [['pending', false], [d.doneStatus, true]] as const) {
      const { rows } = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(d.table)} where hidden_at is null and ${sql.raw(d.done)} = ${isDone}`,
      );
      const listed = await admin.client.get(api(`${d.path}?page=1&limit=5&status=${status}`));
      expect(listed.body.total, `${d.path} ${status}`).toBe(rows[0].n);
      expect(rows[0].n, `${d.path} ${status}`).toBeGreaterThan(0);
    }
  }
  // Hidden, approved and processed records, then two moved to other days (one of them into the dashboard's first
  // day, one out of its window) and one deleted: the series by day stays exact, and the dashboard shows it.
  await ctx.db.execute(sql`update deposits set created_at = now() - interval '29 days' where id = ${claims[4].body.deposit._id}`);
  await ctx.db.execute(sql`update withdrawals set created_at = now() - interval '31 days' where id = ${requests[4].body.withdrawal._id}`);
  await ctx.db.execute(sql`delete from deposits where id = ${claims[5].body.deposit._id}`);
  const series = await expectDaySeriesExact();
  const kept = new Map(series.map((r) => [r.name, Number(r.kept ?? 0)]));
  const days = (await admin.client.get(api('/admin/dashboard'))).body.series as { day: string; deposits: number; withdrawals: number; signups: number }[];
  expect(days).toHaveLength(30);
  for (const d of days) {
    expect(d, d.day).toEqual({
      day: d.day,
      deposits: (kept.get(`deposits_day_cents:${d.day}`) ?? 0) / 100,
      withdrawals: (kept.get(`withdrawals_day_cents:${d.day}`) ?? 0) / 100,
      signups: kept.get(`signups_day:${d.day}`) ?? 0,
    });
  }
  expect(days[0].deposits).toBeGreaterThanOrEqual(12);
});
