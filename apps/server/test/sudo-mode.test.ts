// Sudo mode (decision 017; finding 5 of the third outside attack, docs/security.md §7b: "a passkey is planted with a stolen cookie"), over HTTP on
// real PostgreSQL with a real SMTP server: with a session cookie alone, adding a passkey, removing one and turning
// two-factor sign-in on or off are refused; after the password (and the code, with 2FA on) is re-entered in that
// session they work for 5 minutes of the app's clock, in that session only; wrong passwords and codes there count
// as failed logins; each change e-mails the owner with a link to the security page; a password reset ends every
// session and its e-mail lists the passkeys on the account.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REAUTH_TTL_MS, SECURITY_MSG } from '@app/contract';
import { closeTestAppWithSmtp, signUp, startTestAppWithSmtp, type Client, type TestContext } from './helpers.js';
import type { SmtpSink } from './smtp-sink.js';
import { softAttestation } from './soft-passkey.js';
import { resetTokenFrom } from './leak-scan.js';
import { PERIOD_MS, totpHelpers } from './totp.js';

let ctx: TestContext;
let smtp: SmtpSink;
const APP_URL = 'http://localhost:3000';
const SECURITY_PAGE = `${APP_URL}/user/security`;

beforeAll(async () => {
  ({ smtp, ctx } = await startTestAppWithSmtp(APP_URL));
});
afterAll(() => closeTestAppWithSmtp(ctx, smtp));

const { codeAt, nextPeriod, turn2faOn } = totpHelpers(() => ctx);

/** Another browser holding the same session cookie (what a thief of the cookie has). */
function stolen(client: Client): Client {
  const thief = ctx.client();
  for (const [k, v] of client.cookies) if (k.endsWith('sid')) thief.cookies.set(k, v);
  return thief;
}

const reauth = (c: Client, body: Record<string, unknown>) => c.post('/api/v1/user/reauth', body);

async function addPasskey(c: Client, name: string) {
  const options = await c.post('/api/v1/user/passkeys/options');
  if (options.status !== 200) return options;
  return c.post('/api/v1/user/passkeys', { name, response: softAttestation(options.body.options, APP_URL) });
}

const count = async (query: ReturnType<typeof sql>) => (await ctx.db.execute<{ n: number }>(query)).rows[0].n;
const passkeyCount = (userId: string) => count(sql`select count(*)::int as n from passkeys where user_id = ${userId}`);
const twoFactorOn = (userId: string) => count(sql`select count(*)::int as n from user_totp where user_id = ${userId} and enabled_at is not null`);

function expectReauthRequired(res: { status: number; body: any }, what: string) {
  expect(res.status, what).toBe(403);
  expect(res.body, what).toEqual({ success: false, message: SECURITY_MSG.reauthRequired, reauthRequired: true });
}

/** The subject with its RFC 2047 encoded words decoded. */
const subjectOf = (m: { headers: Map<string, string> }) =>
  (m.headers.get('subject') ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
async function mailWith(to: string, subject: string, n = 1) {
  await smtp.waitFor(() => smtp.mailsTo(to).filter((m) => subjectOf(m) === subject).length >= n, 15_000, `${n} × "${subject}" to ${to}`);
  return smtp.mailsTo(to).filter((m) => subjectOf(m) === subject);
}

describe('the attack: a session cookie alone', () => {
  test('cannot add a passkey, remove one, or turn two-factor sign-in on or off; nothing changes', async () => {
    const victim = await signUp(ctx);
    const id = victim.user._id;
    // The victim adds a passkey and turns 2FA on, re-entering the password (and later the code) as asked.
    expect((await reauth(victim.client, { password: victim.password })).status).toBe(200);
    expect((await addPasskey(victim.client, 'Victim laptop')).status).toBe(201);
    const { secret } = await turn2faOn(victim.client);
    const [victimKey] = (await victim.client.get('/api/v1/user/passkeys')).body.passkeys;

    // Five minutes later the cookie is stolen (the victim's re-authentication has run out).
    ctx.clock.advance(REAUTH_TTL_MS);
    const thief = stolen(victim.client);
    expect((await thief.get('/api/v1/user/me')).status).toBe(200);
    expectReauthRequired(await thief.post('/api/v1/user/passkeys/options'), 'passkey options');
    expectReauthRequired(await thief.post('/api/v1/user/passkeys', { name: 'Attacker', response: { id: 'x' } }), 'passkey register');
    expectReauthRequired(await thief.del(`/api/v1/user/passkeys/${victimKey._id}`), 'passkey remove');
    // Even with a code seen over the victim's shoulder, 2FA does not go off without the password.
    nextPeriod();
    expectReauthRequired(await thief.post('/api/v1/user/2fa/disable', { code: codeAt(secret) }), '2FA off');
    expect((await thief.post('/api/v1/user/2fa/disable', { code: codeAt(secret), password: 'not-the-password' })).body.message).toBe(SECURITY_MSG.passwordWrong);
    // Re-authenticating needs the password, and with 2FA on the code as well.
    expect((await reauth(thief, { password: 'guess-1234' })).body.message).toBe(SECURITY_MSG.passwordWrong);
    expect(await passkeyCount(id)).toBe(1);
    expect(await twoFactorOn(id)).toBe(1);

    // Without 2FA, setting it up (the attacker's own authenticator) is refused too.
    const other = await signUp(ctx);
    const thief2 = stolen(other.client);
    expectReauthRequired(await thief2.post('/api/v1/user/2fa/setup'), '2FA setup');
    expectReauthRequired(await thief2.post('/api/v1/user/2fa/enable', { code: '123456' }), '2FA enable');
    expect(await count(sql`select count(*)::int as n from user_totp where user_id = ${other.user._id}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from passkey_registrations where user_id = ${other.user._id}`)).toBe(0);
  });

  test('a new sign-in does not count as re-authentication (decision 017); neither does sign-up', async () => {
    const { client, user, password } = await signUp(ctx);
    expectReauthRequired(await client.post('/api/v1/user/passkeys/options'), 'right after sign-up');
    const fresh = ctx.client();
    expect((await fresh.post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
    expectReauthRequired(await fresh.post('/api/v1/user/passkeys/options'), 'right after sign-in');
    expect((await reauth(fresh, { password })).status).toBe(200);
    expect((await fresh.post('/api/v1/user/passkeys/options')).status).toBe(200);
  });
});

describe('after re-authentication in that session', () => {
  test('each change works and e-mails the owner with a link to the security page', async () => {
    const { client, user, password } = await signUp(ctx);
    const ok = await reauth(client, { password });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe(SECURITY_MSG.reauthDone);

    const added = await addPasskey(client, 'Work key');
    expect(added.status, added.text).toBe(201);
    const [addedMail] = await mailWith(user.email, 'A passkey was added');
    expect(addedMail.text).toContain('“Work key”');
    expect(addedMail.text).toContain(`Review your passkeys, two-factor sign-in and sessions: ${SECURITY_PAGE}`);
    expect(addedMail.html).toContain(`<a href="${SECURITY_PAGE}">`);

    expect((await client.del(`/api/v1/user/passkeys/${added.body.passkey._id}`)).status).toBe(200);
    const [removedMail] = await mailWith(user.email, 'A passkey was removed');
    expect(removedMail.text).toContain(SECURITY_PAGE);

    const { secret } = await turn2faOn(client);
    const [onMail] = await mailWith(user.email, 'Two-factor sign-in turned on');
    expect(onMail.text).toContain(SECURITY_PAGE);

    // With 2FA on, re-authenticating needs a code too; and turning it off, the code of the change itself.
    ctx.clock.advance(REAUTH_TTL_MS);
    expect((await reauth(client, { password })).body.message).toBe(SECURITY_MSG.codeRequired);
    nextPeriod();
    expect((await reauth(client, { password, code: codeAt(secret) })).status).toBe(200);
    nextPeriod();
    const off = await client.post('/api/v1/user/2fa/disable', { code: codeAt(secret) });
    expect(off.status, off.text).toBe(200);
    const [offMail] = await mailWith(user.email, 'Two-factor sign-in turned off');
    expect(offMail.text).toContain(SECURITY_PAGE);
    // Notifications that are not about security carry no such link (their e-mails are unchanged).
    expect(await twoFactorOn(user._id)).toBe(0);
  });

  test('turning 2FA off with the password in the request is its own re-authentication', async () => {
    const { client, user, password } = await signUp(ctx);
    await reauth(client, { password });
    const { secret } = await turn2faOn(client);
    ctx.clock.advance(REAUTH_TTL_MS);
    nextPeriod();
    const off = await client.post('/api/v1/user/2fa/disable', { code: codeAt(secret), password });
    expect(off.status, off.text).toBe(200);
    expect(await twoFactorOn(user._id)).toBe(0);
    // …and it put the session in sudo mode (password and code both proved right).
    expect((await client.post('/api/v1/user/passkeys/options')).status).toBe(200);
  });

  test('an Arabic account gets the 403 and the security e-mails in Arabic, with the same link', async () => {
    const { client, user, password } = await signUp(ctx);
    expect((await client.put('/api/v1/user/language', { language: 'ar' })).status).toBe(200);
    const refused = await client.post('/api/v1/user/passkeys/options');
    expect(refused.status).toBe(403);
    expect(refused.body.reauthRequired).toBe(true);
    expect(refused.body.message).toMatch(/[\u0621-\u064A]/);
    await reauth(client, { password });
    expect((await addPasskey(client, 'Laptop')).status).toBe(201);
    const [mail] = await mailWith(user.email, 'تمت إضافة مفتاح مرور');
    expect(mail.text).toContain(`راجع مفاتيح المرور والتحقق بخطوتين وجلساتك: ${SECURITY_PAGE}`);
  });
});

describe('the stamp', () => {
  test('lasts 5 minutes on the app’s clock', async () => {
    const { client, password } = await signUp(ctx);
    await reauth(client, { password });
    ctx.clock.advance(REAUTH_TTL_MS - 2_000);
    expect((await client.post('/api/v1/user/passkeys/options')).status).toBe(200);
    ctx.clock.advance(2_000);
    expectReauthRequired(await client.post('/api/v1/user/passkeys/options'), 'after 5 minutes');
    expectReauthRequired(await client.post('/api/v1/user/2fa/setup'), 'after 5 minutes');
  });

  test('belongs to the session that re-authenticated: another session of the account is not unlocked', async () => {
    const { client: a, user, password } = await signUp(ctx);
    const b = ctx.client();
    expect((await b.post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
    expect((await reauth(a, { password })).status).toBe(200);
    expectReauthRequired(await b.post('/api/v1/user/passkeys/options'), 'the other session');
    expectReauthRequired(await b.post('/api/v1/user/2fa/setup'), 'the other session');
    expect((await a.post('/api/v1/user/passkeys/options')).status).toBe(200);
    const stamps = (await ctx.db.execute<{ n: number }>(sql`select count(reauthenticated_at)::int as n from sessions where user_id = ${user._id}`)).rows[0].n;
    expect(stamps).toBe(1);
  });

  test('wrong passwords count as failed logins: the 11th attempt from one address is 429, the login too', async () => {
    const { client, user, password } = await signUp(ctx);
    for (let i = 0; i < 10; i++) {
      const res = await reauth(client, { password: `wrong-${i}-password` });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SECURITY_MSG.passwordWrong);
    }
    expect((await reauth(client, { password })).status).toBe(429);
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password })).status).toBe(429);
    expectReauthRequired(await client.post('/api/v1/user/passkeys/options'), 'never re-authenticated');
  });

  test('wrong codes count too, and a code is not accepted twice', async () => {
    const { client, password } = await signUp(ctx);
    await reauth(client, { password });
    const { secret } = await turn2faOn(client);
    ctx.clock.advance(REAUTH_TTL_MS);
    nextPeriod();
    const wrong = codeAt(secret, 10 * PERIOD_MS);
    for (let i = 0; i < 9; i++) expect((await reauth(client, { password, code: wrong })).body.message).toBe(SECURITY_MSG.codeInvalid);
    const good = codeAt(secret);
    expect((await reauth(client, { password, code: good })).status).toBe(200);
    // A replay is a wrong code: the 10th failure, then the 11th attempt is refused whatever it carries.
    expect((await reauth(client, { password, code: good })).body.message).toBe(SECURITY_MSG.codeInvalid);
    nextPeriod();
    expect((await reauth(client, { password, code: codeAt(secret) })).status).toBe(429);
  });
});

describe('a password reset', () => {
  test('ends every session of the account, and its e-mail lists the passkeys by name', async () => {
    const { client, user, password } = await signUp(ctx);
    const second = ctx.client();
    expect((await second.post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
    await reauth(client, { password });
    expect((await addPasskey(client, 'Planted key')).status).toBe(201);
    expect((await addPasskey(client, 'Phone')).status).toBe(201);
    // A name stored before names were refused control and bidi characters (one-line-text.test.ts): legacy data.
    await ctx.db.execute(sql`update passkeys set name = ${'Phone\u202Egnp.exe\nThere are no passkeys'} where user_id = ${user._id} and name = 'Phone'`);

    expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    const [mail] = await mailWith(user.email, 'Reset your password');
    expect(mail.text).toContain('The passkeys on your account:');
    expect(mail.text).toMatch(/- "Planted key" \(added \d{4}-\d{2}-\d{2}\)/);
    // A name cannot break the list's lines nor reorder it (control and bidi characters become spaces).
    expect(mail.text).toContain('- "Phonegnp.exe There are no passkeys" (added');
    expect(mail.text).not.toContain('\u202E');
    expect(mail.text).toContain(`remove it on your security page: ${SECURITY_PAGE}`);
    expect(mail.text).toContain('A new password signs your account out on every device.');

    const token = resetTokenFrom(mail.raw);
    expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'a-brand-new-pass-1' })).status).toBe(200);
    expect((await client.get('/api/v1/user/me')).status).toBe(401);
    expect((await second.get('/api/v1/user/me')).status).toBe(401);
    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${user._id}`)).toBe(0);
  });

  test('an account without passkeys is told there are none; an Arabic one in Arabic', async () => {
    const { user } = await signUp(ctx);
    expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    const [mail] = await mailWith(user.email, 'Reset your password');
    expect(mail.text).toContain('There are no passkeys on your account.');

    const arabic = await signUp(ctx);
    await arabic.client.put('/api/v1/user/language', { language: 'ar' });
    await reauth(arabic.client, { password: arabic.password });
    expect((await addPasskey(arabic.client, 'My laptop')).status).toBe(201);
    expect((await ctx.client().post('/api/v1/user/reset', { email: arabic.user.email })).status).toBe(200);
    const [ar] = await mailWith(arabic.user.email, 'إعادة تعيين كلمة المرور');
    expect(ar.text).toContain('مفاتيح المرور في حسابك:');
    expect(ar.text).toContain('«\u2068My laptop\u2069»');
    expect(ar.html).toContain(SECURITY_PAGE);
  });
});
