// The API answers in the request's language — the logged-in user's saved language, else Accept-Language,
// else English — and PUT /api/v1/user/language saves it. Real HTTP against the app on a fresh database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { languageFromAcceptLanguage } from '@app/contract';
import { signUp, signUpAs, startTestApp, type TestContext } from './helpers.js';
import { fund } from './money-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp();
});
afterAll(() => ctx.close());

const FILL_ALL_EN = 'Please fill all the details';
const FILL_ALL_AR = 'يُرجى تعبئة جميع البيانات';
const ARABIC = /[\u0600-\u06FF]/;

async function savedLanguage(userId: string): Promise<string> {
  const r = await ctx.db.execute<{ language: string }>(sql`select language from users where id = ${userId}`);
  return r.rows[0]!.language;
}

describe('Accept-Language', () => {
  test.each([
    [undefined, 'en'],
    ['', 'en'],
    ['ar', 'ar'],
    ['ar-AE', 'ar'],
    ['AR-eg,en;q=0.5', 'ar'],
    ['en-US,en;q=0.9,ar;q=0.8', 'en'],
    ['fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7', 'ar'],
    ['fr-FR,fr;q=0.9,en;q=0.8,ar;q=0.7', 'en'],
    ['ar;q=0.2, en;q=0.9', 'en'],
    ['ar;q=0, *', 'en'],
    ['de, *;q=0.5', 'en'],
    ['de, fr', 'en'],
    ['ar;q=0', 'en'],
  ])('%j → %s', (header, lang) => {
    expect(languageFromAcceptLanguage(header)).toBe(lang);
  });
});

describe('an anonymous request', () => {
  test('Accept-Language: en → the validation error in English, byte for byte as before', async () => {
    const res = await ctx.client().post('/api/v1/user/register', {}, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.text).toBe(JSON.stringify({ success: false, message: FILL_ALL_EN }));
  });

  test('no Accept-Language → English', async () => {
    const res = await ctx.client().post('/api/v1/user/register', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FILL_ALL_EN);
  });

  test('Accept-Language: ar (or ar-AE, or Arabic preferred over English) → the validation error in Arabic', async () => {
    for (const header of ['ar', 'ar-AE', 'fr;q=0.9, ar;q=0.8, en;q=0.1']) {
      const res = await ctx.client().post('/api/v1/user/register', {}, { headers: { 'accept-language': header } });
      expect(res.status, header).toBe(400);
      expect(res.body, header).toEqual({ success: false, message: FILL_ALL_AR });
    }
  });

  test('Arabic for a contract message with a number, a zod message, an error helper, the not-found route and a bad URL', async () => {
    const ar = { headers: { 'accept-language': 'ar' } };
    const short = await ctx.client().post('/api/v1/user/register', { fullName: 'Nour Ali', email: 'nour@example.com', phone: '+971500000000', password: 'short' }, ar);
    expect(short.body.message).toBe('يجب ألا تقل كلمة المرور عن 8 أحرف');
    const login = await ctx.client().post('/api/v1/user/login', { email: 'nobody@example.com', password: 'wrong-password-1' }, ar);
    expect(login.status).toBe(401);
    expect(login.body.message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    const me = await ctx.client().get('/api/v1/user/me', ar);
    expect(me.status).toBe(401);
    expect(me.body.message).toBe('يُرجى تسجيل الدخول للمتابعة');
    const missing = await ctx.client().get('/api/v1/no-such-route', ar);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('المسار GET /api/v1/no-such-route غير موجود');
    const badJson = await ctx.client().request('POST', '/api/v1/user/login', undefined, { raw: '{"email":', headers: { 'content-type': 'application/json', 'accept-language': 'ar' } });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('محتوى JSON غير صحيح البنية');
    const badUrl = await ctx.client().get('/api/v1/video/%E0%A4%A', ar);
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toMatch(ARABIC);
  });

  test('a refused CSRF check answers in the Accept-Language', async () => {
    const client = ctx.client();
    const res = await client.post('/api/v1/user/register', {}, { csrf: false, headers: { 'accept-language': 'ar', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(ARABIC);
  });
});

describe('signing up', () => {
  test('saves the language the newcomer signed up in: Arabic from Accept-Language ar, English otherwise', async () => {
    const stamp = Date.now().toString(36);
    const body = (who: string) => ({ fullName: `Nour ${who}`, email: `signup-${who}-${stamp}@example.com`, phone: '+971500000000', password: 'long-enough-1' });
    const ar = await ctx.client().post('/api/v1/user/register', body('ar'), { headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' } });
    expect(ar.status).toBe(201);
    expect(ar.body.user.language).toBe('ar');
    expect(await savedLanguage(ar.body.user._id)).toBe('ar');
    const en = await ctx.client().post('/api/v1/user/register', body('en'), { headers: { 'accept-language': 'en-US' } });
    expect(en.status).toBe(201);
    expect(await savedLanguage(en.body.user._id)).toBe('en');
    const none = await ctx.client().post('/api/v1/user/register', body('none'));
    expect(await savedLanguage(none.body.user._id)).toBe('en');
  });
});

describe('PUT /api/v1/user/language', () => {
  test('needs a session', async () => {
    const res = await ctx.client().put('/api/v1/user/language', { language: 'ar' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: 'Please log in to continue' });
  });

  test('refuses anything but "en" and "ar" with a clear message, and changes nothing', async () => {
    const { client, user } = await signUp(ctx);
    for (const body of [{ language: 'fr' }, { language: 'AR' }, { language: ' ar' }, { language: 'ar-AE' }, { language: 1 }, { language: null }, {}, [], 'ar']) {
      const res = await client.put('/api/v1/user/language', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ success: false, message: 'Language must be "en" or "ar"' });
    }
    expect(await savedLanguage(user._id)).toBe('en');
  });

  test('needs the CSRF token', async () => {
    const { client, user } = await signUp(ctx);
    const res = await client.put('/api/v1/user/language', { language: 'ar' }, { csrf: false });
    expect(res.status).toBe(403);
    expect(await savedLanguage(user._id)).toBe('en');
    const wrong = await client.put('/api/v1/user/language', { language: 'ar' }, { csrf: 'not-the-token' });
    expect(wrong.status).toBe(403);
    expect(await savedLanguage(user._id)).toBe('en');
  });

  test('saves the language: the answer, /user/me and the next login carry it, and the user’s messages follow it', async () => {
    const { client, user, password } = await signUp(ctx);
    expect((await client.get('/api/v1/user/me')).body.user.language).toBe('en');

    const res = await client.put('/api/v1/user/language', { language: 'ar' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    // The answer already speaks the language just chosen.
    expect(res.body.message).toBe('تم حفظ اللغة');
    expect(res.body.user).toMatchObject({ _id: user._id, language: 'ar' });
    expect(await savedLanguage(user._id)).toBe('ar');

    const me = await client.get('/api/v1/user/me', { headers: { 'accept-language': 'en' } });
    expect(me.body.user.language).toBe('ar');
    expect(me.body.message).toBe('تم');

    // An Arabic user gets validation errors in Arabic, even from a browser that asks for English.
    const invalid = await client.post('/api/v1/user/change-password', {}, { headers: { 'accept-language': 'en' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ success: false, message: FILL_ALL_AR });
    const profile = await client.post(`/api/v1/user/update/${user._id}`, { fullName: 'ab' });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe('يجب ألا يقل الاسم عن 3 أحرف');
    const ok = await client.post(`/api/v1/user/update/${user._id}`, { fullName: 'Nour Haddad' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('تم تحديث الملف الشخصي بنجاح');
    expect(ok.body.user.language).toBe('ar');

    // Logged out, then in again: the login answer carries the saved language for the web client to adopt.
    await client.post('/api/v1/user/logout');
    const login = await client.post('/api/v1/user/login', { email: user.email, password }, { headers: { 'accept-language': 'en' } });
    expect(login.status).toBe(200);
    expect(login.body.user.language).toBe('ar');
    // The sign-in answers in the account's language, not the browser's.
    expect(login.body.message).toBe('تم تسجيل الدخول بنجاح');

    // Back to English: the messages are English again, word for word.
    const back = await client.put('/api/v1/user/language', { language: 'en' }, { headers: { 'accept-language': 'ar' } });
    expect(back.body.message).toBe('Language saved');
    expect(back.body.user.language).toBe('en');
    expect(await savedLanguage(user._id)).toBe('en');
    const english = await client.post('/api/v1/user/change-password', {});
    expect(english.body).toEqual({ success: false, message: FILL_ALL_EN });
  });

  test('an admin list sent as ready-made JSON (GET /user/all) has its message in Arabic too', async () => {
    const { client } = await signUpAs(ctx, 'SADMIN');
    expect((await client.put('/api/v1/user/language', { language: 'ar' })).status).toBe(200);
    const list = await client.get('/api/v1/user/all');
    expect(list.status).toBe(200);
    expect(list.body.message).toBe('تم');
    expect(Array.isArray(list.body.users)).toBe(true);
  });

  test('an Idempotency-Key replay answers in the language of the retry (the stored answer is the English one)', async () => {
    const a = await signUp(ctx);
    const b = await signUp(ctx);
    await fund(ctx, a.user._id, 10_000);
    const body = { recipientEmail: b.user.email, points: 3 };
    const key = `k-${Date.now()}`;
    const first = await a.client.post('/api/v1/point/transfer', body, { headers: { 'idempotency-key': key } });
    expect(first.body).toEqual({ success: true, message: 'Points transferred successfully' });
    // The saved language decides for a logged-in user: the retry comes after switching to Arabic.
    expect((await a.client.put('/api/v1/user/language', { language: 'ar' })).status).toBe(200);
    const arabic = await a.client.post('/api/v1/point/transfer', body, { headers: { 'idempotency-key': key } });
    expect(arabic.headers.get('idempotent-replay')).toBe('true');
    expect(arabic.body).toEqual({ success: true, message: 'تم تحويل النقاط بنجاح' });
    expect((await a.client.put('/api/v1/user/language', { language: 'en' })).status).toBe(200);
    const english = await a.client.post('/api/v1/point/transfer', body, { headers: { 'idempotency-key': key } });
    expect(english.text).toBe(first.text);
  });
});
