// What an attacker tries against the accounts API (docs/product.md#api-conventions, #security-rules): forged requests without the CSRF
// token, touching another user, mass assignment, account enumeration, password guessing, hostile bodies.
// Every refused call is followed by a re-read of the state to prove nothing changed.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { lastMail, mailsTo, signUp, startTestApp, waitForEmailQueueIdle, waitForMails, type Client, type TestContext } from './helpers.js';
import { assertNoSecretsLeaked, resetTokenFrom } from './leak-scan.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const CSRF_REFUSED = { success: false, message: 'Invalid or missing CSRF token. Reload the page and try again.' };
const LOGIN_FAILED = { success: false, message: 'Invalid email or password' };
const TOO_MANY = { success: false, message: 'Too many attempts. Please try again later.' };

type UserRow = {
  full_name: string;
  phone: string;
  email: string;
  role: string;
  password_hash: string;
  subscribed_at: Date | null;
  referral_code: string;
  balance_cents: string | number;
};

async function userRow(id: string): Promise<UserRow> {
  const r = await ctx.db.execute<UserRow>(sql`
    select u.full_name, u.phone, u.email, u.role, u.password_hash, u.subscribed_at, u.referral_code, a.balance_cents
    from users u join ledger_accounts a on a.user_id = u.id where u.id = ${id}`);
  return r.rows[0];
}

async function count(table: 'users' | 'sessions' | 'password_resets'): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`);
  return r.rows[0].n;
}

async function outboxFiles(): Promise<string[]> {
  return readdir(path.join(ctx.dataDir, 'outbox')).catch(() => []);
}

const login = (email: string, password: string, client: Client = ctx.client()) => client.post('/api/v1/user/login', { email, password });

const CROSS_SITE_REFUSED = { success: false, message: 'Requests from other sites are not accepted' };

/**
 * The kinds of forgery (decision 010): no X-XSRF-TOKEN header at all and a header that does not match the cookie
 * (neither browser header says the request is from this site), and a browser that says it comes from another site,
 * refused even though it carries the right token.
 */
type ClientOpts = { csrf?: boolean | string; headers?: Record<string, string> };
const FORGERIES: { name: string; opts: ClientOpts; refused: typeof CSRF_REFUSED }[] = [
  { name: 'without X-XSRF-TOKEN', opts: { csrf: false }, refused: CSRF_REFUSED },
  { name: 'with a wrong X-XSRF-TOKEN', opts: { csrf: 'wrong-token' }, refused: CSRF_REFUSED },
  { name: 'from another site (Sec-Fetch-Site: cross-site) with the right token', opts: { headers: { 'sec-fetch-site': 'cross-site' } }, refused: CROSS_SITE_REFUSED },
  { name: 'with a foreign Origin and the right token', opts: { headers: { origin: 'https://evil.example' } }, refused: CROSS_SITE_REFUSED },
];

describe('CSRF: a state-changing call without the right token, or from another site → 403 and nothing changes', () => {
  test('the XSRF-TOKEN cookie is set on the first API response, readable by scripts, SameSite=Lax', async () => {
    const res = await ctx.client().get('/api/v1/health');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
  });

  test.each(FORGERIES)('register $name', async ({ opts, refused }) => {
    const before = await count('users');
    const email = `csrf-${randomUUID()}@example.com`;
    const client = ctx.client();
    await client.get('/api/v1/health'); // has the cookie, like a browser on the attacker's page would
    const res = await client.post('/api/v1/user/register', { fullName: 'Mallory', email, phone: '1', password: 'correct-horse-9' }, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect(client.cookies.has('sid')).toBe(false);
    expect(await count('users')).toBe(before);
    expect((await login(email, 'correct-horse-9')).status).toBe(401);
  });

  test.each(FORGERIES)('login $name (login CSRF)', async ({ opts, refused }) => {
    const { user, password } = await signUp(ctx);
    const sessions = await count('sessions');
    const client = ctx.client();
    await client.get('/api/v1/health');
    const res = await client.post('/api/v1/user/login', { email: user.email, password }, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect(client.cookies.has('sid')).toBe(false);
    expect(await count('sessions')).toBe(sessions);
  });

  test.each(FORGERIES)('update of the name $name', async ({ opts, refused }) => {
    const { client, user } = await signUp(ctx);
    const before = await userRow(user._id);
    const res = await client.post(`/api/v1/user/update/${user._id}`, { fullName: 'Hacked Name', phone: '666' }, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect(await userRow(user._id)).toEqual(before);
    expect((await client.get('/api/v1/user/me')).body.user.fullName).toBe(before.full_name);
  });

  test.each(FORGERIES)('change-password $name', async ({ opts, refused }) => {
    const { client, user, password } = await signUp(ctx);
    const other = ctx.client();
    expect((await login(user.email, password, other)).status).toBe(200);
    const before = await userRow(user._id);
    const res = await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'attacker-pass-1' }, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect((await userRow(user._id)).password_hash).toBe(before.password_hash);
    expect((await other.get('/api/v1/user/me')).status).toBe(200);
    expect((await login(user.email, password)).status).toBe(200);
    expect((await login(user.email, 'attacker-pass-1')).status).toBe(401);
  });

  test.each(FORGERIES)('POST /user/logout $name: the session stays', async ({ opts, refused }) => {
    const { client } = await signUp(ctx);
    const sessions = await count('sessions');
    const res = await client.post('/api/v1/user/logout', undefined, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect(client.cookies.has('sid')).toBe(true);
    expect((await client.get('/api/v1/user/me')).status).toBe(200);
    expect(await count('sessions')).toBe(sessions);
  });

  test.each(FORGERIES)('forgot-password $name: no reset is made, no mail is sent', async ({ opts, refused }) => {
    const { user } = await signUp(ctx);
    const resets = await count('password_resets');
    // The notification e-mails of the sign-ups so far go out in the background (from the e-mail outbox, decision
    // 023): settled first, so the count below moves only with what this test sends.
    await waitForEmailQueueIdle(ctx);
    const mails = (await outboxFiles()).length;
    const client = ctx.client();
    await client.get('/api/v1/health');
    const res = await client.post('/api/v1/user/reset', { email: user.email }, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect(await count('password_resets')).toBe(resets);
    // Mail goes out in the background. The signal that a refused request's mail would have been written: a real
    // request made after it has its mail written, and it is the only reset mail this user got.
    expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    expect(await waitForMails(ctx, user.email, 'Reset your password', 1)).toHaveLength(1);
    await waitForEmailQueueIdle(ctx);
    expect((await outboxFiles()).length).toBe(mails + 1);
    expect(await mailsTo(ctx, user.email, 'Reset your password')).toHaveLength(1);
  });

  test.each(FORGERIES)('reset with a token $name: the password stays, the link still works', async ({ opts, refused }) => {
    const { user, password } = await signUp(ctx);
    expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    const token = resetTokenFrom(await lastMail(ctx, user.email));
    const before = await userRow(user._id);
    const client = ctx.client();
    await client.get('/api/v1/health');
    const res = await client.post(`/api/v1/user/reset/${token}`, { password: 'attacker-pass-1' }, opts);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(refused);
    expect((await userRow(user._id)).password_hash).toBe(before.password_hash);
    expect((await login(user.email, password)).status).toBe(200);
    expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'owner-new-pass-1' })).status).toBe(200);
  });

  test('a header but no XSRF-TOKEN cookie → 403 (the cookie is what a cross-site page cannot set)', async () => {
    const { client, user } = await signUp(ctx);
    const before = await userRow(user._id);
    const sid = client.cookies.get('sid')!;
    const res = await fetch(`${ctx.url}/api/v1/user/update/${user._id}`, {
      method: 'POST',
      headers: { cookie: `sid=${sid}`, 'x-xsrf-token': 'anything', 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Hacked Name' }),
    });
    expect(res.status).toBe(403);
    expect(await userRow(user._id)).toEqual(before);
  });

  test("another browser's valid token does not fit this browser's cookie → 403", async () => {
    const { client, user } = await signUp(ctx);
    const other = ctx.client();
    await other.get('/api/v1/health');
    const before = await userRow(user._id);
    const res = await client.post(`/api/v1/user/update/${user._id}`, { fullName: 'Hacked Name' }, { csrf: other.cookies.get('XSRF-TOKEN')! });
    expect(res.status).toBe(403);
    expect(await userRow(user._id)).toEqual(before);
  });

  test('every POST/PUT/PATCH/DELETE route under /api/v1, called by a logged-in SADMIN without the token or from another site → 403', async () => {
    const { client, user } = await signUp(ctx);
    await ctx.db.execute(sql`update users set role = 'SADMIN' where id = ${user._id}`);
    // Except the e-mail's one-click unsubscribe (RFC 8058): a mail client POSTs it with no session and no token, its
    // signed link is its only credential (a forged one is a 400: notification-email.test.ts).
    const unsafe = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1/') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && r.url !== '/api/v1/notifications/unsubscribe',
    );
    expect(unsafe.length).toBeGreaterThan(5);
    for (const r of unsafe) {
      const url = r.url.replace(/:[A-Za-z_]+/g, () => randomUUID());
      for (const { opts, refused } of FORGERIES) {
        const res = await client.request(r.method, url, {}, opts);
        expect(res.status, `${r.method} ${r.url} ${JSON.stringify(opts)} → ${res.status} ${res.text.slice(0, 120)}`).toBe(403);
        expect(res.body).toEqual(refused);
      }
    }
    expect((await client.get('/api/v1/user/me')).status).toBe(200);
  });
});

describe('one user against another', () => {
  test('POST /user/update/{otherId} → 403 and the other user is unchanged', async () => {
    const mallory = await signUp(ctx);
    const alice = await signUp(ctx);
    const before = await userRow(alice.user._id);
    const res = await mallory.client.post(`/api/v1/user/update/${alice.user._id}`, { fullName: 'Owned By Mallory', phone: '666', id: alice.user._id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, message: 'You can only update your own profile' });
    expect(await userRow(alice.user._id)).toEqual(before);
    expect((await alice.client.get('/api/v1/user/me')).body.user.fullName).toBe(before.full_name);
    // Refused for who it is, before the body is looked at: no validation hints for someone else's profile.
    for (const body of [{}, { fullName: 'ab' }, null]) {
      const r = await mallory.client.post(`/api/v1/user/update/${alice.user._id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(403);
    }
    // The body's id cannot redirect the update either: it is the path's id, and only one's own.
    const own = await mallory.client.post(`/api/v1/user/update/${mallory.user._id}`, { fullName: 'Mallory Renamed', id: alice.user._id });
    expect(own.status).toBe(200);
    expect(await userRow(alice.user._id)).toEqual(before);
    expect((await userRow(mallory.user._id)).full_name).toBe('Mallory Renamed');
  });
});

describe('mass assignment: role, point, subscription and the like are ignored', () => {
  const extras = {
    role: 'SADMIN',
    point: 1_000_000,
    points: 1_000_000,
    subscription: true,
    subscribedAt: '2020-01-01T00:00:00.000Z',
    _id: randomUUID(),
    id: randomUUID(),
    referralCode: 'chosen-code',
    referredBy: randomUUID(),
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$forged',
    password_hash: 'x',
    deletedAt: '2020-01-01T00:00:00.000Z',
    createdAt: '2000-01-01T00:00:00.000Z',
  };

  test('register with extra fields: a plain USER with 0 points and no subscription', async () => {
    const client = ctx.client();
    const email = `mass-${randomUUID()}@example.com`;
    const res = await client.post('/api/v1/user/register', { fullName: 'Mass Assigner', email, phone: '1', password: 'correct-horse-9', ...extras });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'USER', point: 0, subscription: false, subscribedAt: null, referredBy: null });
    expect(res.body.user._id).not.toBe(extras._id);
    expect(res.body.user.referralCode).not.toBe('chosen-code');
    const row = await userRow(res.body.user._id);
    expect(row).toMatchObject({ role: 'USER', subscribed_at: null });
    expect(Number(row.balance_cents)).toBe(0);
    expect(row.password_hash).not.toContain('forged');
    const me = await client.get('/api/v1/user/me');
    expect(me.body.user).toMatchObject({ role: 'USER', point: 0, subscription: false });
    expect((await client.get('/api/v1/user/point')).body.point).toBe(0);
    expect((await client.get('/api/v1/user/all')).status).toBe(403);
    expect((await login(email, 'correct-horse-9')).status).toBe(200);
  });

  test('update with extra fields: only the name and phone change', async () => {
    const { client, user, password } = await signUp(ctx);
    const before = await userRow(user._id);
    const res = await client.post(`/api/v1/user/update/${user._id}`, { fullName: 'Still A User', ...extras, email: 'taken-over@example.com' });
    expect(res.status).toBe(200);
    expect(await userRow(user._id)).toEqual({ ...before, full_name: 'Still A User' });
    expect(res.body.user).toMatchObject({ role: 'USER', point: 0, subscription: false, email: user.email });
    expect((await login(user.email, password)).status).toBe(200);
  });
});

describe('enumeration: answers do not reveal whether an e-mail has an account', () => {
  test('login: unknown e-mail and wrong password get the same status and body', async () => {
    const { user } = await signUp(ctx);
    const wrong = await login(user.email, 'not-the-password');
    const unknown = await login(`nobody-${randomUUID()}@example.com`, 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual(LOGIN_FAILED);
  });

  test('forgot-password: the same status and body for a known and an unknown e-mail; only the known one gets mail', async () => {
    const { user } = await signUp(ctx);
    const unknownEmail = `nobody-${randomUUID()}@example.com`;
    const known = await ctx.client().post('/api/v1/user/reset', { email: user.email });
    const unknown = await ctx.client().post('/api/v1/user/reset', { email: unknownEmail });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await lastMail(ctx, user.email)).toContain('reset-password/');
    await expect(lastMail(ctx, unknownEmail, 500)).rejects.toThrow('no mail');
  });

  test('throttled: an unknown e-mail is throttled exactly like a known one', async () => {
    const { user } = await signUp(ctx);
    const unknownEmail = `nobody-${randomUUID()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const a = await login(user.email, 'not-the-password');
      const b = await login(unknownEmail, 'not-the-password');
      expect([a.status, b.status]).toEqual([401, 401]);
      expect(b.body).toEqual(a.body);
    }
    const a = await login(user.email, 'not-the-password');
    const b = await login(unknownEmail, 'not-the-password');
    expect([a.status, b.status]).toEqual([429, 429]);
    expect(b.body).toEqual(a.body);
  });
});

describe('password guessing is throttled (10 failures per account per 15 min, 100 per IP)', () => {
  test('the 11th failed login for one account → 429, even with the right password; 15 min later it works', async () => {
    ctx.clock.advance(16 * MINUTE); // a fresh window for this test
    const { user, password } = await signUp(ctx);
    const other = await signUp(ctx);
    for (let i = 0; i < 10; i++) {
      // Varying the case of the e-mail does not open a new bucket.
      const email = i % 2 ? user.email.toUpperCase() : ` ${user.email}`;
      const res = await login(email, `guess-${i}-xxxx`);
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const eleventh = await login(user.email, 'guess-11-xxxx');
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual(TOO_MANY);
    const client = ctx.client();
    const right = await login(user.email, password, client);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(TOO_MANY);
    expect(client.cookies.has('sid')).toBe(false);

    // Another account from the same IP is not affected.
    expect((await login(other.user.email, other.password)).status).toBe(200);

    ctx.clock.advance(15 * MINUTE);
    expect((await login(user.email, password)).status).toBe(200);
  });

  test('40 guesses at once: exactly 10 are evaluated, the other 30 → 429; then the right password → 429', async () => {
    ctx.clock.advance(16 * MINUTE);
    const { user, password } = await signUp(ctx);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(user.email, `parallel-guess-${i}`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect((await login(user.email, password)).status).toBe(429);
  });

  test('a successful login in between does not reset the count', async () => {
    ctx.clock.advance(16 * MINUTE);
    const { user, password } = await signUp(ctx);
    for (let i = 0; i < 9; i++) expect((await login(user.email, `guess-${i}-xxxx`)).status).toBe(401);
    expect((await login(user.email, password)).status).toBe(200);
    expect((await login(user.email, 'guess-10-xxxx')).status).toBe(401);
    expect((await login(user.email, password)).status).toBe(429);
  });

  test('reset requests: the 11th for one e-mail within 15 min → 429, no new reset is made', async () => {
    ctx.clock.advance(16 * MINUTE);
    const { user } = await signUp(ctx);
    for (let i = 0; i < 10; i++) expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
    const resets = await count('password_resets');
    const res = await ctx.client().post('/api/v1/user/reset', { email: user.email });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    expect(await count('password_resets')).toBe(resets);
    ctx.clock.advance(15 * MINUTE);
    expect((await ctx.client().post('/api/v1/user/reset', { email: user.email })).status).toBe(200);
  });

  test('100 failed logins from one IP (spread over accounts) → the 101st login from it → 429', async () => {
    ctx.clock.advance(16 * MINUTE);
    const { user, password } = await signUp(ctx);
    const targets = Array.from({ length: 10 }, () => `spray-${randomUUID()}@example.com`);
    for (const email of targets) {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => login(email, `guess-${i}-xxxx`)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(401));
    }
    const res = await login(user.email, password);
    expect(res.status).toBe(429);
    expect(res.body).toEqual(TOO_MANY);
    ctx.clock.advance(15 * MINUTE);
    expect((await login(user.email, password)).status).toBe(200);
  });
});

describe('hostile bodies → 4xx {success:false, message}, never a 500, nothing stored', () => {
  const json = { 'content-type': 'application/json' };
  const cases: { name: string; path: string; raw?: string; body?: unknown; headers?: Record<string, string>; status: number; message?: string }[] = [
    { name: 'malformed JSON', path: '/api/v1/user/register', raw: '{"fullName": "abc", "email":', headers: json, status: 400, message: 'Malformed JSON body' },
    { name: 'JSON with __proto__', path: '/api/v1/user/register', raw: '{"fullName":"abcd","email":"proto@example.com","phone":"1","password":"correct-horse-9","__proto__":{"role":"SADMIN"}}', headers: json, status: 400 },
    { name: 'empty JSON body', path: '/api/v1/user/login', raw: '', headers: json, status: 400 },
    { name: 'email: 123, password: {}', path: '/api/v1/user/login', body: { email: 123, password: {} }, status: 400, message: 'Please fill all the details' },
    { name: 'register with wrong types', path: '/api/v1/user/register', body: { fullName: ['abc'], email: 123, phone: true, password: {} }, status: 400, message: 'Please fill all the details' },
    { name: 'a JSON array', path: '/api/v1/user/register', body: [1, 2, 3], status: 400, message: 'Please fill all the details' },
    { name: 'JSON null', path: '/api/v1/user/login', body: null, status: 400, message: 'Please fill all the details' },
    { name: 'a JSON string', path: '/api/v1/user/reset', body: 'someone@example.com', status: 400, message: 'email is required to reset password!' },
    { name: 'text/plain', path: '/api/v1/user/register', raw: '{"fullName":"abcd","email":"text@example.com","phone":"1","password":"correct-horse-9"}', headers: { 'content-type': 'text/plain' }, status: 415, message: 'Content-Type must be application/json' },
    { name: 'form-urlencoded', path: '/api/v1/user/register', raw: 'fullName=abcd&email=form%40example.com&phone=1&password=correct-horse-9', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415, message: 'Content-Type must be application/json' },
    { name: 'multipart', path: '/api/v1/user/login', raw: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.cc\r\n--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' }, status: 415 },
    { name: 'a 1 MB JSON body', path: '/api/v1/user/register', raw: JSON.stringify({ fullName: 'a'.repeat(1024 * 1024), email: 'big@example.com', phone: '1', password: 'correct-horse-9' }), headers: json, status: 413, message: 'Request body is too large' },
    { name: 'a NUL character in the name', path: '/api/v1/user/register', body: { fullName: 'abc\u0000def', email: 'nul@example.com', phone: '1', password: 'correct-horse-9' }, status: 400 },
    { name: 'a NUL character in the login e-mail', path: '/api/v1/user/login', body: { email: 'nul\u0000@example.com', password: 'correct-horse-9' }, status: 400 },
    { name: 'a NUL character in the reset e-mail', path: '/api/v1/user/reset', body: { email: 'nul\u0000@example.com' }, status: 400 },
    { name: 'a 300-character name', path: '/api/v1/user/register', body: { fullName: 'a'.repeat(300), email: 'long@example.com', phone: '1', password: 'correct-horse-9' }, status: 400, message: 'At most 100 characters' },
    { name: 'a 200-character password', path: '/api/v1/user/register', body: { fullName: 'abcd', email: 'longpw@example.com', phone: '1', password: 'p'.repeat(200) }, status: 400, message: 'Password must be at most 128 characters' },
    { name: 'a 300-character e-mail', path: '/api/v1/user/register', body: { fullName: 'abcd', email: `${'a'.repeat(300)}@example.com`, phone: '1', password: 'correct-horse-9' }, status: 400, message: 'Invalid email id' },
  ];

  test.each(cases)('$name → $status', async (c) => {
    const users = await count('users');
    const client = ctx.client();
    const res = await client.post(c.path, c.body, { raw: c.raw, headers: c.headers });
    expect(res.status, res.text.slice(0, 200)).toBe(c.status);
    expect(res.body).toEqual({ success: false, message: c.message ?? expect.any(String) });
    expect(res.body.message.length).toBeGreaterThan(0);
    expect(client.cookies.has('sid')).toBe(false);
    expect(await count('users')).toBe(users);
  });

  test('hostile bodies to the logged-in routes: 4xx and the profile is unchanged', async () => {
    const { client, user } = await signUp(ctx);
    const before = await userRow(user._id);
    const attempts: [string, unknown, Record<string, string>?][] = [
      [`/api/v1/user/update/${user._id}`, { fullName: 123 }],
      [`/api/v1/user/update/${user._id}`, { phone: '1\u00002' }],
      [`/api/v1/user/update/${user._id}`, null],
      [`/api/v1/user/update/${user._id}`, { phone: 'x'.repeat(1000) }],
      [`/api/v1/user/update/${user._id}`, 'fullName=abc', { 'content-type': 'text/plain' }],
      ['/api/v1/user/change-password', { oldPassword: 1, newPassword: ['x'] }],
      ['/api/v1/user/change-password', { oldPassword: 'correct-horse-9', newPassword: 'n'.repeat(129) }],
    ];
    for (const [p, body, headers] of attempts) {
      const res = headers ? await client.post(p, undefined, { raw: body as string, headers }) : await client.post(p, body);
      expect(res.status, `${p} ${JSON.stringify(body)} → ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
    expect(await userRow(user._id)).toEqual(before);
    expect((await client.get('/api/v1/user/me')).status).toBe(200);
  });

  test('a bad URL or an over-long path parameter → 4xx in the same JSON shape', async () => {
    const bad = await ctx.client().get('/api/v1/user/reset/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'The address is not valid' });
    const long = await ctx.client().post(`/api/v1/user/update/${'x'.repeat(200)}`, { fullName: 'abcd' });
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ success: false, message: 'A part of the address is too long' });
  });
});

test('no response of this file carried a password hash or a token hash', async () => {
  await assertNoSecretsLeaked(ctx);
});
