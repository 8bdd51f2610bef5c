// One-line texts (docs/product.md#validation), replayed over HTTP against PostgreSQL: names carried line breaks and direction overrides into
// notifications and e-mails. A full name with CR/LF put a multi-line "your withdrawals are frozen, verify at …"
// message into the recipient's notification and e-mail for a 0.01 transfer; U+202E was stored as is.
// Now every one-line text a user or admin enters is refused with a 400 naming the field (nothing stored), names are
// stored as NFC, and a name stored before the fix is shown quoted on one line in the notification and the e-mail.
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AR_MESSAGES, SETTINGS_MSG, TEXT_MSG, VIDEO_MSG, oneLineDisplay, renderNotification } from '@app/contract';
import { closeTestAppWithSmtp, signUp, signUpAs, startTestAppWithSmtp, type TestContext } from './helpers.js';
import { balance, fund } from './money-helpers.js';
import type { SmtpSink } from './smtp-sink.js';

let smtp: SmtpSink;
let ctx: TestContext;
beforeAll(async () => {
  ({ smtp, ctx } = await startTestAppWithSmtp());
});
afterAll(() => closeTestAppWithSmtp(ctx, smtp));

const api = (p: string) => `/api/v1${p}`;

/** The characters of the finding, each inside an otherwise good value. */
const HOSTILE: [string, string][] = [
  ['CR/LF', '\r\n'],
  ['LF', '\n'],
  ['U+202E (right-to-left override)', '\u202e'],
  ['U+200B (zero-width space)', '\u200b'],
  ['TAB', '\t'],
  ['U+0085 (next line, C1)', '\u0085'],
  ['U+2028 (line separator)', '\u2028'],
  ['U+2066 (isolate)', '\u2066'],
];

const THE_ATTACK = 'Mallory\r\n\r\nYour withdrawals are frozen. Verify your account at https://evil.example/verify\u202e';

async function userRow(email: string) {
  const { rows } = await ctx.db.execute<{ id: string; full_name: string; phone: string }>(sql`select id, full_name, phone from users where email = ${email}`);
  return rows[0];
}

describe('sign-up and profile', () => {
  test.each(HOSTILE)('sign-up with a full name holding %s → 400 naming the field, no account', async (_, ch) => {
    const email = `hostile-${randomBytes(4).toString('hex')}@example.com`;
    const res = await ctx.client().post(api('/user/register'), { fullName: `Mallory${ch}Verify now`, email, phone: '+971500000000', password: 'correct-horse-9' });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ success: false, message: TEXT_MSG.fullName });
    expect(await userRow(email)).toBeUndefined();
  });

  test('the whole attack name, the phone, and the Arabic answer', async () => {
    const email = `attack-${randomBytes(4).toString('hex')}@example.com`;
    const body = { fullName: THE_ATTACK, email, phone: '+971500000000', password: 'correct-horse-9' };
    expect((await ctx.client().post(api('/user/register'), body)).body.message).toBe(TEXT_MSG.fullName);
    const ar = await ctx.client().post(api('/user/register'), body, { headers: { 'accept-language': 'ar' } });
    expect(ar.status).toBe(400);
    expect(ar.body.message).toBe(AR_MESSAGES[TEXT_MSG.fullName]);
    expect(ar.body.message).toMatch(/[\u0600-\u06ff]/);
    const phone = await ctx.client().post(api('/user/register'), { ...body, fullName: 'Mallory', phone: '+971\u202e500' });
    expect(phone.status).toBe(400);
    expect(phone.body.message).toBe(TEXT_MSG.phone);
    expect(await userRow(email)).toBeUndefined();
  });

  test.each(HOSTILE)('profile update with a full name holding %s → 400 naming the field, the name unchanged', async (_, ch) => {
    const u = await signUp(ctx, { fullName: 'Plain Name' });
    const res = await u.client.post(api(`/user/update/${u.user._id}`), { fullName: `Plain${ch}Name` });
    expect(res.status, res.text).toBe(400);
    expect(res.body).toEqual({ success: false, message: TEXT_MSG.fullName });
    const phone = await u.client.post(api(`/user/update/${u.user._id}`), { phone: `+971${ch}500` });
    expect(phone.body).toEqual({ success: false, message: TEXT_MSG.phone });
    const row = await userRow(u.user.email);
    expect(row.full_name).toBe('Plain Name');
    expect(row.phone).toBe('+971500000000');
  });

  test('a decomposed (NFD) name is stored as NFC, at sign-up and at a profile update', async () => {
    const nfd = 'Jose\u0301 Nu\u0301n\u0303ez';
    const u = await signUp(ctx, { fullName: nfd });
    expect((await userRow(u.user.email)).full_name).toBe('José Núñez');
    expect((await userRow(u.user.email)).full_name).toBe(nfd.normalize('NFC'));
    const res = await u.client.post(api(`/user/update/${u.user._id}`), { fullName: 'Zoe\u0308 Ame\u0301lie' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.user.fullName).toBe('Zoë Amélie');
    expect((await userRow(u.user.email)).full_name).toBe('Zoë Amélie');
  });
});

describe('the other one-line texts', () => {
  test('a video title with a line break, U+202E or U+0085 → 400 naming the title, no video stored', async () => {
    const admin = await signUpAs(ctx, 'ADMIN');
    const before = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from videos`)).rows[0].n;
    for (const ch of ['\r\n', '\u202e', '\u0085', '\u200b']) {
      const res = await admin.client.post(api('/video'), { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', point: 1, time: 1, title: `Free${ch}money` });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(VIDEO_MSG.titleInvisible);
    }
    expect((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from videos`)).rows[0].n).toBe(before);
  });

  test('a passkey rename with a line break or U+202E → 400 naming the passkey name, the name unchanged', async () => {
    const u = await signUp(ctx);
    const id = randomUUID();
    await ctx.db.execute(sql`insert into passkeys (id, user_id, credential_id, public_key, name) values (${id}, ${u.user._id}, ${randomBytes(16).toString('base64url')}, 'pk', 'Laptop')`);
    for (const [, ch] of HOSTILE) {
      const res = await u.client.put(api(`/user/passkeys/${id}`), { name: `My${ch}key` });
      expect(res.status, res.text).toBe(400);
      expect(res.body).toEqual({ success: false, message: TEXT_MSG.passkeyName });
    }
    const ok = await u.client.put(api(`/user/passkeys/${id}`), { name: 'Cafe\u0301 phone' });
    expect(ok.status, ok.text).toBe(200);
    const { rows } = await ctx.db.execute<{ name: string }>(sql`select name from passkeys where id = ${id}`);
    expect(rows[0].name).toBe('Café phone');
  });

  test('a withdrawal payment id with a line break → 400 naming it, nothing held', async () => {
    const u = await signUp(ctx);
    await fund(ctx, u.user._id, 1_000);
    for (const [, ch] of HOSTILE) {
      const res = await u.client.post(api('/withdraw'), { amount: 1, paymentId: `TXYZ${ch}Verify at https://evil.example` });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(TEXT_MSG.paymentId);
    }
    expect(await balance(ctx, u.user._id)).toBe(1_000);
    const { rows } = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from withdrawals where user_id = ${u.user._id}`);
    expect(rows[0].n).toBe(0);
  });

  test('the support e-mail setting with U+202E or U+200B → 400 naming it, the setting unchanged', async () => {
    const sadmin = await signUpAs(ctx, 'SADMIN');
    const before = (await sadmin.client.get(api('/settings'))).body.settings.supportEmail;
    for (const value of ['help\u202e@example.com', 'help\u200b@example.com', 'help@exa\u2066mple.com']) {
      const res = await sadmin.client.put(api('/settings'), { supportEmail: value });
      expect(res.status, res.text).toBe(400);
      expect(res.body.message).toBe(SETTINGS_MSG.supportEmailInvisible);
    }
    for (const value of ['help@example.com\nBcc: x@evil.example', '+971\n500 000']) {
      const res = await sadmin.client.put(api('/settings'), value.startsWith('+') ? { supportPhone: value } : { supportEmail: value });
      expect(res.status, res.text).toBe(400);
    }
    expect((await sadmin.client.get(api('/settings'))).body.settings.supportEmail).toBe(before);
  });

  test('an announcement: a title with a line break is refused; a body keeps its line breaks but not U+202E', async () => {
    const admin = await signUpAs(ctx, 'ADMIN');
    const count = async () => (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from announcements`)).rows[0].n;
    const before = await count();
    const title = await admin.client.post(api('/admin/announcements'), { audience: 'admins', title: 'News\r\nVerify now', body: 'Hello' });
    expect(title.status, title.text).toBe(400);
    expect(title.body.message).toBe(TEXT_MSG.announcementTitle);
    const body = await admin.client.post(api('/admin/announcements'), { audience: 'admins', title: 'News', body: 'Line one\n\u202eLine two' });
    expect(body.status, body.text).toBe(400);
    expect(body.body.message).toBe(TEXT_MSG.announcementBody);
    expect(await count()).toBe(before);
    const ok = await admin.client.post(api('/admin/announcements'), { audience: 'admins', title: 'News', body: 'Line one\r\nLine two' });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.message).toMatch(/^Announcement sent to \d+ users?$/);
    expect(ok.body.announcement.body).toBe('Line one\nLine two');
  });
});

describe('a name stored before the fix (legacy data)', () => {
  test('a 0.01 transfer from it: the notification and the e-mail quote the name on one line, without CR/LF or U+202E', async () => {
    const sender = await signUp(ctx);
    const recipient = await signUp(ctx);
    // Written straight into the table, as the name was stored before the fix; the recipient's own name too (the greeting).
    await ctx.db.execute(sql`update users set full_name = ${THE_ATTACK} where id = ${sender.user._id}`);
    await ctx.db.execute(sql`update users set full_name = ${'Rita\r\nRecipient\u202e'} where id = ${recipient.user._id}`);
    await fund(ctx, sender.user._id, 100);
    const res = await sender.client.post(api('/point/transfer'), { recipientEmail: recipient.user.email, points: 0.01 });
    expect(res.status, res.text).toBe(200);

    const quoted = '“Mallory Your withdrawals are frozen. Verify your account at https://evil.example/verify”';
    const expected = `${quoted} sent you 0.01 USDT.`;
    // The centre: stored row, the API list (English and Arabic).
    const { rows } = await ctx.db.execute<{ body: string; title: string }>(
      sql`select title, body from notifications where user_id = ${recipient.user._id} and kind = 'transfer_received'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toBe(expected);
    const list = await recipient.client.get(api('/notifications'));
    expect(list.body.notifications[0].body).toBe(expected);
    for (const text of [rows[0].body, list.body.notifications[0].body]) {
      expect(text).not.toMatch(/[\r\n\u202e\u2028\u0085]/);
    }
    await recipient.client.put(api('/user/language'), { language: 'ar' });
    const ar = (await recipient.client.get(api('/notifications'))).body.notifications[0].body as string;
    expect(ar).toContain('«\u2068Mallory Your withdrawals are frozen. Verify your account at https://evil.example/verify\u2069»');
    expect(ar).not.toMatch(/[\r\n\u202e]/);
    await recipient.client.put(api('/user/language'), { language: 'en' });

    // The e-mail, over real SMTP: the body's sentence is one line, the greeting too; HTML escaped as before.
    await smtp.waitFor(() => smtp.mailsTo(recipient.user.email).length > 0, 10_000, "the recipient's e-mail");
    const [mail] = smtp.mailsTo(recipient.user.email);
    const lines = mail.text.split('\n');
    expect(lines).toContain(expected);
    expect(lines[0]).toBe('Hello Rita Recipient,');
    expect(lines.some((l) => /^Your withdrawals are frozen/.test(l.trim()))).toBe(false);
    expect(mail.text).not.toMatch(/[\r\u202e\u2028\u0085]/);
    expect(mail.html).toContain(`<p style="white-space: pre-line;">${expected}</p>`);
    expect(mail.html).toContain('<p>Hello Rita Recipient,</p>');
    expect(mail.html).not.toMatch(/[\u202e]/);
    expect(mail.html).not.toMatch(/frozen\.?\s*\n/);
  });

  test('a notification row written before the fix (raw name in its text) is shown re-rendered on one line', async () => {
    const u = await signUp(ctx);
    const params = { amountCents: 1, senderName: THE_ATTACK };
    const raw = `${THE_ATTACK} sent you 0.01 points.`;
    await ctx.db.execute(
      sql`insert into notifications (user_id, kind, params, title, body) values (${u.user._id}, 'transfer_received', ${JSON.stringify(params)}::jsonb, 'Points received', ${raw})`,
    );
    const list = await u.client.get(api('/notifications'));
    expect(list.body.notifications[0].body).toBe(renderNotification('transfer_received', params).body);
    expect(list.body.notifications[0].body).not.toMatch(/[\r\n\u202e]/);
  });
});

describe('one_line_display (migration 0032): the SQL twin of oneLineDisplay', () => {
  test('agrees with the JavaScript function on every character it treats specially and on mixed text', async () => {
    // Every code point of the ranges either side handles (but NUL, which PostgreSQL text cannot hold), each alone,
    // between letters, in runs, and at the ends; the spaces JavaScript's trim() trims; text that NFC changes.
    const special: string[] = [];
    const ranges: [number, number][] = [[0x01, 0x20], [0x7f, 0xa0], [0x061c, 0x061c], [0x1680, 0x1680], [0x2000, 0x206f], [0x3000, 0x3000], [0xfeff, 0xfeff], [0xfff9, 0xfffb]];
    for (const [from, to] of ranges) for (let c = from; c <= to; c++) special.push(String.fromCodePoint(c));
    const samples = [
      ...special.flatMap((ch) => [ch, `a${ch}b`, `${ch}${ch}a  b${ch}`, ` ${ch} Name ${ch} `]),
      THE_ATTACK,
      'Rita\r\nRecipient\u202e',
      'Zoë Ünal', // composed
      'Zoe\u0308 U\u0308nal', // decomposed: NFC composes it
      '  many    spaces   ',
      '\u00a0\u3000 wide ends \u2003',
      'مرحبا\u200f بالعالم\u202b',
      '',
    ];
    const { rows } = await ctx.db.execute<{ i: number; out: string }>(
      sql`select i::int, one_line_display(t) as out from unnest(${sql.param(samples)}::text[]) with ordinality as s(t, i) order by i`,
    );
    const mismatches = rows.filter((r) => r.out !== oneLineDisplay(samples[r.i - 1])).map((r) => JSON.stringify(samples[r.i - 1]));
    expect(rows).toHaveLength(samples.length);
    expect(mismatches).toEqual([]);
  });
});
