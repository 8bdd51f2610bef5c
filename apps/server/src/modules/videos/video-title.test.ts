// Video titles over real HTTP (docs/product.md#web-client): optional on create and edit, trimmed, shown in the list and when a
// subscriber opens the video; an edit that does not send a title keeps it; bad titles are refused with a
// message naming the problem and nothing is stored or audited.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { VIDEO_MSG } from '@app/contract';
import { signUp, signUpAs, startTestApp, type Client, type TestContext } from '../../../test/helpers.js';

let ctx: TestContext;
let admin: Client;
let viewer: Client;
let n = 0;
const ytLink = () => `https://youtu.be/title${String(++n).padStart(6, '0')}`;

beforeAll(async () => {
  ctx = await startTestApp();
  admin = (await signUpAs(ctx, 'ADMIN')).client;
  const s = await signUp(ctx);
  await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${s.user._id}`);
  viewer = s.client;
});
afterAll(async () => ctx.close());

async function stored(id: string): Promise<string | null> {
  const r = await ctx.db.execute<{ title: string | null }>(sql`select title from videos where id = ${id}`);
  return r.rows[0].title;
}

describe('a video title', () => {
  test('create with a title: trimmed, stored, listed and shown when opened', async () => {
    const r = await admin.post('/api/v1/video', { link: ytLink(), point: 1, time: 1, title: '  Morning market recap  ' });
    expect(r.status).toBe(201);
    expect(r.body.video.title).toBe('Morning market recap');
    expect(await stored(r.body.video._id)).toBe('Morning market recap');
    const list = await viewer.get('/api/v1/video');
    expect(list.body.videos.find((v: { _id: string }) => v._id === r.body.video._id).title).toBe('Morning market recap');
    const opened = await viewer.get(`/api/v1/video/${r.body.video._id}`);
    expect(opened.body.video.title).toBe('Morning market recap');
  });

  test('create without a title, or with blank text: null, and listed as null', async () => {
    const none = await admin.post('/api/v1/video', { link: ytLink(), point: 1, time: 1 });
    const blank = await admin.post('/api/v1/video', { link: ytLink(), point: 1, time: 1, title: '   ' });
    for (const r of [none, blank]) {
      expect(r.body.message).toBe('Video added successfully');
      expect(r.status).toBe(201);
      expect(r.body.video.title).toBeNull();
      expect(await stored(r.body.video._id)).toBeNull();
    }
    const list = await viewer.get('/api/v1/video');
    expect(list.body.videos.find((v: { _id: string }) => v._id === none.body.video._id).title).toBeNull();
  });

  test('edit sets, keeps (title not sent) and clears (null or empty) the title', async () => {
    const link = ytLink();
    const created = await admin.post('/api/v1/video', { link, point: 1, time: 1 });
    const id = created.body.video._id;
    const set = await admin.put(`/api/v1/video/${id}`, { link, point: 2, time: 1, title: 'Lesson 2: wallets' });
    expect(set.status).toBe(200);
    expect(set.body.video.title).toBe('Lesson 2: wallets');
    const kept = await admin.put(`/api/v1/video/${id}`, { link, point: 3, time: 1 });
    expect(kept.body.video).toMatchObject({ title: 'Lesson 2: wallets', point: 3 });
    expect(await stored(id)).toBe('Lesson 2: wallets');
    const cleared = await admin.put(`/api/v1/video/${id}`, { link, point: 3, time: 1, title: '' });
    expect(cleared.body.video.title).toBeNull();
    await admin.put(`/api/v1/video/${id}`, { link, point: 3, time: 1, title: 'Again' });
    const nulled = await admin.put(`/api/v1/video/${id}`, { link, point: 3, time: 1, title: null });
    expect(nulled.body.video.title).toBeNull();
    expect(await stored(id)).toBeNull();
  });

  test('120 characters (emoji count as one) are accepted', async () => {
    const title = '🎬'.repeat(20) + 'x'.repeat(100);
    const r = await admin.post('/api/v1/video', { link: ytLink(), point: 1, time: 1, title });
    expect(r.status).toBe(201);
    expect(r.body.video.title).toBe(title);
  });

  const bad: [string, unknown, string][] = [
    ['121 characters', 'x'.repeat(121), VIDEO_MSG.titleTooLong],
    ['a zero-width space', 'Free\u200bmoney', VIDEO_MSG.titleInvisible],
    ['a right-to-left override', 'clip\u202Egpj.exe', VIDEO_MSG.titleInvisible],
    ['a line break inside', 'two\nlines', VIDEO_MSG.titleInvisible],
    ['a number', 42, VIDEO_MSG.titleText],
    ['an object', { text: 'x' }, VIDEO_MSG.titleText],
  ];
  test.each(bad)('refused: %s (400, the reason, nothing stored or audited)', async (_name, title, message) => {
    const link = ytLink();
    const v = (await admin.post('/api/v1/video', { link, point: 1, time: 1, title: 'Kept' })).body.video;
    const count = async (q: ReturnType<typeof sql>) => (await ctx.db.execute<{ n: number }>(q)).rows[0].n;
    const videosBefore = await count(sql`select count(*)::int as n from videos`);
    const auditsBefore = await count(sql`select count(*)::int as n from audit_log`);
    const created = await admin.post('/api/v1/video', { link: ytLink(), point: 1, time: 1, title });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ success: false, message });
    const edited = await admin.put(`/api/v1/video/${v._id}`, { link, point: 5, time: 1, title });
    expect(edited.status).toBe(400);
    expect(edited.body).toEqual({ success: false, message });
    expect(await count(sql`select count(*)::int as n from videos`)).toBe(videosBefore);
    expect(await count(sql`select count(*)::int as n from audit_log`)).toBe(auditsBefore);
    expect(await stored(v._id)).toBe('Kept');
  });
});
