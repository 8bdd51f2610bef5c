// Videos over real HTTP (docs/product.md#api, #security-rules, #videos): who may do what, validation with nothing stored, audited admin
// changes, and the reward — due time × 60 − 2 s after opening, the video's own points, once per user, video and
// UTC day whatever the concurrency, through the ledger.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VIDEO_MSG } from '@app/contract';
import { signUp, signUpAs, startTestApp, type Client, type TestContext } from '../../../test/helpers.js';
import { assertNoSecretsLeaked } from '../../../test/leak-scan.js';
import { checkLedger } from '../../ledger/check.js';

let ctx: TestContext;
let admin: Client;
let adminId: string;

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await startTestApp();
  // Start the test clock at 06:00 UTC of a coming day, so "today" cannot change under a test by accident.
  const now = ctx.clock.now().getTime();
  ctx.clock.advance(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS + 6 * 3600_000 - now);
  const a = await signUpAs(ctx, 'ADMIN');
  admin = a.client;
  adminId = a.user._id;
});
afterAll(async () => {
  await assertNoSecretsLeaked(ctx);
  const report = await checkLedger(ctx.db);
  expect(report.breaches).toEqual([]);
  await ctx.close();
});

async function subscribe(userId: string) {
  await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${userId}`);
}

async function subscriber() {
  const s = await signUp(ctx);
  await subscribe(s.user._id);
  return s;
}

async function balance(client: Client): Promise<number> {
  const r = await client.get('/api/v1/user/point');
  expect(r.status).toBe(200);
  return r.body.point;
}

/** Ledger transactions that paid this user a video reward. */
async function rewardPostings(userId: string): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_transactions where kind = 'video_reward' and event_key like ${`video:${userId}:%`}`,
  );
  return r.rows[0].n;
}

async function rewardRows(userId: string): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from video_rewards where user_id = ${userId}`);
  return r.rows[0].n;
}

async function videoCount(): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from videos`);
  return r.rows[0].n;
}

async function auditRows(action: string, targetId?: string) {
  const r = await ctx.db.execute<{ actor_id: string; before: string | null; after: string | null; target_id: string }>(
    targetId
      ? sql`select actor_id, before, after, target_id from audit_log where action = ${action} and target_id = ${targetId}`
      : sql`select actor_id, before, after, target_id from audit_log where action = ${action}`,
  );
  return r.rows;
}

async function auditCount(): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where target_type = 'video'`);
  return r.rows[0].n;
}

let linkSeq = 0;
const ytLink = () => `https://www.youtube.com/watch?v=dQw4w9WgX${String(linkSeq++ % 100).padStart(2, '0')}`;

async function newVideo(body: Record<string, unknown> = {}) {
  const r = await admin.post('/api/v1/video', { link: ytLink(), point: 1.5, time: 0.5, ...body });
  expect(r.status, r.text).toBe(201);
  return r.body.video as { _id: string; link: string; point: number; time: number; createdAt: string };
}

/** Moves the clock just past the next UTC midnight, in two steps so the session (24 h idle expiry) stays alive. */
async function nextUtcDay(client: Client) {
  const now = ctx.clock.now().getTime();
  const toMidnight = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS - now;
  ctx.clock.advance(Math.floor(toMidnight / 2));
  expect((await client.get('/api/v1/user/me')).status).toBe(200);
  ctx.clock.advance(Math.ceil(toMidnight / 2) + 60_000);
}

const addPoint = (client: Client, videoId: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  client.post('/api/v1/video/add-point', { videoId, ...extra }, { headers });

describe('who may call what', () => {
  test('anonymous → 401 on every video route', async () => {
    const v = await newVideo();
    const anon = ctx.client();
    const calls = [
      anon.get('/api/v1/video'),
      anon.get(`/api/v1/video/${v._id}`),
      anon.post('/api/v1/video', { link: ytLink(), point: 1, time: 1 }),
      anon.put(`/api/v1/video/${v._id}`, { link: ytLink(), point: 1, time: 1 }),
      anon.del(`/api/v1/video/${v._id}`),
      addPoint(anon, v._id),
      anon.post('/api/v1/video/add-point', {}),
    ];
    for (const r of await Promise.all(calls)) {
      expect(r.status).toBe(401);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.message).toBe('string');
    }
  });

  test('a USER without a subscription → 403 on list, open and reward; nothing paid', async () => {
    const v = await newVideo();
    const { client, user } = await signUp(ctx);
    for (const r of [await client.get('/api/v1/video'), await client.get(`/api/v1/video/${v._id}`), await addPoint(client, v._id)]) {
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ success: false, message: 'An active subscription is required' });
    }
    const views = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from video_views where user_id = ${user._id}`);
    expect(views.rows[0].n).toBe(0);
    expect(await balance(client)).toBe(0);
    expect(await rewardPostings(user._id)).toBe(0);
  });

  test('a USER (even subscribed) calling create / edit / delete → 403 and nothing stored', async () => {
    const v = await newVideo({ point: 2, time: 1 });
    const { client } = await subscriber();
    const videosBefore = await videoCount();
    const auditBefore = await auditCount();
    const created = await client.post('/api/v1/video', { link: ytLink(), point: 5, time: 1 });
    const edited = await client.put(`/api/v1/video/${v._id}`, { link: ytLink(), point: 500, time: 1 });
    const deleted = await client.del(`/api/v1/video/${v._id}`);
    for (const r of [created, edited, deleted]) {
      expect(r.status).toBe(403);
      expect(r.body.success).toBe(false);
    }
    expect(await videoCount()).toBe(videosBefore);
    expect(await auditCount()).toBe(auditBefore);
    const still = await admin.get(`/api/v1/video/${v._id}`);
    expect(still.status).toBe(200);
    expect(still.body.video).toEqual(v);
  });

  test('admins may list and open videos without a subscription, but are paid only when subscribed', async () => {
    const v = await newVideo({ point: 3, time: 0.05 });
    const { client, user } = await signUpAs(ctx, 'ADMIN');
    expect((await client.get('/api/v1/video')).status).toBe(200);
    expect((await client.get(`/api/v1/video/${v._id}`)).status).toBe(200);
    ctx.clock.advance(5_000);
    const refused = await addPoint(client, v._id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(VIDEO_MSG.subscriptionRequired);
    expect(await balance(client)).toBe(0);

    await subscribe(user._id);
    const paid = await addPoint(client, v._id);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({ success: true, message: 'You earned 3.00 points', point: 3 });
    expect(await balance(client)).toBe(3);
  });
});

describe('admin management', () => {
  test('create → 201 with the video, listed newest first, one audit row', async () => {
    const link = 'https://youtu.be/aBcDeFgHiJk';
    const r = await admin.post('/api/v1/video', { link, point: '12.50', time: '2.25', extra: 'ignored' });
    expect(r.status).toBe(201);
    expect(r.body.success).toBe(true);
    expect(typeof r.body.message).toBe('string');
    expect(Object.keys(r.body.video).sort()).toEqual(['_id', 'createdAt', 'link', 'point', 'time', 'title']);
    expect(r.body.video).toMatchObject({ link, point: 12.5, time: 2.25 });
    const row = await ctx.db.execute<{ point_cents: number; time_centiminutes: number }>(
      sql`select point_cents, time_centiminutes from videos where id = ${r.body.video._id}`,
    );
    expect(row.rows[0]).toEqual({ point_cents: 1250, time_centiminutes: 225 });

    ctx.clock.advance(1000);
    const second = await newVideo({ link: 'https://example.com/media/clip.MP4', point: 0.01, time: 600 });
    const list = await admin.get('/api/v1/video');
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    // The record's own fields, and the caller's marks for today beside them.
    expect(list.body.videos[0]).toEqual({ ...second, watchedToday: false, earnedToday: 0 });
    expect(list.body.videos[1]).toEqual({ ...r.body.video, watchedToday: false, earnedToday: 0 });

    const audits = await auditRows('video.created', r.body.video._id);
    expect(audits).toHaveLength(1);
    expect(audits[0].actor_id).toBe(adminId);
    expect(JSON.parse(audits[0].after!)).toMatchObject({ link, point: 12.5, time: 2.25 });
  });

  test('edit → 200 with the new values, one audit row with before and after', async () => {
    const v = await newVideo({ point: 1, time: 1 });
    const link = 'https://www.youtube.com/shorts/aBcDeFgHiJk';
    const r = await admin.put(`/api/v1/video/${v._id}`, { link, point: 4.25, time: 3 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, video: { _id: v._id, link, point: 4.25, time: 3, createdAt: v.createdAt } });
    const audits = await auditRows('video.updated', v._id);
    expect(audits).toHaveLength(1);
    expect(audits[0].actor_id).toBe(adminId);
    expect(JSON.parse(audits[0].before!)).toMatchObject({ point: 1, time: 1, link: v.link });
    expect(JSON.parse(audits[0].after!)).toMatchObject({ point: 4.25, time: 3, link });
  });

  test('delete → 200, soft delete, one audit row; no longer listed, opened, edited or paid', async () => {
    const v = await newVideo({ point: 7, time: 0.05 });
    const { client, user } = await subscriber();
    expect((await client.get(`/api/v1/video/${v._id}`)).status).toBe(200);
    ctx.clock.advance(5_000);

    const r = await admin.del(`/api/v1/video/${v._id}`);
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const row = await ctx.db.execute<{ deleted_at: Date | null }>(sql`select deleted_at from videos where id = ${v._id}`);
    expect(row.rows[0].deleted_at).not.toBeNull();
    const audits = await auditRows('video.deleted', v._id);
    expect(audits).toHaveLength(1);
    expect(audits[0].actor_id).toBe(adminId);

    const list = await client.get('/api/v1/video');
    expect(list.body.videos.map((x: { _id: string }) => x._id)).not.toContain(v._id);
    expect((await client.get(`/api/v1/video/${v._id}`)).status).toBe(404);
    const reward = await addPoint(client, v._id);
    expect(reward.status).toBe(404);
    expect(reward.body).toEqual({ success: false, message: VIDEO_MSG.notFound });
    expect(await balance(client)).toBe(0);
    expect(await rewardPostings(user._id)).toBe(0);

    const again = await admin.del(`/api/v1/video/${v._id}`);
    expect(again.status).toBe(404);
    expect((await admin.put(`/api/v1/video/${v._id}`, { link: ytLink(), point: 1, time: 1 })).status).toBe(404);
    expect(await auditRows('video.deleted', v._id)).toHaveLength(1);
  });

  test('unknown or malformed ids → 404', async () => {
    const { client } = await subscriber();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "x' or 1=1 --"]) {
      const path = `/api/v1/video/${encodeURIComponent(id)}`;
      expect((await admin.get(path)).status).toBe(404);
      expect((await admin.put(path, { link: ytLink(), point: 1, time: 1 })).status).toBe(404);
      expect((await admin.del(path)).status).toBe(404);
      expect((await client.get(path)).status).toBe(404);
      expect((await addPoint(client, id)).status).toBe(404);
    }
  });

  describe('validation → 400 with a message, nothing stored', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['javascript: link', { link: 'javascript:alert(1)', point: 1, time: 1 }, VIDEO_MSG.linkScheme],
      ['ftp link', { link: 'ftp://x', point: 1, time: 1 }, VIDEO_MSG.linkScheme],
      ['data link', { link: 'data:text/html,<script>alert(1)</script>', point: 1, time: 1 }, VIDEO_MSG.linkScheme],
      ['not a URL', { link: 'youtube', point: 1, time: 1 }, VIDEO_MSG.linkScheme],
      ['a web page, not a video', { link: 'https://example.com/page', point: 1, time: 1 }, VIDEO_MSG.linkKind],
      ['a YouTube channel', { link: 'https://www.youtube.com/@someone', point: 1, time: 1 }, VIDEO_MSG.linkKind],
      ['zero point', { link: ytLink(), point: 0, time: 1 }, VIDEO_MSG.pointPositive],
      ['negative point', { link: ytLink(), point: -5, time: 1 }, VIDEO_MSG.pointPositive],
      ['3-decimal point', { link: ytLink(), point: 1.234, time: 1 }, VIDEO_MSG.pointFormat],
      ['text point', { link: ytLink(), point: 'ten', time: 1 }, VIDEO_MSG.pointFormat],
      ['missing point', { link: ytLink(), time: 1 }, VIDEO_MSG.fillAll],
      ['empty point', { link: ytLink(), point: '', time: 1 }, VIDEO_MSG.fillAll],
      ['zero time', { link: ytLink(), point: 1, time: 0 }, VIDEO_MSG.timeRange],
      ['time 601', { link: ytLink(), point: 1, time: 601 }, VIDEO_MSG.timeRange],
      ['time "600.01"', { link: ytLink(), point: 1, time: '600.01' }, VIDEO_MSG.timeRange],
      ['3-decimal time', { link: ytLink(), point: 1, time: 0.001 }, VIDEO_MSG.timeFormat],
      ['missing time', { link: ytLink(), point: 1 }, VIDEO_MSG.fillAll],
      ['missing link', { point: 1, time: 1 }, VIDEO_MSG.fillAll],
      ['empty body', {}, VIDEO_MSG.fillAll],
    ];
    test.each(cases)('%s', async (_name, body, message) => {
      const v = await newVideo({ point: 2, time: 2 });
      const videosBefore = await videoCount();
      const auditBefore = await auditCount();
      const created = await admin.post('/api/v1/video', body);
      expect(created.status).toBe(400);
      expect(created.body).toEqual({ success: false, message });
      const edited = await admin.put(`/api/v1/video/${v._id}`, body);
      expect(edited.status).toBe(400);
      expect(edited.body).toEqual({ success: false, message });
      expect(await videoCount()).toBe(videosBefore);
      expect(await auditCount()).toBe(auditBefore);
      expect((await admin.get(`/api/v1/video/${v._id}`)).body.video).toEqual(v);
    });
  });
});

describe('the reward', () => {
  test('asked before time × 60 − 2 s → refused with the seconds left, nothing paid; after → paid once, the video’s points', async () => {
    const v = await newVideo({ point: 2.5, time: 0.5 }); // 30 s: due 28 s after opening
    const { client, user } = await subscriber();
    const open = await client.get(`/api/v1/video/${v._id}`);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ success: true, video: v });

    ctx.clock.advance(20_000);
    const early = await addPoint(client, v._id);
    expect(early.status).toBe(400);
    expect(early.body.success).toBe(false);
    expect(early.body.message).toMatch(/^Keep watching: the reward is not due yet \((7|8) seconds left\)$/);
    expect(await balance(client)).toBe(0);
    expect(await rewardPostings(user._id)).toBe(0);
    expect(await rewardRows(user._id)).toBe(0);

    ctx.clock.advance(8_100);
    const paid = await addPoint(client, v._id);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({ success: true, message: 'You earned 2.50 points', point: 2.5 });
    expect(await balance(client)).toBe(2.5);
    expect(await rewardPostings(user._id)).toBe(1);
    expect(await rewardRows(user._id)).toBe(1);
    const views = await ctx.db.execute(sql`select 1 from video_views where user_id = ${user._id} and video_id = ${v._id}`);
    expect(views.rows).toHaveLength(0); // the view that paid is used up
    const entries = await ctx.db.execute<{ code: string | null; user_id: string | null; amount_cents: number }>(sql`
      select a.code, a.user_id, e.amount_cents from ledger_entries e
      join ledger_transactions t on t.id = e.transaction_id join ledger_accounts a on a.id = e.account_id
      where t.event_key like ${`video:${user._id}:${v._id}:%`} order by e.amount_cents`);
    expect(entries.rows).toEqual([
      { code: 'expense:rewards', user_id: null, amount_cents: -250 },
      { code: null, user_id: user._id, amount_cents: 250 },
    ]);
  });

  test('every open restarts the timer', async () => {
    const v = await newVideo({ point: 1, time: 0.5 });
    const { client } = await subscriber();
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(25_000);
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(25_000);
    expect((await addPoint(client, v._id)).status).toBe(400);
    ctx.clock.advance(4_000);
    expect((await addPoint(client, v._id)).status).toBe(200);
  });

  test('a reward for a video never opened → 400, nothing paid', async () => {
    const v = await newVideo({ point: 1, time: 0.05 });
    const { client, user } = await subscriber();
    ctx.clock.advance(60_000);
    const r = await addPoint(client, v._id);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, message: VIDEO_MSG.openFirst });
    expect(await balance(client)).toBe(0);
    expect(await rewardPostings(user._id)).toBe(0);
  });

  test('a missing videoId → 400 with a message', async () => {
    const { client } = await subscriber();
    for (const body of [{}, { videoId: '' }, { videoId: 5 }, { point: 5 }, [], 'x']) {
      const r = await client.post('/api/v1/video/add-point', body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ success: false, message: VIDEO_MSG.fillAll });
    }
  });

  test('a client-sent point of 1000 is ignored: the video’s own points are paid', async () => {
    const v = await newVideo({ point: 0.75, time: 0.05 });
    const { client } = await subscriber();
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(2_000);
    const r = await addPoint(client, v._id, { point: 1000 });
    expect(r.status, r.text).toBe(200);
    expect(r.body.point).toBe(0.75);
    expect(await balance(client)).toBe(0.75);
  });

  test('20 simultaneous requests → paid exactly once, the rest 409', async () => {
    const v = await newVideo({ point: 5, time: 0.05 });
    const { client, user } = await subscriber();
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(2_000);
    const results = await Promise.all(Array.from({ length: 20 }, () => addPoint(client, v._id)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toEqual({ success: false, message: VIDEO_MSG.alreadyPaid });
    expect(await balance(client)).toBe(5);
    expect(await rewardPostings(user._id)).toBe(1);
    expect(await rewardRows(user._id)).toBe(1);
  });

  test('20 simultaneous requests over two videos → one payment per video', async () => {
    const a = await newVideo({ point: 1, time: 0.05 });
    const b = await newVideo({ point: 2, time: 0.05 });
    const { client, user } = await subscriber();
    await Promise.all([client.get(`/api/v1/video/${a._id}`), client.get(`/api/v1/video/${b._id}`)]);
    ctx.clock.advance(2_000);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => addPoint(client, i % 2 ? a._id : b._id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await balance(client)).toBe(3);
    expect(await rewardPostings(user._id)).toBe(2);
  });

  test('the same Idempotency-Key replays the first answer and pays once', async () => {
    const v = await newVideo({ point: 1.25, time: 0.05 });
    const { client, user } = await subscriber();
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(2_000);
    const headers = { 'idempotency-key': `video-${v._id}` };
    const first = await addPoint(client, v._id, {}, headers);
    const second = await addPoint(client, v._id, {}, headers);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replay')).toBe('true');
    expect(await balance(client)).toBe(1.25);
    expect(await rewardPostings(user._id)).toBe(1);
  });

  test('same UTC day again → 409 and nothing paid; the next UTC day, after opening again → paid again', async () => {
    const v = await newVideo({ point: 4, time: 0.05 });
    const { client, user } = await subscriber();
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(2_000);
    expect((await addPoint(client, v._id)).status).toBe(200);
    const repeat = await addPoint(client, v._id);
    expect(repeat.status).toBe(409);
    expect(repeat.body).toEqual({ success: false, message: VIDEO_MSG.alreadyPaid });

    // Watched again the same day: refused.
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(2_000);
    const again = await addPoint(client, v._id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, message: VIDEO_MSG.alreadyPaid });
    expect(await balance(client)).toBe(4);
    expect(await rewardPostings(user._id)).toBe(1);

    await nextUtcDay(client);
    await client.get(`/api/v1/video/${v._id}`);
    ctx.clock.advance(2_000);
    const nextDay = await addPoint(client, v._id);
    expect(nextDay.status, nextDay.text).toBe(200);
    expect(await balance(client)).toBe(8);
    expect(await rewardPostings(user._id)).toBe(2);
    const days = await ctx.db.execute<{ day: string }>(sql`select day from video_rewards where user_id = ${user._id} order by day`);
    expect(days.rows).toHaveLength(2);
    expect(days.rows[0].day < days.rows[1].day).toBe(true);

    // A view pays once: the day after, nothing is due until the video is opened again.
    await nextUtcDay(client);
    const unopened = await addPoint(client, v._id);
    expect(unopened.status).toBe(400);
    expect(unopened.body).toEqual({ success: false, message: VIDEO_MSG.openFirst });
    expect(await balance(client)).toBe(8);
  });

  test('the library marks what the caller watched today and what it paid them, only for them and only today', async () => {
    const { client } = await subscriber();
    // An admin of its own: the earlier tests' days of clock moves outlived the shared admin's session.
    const { client: editor } = await signUpAs(ctx, 'ADMIN');
    const made = async (body: Record<string, unknown>) => (await editor.post('/api/v1/video', { link: ytLink(), time: 0.05, ...body })).body.video as { _id: string; link: string };
    const v = await made({ point: 3 });
    const other = await made({ point: 1 });
    const mark = async (c: Client, id: string) => {
      const r = await c.get('/api/v1/video');
      expect(r.status).toBe(200);
      return (r.body.videos as { _id: string; watchedToday: boolean; earnedToday: number }[]).find((x) => x._id === id);
    };
    expect(await mark(client, v._id)).toMatchObject({ watchedToday: false, earnedToday: 0 });
    await client.get(`/api/v1/video/${v._id}`);
    expect(await mark(client, v._id)).toMatchObject({ watchedToday: true, earnedToday: 0 });
    ctx.clock.advance(2_000);
    expect((await addPoint(client, v._id)).status).toBe(200);
    // Paid: the view is used up, the reward still marks it, with the amount from the ledger.
    expect(await mark(client, v._id)).toMatchObject({ watchedToday: true, earnedToday: 3 });
    // An edit of the video does not change what was paid.
    expect((await editor.put(`/api/v1/video/${v._id}`, { link: v.link, point: 9, time: 0.05 })).status).toBe(200);
    expect(await mark(client, v._id)).toMatchObject({ watchedToday: true, earnedToday: 3, point: 9 });
    expect(await mark(client, other._id)).toMatchObject({ watchedToday: false, earnedToday: 0 });
    // Someone else's list says nothing of it.
    const { client: stranger } = await subscriber();
    expect(await mark(stranger, v._id)).toMatchObject({ watchedToday: false, earnedToday: 0 });
    // The next UTC day starts clean.
    await nextUtcDay(client);
    expect(await mark(client, v._id)).toMatchObject({ watchedToday: false, earnedToday: 0 });
  });

  test('rewards come out of expense:rewards: the ledger stays balanced', async () => {
    const r = await ctx.db.execute<{ expense: number; paid: number }>(sql`
      select (select balance_cents from ledger_accounts where code = 'expense:rewards')::bigint as expense,
             (select coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
              join ledger_accounts a on a.id = e.account_id where t.kind = 'video_reward' and a.user_id is not null)::bigint as paid`);
    expect(Number(r.rows[0].paid)).toBeGreaterThan(0);
    expect(Number(r.rows[0].expense)).toBe(-Number(r.rows[0].paid));
  });
});

describe('content security policy', () => {
  function directives(header: string | null): Map<string, string[]> {
    expect(header).toBeTruthy();
    return new Map(
      header!
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name, values]),
    );
  }

  test('frames only www.youtube-nocookie.com, images only self, data: and i.ytimg.com', async () => {
    for (const path of ['/api/v1/health', '/api/v1/video', '/some/page']) {
      const r = await ctx.client().get(path);
      const csp = directives(r.headers.get('content-security-policy'));
      expect(csp.get('frame-src')).toEqual(['https://www.youtube-nocookie.com']);
      expect(csp.get('img-src')!.sort()).toEqual(["'self'", 'data:', 'https://i.ytimg.com'].sort());
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('media-src')!.sort()).toEqual(["'self'", 'https:'].sort());
      expect(csp.has('child-src')).toBe(false);
    }
  });
});
