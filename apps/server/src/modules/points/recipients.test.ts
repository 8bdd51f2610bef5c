// The transfer page's recipient look-up and recent recipients (docs/security.md#recipient-lookup): only a name, only
// for an exact live e-mail; unknown, closed and oneself answer byte for byte alike; throttled per user, also when
// raced; nothing in the database changes but the throttle's own rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MSG, RECIPIENT_LOOKUPS_PER_WINDOW, RECIPIENT_MSG, initialsOf } from '@app/contract';
import { signUp, startTestApp, type Res, type TestContext } from '../../../test/helpers.js';
import { expectLedgerClean, fund, moneySnapshot } from '../../../test/money-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(async () => {
  await expectLedgerClean(ctx);
  await ctx.close();
});

const L = '/api/v1/user/lookup-recipient';
const R = '/api/v1/user/recent-recipients';

/** Everything but the throttle's rows: money, and every user's row. */
async function snapshot(): Promise<string> {
  const users = await ctx.db.execute<{ s: string }>(
    sql`select string_agg(concat_ws(':', id, email, full_name, role, deleted_at, subscribed_at, updated_at), ',' order by id) as s from users`,
  );
  const other = await ctx.db.execute<{ s: string }>(
    sql`select concat_ws('|', (select count(*) from audit_log), (select count(*) from notifications), (select count(*) from sessions)) as s`,
  );
  return `${await moneySnapshot(ctx)}|${users.rows[0].s}|${other.rows[0].s}`;
}

/** What a caller could compare between two answers: status, body bytes and the headers that describe them. */
const shape = (r: Res) => ({
  status: r.status,
  text: r.text,
  type: r.headers.get('content-type'),
  length: r.headers.get('content-length'),
  retry: r.headers.get('retry-after'),
});

async function closeAccount(userId: string) {
  await ctx.db.execute(sql`update users set deleted_at = now() where id = ${userId}`);
}

describe('POST /user/lookup-recipient', () => {
  test('an exact live e-mail → only the name and initials', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx, { fullName: 'Sara Al Amin' });
    const before = await snapshot();
    const res = await a.client.post(L, { email: b.user.email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: RECIPIENT_MSG.found, recipient: { name: 'Sara Al Amin', initials: 'SA' } });
    // Nothing else about the account: no id, no e-mail, no balance, no role.
    expect(res.text).not.toContain(b.user._id);
    expect(await snapshot()).toBe(before);
  });

  test('normalised as sign-up normalises it: case, spaces, NFC', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx, { fullName: 'Émile Zola', email: `e\u0301mile-${Date.now()}@example.com` });
    for (const email of [b.user.email.toUpperCase(), `  ${b.user.email}\t`, b.user.email.normalize('NFD')]) {
      const res = await a.client.post(L, { email });
      expect(res.status, email).toBe(200);
      expect(res.body.recipient).toEqual({ name: 'Émile Zola', initials: 'ÉZ' });
    }
  });

  test('unknown, closed and oneself: the same status and the same bytes', async () => {
    const a = await signUp(ctx);
    const closed = await signUp(ctx);
    await closeAccount(closed.user._id);
    const before = await snapshot();
    const unknown = await a.client.post(L, { email: `nobody-${Date.now()}@example.com` });
    const gone = await a.client.post(L, { email: closed.user.email });
    const self = await a.client.post(L, { email: a.user.email });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: RECIPIENT_MSG.notFound });
    expect(shape(gone)).toEqual(shape(unknown));
    expect(shape(self)).toEqual(shape(unknown));
    // In Arabic too: one text for all three.
    const ar = { headers: { 'accept-language': 'ar' } };
    const texts = await Promise.all([`nobody2-${Date.now()}@example.com`, closed.user.email].map(async (email) => (await a.client.post(L, { email }, ar)).text));
    expect(texts[0]).toBe(texts[1]);
    expect(await snapshot()).toBe(before);
  });

  test('partial addresses, wildcards and look-alikes reveal nothing: a 400 or the one refusal, never a name', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx, { email: `target_${Date.now()}@example.com` });
    const [local, domain] = b.user.email.split('@');
    const tries = [
      local,
      `@${domain}`,
      `${local}@`,
      `${local.slice(0, -1)}@${domain}`,
      `${local}@${domain.slice(0, -1)}`,
      `${local}x@${domain}`,
      `%@${domain}`,
      `${local.slice(0, 3)}%@${domain}`,
      `${local.replace('_', '%')}@${domain}`,
      `${local.replace('t', '_')}@${domain}`,
      `${local.slice(0, 3)}*@${domain}`,
      `.*@${domain}`,
      `${local}@${domain}%`,
      `${local}@${domain}'--`,
      `${local}@${domain}' or '1'='1`,
      `${local}\u200b@${domain}`,
      `${local.replace('e', 'е')}@${domain}`, // Cyrillic е
      `${b.user.email}.`,
      `${b.user.email},${a.user.email}`,
    ];
    const before = await snapshot();
    for (const email of tries) {
      const res = await a.client.post(L, { email });
      expect([400, 404], email).toContain(res.status);
      expect(res.body.success, email).toBe(false);
      if (res.status === 404) expect(res.body.message, email).toBe(RECIPIENT_MSG.notFound);
      expect(res.text, email).not.toMatch(/User \d|recipient|target_/);
    }
    for (const body of [{}, { email: ['x@example.com'] }, { email: { $ne: '' } }, { email: null }]) {
      const res = await a.client.post(L, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await a.client.post(L, {})).body.message).toBe(MSG.fillAll);
    expect(await snapshot()).toBe(before);
  });

  test('throttled per user, also when raced: exactly the places there are, then 429 with Retry-After', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    const other = await signUp(ctx);
    const before = await snapshot();
    const extra = 12;
    const all = await Promise.all(
      Array.from({ length: RECIPIENT_LOOKUPS_PER_WINDOW + extra }, (_, i) => a.client.post(L, { email: i % 2 ? b.user.email : `nobody-${i}@example.com` })),
    );
    const refused = all.filter((r) => r.status === 429);
    expect(refused).toHaveLength(extra);
    expect(all.filter((r) => r.status === 200 || r.status === 404)).toHaveLength(RECIPIENT_LOOKUPS_PER_WINDOW);
    for (const r of refused) {
      expect(r.body).toEqual({ success: false, message: RECIPIENT_MSG.tooMany });
      const wait = Number(r.headers.get('retry-after'));
      expect(Number.isInteger(wait)).toBe(true);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(15 * 60);
    }
    // Still refused afterwards, found or not; another user is not affected.
    expect((await a.client.post(L, { email: b.user.email })).status).toBe(429);
    expect((await other.client.post(L, { email: b.user.email })).status).toBe(200);
    const rows = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from throttle_events where bucket = ${`lookup:user:${a.user._id}`}`);
    expect(rows.rows[0].n).toBe(RECIPIENT_LOOKUPS_PER_WINDOW);
    expect(await snapshot()).toBe(before);
  });

  test('anonymous → 401, nothing counted', async () => {
    const res = await ctx.client().post(L, { email: 'x@example.com' });
    expect(res.status).toBe(401);
  });
});

describe('GET /user/recent-recipients', () => {
  test('the last distinct live people the caller sent to, latest first, at most 5', async () => {
    const a = await signUp(ctx);
    const people = await Promise.all(Array.from({ length: 7 }, (_, i) => signUp(ctx, { fullName: `Friend ${String.fromCharCode(65 + i)} Test` })));
    await fund(ctx, a.user._id, 10_000);
    const send = async (to: (typeof people)[number]) =>
      expect((await a.client.post('/api/v1/point/transfer', { recipientEmail: to.user.email, points: 1 })).status).toBe(200);
    expect((await a.client.get(R)).body).toEqual({ success: true, message: RECIPIENT_MSG.recent, recipients: [] });
    // Sent: A B C D E F, then B again; F's account is closed afterwards.
    for (const p of people.slice(0, 6)) await send(p);
    await send(people[1]);
    await closeAccount(people[5].user._id);
    // Money received is not "sent to": G sent to A, and never shows.
    await fund(ctx, people[6].user._id, 500);
    expect((await people[6].client.post('/api/v1/point/transfer', { recipientEmail: a.user.email, points: 1 })).status).toBe(200);
    const res = await a.client.get(R);
    expect(res.status).toBe(200);
    const names = (res.body.recipients as { name: string }[]).map((r) => r.name);
    expect(names).toEqual(['Friend B Test', 'Friend E Test', 'Friend D Test', 'Friend C Test', 'Friend A Test']);
    expect(res.body.recipients[0]).toEqual({ name: 'Friend B Test', initials: initialsOf('Friend B Test'), email: people[1].user.email });
    // Nobody else sees them.
    expect((await people[2].client.get(R)).body.recipients).toEqual([]);
  });

  test('anonymous → 401', async () => {
    expect((await ctx.client().get(R)).status).toBe(401);
  });
});

test('initialsOf: first and last word, any script', () => {
  expect(initialsOf('sara al amin')).toBe('SA');
  expect(initialsOf('  Madonna ')).toBe('M');
  expect(initialsOf('سارة الأمين')).toBe('سا');
  expect(initialsOf('')).toBe('?');
});
