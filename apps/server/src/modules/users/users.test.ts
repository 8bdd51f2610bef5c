// Accounts API (docs/product.md#validation, #api): happy paths with the exact response fields, and every validation message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, startTestApp, type Client, type TestContext } from '../../../test/helpers.js';
import { assertNoSecretsLeaked } from '../../../test/leak-scan.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const PUBLIC_USER_KEYS = ['_id', 'createdAt', 'email', 'fullName', 'language', 'phone', 'point', 'referralCode', 'referralsCount', 'referredBy', 'role', 'subscribedAt', 'subscription', 'twoFactor'];

let n = 0;
function newInput(overrides: Record<string, unknown> = {}) {
  n++;
  return { fullName: `Alice Number${n}`, email: `alice${n}.${Date.now()}@example.com`, phone: '+971500000001', password: 'correct-horse-9', ...overrides };
}

async function userCount(): Promise<number> {
  const r = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return r.rows[0].n;
}

async function userRow(id: string) {
  const r = await ctx.db.execute<{ full_name: string; phone: string; password_hash: string; role: string; email: string }>(
    sql`select full_name, phone, password_hash, role, email from users where id = ${id}`,
  );
  return r.rows[0];
}

describe('happy paths', () => {
  test('register → 201 {success, message, user{role…}}; the client is then logged in', async () => {
    const client = ctx.client();
    const input = newInput({ email: `  Mixed.Case${Date.now()}@Example.COM ` });
    const res = await client.post('/api/v1/user/register', input);
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Account created successfully');
    expect(Object.keys(res.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(res.body.user).toMatchObject({
      fullName: input.fullName,
      email: input.email.trim().toLowerCase(),
      phone: input.phone,
      role: 'USER',
      point: 0,
      subscription: false,
      subscribedAt: null,
      referredBy: null,
      referralsCount: 0,
      language: 'en',
    });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('sid=') && /HttpOnly/i.test(c) && /SameSite=Lax/i.test(c))).toBe(true);

    const me = await client.get('/api/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body.success).toBe(true);
    expect(me.body.user).toEqual(res.body.user);
  });

  test('a second account with the same e-mail (any case) → 409, nothing created', async () => {
    const input = newInput();
    const first = await ctx.client().post('/api/v1/user/register', input);
    expect(first.status).toBe(201);
    const before = await userCount();
    const res = await ctx.client().post('/api/v1/user/register', { ...input, email: input.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'An account with this e-mail already exists' });
    expect(await userCount()).toBe(before);
  });

  test('5 sign-ups with one e-mail at the same moment: exactly one 201, the others 409 (never a 500)', async () => {
    const input = newInput();
    const results = await Promise.all(Array.from({ length: 5 }, () => ctx.client().post('/api/v1/user/register', input)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const rows = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users where email = ${input.email}`);
    expect(rows.rows[0].n).toBe(1);
  });

  test('login → 200 {success, message, user}; e-mail is case-insensitive and trimmed', async () => {
    const { user, password } = await signUp(ctx);
    const client = ctx.client();
    const res = await client.post('/api/v1/user/login', { email: `  ${user.email.toUpperCase()} `, password });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Logged in successfully');
    expect(Object.keys(res.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(res.body.user._id).toBe(user._id);
    expect(res.body.user.role).toBe('USER');
    const me = await client.get('/api/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body.user._id).toBe(user._id);
  });

  test('wrong password → 401 and not logged in', async () => {
    const { user } = await signUp(ctx);
    const client = ctx.client();
    const res = await client.post('/api/v1/user/login', { email: user.email, password: 'not-the-password' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
    expect(client.cookies.has('sid')).toBe(false);
    expect((await client.get('/api/v1/user/me')).status).toBe(401);
  });

  test('GET /user/me → {success, message, user}', async () => {
    const { client, user } = await signUp(ctx);
    const me = await client.get('/api/v1/user/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, message: expect.any(String) });
    expect(Object.keys(me.body.user).sort()).toEqual(PUBLIC_USER_KEYS);
    expect(me.body.user._id).toBe(user._id);
  });

  test('logout (GET and POST) ends the session: /user/me → 401', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { client } = await signUp(ctx);
      const res = await client.request(method, '/api/v1/user/logout');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Logged out successfully' });
      expect(client.cookies.has('sid')).toBe(false);
      expect((await client.get('/api/v1/user/me')).status).toBe(401);
    }
  });

  test('POST /user/update/{id} changes name and phone (and only those)', async () => {
    const { client, user } = await signUp(ctx);
    const res = await client.post(`/api/v1/user/update/${user._id}`, { fullName: '  Bob Renamed ', phone: '+44 20 7946 0000', id: user._id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Profile updated successfully' });
    expect(res.body.user).toMatchObject({ _id: user._id, fullName: 'Bob Renamed', phone: '+44 20 7946 0000', email: user.email });
    const me = await client.get('/api/v1/user/me');
    expect(me.body.user).toMatchObject({ fullName: 'Bob Renamed', phone: '+44 20 7946 0000', email: user.email, role: 'USER' });

    // Only the phone: the name stays.
    const res2 = await client.post(`/api/v1/user/update/${user._id}`, { phone: '123' });
    expect(res2.status).toBe(200);
    expect((await userRow(user._id)).full_name).toBe('Bob Renamed');
    expect((await userRow(user._id)).phone).toBe('123');
  });

  test('POST /user/update/{id} with a name of 2 characters → 400, nothing changes', async () => {
    const { client, user } = await signUp(ctx);
    const before = await userRow(user._id);
    const res = await client.post(`/api/v1/user/update/${user._id}`, { fullName: 'ab' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Name should be atleast of 3 characters' });
    expect(await userRow(user._id)).toEqual(before);
  });

  test('POST /user/change-password: the new password logs in, the old one no longer does', async () => {
    const { client, user, password } = await signUp(ctx);
    const res = await client.post('/api/v1/user/change-password', { oldPassword: password, newPassword: 'brand-new-pass-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password changed successfully' });
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password })).status).toBe(401);
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password: 'brand-new-pass-1' })).status).toBe(200);
  });

  test('change-password with a wrong old password → 400, the password stays', async () => {
    const { client, user, password } = await signUp(ctx);
    const before = (await userRow(user._id)).password_hash;
    const res = await client.post('/api/v1/user/change-password', { oldPassword: 'wrong-old-pass', newPassword: 'brand-new-pass-1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Old password is incorrect' });
    expect((await userRow(user._id)).password_hash).toBe(before);
    expect((await ctx.client().post('/api/v1/user/login', { email: user.email, password })).status).toBe(200);
  });

  test('change-password to a too-short new password → 400 naming the rule, the password stays', async () => {
    const { client, user } = await signUp(ctx);
    const before = (await userRow(user._id)).password_hash;
    const res = await client.post('/api/v1/user/change-password', { oldPassword: 'correct-horse-9', newPassword: 'short' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'Password must be at least 8 characters' });
    expect((await userRow(user._id)).password_hash).toBe(before);
  });

  test('GET /user/point → {success, point} as a number', async () => {
    const { client } = await signUp(ctx);
    const res = await client.get('/api/v1/user/point');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.point).toBe(0);
  });

  test('GET /user/point reads the ledger balance with 2 decimals', async () => {
    const { client, user } = await signUp(ctx);
    // A balanced ledger transaction written straight in SQL (the money routes have their own tests).
    await ctx.db.transaction(async (tx) => {
      const t = await tx.execute<{ id: number }>(sql`insert into ledger_transactions (kind, event_key) values ('test', ${`test:${user._id}`}) returning id`);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values
        (${t.rows[0].id}, (select id from ledger_accounts where user_id = ${user._id}), 1234),
        (${t.rows[0].id}, (select id from ledger_accounts where code = 'equity:adjustments'), -1234)`);
    });
    const res = await client.get('/api/v1/user/point');
    expect(res.body).toMatchObject({ success: true, point: 12.34 });
    expect((await client.get('/api/v1/user/me')).body.user.point).toBe(12.34);
  });

  test('register with a referral (by code or by e-mail) links the referrer', async () => {
    const referrer = await signUp(ctx);
    const byCode = await ctx.client().post('/api/v1/user/register', newInput({ refer: referrer.user.referralCode }));
    expect(byCode.status).toBe(201);
    expect(byCode.body.user.referredBy).toBe(referrer.user._id);
    const byEmail = await ctx.client().post('/api/v1/user/register', newInput({ refer: referrer.user.email.toUpperCase() }));
    expect(byEmail.body.user.referredBy).toBe(referrer.user._id);
    const unknown = await ctx.client().post('/api/v1/user/register', newInput({ refer: 'nobody-here' }));
    expect(unknown.status).toBe(201);
    expect(unknown.body.user.referredBy).toBeNull();
    expect((await referrer.client.get('/api/v1/user/me')).body.user.referralsCount).toBe(2);
  });
});

describe('validation messages of docs/product.md#validation, on the server', () => {
  const FILL = 'Please fill all the details';

  async function expectRefused(client: Client, path: string, body: unknown, message: string) {
    const res = await client.post(path, body);
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  }

  test.each(['fullName', 'phone', 'email', 'password'])('register without %s → "Please fill all the details", nothing created', async (field) => {
    const before = await userCount();
    const input: Record<string, unknown> = newInput();
    delete input[field];
    await expectRefused(ctx.client(), '/api/v1/user/register', input, FILL);
    // Blank (only spaces) counts as missing too.
    await expectRefused(ctx.client(), '/api/v1/user/register', { ...newInput(), [field]: '   ' }, FILL);
    expect(await userCount()).toBe(before);
  });

  test('register with an empty body → "Please fill all the details"', async () => {
    await expectRefused(ctx.client(), '/api/v1/user/register', {}, FILL);
  });

  test('register with name "ab" → "Name should be atleast of 3 characters"', async () => {
    const before = await userCount();
    await expectRefused(ctx.client(), '/api/v1/user/register', newInput({ fullName: 'ab' }), 'Name should be atleast of 3 characters');
    // "ab" padded with spaces is still 2 characters.
    await expectRefused(ctx.client(), '/api/v1/user/register', newInput({ fullName: '  ab  ' }), 'Name should be atleast of 3 characters');
    expect(await userCount()).toBe(before);
  });

  test.each(['not-an-email', 'a@b', 'a b@c.de', '@example.com', 'x@.'])('register with e-mail %j → "Invalid email id"', async (email) => {
    const before = await userCount();
    await expectRefused(ctx.client(), '/api/v1/user/register', newInput({ email }), 'Invalid email id');
    expect(await userCount()).toBe(before);
  });

  test('the order of docs/product.md#validation: missing field first, then name, then e-mail', async () => {
    await expectRefused(ctx.client(), '/api/v1/user/register', { fullName: 'ab', email: 'bad', password: 'x' }, FILL);
    await expectRefused(ctx.client(), '/api/v1/user/register', newInput({ fullName: 'ab', email: 'bad' }), 'Name should be atleast of 3 characters');
  });

  test('register with a password of 7 characters → 400 naming the rule', async () => {
    await expectRefused(ctx.client(), '/api/v1/user/register', newInput({ password: '1234567' }), 'Password must be at least 8 characters');
  });

  test.each([{ password: 'correct-horse-9' }, { email: 'someone@example.com' }, { email: '', password: 'x' }, { email: 'someone@example.com', password: '' }, {}])(
    'login with %j → "Please fill all the details"',
    async (body) => {
      const client = ctx.client();
      await expectRefused(client, '/api/v1/user/login', body, FILL);
      expect(client.cookies.has('sid')).toBe(false);
    },
  );

  test.each([{ oldPassword: 'correct-horse-9' }, { newPassword: 'brand-new-pass-1' }, {}, { oldPassword: '', newPassword: 'brand-new-pass-1' }])(
    'change-password with %j → "Please fill all the details", the password stays',
    async (body) => {
      const { client, user } = await signUp(ctx);
      const before = (await userRow(user._id)).password_hash;
      await expectRefused(client, '/api/v1/user/change-password', body, FILL);
      expect((await userRow(user._id)).password_hash).toBe(before);
    },
  );

  test.each([{}, { email: '' }, { email: '   ' }])('forgot (POST /user/reset) with %j → "email is required to reset password!"', async (body) => {
    await expectRefused(ctx.client(), '/api/v1/user/reset', body, 'email is required to reset password!');
  });

  test('forgot with a malformed e-mail → "Invalid email id"', async () => {
    await expectRefused(ctx.client(), '/api/v1/user/reset', { email: 'nope' }, 'Invalid email id');
  });

  test.each([{}, { password: '' }])('reset (POST /user/reset/:token) with %j → "password is required"', async (body) => {
    await expectRefused(ctx.client(), '/api/v1/user/reset/some-token', body, 'password is required');
  });
});

test('no response of this file carried a password hash or a token hash', async () => {
  await assertNoSecretsLeaked(ctx);
});
