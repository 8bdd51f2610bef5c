// The audit log (SADMIN only): every user-desk action is recorded exactly once with before/after,
// refused actions record nothing, and the actor / action / day filters and paging work.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, signUpAs, type SignedUp, type TestContext, startTestAppWithAdmins } from '../../../test/helpers.js';

let ctx: TestContext;
let sadmin: SignedUp;
let admin: SignedUp;

beforeAll(async () => {
  ({ ctx, sadmin, admin } = await startTestAppWithAdmins());
});
afterAll(() => ctx.close());

const api = (p: string) => `/api/v1${p}`;
const today = () => new Date().toISOString().slice(0, 10);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Entry = { _id: string; actorEmail: string; action: string; targetType: string; targetId: string; before: any; after: any; createdAt: string };

async function entries(qs: string): Promise<{ entries: Entry[]; total: number }> {
  const res = await sadmin.client.get(api(`/admin/audit?limit=100&${qs}`));
  expect(res.status, res.text).toBe(200);
  return res.body;
}

test('anonymous → 401; USER and ADMIN → 403', async () => {
  const user = await signUp(ctx);
  expect((await ctx.client().get(api('/admin/audit'))).status).toBe(401);
  expect((await user.client.get(api('/admin/audit'))).status).toBe(403);
  const asAdmin = await admin.client.get(api('/admin/audit'));
  expect(asAdmin.status).toBe(403);
  expect(asAdmin.body.success).toBe(false);
  // Refused before the query is validated.
  expect((await admin.client.get(api('/admin/audit?limit=500&from=never'))).status).toBe(403);
});

test('each user-desk action appears exactly once, with who, what, target, before and after', async () => {
  const promoted = await signUp(ctx);
  const deleted = await signUp(ctx);
  const other = await signUpAs(ctx, 'SADMIN');

  expect((await admin.client.put(api(`/user/${promoted.user._id}/update-role`), { role: 'ADMIN' })).status).toBe(200);
  expect((await sadmin.client.put(api(`/user/${promoted.user._id}/update-role`), { role: 'USER' })).status).toBe(200);
  expect((await admin.client.del(api(`/user/${deleted.user._id}/delete-user`))).status).toBe(200);
  // Refused or empty actions record nothing.
  expect((await admin.client.put(api(`/user/${other.user._id}/update-role`), { role: 'USER' })).status).toBe(403);
  expect((await admin.client.del(api(`/user/${other.user._id}/delete-user`))).status).toBe(403);
  expect((await admin.client.put(api(`/user/${admin.user._id}/update-role`), { role: 'USER' })).status).toBe(403);
  expect((await admin.client.put(api(`/user/${deleted.user._id}/update-role`), { role: 'ADMIN' })).status).toBe(404);
  expect((await admin.client.put(api(`/user/${promoted.user._id}/update-role`), { role: 'SADMIN' })).status).toBe(400);
  expect((await admin.client.put(api(`/user/${promoted.user._id}/update-role`), { role: 'USER' })).status).toBe(200); // already USER

  const all = await entries('');
  const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`);
  expect(all.total).toBe(rows[0].n);
  const forTargets = all.entries.filter((e) => [promoted.user._id, deleted.user._id, other.user._id, admin.user._id].includes(e.targetId));
  expect(forTargets).toHaveLength(3);
  // Newest first.
  expect(forTargets.map((e) => e.action)).toEqual(['user.deleted', 'user.role_changed', 'user.role_changed']);

  const [del, demote, promote] = forTargets;
  expect(promote).toMatchObject({
    actorEmail: admin.user.email,
    action: 'user.role_changed',
    targetType: 'user',
    targetId: promoted.user._id,
    before: { role: 'USER', email: promoted.user.email },
    after: { role: 'ADMIN', email: promoted.user.email },
  });
  expect(demote).toMatchObject({ actorEmail: sadmin.user.email, before: { role: 'ADMIN' }, after: { role: 'USER' } });
  expect(del).toMatchObject({
    actorEmail: admin.user.email,
    action: 'user.deleted',
    targetId: deleted.user._id,
    before: { email: deleted.user.email, deletedAt: null },
    after: { email: deleted.user.email, deletedAt: expect.stringMatching(/^\d{4}-/) },
  });
  expect(new Date(del.createdAt).toISOString()).toBe(del.createdAt);
  expect(typeof del._id).toBe('string');
});

test('filters: actor (exact, case-insensitive), action, inclusive day range; paging', async () => {
  const targets = [];
  for (let i = 0; i < 3; i++) targets.push(await signUp(ctx));
  for (const t of targets) expect((await sadmin.client.put(api(`/user/${t.user._id}/update-role`), { role: 'ADMIN' })).status).toBe(200);

  const bySadmin = await entries(`actor=${encodeURIComponent(`  ${sadmin.user.email.toUpperCase()} `)}`);
  expect(bySadmin.entries.length).toBeGreaterThanOrEqual(3);
  expect(bySadmin.entries.every((e) => e.actorEmail === sadmin.user.email)).toBe(true);
  const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where actor_id = ${sadmin.user._id}`);
  expect(bySadmin.total).toBe(rows[0].n);

  // Exact, not a prefix or a pattern.
  expect((await entries(`actor=${encodeURIComponent(sadmin.user.email.slice(0, -3))}`)).total).toBe(0);
  expect((await entries(`actor=${encodeURIComponent('%')}`)).total).toBe(0);
  expect((await entries('actor=nobody@example.com')).total).toBe(0);

  const deletions = await entries('action=user.deleted');
  expect(deletions.total).toBeGreaterThanOrEqual(1);
  expect(deletions.entries.every((e) => e.action === 'user.deleted')).toBe(true);

  const total = (await entries('')).total;
  expect((await entries(`from=${today()}&to=${today()}`)).total).toBe(total);
  expect((await entries(`from=${today()}`)).total).toBe(total);
  expect((await entries(`to=${today()}`)).total).toBe(total);
  expect((await entries(`to=${dayOffset(-1)}`)).total).toBe(0);
  expect((await entries(`from=${dayOffset(1)}`)).total).toBe(0);

  // An entry from three days ago is found by a range covering that day only.
  await ctx.db.execute(sql`
    insert into audit_log (actor_id, action, target_type, target_id, before, after, created_at)
    values (${sadmin.user._id}, 'user.role_changed', 'user', ${targets[0].user._id}, '{"role":"USER"}', 'not json',
            (${dayOffset(-3)}::date + interval '23 hours 59 minutes') at time zone 'UTC')`);
  const old = await entries(`from=${dayOffset(-3)}&to=${dayOffset(-3)}`);
  expect(old.total).toBe(1);
  expect(old.entries[0]).toMatchObject({ before: { role: 'USER' }, after: 'not json' });
  expect((await entries(`from=${dayOffset(-2)}&to=${today()}`)).total).toBe(total);

  // Paging: pages of 2 cover the actor's entries once each, newest first.
  const full = await entries(`actor=${sadmin.user.email}`);
  const paged: Entry[] = [];
  for (let page = 1; page <= Math.ceil(full.total / 2); page++) {
    const res = await sadmin.client.get(api(`/admin/audit?actor=${sadmin.user.email}&limit=2&page=${page}`));
    expect(res.body).toMatchObject({ page, limit: 2, total: full.total });
    paged.push(...res.body.entries);
  }
  expect(paged.map((e) => e._id)).toEqual(full.entries.map((e) => e._id));
});

test('bad filters → 400 with a message', async () => {
  for (const qs of ['from=yesterday', 'to=2025-13-01', `from=${today()}&to=${dayOffset(-1)}`, 'limit=500', 'page=0']) {
    const res = await sadmin.client.get(api(`/admin/audit?${qs}`));
    expect(res.status, qs).toBe(400);
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
  }
});
