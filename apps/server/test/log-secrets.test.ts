// Secrets stay out of logs. A real app instance logs at info level into memory while a user
// asks for a reset, opens the link (web route and API, also percent-encoded), resets the password, and two
// queries fail with a password hash and an e-mail among their parameters. No token, token hash, password hash
// or e-mail address may appear in what was logged; the failures themselves must be logged (type, code, SQL).
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, startTestApp, waitForMails, type TestContext } from './helpers.js';
import { resetTokenFrom } from './leak-scan.js';
import { redactUrl, safeErrorText, serializeError } from '../src/logging.js';

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const lines: string[] = [];
const logger = { level: 'info', stream: { write: (s: string) => void lines.push(s) } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestApp({}, { logger });
});
afterAll(() => ctx.close());

/** Everything a secret could look like in a log line: as is, lower/upper case, percent-encoded, JSON-escaped. */
function forms(secret: string): string[] {
  return [...new Set([secret, secret.toLowerCase(), secret.toUpperCase(), encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
}
function expectAbsent(log: string, secrets: Record<string, string>) {
  for (const [what, secret] of Object.entries(secrets)) {
    for (const form of forms(secret)) expect(log.includes(form), `the log carries ${what} (${form})`).toBe(false);
  }
}

describe('a reset and two failing queries, logged by a real instance', () => {
  test('no reset token, token hash, password hash or e-mail appears in the log', async () => {
    const email = `log-victim-${randomUUID()}@example.com`;
    const { client, password } = await signUp(ctx, { email });
    await client.post('/api/v1/user/change-password', { oldPassword: 'wrong-old-password', newPassword: 'another-pass-1' }); // a 400
    expect((await ctx.client().post('/api/v1/user/reset', { email })).status).toBe(200);
    const [mail] = await waitForMails(ctx, email, 'Reset your password', 1);
    const token = resetTokenFrom(mail);

    // The link as the browser opens it (the web route), the API call, a percent-encoded form, a query string.
    await ctx.client().get(`/user/profile/reset-password/${token}`);
    await ctx.client().get(`/user/profile/reset-password/${token}?from=mail`);
    await ctx.client().post(`/api/v1/user/%72eset/${token}x`, { password: 'x' });
    await ctx.client().get(`/api/v1/admin/users?q=${encodeURIComponent(email)}&page=1`);
    await ctx.client().get(`/api/v1/deposit/all?email=${encodeURIComponent(email)}`);
    const reset = await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'reset-new-pass-1' });
    expect(reset.status, reset.text).toBe(200);
    expect((await ctx.client().post(`/api/v1/user/reset/${token}`, { password: 'reset-new-pass-2' })).status).toBe(400);

    // Two queries fail inside PostgreSQL with secrets among their parameters: a new password's hash (change-password)
    // and a new user's e-mail and hash (sign-up).
    await ctx.db.execute(sql.raw(`
      create function log_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused by the log test'; end $$;
      create trigger log_test_refuse_update before update of password_hash on users for each row execute function log_test_refuse();
      create trigger log_test_refuse_insert before insert on users for each row execute function log_test_refuse();`));
    const newEmail = `log-newcomer-${randomUUID()}@example.com`;
    try {
      const me = ctx.client();
      expect((await me.post('/api/v1/user/login', { email, password: 'reset-new-pass-1' })).status).toBe(200);
      const failed = await me.post('/api/v1/user/change-password', { oldPassword: 'reset-new-pass-1', newPassword: 'never-stored-1' });
      expect(failed.status).toBe(500);
      const failedSignUp = await ctx.client().post('/api/v1/user/register', { fullName: 'New Comer', email: newEmail, phone: '+971500000000', password: 'newcomer-pass-1' });
      expect(failedSignUp.status).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger log_test_refuse_update on users; drop trigger log_test_refuse_insert on users; drop function log_test_refuse();`));
    }

    // The line of the last request (the failed sign-up) is written when it completes, which may be after its answer
    // reached us: wait for that line, so the checks below read the whole log.
    const lastLine = () => lines.some((l) => l.includes('"url":"/api/v1/user/register"') && l.includes('"statusCode":500'));
    for (const deadline = Date.now() + 10_000; !lastLine() && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 20));
    expect(lastLine(), 'the failed sign-up was logged').toBe(true);
    const log = lines.join('');
    // The log is not empty: the requests and both failures were logged, with what helps an operator.
    expect(log).toContain('request completed');
    expect(log).toContain('/user/profile/reset-password/[redacted]');
    expect(log).toContain('/api/v1/user/reset/[redacted]');
    expect(log).toContain('refused by the log test');
    expect(log).toContain('P0001'); // the PostgreSQL error code
    expect(log).toContain('update \\"users\\" set \\"password_hash\\" = $1'); // the SQL text, placeholders only
    expect(log).toContain('params: [not logged]');
    expect(log.match(/unhandled error/g)?.length).toBe(2);

    const hashes = await ctx.db.execute<{ h: string }>(sql`select password_hash as h from users`);
    const resets = await ctx.db.execute<{ h: string }>(sql`select token_hash as h from password_resets`);
    expectAbsent(log, {
      'the reset token': token,
      'the reset token hash': sha256(token),
      'an e-mail address': email,
      'the failed sign-up e-mail': newEmail,
      'the old password': password,
      ...Object.fromEntries(hashes.rows.map((r, i) => [`password hash ${i}`, r.h])),
      ...Object.fromEntries(resets.rows.map((r, i) => [`reset token hash ${i}`, r.h])),
    });
    expect(log).not.toContain('$argon2');
    expect(log).not.toMatch(/Key \(email\)/);
  });

  test("a URL quoted in a message (Fastify's own warnings) or in an error's message has its reset token redacted too", async () => {
    const before = lines.length;
    const token = `quoted${randomUUID().replace(/-/g, '')}`;
    ctx.app.log.warn(`Reply was already sent, did you forget to "return reply" in the "/api/v1/user/reset/${token}" (POST) route?`);
    ctx.app.log.error({ err: new Error(`failed on /user/profile/reset-password/${token}?x=1`) }, 'an error');
    const written = lines.slice(before).join('');
    expect(written).toContain('/api/v1/user/reset/[redacted]');
    expect(written).toContain('/user/profile/reset-password/[redacted]');
    expect(written).not.toContain(token);
  });

  test('TRUST_PROXY unset and a request arrives through a proxy: one warning naming TRUST_PROXY', async () => {
    const before = lines.length;
    await ctx.client().get('/api/v1/health', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    await ctx.client().get('/api/v1/health', { headers: { 'x-forwarded-for': '203.0.113.8' } });
    const warnings = lines.slice(before).filter((l) => l.includes('TRUST_PROXY'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]).level).toBe(40);
  });
});

describe('the redaction functions', () => {
  test('redactUrl: tokens in reset paths (also percent-encoded), e-mail-bearing query values', () => {
    expect(redactUrl('/api/v1/user/reset/abcDEF_123-x')).toBe('/api/v1/user/reset/[redacted]');
    expect(redactUrl('/api/v1/user/reset')).toBe('/api/v1/user/reset');
    expect(redactUrl('/user/profile/reset-password/abc?x=1')).toBe('/user/profile/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/v1/user/%72eset/abc')).toBe('/api/v1/user/reset/[redacted]');
    expect(redactUrl('/api/v1/user/%52ESET/abc')).toBe('/api/v1/user/RESET/[redacted]');
    expect(redactUrl('/api/v1/admin/users?page=2&q=bob%40x.io&limit=20')).toBe('/api/v1/admin/users?page=2&q=[redacted]&limit=20');
    expect(redactUrl('/api/v1/deposit/all?status=pending&email=a@b.co')).toBe('/api/v1/deposit/all?status=pending&email=[redacted]');
    expect(redactUrl('/x?note=a%40b.co')).toBe('/x?note=[redacted]');
    expect(redactUrl('/api/v1/video?page=1')).toBe('/api/v1/video?page=1');
    expect(redactUrl('/%E0%A4%A')).toBe('/%E0%A4%A'); // bad encoding: logged as it came
    const long = '/' + '/'.repeat(20_000) + 'reset/' + 'a'.repeat(5000);
    expect(redactUrl(long).endsWith('reset/[redacted]')).toBe(true);
  });

  test('serializeError: a drizzle query error keeps its SQL and codes, never its parameters or PostgreSQL row values', () => {
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      name: 'error',
      severity: 'ERROR',
      code: '23505',
      detail: 'Key (email)=(secret@example.com) already exists.',
      constraint: 'users_email_unique',
      table: 'users',
    });
    const drizzleError = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: secret@example.com,$argon2id$v=19$m=19456'), {
      name: 'DrizzleQueryError',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['secret@example.com', '$argon2id$v=19$m=19456'],
      cause: pgError,
    });
    const out = JSON.stringify(serializeError(drizzleError));
    expect(out).not.toContain('secret@example.com');
    expect(out).not.toContain('$argon2');
    expect(out).toContain('insert into');
    expect(out).toContain('23505');
    expect(out).toContain('users_email_unique');
    const text = safeErrorText(drizzleError);
    expect(text).not.toContain('secret@example.com');
    expect(text).toContain('caused by');
    // A PostgreSQL message that quotes the input value.
    const uuidError = Object.assign(new Error('invalid input syntax for type uuid: "alice@example.com"'), { severity: 'ERROR', code: '22P02' });
    expect(JSON.stringify(serializeError(uuidError))).not.toContain('alice@example.com');
  });
});
