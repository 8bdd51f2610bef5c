// Notification e-mail over real SMTP (issue 18, decision 014): smtp-server on 127.0.0.1 receives what the queue
// (graphile-worker in PostgreSQL) sends. A transfer's e-mail arrives once, with text and HTML, List-Unsubscribe
// and the sender's name; SMTP refusing for a while loses and duplicates nothing; preferences and unsubscribe
// links; announcements to an exact audience.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, signUpAs, startTestApp, type TestContext } from './helpers.js';
import { fund } from './money-helpers.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';

let smtp: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await startTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://points.example.com' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

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
    await sleep(1500); // a second copy would have come by now
    const mails = smtp.mailsTo(recipient.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.headers.get('subject')).toBe('Points received');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    // The same words as the centre's notification.
    const { rows } = await ctx.db.execute<{ body: string; public_id: string }>(
      sql`select body, public_id from notifications where user_id = ${recipient.user._id} and kind = 'transfer_received'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toBe('Alice <b>Sender</b> & Co sent you 12.50 points.');
    expect(mail.text).toContain(rows[0].body);
    expect(mail.text).toContain('USDT Points');
    expect(mail.text).toContain('https://points.example.com/user/notifications');
    // Escaped in the HTML: the sender's name is text, not markup.
    expect(mail.html).toContain('Alice &lt;b&gt;Sender&lt;/b&gt; &amp; Co sent you 12.50 points.');
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

describe('SMTP refusing for a while, then accepting', () => {
  test('every queued e-mail arrives exactly once', async () => {
    const sender = await signUp(ctx);
    await fund(ctx, sender.user._id, 100_000);
    const recipients = await Promise.all(Array.from({ length: 6 }, () => signUp(ctx)));
    smtp.refusing = true;
    const refusedBefore = smtp.refused;
    for (const r of recipients) await transfer(sender, r.user.email, 1);
    // Every e-mail (6 to recipients, 6 to the sender) is refused at least twice: the first attempt and the first retry.
    await smtp.waitFor(() => smtp.refused - refusedBefore >= 24, 30_000, 'two refusals of each e-mail');
    for (const r of recipients) expect(smtp.mailsTo(r.user.email)).toHaveLength(0);
    const { rows } = await ctx.db.execute<{ attempts: number; last_error: string }>(sql`select attempts, last_error from graphile_worker._private_jobs`);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.every((r) => r.attempts >= 2 && /451/.test(r.last_error))).toBe(true);
    smtp.refusing = false;
    // The third attempt comes e^2 ≈ 7.4 s after the second.
    await smtp.waitFor(() => recipients.every((r) => smtp.mailsTo(r.user.email).length > 0) && smtp.mailsTo(sender.user.email).length >= 6, 30_000, 'every e-mail');
    await sleep(1500);
    for (const r of recipients) expect(smtp.mailsTo(r.user.email)).toHaveLength(1);
    expect(smtp.mailsTo(sender.user.email)).toHaveLength(6);
    expect(await jobsLeft()).toBe(0);
  }, 60_000);
});
