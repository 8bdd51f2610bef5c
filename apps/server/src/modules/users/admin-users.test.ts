// The admin user desk over real HTTP: the rules of docs/product.md#security-rules (no SADMIN changes, no self changes, only USER or
// ADMIN), sessions ending on a role change or deletion, soft deletion that keeps money records, search,
// paging and admins-first ordering. Every refusal re-reads the database to prove nothing changed.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deposits } from '../../db/schema/index.js';
import { post } from '../../ledger/ledger.js';
import { commonTrigrams, rarePart, substringMatch } from '../../db/trigram-search.js';
import { signUp, signUpAs, type Client, type SignedUp, type TestContext, startTestAppWithAdmins } from '../../../test/helpers.js';

let ctx: TestContext;
let sadmin: SignedUp;
let admin: SignedUp;

beforeAll(async () => {
  ({ ctx, sadmin, admin } = await startTestAppWithAdmins());
});
afterAll(() => ctx.close());

const api = (p: string) => `/api/v1${p}`;

async function login(client: Client, email: string, password: string) {
  const res = await client.post(api('/user/login'), { email, password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res;
}

/** What must not change when a request is refused. */
async function snapshot(userId: string) {
  const { rows } = await ctx.db.execute<{ role: string; deleted_at: Date | null; sessions: number; audits: number }>(sql`
    select u.role, u.deleted_at,
           (select count(*)::int from sessions s where s.user_id = u.id) as sessions,
           (select count(*)::int from audit_log) as audits
    from users u where u.id = ${userId}`);
  return rows[0];
}

async function sessionsOf(userId: string) {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions where user_id = ${userId}`);
  return rows[0].n;
}

describe('guards', () => {
  const routes = (id: string) =>
    [
      ['GET', '/user/all'],
      ['PUT', `/user/${id}/update-role`],
      ['DELETE', `/user/${id}/delete-user`],
      ['GET', '/admin/stats/users'],
    ] as const;

  test('anonymous → 401, USER → 403, and a USER changes nothing', async () => {
    const target = await signUp(ctx);
    const user = await signUp(ctx);
    const before = await snapshot(target.user._id);
    for (const [method, path] of routes(target.user._id)) {
      const body = method === 'PUT' ? { role: 'ADMIN' } : undefined;
      const anon = await ctx.client().request(method, api(path), body);
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      expect(anon.body.success).toBe(false);
      const asUser = await user.client.request(method, api(path), body);
      expect(asUser.status, `${method} ${path} as USER`).toBe(403);
      expect(asUser.body.success).toBe(false);
    }
    expect(await snapshot(target.user._id)).toEqual(before);
  });

  test('the guard answers before validation: a bad body or query still gets 401/403, not 400', async () => {
    const user = await signUp(ctx);
    const bad = [
      ['GET', '/user/all?limit=999'],
      ['PUT', `/user/${user.user._id}/update-role`],
    ] as const;
    for (const [method, path] of bad) {
      const body = method === 'PUT' ? { role: 'SADMIN' } : undefined;
      expect((await ctx.client().request(method, api(path), body)).status, `${method} ${path}`).toBe(401);
      expect((await user.client.request(method, api(path), body)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('update-role', () => {
  test('nobody changes a SADMIN, and nothing changes', async () => {
    const other = await signUpAs(ctx, 'SADMIN');
    const before = await snapshot(other.user._id);
    for (const actor of [admin, sadmin]) {
      for (const role of ['USER', 'ADMIN']) {
        const res = await actor.client.put(api(`/user/${other.user._id}/update-role`), { role });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ success: false, message: expect.stringMatching(/super admin/i) });
      }
    }
    expect(await snapshot(other.user._id)).toEqual(before);
  });

  test('nobody changes their own role', async () => {
    for (const actor of [admin, sadmin]) {
      const before = await snapshot(actor.user._id);
      const res = await actor.client.put(api(`/user/${actor.user._id}/update-role`), { role: 'USER' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot change your own role');
      expect(await snapshot(actor.user._id)).toEqual(before);
      // Still an admin with a working session.
      expect((await actor.client.get(api('/user/all'))).status).toBe(200);
    }
  });

  test('a role can only become USER or ADMIN', async () => {
    const target = await signUp(ctx);
    const before = await snapshot(target.user._id);
    for (const body of [{ role: 'SADMIN' }, { role: 'boss' }, { role: 'admin' }, { role: '' }, { role: 1 }, {}, { role: null }]) {
      const res = await sadmin.client.put(api(`/user/${target.user._id}/update-role`), body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'Role must be USER or ADMIN' });
    }
    expect(await snapshot(target.user._id)).toEqual(before);
  });

  test('unknown, malformed or deleted ids → 404', async () => {
    const gone = await signUp(ctx);
    expect((await admin.client.del(api(`/user/${gone.user._id}/delete-user`))).status).toBe(200);
    const audits = (await snapshot(admin.user._id)).audits;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', gone.user._id]) {
      const res = await admin.client.put(api(`/user/${id}/update-role`), { role: 'ADMIN' });
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ success: false, message: 'User not found' });
    }
    const after = await snapshot(gone.user._id);
    expect(after.role).toBe('USER');
    expect(after.audits).toBe(audits);
  });

  test('a promoted user’s old session ends; after logging in again they can use the admin desk', async () => {
    const u = await signUp(ctx);
    expect((await u.client.get(api('/user/all'))).status).toBe(403);
    const second = ctx.client();
    await login(second, u.user.email, u.password);
    expect(await sessionsOf(u.user._id)).toBe(2);

    const res = await admin.client.put(api(`/user/${u.user._id}/update-role`), { role: 'ADMIN' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, role: 'ADMIN' });
    expect((await snapshot(u.user._id)).role).toBe('ADMIN');
    expect(await sessionsOf(u.user._id)).toBe(0);

    expect((await u.client.get(api('/user/me'))).status).toBe(401);
    expect((await second.get(api('/user/all'))).status).toBe(401);

    const fresh = ctx.client();
    const again = await login(fresh, u.user.email, u.password);
    expect(again.body.user.role).toBe('ADMIN');
    const list = await fresh.get(api('/user/all'));
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);

    // And back: the demoted admin's session ends too, and the desk is closed to them.
    const down = await sadmin.client.put(api(`/user/${u.user._id}/update-role`), { role: 'USER' });
    expect(down.status).toBe(200);
    expect((await fresh.get(api('/user/all'))).status).toBe(401);
    const relogged = ctx.client();
    await login(relogged, u.user.email, u.password);
    expect((await relogged.get(api('/user/all'))).status).toBe(403);
  });

  test('setting the role a user already has changes nothing and records nothing', async () => {
    const u = await signUp(ctx);
    const before = await snapshot(u.user._id);
    const res = await admin.client.put(api(`/user/${u.user._id}/update-role`), { role: 'USER' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('USER');
    expect(await snapshot(u.user._id)).toEqual(before);
  });

  test('the request needs the CSRF header', async () => {
    const u = await signUp(ctx);
    const res = await admin.client.put(api(`/user/${u.user._id}/update-role`), { role: 'ADMIN' }, { csrf: false });
    expect(res.status).toBe(403);
    expect((await snapshot(u.user._id)).role).toBe('USER');
  });
});

describe('delete-user', () => {
  test('nobody deletes a SADMIN or themselves, and nothing changes', async () => {
    const other = await signUpAs(ctx, 'SADMIN');
    const before = await snapshot(other.user._id);
    for (const actor of [admin, sadmin]) {
      const res = await actor.client.del(api(`/user/${other.user._id}/delete-user`));
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
    expect(await snapshot(other.user._id)).toEqual(before);

    for (const actor of [admin, sadmin]) {
      const mine = await snapshot(actor.user._id);
      const res = await actor.client.del(api(`/user/${actor.user._id}/delete-user`));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('You cannot delete your own account');
      expect(await snapshot(actor.user._id)).toEqual(mine);
    }
  });

  test('unknown and malformed ids → 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'x'.repeat(64)]) {
      const res = await admin.client.del(api(`/user/${id}/delete-user`));
      expect(res.status).toBe(404);
    }
  });

  test('a deleted user cannot log in, is hidden from lists and stats, and their money records stay', async () => {
    const victim = await signUp(ctx, { fullName: `Victim ${randomBytes(3).toString('hex')}` });
    // A deposit claim, and an approved one with its ledger posting, as the deposit desk would leave them.
    const txId = randomBytes(32).toString('hex');
    await ctx.db.insert(deposits).values([
      { userId: victim.user._id, amountCents: 1250, transactionId: txId, transactionKey: txId },
      { userId: victim.user._id, amountCents: 4000, transactionId: `${txId}-b`, transactionKey: `${txId}-b`, deposited: true },
    ]);
    await ctx.db.transaction((tx) =>
      post(tx, {
        kind: 'deposit.approved',
        eventKey: `test:deposit:${txId}-b`,
        postings: [
          { account: { code: 'external:deposits' }, amountCents: -4000 },
          { account: { userId: victim.user._id }, amountCents: 4000 },
        ],
      }),
    );
    const entriesBefore = await ledgerEntriesOf(victim.user._id);
    expect(entriesBefore).toHaveLength(1);

    const statsBefore = (await admin.client.get(api('/admin/stats/users'))).body;
    const listed = await admin.client.get(api(`/user/all?q=${encodeURIComponent(victim.user.email)}`));
    expect(listed.body.users.map((u: { _id: string }) => u._id)).toEqual([victim.user._id]);
    expect(listed.body.users[0].point).toBe(40);

    const res = await admin.client.del(api(`/user/${victim.user._id}/delete-user`));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toMatch(/e-mail cannot be used to sign up again/);

    // Sessions ended; logging in fails with the one login message.
    expect((await victim.client.get(api('/user/me'))).status).toBe(401);
    expect(await sessionsOf(victim.user._id)).toBe(0);
    const relog = await ctx.client().post(api('/user/login'), { email: victim.user.email, password: victim.password });
    expect(relog.status).toBe(401);
    expect(relog.body.message).toBe('Invalid email or password');

    // Hidden from the list and the stats.
    const after = await admin.client.get(api(`/user/all?q=${encodeURIComponent(victim.user.email)}`));
    expect(after.body).toMatchObject({ users: [], total: 0 });
    const all = await listAll(admin.client);
    expect(all.some((u) => u._id === victim.user._id)).toBe(false);
    const statsAfter = (await admin.client.get(api('/admin/stats/users'))).body;
    expect(statsAfter.allUsersCount).toBe(statsBefore.allUsersCount - 1);

    // Nothing money touched is erased: the row, its deposits and its ledger entries remain.
    const { rows } = await ctx.db.execute<{ deleted_at: Date | null; n: number; sum: number }>(sql`
      select u.deleted_at, (select count(*)::int from deposits d where d.user_id = u.id) as n,
             (select sum(amount_cents)::int from deposits d where d.user_id = u.id) as sum
      from users u where u.id = ${victim.user._id}`);
    expect(rows[0].deleted_at).not.toBeNull();
    expect(rows[0]).toMatchObject({ n: 2, sum: 5250 });
    expect(await ledgerEntriesOf(victim.user._id)).toEqual(entriesBefore);

    // The e-mail stays taken, and a second delete finds nobody.
    const again = await ctx.client().post(api('/user/register'), {
      fullName: 'Someone Else',
      email: victim.user.email,
      phone: '+971500000001',
      password: 'another-pass-7',
    });
    expect(again.status).toBe(409);
    expect((await admin.client.del(api(`/user/${victim.user._id}/delete-user`))).status).toBe(404);
  });
});

async function ledgerEntriesOf(userId: string) {
  const { rows } = await ctx.db.execute<{ id: number; amount_cents: number }>(sql`
    select e.id, e.amount_cents from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.user_id = ${userId} order by e.id`);
  return rows;
}

type Row = { _id: string; role: string; createdAt: string; email: string; fullName: string; referredBy: string | null };

async function listAll(client: Client, q = ''): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const res = await client.get(api(`/user/all?limit=100&page=${page}${q ? `&q=${encodeURIComponent(q)}` : ''}`));
    expect(res.status).toBe(200);
    out.push(...res.body.users);
    if (res.body.users.length < 100) return out;
  }
}

describe('GET /user/all', () => {
  test('admins first (SADMIN, ADMIN, USER), newest first within a role; counts match the database', async () => {
    // Two more admins, so ordering within a role is exercised.
    const a2 = await signUpAs(ctx, 'ADMIN');
    await signUpAs(ctx, 'ADMIN');
    await ctx.db.execute(sql`update users set created_at = created_at - interval '1 day' where id = ${a2.user._id}`);

    const res = await admin.client.get(api('/user/all?limit=100'));
    expect(res.status).toBe(200);
    const rows: Row[] = res.body.users;
    const rank = (r: string) => ['SADMIN', 'ADMIN', 'USER'].indexOf(r);
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(rank(a.role) <= rank(b.role), `${a.role} before ${b.role}`).toBe(true);
      if (a.role === b.role) expect(a.createdAt >= b.createdAt).toBe(true);
    }
    expect(rows[0].role).toBe('SADMIN');

    const { rows: db } = await ctx.db.execute<{ total: number; admins: number }>(sql`
      select count(*)::int as total, count(*) filter (where role in ('ADMIN','SADMIN'))::int as admins
      from users where deleted_at is null`);
    expect(res.body).toMatchObject({ success: true, page: 1, limit: 100, total: db[0].total, adminCount: db[0].admins });
    expect(rows).toHaveLength(Math.min(100, db[0].total));
    // No secrets in the rows.
    expect(res.text).not.toMatch(/password|hash|argon/i);
  });

  test('each row has the fields of the table, with the referrer’s e-mail', async () => {
    const referrer = await signUp(ctx);
    const referred = await signUp(ctx, { refer: referrer.user.email });
    const res = await admin.client.get(api(`/user/all?q=${encodeURIComponent(referred.user.email)}`));
    expect(res.body.users).toEqual([
      {
        _id: referred.user._id,
        fullName: expect.any(String),
        email: referred.user.email,
        phone: '+971500000000',
        role: 'USER',
        point: 0,
        subscription: false,
        referredBy: referrer.user.email,
        referralEarnings: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  test('search by name or e-mail, case-insensitive, with % and _ taken literally; paging', async () => {
    const tag = `zq${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await signUp(ctx, { fullName: `Person ${tag} ${i}` }));
    const byMail = await signUp(ctx, { email: `${tag}.mail@example.com` });
    const pct = await signUp(ctx, { fullName: `Odd 100%_${tag}` });

    const all = await listAll(admin.client, tag.toUpperCase());
    expect(all.map((u) => u._id).sort()).toEqual([...made, byMail, pct].map((s) => s.user._id).sort());

    // Newest first within USER: pages of 3 cover all 7 once, in order.
    const pages: Row[][] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await admin.client.get(api(`/user/all?q=${tag}&limit=3&page=${page}`));
      expect(res.body).toMatchObject({ page, limit: 3, total: 7, adminCount: 0 });
      pages.push(res.body.users);
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((u) => u._id)).toEqual(all.map((u) => u._id));
    expect((await admin.client.get(api(`/user/all?q=${tag}&limit=3&page=4`))).body.users).toEqual([]);

    const literal = await admin.client.get(api(`/user/all?q=${encodeURIComponent(`100%_${tag}`)}`));
    expect(literal.body.users.map((u: Row) => u._id)).toEqual([pct.user._id]);
    // `%` alone matches only names or e-mails that contain a percent sign.
    const percent = await listAll(admin.client, '%');
    expect(percent.map((u) => u._id)).toEqual([pct.user._id]);
    const underscore = await listAll(admin.client, '_');
    expect(underscore.map((u) => u._id)).toEqual([pct.user._id]);

    // Default limit 20 once paging is asked for (page alone); without page or limit, every user (docs/product.md#drop-in-clients).
    const dflt = await admin.client.get(api('/user/all?page=1'));
    expect(dflt.body).toMatchObject({ page: 1, limit: 20, capped: false });
    const unpaged = await admin.client.get(api('/user/all'));
    expect(unpaged.body).toMatchObject({ page: 1, limit: 10_000, capped: false });
    expect(unpaged.body.users).toHaveLength(unpaged.body.total);
  });

  test('a search reads the trigram indexes by its rare part only (decision 027) and finds what ILIKE finds', async () => {
    const tag = `zr${randomBytes(3).toString('hex')}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await signUp(ctx, { email: `${tag}${i}.mail@example.com`, fullName: `Common Name ${i}` }));
    const fill = randomBytes(3).toString('hex');
    // 300 more users, as the bench seeds them, so that 3 users are under 2 % of the table; every test e-mail ends in
    // @example.com, so after ANALYZE its trigrams are common.
    await ctx.db.execute(sql`
      with filler as (
        insert into users (full_name, email, phone, password_hash, referral_code)
        select 'Filler ' || i, 'filler-' || ${fill} || '-' || i || '@example.com', '+971 50 ' || lpad(i::text, 7, '0'), 'x', ${fill} || '-' || i
        from generate_series(1, 300) as i
        returning id
      )
      insert into ledger_accounts (user_id) select id from filler`);
    await ctx.db.execute(sql`analyze users`);
    const common = await commonTrigrams(ctx.db);
    expect([...common.email]).toEqual(expect.arrayContaining(['exa', 'xam', 'amp', 'ple', 'com']));

    const whole = `${tag}1.mail@example.com`;
    expect(rarePart(whole, common.email)).toBe(`${tag}1`);
    // The plan's index condition is the rare part; the whole text is checked on the rows it finds.
    const match = substringMatch(sql.raw('u.email'), 'email', whole, common, false);
    const { sql: matchText, params } = new PgDialect().sqlToQuery(match);
    const session = await ctx.db.$client.connect();
    let text: string;
    try {
      // A table this small is read whole unless told not to; the index condition is what is looked at.
      await session.query('set enable_seqscan = off');
      const plan = await session.query<{ 'QUERY PLAN': string }>(`explain select u.id from users u where ${matchText}`, params);
      text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    } finally {
      await session.query('reset enable_seqscan');
      session.release();
    }
    expect(text).toMatch(new RegExp(`Cond: \\(email ~~ '%${tag}1%'::text\\)`));
    expect(text).not.toMatch(/Cond: .*example/);

    // Same users, same order, same totals as ILIKE over the whole text, through the kept statistics and without.
    const cases = [tag, whole.toUpperCase(), `${tag}2.mail@`, 'common name', 'example.com', `1.mail@example.com`];
    for (const q of cases) {
      const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const { rows } = await ctx.db.execute<{ id: string }>(sql`
        select u.id from users u where u.deleted_at is null and (u.full_name ilike ${pattern} or u.email ilike ${pattern})
        order by (case u.role when 'SADMIN' then 0 when 'ADMIN' then 1 else 2 end), u.created_at desc nulls last, u.id`);
      const listed = await listAll(admin.client, q);
      expect(listed.map((u) => u._id), q).toEqual(rows.map((r) => r.id));
      const first = await admin.client.get(api(`/user/all?page=1&limit=2&q=${encodeURIComponent(q)}`));
      expect(first.body.total, q).toBe(rows.length);
      const byShape = await ctx.db.execute<{ id: string }>(sql`
        select u.id from users u where u.deleted_at is null
          and (${substringMatch(sql.raw('u.full_name'), 'full_name', q, common, true)} or ${substringMatch(sql.raw('u.email'), 'email', q, common, true)})
        order by (case u.role when 'SADMIN' then 0 when 'ADMIN' then 1 else 2 end), u.created_at desc nulls last, u.id`);
      expect(byShape.rows.map((r) => r.id), q).toEqual(rows.map((r) => r.id));
    }
    expect((await listAll(admin.client, tag)).map((u) => u._id).sort()).toEqual(made.map((m) => m.user._id).sort());
  });

  test('bad paging → 400 with a message', async () => {
    for (const qs of ['limit=101', 'limit=0', 'limit=abc', 'page=0', 'page=-1', 'page=1.5']) {
      const res = await admin.client.get(api(`/user/all?${qs}`));
      expect(res.status, qs).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/page|limit/);
    }
  });
});

describe('GET /admin/stats/users', () => {
  test('counts live users and live subscribers, as the database does', async () => {
    const sub = await signUp(ctx);
    await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${sub.user._id}`);
    const goneSub = await signUp(ctx);
    await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${goneSub.user._id}`);
    expect((await admin.client.del(api(`/user/${goneSub.user._id}/delete-user`))).status).toBe(200);

    const res = await admin.client.get(api('/admin/stats/users'));
    expect(res.status).toBe(200);
    const { rows } = await ctx.db.execute<{ all: number; subs: number }>(sql`
      select count(*)::int as all, count(*) filter (where subscribed_at is not null)::int as subs
      from users where deleted_at is null`);
    expect(res.body).toEqual({ success: true, message: expect.any(String), allUsersCount: rows[0].all, subscribedUsersCount: rows[0].subs });
    expect(res.body.subscribedUsersCount).toBeGreaterThanOrEqual(1);
  });
});
