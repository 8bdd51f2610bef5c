// The referral program over real HTTP (docs/money.md#referral-program): commissions up three levels on video rewards, the first-deposit
// bonus, each share once whatever the retries and races, deleted referrers skipped, rates read at each event, the
// team endpoint, the statement, and the ledger clean after all of it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, signUpAs, startTestApp, type Client, type TestContext } from '../../../test/helpers.js';
import { balance, expectLedgerClean, fund, systemBalance, txHash } from '../../../test/money-helpers.js';

let ctx: TestContext;
let admin: Client;
let sadmin: Client;
let sadminId: string;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = (await signUpAs(ctx, 'ADMIN')).client;
  const s = await signUpAs(ctx, 'SADMIN');
  sadmin = s.client;
  sadminId = s.user._id;
});
afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx.close();
});

type Member = Awaited<ReturnType<typeof signUp>>;

/** A chain A ← B ← C ← D: A referred B, B referred C, C referred D (each subscribed, so each can earn rewards). */
async function chain(n = 4): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < n; i++) {
    const m = await signUp(ctx, { fullName: `Member ${'ABCDEFG'[i]} ${Math.random().toString(36).slice(2, 7)}`, ...(i ? { refer: out[i - 1].user.referralCode } : {}) });
    out.push(m);
  }
  return out;
}

const subscribe = (userId: string) => ctx.db.execute(sql`update users set subscribed_at = now() where id = ${userId}`);

let linkSeq = 0;
async function video(point: number) {
  const r = await admin.post('/api/v1/video', { link: `https://www.youtube.com/watch?v=rEfErRaL${String(linkSeq++).padStart(3, '0')}`, point, time: 0.05 });
  expect(r.status, r.text).toBe(201);
  return r.body.video._id as string;
}

/** Opens the video as `m`, waits out the watch time on the test clock, and asks for the reward `times` times at once. */
async function reward(m: Member, videoId: string, times = 1) {
  await subscribe(m.user._id);
  expect((await m.client.get(`/api/v1/video/${videoId}`)).status).toBe(200);
  ctx.clock.advance(5_000);
  return Promise.all(Array.from({ length: times }, () => m.client.post('/api/v1/video/add-point', { videoId })));
}

const cents = (m: Member) => balance(ctx, m.user._id);

async function referralPostings(userId: string) {
  const r = await ctx.db.execute<{ kind: string; event_key: string; amount: string; level: number }>(sql`
    select t.kind, t.event_key, e.amount_cents::text as amount, (t.memo->>'level')::int as level
    from ledger_entries e join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
    where a.user_id = ${userId} and t.kind like 'referral%' order by e.id`);
  return r.rows;
}

/** referral_levels (migration 0028), summed over its shards, against a count and sum of referral_team per ancestor and level. */
async function expectLevelsKept() {
  const { rows } = await ctx.db.execute<{ differ: number; levels: number }>(sql`
    with kept as (
      select ancestor_id, level, sum(people)::bigint as people, sum(earned_cents)::bigint as earned from referral_levels
      group by ancestor_id, level having sum(people) <> 0 or sum(earned_cents) <> 0
    ), counted as (
      select ancestor_id, level, count(*) filter (where not member_deleted) as people, sum(earned_cents)::bigint as earned from referral_team
      group by ancestor_id, level having count(*) filter (where not member_deleted) <> 0 or sum(earned_cents) <> 0
    )
    select (select count(*) from ((select * from kept except all select * from counted) union all (select * from counted except all select * from kept)) x)::int as differ,
           (select count(*) from counted)::int as levels`);
  expect(rows[0].differ).toBe(0);
  expect(rows[0].levels).toBeGreaterThan(0);
}

async function setSettings(body: Record<string, unknown>) {
  const r = await sadmin.put('/api/v1/settings', body);
  expect(r.status, r.text).toBe(200);
}

describe('video commissions', () => {
  test('D is paid 2.00 → C +0.20, B +0.10, A +0.06, once, even with 20 concurrent reward attempts', async () => {
    const [a, b, c, d] = await chain();
    const expenseBefore = await systemBalance(ctx, 'expense:referrals');
    const v = await video(2);
    const results = await reward(d, v, 20);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await cents(d)).toBe(200);
    expect(await cents(c)).toBe(20);
    expect(await cents(b)).toBe(10);
    expect(await cents(a)).toBe(6);
    expect(await systemBalance(ctx, 'expense:referrals')).toBe(expenseBefore - 36);
    // One posting per share, each with its own key (event + level), from expense:referrals.
    const keys = [...(await referralPostings(c.user._id)), ...(await referralPostings(b.user._id)), ...(await referralPostings(a.user._id))];
    expect(keys.map((k) => [k.kind, k.level, Number(k.amount)])).toEqual([
      ['referral_commission', 1, 20],
      ['referral_commission', 2, 10],
      ['referral_commission', 3, 6],
    ]);
    expect(new Set(keys.map((k) => k.event_key)).size).toBe(3);
    expect(keys[0].event_key).toMatch(new RegExp(`^video:${d.user._id}:${v}:\\d{4}-\\d{2}-\\d{2}:referral:l1$`));
    // A is not subscribed: commissions reach subscribers and non-subscribers alike.
    const me = await a.client.get('/api/v1/user/me');
    expect(me.body.user.subscription ?? me.body.user.subscribedAt ?? null).toBeFalsy();
  });

  test('shares are rounded down to the cent and a share of 0.00 is not posted', async () => {
    const [a, b, c, d] = await chain();
    await reward(d, await video(0.05));
    expect([await cents(c), await cents(b), await cents(a)]).toEqual([0, 0, 0]);
    expect(await referralPostings(c.user._id)).toEqual([]);
    // 0.19: 10% = 0.019 → 0.01, 5% = 0.0095 → 0, 3% → 0.
    await reward(d, await video(0.19));
    expect([await cents(c), await cents(b), await cents(a)]).toEqual([1, 0, 0]);
    expect(await referralPostings(b.user._id)).toEqual([]);
  });

  test('a deleted referrer is skipped and the chain goes on above: with B deleted, C’s reward pays A at level 2', async () => {
    const [a, b, c, d] = await chain();
    expect((await admin.del(`/api/v1/user/${b.user._id}/delete-user`)).status).toBe(200);
    await reward(c, await video(2));
    expect(await cents(b)).toBe(0);
    expect(await cents(a)).toBe(10);
    expect((await referralPostings(a.user._id)).map((p) => p.level)).toEqual([2]);
    // D's reward: C level 1, B (deleted) skipped, A level 3.
    await reward(d, await video(2));
    expect(await cents(c)).toBe(200 + 20);
    expect(await cents(b)).toBe(0);
    expect(await cents(a)).toBe(10 + 6);
  });

  test('a referrer without a ledger account is skipped too', async () => {
    const [a, b] = await chain(2);
    // Raw SQL stands in for an account that is missing (a data repair, an import); it is put back afterwards.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from ledger_accounts where user_id = ${a.user._id} and balance_cents = 0`);
    });
    const r = await reward(b, await video(1));
    expect(r[0].status).toBe(200);
    expect(await cents(b)).toBe(100);
    expect(await referralPostings(a.user._id)).toEqual([]);
    await ctx.db.execute(sql`insert into ledger_accounts (user_id) values (${a.user._id})`);
  });

  test('rates changed on the settings page apply to the next reward only', async () => {
    const [a, b, c] = await chain(3);
    await reward(c, await video(1));
    expect([await cents(b), await cents(a)]).toEqual([10, 5]);
    await setSettings({ referralLevels: '20, 0' });
    try {
      const earlier = await referralPostings(b.user._id);
      await reward(c, await video(1));
      expect([await cents(b), await cents(a)]).toEqual([10 + 20, 5]);
      // What was paid before the change stays as it was.
      expect((await referralPostings(b.user._id)).slice(0, earlier.length)).toEqual(earlier);
    } finally {
      await setSettings({ referralLevels: '10,5,3' });
    }
  });

  test('the levels setting is checked: up to 10 levels of 0–100 % adding up to at most 100', async () => {
    for (const bad of ['', 'x', '10,,5', '101', '60,50', '1,1,1,1,1,1,1,1,1,1,1', '10.555', '-1']) {
      const r = await sadmin.put('/api/v1/settings', { referralLevels: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.message).toMatch(/Referral levels must be/);
    }
    const audit = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'settings.changed' and actor_id = ${sadminId}`);
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(2); // the two changes of the test above, audited
  });
});

describe('first-deposit bonus', () => {
  async function deposit(m: Member, amount = 15) {
    const r = await m.client.post('/api/v1/deposit/deposit', { amount, transactionId: txHash() });
    expect(r.status, r.text).toBe(201);
  }
  const depositId = async (m: Member) => {
    const r = await ctx.db.execute<{ id: string }>(sql`select id from deposits where user_id = ${m.user._id} order by created_at desc limit 1`);
    return r.rows[0].id;
  };

  test('B’s first deposit approved → A +1.00; reverted and approved again, and a second deposit → still 1.00 in all', async () => {
    const [a, b] = await chain(2);
    await deposit(b);
    const first = await depositId(b);
    expect((await admin.post(`/api/v1/deposit/deposit/${first}`)).status).toBe(200);
    expect(await cents(a)).toBe(100);
    expect((await admin.post(`/api/v1/deposit/deposit/${first}`)).status).toBe(200); // revert: the bonus stays
    expect(await cents(a)).toBe(100);
    expect((await admin.post(`/api/v1/deposit/deposit/${first}`)).status).toBe(200); // approved again
    await deposit(b);
    expect((await admin.post(`/api/v1/deposit/deposit/${await depositId(b)}`)).status).toBe(200);
    expect(await cents(a)).toBe(100);
    expect(await cents(b)).toBe(3000);
    const posts = await referralPostings(a.user._id);
    expect(posts.map((p) => [p.kind, p.level, Number(p.amount)])).toEqual([['referral_bonus', 1, 100]]);
    expect(posts[0].event_key).toBe(`deposit:${first}:v1:referral:l1`);
  });

  test('two first deposits approved at the same moment pay the bonus once', async () => {
    const [a, b] = await chain(2);
    await deposit(b);
    const one = await depositId(b);
    await deposit(b);
    const two = await depositId(b);
    const [r1, r2] = await Promise.all([admin.post(`/api/v1/deposit/deposit/${one}`), admin.post(`/api/v1/deposit/deposit/${two}`)]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(await cents(a)).toBe(100);
    expect(await cents(b)).toBe(3000);
  });

  test('only the direct referrer gets it; none without a referrer; a deleted direct referrer gets nothing', async () => {
    const [a, b, c] = await chain(3);
    await deposit(c);
    expect((await admin.post(`/api/v1/deposit/deposit/${await depositId(c)}`)).status).toBe(200);
    expect([await cents(b), await cents(a)]).toEqual([100, 0]);

    const [x, y] = await chain(2);
    expect((await admin.del(`/api/v1/user/${x.user._id}/delete-user`)).status).toBe(200);
    const before = await systemBalance(ctx, 'expense:referrals');
    await deposit(y);
    expect((await admin.post(`/api/v1/deposit/deposit/${await depositId(y)}`)).status).toBe(200);
    expect(await cents(x)).toBe(0);
    expect(await systemBalance(ctx, 'expense:referrals')).toBe(before);
  });

  test('referral earnings are not money brought in: they do not open the subscription', async () => {
    const [a, b] = await chain(2);
    await setSettings({ referralFirstDepositBonus: 12 });
    try {
      await deposit(b);
      expect((await admin.post(`/api/v1/deposit/deposit/${await depositId(b)}`)).status).toBe(200);
    } finally {
      await setSettings({ referralFirstDepositBonus: 1 });
    }
    expect(await cents(a)).toBe(1200);
    const r = await a.client.post('/api/v1/subscription/activate-with-points', {});
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please deposit at least 12 points to activate subscription.');
  });
});

describe('nobody is their own referrer', () => {
  test('a referrer is fixed at sign-up and can never be the user, directly or through a loop', async () => {
    const [a, b] = await chain(2);
    await expect(ctx.db.execute(sql`update users set referred_by = ${b.user._id} where id = ${a.user._id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update users set referred_by = null where id = ${b.user._id}`)).rejects.toThrow();
    const self = await ctx.db.execute<{ ok: boolean }>(sql`select exists (select 1 from users where referred_by = id) as ok`);
    expect(self.rows[0].ok).toBe(false);
    // Signing up with one's own e-mail as the referrer cannot refer oneself: the account does not exist yet.
    const own = await signUp(ctx, { email: `self${Date.now()}@example.com`, refer: `self${Date.now()}@example.com` });
    expect((await own.client.get('/api/v1/user/me')).body.user.referredBy).toBeNull();
  });
});

describe('GET /user/referrals', () => {
  test('A sees people and earnings per level and the members with what each earned; no e-mails; paged', async () => {
    const [a, b, c, d] = await chain();
    const b2 = await signUp(ctx, { fullName: 'Second Direct', refer: a.user.referralCode });
    await fund(ctx, a.user._id, 1); // unrelated money is not referral earnings
    await reward(d, await video(2));
    await reward(b2, await video(1));
    const r = await a.client.get('/api/v1/user/referrals?page=1&limit=2');
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      success: true,
      link: `http://localhost:3000/signup/${a.user.referralCode}`,
      totals: { people: 4, earned: 0.16 },
      levels: [
        { level: 1, people: 2, earned: 0.1, rate: 10 },
        { level: 2, people: 1, earned: 0, rate: 5 },
        { level: 3, people: 1, earned: 0.06, rate: 3 },
      ],
      firstDepositBonus: 1,
      page: 1,
      limit: 2,
      total: 4,
    });
    expect(r.body.referrals.map((x: { fullName: string; level: number; earned: number }) => [x.fullName, x.level, x.earned])).toEqual([
      ['Second Direct', 1, 0.1],
      [await nameOf(b.user._id), 1, 0],
    ]);
    const p2 = await a.client.get('/api/v1/user/referrals?page=2&limit=2');
    expect(p2.body.referrals.map((x: { _id: string }) => x._id)).toEqual([c.user._id, d.user._id]);
    expect(p2.body.referrals[1]).toMatchObject({ level: 3, earned: 0.06 });
    expect(r.text).not.toMatch(/@example\.com/);
    // D sees nobody below; the program is still explained by the rates.
    const empty = await d.client.get('/api/v1/user/referrals');
    expect(empty.body).toMatchObject({ totals: { people: 0, earned: 0 }, referrals: [], total: 0, page: 1, limit: 20 });
    expect(empty.body.levels.map((l: { rate: number }) => l.rate)).toEqual([10, 5, 3]);
  });

  test('deleted members are not listed or counted; what they earned you stays in the totals', async () => {
    const [a, b] = await chain(2);
    await reward(b, await video(1));
    expect((await admin.del(`/api/v1/user/${b.user._id}/delete-user`)).status).toBe(200);
    const r = await a.client.get('/api/v1/user/referrals');
    expect(r.body).toMatchObject({ totals: { people: 0, earned: 0.1 }, referrals: [], total: 0 });
  });

  test('the kept summary (referral_levels) equals a count and sum over referral_team after sign-ups, rewards, a closed member, bulk statements, a rollback and a bulk sign-up of a chain', async () => {
    const [a, b, c, d] = await chain();
    await expectLevelsKept();
    // The commission path, raced: 10 attempts of one reward and two rewards of other members at once.
    const [v1, v2] = [await video(2), await video(3)];
    await Promise.all([reward(d, v1, 10), reward(c, v2, 3), reward(b, v2, 3)]);
    await expectLevelsKept();
    const summary = await a.client.get('/api/v1/user/referrals');
    const counted = await ctx.db.execute<{ level: number; people: number; earned: string }>(sql`
      select level, (count(*) filter (where not member_deleted))::int as people, sum(earned_cents)::text as earned
      from referral_team where ancestor_id = ${a.user._id} group by level order by level`);
    expect(summary.body.levels.map((l: { level: number; people: number; earned: number }) => [l.level, l.people, Math.round(l.earned * 100)])).toEqual(
      counted.rows.map((r) => [Number(r.level), r.people, Number(r.earned)]),
    );
    expect(summary.body.total).toBe(3);
    // A member's account closed (the users trigger flags their rows) and reopened.
    expect((await admin.del(`/api/v1/user/${c.user._id}/delete-user`)).status).toBe(200);
    await expectLevelsKept();
    expect((await a.client.get('/api/v1/user/referrals')).body.total).toBe(2);
    await ctx.db.execute(sql`update users set deleted_at = null where id = ${c.user._id}`);
    await expectLevelsKept();
    // Bulk statements behind the program's back, and one rolled back.
    await ctx.db.execute(sql`update referral_team set earned_cents = earned_cents + 7 where ancestor_id in (${a.user._id}, ${b.user._id})`);
    await expectLevelsKept();
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`update referral_team set earned_cents = earned_cents + 100 where ancestor_id = ${a.user._id}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectLevelsKept();
    // Five members below D inserted by one statement, each referred by the one before (as the bench seeds users): each
    // gets the whole chain, the statement's own rows included, and the figures move once.
    const tag = `bulk${Math.random().toString(36).slice(2, 8)}`;
    await ctx.db.execute(sql`
      with added as (
        insert into users (id, full_name, email, phone, password_hash, referral_code, referred_by)
        select md5(${tag} || i)::uuid, 'Bulk ' || i, ${tag} || i || '@example.com', '+971 50 000000' || i, 'x', ${tag} || i,
               case when i = 1 then ${d.user._id}::uuid else md5(${tag} || (i - 1))::uuid end
        from generate_series(1, 5) as i
        returning id
      )
      insert into ledger_accounts (user_id) select id from added`);
    const chainOf5 = await ctx.db.execute<{ level: number; ancestor_id: string }>(sql`
      select level, ancestor_id from referral_team where member_id = md5(${tag} || 5)::uuid order by level`);
    const bulkIds = await ctx.db.execute<{ id: string }>(sql`select md5(${tag} || i)::uuid as id from generate_series(4, 1, -1) as i`);
    expect(chainOf5.rows.map((r) => [Number(r.level), r.ancestor_id])).toEqual(
      [...bulkIds.rows.map((r) => r.id), d.user._id, c.user._id, b.user._id, a.user._id].map((id, i) => [i + 1, id]),
    );
    await expectLevelsKept();
    await ctx.db.execute(sql`delete from referral_team where member_id = ${d.user._id}`);
    await expectLevelsKept();
    expect((await a.client.get('/api/v1/user/referrals')).body.total).toBe(2);
  });

  test('bad paging → 400 with a message; anonymous → 401', async () => {
    const [a] = await chain(1);
    for (const q of ['page=0', 'page=x', 'limit=0', 'limit=101', 'limit=2.5']) {
      const r = await a.client.get(`/api/v1/user/referrals?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/must be a whole number/);
    }
    expect((await ctx.client().get('/api/v1/user/referrals')).status).toBe(401);
  });
});

async function nameOf(id: string) {
  const r = await ctx.db.execute<{ full_name: string }>(sql`select full_name from users where id = ${id}`);
  return r.rows[0].full_name;
}

describe('the statement', () => {
  test('referral earnings are their own kind, naming the level and the member, in the statement and its CSV', async () => {
    const [a, b, c, d] = await chain();
    await reward(d, await video(2));
    await d.client.post('/api/v1/deposit/deposit', { amount: 15, transactionId: txHash() });
    const dep = await ctx.db.execute<{ id: string }>(sql`select id from deposits where user_id = ${d.user._id}`);
    expect((await admin.post(`/api/v1/deposit/deposit/${dep.rows[0].id}`)).status).toBe(200);
    const dName = await nameOf(d.user._id);
    const st = await a.client.get('/api/v1/user/statement');
    expect(st.body.entries).toEqual([expect.objectContaining({ kind: 'referral_commission', amount: 0.06, description: `Referral commission, level 3: video reward of ${dName}` })]);
    const stc = await c.client.get('/api/v1/user/statement');
    expect(stc.body.entries.map((e: { kind: string; description: string }) => [e.kind, e.description])).toEqual([
      ['referral_bonus', `Referral bonus, level 1: first deposit of ${dName}`],
      ['referral_commission', `Referral commission, level 1: video reward of ${dName}`],
    ]);
    const csv = await b.client.get('/api/v1/user/statement.csv');
    expect(csv.text).toMatch(new RegExp(`referral_commission,"?Referral commission, level 2: video reward of ${dName}"?,0\\.10,0\\.10`));
  });
});

describe('the admin desk', () => {
  test('each user’s referrer and referral earnings on the users desk; total commissions on the dashboard', async () => {
    const before = (await admin.get('/api/v1/admin/dashboard')).body.referralCommissions;
    const [a, b, c] = await chain(3);
    await reward(c, await video(3));
    const paid = (10 + 5) * 3; // 0.30 to B, 0.15 to A
    const dash = await admin.get('/api/v1/admin/dashboard');
    expect(dash.status).toBe(200);
    expect(Math.round(dash.body.referralCommissions * 100)).toBe(Math.round(before * 100) + paid);
    expect(dash.body.referralCommissions).toBe(-(await systemBalance(ctx, 'expense:referrals')) / 100);
    for (const path of ['/api/v1/user/all?page=1&limit=100', '/api/v1/user/all']) {
      const list = await admin.get(path);
      expect(list.status, list.text).toBe(200);
      const row = (id: string) => list.body.users.find((u: { _id: string }) => u._id === id);
      expect(row(a.user._id)).toMatchObject({ referredBy: null, referralEarnings: 0.15 });
      expect(row(b.user._id)).toMatchObject({ referredBy: a.user.email, referralEarnings: 0.3 });
      expect(row(c.user._id)).toMatchObject({ referredBy: b.user.email, referralEarnings: 0 });
    }
  });
});

describe('lock order', () => {
  test('rewards down a chain raced with transfers between its members: all paid once, no deadlock, ledger clean', async () => {
    const [a, b, c, d] = await chain();
    await subscribe(d.user._id);
    await fund(ctx, c.user._id, 1000);
    await fund(ctx, d.user._id, 1000);
    await fund(ctx, b.user._id, 100);
    const videos = await Promise.all([1, 2, 3, 4, 5].map(() => video(1)));
    for (const v of videos) expect((await d.client.get(`/api/v1/video/${v}`)).status).toBe(200);
    ctx.clock.advance(5_000);
    const deadlocks = async () => {
      await ctx.db.execute(sql`select pg_stat_clear_snapshot()`);
      const r = await ctx.db.execute<{ n: string }>(sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`);
      return Number(r.rows[0].n);
    };
    const before = await deadlocks();
    const transfer = (from: Member, to: Member) => from.client.post('/api/v1/point/transfer', { recipientEmail: to.user.email, points: 0.01 });
    const results = await Promise.all([
      ...videos.map((v) => d.client.post('/api/v1/video/add-point', { videoId: v })),
      ...Array.from({ length: 8 }, () => transfer(c, d)),
      ...Array.from({ length: 8 }, () => transfer(d, c)),
      ...Array.from({ length: 4 }, () => transfer(b, a)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(videos.length + 20).fill(200));
    expect(await cents(d)).toBe(1000 + 500);
    expect(await cents(c)).toBe(1000 + 5 * 10);
    expect(await cents(b)).toBe(100 - 4 + 5 * 5);
    expect(await cents(a)).toBe(4 + 5 * 3);
    expect(await deadlocks()).toBe(before);
    await expectLedgerClean(ctx);
  });
});
