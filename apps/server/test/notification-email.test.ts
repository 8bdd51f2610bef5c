// Notification e-mail over real SMTP (decision 014): smtp-server on 127.0.0.1 receives what the queue
// (graphile-worker in PostgreSQL) sends. A transfer's e-mail arrives once, with text and HTML, List-Unsubscribe
// and the sender's name; SMTP refusing for a while loses and duplicates nothing; preferences and unsubscribe
// links; announcements to an exact audience.
import { sql } from 'drizzle-orm';
import { renderNotification } from '@app/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeTestAppWithSmtp, signUp, signUpAs, startTestAppWithSmtp, waitForEmailQueueIdle, type TestContext } from './helpers.js';
import { fund } from './money-helpers.js';
import { deliverAnnouncement } from '../src/modules/notifications/announcements.service.js';
import { EMAIL_BATCH_SIZE, EMAIL_BATCH_TASK, sweepEmailOutbox } from '../src/modules/notifications/email-jobs.js';
import { notifyMany } from '../src/modules/notifications/notify.js';
import { transfer as transferInTx } from '../src/modules/points/points.service.js';
import type { Tx } from '../src/db/client.js';
import type { SmtpSink } from './smtp-sink.js';

let smtp: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  ({ smtp, ctx } = await startTestAppWithSmtp());
});
afterAll(() => closeTestAppWithSmtp(ctx, smtp));

/** The subject of a kind's e-mail: its title in the centre (the contract's words). */
const PASSWORD_CHANGED = renderNotification('password_changed', {}).title;
const POINTS_ADDED = renderNotification('points_added', { amountCents: 200 }).title;
const POINTS_RECEIVED = renderNotification('transfer_received', { amountCents: 1, senderName: 'x' }).title;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function transfer(from: Awaited<ReturnType<typeof signUp>>, toEmail: string, points: number) {
  const res = await from.client.post('/api/v1/point/transfer', { recipientEmail: toEmail, points });
  expect(res.status, res.text).toBe(200);
}

async function jobsLeft(): Promise<number> {
  const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker._private_jobs`);
  return rows[0].n;
}

describe('a transfer', () => {
  test("the recipient's e-mail arrives once: text and HTML, List-Unsubscribe, the sender's name and not their e-mail", async () => {
    const sender = await signUp(ctx, { fullName: 'Alice <b>Sender</b> & Co' });
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 10_000);
    await transfer(sender, recipient.user.email, 12.5);

    await smtp.waitFor(() => smtp.mailsTo(recipient.user.email).length > 0, 10_000, "the recipient's e-mail");
    await smtp.waitFor(() => smtp.mailsTo(sender.user.email).length > 0, 10_000, "the sender's e-mail");
    await waitForEmailQueueIdle(ctx); // every queued e-mail was sent: a second copy cannot come later
    const mails = smtp.mailsTo(recipient.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.headers.get('subject')).toBe(POINTS_RECEIVED);
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    // The same words as the centre's notification.
    const { rows } = await ctx.db.execute<{ body: string; public_id: string }>(
      sql`select body, public_id from notifications where user_id = ${recipient.user._id} and kind = 'transfer_received'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toBe(renderNotification('transfer_received', { amountCents: 1250, senderName: 'Alice <b>Sender</b> & Co' }).body);
    expect(rows[0].body).toContain('Alice <b>Sender</b> & Co');
    expect(mail.text).toContain(rows[0].body);
    expect(mail.text).toContain('USDT Points');
    expect(mail.text).toContain('https://points.example.com/user/notifications');
    // Escaped in the HTML: the sender's name is text, not markup.
    expect(mail.html).toContain(rows[0].body.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(mail.html).toContain('Alice &lt;b&gt;Sender&lt;/b&gt; &amp; Co');
    expect(mail.html).not.toContain('<b>Sender</b>');
    expect(mail.raw).not.toContain(sender.user.email);
    expect(mail.headers.get('message-id')).toBe(`<${rows[0].public_id}@points.example.com>`);
    const unsubscribe = mail.headers.get('list-unsubscribe')!;
    expect(unsubscribe).toMatch(/^<https:\/\/points\.example\.com\/api\/v1\/notifications\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Recorded as accepted, and no job left behind.
    const sent = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from notification_emails e join notifications n on n.id = e.notification_id where n.user_id = ${recipient.user._id}`);
    expect(sent.rows[0].n).toBe(1);
  });
});

/** Runs `fn` in a transaction that is rolled back: what it wrote is never seen by the app's own sweeper. */
async function rolledBack(fn: (tx: Tx) => Promise<void>): Promise<void> {
  const undo = new Error('rolled back on purpose');
  await expect(
    ctx.db.transaction(async (tx) => {
      await fn(tx);
      throw undo;
    }),
  ).rejects.toBe(undo);
}

const outboxSets = (tx: Tx) =>
  tx
    .execute<{ first_id: string; notification_ids: string[] }>(sql`select first_id, notification_ids from notification_email_outbox_sets order by first_id`)
    .then((r) => r.rows.map((x) => ({ first_id: Number(x.first_id), notification_ids: x.notification_ids.map(Number) })));
const outboxSingles = (tx: Tx) => tx.execute<{ n: number }>(sql`select count(*)::int as n from notification_email_outbox`).then((r) => r.rows[0].n);
const batchJobs = (tx: Tx) =>
  tx
    .execute<{ ids: number[] }>(sql`select payload->'ids' as ids from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = ${EMAIL_BATCH_TASK} order by j.id`)
    .then((r) => r.rows.map((x) => x.ids.map(Number)));

describe('the e-mail outbox (decision 031)', () => {
  test("a statement's notifications are one outbox row with all their ids: a transfer's two, three told at once", async () => {
    await waitForEmailQueueIdle(ctx);
    const sender = await signUp(ctx, { fullName: 'Outbox Sender' });
    const recipient = await signUp(ctx);
    const others = await Promise.all([signUp(ctx), signUp(ctx)]);
    await fund(ctx, sender.user._id, 1_000);
    await rolledBack(async (tx) => {
      await transferInTx(tx, { id: sender.user._id, email: sender.user.email, fullName: 'Outbox Sender' }, { recipientEmail: recipient.user.email, points: 1 });
      const ids = (await tx.execute<{ id: string }>(sql`select id from notifications where user_id in (${sender.user._id}, ${recipient.user._id}) and kind like 'transfer_%' order by id`)).rows.map((r) => Number(r.id));
      expect(ids).toHaveLength(2);
      expect(await outboxSets(tx)).toEqual([{ first_id: ids[0], notification_ids: ids }]);
      await notifyMany(tx, [sender, ...others].map((u) => ({ userId: u.user._id, kind: 'password_changed' as const, params: {} })));
      const sets = await outboxSets(tx);
      expect(sets).toHaveLength(2);
      expect(sets[1].notification_ids).toHaveLength(3);
      expect(sets[1].first_id).toBe(sets[1].notification_ids[0]);
      expect(await outboxSingles(tx)).toBe(0);
    });
  });

  test('a sweep takes whole rows up to the batch size, oldest first, then the rows an earlier release wrote', async () => {
    await waitForEmailQueueIdle(ctx);
    await rolledBack(async (tx) => {
      // Ids the sweep only moves (no such notifications: their job, never committed, would skip them).
      const base = 9_000_000_000;
      const at = (k: number) => sql`${base + k}::bigint`;
      const pairs = 150; // 300 ids in rows of two
      await tx.execute(sql`insert into notification_email_outbox_sets (first_id, notification_ids)
        select ${at(0)} + 2 * i, array[${at(0)} + 2 * i, ${at(0)} + 2 * i + 1] from generate_series(0, ${pairs - 1}) i`);
      await tx.execute(sql`insert into notification_email_outbox (notification_id) select ${at(10_000)} + i from generate_series(0, 29) i`);
      const before = await batchJobs(tx);

      expect(await sweepEmailOutbox(tx)).toEqual({ taken: EMAIL_BATCH_SIZE, more: true });
      expect(await sweepEmailOutbox(tx)).toEqual({ taken: 100 + 30, more: false });
      expect(await sweepEmailOutbox(tx)).toEqual({ taken: 0, more: false });
      const jobs = (await batchJobs(tx)).slice(before.length);
      expect(jobs).toHaveLength(2);
      expect(jobs[0]).toEqual(Array.from({ length: EMAIL_BATCH_SIZE }, (_, i) => base + i));
      expect(jobs[1]).toEqual([...Array.from({ length: 100 }, (_, i) => base + EMAIL_BATCH_SIZE + i), ...Array.from({ length: 30 }, (_, i) => base + 10_000 + i)]);
      expect(await outboxSets(tx)).toEqual([]);
      expect(await outboxSingles(tx)).toBe(0);

      // A row of more ids than a batch holds is taken alone, and the sweep says there may be more.
      await tx.execute(sql`insert into notification_email_outbox_sets (first_id, notification_ids)
        values (${at(20_000)}, array(select ${at(20_000)} + i from generate_series(0, 249) i)), (${at(30_000)}, array[${at(30_000)}])`);
      expect(await sweepEmailOutbox(tx)).toEqual({ taken: 250, more: true });
      expect(await sweepEmailOutbox(tx)).toEqual({ taken: 1, more: false });
    });
  });
});

describe('SMTP refusing for a while, then accepting', () => {
  test('every queued e-mail arrives exactly once', async () => {
    const sender = await signUp(ctx);
    await fund(ctx, sender.user._id, 100_000);
    const recipients = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx)));
    smtp.refusing = true;
    const refusedBefore = smtp.refused;
    for (const r of recipients) await transfer(sender, r.user.email, 1);
    // Every e-mail (6 to recipients, 6 to the sender) is refused at least twice: the first attempt and the first retry.
    const jobs = async () =>
      (await ctx.db.execute<{ attempts: number; last_error: string | null; locked: boolean }>(sql`select attempts, last_error, locked_at is not null as locked from graphile_worker._private_jobs`)).rows;
    const deadline = Date.now() + 30_000;
    while (!(await jobs()).every((j) => j.attempts >= 2 && !j.locked && j.last_error !== null) || (await jobs()).length < 12) {
      if (Date.now() > deadline) throw new Error(`not every e-mail was refused twice: ${JSON.stringify(await jobs())}`);
      await sleep(200);
    }
    expect(smtp.refused - refusedBefore).toBeGreaterThanOrEqual(24);
    for (const r of recipients) expect(smtp.mailsTo(r.user.email)).toHaveLength(0);
    const rows = await jobs();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => /451/.test(r.last_error ?? ''))).toBe(true);
    smtp.refusing = false;
    // The third attempt comes e^2 ≈ 7.4 s after the second.
    await smtp.waitFor(() => recipients.every((r) => smtp.mailsTo(r.user.email).length > 0) && smtp.mailsTo(sender.user.email).length >= 6, 30_000, 'every e-mail');
    await waitForEmailQueueIdle(ctx); // every queued e-mail was sent: a second copy cannot come later
    for (const r of recipients) expect(smtp.mailsTo(r.user.email)).toHaveLength(1);
    expect(smtp.mailsTo(sender.user.email)).toHaveLength(6);
    expect(await jobsLeft()).toBe(0);
  }, 60_000);
});

describe('preferences and unsubscribe links', () => {
  test('GET/PUT preferences: everything on at first; a category turned off stays off; security cannot be turned off', async () => {
    const u = await signUp(ctx);
    const first = await u.client.get('/api/v1/notifications/preferences');
    expect(first.status).toBe(200);
    expect(Object.values(first.body.preferences).every((v) => v === true)).toBe(true);
    const put = await u.client.put('/api/v1/notifications/preferences', { preferences: { transfers: false, points: false } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.preferences).toMatchObject({ transfers: false, points: false, deposits: true, security: true });
    const again = await u.client.put('/api/v1/notifications/preferences', { preferences: { points: true, transfers: false } });
    expect(again.body.preferences).toMatchObject({ transfers: false, points: true });
    const security = await u.client.put('/api/v1/notifications/preferences', { preferences: { security: false } });
    expect(security.status).toBe(400);
    expect(security.body.message).toBe('Security e-mails cannot be turned off: they tell you when someone else may be using your account');
    expect((await u.client.get('/api/v1/notifications/preferences')).body.preferences).toMatchObject({ security: true, transfers: false });
  });

  test('a category turned off gets no e-mail but still the in-app notification; other categories still e-mail', async () => {
    const sender = await signUp(ctx);
    const quiet = await signUp(ctx);
    await fund(ctx, sender.user._id, 10_000);
    expect((await quiet.client.put('/api/v1/notifications/preferences', { preferences: { transfers: false } })).status).toBe(200);
    await transfer(sender, quiet.user.email, 3);
    // The admin adds points: category "points", still on.
    const admin = await signUpAs(ctx, 'ADMIN');
    const add = await admin.client.post('/api/v1/adpoint/addpoint', { email: quiet.user.email, points: 2 });
    expect(add.status, add.text).toBeLessThan(300);
    await smtp.waitFor(() => smtp.mailsTo(quiet.user.email).some((m) => m.headers.get('subject') === POINTS_ADDED), 10_000, 'the points e-mail');
    await waitForEmailQueueIdle(ctx); // the transfer's job ran too (and sent nothing): no e-mail can come later
    expect(smtp.mailsTo(quiet.user.email).map((m) => m.headers.get('subject'))).toEqual([POINTS_ADDED]);
    const list = await quiet.client.get('/api/v1/notifications');
    expect(list.body.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual(['points_added', 'transfer_received']);
  });

  test('security e-mails are sent whatever the preferences say', async () => {
    const u = await signUp(ctx);
    await u.client.put('/api/v1/notifications/preferences', {
      preferences: { deposits: false, withdrawals: false, transfers: false, subscription: false, referrals: false, points: false, announcements: false },
    });
    const res = await u.client.post('/api/v1/user/change-password', { oldPassword: u.password, newPassword: 'another-horse-77' });
    expect(res.status, res.text).toBe(200);
    await smtp.waitFor(() => smtp.mailsTo(u.user.email).some((m) => m.headers.get('subject') === PASSWORD_CHANGED), 10_000, 'the security e-mail');
    const mail = smtp.mailsTo(u.user.email).find((m) => m.headers.get('subject') === PASSWORD_CHANGED)!;
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.text).toContain('Security e-mails cannot be turned off');
  });

  test('the unsubscribe link: GET turns the category off (twice is fine), one-click POST too, a forged token is a 400', async () => {
    const sender = await signUp(ctx);
    const u = await signUp(ctx);
    await fund(ctx, sender.user._id, 10_000);
    await transfer(sender, u.user.email, 1);
    await smtp.waitFor(() => smtp.mailsTo(u.user.email).length > 0 && smtp.mailsTo(sender.user.email).length > 0, 10_000, 'both e-mails');
    const link = smtp.mailsTo(u.user.email)[0].headers.get('list-unsubscribe')!.slice(1, -1);
    const path = link.replace('https://points.example.com', '');
    expect(link).toBe(smtp.mailsTo(u.user.email)[0].text.match(/Stop these e-mails: (\S+)/)![1]);
    const anonymous = ctx.client();
    for (let i = 0; i < 2; i++) {
      const res = await anonymous.get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'You will no longer receive e-mails about transfers. You can turn them on again on your notifications page.' });
    }
    const page = await anonymous.get(path, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('You will no longer receive e-mails about transfers.');
    expect((await u.client.get('/api/v1/notifications/preferences')).body.preferences.transfers).toBe(false);

    // One-click, as a mail client sends it: a form POST with no cookie and no XSRF token.
    const senderLink = smtp.mailsTo(sender.user.email)[0].headers.get('list-unsubscribe')!.slice(1, -1).replace('https://points.example.com', '');
    const oneClick = () =>
      fetch(ctx.url + senderLink, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    for (let i = 0; i < 2; i++) {
      const res = await oneClick();
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ success: true });
    }
    expect((await sender.client.get('/api/v1/notifications/preferences')).body.preferences.transfers).toBe(false);

    // Forged: another user's id with this token's MAC, another category, garbage, none.
    const token = decodeURIComponent(new URL(link).searchParams.get('token')!);
    const [, category, mac] = token.split('.');
    const forged = [`${sender.user._id}.${category}.${mac}`, `${u.user._id}.points.${mac}`, `${u.user._id}.security.${mac}`, 'nonsense', ''];
    for (const t of forged) {
      const get = await anonymous.get(`/api/v1/notifications/unsubscribe?token=${encodeURIComponent(t)}`);
      expect(get.status, t).toBe(400);
      expect(get.body).toEqual({ success: false, message: 'This unsubscribe link is not valid. Choose your e-mails on your notifications page instead.' });
      const post = await fetch(`${ctx.url}/api/v1/notifications/unsubscribe?token=${encodeURIComponent(t)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      expect(post.status, t).toBe(400);
    }
    expect((await u.client.get('/api/v1/notifications/preferences')).body.preferences.points).toBe(true);
  });
});

async function delivered(id: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await ctx.db.execute<{ done: boolean }>(sql`select delivered_at is not null as done from announcements where id = ${id}`);
    if (rows[0]?.done) return;
    if (Date.now() > deadline) throw new Error('announcement not delivered');
    await sleep(100);
  }
}

describe('announcements', () => {
  test('a USER is refused (403) and nothing is written', async () => {
    const u = await signUp(ctx);
    const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from announcements`);
    const res = await u.client.post('/api/v1/admin/announcements', { audience: 'all', title: 'Hi', body: 'Hello', email: true });
    expect(res.status).toBe(403);
    expect((await u.client.get('/api/v1/admin/announcements')).status).toBe(403);
    const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from announcements`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  test('audiences are exact (all / subscribers / admins, never the deleted), audited, e-mail only when ticked and wanted', async () => {
    const admin = await signUpAs(ctx, 'ADMIN');
    const plain = await signUp(ctx);
    const subscriber = await signUp(ctx);
    await ctx.db.execute(sql`update users set subscribed_at = now() where id = ${subscriber.user._id}`);
    const noAnnouncements = await signUp(ctx);
    await noAnnouncements.client.put('/api/v1/notifications/preferences', { preferences: { announcements: false } });
    const gone = await signUp(ctx);
    await ctx.db.execute(sql`update users set deleted_at = now() where id = ${gone.user._id}`);

    const expected = async (where: string) =>
      (await ctx.db.execute<{ id: string }>(sql.raw(`select id from users where deleted_at is null ${where} order by id`))).rows.map((r) => r.id);
    const received = async (title: string) =>
      (await ctx.db.execute<{ user_id: string }>(sql`select user_id from notifications where kind = 'announcement' and title = ${title} order by user_id`)).rows.map((r) => r.user_id);

    const cases = [
      { audience: 'all', where: '', email: true },
      { audience: 'subscribers', where: 'and subscribed_at is not null', email: false },
      { audience: 'admins', where: "and role <> 'USER'", email: true },
    ] as const;
    for (const c of cases) {
      const title = `To ${c.audience} <now>`;
      const want = await expected(c.where);
      const res = await admin.client.post('/api/v1/admin/announcements', { audience: c.audience, title, body: 'Maintenance tonight & <b>tomorrow</b>.', email: c.email });
      expect(res.status, res.text).toBe(201);
      expect(res.body.announcement).toMatchObject({ audience: c.audience, title, email: c.email, recipients: want.length });
      await delivered(res.body.announcement._id);
      expect(await received(title)).toEqual(want);
      const audit = await ctx.db.execute<{ actor_id: string; after: string }>(
        sql`select actor_id, after::text from audit_log where action = 'announcement.sent' and target_id = ${res.body.announcement._id}`,
      );
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0].actor_id).toBe(admin.user._id);
      expect(JSON.parse(audit.rows[0].after)).toMatchObject({ audience: c.audience, recipients: want.length, email: c.email });
    }
    expect(await received('To all <now>')).not.toContain(gone.user._id);
    expect(await received('To subscribers <now>')).toEqual([subscriber.user._id]);

    // E-mail: the "all" and "admins" announcements were ticked, "subscribers" was not; the user who turned
    // announcement e-mails off gets none.
    await smtp.waitFor(() => smtp.mailsTo(plain.user.email).some((m) => m.headers.get('subject') === 'To all <now>'), 15_000, 'the announcement e-mail');
    await smtp.waitFor(() => smtp.mailsTo(admin.user.email).some((m) => m.headers.get('subject') === 'To admins <now>'), 15_000, "the admins' announcement e-mail");
    await waitForEmailQueueIdle(ctx); // every batch's jobs ran: no other announcement e-mail can come later
    const subjects = (email: string) => smtp.mailsTo(email).map((m) => m.headers.get('subject')).filter((s) => s?.startsWith('To '));
    expect(subjects(plain.user.email)).toEqual(['To all <now>']);
    expect(subjects(subscriber.user.email)).toEqual(['To all <now>']);
    expect(subjects(noAnnouncements.user.email)).toEqual([]);
    expect(subjects(gone.user.email)).toEqual([]);
    expect(subjects(admin.user.email).sort()).toEqual(['To admins <now>', 'To all <now>']);
    const mail = smtp.mailsTo(plain.user.email).find((m) => m.headers.get('subject') === 'To all <now>')!;
    expect(mail.html).toContain('Maintenance tonight &amp; &lt;b&gt;tomorrow&lt;/b&gt;.');
    expect(mail.headers.get('list-unsubscribe')).toContain('/api/v1/notifications/unsubscribe?token=');

    const list = await admin.client.get('/api/v1/admin/announcements?page=1&limit=2');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(3);
    expect(list.body.announcements.map((a: { title: string }) => a.title)).toEqual(['To admins <now>', 'To subscribers <now>']);
  }, 60_000);

  test('a delivery cut off after a batch (a crash) goes on from its cursor: everyone once, nobody twice', async () => {
    const admin = await signUpAs(ctx, 'ADMIN');
    for (let i = 0; i < 6; i++) await signUp(ctx);
    const title = `Resumed ${Date.now()}`;
    const live = (await ctx.db.execute<{ id: string }>(sql`select id::text from users where deleted_at is null order by id`)).rows.map((r) => r.id);
    const cursor = live[Math.floor(live.length / 2)];
    // As the first batch would have left it: the users up to the cursor notified, the cursor moved, not finished.
    const { rows } = await ctx.db.execute<{ id: string }>(sql`
      insert into announcements (audience, title, body, email, recipients, created_by, delivered_through, delivered)
      values ('all', ${title}, 'Body', false, ${live.length}, ${admin.user._id}, ${cursor}::uuid, ${live.indexOf(cursor) + 1}) returning id`);
    await ctx.db.execute(sql`
      insert into notifications (user_id, kind, params, title, body)
      select id, 'announcement', jsonb_build_object('title', ${title}::text, 'body', 'Body'), ${title}, 'Body' from users where deleted_at is null and id <= ${cursor}::uuid`);
    await deliverAnnouncement(ctx.db, rows[0].id);
    const got = await ctx.db.execute<{ user_id: string; n: number }>(sql`select user_id::text, count(*)::int as n from notifications where title = ${title} group by user_id order by user_id`);
    expect(got.rows.map((r) => r.user_id)).toEqual(live);
    expect(got.rows.every((r) => r.n === 1)).toBe(true);
    const a = await ctx.db.execute<{ delivered: number; done: boolean }>(sql`select delivered, delivered_at is not null as done from announcements where id = ${rows[0].id}`);
    expect(a.rows[0]).toEqual({ delivered: live.length, done: true });
    // Run again (a retried job): nothing more.
    await deliverAnnouncement(ctx.db, rows[0].id);
    const again = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where title = ${title}`);
    expect(again.rows[0].n).toBe(live.length);
  });
});
