// Seeds the bench database with set-based SQL (generate_series INSERT … SELECT) straight into the tables, at a
// `scale` (1 by default): 100,000 users, 100,000 deposits, 100,000 withdrawals, 1,000,000 ledger entries, 150,000
// audit records and 425,000 notifications times the scale (`npm run bench` 1, the large-data bench 10, the quick
// one 0.1). Numbers below are at scale 1.
//
// Nothing is disabled. Ledger rows go through the normal tables, so the entry trigger moves the balances,
// the CHECK keeps user balances >= 0 and the deferred trigger checks that every transaction sums to zero at
// commit. Inserts run in batches of BATCH ledger transactions per statement: a batch updates a system
// account once per entry, and a row updated many times inside one transaction grows a version chain that
// every later update in that transaction walks.
//
// The money, in order (so no user balance is ever negative at any point):
//   1. deposits: one per user, 500-506 USDT; 3 in 4 approved (deposit_approve: external:deposits -> user),
//      the other quarter pending (1 in 100 of those hidden); users without an approved deposit get an admin
//      adjustment of 500 USDT instead (adjustment_add: equity:adjustments -> user);
//      = 75,000 + 25,000 transactions, 200,000 entries
//   2. withdrawals: one per user, 10-14 USDT, all requested (user -> hold:withdrawals), every second one
//      processed (hold -> external:withdrawals)            = 150,000 transactions, 300,000 entries
// Referrals: user #1 referred #1001-#1025, each of those 20 of #1026-#1525, and those the rest up to #11000 (#1000 +
// 10,000 × scale), so #1 has 10,000 × scale people in the three paid levels (the team page's benchmark); other
// users follow i % 10 = 3 → i / 10.
//   3. transfers of 1.00 between users: every fifth goes to the "heavy" user #1, so that user has a long
//      statement (~50,000 entries); the rest spread over all users   = 250,000 transactions, 500,000 entries
// Audit: one record per approval, processing and adjustment (150,000), by the bench admin.
// Notifications: one per approved deposit, withdrawal request and transfer received (425,000), read for the most part.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

const BATCH = 2_000;
const DAY = 86_400_000;

/** Deterministic ids, so the bench knows user #i's id without asking. */
export const userEmail = (i) => `bench${i}@example.com`;
export const isDeleted = (i) => i % 100 === 50;

export async function seed(url, { adminEmail, log, scale = 1 }) {
  const USERS = Math.round(100_000 * scale);
  const TRANSFERS = Math.round(250_000 * scale);
  /** User #1's referral team: #1001-#1025 at level 1, 500 at level 2, the rest to #TEAM_END at level 3. */
  const TEAM_END = 1_000 + Math.max(1_000, Math.round(10_000 * scale));
  const n = (x) => Math.round(x * scale).toLocaleString('en');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text, params) => client.query(text, params);
  const timed = async (label, fn) => {
    const t = Date.now();
    const r = await fn();
    log(`seed: ${label} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    return r;
  };
  try {
    const { rows: adminRows } = await q('select id, password_hash from users where email = $1', [adminEmail]);
    const admin = adminRows[0].id;
    // Every seeded user shares the admin's argon2id hash (the bench never logs them in; it makes sessions).
    const passwordHash = adminRows[0].password_hash;

    await timed(`${n(100_000)} users and their ledger accounts`, async () => {
      await q(
        `insert into users (id, full_name, email, phone, password_hash, role, referral_code, referred_by, subscribed_at, deleted_at, created_at, updated_at)
         select md5('bench-user-' || i)::uuid, 'Bench User ' || i, 'bench' || i || '@example.com', '+971 50 ' || lpad(i::text, 7, '0'),
                $1, 'USER', 'bench' || i,
                case when i between 1001 and 1025 then md5('bench-user-1')::uuid
                     when i between 1026 and 1525 then md5('bench-user-' || (1001 + (i - 1026) / 20))::uuid
                     when i between 1526 and ${TEAM_END} then md5('bench-user-' || (1026 + (i - 1526) % 500))::uuid
                     when i > 10 and i % 10 = 3 then md5('bench-user-' || (i / 10))::uuid end,
                case when i % 10 = 0 then now() - (i % 300) * interval '1 hour' end,
                case when i % 100 = 50 then now() - interval '1 day' end,
                now() - (i * interval '5 minutes'), now()
         from generate_series(1, ${USERS}) as i`,
        [passwordHash],
      );
      await q(`insert into ledger_accounts (user_id) select md5('bench-user-' || i)::uuid from generate_series(1, ${USERS}) as i`);
      // i -> user and account, for the statements below (a temporary table of this session only).
      await q(`create temp table bench_map as
               select i, u.id as user_id, a.id as account_id, u.email
               from generate_series(1, ${USERS}) as i
               join users u on u.id = md5('bench-user-' || i)::uuid
               join ledger_accounts a on a.user_id = u.id`);
      await q('create unique index on bench_map (i)');
      await q('analyze bench_map');
    });
    const sys = Object.fromEntries((await q('select code, id from ledger_accounts where code is not null')).rows.map((r) => [r.code, Number(r.id)]));

    await timed(`${n(100_000)} deposits`, () =>
      q(`insert into deposits (user_id, amount_cents, transaction_id, transaction_key, deposited, version, hidden_at, created_at, updated_at)
         select m.user_id, 50000 + (i % 7) * 100, md5('dep-a' || i) || md5('dep-b' || i), md5('dep-a' || i) || md5('dep-b' || i),
                i % 4 <> 0, case when i % 4 <> 0 then 1 else 0 end,
                case when i % 400 = 0 then now() end,
                now() - (i * interval '5 minutes') + interval '1 minute', now()
         from bench_map m`),
    );
    await timed(`${n(100_000)} withdrawals`, () =>
      q(`insert into withdrawals (user_id, amount_cents, payment_id, withdrawed, version, created_at, updated_at)
         select m.user_id, 1000 + (i % 5) * 100, 'TRC20-' || md5('pay' || i), i % 2 = 0, case when i % 2 = 0 then 1 else 0 end,
                now() - (i * interval '5 minutes') + interval '3 minutes', now()
         from bench_map m`),
    );

    // Each step: ledger transactions for users lo..hi, returning their ids, then their entries, in one statement.
    const batched = async (label, sqlFor, total = USERS) => {
      await timed(label, async () => {
        for (let lo = 1; lo <= total; lo += BATCH) await q(sqlFor(lo, Math.min(total, lo + BATCH - 1)));
      });
    };

    await batched(`${n(75_000)} deposit approvals (${n(150_000)} entries)`, (lo, hi) => `
      with d as (
        select d.id, d.amount_cents, d.transaction_id, d.created_at, m.account_id
        from bench_map m join deposits d on d.user_id = m.user_id
        where m.i between ${lo} and ${hi} and d.deposited
      ), t as (
        insert into ledger_transactions (kind, event_key, memo, actor_id, created_at)
        select 'deposit_approve', 'deposit:' || d.id || ':v1', jsonb_build_object('depositId', d.id, 'transactionId', d.transaction_id),
               '${admin}', d.created_at + interval '1 minute'
        from d order by d.created_at
        returning id, (memo->>'depositId')::uuid as deposit_id, created_at
      ), e as (
        insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
        select t.id, x.account_id, x.amount, t.created_at
        from t join d on d.id = t.deposit_id
        cross join lateral (values (${sys['external:deposits']}::bigint, -d.amount_cents), (d.account_id, d.amount_cents)) as x(account_id, amount)
        order by t.id, x.account_id
        returning 1
      )
      insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
      select '${admin}', 'deposit.approved', 'deposit', d.id::text,
             json_build_object('deposited', false, 'amount', d.amount_cents / 100.0, 'transactionId', d.transaction_id, 'hidden', false)::text,
             json_build_object('deposited', true, 'amount', d.amount_cents / 100.0, 'transactionId', d.transaction_id, 'hidden', false)::text,
             t.created_at
      from t join d on d.id = t.deposit_id`);

    await batched(`${n(25_000)} admin adjustments (${n(50_000)} entries)`, (lo, hi) => `
      with m as (select * from bench_map where i between ${lo} and ${hi} and i % 4 = 0),
      t as (
        insert into ledger_transactions (kind, event_key, memo, actor_id, created_at)
        select 'adjustment_add', 'adjustment:bench:' || m.i, jsonb_build_object('userId', m.user_id, 'email', m.email), '${admin}',
               now() - (m.i * interval '5 minutes') + interval '2 minutes'
        from m order by m.i
        returning id, (memo->>'userId')::uuid as user_id, created_at
      ), e as (
        insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
        select t.id, x.account_id, x.amount, t.created_at
        from t join m on m.user_id = t.user_id
        cross join lateral (values (${sys['equity:adjustments']}::bigint, -50000::bigint), (m.account_id, 50000::bigint)) as x(account_id, amount)
        order by t.id, x.account_id
        returning 1
      )
      insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
      select '${admin}', 'points.added', 'user', m.user_id::text, null,
             json_build_object('email', m.email, 'points', 500)::text, t.created_at
      from t join m on m.user_id = t.user_id`);

    await batched(`${n(100_000)} withdrawal requests (${n(200_000)} entries)`, (lo, hi) => `
      with w as (
        select w.id, w.amount_cents, w.payment_id, w.created_at, m.account_id, m.user_id
        from bench_map m join withdrawals w on w.user_id = m.user_id
        where m.i between ${lo} and ${hi}
      ), t as (
        insert into ledger_transactions (kind, event_key, memo, actor_id, created_at)
        select 'withdrawal_request', 'withdrawal:' || w.id || ':request', jsonb_build_object('withdrawalId', w.id, 'paymentId', w.payment_id),
               w.user_id, w.created_at
        from w order by w.created_at
        returning id, (memo->>'withdrawalId')::uuid as withdrawal_id, created_at
      )
      insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
      select t.id, x.account_id, x.amount, t.created_at
      from t join w on w.id = t.withdrawal_id
      cross join lateral (values (${sys['hold:withdrawals']}::bigint, w.amount_cents), (w.account_id, -w.amount_cents)) as x(account_id, amount)
      order by t.id, x.account_id`);

    await batched(`${n(50_000)} withdrawals processed (${n(100_000)} entries)`, (lo, hi) => `
      with w as (
        select w.id, w.amount_cents, w.payment_id, w.created_at, m.user_id
        from bench_map m join withdrawals w on w.user_id = m.user_id
        where m.i between ${lo} and ${hi} and w.withdrawed
      ), t as (
        insert into ledger_transactions (kind, event_key, memo, actor_id, created_at)
        select 'withdrawal_process', 'withdrawal:' || w.id || ':v1',
               jsonb_build_object('withdrawalId', w.id, 'paymentId', w.payment_id, 'userId', w.user_id),
               '${admin}', w.created_at + interval '1 hour'
        from w order by w.created_at
        returning id, (memo->>'withdrawalId')::uuid as withdrawal_id, created_at
      ), e as (
        insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
        select t.id, x.account_id, x.amount, t.created_at
        from t join w on w.id = t.withdrawal_id
        cross join lateral (values (${sys['hold:withdrawals']}::bigint, -w.amount_cents), (${sys['external:withdrawals']}::bigint, w.amount_cents)) as x(account_id, amount)
        order by t.id, x.account_id
        returning 1
      )
      insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
      select '${admin}', 'withdrawal.processed', 'withdrawal', w.id::text,
             json_build_object('withdrawed', false, 'amount', w.amount_cents / 100.0, 'paymentId', w.payment_id, 'hidden', false)::text,
             json_build_object('withdrawed', true, 'amount', w.amount_cents / 100.0, 'paymentId', w.payment_id, 'hidden', false)::text,
             t.created_at
      from t join w on w.id = t.withdrawal_id`);

    // Transfer k: from user 1 + k % USERS (never #1) to #1 when k % 5 = 0, else to a user far away.
    await batched(
      `${TRANSFERS.toLocaleString('en')} transfers (${(2 * TRANSFERS).toLocaleString('en')} entries)`,
      (lo, hi) => `
      with p as (
        select k, s.user_id as from_user, s.email as from_email, s.account_id as from_account,
               r.user_id as to_user, r.email as to_email, r.account_id as to_account
        from generate_series(${lo}, ${hi}) as k
        join bench_map s on s.i = 2 + k % (${USERS} - 1)
        join bench_map r on r.i = case when k % 5 = 0 then 1 else 1 + (2 + k % (${USERS} - 1) + 1 + (k::bigint * 7919) % (${USERS} - 2)) % ${USERS} end
      ), t as (
        insert into ledger_transactions (kind, event_key, memo, actor_id, created_at)
        select 'transfer', 'transfer:bench:' || p.k,
               jsonb_build_object('fromUserId', p.from_user, 'fromEmail', p.from_email, 'toUserId', p.to_user, 'toEmail', p.to_email, 'k', p.k),
               p.from_user, now() - interval '1 day' + p.k * interval '100 milliseconds'
        from p order by p.k
        returning id, (memo->>'k')::int as k, created_at
      )
      insert into ledger_entries (transaction_id, account_id, amount_cents, created_at)
      select t.id, x.account_id, x.amount, t.created_at
      from t join p on p.k = t.k
      cross join lateral (values (p.from_account, -100::bigint), (p.to_account, 100::bigint)) as x(account_id, amount)
      order by t.id, x.account_id`,
      TRANSFERS,
    );

    // Notifications as the services write them (kind, params, English title and body), one per approved deposit,
    // withdrawal request and transfer received; all but the last 5 days' read. Their e-mails went long ago: a plain
    // insert puts nothing in the e-mail outbox (the app's own statements do, notify.ts), so no sweeper sends them.
    await timed(`${n(425_000)} notifications`, async () => {
      await q('begin');
      await q(`insert into notifications (user_id, kind, params, title, body, created_at, read_at)
         select user_id, kind, params, title, body, at, case when at < now() - interval '5 days' then at + interval '1 hour' end
         from (
           select d.user_id, 'deposit_credited' as kind, jsonb_build_object('amountCents', d.amount_cents, 'via', 'admin', 'reference', d.transaction_id) as params,
                  'Deposit credited' as title, 'Your deposit of ' || to_char(d.amount_cents / 100.0, 'FM999990.00') || ' points (transaction ' || d.transaction_id || ') was approved and credited to your balance.' as body,
                  t.created_at as at
           from ledger_transactions t join deposits d on t.kind = 'deposit_approve' and d.id = (t.memo->>'depositId')::uuid
           union all
           select w.user_id, 'withdrawal_requested', jsonb_build_object('amountCents', w.amount_cents, 'paymentId', w.payment_id),
                  'Withdrawal requested', 'Your withdrawal of ' || to_char(w.amount_cents / 100.0, 'FM999990.00') || ' points to ' || w.payment_id || ' was received. The amount is held until it is processed.', w.created_at
           from withdrawals w
           union all
           select (t.memo->>'toUserId')::uuid, 'transfer_received', jsonb_build_object('amountCents', 100, 'senderName', 'Bench User'),
                  'Points received', '“Bench User” sent you 1.00 points.', t.created_at
           from ledger_transactions t where t.kind = 'transfer'
           order by at
         ) as x`);
      await q('commit');
    });

    await timed('vacuum analyze', async () => {
      for (const t of ['users', 'ledger_accounts', 'ledger_transactions', 'ledger_entries', 'deposits', 'withdrawals', 'audit_log', 'sessions', 'referral_team', 'notifications']) {
        await q(`vacuum (analyze) ${t}`);
      }
    });
    const { rows } = await q(`select (select count(*) from users)::int as users, (select count(*) from ledger_entries)::int as entries,
      (select count(*) from ledger_transactions)::int as transactions, (select count(*) from deposits)::int as deposits,
      (select count(*) from withdrawals)::int as withdrawals, (select count(*) from audit_log)::int as audit,
      (select count(*) from notifications)::int as notifications, (select count(*) from referral_team where ancestor_id = md5('bench-user-1')::uuid)::int as team_of_1`);
    log(`seed: ${JSON.stringify(rows[0])}`);
    return { admin, counts: rows[0] };
  } finally {
    await client.end();
  }
}

/**
 * Sessions for the given users, written as the app writes them (the cookie token is stored only as its
 * SHA-256 hash). Returns the cookie tokens, in the same order.
 */
export async function createSessions(url, userIds) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => createHash('sha256').update(t).digest('hex'));
    await client.query(
      `insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip, user_agent)
       select h, u, now(), now(), now() + interval '7 days', '127.0.0.1', 'bench'
       from unnest($1::text[], $2::uuid[]) as x(h, u)`,
      [hashes, userIds],
    );
    return tokens;
  } finally {
    await client.end();
  }
}

/** Ids of users #from..#to (skipping deleted ones), as the seed made them. */
export async function userIds(url, indexes) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select i, u.id, u.email from unnest($1::int[]) as i join users u on u.email = 'bench' || i || '@example.com' order by i`,
      [indexes],
    );
    return rows.map((r) => ({ i: r.i, id: r.id, email: r.email }));
  } finally {
    await client.end();
  }
}

export const DAY_MS = DAY;
