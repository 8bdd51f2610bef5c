// E-mails and notifications in the recipient's language (users.language), over real SMTP
// (smtp-server on 127.0.0.1). An Arabic user gets an Arabic, right-to-left e-mail for a money event while an
// English user gets the English one unchanged; the centre's list and stream give an Arabic user Arabic text
// (rendered when read, so a language switch shows at once); the reset e-mail follows the account's language.
import { sql } from 'drizzle-orm';
import { renderNotification } from '@app/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeTestAppWithSmtp, signUp, startTestAppWithSmtp, waitForEmailQueueIdle, type TestContext } from './helpers.js';
import { fund } from './money-helpers.js';
import type { SmtpSink } from './smtp-sink.js';
import { openSse } from './sse.js';

let smtp: SmtpSink;
let ctx: TestContext;

beforeAll(async () => {
  ({ smtp, ctx } = await startTestAppWithSmtp());
});
afterAll(() => closeTestAppWithSmtp(ctx, smtp));

const ARABIC = /[\u0621-\u064A]/;

/** A header's value with its RFC 2047 encoded words (=?UTF-8?B|Q?…?=) decoded. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );

/** The body of a single-part message (the sink's part reader expects a multipart one), decoded. */
function singlePartBody(raw: string): string {
  const i = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, i);
  let body = raw.slice(i).replace(/^\r?\n\r?\n/, '');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    body = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  } else if (/Content-Transfer-Encoding: base64/i.test(head)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body.replace(/\r\n/g, '\n');
}

const setLanguage = (userId: string, language: 'en' | 'ar') => ctx.db.execute(sql`update users set language = ${language} where id = ${userId}`);

async function transfer(from: Awaited<ReturnType<typeof signUp>>, toEmail: string, points: number) {
  const res = await from.client.post('/api/v1/point/transfer', { recipientEmail: toEmail, points });
  expect(res.status, res.text).toBe(200);
}

describe('a money event e-mail in the recipient’s language', () => {
  test('an Arabic recipient gets Arabic, right-to-left; an English one the English e-mail unchanged', async () => {
    const sender = await signUp(ctx, { fullName: 'Alice Sender' });
    const arabic = await signUp(ctx, { fullName: 'Omar Arabic' });
    const english = await signUp(ctx, { fullName: 'Eve English' });
    await setLanguage(arabic.user._id, 'ar');
    await fund(ctx, sender.user._id, 10_000);
    await transfer(sender, arabic.user.email, 12.5);
    await transfer(sender, english.user.email, 7.25);

    await smtp.waitFor(() => smtp.mailsTo(arabic.user.email).length > 0 && smtp.mailsTo(english.user.email).length > 0, 15_000, 'both e-mails');
    await waitForEmailQueueIdle(ctx); // every queued e-mail was sent: the one of each read below is the only one
    const [ar] = smtp.mailsTo(arabic.user.email);
    const [en] = smtp.mailsTo(english.user.email);

    // Arabic: subject, greeting, body, link and footer in Arabic; the amount in Latin digits; right-to-left HTML.
    const arText = renderNotification('transfer_received', { amountCents: 1250, senderName: 'Alice Sender' }, 'ar');
    expect(decodeHeader(ar.headers.get('subject')!)).toBe(arText.title);
    expect(arText.title).toMatch(ARABIC);
    expect(ar.text).toContain(arText.body);
    expect(ar.text).toContain('12.50 USDT');
    expect(ar.text).toContain('مرحبًا');
    expect(ar.text).toContain('عرض جميع إشعاراتك: https://points.example.com/user/notifications');
    expect(ar.text).toContain('إيقاف هذه الرسائل: https://points.example.com/api/v1/notifications/unsubscribe?token=');
    expect(ar.text).toContain('USDT Points');
    expect(ar.text).not.toMatch(/Hello|points received|See all your notifications|Stop these e-mails/i);
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('direction: rtl');
    expect(ar.html).toContain('>إيقاف هذه الرسائل</a>');
    expect(ar.headers.get('list-unsubscribe')).toMatch(/^<https:\/\/points\.example\.com\/api\/v1\/notifications\/unsubscribe\?token=/);

    // English: exactly the words it always had.
    const enText = renderNotification('transfer_received', { amountCents: 725, senderName: 'Alice Sender' });
    expect(en.headers.get('subject')).toBe('Points received');
    expect(en.text.startsWith(`Hello Eve English,\n\n${enText.body}\n\nSee all your notifications: https://points.example.com/user/notifications\n`)).toBe(true);
    expect(en.text).toContain('You receive this e-mail because e-mails about transfers are on for your account.');
    expect(en.text).not.toMatch(ARABIC);
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).not.toContain('dir="rtl"');

    // The row keeps the English text it was written with, next to kind + params.
    const { rows } = await ctx.db.execute<{ title: string }>(sql`select title from notifications where user_id = ${arabic.user._id} and kind = 'transfer_received'`);
    expect(rows.map((r) => r.title)).toEqual(['Points received']);
  });

  test('a security e-mail in Arabic: no unsubscribe link, the always-on footer in Arabic', async () => {
    const u = await signUp(ctx, { fullName: 'Layla' });
    await setLanguage(u.user._id, 'ar');
    const res = await u.client.post('/api/v1/user/change-password', { oldPassword: u.password, newPassword: 'another-horse-7' });
    expect(res.status, res.text).toBe(200);
    const title = renderNotification('password_changed', {}, 'ar').title;
    await smtp.waitFor(() => smtp.mailsTo(u.user.email).some((m) => decodeHeader(m.headers.get('subject')!) === title), 15_000, 'the Arabic security e-mail');
    const mail = smtp.mailsTo(u.user.email).find((m) => decodeHeader(m.headers.get('subject')!) === title)!;
    expect(mail.text).toContain(renderNotification('password_changed', {}, 'ar').body);
    expect(mail.text).toContain('لا يمكن إيقاف رسائل الأمان');
    expect(mail.text).toContain('اختيار رسائلك: https://points.example.com/user/notifications');
    expect(mail.headers.has('list-unsubscribe')).toBe(false);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});

describe('the unsubscribe page of an Arabic e-mail', () => {
  test('is in the language of the user the link names; an invalid link follows the request', async () => {
    const sender = await signUp(ctx);
    const u = await signUp(ctx);
    await setLanguage(u.user._id, 'ar');
    await fund(ctx, sender.user._id, 10_000);
    await transfer(sender, u.user.email, 1);
    await smtp.waitFor(() => smtp.mailsTo(u.user.email).length > 0, 15_000, 'the Arabic e-mail');
    const link = smtp.mailsTo(u.user.email)[0].headers.get('list-unsubscribe')!.slice(1, -1).replace('https://points.example.com', '');
    // Opened in a browser whose own language is English: the page is the e-mail's (the recipient's) language.
    const page = await ctx.client().get(link, { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    expect(page.text).toContain('<h1>تم إلغاء الاشتراك</h1>');
    expect(page.text).toContain('لن تصلك بعد الآن رسائل البريد الإلكتروني عن التحويلات.');
    expect(page.text).toContain('>افتح صفحة الإشعارات</a>');
    expect((await u.client.get('/api/v1/notifications/preferences')).body.preferences.transfers).toBe(false);
    // The JSON answer (and a mail client's one-click POST) says the same in the recipient's language.
    const json = await ctx.client().get(link, { headers: { 'accept-language': 'en' } });
    expect(json.body).toEqual({ success: true, message: 'لن تصلك بعد الآن رسائل البريد الإلكتروني عن التحويلات. يمكنك إعادة تفعيلها من صفحة الإشعارات.' });
    const oneClick = await fetch(ctx.url + link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(((await oneClick.json()) as { message: string }).message).toMatch(/^لن تصلك بعد الآن/);

    const invalidJson = await ctx.client().get('/api/v1/notifications/unsubscribe?token=nonsense', { headers: { 'accept-language': 'ar' } });
    expect(invalidJson.status).toBe(400);
    expect(invalidJson.body).toEqual({ success: false, message: 'رابط إلغاء الاشتراك هذا غير صالح. اختر رسائلك من صفحة الإشعارات بدلًا من ذلك.' });

    const invalid = await ctx.client().get('/api/v1/notifications/unsubscribe?token=nonsense', { headers: { accept: 'text/html', 'accept-language': 'ar-AE' } });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('<html lang="ar" dir="rtl">');
    expect(invalid.text).toContain('هذا الرابط غير صالح');
    const invalidEn = await ctx.client().get('/api/v1/notifications/unsubscribe?token=nonsense', { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(invalidEn.text).toContain('<html lang="en">');
    expect(invalidEn.text).toContain('This unsubscribe link is not valid. Choose your e-mails on your notifications page instead.');
  });
});

describe('the language is the recipient’s when the e-mail is sent', () => {
  test('an e-mail queued in English and retried after the user switched to Arabic goes out in Arabic', async () => {
    const sender = await signUp(ctx, { fullName: 'Gina Sender' });
    const recipient = await signUp(ctx);
    await fund(ctx, sender.user._id, 10_000);
    smtp.refusing = true;
    try {
      // The recipient's own e-mail refused (not one of the sign-ups' still on their way): it was rendered in English.
      const refusedBefore = smtp.refusedTo.length;
      await transfer(sender, recipient.user.email, 5);
      await smtp.waitFor(() => smtp.refusedTo.slice(refusedBefore).includes(recipient.user.email), 15_000, 'a refused first attempt');
      await setLanguage(recipient.user._id, 'ar');
    } finally {
      smtp.refusing = false;
    }
    await smtp.waitFor(() => smtp.mailsTo(recipient.user.email).length > 0, 30_000, 'the retried e-mail');
    const [mail] = smtp.mailsTo(recipient.user.email);
    const ar = renderNotification('transfer_received', { amountCents: 500, senderName: 'Gina Sender' }, 'ar');
    expect(decodeHeader(mail.headers.get('subject')!)).toBe(ar.title);
    expect(mail.text).toContain(ar.body);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });
});

describe('the notification centre in the reader’s language', () => {
  test('the list gives an Arabic user Arabic text and follows a language switch; an English user sees English', async () => {
    const sender = await signUp(ctx, { fullName: 'Bob Sender' });
    const reader = await signUp(ctx);
    await fund(ctx, sender.user._id, 10_000);
    await transfer(sender, reader.user.email, 3);

    const list = async () => (await reader.client.get('/api/v1/notifications')).body.notifications as { kind: string; title: string; body: string }[];
    const received = async () => (await list()).find((n) => n.kind === 'transfer_received')!;

    const en = renderNotification('transfer_received', { amountCents: 300, senderName: 'Bob Sender' });
    expect(await received()).toMatchObject(en);

    // Switched as the web client does it (PUT /user/language): the next read is in Arabic.
    expect((await reader.client.put('/api/v1/user/language', { language: 'ar' })).status).toBe(200);
    const ar = renderNotification('transfer_received', { amountCents: 300, senderName: 'Bob Sender' }, 'ar');
    const item = await received();
    expect(item).toMatchObject(ar);
    expect(item.title).toMatch(ARABIC);
    expect(item.body).toContain('3.00 USDT');
    // Every kind in the list is in Arabic (here the transfer, and any security notice of the sign-up).
    for (const n of await list()) expect(n.title).toMatch(ARABIC);

    expect((await reader.client.put('/api/v1/user/language', { language: 'en' })).status).toBe(200);
    expect(await received()).toMatchObject(en);
  });

  test('the stream sends a new notification in the reader’s language', async () => {
    const sender = await signUp(ctx, { fullName: 'Dana Sender' });
    const reader = await signUp(ctx);
    await setLanguage(reader.user._id, 'ar');
    await fund(ctx, sender.user._id, 10_000);

    const stream = await openSse(ctx.url, reader.client, '/api/v1/notifications/stream');
    expect(stream.status).toBe(200);
    await transfer(sender, reader.user.email, 4);
    const ar = renderNotification('transfer_received', { amountCents: 400, senderName: 'Dana Sender' }, 'ar');
    const [ev] = await stream.waitFor(1, 10_000);
    stream.close();
    expect(ev.event).toBe('notification');
    const data = JSON.parse(ev.data) as { title: string; body: string };
    expect(data).toMatchObject(ar);
  });
});

describe('the password reset e-mail in the account’s language', () => {
  test('Arabic for an Arabic account (right-to-left HTML), English for an English one', async () => {
    const arabic = await signUp(ctx, { fullName: 'Huda' });
    const english = await signUp(ctx, { fullName: 'Frank' });
    await setLanguage(arabic.user._id, 'ar');
    expect((await ctx.client().post('/api/v1/user/reset', { email: arabic.user.email })).status).toBe(200);
    expect((await ctx.client().post('/api/v1/user/reset', { email: english.user.email })).status).toBe(200);

    const resetOf = (email: string) => smtp.mailsTo(email).find((m) => /reset-password\//.test(m.raw));
    await smtp.waitFor(() => !!resetOf(arabic.user.email) && !!resetOf(english.user.email), 15_000, 'both reset e-mails');
    const ar = resetOf(arabic.user.email)!;
    const en = resetOf(english.user.email)!;

    expect(decodeHeader(ar.headers.get('subject')!)).toBe('إعادة تعيين كلمة المرور');
    expect(ar.text).toContain('طلب أحدهم إعادة تعيين كلمة مرور حسابك');
    expect(ar.text).toMatch(/https:\/\/points\.example\.com\/user\/profile\/reset-password\/[\w-]+/);
    expect(ar.text).toContain('30 دقيقة');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');

    expect(en.headers.get('subject')).toBe('Reset your password');
    expect(en.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(singlePartBody(en.raw)).toMatch(
      // The last two paragraphs (after the third outside attack): every session ends, and the passkeys on the account (none here).
      /^Hello Frank,\n\nSomeone asked to reset the password of your account\. To choose a new password, open this link within 30 minutes:\n\nhttps:\/\/points\.example\.com\/user\/profile\/reset-password\/[\w-]+\n\nThe link works once\. If you did not ask for this, ignore this e-mail: your password stays as it is\.\n\nA new password signs your account out on every device\.\n\nThere are no passkeys on your account\.\n?$/,
    );
  });
});
